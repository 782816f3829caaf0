// Lesson 2 in Chromium: the claim and the core path (histograms, the sweep and the sweep after 1/√dₖ) with the
// engine's numbers, its controls and links, each "Go deeper" section (opens, writes the link, opens from a link, shows
// its numbers), the three predictions answered right and wrong with explanations that follow the settings, and the
// lesson's share of the page, a list typed into a field and the lesson on a phone. Numbers are compared with the same
// engine loaded in Node. Needs build/page/app.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { problems, nextFrame, settled, refined, browserSession, misfits } from './harness.mjs';
import { sig3 } from '../../web/format.js';
import { defaults } from '../../web/state.js';
import { distributionOf, PAIRS, BINS } from '../../web/sections/variance/shared.js';

const session = browserSession({ engine: true });
const STD = distributionOf(defaults()).options; // the lesson's default entries, as the page asks the engine for them

/** Opens the page with `hash` and waits until Lesson 2's core parts have drawn. */
async function load(hash = '#lesson=variance', { viewport } = {}) {
  const opened = await session.open(session.server.url + hash, { viewport });
  assert.equal(await opened.page.getAttribute('body', 'data-engine'), 'ready', 'the engine started');
  await opened.page.waitForSelector('[data-stats="sweep"] [data-stat="slope"]');
  // The histograms are covered until the learner predicts: drawn, but not painted.
  await opened.page.waitForSelector('[data-stats="hist-1000"], .histogram-panel', { state: 'attached' });
  return opened;
}

const noErrors = (log, where) => {
  assert.deepEqual(problems(log), [], `console errors or warnings (${where})`);
  assert.deepEqual(log.errors, [], `page errors (${where})`);
};
const stat = (page, id, key) => page.$eval(`[data-stats="${id}"] [data-stat="${key}"]`, (n) => Number(n.dataset.value));
const seriesCount = (page, chart, series) => page.$eval(`[data-chart="${chart}"] [data-series="${series}"]`, (n) => Number(n.dataset.count));
const close = (a, b, tol = 1e-9) => Math.abs(a - b) <= tol * (1 + Math.abs(b));
const until = async (page, fn, arg) => { await page.waitForFunction(fn, arg, { timeout: 10000 }); await nextFrame(page); };
const lesson = (page) => page.locator('#lesson-variance');

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
  assert.match(prose, new RegExp(`share a vector .* comes out below the theory line: for all 4950 pairs of 100 vectors the engine expects a slope of `
    + `${sig3(sweep.expectedSlope)}, where the theory line has ${sig3(sweep.theorySlope)}\\.`), 'the sentence names both slopes');
  assert.match(await page.textContent('.sweep-time'), /4950 pairs of 100 vectors in \d+(\.\d+)? ms/);
  noErrors(log, 'the fit');
});

test('the default sweep is timed and stays far from a ten-fold regression of one frame', async () => {
  const { page } = await load('#lesson=variance&vdeep=fit'); // the time is printed in the "fit" part
  const first = await page.$eval('[data-sweep-time]', (n) => Number(n.dataset.ms));
  const slope = await stat(page, 'sweep', 'slope');
  const normal = session.engine.varianceSweep({ maxDim: 512, vectors: 100, seed: 1, ...distributionOf({ vdist: 'stdnormal' }).options, scaled: false });
  assert.match((await page.textContent('[data-part="fit"] .part-prose')).replace(/\s+/g, ' '),
    new RegExp(`lands on the engine’s expected slope, ${sig3(normal.expectedSlope)}: the theory’s ${sig3(normal.theorySlope)} less a share of 1/4950,`),
    'zero-mean entries: the expected slope and the theory, both printed');
  await page.fill('[data-part="histograms"] input[data-key="vseed"]', '2');
  await until(page, () => location.hash.includes('vseed=2'));
  await page.fill('[data-part="histograms"] input[data-key="vseed"]', '1');
  await until(page, () => !location.hash.includes('vseed='));
  await until(page, (s) => Number(document.querySelector('[data-stats="sweep"] [data-stat="slope"]')?.dataset.value) === s, slope);
  const again = await page.$eval('[data-sweep-time]', (n) => Number(n.dataset.ms));
  console.log(`default variance sweep (maxDim 512, 100 vectors) in Chromium: ${first.toFixed(2)} ms on first load, ${again.toFixed(2)} ms when run again`);
  assert.ok(first < 160, `first sweep took ${first} ms`);
  assert.ok(again < 160, `second sweep took ${again} ms`);
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

test('Lesson 2 reacts to its controls: dₖ list, shared axes, a normal of your choice, the sweep length and Var(cX)', async () => {
  const { page, log } = await load('#lesson=variance&vdeep=scalecheck');
  await page.fill('input[data-key="vdims"]', '5, 50');
  await until(page, () => document.querySelectorAll('.histogram-panel').length === 2);
  assert.deepEqual(await page.$$eval('.histogram-panel', (n) => n.map((p) => Number(p.dataset.dim))), [5, 50]);
  const sharedTicks = await page.$$eval('.histogram-panel .axis-x text', (n) => n.map((t) => t.textContent).join('|'));
  await page.uncheck('input[data-key="vshared"]');
  await until(page, () => location.hash.includes('vshared=0'));
  await page.waitForFunction((before) => [...document.querySelectorAll('.histogram-panel .axis-x text')].map((t) => t.textContent).join('|') !== before, sharedTicks);

  await page.selectOption('select[data-key="vdist"]', 'normal');
  await until(page, () => location.hash.includes('vdist=normal'));
  assert.equal(await page.isVisible('input[data-key="vmean"]'), true);
  await page.fill('input[data-key="vmean"]', '0');
  await page.fill('input[data-key="vstd"]', '2');
  await until(page, () => location.hash.includes('vmean=0&vstd=2'));
  await until(page, () => /= 16\)/.test(document.querySelector('[data-stats="sweep"] [data-stat="slope"]').textContent));

  await page.fill('input[data-key="vmaxdim"][type="number"]', '64');
  await until(page, () => document.querySelector('[data-chart="sweep-linear"] [data-series="variance"]')?.dataset.count === '64');

  await page.click('[data-part="scalecheck"] .preset-row button:nth-of-type(3)');
  await until(page, () => /vc=-1(&|$)/.test(location.hash));
  assert.ok(close(await stat(page, 'scalecheck', 'varcx'), await stat(page, 'scalecheck', 'varx'), 1e-9), 'c = −1 keeps the variance');
  noErrors(log, 'Lesson 2 controls');
});

test('a link restores Lesson 2\'s settings and the same numbers as the engine gives for them', async () => {
  // The "Go deeper" parts that hold dota and vc are opened by the link: a closed part draws nothing until opened.
  const hash = '#lesson=variance&dota=1,2,3&dotb=3,2,1&vdist=normal&vmean=0.5&vstd=2&vseed=7&vdims=10,20&vshared=0&vmaxdim=64&vvectors=20&vc=-2&vdeep=byhand,scalecheck';
  const { page, log } = await load(hash);
  assert.equal(await page.inputValue('select[data-key="vdist"]'), 'normal');
  assert.equal(await page.inputValue('input[data-key="vmean"]'), '0.5');
  assert.equal(await page.inputValue('input[data-key="vstd"]'), '2');
  assert.equal(await page.inputValue('input[data-key="vdims"]'), '10,20');
  assert.equal(await page.isChecked('input[data-key="vshared"]'), false);
  assert.equal(await page.inputValue('input[data-key="vmaxdim"][type="number"]'), '64');
  assert.equal(await page.inputValue('input[data-key="vc"]'), '-2');
  assert.equal(await page.inputValue('input[data-key="dota"]'), '1,2,3');
  assert.equal(await page.$eval('[data-stat="mydot"]', (n) => n.dataset.value), '10');

  const options = { distribution: 'normal', mean: 0.5, std: 2, seed: 7 };
  const h = session.engine.dotProducts({ dim: 20, pairs: PAIRS, bins: BINS, ...options });
  assert.ok(close(await stat(page, 'hist-20', 'variance'), h.variance));
  const sweep = session.engine.varianceSweep({ maxDim: 64, vectors: 20, scaled: false, ...options });
  assert.ok(close(await stat(page, 'sweep', 'slope'), sweep.slope));
  assert.match(await page.textContent('[data-stats="sweep"] [data-stat="slope"]'), /= 18\)/, 'σ⁴ + 2μ²σ² = 18');
  assert.equal(await seriesCount(page, 'sweep-linear', 'variance'), 64);
  assert.ok(close(await stat(page, 'scalecheck', 'c2varx'), session.engine.scaleVariance({ values: h.values, c: -2 }).c2VarX));
  assert.equal(await page.$$eval('[data-notice]', (n) => n.length), 0, 'a valid link raises no notice');
  noErrors(log, 'a Lesson 2 link');
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

test('a change redraws every chart at the width its observer reported: no chart box lays out the page to read it, and a chart drawn in a closed "Go deeper" gets its real width when opened', async () => {
  const { page, log } = await load();
  // Count reads of a chart box's clientWidth from here on: read in an update, it forces a layout of the page (the box's
  // observer gets its width from its entries).
  await page.evaluate(() => {
    const get = Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth').get;
    window.widthReads = [];
    Object.defineProperty(Element.prototype, 'clientWidth', { configurable: true, get() {
      if (this.classList.contains('chart-box')) window.widthReads.push(this.closest('figure')?.dataset.chart);
      return get.call(this);
    } });
  });
  const before = await stat(page, 'hist-1000', 'variance');
  for (const seed of [2, 3, 4]) {
    await page.fill('input[data-key="vseed"]', String(seed));
    await page.dispatchEvent('input[data-key="vseed"]', 'change');
    await settled(page, `vseed=${seed}`);
  }
  await until(page, () => document.querySelector('[data-stats="hist-1000"] [data-stat="variance"]')?.dataset.value !== undefined);
  assert.notEqual(await stat(page, 'hist-1000', 'variance'), before, 'the seed redrew the histograms');
  assert.deepEqual(await page.evaluate(() => window.widthReads), [], 'chart boxes whose width was read during updates');

  // The log–log chart of the closed "fit" section is drawn when the section opens, at its box's width.
  await lesson(page).locator('details[data-deeper="fit"] > summary').click();
  await until(page, () => {
    const box = document.querySelector('[data-chart="sweep-loglog"] .chart-box');
    const svg = box?.querySelector('svg');
    return svg && box.clientWidth > 0 && Number(svg.getAttribute('width')) === Math.floor(Math.min(box.clientWidth, 640));
  });
  noErrors(log, 'seed changes and the opened section');
});

test('a seed change draws a preview from fewer pairs, then the full 1000 from the background engines; each panel is the engine\'s answer for the pairs its title names, and the parts after it follow', async () => {
  const { page, log } = await load('#lesson=variance&vdeep=scalecheck');
  await page.waitForSelector('[data-stats="scalecheck"] [data-stat="varx"]');
  await page.waitForFunction(() => /in \d background engines?\./.test(document.querySelector('#site-note').textContent)); // the pool started
  // Every state the dₖ = 1000 panel shows after the change: its title's pair count and its variance.
  await page.evaluate(() => {
    window.shown = [];
    const part = document.querySelector('[data-part="histograms"]');
    const note = () => {
      const label = part.querySelector('.histogram-panel[data-dim="1000"] .sample-state');
      const value = part.querySelector('[data-stats="hist-1000"] [data-stat="variance"]')?.dataset.value;
      const row = label && value !== undefined ? `${label.dataset.samples} ${label.dataset.sampleState} ${value}` : null;
      if (row && window.shown[window.shown.length - 1] !== row) window.shown.push(row);
    };
    new MutationObserver(note).observe(part, { subtree: true, childList: true, attributes: true });
    window.panelsBefore = [...part.querySelectorAll('.histogram-panel')];
  });
  await page.fill('[data-part="histograms"] input[data-key="vseed"]', '9');
  await page.dispatchEvent('[data-part="histograms"] input[data-key="vseed"]', 'change');
  await settled(page, 'vseed=9');
  await refined(page);
  await nextFrame(page);
  const shown = (await page.evaluate(() => window.shown)).map((row) => row.split(' '));
  assert.ok(shown.length >= 2, `a preview, then the full count: ${JSON.stringify(shown)}`);
  const [first, last] = [shown[0], shown[shown.length - 1]];
  assert.equal(first[1], 'preview');
  assert.ok(Number(first[0]) >= 10 && Number(first[0]) < 1000, `preview pairs ${first[0]}`);
  assert.deepEqual(last.slice(0, 2), ['1000', 'full']);
  // The preview's pairs are the full count's first ones (one random stream per pair), not another sample.
  const preview = session.engine.dotProducts({ dim: 1000, pairs: Number(first[0]), seed: 9, bins: BINS, ...STD }).values;
  const fullValues = session.engine.dotProducts({ dim: 1000, pairs: PAIRS, seed: 9, bins: BINS, ...STD }).values;
  assert.deepEqual(Array.from(preview), Array.from(fullValues.subarray(0, preview.length)));
  for (const [pairs, , variance] of shown) {
    const want = session.engine.dotProducts({ dim: 1000, pairs: Number(pairs), seed: 9, bins: BINS, ...STD }).variance;
    assert.ok(close(Number(variance), want), `${pairs} pairs: page ${variance}, engine ${want}`);
  }
  assert.deepEqual(await page.$$eval('.histogram-panel .sample-state', (n) => n.map((x) => x.textContent)), ['1000 pairs', '1000 pairs', '1000 pairs']);
  assert.ok(await page.evaluate(() => [...document.querySelectorAll('[data-part="histograms"] .histogram-panel')]
    .every((panel, i) => panel === window.panelsBefore[i])), 'the seed redrew into the panels already shown');
  // Lesson 2.6 takes the right-most histogram's scores: the full count's once they are in.
  const full = session.engine.dotProducts({ dim: 1000, pairs: PAIRS, seed: 9, bins: BINS, ...STD });
  const varX = await stat(page, 'scalecheck', 'varx');
  assert.ok(close(varX, full.variance, 1e-6), `Var(X) ${varX} is the full count's ${full.variance}`);
  noErrors(log, 'a seed change with a preview');
});

test('a change of the sweep\'s vectors draws both sweeps from the first few vectors, then from all of them in a background engine; each is the engine\'s sweep for the vectors its title names', async () => {
  const { page, log } = await load('#lesson=variance');
  await page.waitForSelector('[data-stats="sweep"] [data-stat="slope"]', { state: 'attached' });
  await page.waitForFunction(() => /in \d background engines?\./.test(document.querySelector('#site-note').textContent)); // the pool started
  assert.deepEqual(await page.$$eval('[data-part="sweep"] .sample-state', (n) => n.map((x) => x.textContent)), ['100 vectors', '100 vectors'],
    'the first drawing is the full count');
  // Every state the sweep shows after the change: its titles' vector count and state, and the two fitted slopes.
  await page.evaluate(() => {
    window.shown = [];
    const part = document.querySelector('[data-part="sweep"]');
    const note = () => {
      const labels = [...part.querySelectorAll('.sample-state')].map((l) => `${l.dataset.samples}:${l.dataset.sampleState}`);
      const slope = part.querySelector('[data-stats="sweep"] [data-stat="slope"]')?.dataset.value;
      const scaled = part.querySelector('[data-stats="sweep-scaled"] [data-stat="scaledslope"]')?.dataset.value;
      const row = `${labels.join(',')} ${slope} ${scaled}`;
      if (window.shown[window.shown.length - 1] !== row) window.shown.push(row);
    };
    new MutationObserver(note).observe(part, { subtree: true, childList: true, attributes: true });
  });
  const slider = '[data-part="sweep"] input[type="range"][data-key="vvectors"]';
  await page.$eval(slider, (input) => {
    input.value = '300';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await settled(page, 'vvectors=300');
  await refined(page);
  await nextFrame(page);
  const shown = (await page.evaluate(() => window.shown)).map((row) => row.split(' '));
  assert.ok(shown.length >= 2, `a preview, then the full count: ${JSON.stringify(shown)}`);
  const [first, last] = [shown[0], shown[shown.length - 1]];
  const previewVectors = Number(first[0].split(':')[0]);
  assert.equal(first[0], `${previewVectors}:preview,${previewVectors}:preview`);
  assert.ok(previewVectors >= 5 && previewVectors < 300, `preview vectors ${previewVectors}`);
  assert.equal(last[0], '300:full,300:full');
  for (const [labels, slope, scaledSlope] of shown) {
    const vectors = Number(labels.split(':')[0]);
    const options = { maxDim: 512, vectors, seed: 1, ...STD };
    const raw = session.engine.varianceSweep(options);
    const divided = session.engine.varianceSweep({ ...options, scaled: true });
    assert.ok(close(Number(slope), raw.slope) && close(Number(scaledSlope), divided.slope),
      `${vectors} vectors: page ${slope}, ${scaledSlope}; engine ${raw.slope}, ${divided.slope}`);
  }
  // The preview's vectors are the first of the full set (each dimension's entries are a stream of their own).
  const few = session.engine.varianceSweep({ maxDim: 512, vectors: previewVectors, seed: 1, entries: true, ...STD }).entries;
  const all = session.engine.varianceSweep({ maxDim: 512, vectors: 300, seed: 1, entries: true, ...STD }).entries;
  assert.deepEqual(Array.from(few), Array.from(all.subarray(0, few.length)));
  assert.match(await page.textContent('[data-part="sweep"] .part-prose'), /all 44850 scores between 300 random vectors/);
  noErrors(log, 'a change of the sweep\'s vectors');
});

test('a variance chart starts at zero: a fitted line a hair below it does not add a tick of −200 under the axis', async () => {
  // With 60 vectors the default seed's fitted line has a small negative intercept (a few units on a scale of 500).
  const { page, log } = await load('#lesson=variance&vvectors=60');
  await refined(page);
  const ticks = await page.$$eval('svg[data-chart-id="sweep-linear"] g.axis-y .tick text', (n) => n.map((t) => Number(t.textContent.replace('\u2212', '-'))));
  assert.equal(Math.min(...ticks), 0, `y ticks ${ticks.join(', ')}`);
  const fit = await page.$eval('svg[data-chart-id="sweep-linear"] [data-series="fit"] path', (p) => p.getAttribute('d'));
  assert.ok(fit.length > 0, 'the fitted line is drawn');
  noErrors(log, 'Lesson 2 with 60 vectors');
});

/** Opens the page with `hash` and waits until the parts of Lessons 2 and 3 have drawn (Lesson 3's row, and any refinement). */
async function loadBoth(hash = '', { viewport } = {}) {
  const opened = await load(hash, { viewport });
  await opened.page.waitForSelector('[data-stats="row"] [data-stat="maxweight"]');
  await refined(opened.page); // the gradient sweep may show a preview first, then its full count of rows
  return opened;
}

test('a value typed into a list field is checked when the field is left, and the last good value stays', async () => {
  const { page } = await loadBoth('#lesson=variance');
  await page.fill('input[data-key="vdims"]', '3, 100, 99999');
  await page.press('input[data-key="vdims"]', 'Tab');
  const notice = page.locator('[data-part="histograms"] [data-notice="input"]');
  await notice.waitFor();
  assert.match(await notice.textContent(), /vdims/);
  assert.equal(await page.$$eval('.histogram-panel', (n) => n.length), 3, 'the last good list stays drawn');
  assert.doesNotMatch(await page.evaluate(() => location.hash), /vdims=/, 'the link keeps the last good list: the default, which it leaves out');
});

test('at 375 px wide Lesson 2 does not make the page scroll sideways', async () => {
  const { page } = await loadBoth('#lesson=variance', { viewport: { width: 375, height: 800 } });
  assert.deepEqual(await misfits(page, ''), [], 'variance at 375 px');
});
