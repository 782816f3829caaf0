// Lesson 6 in Chromium: the lesson opens with its claim and the data file's conclusion and curves, its two questions
// are answerable right and wrong with the engine's numbers following the settings, its "Go deeper" sections keep their
// state in the link, the learned β's rate reaches the trainer, the lab renders the engine's description of the model,
// a short run from a link trains in a Web Worker (http) or in slices on the page's thread (file://) and draws its
// curves and attention, stop and resume work, the page answers clicks while a run goes, the race runs two strategies
// on the same data, and the results table shows web/data/reference-runs.json. Final numbers are compared with Node's.
// Needs build/page/app.js (node web/build.mjs); Lesson 6's worker is app.js itself.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, FILE_URL, problems, browserSession, nextFrame } from './harness.mjs';
import { STATE_TABLE, defaults, parseHash, formatHash } from '../../web/state.js';
import { sig2, sig3 } from '../../web/format.js';

const REFERENCE = JSON.parse(fs.readFileSync(path.join(ROOT, 'web', 'data', 'reference-runs.json'), 'utf8'));

const session = browserSession({ engine: true });

before(() => {
});

// A setting that learns in a few hundred tiny steps: L = 5, values 0…9, β fixed at 5 (the default strategy).
const TINY = '#lesson=training&rlen=5&rvals=10&rtrain=4000&rlr=0.01';
const TINY_OPTIONS = { model: 'encoder', L: 5, R: 10, trainSize: 4000, valSize: 1000, testSize: 10000, dModel: 5, heads: 1,
  betaStrategy: 'fixed', beta: 5, lr: 0.01, epochs: 10, seed: 1 };

/** Opens the page at `hash` (http unless `base` is given), scrolled to Lesson 6, once the lesson knows its run mode. */
async function load(hash, { base = session.server.url, viewport } = {}) {
  const opened = await session.open(base + hash, { viewport });
  assert.equal(await opened.page.getAttribute('body', 'data-engine'), 'ready', 'the engine started');
  await opened.page.$eval('#lesson-training', (n) => n.scrollIntoView());
  await opened.page.waitForSelector('#lesson-training [data-part="run"] .run-mode[data-mode]:not([data-mode=""])', { timeout: 30000 });
  return opened;
}

const noErrors = (log, where) => {
  assert.deepEqual(problems(log), [], `console errors or warnings (${where})`);
  assert.deepEqual(log.errors, [], `page errors (${where})`);
};
const run = (sel) => `#lesson-training [data-part="run"] ${sel}`;
const race = (sel) => `#lesson-training [data-part="race"] ${sel}`;
const stat = (page, id, key) => page.$eval(`#lesson-training [data-stats="${id}"] [data-stat="${key}"]`, (n) => Number(n.dataset.value));
const runStep = (page) => page.$eval(run('.run-status'), (n) => Number(n.dataset.step ?? 0));
const until = async (page, fn, arg, timeout = 60000) => { await page.waitForFunction(fn, arg, { timeout }); await nextFrame(page); };

/** The same run in Node's engine, to the end: its test evaluation. */
function nodeRun(options) {
  const t = session.engine.createTrainer(options);
  try {
    let r;
    do r = t.step(500); while (!r.done);
    return { test: t.evaluate('test'), val: t.evaluate('val'), beta: r.beta };
  } finally {
    t.delete();
  }
}

test('the keys of Lesson 6 round-trip through a link, and bad values fall back to their defaults with a visible notice', async () => {
  const state = { ...defaults(), lesson: 'training', rmodel: 'attention', rlen: 12, rvals: 30, rtrain: 5000, rheads: 3, rstrategy: 'search',
    rbeta: 0.25, repochs: 4, rlr: 0.002, rbetalr: 10, rseed: 4294967295, rrace: ['learned', 'inverse-sqrt-dk', 'dynamic'],
    rcurves: 'attention', rdeep: ['model', 'race'] };
  assert.deepEqual(parseHash(formatHash(state)), { state, problems: [] });
  assert.match(formatHash(state), /&rrace=learned,inverse-sqrt-dk,dynamic&rcurves=attention&rdeep=model,race$/);
  for (const row of STATE_TABLE.filter((r) => r.section === 'training')) assert.ok(row.type.accepts(row.def), `${row.key}: its default is allowed`);
  const { state: s, problems: p } = parseHash('#lesson=training&rmodel=mlp&rlen=1&rrace=fixed&rstrategy=best&rlr=0&rbeta=-1&rrace=fixed,fixed');
  assert.deepEqual(p.map((x) => x.key), ['rmodel', 'rlen', 'rrace', 'rstrategy', 'rlr', 'rbeta', 'rrace']);
  assert.equal(s.rmodel, 'encoder');
  assert.deepEqual(s.rrace, ['inverse-sqrt-dk', 'fixed']);

  const { page, log } = await load('#lesson=training&rmodel=mlp&rlen=20&rheads=3&rrace=search');
  const notice = await page.$eval('#page-notices', (n) => n.textContent);
  assert.match(notice, /rmodel = "mlp" is not allowed.*using the default encoder/);
  assert.match(notice, /rrace = "search" is not allowed.*using the default inverse-sqrt-dk,fixed/);
  // Heads must divide d = L: 3 does not divide 20, so the lesson uses 2 and says so.
  const lesson = await page.$eval('#lesson-training [data-notice="heads"]', (n) => n.textContent);
  assert.match(lesson, /3 heads do not divide d = L = 20, so 2 heads are used instead/);
  await until(page, () => new URLSearchParams(location.hash.slice(1)).get('rheads') === '2');
  noErrors(log, 'bad link');
});

test('the lesson shows the engine\'s architecture and parameter count, from file:// and from http', async () => {
  for (const base of [FILE_URL, session.server.url]) {
    const { page, log } = await load('#lesson=training', { base });
    const info = session.engine.createTrainer({ ...TINY_OPTIONS, L: 20, R: 100, dModel: 20, trainSize: 15000, lr: 0.0005 });
    try {
      assert.equal(await stat(page, 'model', 'params'), info.info.parameterCount);
      assert.equal(info.info.parameterCount, 8000);
      assert.equal(await stat(page, 'model', 'total'), info.info.totalSteps);
      const tensors = await page.$$eval('#lesson-training [data-table="parameters"] li', (n) => n.map((li) => [li.dataset.tensor, Number(li.dataset.count)]));
      assert.deepEqual(tensors, info.info.parameters.map((p) => [p.name, p.count]));
    } finally {
      info.delete();
    }
    // The attention-only model: its own layout and count.
    await page.click('#lesson-training input[data-key="rmodel"][value="attention"]');
    await until(page, () => location.hash.includes('rmodel=attention'));
    const att = session.engine.createTrainer({ model: 'attention' });
    try {
      await until(page, (n) => Number(document.querySelector('#lesson-training [data-stats="model"] [data-stat="params"]').dataset.value) === n, att.info.parameterCount);
    } finally {
      att.delete();
    }
    const mode = await page.$eval(run('.run-mode'), (n) => n.dataset.mode);
    assert.equal(mode, base === FILE_URL ? 'main-thread' : 'worker', `run mode from ${base.slice(0, 7)}`);
    const text = await page.$eval(run('.run-mode'), (n) => n.textContent);
    assert.match(text, base === FILE_URL ? /this page’s own thread.*opened from a file/ : /Web Worker/);
    noErrors(log, base);
  }
});

test('a short run set by a link trains, draws its curves and attention as it goes, and ends with the engine\'s numbers', async () => {
  const want = nodeRun(TINY_OPTIONS);
  assert.equal(want.test.tokenAccuracy, 1, 'the tiny setting learns the task in Node');
  for (const base of [session.server.url, FILE_URL]) {
    const { page, log } = await load(TINY, { base });
    await page.click(run('[data-action="train"]'));
    await page.waitForSelector('#lesson-training [data-part="run"][data-status="done"]', { timeout: 60000 });
    await nextFrame(page); // the charts out of the window draw their last points once the page is quiet
    // Curves: one loss point per step, validation twice an epoch (and at step 0).
    const steps = await page.$eval(run('[data-chart="run-loss"] [data-series="loss"]'), (n) => Number(n.dataset.count));
    assert.equal(steps, 310);
    assert.equal(await page.$eval(run('[data-chart="run-accuracy"] [data-series="token"]'), (n) => Number(n.dataset.count)), 21);
    // The attention beside the loss: one entropy and one largest |logit| per step, as the engine reported them.
    for (const chart of ['run-entropy', 'run-logit']) {
      assert.equal(await page.$eval(run(`[data-chart="${chart}"] [data-series="${TINY_OPTIONS.betaStrategy ?? 'fixed'}"]`), (n) => Number(n.dataset.count)), 310, chart);
    }
    // The model learned to reverse: each output position attends most to the mirrored input position.
    const weights = await page.$$eval(run('figure[data-matrix="run-attention-1"] .cell'), (n) => n.map((c) => Number(c.dataset.value)));
    assert.equal(weights.length, 25);
    for (let i = 0; i < 5; i += 1) {
      const row = weights.slice(i * 5, i * 5 + 5);
      assert.equal(row.indexOf(Math.max(...row)), 4 - i, `row ${i} looks at input ${4 - i}`);
    }
    // The final numbers are the engine's for the same options (the same WASM module, the same seed).
    assert.equal(await stat(page, 'run', 'tokenacc'), want.test.tokenAccuracy);
    assert.equal(await stat(page, 'run', 'seqacc'), want.test.sequenceAccuracy);
    assert.equal(await stat(page, 'run', 'valacc'), want.val.tokenAccuracy);
    assert.equal(await stat(page, 'run', 'steps'), 310);
    // The run is listed among the learner's runs in the results table.
    const mine = await page.$$eval('#lesson-training [data-table="results"] tr[data-source="learner"] td[data-label="test token accuracy"]', (n) => n.map((c) => Number(c.dataset.value)));
    assert.deepEqual(mine, [want.test.tokenAccuracy]);
    noErrors(log, base);
  }
});

/** engine.createTrainer's info for options (freed at once). */
function infoOf(options) {
  const t = session.engine.createTrainer(options);
  try {
    return t.info;
  } finally {
    t.delete();
  }
}
const LEARNED = { betaStrategy: 'learned', valSize: 1000, testSize: 10000 };
const group = (experiment, method) => REFERENCE.groups.find((g) => g.experiment === experiment && g.method === method);
/** Checks the wrong choice, then the right one, of a question; each is judged as such. */
async function answerWrongThenRight(q, wrong, right) {
  for (const [value, verdict] of [[wrong, 'wrong'], [right, 'correct']]) {
    await q.locator(`input[value="${value}"]`).check();
    await q.locator('.question-check').click();
    assert.equal(await q.getAttribute('data-answered'), verdict);
  }
}
// Three significant digits ± two, as web/format.js prints a group's accuracy (issue 33), with a no-break space before %.
const quoted = (g) => `${sig3(100 * g.tokenAccuracy.mean)} ± ${sig2(100 * g.tokenAccuracy.sd)}\u00a0%`;

test('Lesson 6 opens with its claim and the data file\'s conclusion, and draws the reference curves it names', async () => {
  const { page, log } = await load('#lesson=training');
  const claim = await page.$eval('#lesson-training .lesson-claim', (n) => n.textContent);
  assert.match(claim, /β is one more optimisation setting/);
  const prose = await page.$eval('#lesson-training [data-part="conclusion"] .part-prose', (n) => n.textContent);
  for (const [experiment, method] of [['encoder', 'inverse-sqrt-dk'], ['encoder', 'fixed 5'], ['encoder-30-epochs', 'inverse-sqrt-dk'],
    ['encoder-lr-2e-3', 'inverse-sqrt-dk'], ['attention', 'inverse-sqrt-dk'], ['attention', 'fixed 5']]) {
    assert.ok(prose.includes(quoted(group(experiment, method))), `the conclusion quotes ${experiment} ${method}: ${quoted(group(experiment, method))}`);
  }
  assert.match(prose, /with 4× the learning rate \(0\.002\)/);
  const curves = (id) => page.$$eval('#lesson-training [data-chart="reference-curves"] g[data-series]', (n) => n.map((g) => [g.dataset.series, Number(g.dataset.count)]));
  const want = (experiment) => ['inverse-sqrt-dk', 'fixed 5'].flatMap((m) => group(experiment, m).runs.map((r) => [`${m}-seed-${r.seed}`, r.curve.step.length]));
  assert.deepEqual(await curves(), want('encoder'));
  await page.click('#lesson-training input[data-key="rcurves"][value="encoder-30-epochs"]');
  await until(page, () => location.hash.includes('rcurves=encoder-30-epochs'));
  assert.deepEqual(await curves(), want('encoder-30-epochs'));
  noErrors(log, 'conclusion');
});

test('the Go-deeper sections of Lesson 6 open from a link and write their open state into it', async () => {
  const { page, log } = await load('#lesson=training&rdeep=table,race');
  const open = () => page.$$eval('#lesson-training details[data-deeper]', (n) => n.filter((d) => d.open).map((d) => d.dataset.deeper));
  assert.deepEqual((await open()).sort(), ['race', 'table']);
  await page.click('#lesson-training details[data-deeper="model"] > summary');
  await until(page, () => new URLSearchParams(location.hash.slice(1)).get('rdeep') === 'model,table,race');
  await page.click('#lesson-training details[data-deeper="race"] > summary');
  await until(page, () => new URLSearchParams(location.hash.slice(1)).get('rdeep') === 'model,table');
  assert.deepEqual((await open()).sort(), ['model', 'table']);
  // Closed, the side material takes no room: the core of the lesson stays short.
  const { page: closed } = await load('#lesson=training', { viewport: { width: 1280, height: 900 } });
  const height = await closed.$eval('#lesson-training', (n) => n.getBoundingClientRect().height);
  assert.ok(height < 2300, `Lesson 6 is ${Math.round(height)} px tall with nothing opened`);
  noErrors(log, 'go deeper');
});

test('the learned-β question: right and wrong answers, and an explanation whose engine numbers follow the settings', async () => {
  const { page, log } = await load('#lesson=training');
  const q = page.locator('#lesson-training [data-question="training-learned-reach"]');
  const at = (betaLr) => infoOf({ ...LEARNED, betaLr }).betaReach;
  const one = at(0.0005);
  assert.ok(one.bound < 5, `at the weights' rate even the bound (${one.bound}) is below 5`);
  await answerWrongThenRight(q, 'yes', 'no');
  const explain = () => q.locator('.question-explain').textContent();
  const first = await explain();
  for (const x of [one.lrSum, one.ceiling, one.bound]) assert.ok(first.includes(sig3(x)), `the explanation prints ${sig3(x)}: ${first}`);
  // Ten times the rate for ln β: the ceiling stays below 5 but the bound passes it, and "no" is now wrong.
  await page.fill('#lesson-training input[data-key="rbetalr"]', '10');
  await until(page, () => location.hash.includes('rbetalr=10'));
  const ten = at(0.005);
  assert.ok(ten.ceiling < 5 && ten.bound > 5, `ceiling ${ten.ceiling}, bound ${ten.bound}`);
  await until(page, (text) => document.querySelector('#lesson-training [data-question="training-learned-reach"] .question-explain')?.textContent !== text, first);
  assert.equal(await q.getAttribute('data-answered'), 'wrong');
  assert.ok((await explain()).includes(sig3(ten.ceiling)));
  noErrors(log, 'learned question');
});

test('the dynamic-β question: the engine\'s cap for a unit-spread row of L keys, following L', async () => {
  const { page, log } = await load('#lesson=training');
  const q = page.locator('#lesson-training [data-question="training-dynamic-cap"]');
  const cap = (n) => session.engine.peakWeightCap({ n, sd: 1 });
  await answerWrongThenRight(q, 'yes', 'no');
  const text = await q.locator('.question-explain').textContent();
  assert.ok(text.includes(sig3(cap(20).maxWeight)), text);
  assert.equal(await stat(page, 'weights', 'cap'), cap(20).maxWeight);
  await page.fill('#lesson-training input[data-key="rlen"]', '8');
  await page.dispatchEvent('#lesson-training input[data-key="rlen"]', 'input');
  await until(page, () => location.hash.includes('rlen=8'));
  await until(page, (v) => document.querySelector('#lesson-training [data-question="training-dynamic-cap"] .question-explain')?.textContent.includes(v), sig3(cap(8).maxWeight));
  assert.equal(await stat(page, 'weights', 'cap'), cap(8).maxWeight);
  noErrors(log, 'dynamic question');
});

test('6.2 measures the drift of random weights with the engine: a preview at L = 64, then its full 200 draws', async () => {
  const { page, log } = await load('#lesson=training');
  const drift = (L) => session.engine.weightDrift({ dX: 64, dK: L, tokens: L, samples: 200, seed: 1, drifts: [1, 2] });
  const shown = () => page.evaluate(() => {
    const label = document.querySelector('#lesson-training [data-part="weights"] .sample-state');
    const value = (key) => Number(document.querySelector(`#lesson-training [data-stats="weights"] [data-stat="${key}"]`).dataset.value);
    return { state: label.dataset.sampleState, samples: Number(label.dataset.samples), text: label.textContent,
      numbers: ['variance1', 'variance', 'restoring1', 'restoring'].map(value) };
  });
  const full = (L) => {
    const d = drift(L);
    return { state: 'full', samples: 200, text: '200 draws', numbers: [d.measured[0], d.measured[1], d.restoringBeta[0], d.restoringBeta[1]] };
  };
  await until(page, () => document.querySelector('#lesson-training [data-part="weights"] .sample-state')?.dataset.sampleState === 'full');
  assert.deepEqual(await shown(), full(20));
  // L = 64: the full count is slow, so the part draws a preview (and says so) before the full count replaces it.
  const seen = [];
  await page.exposeFunction('sawLabel', (text) => seen.push(text));
  await page.evaluate(() => new MutationObserver(() => window.sawLabel(document.querySelector('#lesson-training [data-part="weights"] .sample-state').textContent))
    .observe(document.querySelector('#lesson-training [data-part="weights"] .sample-state'), { childList: true, characterData: true, subtree: true }));
  await page.fill('#lesson-training input[data-key="rlen"]', '64');
  await page.dispatchEvent('#lesson-training input[data-key="rlen"]', 'input');
  await until(page, (want) => JSON.stringify(['variance1', 'variance', 'restoring1', 'restoring']
    .map((key) => Number(document.querySelector(`#lesson-training [data-stats="weights"] [data-stat="${key}"]`).dataset.value))) === want
    && document.querySelector('#lesson-training [data-part="weights"] .sample-state').dataset.sampleState === 'full', JSON.stringify(full(64).numbers));
  assert.deepEqual(await shown(), full(64));
  assert.ok(seen.some((t) => /^\d+ of 200 draws$/.test(t)), `labels seen: ${JSON.stringify(seen)}`);
  noErrors(log, '6.2 drift');
});

test('the learning rate of a learned β reaches the trainer: the engine\'s reach in 6.3, and a run that ends where Node\'s does', async () => {
  const { page, log } = await load('#lesson=training');
  const control = '#lesson-training [data-part="learned"] input[data-key="rbetalr"]';
  const same = infoOf({ ...LEARNED, betaLr: 0.0005 });
  assert.equal(await stat(page, 'learned', 'betalr'), 0.0005);
  assert.equal(await stat(page, 'learned', 'betaceiling'), same.betaReach.ceiling);
  await page.fill(control, '100');
  await until(page, () => location.hash.includes('rbetalr=100'));
  const fast = infoOf({ ...LEARNED, betaLr: 0.0005 * 100 });
  await until(page, (v) => Number(document.querySelector('#lesson-training [data-stat="betaceiling"]').dataset.value) === v, fast.betaReach.ceiling);
  assert.equal(await stat(page, 'learned', 'betalr'), fast.betaLr);
  assert.equal(await stat(page, 'learned', 'betalrsum'), fast.betaReach.lrSum);
  assert.equal(await stat(page, 'learned', 'betabound'), fast.betaReach.bound);
  // The reruns of the data file: each model at each rate, its accuracy as the file has it.
  const prose = await page.$eval('#lesson-training [data-part="learned"] .part-prose', (n) => n.textContent);
  const learned = REFERENCE.groups.filter((g) => g.method === 'learned' && g.config.epochs === 10 && g.config.lr === 0.0005);
  assert.ok(learned.length >= 6, `${learned.length} learned-β groups`);
  for (const g of learned) assert.ok(prose.includes(quoted(g)), `6.3 quotes ${g.experiment}: ${quoted(g)}`);
  noErrors(log, 'betaLr control');

  // A short learned run: its β ends where the engine's run with the same betaLr ends.
  const want = nodeRun({ ...TINY_OPTIONS, betaStrategy: 'learned', beta: undefined, betaLr: 0.01 * 20 });
  const { page: p2, log: log2 } = await load(`${TINY}&rstrategy=learned&rbetalr=20`);
  await p2.click(run('[data-action="train"]'));
  await p2.waitForSelector('#lesson-training [data-part="run"][data-status="done"]', { timeout: 60000 });
  assert.equal(await stat(p2, 'run', 'beta'), want.beta);
  assert.equal(await stat(p2, 'run', 'tokenacc'), want.test.tokenAccuracy);
  noErrors(log2, 'learned run');
});

test('curves and attention update during a run, and stop and resume pause and continue it', async () => {
  for (const base of [session.server.url, FILE_URL]) {
    // 100 epochs of 125 tiny steps: long enough to stop in the middle.
    const { page, log } = await load(`${TINY}&repochs=100&rtrain=16000`, { base });
    await page.click(run('[data-action="train"]'));
    await until(page, () => Number(document.querySelector('#lesson-training .run-status').dataset.step) > 100);
    // The map follows the status by a frame or more: in one CI run (2026-11-26) it was not there yet at step 100.
    await until(page, () => document.querySelector('#lesson-training [data-part="run"] figure[data-matrix="run-attention-1"] .heatmap-note'));
    const firstMap = await page.$eval(run('figure[data-matrix="run-attention-1"]'), (n) => n.querySelector('.heatmap-note').textContent);
    await until(page, (text) => document.querySelector('#lesson-training figure[data-matrix="run-attention-1"] .heatmap-note')?.textContent !== text, firstMap);
    // The charts, the map and the example table are updated in place, not made again with every update: over a
    // second and a half of updates, count the distinct nodes each showed (an axis whose range changes is made anew).
    const seen = await page.evaluate(() => new Promise((done) => {
      const q = (sel) => document.querySelector(`#lesson-training [data-part="run"] ${sel}`);
      const watched = { loss: '[data-chart="run-loss"] svg', entropy: '[data-chart="run-entropy"] svg', accuracy: '[data-chart="run-accuracy"] svg',
        legend: '[data-chart="run-loss"] .chart-legend', map: 'figure[data-matrix="run-attention-1"]', table: '[data-table="example"]',
        mapKey: 'figure[data-matrix="run-attention-1"] svg.legend' };
      const nodes = Object.fromEntries(Object.keys(watched).map((k) => [k, new Set()]));
      const curves = new Set();
      const t0 = performance.now();
      const look = () => {
        for (const [k, sel] of Object.entries(watched)) nodes[k].add(q(sel));
        curves.add(q('[data-chart="run-loss"] [data-series="loss"] path').getAttribute('d'));
        if (performance.now() - t0 < 1500) requestAnimationFrame(look);
        else done({ updates: curves.size, ...Object.fromEntries(Object.entries(nodes).map(([k, v]) => [k, v.size])) });
      };
      look();
    }));
    assert.ok(seen.updates >= 4, `the loss curve changed with the run (${seen.updates} curves in 1.5 s)`);
    assert.deepEqual([seen.legend, seen.map, seen.mapKey, seen.table, seen.accuracy], [1, 1, 1, 1, 1], `legend, map, map's colour bar, table and accuracy chart kept their nodes: ${JSON.stringify(seen)}`);
    // A loss falling through a power of ten, or an entropy past a tick, gives the chart a new axis: made anew then.
    for (const k of ['loss', 'entropy']) assert.ok(seen[k] <= Math.ceil(seen.updates / 2), `the ${k} chart drew ${seen.updates} updates with ${seen[k]} SVG nodes`);
    const lossPoints = await page.$eval(run('[data-chart="run-loss"] [data-series="loss"]'), (n) => Number(n.dataset.count));
    assert.ok(lossPoints > 50, `the loss curve is drawn as the run goes (${lossPoints} points)`);
    await page.click(run('[data-action="stop"]'));
    await page.waitForSelector('#lesson-training [data-part="run"][data-status="paused"]');
    await page.waitForTimeout(300); // a slice posted before the stop may still arrive
    const stopped = await runStep(page);
    await page.waitForTimeout(700);
    assert.equal(await runStep(page), stopped, 'no step runs while stopped');
    assert.ok(stopped < 12500, `stopped before the end (${stopped})`);
    assert.match(await page.$eval(run('.run-status'), (n) => n.textContent), /^Stopped at step/);
    await page.click(run('[data-action="resume"]'));
    await until(page, (s) => Number(document.querySelector('#lesson-training .run-status').dataset.step) > s, stopped);
    await page.click(run('[data-action="stop"]'));
    await page.click(run('[data-action="reset"]'));
    await page.waitForSelector('#lesson-training [data-part="run"][data-status="idle"]');
    noErrors(log, base);
  }
});

// How fast the clicks are answered is printed, not asserted: a time limit in a test fails on a loaded machine (it did,
// at 340 ms, while a second suite ran), and speed targets belong in benchmarks (bench/page/latency.mjs).
test('the page answers every click while the default run trains, in a worker and on the page\'s thread, and prints how fast', async (t) => {
  for (const base of [session.server.url, FILE_URL]) {
    const { page, log } = await load('#lesson=training', { base });
    await page.evaluate(() => {
      window.clickDelays = [];
      document.addEventListener('click', (event) => window.clickDelays.push(performance.now() - event.timeStamp), true);
    });
    await page.click(run('[data-action="train"]'));
    await until(page, () => Number(document.querySelector('#lesson-training .run-status').dataset.step) > 20);
    await page.evaluate(() => { window.clickDelays = []; });
    // Clicks on another control while it trains: the model radio buttons (each click changes the link).
    for (let k = 0; k < 6; k += 1) {
      const value = k % 2 ? 'encoder' : 'attention';
      await page.click(`#lesson-training input[data-key="rmodel"][value="${value}"]`);
      await until(page, (v) => (v === 'attention') === location.hash.includes('rmodel=attention'), value, 5000);
      await page.waitForTimeout(120);
    }
    const delays = await page.evaluate(() => window.clickDelays);
    const status = await page.$eval('#lesson-training [data-part="run"]', (n) => n.dataset.status);
    t.diagnostic(`${base.slice(0, 4)}: click handlers ran ${delays.map((d) => d.toFixed(0)).join(', ')} ms after the click (run ${status})`);
    assert.equal(delays.length, 6);
    assert.ok(['running', 'evaluating'].includes(status) || status === 'done', status);
    await page.click(run('[data-action="stop"]')).catch(() => {}); // (not there if it has already finished)
    noErrors(log, base);
  }
});

test('the race runs two β strategies on the same data, overlays their curves and adds them to the results', async () => {
  const hash = `${TINY}&repochs=6&rrace=inverse-sqrt-dk,fixed&rdeep=race`;
  const want = {
    'inverse-sqrt-dk': nodeRun({ ...TINY_OPTIONS, epochs: 6, betaStrategy: 'inverse-sqrt-dk', beta: undefined }),
    fixed: nodeRun({ ...TINY_OPTIONS, epochs: 6 }),
  };
  const { page, log } = await load(hash);
  await page.click(race('[data-action="race"]'));
  await page.waitForSelector('#lesson-training [data-part="race"][data-status="done"]', { timeout: 90000 });
  await nextFrame(page); // the charts out of the window draw their last points once the page is quiet
  const lanes = await page.$$eval(race('.race-lane'), (n) => n.map((l) => [l.dataset.lane, l.dataset.status]));
  assert.deepEqual(lanes, [['inverse-sqrt-dk', 'done'], ['fixed', 'done']]);
  const counts = await page.$$eval(race('[data-chart="race-loss"] g[data-series]'), (n) => n.map((s) => [s.dataset.series, Number(s.dataset.count)]));
  assert.deepEqual(counts, [['inverse-sqrt-dk', 186], ['fixed', 186]]);
  for (const [strategy, w] of Object.entries(want)) {
    const shown = await page.$eval(race(`[data-table="race"] tr[data-lane="${strategy}"] td[data-label="test token accuracy"]`), (n) => Number(n.dataset.value));
    assert.equal(shown, w.test.tokenAccuracy, `${strategy}: the page's test accuracy is the engine's`);
  }
  const rows = await page.$$eval('#lesson-training [data-table="results"] tr[data-source="learner"]', (n) => n.map((r) => r.dataset.strategy));
  assert.deepEqual(rows.sort(), ['fixed', 'inverse-sqrt-dk']);
  noErrors(log, 'race');
});

test('the results table shows the paper\'s Table 1 claims and every reference run of the data file', async () => {
  const { page, log } = await load('#lesson=training');
  const paper = await page.$$eval('#lesson-training [data-table="results"] tr[data-source="paper"] td.paper-figure', (n) => n.map((c) => Number(c.dataset.value)));
  assert.deepEqual(paper, [0.015, 0.96]);
  const shown = await page.$$eval('#lesson-training [data-table="results"] tr[data-source="reference"]', (n) => n.map((r) => ({
    experiment: r.dataset.experiment, method: r.dataset.method,
    token: Number(r.querySelector('[data-label="test token accuracy"]').dataset.value),
    sequence: Number(r.querySelector('[data-label="test sequence exact match"]').dataset.value),
    runs: Number(r.querySelector('[data-label="runs"]').dataset.value),
  })));
  const rowOne = REFERENCE.groups.filter((g) => g.config.R === 100 && g.config.L === 20 && g.config.trainSize === 15000);
  assert.equal(shown.length, rowOne.length);
  assert.ok(shown.length >= 6, `${shown.length} reference rows`);
  for (const g of rowOne) {
    const row = shown.find((r) => r.experiment === g.experiment && r.method === g.method);
    assert.ok(row, `${g.experiment} ${g.method} is in the table`);
    assert.equal(row.token, g.tokenAccuracy.mean);
    assert.equal(row.sequence, g.sequenceAccuracy.mean);
    assert.equal(row.runs, g.runs.length);
  }
  // The paper's whole table: each printed row beside our encoder run of the same R, L, training set and β, and every
  // other row of the data file (the paper's rows 2-6) appears there.
  const whole = await page.$$eval('#lesson-training [data-table="paper"] tbody tr', (n) => n.map((r) => ({
    experiment: r.dataset.experiment ?? null, method: r.dataset.method ?? null,
    R: Number(r.children[1].textContent), L: Number(r.children[2].textContent), train: Number(r.children[3].textContent.replace(/,/g, '')),
    paper: Number(r.querySelector('.paper-figure').dataset.value),
    token: r.querySelector('[data-label="ours: test token accuracy"]') ? Number(r.querySelector('[data-label="ours: test token accuracy"]').dataset.value) : null,
  })));
  assert.equal(whole.length, 13, 'the paper printed 13 rows');
  assert.deepEqual(whole.slice(0, 2).map((r) => r.paper), [0.015, 0.96]);
  assert.deepEqual(whole.slice(0, 2).map((r) => [r.experiment, r.method]), [['encoder', 'inverse-sqrt-dk'], ['encoder', 'fixed 5']]);
  for (const g of REFERENCE.groups.filter((x) => !rowOne.includes(x))) {
    const row = whole.find((r) => r.experiment === g.experiment && r.method === g.method && r.R === g.config.R && r.L === g.config.L
      && r.train === g.config.trainSize);
    assert.ok(row, `${g.experiment} ${g.method} R ${g.config.R} L ${g.config.L} is beside the paper's row`);
    assert.equal(row.token, g.tokenAccuracy.mean);
  }
  // The commands that made them are printed.
  const commands = await page.$$eval('#lesson-training .command-list code', (n) => n.map((c) => c.textContent));
  assert.deepEqual(commands.sort(), [...new Set(REFERENCE.groups.map((g) => g.command))].sort());
  // The repeated 18.56 % of the paper is flagged on both rows that print it.
  const flagged = await page.$$eval('#lesson-training [data-table="paper"] td[data-suspect]', (n) => n.map((c) => Number(c.closest('tr').dataset.paperRow)));
  assert.deepEqual(flagged, [5, 7]);
  assert.match(await page.$eval('#lesson-training [data-note="repeated-figure"]', (n) => n.textContent), /printed rows 5 and 7/);
  noErrors(log, 'results');
});

// Its time is printed, not asserted (speed targets live in bench/, where a loaded machine cannot fail the suite).
test('the default run (encoder, β = 5, 10 epochs) finishes in Chromium, learns to reverse, and prints how long it took', async (t) => {
  const { page, log } = await load('#lesson=training');
  const started = Date.now();
  await page.click(run('[data-action="train"]'));
  await page.waitForSelector('#lesson-training [data-part="run"][data-status="done"]', { timeout: 120000 });
  const seconds = (Date.now() - started) / 1000;
  const inPage = await stat(page, 'run', 'seconds');
  t.diagnostic(`default run: ${seconds.toFixed(1)} s from the click to the test accuracy (${inPage.toFixed(1)} s of running as the page counts it), `
    + `test token accuracy ${(await stat(page, 'run', 'tokenacc')).toFixed(4)}`);
  const accuracy = await stat(page, 'run', 'tokenacc');
  assert.ok(accuracy > 0.5, `β = 5 learns to reverse at the defaults (reference runs: about 95 %), test token accuracy ${accuracy}`);
  noErrors(log, 'default run');
});

test('6.2 leads to Lesson 4.6 (weight drift): the link opens that section, keeps the other settings and scrolls to it', async () => {
  const { page, log } = await load('#lesson=training&rlen=12&tdrift=2');
  await page.click('#lesson-training [data-part="weights"] [data-to="temperature:drift"]');
  await until(page, () => /(^|&|#)tdeep=([^&]*,)?drift(,|&|$)/.test(location.hash) && location.hash.includes('lesson=temperature'));
  const hash = await page.evaluate(() => location.hash);
  assert.match(hash, /rlen=12/, 'Lesson 6\'s settings stay');
  assert.match(hash, /tdrift=2/, 'Lesson 4\'s settings stay');
  assert.equal(await page.$eval('#lesson-temperature [data-part="drift"]', (n) => Boolean(n.closest('details')?.open)), true, '4.6 is open');
  await until(page, () => {
    const top = document.querySelector('#lesson-temperature [data-part="drift"]').getBoundingClientRect().top;
    return top >= -2 && top < innerHeight / 2;
  });
  noErrors(log, 'drift link');
});
