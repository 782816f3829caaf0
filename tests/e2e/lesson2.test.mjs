// Lesson 2 as a lesson in Chromium: the claim and the core path (histograms, the sweep and the sweep after 1/√dₖ)
// with the engine's numbers, the lesson's share of the page, each "Go deeper" section (opens, writes the link, opens
// from a link, shows its numbers: the fit, entries with a mean, dot products by hand), and the three predictions
// answered right and wrong with explanations that follow the settings. Numbers are compared with the same engine
// loaded in Node. Its controls, links, timing, redraws and previews, a list typed into a field and the phone:
// tests/e2e/lesson2-engine.test.mjs. Needs build/page/app.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserSession } from './harness.mjs';
import { STD, close, lesson, lesson2Loader, noErrors, seriesCount, stat, until } from './lesson2-shared.mjs';
import { sig3 } from '../../web/format.js';
import { PAIRS, BINS } from '../../web/sections/variance/shared.js';

const session = browserSession({ engine: true });

const load = lesson2Loader(session);

test('Lesson 2 opens with its claim, then histograms at three dₖ and the sweep before and after 1/√dₖ, all from the engine', async () => {
  const { page, log } = await load();
  const intro = await lesson(page).locator('.lesson-intro').textContent();
  assert.match(intro, /The claim.*grows in proportion to dₖ/);
  assert.equal(await page.inputValue('select[data-key="vdist"]'), 'stdnormal', 'standard normal entries by default');
  assert.equal(await page.isHidden('input[data-key="vmean"]'), true, 'μ and σ show only for a normal of your choice');

  assert.deepEqual(await page.$$eval('.histogram-panel', (n) => n.map((p) => Number(p.dataset.dim))), [3, 100, 1000]);
  const variances = [];
  for (const dim of [3, 100, 1000]) {
    const want = session.engine.dotProducts({ dim, pairs: PAIRS, seed: 1, bins: BINS, ...STD });
    variances.push(await stat(page, `hist-${dim}`, 'variance'));
    assert.ok(close(variances.at(-1), want.variance), `variance at dₖ = ${dim}`);
    assert.ok(close(await stat(page, `hist-${dim}`, 'sd'), want.sd), `width at dₖ = ${dim}`);
    assert.match(await page.textContent(`[data-stats="hist-${dim}"]`), new RegExp(`theory ${sig3(dim)}\\)`), 'theory is labelled as theory (three significant digits: 1,000)');
    assert.equal(await page.$$eval(`.histogram-panel[data-dim="${dim}"] .bins rect`, (n) => n.length), 30);
  }
  assert.ok(variances[0] < variances[1] && variances[1] < variances[2], `variances ${variances} grow with dₖ`);

  const sweep = session.engine.varianceSweep({ maxDim: 512, vectors: 100, seed: 1, scaled: false, ...STD });
  const scaled = session.engine.varianceSweep({ maxDim: 512, vectors: 100, seed: 1, scaled: true, ...STD });
  assert.equal(await seriesCount(page, 'sweep-linear', 'variance'), 512);
  assert.equal(await seriesCount(page, 'scaled-variance', 'variance'), 512);
  assert.ok(close(await stat(page, 'sweep', 'slope'), sweep.slope), 'fitted slope');
  assert.ok(close(await stat(page, 'sweep', 'variance'), sweep.variance[511]));
  assert.ok(close(await stat(page, 'sweep-scaled', 'scaledslope'), scaled.slope), 'slope after 1/√dₖ');
  assert.ok(Math.abs(scaled.slope) < 1e-3 && Math.abs(sweep.slope - 1) < 0.1, 'level after scaling, slope near σ⁴ = 1 before');
  assert.match(await page.textContent('[data-stats="sweep"]'), /theory σ⁴ \+ 2μ²σ² = 1\)/);
  // The side material is there but closed: nothing of it is laid out.
  assert.deepEqual(await page.$$eval('#lesson-variance details[data-deeper]', (n) => n.map((d) => [d.dataset.deeper, d.open])),
    [['spine', false], ['fit', false], ['uniform', false], ['byhand', false], ['scalecheck', false]]);
  noErrors(log, 'Lesson 2');
});

test('Lesson 2 at 1280 px stays within its share of the page: at most 1,800 px tall and 550 visible words', async () => {
  const { page } = await load();
  await page.waitForTimeout(300); // charts redraw at their laid-out width
  const size = await page.$eval('#lesson-variance', (s) => ({ h: s.getBoundingClientRect().height,
    w: (s.innerText || '').split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length }));
  console.log(`Lesson 2 at 1280 px: ${Math.round(size.h)} px, ${size.w} visible words`);
  assert.ok(size.h <= 1800, `height ${size.h}`);
  assert.ok(size.w <= 550, `words ${size.w}`);
});

test('each "Go deeper" section opens on a click, writes the link, and opens from a link', async () => {
  const { page, log } = await load();
  for (const id of ['spine', 'fit', 'uniform', 'byhand', 'scalecheck']) {
    await lesson(page).locator(`details[data-deeper="${id}"] > summary`).click();
    await until(page, (want) => new RegExp(`vdeep=[^&]*${want}`).test(location.hash), id);
    assert.equal(await page.$eval(`details[data-deeper="${id}"]`, (d) => d.open), true);
  }
  assert.match(await page.evaluate(() => location.hash), /vdeep=spine,fit,uniform,byhand,scalecheck/);
  await lesson(page).locator('details[data-deeper="fit"] > summary').click();
  await until(page, () => !/vdeep=fit/.test(location.hash));
  noErrors(log, 'opening the sections');

  for (const id of ['spine', 'fit', 'uniform', 'byhand', 'scalecheck']) {
    const linked = await load(`#lesson=variance&vdeep=${id}`);
    const open = await linked.page.$$eval('#lesson-variance details[data-deeper]', (n) => n.filter((d) => d.open).map((d) => d.dataset.deeper));
    assert.deepEqual(open, [id], `a link with vdeep=${id} opens that section only`);
    assert.ok(await linked.page.locator(`details[data-deeper="${id}"] .part-panel`).isVisible());
  }
});

test('how well the line fits: log–log axes, the intercept and the expected slope, and the time the sweep took', async () => {
  const { page, log } = await load('#lesson=variance&vdist=uniform&vdeep=fit');
  const sweep = session.engine.varianceSweep({ maxDim: 512, vectors: 100, seed: 1, distribution: 'uniform', scaled: false });
  assert.equal(await seriesCount(page, 'sweep-loglog', 'variance'), 512);
  assert.equal(await page.$eval('[data-chart="sweep-loglog"] svg', (n) => n.dataset.xScale + n.dataset.yScale), 'loglog');
  assert.ok(close(await stat(page, 'fit', 'intercept'), sweep.intercept));
  assert.ok(close(await stat(page, 'fit', 'loglog'), sweep.logLogSlope));
  const expected = await stat(page, 'fit', 'expected');
  assert.ok(expected < 7 / 144 && expected > 0.97 * (7 / 144), `shared vectors put the expected slope ${expected} slightly under 7/144`);
  const prose = (await page.textContent('[data-part="fit"] .part-prose')).replace(/\s+/g, ' ');
  assert.match(prose, new RegExp(`share a vector rise and fall together: for all 4950 pairs of 100 vectors the engine expects a slope of `
    + `${sig3(sweep.expectedSlope)}, below the theory’s ${sig3(sweep.theorySlope)}\\. This sample’s least-squares slope is ${sig3(sweep.slope)}\\. `
    + `.*at dₖ = 512 it measured ${sig3(sweep.variance[511])}, where the engine expects ${sig3(sweep.expectedVariance[511])} ± `),
  'the sentence names the expected, theory and fitted slopes, and the measured variance beside its expected spread');
  assert.match(await page.textContent('.sweep-time'), /4950 pairs of 100 vectors in \d+(\.\d+)? ms/);
  noErrors(log, 'the fit');
});

test('entries with a mean: the mean drifts, a row sees only d·E[q²]σ², and 1/√dₖ levels it; the text says why', async () => {
  const { page, log } = await load('#lesson=variance&vdeep=uniform');
  const part = page.locator('[data-part="uniform"]');
  assert.match(await part.locator('.part-prose').textContent(), /μ = 0 and the mean stays near zero/);
  await part.locator('button[data-action="entries"]').click();
  await until(page, () => location.hash.includes('vdist=uniform'));
  await until(page, () => /uniform/.test(document.querySelector('[data-chart="row-spread"] svg')?.getAttribute('aria-label') ?? ''));
  assert.equal(await page.inputValue('select[data-key="vdist"]'), 'uniform', 'the button chose the source’s entries');

  const raw = session.engine.varianceSweep({ maxDim: 512, vectors: 100, seed: 1, distribution: 'uniform', scaled: false });
  const scaled = session.engine.varianceSweep({ maxDim: 512, vectors: 100, seed: 1, distribution: 'uniform', scaled: true });
  assert.ok(close(await stat(page, 'uniform', 'rowvar'), scaled.rowVariance[511]));
  assert.ok(close(await stat(page, 'uniform', 'between'), scaled.rowMeanVariance[511]));
  assert.ok(close(await stat(page, 'uniform', 'allpairs'), scaled.variance[511]));
  assert.ok(close(await stat(page, 'uniform', 'mean'), raw.mean[511]));
  assert.ok(close(await stat(page, 'uniform', 'scaledmean'), scaled.mean[511]));
  assert.ok(close(await stat(page, 'uniform', 'rowslope'), scaled.rowSlope));
  assert.ok(Math.abs(scaled.rowSlope) < 1e-4 && scaled.mean[511] > 3 * scaled.mean[31], 'the row is level while the mean grows');
  assert.ok(await stat(page, 'uniform', 'shift') < 1e-12, 'the softmax ignores the common shift');
  assert.equal(await seriesCount(page, 'row-spread', 'row'), 512);
  assert.equal(await seriesCount(page, 'sweep-mean', 'mean'), 512);
  assert.equal(await seriesCount(page, 'scaled-mean', 'mean'), 512);

  const text = await part.locator('.part-prose').textContent();
  assert.match(text, /same q·μ/);
  // The shift check subtracts the raw scores' mean (about dₖμ² = 250 at dₖ = 1000), then divides by √dₖ: the text says so.
  const shift = text.match(/taking the mean raw score ([\d,.]+) off every one before dividing by √dₖ/);
  assert.ok(shift, `the shift is named as the raw mean, taken off before dividing: ${text}`);
  assert.ok(Math.abs(Number(shift[1].replace(/,/g, '')) - 250) < 25, `the raw mean, not the divided scores' ≈ 7.9: ${shift[1]}`);
  assert.match(text, /0\.0278 per unit of dₖ \(1\/3 · 1\/12 = 1\/36/, 'the row’s theory slope, printed from the engine (1/36 to three significant digits)');
  assert.doesNotMatch(await lesson(page).textContent(), /closer to zero-mean|fixes the spread but not the drift/);
  noErrors(log, 'entries with a mean');
});

test('dot products by hand: growing entries against same-size entries, and sets that differ by their numbers, not by d', async () => {
  const { page, log } = await load('#lesson=variance&vdeep=byhand');
  const dots = await page.$$eval('[data-table="examples"] [data-stat="dot"]', (n) => n.map((x) => Number(x.dataset.value)));
  const cube = (d) => Array.from({ length: d }, (_, i) => (i + 1) * (i + 3)).reduce((a, b) => a + b, 0);
  assert.deepEqual(dots.slice(0, 6), [2, 4, 6, 16, 32, 64].map(cube), 'the continued pattern: Σ i(i + 2)');
  assert.deepEqual(dots.slice(6, 12), [11, 22, 33, 88, 176, 352], 'the repeated pattern grows in proportion to d');
  assert.deepEqual(dots.slice(12), [8, 29, 98, 10, 86, 209, 7, 46, 143]);
  const variance = (values) => session.engine.scaleVariance({ values, c: 1 }).varX;
  const [d2, d3, cut] = [[8, 29, 98], [10, 86, 209], [7, 46, 143]].map(variance);
  assert.equal(await page.$eval('[data-stat="setvard2"]', (n) => Number(n.dataset.value)), d2);
  assert.equal(await page.$eval('[data-stat="setvard3"]', (n) => Number(n.dataset.value)), d3);
  assert.equal(await page.$eval('[data-stat="setvarcut"]', (n) => Number(n.dataset.value)), cut);
  assert.ok(cut > d2, 'the d = 3 numbers at d = 2 still spread more than the d = 2 set');
  const prose = await page.textContent('[data-part="examples"] .part-prose');
  assert.match(prose, /= 11\. Continue/);
  assert.match(prose, /93,?600/, 'the continued sum at d = 64, from the engine');
  assert.match(prose, /d³\/3/);

  // Your own pair, and an Edit button that loads a row.
  assert.equal(await page.$eval('[data-stat="mydot"]', (n) => n.dataset.value), '11');
  await page.fill('input[data-key="dota"]', '1, 2, 3');
  await page.fill('input[data-key="dotb"]', '4, 5, 6');
  await until(page, () => document.querySelector('[data-stat="mydot"]')?.dataset.value === '32');
  await page.fill('input[data-key="dotb"]', '4, 5');
  await page.locator('[data-part="examples"] [data-notice="engine"]').waitFor();
  await page.click('[data-example="1,2,1,2|3,4,3,4"] button');
  await until(page, () => document.querySelector('[data-stat="mydot"]')?.dataset.value === '22');
  assert.equal(await page.$$eval('[data-part="examples"] [data-notice="engine"]', (n) => n.length), 0, 'a good pair clears the notice');
  noErrors(log, 'dot products by hand');
});

/** Answers question `id` with `value` and returns its verdict. */
async function answer(page, id, value) {
  const q = page.locator(`[data-question="${id}"]`);
  await q.locator(`input[value="${value}"]`).check();
  await q.locator('.question-check').click();
  return q.getAttribute('data-answered');
}
const explanation = (page, id) => page.locator(`[data-question="${id}"] .question-explain`).textContent();

test('the width question: covered histograms until answered, right and wrong, with the engine’s widths at the current dₖ', async () => {
  const { page, log } = await load('#lesson=variance&vdims=3,100,1000');
  const row = page.locator('.histogram-row');
  assert.match(await row.getAttribute('class'), /awaiting-prediction/, 'the histograms wait for a prediction');
  assert.equal(await row.evaluate((n) => n.inert), true, 'and are inert meanwhile');
  assert.equal(await answer(page, 'variance-width', '10'), 'wrong');
  assert.doesNotMatch(await row.getAttribute('class'), /awaiting-prediction/, 'an answer shows them');
  assert.equal(await row.evaluate((n) => n.inert), false);
  assert.equal(await answer(page, 'variance-width', 'sqrt10'), 'correct');
  const sd = (seed, dim) => session.engine.dotProducts({ dim, pairs: PAIRS, seed, bins: BINS, ...STD }).sd;
  const widths = () => page.$$eval('[data-question="variance-width"] [data-sd]', (n) => n.map((x) => Number(x.dataset.sd)));
  assert.deepEqual(await widths(), [sd(1, 3), sd(1, 100), sd(1, 1000)]);
  assert.match(await explanation(page, 'variance-width'), /√10 ≈ 3\.16/);

  // Another seed and another list of dₖ: the explanation follows, and still quotes 100 and 1000.
  await page.fill('[data-part="histograms"] input[data-key="vseed"]', '5');
  await page.fill('input[data-key="vdims"]', '10');
  await until(page, () => location.hash.includes('vseed=5') && location.hash.includes('vdims=10'));
  await until(page, () => document.querySelectorAll('[data-question="variance-width"] [data-sd]').length === 3);
  assert.deepEqual(await widths(), [sd(5, 10), sd(5, 100), sd(5, 1000)]);
  noErrors(log, 'the width question');
});

test('the 1/√dₖ question and the doubling question: right and wrong, explained with the engine’s numbers for the settings', async () => {
  const { page, log } = await load('#lesson=variance&vdeep=scalecheck');
  assert.equal(await answer(page, 'variance-scaled', 'root'), 'wrong');
  assert.equal(await answer(page, 'variance-scaled', 'level'), 'correct');
  const quoted = () => page.$$eval('[data-question="variance-scaled"] [data-scaled]', (n) => n.map((x) => Number(x.dataset.scaled)));
  const scaled = (maxDim) => session.engine.varianceSweep({ maxDim, vectors: 100, seed: 1, scaled: true, ...STD }).variance;
  const at512 = scaled(512);
  assert.deepEqual(await quoted(), [at512[31], at512[127], at512[511]]);
  await page.fill('input[data-key="vmaxdim"][type="number"]', '64');
  await until(page, () => location.hash.includes('vmaxdim=64'));
  const at64 = scaled(64);
  assert.deepEqual(await quoted(), [at64[3], at64[15], at64[63]], 'the explanation follows the sweep length');

  assert.equal(await answer(page, 'variance-double', '4'), 'wrong');
  assert.equal(await answer(page, 'variance-double', '16'), 'correct');
  const text = await explanation(page, 'variance-double');
  assert.match(text, /\[1, 2\] · \[3, 4\] = 11 becomes \[2, 4\] · \[6, 8\] = 44/);
  const values = (dim) => session.engine.dotProducts({ dim, pairs: PAIRS, seed: 1, bins: BINS, ...STD }).values;
  const varcx = () => page.$eval('[data-question="variance-double"] [data-varcx]', (n) => Number(n.dataset.varcx));
  assert.ok(close(await varcx(), session.engine.scaleVariance({ values: values(1000), c: 4 }).varCX));
  await page.fill('input[data-key="vdims"]', '3, 50');
  await until(page, () => location.hash.includes('vdims=3,50'));
  assert.ok(close(await varcx(), session.engine.scaleVariance({ values: values(50), c: 4 }).varCX), 'the explanation follows the right-most dₖ');
  noErrors(log, 'the other questions');
});
