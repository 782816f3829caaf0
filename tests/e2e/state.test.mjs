// The page's URL-hash state table, in Node without a browser: parsing is pure, falls back per key,
// and formatHash/parseHash round-trip every value the table allows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { STATE_TABLE, defaults, parseHash, formatHash, describeProblem, isDefault, createStore } from '../../web/state.js';

test('an empty hash gives every default and no problem', () => {
  assert.deepEqual(parseHash(''), { state: defaults(), problems: [] });
  assert.deepEqual(parseHash('#'), { state: defaults(), problems: [] });
});

test('formatHash and parseHash round-trip a state with every key changed', () => {
  const state = { ...defaults(), sentence: 'a <b> & c=d #e 100%', dk: 64, dmodel: 2, seed: 4294967295, scaled: false, causal: true, step: 7 };
  const hash = formatHash(state);
  assert.deepEqual(parseHash(hash), { state, problems: [] });
  assert.equal(hash, '#lesson=selfattention&sentence=a%20%3Cb%3E%20%26%20c%3Dd%20%23e%20100%25&dk=64&dmodel=2&seed=4294967295&scaled=0&causal=1&step=7',
    'a link carries the lesson and the keys that differ from their defaults');
});

test('a link names the lesson and only the keys that differ from their defaults, and reads back to the same state', () => {
  assert.equal(formatHash(defaults()), '#lesson=selfattention');
  const state = { ...defaults(), lesson: 'variance', vdims: [5, 50], vshared: false, dk: 4 }; // dk = 4 is its default
  assert.equal(formatHash(state), '#lesson=variance&vdims=5,50&vshared=0');
  assert.deepEqual(parseHash(formatHash(state)), { state, problems: [] });
  // A value written differently but equal to the default ("1.0" for 1) is still the default.
  assert.ok(isDefault(STATE_TABLE.find((r) => r.key === 'vstd'), parseHash('#vstd=1.0').state.vstd));
  // A link with every key spelled out (as links were written before) still parses to the same state.
  const long = `#${STATE_TABLE.map((row) => `${row.key}=${encodeURIComponent(row.type.format(state[row.key]))}`).join('&')}`;
  assert.deepEqual(parseHash(long), { state, problems: [] });
});

test('a bad value falls back to that key\'s default and is reported with the key and the raw value', () => {
  const { state, problems } = parseHash('#dk=abc&seed=5&step=99&scaled=maybe&dmodel=1.5');
  assert.equal(state.dk, 4);
  assert.equal(state.seed, 5);
  assert.equal(state.step, 1);
  assert.equal(state.scaled, true);
  assert.equal(state.dmodel, 8);
  assert.deepEqual(problems.map((p) => [p.key, p.raw]), [['dk', 'abc'], ['step', '99'], ['scaled', 'maybe'], ['dmodel', '1.5']]);
  assert.match(describeProblem(problems[0]), /dk = "abc".*1…64.*default 4/);
});

test('unknown keys and broken percent escapes are reported, not thrown', () => {
  const { state, problems } = parseHash('#colour=red&sentence=%E0%A4%A&dk=8');
  assert.equal(state.dk, 8);
  assert.equal(state.sentence, 'money bank grows');
  assert.deepEqual(problems.map((p) => [p.key, p.reason]), [['colour', 'unknown'], ['sentence', 'invalid']]);
});

test('parsing leaves its input and the table untouched and returns fresh objects', () => {
  const table = JSON.stringify(STATE_TABLE.map((r) => [r.key, r.def]));
  const a = parseHash('#dk=9');
  a.state.dk = 1;
  assert.equal(parseHash('#dk=9').state.dk, 9);
  assert.equal(JSON.stringify(STATE_TABLE.map((r) => [r.key, r.def])), table);
});

test('renderNow runs the pending update in the caller\'s task, once: the animation frame it had asked for is cancelled', () => {
  const frames = new Map();
  let next = 1;
  const win = {
    requestAnimationFrame: (fn) => { frames.set(next, fn); return next++; },
    cancelAnimationFrame: (id) => { frames.delete(id); },
  };
  const store = createStore(win, { hash: false });
  const seen = [];
  store.subscribe((state) => seen.push(state.dk), ['dk']);
  store.renderNow(); // nothing pending yet: nothing runs
  assert.deepEqual(seen, []);
  store.start();
  assert.equal(frames.size, 1);
  store.renderNow();
  assert.deepEqual(seen, [defaults().dk]);
  assert.equal(frames.size, 0, 'the frame asked for by start() is cancelled');
  store.set({ dk: 9 });
  store.renderNow();
  store.renderNow(); // nothing pending again
  assert.deepEqual(seen, [defaults().dk, 9]);
});

/** A window for the store: a hash, replaceState calls counted, its event listeners callable, idle callbacks kept. */
function fakeWindow() {
  const listeners = new Map();
  const on = (target) => (type, fn) => listeners.set(`${target}:${type}`, [...(listeners.get(`${target}:${type}`) ?? []), fn]);
  const win = {
    location: { hash: '' },
    writes: [],
    history: { replaceState: (_s, _t, url) => { win.writes.push(url); win.location.hash = url; } },
    requestAnimationFrame: () => 1,
    cancelAnimationFrame: () => {},
    addEventListener: on('window'),
    document: { visibilityState: 'visible', addEventListener: on('document') },
    fire: (target, type) => { for (const fn of listeners.get(`${target}:${type}`) ?? []) fn(); },
  };
  return win;
}
const wait = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

test('the hash is written once the input settles: a burst of changes is one replaceState, after it', async () => {
  const win = fakeWindow();
  const store = createStore(win);
  store.start();
  const start = win.writes.length; // start() writes the normalised hash at once
  for (const dk of [9, 10, 11, 12]) {
    store.set({ dk });
    await wait(50);
  }
  assert.equal(win.writes.length, start, 'nothing is written while the changes keep coming');
  await wait(700);
  assert.deepEqual(win.writes.slice(start), [formatHash({ ...defaults(), dk: 12 })]);
  assert.equal(parseHash(win.location.hash).state.dk, 12, 'the written hash round-trips');
});

test('a change not yet written reaches the hash at once when the page is hidden, left or loses focus', async () => {
  for (const [target, type, hidden] of [['document', 'visibilitychange', true], ['window', 'pagehide', false], ['window', 'blur', false]]) {
    const win = fakeWindow();
    const store = createStore(win);
    store.start();
    store.set({ dk: 33 });
    if (hidden) {
      win.fire(target, type); // still visible: nothing to do yet
      assert.notEqual(parseHash(win.location.hash).state.dk, 33, `${type} while visible writes nothing`);
      win.document.visibilityState = 'hidden';
    }
    win.fire(target, type);
    assert.equal(parseHash(win.location.hash).state.dk, 33, `${type} writes the pending change`);
    const count = win.writes.length;
    await wait(700);
    assert.equal(win.writes.length, count, `after ${type} the timer has nothing left to write`);
  }
});
