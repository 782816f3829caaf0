// Lesson 4's numbers in Chromium against the same engine loaded in Node: the state keys of Lessons 4 and 5, every
// part's numbers, its controls, its link and bad link values, the previews while a slider is dragged, and the lesson
// on a phone. The lesson as a lesson (claim, Go deeper, questions): tests/e2e/lesson4.test.mjs.
// Needs build/page/app.js (node web/build.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { refined, browserSession, statValue as stat, heatmapValues, dragAndHold, release, hashHas, misfits } from './harness.mjs';
import { close, lesson4Loader, noErrors } from './lesson4-shared.mjs';
import { STATE_TABLE, defaults, parseHash, formatHash } from '../../web/state.js';
import { sig2, sig3 } from '../../web/format.js';
// What the page asks the engine for.
import { BETA_GRID, DRIFT_GRID, ASSUMPTION_SAMPLES } from '../../web/sections/temperature/common.js';

const session = browserSession({ engine: true });

const load = lesson4Loader(session);

async function loadBoth(hash = '', { viewport } = {}) {
  const opened = await load(hash, { viewport });
  await opened.page.waitForSelector('[data-stats="heads-scaling"] [data-stat="dkvar"]', { state: 'attached' }); // covered until a prediction
  await refined(opened.page);
  return opened;
}

const temperature = (page) => page.$eval('[data-part="boltzmann"] .temperature-readout [data-stat="temperature"]', (n) => Number(n.dataset.value));
const cellValue = (page, table, key) => page.$eval(`[data-table="${table}"] [data-stat="${key}"]`, (n) => Number(n.dataset.value));
const barValues = (page, chart) => page.$$eval(`[data-chart="${chart}"] .bar`, (n) => n.map((b) => Number(b.dataset.value)));
const matrix = heatmapValues;
const closeAll = (got, want, tol, what) => {
  assert.equal(got.length, want.length, `${what}: ${got.length} values, expected ${want.length}`);
  got.forEach((v, i) => assert.ok(close(v, want[i], tol), `${what}[${i}]: page ${v}, engine ${want[i]}`));
};
const until = (page, fn, arg) => page.waitForFunction(fn, arg, { timeout: 15000 });
/** The engine options 4.3 uses for a state. */
const derivationOptions = (s) => ({ dK: s.tdk, samples: s.tsamples, seed: s.tseed, meanQ: s.tdmean, meanK: s.tdmean, sigmaQ: s.tdsd, sigmaK: s.tdsd,
  correlation: s.tdcorr });

/** The engine options of Lesson 4's X · W part and weight drift for a state (with `samples`: those of a preview). */
const assumptionOptionsWith = (s, samples) => ({ dX: s.tdx, dK: s.tkdim, sigmaX: s.tsx, sigmaWq: s.tswq, sigmaWk: s.tswk, meanX: s.tmx, tokens: s.ttokens,
  samples, seed: s.tseed });
const assumptionOptions = (s) => assumptionOptionsWith(s, ASSUMPTION_SAMPLES);

test('the keys of Lessons 4 and 5 round-trip through a link, and bad values fall back to their defaults', () => {
  const state = { ...defaults(), lesson: 'heads', tscores: [1, -2.5, 1e-3], tbeta: 0.002, tshift: -7, tmatrix: [1, 2, 3, 4, 5, 6, 7, 8, 9], tdk: 512,
    tsamples: 500, tdmean: -1.5, tdsd: 2, tdcorr: 0.25, tdx: 16, tkdim: 8, tsx: 2, tswq: 0.5, tswk: 0.01, tmx: -1.5, ttokens: 12, tdrift: 2.5, tseed: 9,
    hdmodel: 24, hheads: '8', hscale: 'dmodel', hseed: 4294967295 };
  assert.deepEqual(parseHash(formatHash(state)), { state, problems: [] });
  assert.match(formatHash(state), /&tmatrix=1,2,3,4,5,6,7,8,9&/);
  for (const row of STATE_TABLE.filter((r) => /^[th][a-z]/.test(r.key) && ['temperature', 'heads'].includes(r.section))) {
    assert.ok(row.type.accepts(row.def), `${row.key}: its default is allowed`);
  }

  const { state: s, problems: p } = parseHash('#lesson=tempo&tbeta=2000&tmatrix=1,2,3&tdk=0&tdcorr=2&hheads=3&hscale=sqrt&tdrift=0&tswq=0');
  const d = defaults();
  assert.deepEqual([s.lesson, s.tbeta, s.tmatrix, s.tdk, s.tdcorr, s.hheads, s.hscale, s.tdrift, s.tswq],
    [d.lesson, d.tbeta, d.tmatrix, d.tdk, d.tdcorr, d.hheads, d.hscale, d.tdrift, d.tswq]);
  assert.deepEqual(p.map((x) => x.key), ['lesson', 'tbeta', 'tmatrix', 'tdk', 'tdcorr', 'hheads', 'hscale', 'tdrift', 'tswq']);
});

const ALL_DEEPER = '&tdeep=sweep,normalisation,derivation,xw,drift';

test('Lesson 4 shows the engine\'s weights, temperature, normalisations, derivation and assumption checks', async () => {
  const { page, log } = await loadBoth(`#lesson=temperature${ALL_DEEPER}`);
  const d = defaults();

  // 4.1 at the defaults: weights at β = 1, the shifted scores give the same weights, T = 1/β from the engine.
  const now = session.engine.boltzmann({ scores: d.tscores, betas: [d.tbeta], shift: d.tshift });
  closeAll(await barValues(page, 'boltzmann-weights'), Array.from(now.weights), 1e-12, 'weights');
  closeAll(await barValues(page, 'boltzmann-shifted'), Array.from(now.shiftedWeights), 1e-12, 'shifted weights');
  closeAll(await barValues(page, 'boltzmann-shifted'), await barValues(page, 'boltzmann-weights'), 1e-12, 'the shift changes nothing');
  assert.equal(await temperature(page), now.temperatures[0]);
  assert.match(await page.textContent('[data-part="boltzmann"] .temperature-readout'), /T = 1\/β = 1$/, 'T is printed beside β');
  assert.ok(close(await stat(page, 'boltzmann', 'entropy'), now.entropy[0]));
  assert.ok(close(await stat(page, 'boltzmann', 'maxweight'), now.maxWeight[0]));
  assert.ok(await stat(page, 'boltzmann-more', 'shiftchange') < 1e-12);
  assert.equal(await page.$eval('[data-chart="boltzmann-sweep"] svg', (n) => n.dataset.xScale), 'log');
  assert.equal(await page.$eval('[data-chart="boltzmann-sweep"] [data-series="w0"]', (n) => Number(n.dataset.count)), BETA_GRID.length);

  // 4.2: both normalisations of the 3×3 matrix, as the engine computes them; attention's rows sum to 1.
  const norm = session.engine.normalisationDemo({ scores: d.tmatrix, rows: 3, cols: 3, beta: d.tbeta });
  closeAll(await matrix(page, 'norm-scores'), d.tmatrix, 0, 'scores');
  closeAll(await matrix(page, 'norm-rows'), Array.from(norm.byRow), 1e-12, 'by row');
  closeAll(await matrix(page, 'norm-columns'), Array.from(norm.byColumn), 1e-12, 'by column');
  for (let i = 0; i < 3; i += 1) {
    assert.ok(close(await cellValue(page, 'sums', `rr${i}`), 1, 1e-12), `row ${i} of attention's weights sums to 1`);
    assert.ok(close(await cellValue(page, 'sums', `cc${i}`), 1, 1e-12), `column ${i} of the paper's weights sums to 1`);
    assert.ok(close(await cellValue(page, 'sums', `rc${i}`), norm.byRowColumnSums[i], 1e-12));
  }
  assert.ok(close(await stat(page, 'normalisation', 'maxdiff'), norm.maxDifference));
  assert.ok(norm.maxDifference > 0.1, 'the two normalisations differ for the default matrix');
  assert.ok(await page.$$eval('[data-part="normalisation"] math', (n) => n.length) >= 2, 'both formulas are typeset');

  // 4.3: every line of the derivation as the engine measured it, with its exact value.
  const der = session.engine.derivation(derivationOptions(d));
  for (const [key, field] of [['vardot', 'varDot'], ['sumvarprod', 'sumVarProducts'], ['sumvarvar', 'sumVarQVarK']]) {
    assert.ok(close(await cellValue(page, 'derivation', key), der[field].value), `${key} measured`);
    assert.ok(close(await cellValue(page, 'derivation', `${key}theory`), der[field].theory), `${key} exact`);
  }
  assert.equal(await cellValue(page, 'derivation', 'dktheory'), d.tdk);
  assert.equal(await page.$('[data-table="derivation"] [data-stat="dk"]'), null, 'the last line, a count, is not shown as a measurement');
  assert.ok(close(await stat(page, 'derivation', 'scaled'), der.scaledVariance.value), 'the logits\' variance, measured');
  assert.deepEqual(await page.$$eval('[data-table="derivation"] tr[data-broken]', (n) => n.map((r) => r.dataset.broken)), ['0', '0', '0', '0']);
  assert.ok(close(await cellValue(page, 'assumptions', 'covqk'), der.covQK.value));
  assert.ok(close(await cellValue(page, 'assumptions', 'covsum'), der.covarianceSum.value));
  assert.ok(await page.$$eval('[data-table="derivation"] math', (n) => n.length) >= 4, 'each line is typeset');

  // 4.4: prediction beside measurement.
  const check = session.engine.assumptionCheck(assumptionOptions(d));
  assert.ok(close(await cellValue(page, 'prediction', 'paperpredicted'), check.predicted));
  assert.ok(close(await cellValue(page, 'prediction', 'allpredicted'), check.predictedAll));
  assert.ok(close(await cellValue(page, 'prediction', 'allmeasured'), check.measured));
  assert.ok(close(await cellValue(page, 'prediction', 'diagmeasured'), check.measuredDiagonal));
  assert.ok(close(await cellValue(page, 'prediction', 'offmeasured'), check.measuredOffDiagonal));
  assert.ok(close(await cellValue(page, 'prediction', 'diagpredicted'), check.predictedDiagonal));
  assert.ok(close(await cellValue(page, 'prediction', 'offpredicted'), check.predictedOffDiagonal));
  assert.ok(close(await stat(page, 'assumptions', 'scaled'), check.scaledVariance));
  assert.ok(close(await stat(page, 'assumptions', 'restoringbeta'), check.restoringBeta));
  assert.ok(close(await stat(page, 'assumptions', 'sharpscaled'), check.scaled.maxWeight));
  assert.ok(close(await stat(page, 'assumptions', 'diagratio'), check.diagonalRatio), 'the diagonal\'s ratio, measured');
  assert.ok(close(check.predictedDiagonalRatio, 1 + 2 / 64), 'the closed form is 1 + 2/dₓ at dₓ = 64');
  assert.ok((await page.textContent('[data-stats="assumptions"] [data-stat="diagratio"]')).includes(`closed form ${sig3(check.predictedDiagonalRatio)} = 1 + 2/dₓ`),
    'the closed form, printed to three significant digits');
  closeAll(await matrix(page, 'assume-scores'), Array.from(check.firstScores), 1e-7, 'first draw of scores');
  assert.equal(check.predicted, 64, 'unit queries and keys: the paper predicts d_k');

  // 4.5 at f = 1: the grid and the chosen factor come from one engine call.
  const drift = session.engine.weightDrift({ ...assumptionOptions(d), drifts: [...DRIFT_GRID, d.tdrift] });
  const g = DRIFT_GRID.length;
  assert.ok(close(await stat(page, 'drift', 'measured'), drift.measured[g]));
  assert.ok(close(await stat(page, 'drift', 'maxweight'), drift.maxWeight[g]));
  assert.equal(await page.$eval('[data-chart="drift-variance"] [data-series="measured"]', (n) => Number(n.dataset.count)), g);
  assert.ok(close(drift.measured[g], check.measured, 1e-9), 'at f = 1 the drift part measures what the X · W part measured');
  noErrors(log, 'Lesson 4');
});

test('Lesson 4 reacts to its controls: β limits, edited scores and matrix, a broken assumption, σ_W and drift', async () => {
  const { page, log } = await loadBoth(`#lesson=temperature${ALL_DEEPER}`);
  // β → ∞: the argmax takes everything; β → 0: uniform, entropy ln n.
  await page.click('[data-part="boltzmann"] .preset-row button:nth-of-type(3)');
  await hashHas(page, 'tbeta', '1000');
  await until(page, () => Number(document.querySelector('[data-stats="boltzmann"] [data-stat="maxweight"]').dataset.value) > 0.999999);
  assert.equal(await temperature(page), 0.001);
  await page.click('[data-part="boltzmann"] .preset-row button:nth-of-type(1)');
  await hashHas(page, 'tbeta', '0.001');
  await until(page, () => Number(document.querySelector('[data-stats="boltzmann"] [data-stat="maxweight"]').dataset.value) < 0.2505);
  assert.ok(close(await stat(page, 'boltzmann', 'entropy'), Math.log(4), 1e-5), 'nearly ln 4');
  // The log track's middle is β = 1 (the default, so the key leaves the link); typing 0 gives T = ∞.
  await page.fill('[data-part="boltzmann"] input[data-key="tbeta"][type="range"]', '500');
  await hashHas(page, 'tbeta', null);
  await page.fill('[data-part="boltzmann"] input[data-key="tbeta"][type="number"]', '0');
  await hashHas(page, 'tbeta', '0');
  await until(page, () => document.querySelector('[data-part="boltzmann"] .temperature-readout strong')?.textContent === '∞');
  assert.deepEqual(await barValues(page, 'boltzmann-weights'), [0.25, 0.25, 0.25, 0.25]);

  // A new row of scores and a shift.
  await page.fill('[data-part="boltzmann"] input[data-key="tbeta"][type="number"]', '1');
  await page.fill('input[data-key="tscores"]', '5, 5, 0');
  await page.fill('input[data-key="tshift"]', '-300');
  await hashHas(page, 'tscores', '5,5,0');
  await hashHas(page, 'tshift', '-300');
  await until(page, () => document.querySelectorAll('[data-chart="boltzmann-weights"] .bar').length === 3);
  const w = await barValues(page, 'boltzmann-weights');
  closeAll(w, Array.from(session.engine.boltzmann({ scores: [5, 5, 0], betas: [1], shift: -300 }).weights), 1e-12, 'weights of 5, 5, 0');
  closeAll(await barValues(page, 'boltzmann-shifted'), w, 1e-12, 'shifted by −300');

  // One cell of the 3×3 matrix.
  await page.fill('input[data-key="tmatrix"][data-cell="4"]', '7');
  await hashHas(page, 'tmatrix', '2,0,1,4,7,0,1,3,2');
  const norm = session.engine.normalisationDemo({ scores: [2, 0, 1, 4, 7, 0, 1, 3, 2], rows: 3, cols: 3, beta: 1 });
  await until(page, (v) => Math.abs(Number(document.querySelector('figure[data-matrix="norm-rows"] .cell[data-row="1"][data-col="1"]').dataset.value) - v) < 1e-12, norm.byRow[4]);

  // d_k of the derivation, then a broken assumption: with means of 1 the product rule (line 3) fails.
  await page.fill('[data-part="derivation"] input[data-key="tdk"][type="number"]', '8');
  await until(page, () => document.querySelector('[data-table="derivation"] [data-stat="dktheory"]')?.dataset.value === '8');
  await refined(page);
  const der = session.engine.derivation(derivationOptions({ ...defaults(), tdk: 8 }));
  assert.ok(close(await cellValue(page, 'derivation', 'vardot'), der.varDot.value));
  await page.click('[data-part="derivation"] .preset-row button:nth-of-type(2)');
  await hashHas(page, 'tdmean', '1');
  await until(page, () => document.querySelector('[data-table="derivation"] tr[data-step="sumvarvar"]')?.dataset.broken === '1');
  assert.equal(await page.getAttribute('[data-table="derivation"] tr[data-step="sumvarprod"]', 'data-broken'), '0', 'line 2 still holds');
  const broken = session.engine.derivation(derivationOptions({ ...defaults(), tdk: 8, tdmean: 1 }));
  assert.ok(close(await cellValue(page, 'derivation', 'sumvarprodtheory'), broken.sumVarProducts.theory));
  assert.ok(broken.sumVarProducts.theory > broken.sumVarQVarK.theory, 'means add to the variance of each product');

  // Unit weights: Q and K entries get variance d_x = 64, so the scores d_x²·d_k.
  // The part's prose, table and numbers are redrawn into the elements already shown (web/dom.js patch), not built anew.
  const shown = '[data-part="assumptions"] .step-prose, [data-part="assumptions"] [data-table="prediction"], [data-stats="assumptions"]';
  const marked = await page.evaluate((sel) => [...document.querySelectorAll(sel)].map((n) => { n.aslMark = true; return n.dataset.table ?? n.dataset.stats ?? 'p'; }), shown);
  await page.click('[data-part="assumptions"] .preset-row button:nth-of-type(2)');
  await hashHas(page, 'tswq', '1');
  await until(page, () => Number(document.querySelector('[data-table="prediction"] [data-stat="paperpredicted"]').dataset.value) === 64 * 64 * 64);
  await refined(page);
  assert.deepEqual(await page.evaluate((sel) => [...document.querySelectorAll(sel)].map((n) => (n.aslMark ? n.dataset.table ?? n.dataset.stats ?? 'p' : 'new')), shown), marked);
  assert.ok(marked.includes('prediction') && marked.includes('assumptions') && marked.includes('p'), `marked: ${marked}`);
  assert.ok(await stat(page, 'assumptions', 'scaled') > 1000, 'after ÷√d_k the variance is still about 4096');
  assert.ok(await stat(page, 'assumptions', 'restoringbeta') < 0.01);

  // Drift f = 2 on the unit setting: sixteen times the variance.
  await page.click('[data-part="assumptions"] .preset-row button:nth-of-type(1)');
  await hashHas(page, 'tswq', null);
  await page.fill('input[data-key="tdrift"][type="number"]', '2');
  await hashHas(page, 'tdrift', '2');
  const drift = session.engine.weightDrift({ ...assumptionOptions(defaults()), drifts: [...DRIFT_GRID, 2] });
  const g = DRIFT_GRID.length;
  await until(page, (v) => Math.abs(Number(document.querySelector('[data-stats="drift"] [data-stat="measured"]').dataset.value) - v) < 1e-9 * v, drift.measured[g]);
  assert.ok(close(drift.measured[g] / drift.measured[DRIFT_GRID.indexOf(1)], 16, 1e-6), 'the engine\'s variance grows by f⁴');
  assert.ok(await stat(page, 'drift', 'maxweight') > drift.assumed.maxWeight + 0.2, 'the rows are much sharper than 1/√d_k intended');
  noErrors(log, 'Lesson 4 controls');
});

test('a link restores Lesson 4\'s settings; bad values fall back with a visible notice', async () => {
  const good = `#lesson=temperature&tscores=1,0,-1&tbeta=20&tshift=3&tmatrix=1,0,0,0,1,0,0,0,1&tdk=16&tsamples=2000&tdcorr=0.5&tdx=32&tkdim=16&tswq=0.25&tswk=0.5&tmx=1&ttokens=6&tdrift=1.5&tseed=3${ALL_DEEPER}`;
  const { page, log } = await loadBoth(good);
  assert.equal(await page.inputValue('input[data-key="tscores"]'), '1,0,-1');
  assert.equal(await page.inputValue('input[data-key="tbeta"][type="number"]'), '20');
  assert.equal(await page.inputValue('input[data-key="tmatrix"][data-cell="4"]'), '1');
  assert.equal(await page.inputValue('input[data-key="tdk"][type="number"]'), '16');
  assert.equal(await page.inputValue('[data-part="derivation"] input[data-key="tdcorr"]'), '0.5');
  assert.equal(await page.inputValue('input[data-key="tmx"]'), '1');
  const s = parseHash(good).state;
  const b = session.engine.boltzmann({ scores: [1, 0, -1], betas: [20], shift: 3 });
  closeAll(await barValues(page, 'boltzmann-weights'), Array.from(b.weights), 1e-12, 'weights at β = 20');
  assert.equal(await temperature(page), b.temperatures[0]);
  const norm = session.engine.normalisationDemo({ scores: s.tmatrix, rows: 3, cols: 3, beta: 20 });
  closeAll(await matrix(page, 'norm-columns'), Array.from(norm.byColumn), 1e-12, 'by column at β = 20');
  const der = session.engine.derivation(derivationOptions(s));
  assert.ok(close(await cellValue(page, 'derivation', 'sumvarvar'), der.sumVarQVarK.value));
  assert.equal(await page.getAttribute('[data-table="derivation"] tr[data-step="sumvarvar"]', 'data-broken'), '1', 'correlated qᵢ, kᵢ break the product rule');
  const check = session.engine.assumptionCheck(assumptionOptions(s));
  assert.ok(close(await cellValue(page, 'prediction', 'diagmeasured'), check.measuredDiagonal));
  assert.ok(close(await cellValue(page, 'prediction', 'offpredicted'), check.predictedOffDiagonal));
  assert.ok(check.predictedDiagonal > check.predictedOffDiagonal, 'with mean 1 the diagonal scores spread wider');
  const drift = session.engine.weightDrift({ ...assumptionOptions(s), drifts: [...DRIFT_GRID, 1.5] });
  assert.ok(close(await stat(page, 'drift', 'measured'), drift.measured[DRIFT_GRID.length]));
  assert.equal(await page.$$eval('[data-notice]', (n) => n.length), 0, 'a valid link raises no notice');
  noErrors(log, 'a Lesson 4 link');

  const bad = await loadBoth(`#lesson=temperature&tbeta=-1&tmatrix=1,2&tdk=5000&tsx=abc&tdrift=20${ALL_DEEPER}`);
  const notice = bad.page.locator('[data-notice="link"]');
  assert.ok(await notice.isVisible());
  const text = await notice.textContent();
  for (const key of ['tbeta', 'tmatrix', 'tdk', 'tsx', 'tdrift']) assert.match(text, new RegExp(`${key} = `), `the notice names ${key}`);
  assert.equal(await bad.page.inputValue('input[data-key="tbeta"][type="number"]'), '1');
  assert.equal(await bad.page.inputValue('input[data-key="tdk"][type="number"]'), '64');
  assert.equal(await bad.page.inputValue('input[data-key="tmatrix"][data-cell="0"]'), '2');
  assert.equal(await bad.page.evaluate(() => new URLSearchParams(location.hash.slice(1)).get('tbeta')), null, 'the link drops the bad value');
});

/** "12.3 ± 0.45" → "0.45" (the standard error as printed: two significant digits, web/format.js sig2). */
const printedError = (text) => text.split('±')[1].trim();

test('while a slider is dragged Lesson 4\'s Monte Carlo parts show a labelled preview; once it settles, the engine\'s full-sample numbers', async () => {
  const { page, log } = await loadBoth(`#lesson=temperature${ALL_DEEPER}`);
  const read = {
    all: '[data-table="prediction"] [data-stat="allmeasured"]',
    scaled: '[data-stats="assumptions"] [data-stat="scaled"]',
    drift: '[data-stats="drift"] [data-stat="measured"]',
  };
  // d_x dragged along its log track. Held well past the settle time: nothing is refined while the pointer is down.
  const during = await dragAndHold(page, '[data-part="assumptions"] input[data-key="tdx"]', [600, 620, 640, 660], 600, read);
  const s = parseHash(during.hash).state;
  assert.notEqual(s.tdx, defaults().tdx, 'the drag moved d_x');
  for (const part of ['assumptions', 'drift']) {
    const l = during.labels[part];
    assert.equal(l.state, 'preview', `${part} is labelled a preview during the drag: ${l.text}`);
    assert.ok(l.samples >= 2 && l.samples < ASSUMPTION_SAMPLES, `${part}: a few samples (${l.samples})`);
    assert.equal(l.full, ASSUMPTION_SAMPLES);
    assert.match(l.text, new RegExp(`^preview: ${l.samples} `));
  }
  assert.equal(during.labels.derivation.state, 'full', '4.3 does not depend on d_x and keeps its full numbers');
  // The preview's numbers are the engine's for the sample count the label gives, with its (larger) standard error.
  const previewCheck = session.engine.assumptionCheck(assumptionOptionsWith(s, during.labels.assumptions.samples));
  const fullCheck = session.engine.assumptionCheck(assumptionOptions(s));
  assert.ok(close(during.numbers.all.value, previewCheck.measured), `preview variance ${during.numbers.all.value}, engine ${previewCheck.measured}`);
  assert.equal(printedError(during.numbers.all.text), sig2(previewCheck.measuredStdError), 'the preview prints the engine\'s standard error');
  assert.ok(previewCheck.measuredStdError > fullCheck.measuredStdError, 'and it is larger than the full run\'s');
  const previewDrift = session.engine.weightDrift({ ...assumptionOptionsWith(s, during.labels.drift.samples), drifts: [s.tdrift] });
  assert.ok(close(during.numbers.drift.value, previewDrift.measured[0]), 'the drift preview is the engine\'s for its sample count');
  assert.equal(await page.$eval('[data-chart="drift-variance"] [data-series="measured"]', (n) => Number(n.dataset.count)), 5, 'a coarser grid of factors while dragging');

  // Released: the full sample counts, exactly the engine's numbers for these settings.
  await release(page, '[data-part="assumptions"] input[data-key="tdx"]');
  await refined(page);
  for (const part of ['assumptions', 'drift']) {
    const state = await page.$eval(`[data-part="${part}"] .sample-state`, (n) => [n.dataset.sampleState, n.dataset.samples, n.textContent]);
    assert.deepEqual(state.slice(0, 2), ['full', String(ASSUMPTION_SAMPLES)], `${part}: ${state[2]}`);
  }
  assert.ok(close(await cellValue(page, 'prediction', 'allmeasured'), fullCheck.measured));
  assert.ok(close(await stat(page, 'assumptions', 'scaled'), fullCheck.scaledVariance));
  assert.equal(printedError(await page.textContent(read.all)), sig2(fullCheck.measuredStdError));
  const drift = session.engine.weightDrift({ ...assumptionOptions(s), drifts: [...DRIFT_GRID, s.tdrift] });
  const g = DRIFT_GRID.length;
  assert.ok(close(await stat(page, 'drift', 'measured'), drift.measured[g]));
  assert.ok(close(await stat(page, 'drift', 'maxweight'), drift.maxWeight[g]));
  assert.equal(await page.$eval('[data-chart="drift-variance"] [data-series="measured"]', (n) => Number(n.dataset.count)), g);

  noErrors(log, 'previews');
});

test('at 375 px wide Lesson 4 does not make the page scroll sideways', async () => {
  const { page } = await loadBoth('#lesson=temperature', { viewport: { width: 375, height: 800 } });
  assert.deepEqual(await misfits(page, '#lesson-temperature'), [], 'temperature at 375 px');
});
