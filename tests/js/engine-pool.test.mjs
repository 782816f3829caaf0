// The queue of full computations (web/sections/kit/progressive.js) with the background engines of web/engine-pool.js,
// driven by stand-in workers whose answers the test releases one at a time: a part that moved on never draws what
// it asked for before, a call nobody wants any more is never sent, a worker's error reaches the part, a trap retires
// the worker, and without workers an input between two calls on the page holds the second back. The real workers
// (app.js in a browser) are tested in tests/e2e/engine-pool.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';

/** A stand-in for Worker: says 'ready' at once, keeps each call until the test answers it. */
class FakeWorker {
  static made = [];
  constructor(url, { name }) {
    this.url = url;
    this.name = name;
    this.posted = [];
    this.terminated = false;
    FakeWorker.made.push(this);
    setTimeout(() => this.onmessage({ data: { type: 'ready' } }), 0);
  }
  postMessage(message) {
    this.posted.push(message);
  }
  /** Answers the oldest call with `reply(options)` (an object to merge into the answer). */
  answer(reply) {
    const call = this.posted.shift();
    this.onmessage({ data: { id: call.id, ...reply(call.options) } });
  }
  terminate() {
    this.terminated = true;
  }
}
globalThis.Worker = FakeWorker;

const { startPool, poolState, poolSize } = await import('../../web/engine-pool.js');
const { refineLater, offStep } = await import('../../web/sections/kit/progressive.js');

// The queue and the pool move on in 0 ms timers (at most three in a row here): twenty timer turns let every one run.
const pause = async () => {
  for (let i = 0; i < 20; i += 1) await new Promise((resolve) => { setTimeout(resolve, 1); });
};
const node = { closest: () => null, dispatchEvent: () => true };
const pageEngine = { multiHeadSweep: (o) => ({ seed: o.seed, on: 'page' }) };
const sent = () => FakeWorker.made.flatMap((w) => w.posted.map((p) => p.options.seed));

test('before the workers are ready a full computation runs on the page; then two workers take the calls', async () => {
  const drawn = [];
  refineLater('a', node, [offStep(pageEngine, 'multiHeadSweep', { seed: 1 }, (get) => { drawn.push(get()); })]);
  startPool(2, 'app.js');
  assert.equal(poolState(), 'starting');
  await pause();
  assert.deepEqual(drawn, [{ seed: 1, on: 'page' }], 'no worker was ready when it was asked for');
  assert.equal(poolState(), 'on');
  assert.equal(poolSize(), 2);
  assert.deepEqual(FakeWorker.made.map((w) => [w.url, w.name]), [['app.js', 'asl-engine'], ['app.js', 'asl-engine']]);
});

test('a part that moved on never draws the answers it asked for before, and a queued call it no longer wants is never sent', async () => {
  const [w1, w2] = FakeWorker.made;
  const drawn = [];
  const ask = (seed) => refineLater('part', node, [offStep(pageEngine, 'multiHeadSweep', { seed }, (get, ms) => { drawn.push([get().seed, ms]); })]);
  ask(11);
  await pause();
  ask(12); // 11 is being computed by the first worker; 12 goes to the second
  await pause();
  ask(13); // both busy: 13 waits
  await pause();
  ask(14); // 13 is no longer wanted, 14 waits
  await pause();
  assert.deepEqual(sent(), [11, 12]);
  w1.answer((o) => ({ value: { seed: o.seed }, ms: 4 })); // 11 answered: dropped, and the first worker takes 14
  await pause();
  assert.deepEqual(drawn, []);
  assert.deepEqual([w1, w2].map((w) => w.posted.map((p) => p.options.seed)), [[14], [12]], '13 was never sent');
  w2.answer((o) => ({ value: { seed: o.seed }, ms: 4 })); // 12: dropped
  await pause();
  assert.deepEqual(drawn, []);
  w1.answer((o) => ({ value: { seed: o.seed }, ms: 7 }));
  await pause();
  assert.deepEqual(drawn, [[14, 7]], 'only the value now set is drawn, with the time the worker took');
});

test('an engine error from a worker reaches the part; a trap retires that worker and the other goes on', async () => {
  const [w1, w2] = FakeWorker.made;
  const seen = [];
  const ask = (seed) => refineLater(`p${seed}`, node, [offStep(pageEngine, 'multiHeadSweep', { seed }, (get) => {
    try {
      seen.push(get().seed);
    } catch (error) {
      seen.push(error.message);
    }
  })]);
  ask(21);
  await pause();
  w1.answer(() => ({ error: 'multiHeadSweep: samples = 1 is not allowed' }));
  await pause();
  assert.deepEqual(seen, ['multiHeadSweep: samples = 1 is not allowed']);
  ask(22);
  await pause();
  w1.answer(() => ({ error: 'RuntimeError: Out of bounds memory access', fatal: true }));
  await pause();
  assert.deepEqual(seen.slice(1), ['RuntimeError: Out of bounds memory access']);
  assert.equal(w1.terminated, true);
  assert.equal(poolSize(), 1);
  ask(23);
  await pause();
  assert.deepEqual(w2.posted.map((p) => p.options.seed), [23], 'the next call goes to the worker that is left');
  w2.answer((o) => ({ value: { seed: o.seed }, ms: 1 }));
  await pause();
  assert.deepEqual(seen.slice(2), [23]);
});

test('when the last worker is retired, the calls waiting for it run on the page', async () => {
  const [, w2] = FakeWorker.made;
  const seen = [];
  const ask = (seed) => refineLater(`q${seed}`, node, [offStep(pageEngine, 'multiHeadSweep', { seed }, (get) => {
    try {
      seen.push(get());
    } catch (error) {
      seen.push(error.message);
    }
  })]);
  ask(31);
  ask(32); // waits: the one worker left is busy with 31
  await pause();
  assert.deepEqual(w2.posted.map((p) => p.options.seed), [31]);
  w2.answer(() => ({ error: 'RuntimeError: unreachable', fatal: true }));
  await pause();
  assert.equal(poolSize(), 0);
  assert.equal(poolState(), 'refused');
  assert.deepEqual(seen, ['RuntimeError: unreachable', { seed: 32, on: 'page' }]);
});

test('with no background engine, input between two calls on the page holds the second back until the learner settles', async () => {
  assert.equal(poolSize(), 0, 'the workers are gone (the test before)');
  const handlers = {}; // the listeners progressive.js puts on the window, to play the learner's input
  globalThis.window = { addEventListener: (type, fn) => { handlers[type] = fn; } };
  const calls = [];
  const engine = { multiHeadSweep: (o) => {
    calls.push([o.seed, performance.now()]);
    if (o.seed === 51) handlers.input(); // the learner moves a slider while the first full count runs
    return { seed: o.seed };
  } };
  refineLater('r1', node, [offStep(engine, 'multiHeadSweep', { seed: 51 }, () => true)]);
  refineLater('r2', node, [offStep(engine, 'multiHeadSweep', { seed: 52 }, () => true)]);
  const deadline = performance.now() + 3000;
  while (calls.length < 2 && performance.now() < deadline) await pause();
  assert.deepEqual(calls.map(([seed]) => seed), [51, 52]);
  assert.ok(calls[1][1] - calls[0][1] >= 140, `the second call waited ${calls[1][1] - calls[0][1]} ms for the input to settle (150 ms)`);
  delete globalThis.window;
});
