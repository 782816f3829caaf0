// Lesson 4 as a lesson in Chromium: it opens with its claim and the β dial beside its chart, fits its share of the
// page, keeps its side material in "Go deeper" sections whose open state is in the link, breaks one assumption at a
// time with the engine's numbers, and asks predict-then-see questions whose explanations follow the settings; its prose
// follows the settings (4.1's cold sentence, 4.5's labels). Every part's numbers against the engine in Node, its
// controls, its link, the previews while a slider is dragged and the phone: tests/e2e/lesson4-engine.test.mjs.
// Needs build/page/app.js (node web/build.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { refined, browserSession, settled, statValue as stat, statText, heatmapValues } from './harness.mjs';
import { close, lesson4Loader, noErrors } from './lesson4-shared.mjs';
import { defaults } from '../../web/state.js';
import { sig3 } from '../../web/format.js';

const session = browserSession({ engine: true });
const DEEPER = ['sweep', 'normalisation', 'derivation', 'xw', 'drift'];
// The lesson's share of the default page at 1280 px (the lesson brief).
const SHARE = { height: 1800, words: 550 };

const load = lesson4Loader(session);

const bars = (page, chart) => page.$$eval(`[data-chart="${chart}"] .bar`, (n) => n.map((b) => ({ value: Number(b.dataset.value), fill: b.querySelector('rect').getAttribute('fill') })));
const hashKey = (page, key) => page.evaluate((k) => new URLSearchParams(location.hash.slice(1)).get(k), key);
/** Waits until a printed statistic has the value the engine gives (after any preview has been refined). */
const untilStat = (page, id, key, want) => page.waitForFunction(([i, k, v]) => {
  const n = document.querySelector(`[data-stats="${i}"] [data-stat="${k}"]`);
  return n && Math.abs(Number(n.dataset.value) - v) <= 1e-9 * (1 + Math.abs(v));
}, [id, key, want], { timeout: 20000 });

test('Lesson 4 opens with its claim and the β dial beside its chart, and fits its share of the page with nothing opened', async () => {
  const { page, log } = await load('#lesson=temperature');
  const lesson = page.locator('#lesson-temperature');
  // Under the title (and the frame's copy-link button) the first thing is the claim.
  const first = await lesson.evaluate((s) => [...s.querySelectorAll('.lesson-title ~ *')].find((n) => !n.querySelector('.copy-link'))
    .firstElementChild.className);
  assert.equal(first, 'lesson-claim', 'the claim comes first under the title');
  assert.match(await lesson.locator('.lesson-claim').textContent(), /standard deviation of q·k.*β = 1\/√dₖ/);

  // The dial: the first control sits beside the chart it moves, and little prose comes before it.
  const [controls, chart] = await Promise.all(['[data-part="boltzmann"] .control-figure > .control-panel', '[data-chart="boltzmann-weights"]']
    .map((s) => page.$eval(s, (n) => n.getBoundingClientRect().toJSON())));
  assert.ok(chart.left >= controls.right - 1 && chart.top < controls.bottom, 'the weights chart is beside the dial');
  const before = await lesson.evaluate((s) => {
    const firstInput = s.querySelector('input');
    const range = document.createRange();
    range.setStartBefore(s.querySelector('.lesson-title').nextElementSibling);
    range.setEndBefore(firstInput);
    return range.toString().split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  });
  assert.ok(before <= 60, `${before} words before the first control`);

  // Nothing opened: every deeper section is closed, and the lesson stays within its share at 1280 px.
  assert.deepEqual(await page.$$eval('#lesson-temperature details[data-deeper]', (n) => n.map((d) => [d.dataset.deeper, d.open])),
    [['sweep', false], ['normalisation', false], ['derivation', false], ['xw', false], ['drift', false]]);
  const size = await lesson.evaluate((s) => ({ height: s.getBoundingClientRect().height,
    words: s.innerText.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length }));
  assert.ok(size.height <= SHARE.height, `Lesson 4 is ${Math.round(size.height)} px tall (share ${SHARE.height})`);
  assert.ok(size.words <= SHARE.words, `Lesson 4 shows ${size.words} words (share ${SHARE.words})`);
  noErrors(log, 'Lesson 4 at rest');
});

test('each Go deeper section of Lesson 4 opens, writes the link, and a link with its key opens it', async () => {
  const { page, log } = await load('#lesson=temperature');
  for (const [i, id] of DEEPER.entries()) {
    await page.click(`details[data-deeper="${id}"] > summary`);
    // The link is written once the changes pause (web/state.js): wait until it lists this many sections.
    await page.waitForFunction((n) => (new URLSearchParams(location.hash.slice(1)).get('tdeep') ?? '').split(',').filter(Boolean).length === n, i + 1);
    assert.ok((await hashKey(page, 'tdeep')).split(',').includes(id), `${id} is in the link`);
    assert.ok(await page.$eval(`details[data-deeper="${id}"] .deeper-body`, (n) => n.getBoundingClientRect().height > 100), `${id} shows its content`);
  }
  await page.click('details[data-deeper="sweep"] > summary');
  await page.waitForFunction(() => !(new URLSearchParams(location.hash.slice(1)).get('tdeep') ?? '').includes('sweep'));
  noErrors(log, 'opening the deeper sections');

  for (const id of DEEPER) {
    const linked = await load(`#lesson=temperature&tdeep=${id}`);
    const open = await linked.page.$$eval('#lesson-temperature details[data-deeper]', (n) => n.filter((d) => d.open).map((d) => d.dataset.deeper));
    assert.deepEqual(open, [id], `a link with tdeep=${id} opens that section alone`);
  }
  // Opened, a deeper part shows the engine's numbers: the drift part at its defaults.
  const { page: drift } = await load('#lesson=temperature&tdeep=drift');
  const d = defaults();
  const options = { dX: d.tdx, dK: d.tkdim, sigmaX: d.tsx, sigmaWq: d.tswq, sigmaWk: d.tswk, meanX: d.tmx, tokens: d.ttokens, samples: 150, seed: d.tseed };
  const grid = Array.from({ length: 13 }, (_, k) => 2 ** ((k - 6) / 3));
  const r = session.engine.weightDrift({ ...options, drifts: [...grid, d.tdrift] });
  assert.ok(close(await stat(drift, 'drift', 'measured'), r.measured[grid.length]));
  assert.equal(await stat(drift, 'drift', 'ratio'), r.varianceRatio[grid.length]);
  const green = await drift.$eval('[data-chart="drift-sharpness"] [data-series="restored"]', (n) => Number(n.dataset.count));
  assert.equal(green, grid.length, 'the reset-β sharpness is measured at every factor');
});

test('breaking one assumption at a time moves exactly the line it needs off dₖ, with the engine\'s numbers', async () => {
  const { page, log } = await load('#lesson=temperature');
  const d = defaults();
  const derivation = (o) => session.engine.derivation({ dK: d.tdk, samples: d.tsamples, seed: d.tseed, ...o });
  const cases = [
    ['none', {}, null, [false, false, false, false]],
    ['mean', { meanQ: 1, meanK: 1 }, ['tdmean', '1'], [true, true, false, false]],
    ['variance', { sigmaQ: 2, sigmaK: 2 }, ['tdsd', '2'], [true, true, true, false]],
    ['aligned', { correlation: 0.5 }, ['tdcorr', '0.5'], [true, true, false, false]],
  ];
  for (const [mode, options, amount, offDk] of cases) {
    await page.check(`[data-part="break"] input[data-key="tbreak"][value="${mode}"]`);
    await settled(page, mode === 'none' ? 'lesson=temperature' : `tbreak=${mode}`);
    if (amount) assert.equal(await hashKey(page, amount[0]), amount[1], `choosing ${mode} breaks it: ${amount[0]} = ${amount[1]}`);
    const r = derivation(options);
    await untilStat(page, 'break', 'logitvar', r.scaledVariance.value);
    const shown = await bars(page, 'break-chain');
    assert.deepEqual(shown.map((b) => b.value), [r.varDot.value, r.sumVarProducts.value, r.sumVarQVarK.value, d.tdk], `${mode}: the bars are the engine's lines`);
    const colours = shown.map((b) => b.fill);
    assert.deepEqual(colours.map((c) => c !== colours[3]), offDk, `${mode}: the lines off dₖ are marked`);
    assert.match(await statText(page, 'break', 'fails'), mode === 'none' ? /every equals sign holds/ : /fails/);
    // Only the chosen assumption is broken: the other amounts stay neutral in the engine call.
    assert.equal(r.scaledVariance.theory, { none: 1, mean: 3, variance: 16, aligned: 1.25 }[mode]);
    if (mode === 'mean') {
      // What the softmax sees: the spread within one query's row, μ² + 1 = 2 per unit of dₖ, not 3 (Lesson 2.4).
      const row = session.engine.varianceSweep({ maxDim: d.tdk, vectors: 200, distribution: 'normal', mean: 1, std: 1, seed: d.tseed, scaled: true });
      assert.equal(await stat(page, 'break', 'rowvar'), row.rowVariance[d.tdk - 1]);
      assert.equal(row.theoryRowVariance[d.tdk - 1], 2);
    } else {
      assert.equal(await page.$('[data-stats="break"] [data-stat="rowvar"]'), null, `${mode}: no within-row line`);
    }
  }

  // A token's query against its own key: uncorrelated but dependent; the variance ratio against 1 + 2/dₓ.
  await page.check('[data-part="break"] input[data-key="tbreak"][value="diagonal"]');
  await settled(page, 'tbreak=diagonal');
  assert.equal(await hashKey(page, 'tdx'), '2', 'choosing it narrows x to dₓ = 2');
  // The engine's numbers for the sample count the part says it shows.
  const unit = async (dX) => session.engine.assumptionCheck({ dX, dK: d.tdk, sigmaX: 1, sigmaWq: 1 / Math.sqrt(dX), sigmaWk: 1 / Math.sqrt(dX), meanX: 0,
    tokens: d.ttokens, seed: d.tseed, samples: await page.$eval('[data-part="break"] .sample-state', (n) => Number(n.dataset.samples)) });
  await refined(page);
  let c = await unit(2);
  await untilStat(page, 'break', 'diagratio', c.diagonalRatio);
  assert.equal(c.predictedDiagonalRatio, 2, 'the closed form is 1 + 2/2');
  assert.ok(Math.abs(c.diagonalRatio - 2) < 4 * c.diagonalRatioStdError, `measured ${c.diagonalRatio} ± ${c.diagonalRatioStdError}`);
  assert.ok(c.samples > 150 && c.diagonalRatioStdError < 0.2, `cheap samples at dₓ = 2: ${c.samples}, ratio ± ${c.diagonalRatioStdError}`);
  assert.deepEqual((await bars(page, 'break-chain')).map((b) => b.value), [c.measuredOffDiagonal, c.measuredDiagonal, d.tdk]);
  await page.fill('[data-part="break"] input[data-key="tdx"]', String(Math.round(1000 * Math.log(8) / Math.log(128))));
  await settled(page, 'tdx=8');
  await refined(page);
  c = await unit(8);
  await untilStat(page, 'break', 'diagratio', c.diagonalRatio);
  assert.match(await page.textContent('[data-stats="break"] [data-stat="diagratio"]'), /1 \+ 2\/dₓ = 1\.25/);
  noErrors(log, 'breaking assumptions');
});

test('Lesson 4\'s questions: right and wrong answers, explanations with the engine\'s numbers that follow the settings', async () => {
  const { page, log } = await load('#lesson=temperature&tdeep=xw,drift');
  const answer = async (id, value) => {
    const q = page.locator(`[data-question="${id}"]`);
    await q.locator(`input[value="${value}"]`).check();
    await q.locator('.question-check').click();
    return q;
  };
  const explain = (id) => page.locator(`[data-question="${id}"] .question-explain`).textContent();

  // β → 0: uniform weights; the explanation prints the weights at β = 0 and at the learner's β.
  let q = await answer('temperature-hot', 'argmax');
  assert.equal(await q.getAttribute('data-answered'), 'wrong');
  q = await answer('temperature-hot', 'uniform');
  assert.equal(await q.getAttribute('data-answered'), 'correct');
  const hot1 = await explain('temperature-hot');
  const b = session.engine.boltzmann({ scores: defaults().tscores, betas: [0, 1] });
  assert.ok(hot1.includes(`weight ${sig3(b.weights[0])} and entropy ${sig3(b.entropy[0])}`), hot1);
  assert.ok(hot1.includes(`At your β = 1: largest weight ${sig3(b.maxWeight[1])}, entropy ${sig3(b.entropy[1])}`), hot1);
  await page.click('[data-part="boltzmann"] .preset-row button:nth-of-type(3)');
  await settled(page, 'tbeta=1000');
  const hot2 = await explain('temperature-hot');
  assert.notEqual(hot2, hot1, 'the explanation follows β');
  assert.match(hot2, /At your β = 1000: largest weight 1/);

  // Correlated q and k: the logits get variance 1 + ρ², measured.
  q = await answer('temperature-correlated', 'same');
  assert.equal(await q.getAttribute('data-answered'), 'wrong');
  q = await answer('temperature-correlated', 'wider');
  assert.equal(await q.getAttribute('data-answered'), 'correct');
  const r64 = session.engine.derivation({ dK: 64, samples: defaults().tsamples, seed: 1, correlation: 0.5 });
  const c1 = await explain('temperature-correlated');
  assert.ok(c1.includes(`dₖ = 64`) && c1.includes(`theory 1 + ρ² = 1.25`), c1);
  assert.ok(c1.includes(`Var(q·k) = ${sig3(r64.varDot.value)} ±`), c1);
  // In a row, the aligned key's lead is what the softmax sees: the engine's aligned logit at this dₖ is quoted.
  const row64 = session.engine.alignmentScaling({ dKs: [64], rho: 0.5, n: 16, samples: 400, seed: 1 });
  assert.ok(c1.includes(`logit ${sig3(row64.inverseSqrt.alignedLogit[0])} ±`), c1);
  await page.fill('[data-part="break"] input[data-key="tdk"]', String(Math.round(1000 * Math.log(16) / Math.log(512))));
  await settled(page, 'tdk=16');
  const c2 = await explain('temperature-correlated');
  assert.ok(c2.includes('dₖ = 16') && c2 !== c1, 'the explanation follows dₖ');

  // Doubling W_q and W_k: scores ×4, variance ×16, from the drift part's measurement.
  await refined(page);
  q = await answer('temperature-double-weights', '2');
  assert.equal(await q.getAttribute('data-answered'), 'wrong');
  q = await answer('temperature-double-weights', '4');
  assert.equal(await q.getAttribute('data-answered'), 'correct');
  const d1 = await explain('temperature-double-weights');
  assert.match(d1, /4(\.000)? times as wide at f = 2/);
  assert.match(d1, /variance 16(\.00)? times/);
  assert.match(d1, /β = 1\/√64/);
  // The maps keep their height when the token count changes, so nothing below them moves.
  const mapsBox = () => page.$eval('[data-part="assumptions"] .maps-row', (n) => ({ height: n.getBoundingClientRect().height,
    cells: n.querySelectorAll('figure[data-matrix="assume-scores"] .cell').length }));
  const maps8 = await mapsBox();
  await page.fill('[data-part="assumptions"] input[data-key="ttokens"]', '6');
  await page.dispatchEvent('[data-part="assumptions"] input[data-key="ttokens"]', 'change');
  await settled(page, 'ttokens=6');
  await refined(page);
  const maps6 = await mapsBox();
  assert.deepEqual([maps8.cells, maps6.cells], [64, 36], 'a map has a cell per pair of tokens');
  assert.equal(maps6.height, maps8.height, 'the maps are as tall with 6 tokens as with 8');
  await page.fill('[data-part="assumptions"] input[data-key="tkdim"]', String(Math.round(1000 * Math.log(16) / Math.log(128))));
  await settled(page, 'tkdim=16');
  await refined(page);
  const d2 = await explain('temperature-double-weights');
  assert.match(d2, /β = 1\/√16/, 'the explanation follows the X · W settings');
  noErrors(log, 'Lesson 4 questions');
});

/** Opens the page with `hash` and waits until Lessons 4 and 5 have drawn, previews refined. */


test('4.1\'s "cold" sentence follows the scores: one largest score takes the weight, tied largest scores share it', async () => {
  const prose = (page) => page.textContent('[data-part="boltzmann"] .part-prose');
  const one = await load('#lesson=temperature');
  assert.match(await prose(one.page), /Cold \(large β\): the largest score takes nearly all the weight/);
  const { page, log } = await load('#lesson=temperature&tscores=3,3,1&tbeta=1000');
  const r = session.engine.boltzmann({ scores: [3, 3, 1], betas: [1000] });
  assert.ok(close(await stat(page, 'boltzmann', 'maxweight'), r.maxWeight[0]));
  assert.ok(Math.abs(r.maxWeight[0] - 0.5) < 1e-9, `two tied scores share the weight at β = 1000: ${r.maxWeight[0]}`);
  const text = await prose(page);
  assert.doesNotMatch(text, /the largest score takes/);
  assert.match(text, /the 2 tied largest scores share nearly all the weight equally/);
  noErrors(log, 'tied scores');
});

test('4.5\'s within-row variance is labelled as the other tokens\' keys only: with 2 tokens it is 0 while the softmax still weighs two keys', async () => {
  const { page, log } = await load('#lesson=temperature&ttokens=2&tdeep=xw');
  const row = page.locator('[data-table="prediction"] tr[data-row="row"]');
  await row.waitFor();
  await refined(page);
  const measured = Number(await row.locator('[data-stat="rowmeasured"]').getAttribute('data-value'));
  assert.equal(measured, 0, 'one key j ≠ i per row: no spread among the other keys');
  const weights = await heatmapValues(page, 'assume-weights');
  assert.equal(weights.length, 4);
  assert.ok(Math.abs(weights[0] - 0.5) > 1e-3, `the first row's softmax over both keys is not uniform: ${weights}`);
  const text = (await row.textContent()).replace(/\s+/g, ' ');
  assert.match(text, /j ≠ i/);
  assert.doesNotMatch(text, /the spread the softmax sees/);
  noErrors(log, 'two tokens');
});
