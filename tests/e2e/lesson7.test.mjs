// Lesson 7 in Chromium: its three charts drawn from the engine's numbers (compared with the same calls in Node), the
// controls redrawing them, both questions answered right and wrong with explanations whose numbers follow a setting,
// its link keys and "Go deeper" sections round-tripping through the link, and its height and words at 1280 px.
// Needs build/page/app.js (node web/build.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { problems, browserSession, settled, refined, nextFrame } from './harness.mjs';
import { sig3, percent } from '../../web/format.js';
import { seedCount, seedRuns, everySeedLearns } from '../../web/sections/beyond/sweep-stats.js';
// The page's settings for each part.
import { GROWTH, GROWTH_GRID, WIDTH, LENGTH } from '../../web/sections/beyond/setups.js';

const session = browserSession({ engine: true });

async function load(hash = '', options) {
  const opened = await session.open(`${session.server.url}#lesson=beyond${hash}`, options);
  assert.equal(await opened.page.getAttribute('body', 'data-engine'), 'ready');
  await opened.page.waitForSelector('[data-stats="length"] [data-stat="scaled"]');
  return opened;
}

/** The number behind a printed statistic. */
const stat = (page, group, key) => page.$eval(`[data-stats="${group}"] [data-stat="${key}"]`, (n) => Number(n.dataset.value));
const close = (a, b) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

/** Moves a range input to `value` (a track position for logarithmic sliders) as a learner's drag would. */
async function slide(page, key, value) {
  await page.$eval(`#lesson-beyond input[data-key="${key}"]`, (input, v) => {
    input.value = String(v);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}

/**
 * Every state a part shows after a slider moves, as arrays of strings: `read(part)` (run in the page, so it may use
 * nothing from here) picks what to compare after each change of the part, once the pool of background engines has
 * started; the slider moves, and the part settles and finishes refining.
 */
async function shownAfterSlide(page, part, read, key, value) {
  await page.waitForFunction(() => /in \d background engines?\./.test(document.querySelector('#site-note').textContent));
  await page.evaluate(`(() => {
    window.shown = [];
    const part = document.querySelector(${JSON.stringify(part)});
    const read = ${read};
    new MutationObserver(() => {
      const row = read(part).join('|');
      if (window.shown[window.shown.length - 1] !== row) window.shown.push(row);
    }).observe(part, { subtree: true, childList: true, characterData: true, attributes: true });
  })()`);
  await slide(page, key, value);
  await settled(page, `${key}=`);
  await refined(page);
  await nextFrame(page);
  const shown = (await page.evaluate(() => window.shown)).map((row) => row.split('|'));
  assert.ok(shown.length >= 2, `a preview, then the full count: ${JSON.stringify(shown)}`);
  return shown;
}

/** Checks the wrong choice, then the right one, of a question; each is judged as such. */
async function answerWrongThenRight(q, wrong, right) {
  for (const [value, verdict] of [[wrong, 'wrong'], [right, 'correct']]) {
    await q.locator(`input[value="${value}"]`).check();
    await q.locator('.question-check').click();
    assert.equal(await q.getAttribute('data-answered'), verdict);
  }
}

test('Lesson 7 draws its charts and numbers from the engine', async () => {
  const { page, log } = await load();
  const e = session.engine;
  const growth = e.qkNormDemo({ ...GROWTH, g: 8, drifts: [...GROWTH_GRID, 1] });
  assert.ok(close(await stat(page, 'growth', 'standard'), growth.standard.entropy[13]));
  assert.ok(close(await stat(page, 'growth', 'qknorm'), growth.qkNorm.entropy[13]));
  const width = e.alignmentScaling({ ...WIDTH, rho: 0.5 });
  assert.ok(close(await stat(page, 'width', 'sqrt'), width.inverseSqrt.alignedLogit[8]));
  assert.ok(close(await stat(page, 'width', 'mup'), width.mup.alignedLogit[8]));
  assert.ok(close(await stat(page, 'width', 'uniform'), e.alignmentScaling({ ...WIDTH, rho: 0 }).mup.maxWeight[8]));
  const length = e.lengthScaling({ ...LENGTH, s: 0.43, ns: [1000] });
  assert.ok(close(await stat(page, 'length', 'plain'), length.plainMaxWeight[0]));
  assert.ok(close(await stat(page, 'length', 'scaled'), length.scaledMaxWeight[0]));

  const counts = await page.$$eval('#lesson-beyond svg.xy-chart g[data-series]', (n) => Object.fromEntries(n.map((s) => [s.closest('[data-chart]').dataset.chart
    + ':' + s.dataset.series, Number(s.dataset.count)])));
  assert.equal(counts['growth-entropy:standard'], 13);
  assert.equal(counts['growth-entropy:qknorm'], 13);
  assert.equal(counts['growth-entropy:layernorm'], 13);
  assert.equal(counts['width-logits:sqrt-aligned'], 9);
  assert.equal(counts['width-logits:mup-others'], 9);
  assert.ok(counts['length-weight:plain'] >= 40 && counts['length-weight:scaled'] === counts['length-weight:plain']);
  // The QK-norm curve is flat, the 1/√d_k one falls: read off the drawn paths' vertical extent.
  const extent = (series) => page.$eval(`[data-chart="growth-entropy"] [data-series="${series}"] path`, (p) => p.getBBox().height);
  assert.ok((await extent('qknorm')) < 1 && (await extent('standard')) > 50);
  assert.deepEqual(problems(log), []);
});

test('Lesson 7\'s controls redraw their part with new engine numbers', async () => {
  const { page, log } = await load();
  const before = await stat(page, 'growth', 'standard');
  await slide(page, 'bdrift', 1000); // the right end of the log track: f = 4
  await settled(page, 'bdrift=4');
  const at4 = session.engine.qkNormDemo({ ...GROWTH, g: 8, drifts: [...GROWTH_GRID, 4] });
  assert.ok(close(await stat(page, 'growth', 'standard'), at4.standard.entropy[13]));
  assert.ok(await stat(page, 'growth', 'standard') < before);
  assert.ok(close(await stat(page, 'growth', 'qknorm'), at4.qkNorm.entropy[13]));

  await slide(page, 'brho', 0);
  await settled(page, 'brho=0');
  const flat = session.engine.alignmentScaling({ ...WIDTH, rho: 0 });
  assert.ok(close(await stat(page, 'width', 'sqrt'), flat.inverseSqrt.alignedLogit[8]));

  await slide(page, 'bs', 0.1);
  await settled(page, 'bs=0.1');
  const slow = session.engine.lengthScaling({ ...LENGTH, s: 0.1, ns: [1000] });
  assert.ok(close(await stat(page, 'length', 'scaled'), slow.scaledMaxWeight[0]));
  assert.match(await page.textContent('[data-stats="length"] [data-stat="scaled"]'), /→ 0 as n grows/);
  assert.deepEqual(problems(log), []);
});

test('Lesson 7\'s questions: right and wrong, explanations with live numbers that follow the settings', async () => {
  const { page, log } = await load('&bdrift=2');
  const growth = page.locator('[data-question="beyond-growth"]');
  const growthStats = page.locator('[data-part="growth"] .beyond-side > .part-stats');
  assert.match(await growthStats.getAttribute('class'), /awaiting-prediction/, 'the largest |logit| waits for a prediction');
  await answerWrongThenRight(growth, '2', '4');
  assert.doesNotMatch(await growthStats.getAttribute('class'), /awaiting-prediction/);
  const r2 = session.engine.qkNormDemo({ ...GROWTH, g: 8, drifts: [2, 4] });
  const text2 = await growth.locator('.question-explain').textContent();
  assert.match(text2, /at f = 2 to/);
  assert.ok(text2.includes(`×${sig3(r2.standard.maxAbsLogit[1] / r2.standard.maxAbsLogit[0])}`), text2);
  await slide(page, 'bdrift', 500); // the middle of the log track: f = 1
  await settled(page, 'lesson=beyond');
  await page.waitForFunction(() => !location.hash.includes('bdrift'));
  const text1 = await growth.locator('.question-explain').textContent();
  assert.match(text1, /at f = 1 to .* at f = 2 /);
  assert.notEqual(text1, text2);

  const length = page.locator('[data-question="beyond-length"]');
  const cover = page.locator('[data-chart="length-weight"]');
  assert.match(await cover.getAttribute('class'), /awaiting-prediction/, 'the chart waits for a prediction');
  await length.locator('input[value="grows"]').check();
  await length.locator('.question-check').click();
  assert.equal(await length.getAttribute('data-answered'), 'wrong');
  assert.doesNotMatch(await cover.getAttribute('class'), /awaiting-prediction/);
  await length.locator('input[value="shrinks"]').check();
  await length.locator('.question-check').click();
  assert.equal(await length.getAttribute('data-answered'), 'correct');
  const at1000 = session.engine.lengthScaling({ ...LENGTH, s: 0.43, ns: [1000, 10000] });
  const explain = () => length.locator('.question-explain').textContent();
  const first = await explain();
  assert.ok(first.includes(sig3(at1000.plainMaxWeight[1])), first);
  await page.evaluate(() => { location.hash = '#lesson=beyond&bn=50'; });
  await settled(page, 'bn=50');
  const at50 = session.engine.lengthScaling({ ...LENGTH, s: 0.43, ns: [50, 500] });
  const second = await explain();
  assert.ok(second.includes('n = 500') && second.includes(sig3(at50.plainMaxWeight[1])), second);
  assert.deepEqual(problems(log), []);
});

test('a change of g draws 7.1\'s lines from the first rows, then from all 200 (each the engine\'s own numbers)', async () => {
  const { page, log } = await load('&bdeep=collapse');
  // Every state the part shows after the change: the x axis's label, and the rows and the QK-norm entropy at f = 1
  // that "Go deeper" prints from the same lines.
  const shown = await shownAfterSlide(page, '[data-part="growth"]', (part) => {
    const deep = part.querySelector('details[data-deeper="collapse"]').textContent;
    return [[...part.querySelectorAll('svg.xy-chart .axis-label')].map((t) => t.textContent).find((t) => t.startsWith('growth f')),
      /Each point averages (\d+) rows/.exec(deep)?.[1], /measures entropy (\S+) with QK-norm/.exec(deep)?.[1]];
  }, 'bg', 250);
  const g = Number(new URLSearchParams(await page.evaluate(() => location.hash.slice(1))).get('bg'));
  const [first, last] = [shown[0], shown[shown.length - 1]];
  const rows = Number(first[1]);
  assert.ok(rows >= 10 && rows < 200, `preview rows ${rows}`);
  assert.equal(first[0], `growth f (lines from ${rows} of 200 rows so far)`);
  assert.deepEqual(last.slice(0, 2), ['growth f', '200']);
  for (const [, n, entropy] of shown) {
    const want = session.engine.qkNormDemo({ ...GROWTH, samples: Number(n), g, drifts: GROWTH_GRID }).qkNorm.entropy[GROWTH_GRID.indexOf(1)];
    assert.equal(entropy, sig3(want), `${n} rows at g = ${g}`);
  }
  assert.deepEqual(problems(log), []);
});

test('a change of f shows 7.1\'s entropy at f from the first rows, then from all 200 (each the engine\'s own number)', async () => {
  const { page, log } = await load();
  const shown = (await shownAfterSlide(page, '[data-part="growth"]', (part) => {
    const dd = part.querySelector('[data-stats="growth"] [data-stat="standard"]');
    return [/from (\d+) of 200 rows so far/.exec(dd.textContent)?.[1] ?? '200', dd.dataset.value];
  }, 'bdrift', 700)).map((row) => row.map(Number));
  const hash = new URLSearchParams(await page.evaluate(() => location.hash.slice(1)));
  const [f, g] = [Number(hash.get('bdrift')), Number(hash.get('bg') ?? 8)];
  const [first, last] = [shown[0], shown[shown.length - 1]];
  assert.ok(first[0] >= 10 && first[0] < 200, `preview rows ${first[0]}`);
  assert.equal(last[0], 200);
  for (const [rows, entropy] of shown) {
    const want = session.engine.qkNormDemo({ ...GROWTH, samples: rows, g, drifts: [f] }).standard.entropy[0];
    assert.ok(close(entropy, want), `${rows} rows at f = ${f}: page ${entropy}, engine ${want}`);
  }
  assert.deepEqual(problems(log), []);
});

test('a change of ρ draws 7.2\'s lines from the first rows, then from all 400 in a background engine (each the engine\'s own numbers)', async () => {
  const { page, log } = await load('&bdeep=mup');
  // Every state the part shows after the change: the x axis's label, the rows "Go deeper" says each dₖ averages, and
  // the aligned logit at dₖ = 1024 with 1/√dₖ.
  const shown = await shownAfterSlide(page, '[data-part="width"]', (part) => [
    [...part.querySelectorAll('svg.xy-chart .axis-label')].map((t) => t.textContent).find((t) => t.startsWith('dₖ')),
    /Each dₖ averages (\d+) rows/.exec(part.querySelector('details[data-deeper="mup"]').textContent)?.[1],
    part.querySelector('[data-stats="width"] [data-stat="sqrt"]')?.dataset.value,
  ], 'brho', 0.9);
  const [first, last] = [shown[0], shown[shown.length - 1]];
  const rows = Number(first[1]);
  assert.ok(rows >= 20 && rows < 400, `preview rows ${rows}`);
  assert.equal(first[0], `dₖ (lines from ${rows} of 400 rows so far)`);
  assert.deepEqual(last.slice(0, 2), ['dₖ', '400']);
  for (const [, n, logit] of shown) {
    const want = session.engine.alignmentScaling({ ...WIDTH, samples: Number(n), rho: 0.9 }).inverseSqrt.alignedLogit[WIDTH.dKs.length - 1];
    assert.ok(close(Number(logit), want), `${n} rows: page ${logit}, engine ${want}`);
  }
  assert.deepEqual(problems(log), []);
});

test('Lesson 7\'s keys and Go-deeper sections round-trip through the link', async () => {
  const hash = '&bdrift=2&bg=4&brho=0.8&bn=5000&bs=0.3&blr=0.01&blrshow=entropy&bdeep=collapse,length';
  const { page, log } = await load(hash);
  assert.equal(await page.evaluate(() => location.hash), `#lesson=beyond${hash}`);
  assert.equal(await page.inputValue('#lesson-beyond input[data-key="brho"]'), '0.8');
  assert.equal(await page.inputValue('#lesson-beyond input[data-key="bs"]'), '0.3');
  const open = () => page.$$eval('#lesson-beyond details[data-deeper]', (n) => Object.fromEntries(n.map((d) => [d.dataset.deeper, d.open])));
  assert.deepEqual(await open(), { collapse: true, mup: false, length: true, lrsweep: false });
  // 7.4 is drawn once opened, with the link's rate and measure.
  await page.click('[data-deeper="lrsweep"] > summary');
  await settled(page, 'bdeep=collapse,length,lrsweep');
  assert.equal(await page.inputValue('#lesson-beyond select[data-key="blrshow"]'), 'entropy');
  assert.equal(await page.inputValue('#lesson-beyond select[data-key="blr"]'), '0.01');
  await page.click('[data-deeper="lrsweep"] > summary');
  const at = session.engine.qkNormDemo({ ...GROWTH, g: 4, drifts: [...GROWTH_GRID, 2] });
  assert.ok(close(await stat(page, 'growth', 'qknorm'), at.qkNorm.entropy[13]));
  assert.match(await page.textContent('[data-deeper="collapse"]'), /Lesson 6’s trainer/);

  await page.click('[data-deeper="mup"] > summary');
  await settled(page, 'bdeep=collapse,mup,length');
  assert.equal(await page.$$eval('[data-table="width"] tbody tr', (n) => n.length), 9);
  await page.click('[data-deeper="collapse"] > summary');
  await settled(page, 'bdeep=mup,length');
  await page.evaluate(() => { location.hash = '#lesson=beyond'; });
  await page.waitForFunction(() => ![...document.querySelectorAll('#lesson-beyond details[data-deeper]')].some((d) => d.open));
  assert.deepEqual(problems(log), []);
});

test('Lesson 7 fits its share of the page at 1280 px and does not scroll sideways at 375 px', async () => {
  const { page } = await load();
  const size = await page.$eval('#lesson-beyond', (s) => ({ height: s.getBoundingClientRect().height,
    words: s.innerText.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length }));
  assert.ok(size.height <= 1400, `height ${size.height} px`);
  assert.ok(size.words <= 460, `${size.words} visible words`); // 460 since 7.4's bar and 7.1's trained figure (issue 12)
  assert.equal(await page.$$eval('#lesson-beyond .beyond-sources cite', (n) => new Set(n.map((c) => c.textContent)).size), 7, 'every source is cited by title');

  const narrow = await load('', { viewport: { width: 375, height: 800 } });
  const widths = await narrow.page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth,
    charts: [...document.querySelectorAll('#lesson-beyond svg.xy-chart')].map((s) => s.getBoundingClientRect().right) }));
  assert.ok(widths.doc <= widths.view, `document is ${widths.doc}px wide in a ${widths.view}px window`);
  assert.ok(widths.charts.length === 3 && widths.charts.every((r) => r <= 375), `charts end at ${widths.charts}`);
});

test('7.4 draws the learning-rate sweep of web/data/lr-sweep.json seed by seed when opened, last, and its controls and question follow the data', async () => {
  const sweep = JSON.parse(fs.readFileSync(new URL('../../web/data/lr-sweep.json', import.meta.url), 'utf8'));
  const edge = sweep.rates[sweep.rates.length - 2];
  const { page, log } = await load();
  // Closed by default: only its bar shows, after 7.3, saying what the sweep shows.
  assert.equal(await page.$eval('[data-deeper="lrsweep"]', (d) => d.open), false);
  assert.match(await page.textContent('[data-deeper="lrsweep"] > summary'), /7\.4 Learning-rate sweep: above 0\.01, 17 of 19 failures are output collapse/);
  await page.click('[data-deeper="lrsweep"] > summary');
  await settled(page, 'bdeep=lrsweep');
  await page.waitForSelector('[data-stats="rates"] [data-stat="qk-norm"]', { state: 'attached' });
  // Opened, 7.4 sits below 7.3, not above 7.1.
  const tops = await page.$$eval('#lesson-beyond [data-part], #lesson-beyond [data-deeper="lrsweep"]', (n) => n.map((x) => [x.dataset.part ?? 'bar', Math.round(x.getBoundingClientRect().top)]));
  const top = (id) => tops.find(([x]) => x === id)[1];
  assert.ok(top('growth') < top('width') && top('width') < top('length') && top('length') < top('bar') && top('bar') < top('rates'), JSON.stringify(tops));
  const counts = await page.$$eval('[data-chart="rates-accuracy"] g[data-series]', (n) => Object.fromEntries(n.map((s) => [s.dataset.series, Number(s.dataset.count)])));
  for (const s of sweep.strategies) {
    assert.equal(counts[s.id], sweep.rates.length, s.id);
    assert.equal(counts[`${s.id}-seeds`], sweep.rates.length * sweep.presets.full.seeds, `${s.id}: a mark per seed`);
  }
  // Each strategy's stat: every seed's accuracy, and how many learn (the value behind it).
  for (const s of sweep.strategies) {
    const c = seedCount(sweep, s.id, edge);
    assert.equal(await stat(page, 'rates', s.id), c.learned, s.id);
    const text = await page.textContent(`[data-stats="rates"] [data-stat="${s.id}"]`);
    assert.ok(text.startsWith(c.runs.map((r) => percent(r.test.tokenAccuracy, 2)).join(' · ')), text);
    assert.ok(text.endsWith(`(${c.learned} of ${c.seeds} learn)`), text);
  }
  // The runs that fail at the edge are described by their own numbers: 1/√dₖ's seed 3, not its two seeds that learned.
  const prose = await page.textContent('[data-part="rates"] .beyond-figure .part-prose');
  const [sqrt3] = seedRuns(sweep, 'inverse-sqrt-dk', edge).filter((r) => r.test.tokenAccuracy < 0.9);
  assert.ok(prose.includes(`1/√dₖ seed 3 (uniform): ${percent(sqrt3.test.tokenAccuracy, 2)}, |logit| ${sig3(sqrt3.maxLogit)}, entropy ${sig3(sqrt3.minEntropy)}`), prose);
  assert.match(prose, /4 of 15 runs fail; 2 of them never left the uniform output/);
  assert.doesNotMatch(prose, /1\/√dₖ 78/);
  // Each seed's largest |logit| at 0.1, chosen by link.
  const opened = await load('&bdeep=lrsweep&blr=0.1&blrshow=logit');
  await opened.page.waitForSelector('[data-stats="rates"] [data-stat="learned"]', { state: 'attached' });
  const learned = seedRuns(sweep, 'learned', sweep.rates.at(-1));
  const text = await opened.page.textContent('[data-stats="rates"] [data-stat="learned"]');
  assert.ok(text.startsWith(learned.map((r) => sig3(r.maxLogit)).join(' · ')), text);
  assert.equal(await stat(opened.page, 'rates', 'learned'), 0);
  // The question: tick every strategy that learns on all three seeds at the edge rate; the explanation counts seeds.
  const q = page.locator('[data-question="beyond-rates"]');
  const tick = async (values, verdict) => {
    for (const box of await q.locator('input[type="checkbox"]').all()) await box.setChecked(values.includes(await box.getAttribute('value')));
    await q.locator('.question-check').click();
    assert.equal(await q.getAttribute('data-answered'), verdict, values.join());
  };
  await tick(['qk-norm', 'inverse-sqrt-dk'], 'wrong');
  await tick(everySeedLearns(sweep, edge), 'correct');
  const explain = await q.locator('.question-explain').innerText();
  assert.match(explain, /QK-norm 3 of 3/);
  assert.match(explain, /1\/√dₖ 2 of 3/);
  assert.match(explain, /1\/√dₖ’s seed 3 never left the uniform output/);
  assert.match(explain, /Only learned β blew up: β 46.5 and 17.2, \|logit\| 23,300 and 31,900 on seeds 1 and 2/);
  assert.deepEqual(problems(log), []);
  assert.deepEqual(problems(opened.log), []);
});

test('7.1 and 7.2\'s "Go deeper" prose holds at every g and ρ: no "starts where" away from g = √dₖ, no one-hot row at ρ = 0', async () => {
  const text = (page, part) => page.textContent(`[data-deeper="${part}"]`).then((t) => t.replace(/\s+/g, ' '));
  const base = await load('&bdeep=collapse,mup');
  await refined(base.page);
  assert.match(await text(base.page, 'collapse'), /With g = √dₖ = 8, QK-norm starts where 1\/√dₖ starts/);
  assert.match(await text(base.page, 'mup'), /so its row tends to one-hot: largest weight 1\.00 at dₖ = 1024/);

  const { page, log } = await load('&bg=64&brho=0&bdeep=collapse,mup');
  await refined(page);
  const collapse = await text(page, 'collapse');
  const at = session.engine.qkNormDemo({ ...GROWTH, g: 64, drifts: [...GROWTH_GRID] });
  const one = GROWTH_GRID.indexOf(1);
  assert.ok(Math.abs(at.qkNorm.entropy[one] - at.standard.entropy[one]) > 1, 'at g = 64 QK-norm does not start where 1/√dₖ does');
  assert.doesNotMatch(collapse, /With g = √dₖ = 8, QK-norm starts/);
  assert.ok(at.sharpest.maxWeight.toPrecision(7) === '1.000000', `at g = 64 the cap prints 1 to seven digits: ${at.sharpest.maxWeight}`);
  assert.match(collapse, new RegExp(`at g = 64 that row’s largest weight is 1 to seven digits and its entropy ${sig3(at.minEntropy)}, so this cap does not bind`),
    'a cap of 1 is called what it is');
  assert.doesNotMatch(collapse, /largest weight at most 1;/);
  const low = await load('&bg=0.5&bdeep=collapse');
  await refined(low.page);
  assert.match(await text(low.page, 'collapse'), /largest weight at most 0\.153; no row has entropy below 2\.65 \(reached with 5 of the 16 keys at \+g\)/,
    'three significant digits in prose, and the lowest entropy named apart from the largest weight');
  assert.match(await text(base.page, 'collapse'), /largest weight at most 0\.9999983;/, 'seven digits where three would print 1');
  assert.match(collapse, new RegExp(`It is g = √dₖ = 8 that starts QK-norm where 1/√dₖ starts.*measures entropy ${sig3(at.qkNorm.entropy[one])} with QK-norm \\(g = 64\\)`));
  const mup = await text(page, 'mup');
  const flat = session.engine.alignmentScaling({ ...WIDTH, rho: 0 });
  assert.ok(flat.inverseSqrt.maxWeight[8] < 0.5, `at ρ = 0 the 1/√dₖ row is far from one-hot: ${flat.inverseSqrt.maxWeight[8]}`);
  assert.doesNotMatch(mup, /one-hot|tends to/);
  assert.match(mup, new RegExp(`At ρ = 0 .*largest weight ${sig3(flat.inverseSqrt.maxWeight[8])} at dₖ = 1024.*largest weight ${sig3(flat.mup.maxWeight[8])} against 0\\.0625`));
  assert.deepEqual(problems(log), []);
});
