// Lesson 6 as a lesson in Chromium: its keys round-trip through the link and bad values fall back with a notice, the
// lesson opens with its claim and the data file's conclusion and curves, its "Go deeper" sections keep their state in
// the link, its two questions are answerable right and wrong with the engine's numbers following the settings, 6.2
// measures the drift of random weights with the engine and leads to Lesson 4.6, and the results table shows
// web/data/reference-runs.json. The lab (the model it describes, runs, stop and resume, clicks during a run, the race,
// the learned β's rate): tests/e2e/lesson6-runs.test.mjs. Needs build/page/app.js (node web/build.mjs).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { browserSession } from './harness.mjs';
import { LEARNED, REFERENCE, lesson6InfoOf, lesson6Loader, noErrors, quoted, stat, until } from './lesson6-shared.mjs';
import { STATE_TABLE, defaults, parseHash, formatHash } from '../../web/state.js';
import { sig3 } from '../../web/format.js';

const session = browserSession({ engine: true });

before(() => {
});

const load = lesson6Loader(session);
const infoOf = lesson6InfoOf(session);

const group = (experiment, method) => REFERENCE.groups.find((g) => g.experiment === experiment && g.method === method);
/** Checks the wrong choice, then the right one, of a question; each is judged as such. */
async function answerWrongThenRight(q, wrong, right) {
  for (const [value, verdict] of [[wrong, 'wrong'], [right, 'correct']]) {
    await q.locator(`input[value="${value}"]`).check();
    await q.locator('.question-check').click();
    assert.equal(await q.getAttribute('data-answered'), verdict);
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
