// Lesson 5 as a lesson in Chromium: its prediction (right and wrong, with the engine's numbers for the learner's
// d_model and H), its two "Go deeper" sections and their place in the link, the averages its core path prints, and its
// share of the page at 1280 px; the contents, each head, the concatenation, Wᴼ and the output as the engine computes
// them, its controls and link, the preview of the sweep over H while d_model is dragged, and the lesson on a phone.
// Needs build/page/app.js (node web/build.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { problems, refined, browserSession, settled, heatmapValues, dragAndHold, release, hashHas, misfits, noErrors, close } from './harness.mjs';
import { defaults, parseHash } from '../../web/state.js';
import { sig3 } from '../../web/format.js';
import { SWEEP_TOKENS, SWEEP_SAMPLES } from '../../web/sections/heads/common.js';

const session = browserSession({ engine: true });
const SWEEP = { tokens: SWEEP_TOKENS, samples: SWEEP_SAMPLES }; // what the page's sweep over H asks the engine for

async function load(hash, options) {
  const opened = await session.open(session.server.url + hash, options);
  assert.equal(await opened.page.getAttribute('body', 'data-engine'), 'ready', 'the engine started');
  await opened.page.waitForSelector('[data-stats="heads-scaling"] [data-stat="dkvar"]', { state: 'attached' }); // covered until a prediction
  await refined(opened.page);
  return opened;
}

const sweepAt = (dModel, seed = 1) => session.engine.multiHeadSweep({ dModel, heads: [1, 2, 4, 8].filter((h) => dModel % h === 0),
  tokens: SWEEP.tokens, samples: SWEEP.samples, seed });
const stat = (page, id, key) => page.$eval(`[data-stats="${id}"] [data-stat="${key}"]`, (n) => Number(n.dataset.value));
const hashKey = (page, key) => page.evaluate((k) => new URLSearchParams(location.hash.slice(1)).get(k), key);

test('Lesson 5 asks what √d_model does before it shows the table, and explains with the engine\'s numbers for the learner\'s settings', async () => {
  const { page, log } = await load('#lesson=heads');
  const q = page.locator('[data-question="heads-dmodel"]');
  const cover = page.locator('#lesson-heads .scaling-answer');
  assert.match(await cover.getAttribute('class'), /awaiting-prediction/, 'the table is covered until the learner predicts');
  const questionTop = await q.evaluate((n) => n.getBoundingClientRect().top);
  const tableTop = await page.$eval('[data-table="scaling"]', (n) => n.getBoundingClientRect().top);
  assert.ok(questionTop < tableTop, 'the question comes before the table that answers it');

  await q.locator('input[value="sharper"]').check();
  await q.locator('.question-check').click();
  assert.equal(await q.getAttribute('data-answered'), 'wrong');
  await q.locator('input[value="flatter"]').check();
  await q.locator('.question-check').click();
  assert.equal(await q.getAttribute('data-answered'), 'correct');
  assert.doesNotMatch(await cover.getAttribute('class'), /awaiting-prediction/, 'answering uncovers the table');

  // d_model = 16, H = 4: the engine's factors, the ratio d_k/d_model and the sweep's numbers at H = 4.
  const explain = () => q.locator('.question-explain').textContent();
  const at16 = await explain();
  const r16 = session.engine.multiHeadExample({ sentence: 'money bank grows', dModel: 16, heads: 4, seed: 1, scaleBy: 'dk' });
  const s16 = sweepAt(16);
  assert.match(at16, /dₖ\/d_model = 4\/16/);
  for (const v of [r16.comparison.dmodel.scale, r16.comparison.dk.scale, s16.dmodel.scaledScoreVariance[2], s16.dk.scaledScoreVariance[2],
    s16.dk.maxWeight[2], s16.dmodel.maxWeight[2], r16.comparison.dk.maxWeight[0], r16.comparison.dmodel.maxWeight[0]]) {
    assert.ok(at16.includes(sig3(v)), `the explanation prints ${sig3(v)}: ${at16}`);
  }
  assert.ok(s16.dmodel.maxWeight[2] < s16.dk.maxWeight[2], 'the engine finds √d_model flatter');

  // d_model = 32: other numbers, the engine's for 32.
  await page.fill('input[data-key="hdmodel"]', '32');
  await settled(page, 'hdmodel=32');
  await refined(page);
  const at32 = await explain();
  assert.notEqual(at32, at16);
  const s32 = sweepAt(32);
  assert.match(at32, /dₖ\/d_model = 8\/32/);
  assert.ok(at32.includes(sig3(s32.dmodel.scaledScoreVariance[2])), at32);

  // One head: d_k = d_model, the two divisors agree, and "flatter" is now wrong.
  await page.check('input[data-key="hheads"][value="1"]');
  await settled(page, 'hheads=1');
  assert.equal(await q.getAttribute('data-answered'), 'wrong');
  assert.match(await explain(), /one head dₖ = d_model = 32/);
  await q.locator('input[value="same"]').check();
  await q.locator('.question-check').click();
  assert.equal(await q.getAttribute('data-answered'), 'correct');
  assert.deepEqual(problems(log), []);
  assert.deepEqual(log.errors, []);
});

test('Lesson 5\'s core averages are the engine\'s sweep at the learner\'s H, and follow H', async () => {
  const { page } = await load('#lesson=heads');
  const s = sweepAt(16);
  for (const [i, h] of [[2, '4'], [3, '8']]) {
    if (h !== '4') {
      await page.check(`input[data-key="hheads"][value="${h}"]`);
      await settled(page, `hheads=${h}`);
    }
    assert.ok(close(await stat(page, 'heads-scaling', 'rawvar'), s.scoreVariance[i]), `raw variance at H = ${h}`);
    assert.ok(close(await stat(page, 'heads-scaling', 'dkvar'), s.dk.scaledScoreVariance[i]));
    assert.ok(close(await stat(page, 'heads-scaling', 'dmodelvar'), s.dmodel.scaledScoreVariance[i]));
    assert.match(await page.textContent('[data-stats="heads-scaling"] [data-stat="dmodelvar"]'), new RegExp(`dₖ/d_model = ${s.dK[i]}/16`));
    assert.match(await page.textContent('[data-part="scaling"] .sample-state'), new RegExp(`^${SWEEP.samples} samples .* H = ${h}$`));
  }
});

test('each of Lesson 5\'s "Go deeper" sections opens, writes the link, and a link opens it', async () => {
  const { page, log } = await load('#lesson=heads');
  const section = (id) => page.locator(`#lesson-heads details[data-deeper="${id}"]`);
  for (const id of ['combine', 'sweep']) assert.equal(await section(id).evaluate((n) => n.open), false, `${id} starts closed`);
  await section('sweep').locator(':scope > summary').click();
  await page.waitForFunction(() => new URLSearchParams(location.hash.slice(1)).get('hdeep') === 'sweep');
  await section('combine').locator(':scope > summary').click();
  await page.waitForFunction(() => new URLSearchParams(location.hash.slice(1)).get('hdeep') === 'combine,sweep');
  const width = await page.$eval('[data-chart="heads-variance"] svg', (n) => n.getBoundingClientRect().width);
  assert.ok(width > 200, `the sweep chart is drawn at its box's width once open (${width}px)`);
  await section('sweep').locator(':scope > summary').click();
  await page.waitForFunction(() => new URLSearchParams(location.hash.slice(1)).get('hdeep') === 'combine');
  assert.deepEqual(problems(log), []);

  for (const [link, open] of [['combine', ['combine']], ['sweep', ['sweep']], ['combine,sweep', ['combine', 'sweep']]]) {
    const { page: linked } = await load(`#lesson=heads&hdeep=${link}`);
    for (const id of ['combine', 'sweep']) {
      const isOpen = await linked.$eval(`#lesson-heads details[data-deeper="${id}"]`, (n) => n.open);
      assert.equal(isOpen, open.includes(id), `hdeep=${link}: ${id}`);
    }
    assert.equal(await hashKey(linked, 'hdeep'), link);
  }
});

test('Lesson 5 fits its share of the page at 1280 px with nothing opened: at most 1,500 px tall and 450 visible words', async () => {
  const { page } = await load('#lesson=heads', { viewport: { width: 1280, height: 900 } });
  const size = await page.$eval('main > section[data-lesson="heads"]', (s) => ({
    height: s.getBoundingClientRect().height,
    words: (s.innerText || '').split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length,
  }));
  assert.ok(size.height <= 1500, `height ${size.height}px`);
  assert.ok(size.words <= 450, `${size.words} visible words`);
  assert.ok(size.words > 150, `the lesson still says something (${size.words} words)`);
});

/** Opens the page with `hash` and waits until Lessons 4 and 5 have drawn, previews refined. */
async function loadBoth(hash = '', { viewport } = {}) {
  const opened = await load(hash, { viewport });
  await opened.page.waitForSelector('[data-stats="break"] [data-stat="fails"]');
  await refined(opened.page);
  return opened;
}

const cellValue = (page, table, key) => page.$eval(`[data-table="${table}"] [data-stat="${key}"]`, (n) => Number(n.dataset.value));
const matrix = heatmapValues;
const closeAll = (got, want, tol, what) => {
  assert.equal(got.length, want.length, `${what}: ${got.length} values, expected ${want.length}`);
  got.forEach((v, i) => assert.ok(close(v, want[i], tol), `${what}[${i}]: page ${v}, engine ${want[i]}`));
};
const until = (page, fn, arg) => page.waitForFunction(fn, arg, { timeout: 15000 });

test('the contents list Lessons 4 and 5 after Lessons 1–3 and choosing one scrolls to it', async () => {
  const { page, log } = await loadBoth();
  const listed = await page.$$eval('#toc a', (n) => n.map((a) => a.dataset.lesson));
  assert.deepEqual(listed.slice(0, 5), ['selfattention', 'variance', 'saturation', 'temperature', 'heads']);
  for (const id of ['temperature', 'heads']) {
    await page.click(`#toc a[data-lesson="${id}"]`);
    await hashHas(page, 'lesson', id);
    const top = await page.$eval(`#lesson-${id}`, (n) => n.getBoundingClientRect().top);
    assert.ok(Math.abs(top) < 5, `${id} is scrolled to the top (${top}px)`);
  }
  noErrors(log, 'contents');
});

test('Lesson 5 shows each head, the concatenation, Wᴼ and the output as the engine computes them', async () => {
  const { page, log } = await loadBoth('#lesson=heads');
  const d = defaults();
  const H = Number(d.hheads);
  const r = session.engine.multiHeadExample({ sentence: d.sentence, dModel: d.hdmodel, heads: H, seed: d.hseed, scaleBy: d.hscale });
  const n = r.tokens.length;
  assert.equal(await page.$$eval('.head-panel', (x) => x.length), H);
  for (let h = 0; h < H; h += 1) {
    closeAll(await matrix(page, `head-${h + 1}-weights`), Array.from(r.weights).slice(h * n * n, (h + 1) * n * n), 1e-7, `head ${h + 1} weights`);
    assert.ok(close(await stat(page, `head-${h + 1}`, 'scaledvar'), r.headScaledScoreVariance[h]));
    assert.ok(close(await stat(page, `head-${h + 1}`, 'maxweight'), r.headMaxWeight[h]));
  }
  // Closed (the default), the section of Concat and Wᴼ has drawn nothing; opened, it draws the settings of the moment.
  const combineMaps = () => page.$$eval('[data-part="combine"] figure[data-matrix]', (x) => x.map((f) => `${f.dataset.matrix} ${f.dataset.rows}×${f.dataset.cols}`));
  assert.deepEqual(await combineMaps(), [], 'closed: no maps drawn');
  await page.locator('details[data-deeper="combine"] > summary').click();
  await until(page, () => document.querySelectorAll('[data-part="combine"] figure[data-matrix]').length === 3);
  assert.deepEqual(await combineMaps(), [`concat ${n}×${d.hdmodel}`, `wo ${d.hdmodel}×${d.hdmodel}`, `mh-output ${n}×${d.hdmodel}`]);
  closeAll(await matrix(page, 'concat'), Array.from(r.concat), 1e-7, 'concat');
  closeAll(await matrix(page, 'wo'), Array.from(r.wO), 1e-7, 'W^O');
  closeAll(await matrix(page, 'mh-output'), Array.from(r.output), 1e-7, 'output');
  assert.ok(await page.$$eval('[data-part="combine"] math', (x) => x.length) >= 1, 'Multihead = Concat · Wᴼ is typeset');
  for (const by of ['dk', 'dmodel', 'none']) {
    assert.ok(close(await cellValue(page, 'scaling', `${by}max1`), r.comparison[by].maxWeight[0]), `head 1 ÷ ${by}`);
  }

  const sweep = session.engine.multiHeadSweep({ dModel: d.hdmodel, heads: [1, 2, 4, 8], tokens: SWEEP.tokens, samples: SWEEP.samples, seed: d.hseed });
  assert.equal(await page.$eval('[data-chart="heads-variance"] [data-series="dmodel"]', (x) => Number(x.dataset.count)), 4);
  assert.ok(close(await stat(page, 'heads-sweep', 'dmodelvar'), sweep.dmodel.scaledScoreVariance[3]));
  assert.ok(close(await stat(page, 'heads-sweep', 'dkvar'), sweep.dk.scaledScoreVariance[3]));
  assert.ok(close(await stat(page, 'heads-sweep', 'dmodelmax'), sweep.dmodel.maxWeight[3]));
  assert.ok(sweep.dmodel.scaledScoreVariance[3] < sweep.dk.scaledScoreVariance[3] / 4, 'with 8 heads √d_model shrinks the variance about eight-fold');
  noErrors(log, 'Lesson 5');
});

test('Lesson 5 reacts to H, the scaling toggle and d_model, and restores them from a link', async () => {
  const { page, log } = await loadBoth('#lesson=heads');
  await page.check('input[data-key="hheads"][value="8"]');
  await until(page, () => document.querySelectorAll('.head-panel').length === 8);
  await page.check('input[data-key="hscale"][value="dmodel"]');
  await hashHas(page, 'hscale', 'dmodel');
  const r = session.engine.multiHeadExample({ sentence: 'money bank grows', dModel: 16, heads: 8, seed: 1, scaleBy: 'dmodel' });
  await until(page, (v) => Math.abs(Number(document.querySelector('[data-stats="head-1"] [data-stat="scaledvar"]').dataset.value) - v) <= 1e-9 * (1 + v), r.headScaledScoreVariance[0]);
  assert.equal(r.scale, 0.25, 'the mistake divides by √16 = 4');

  // d_model = 12: 8 no longer divides it; the page falls back to 4 and says so.
  await page.fill('input[data-key="hdmodel"]', '12');
  await hashHas(page, 'hdmodel', '12');
  await hashHas(page, 'hheads', null);
  assert.equal(await page.isDisabled('input[data-key="hheads"][value="8"]'), true);
  assert.match(await page.textContent('[data-notice="heads"]'), /does not divide/);
  await until(page, () => document.querySelector('[data-chart="heads-variance"] [data-series="dk"]')?.dataset.count === '3');

  // The sentence is Lesson 1's.
  await page.fill('#lesson-heads input[data-key="sentence"]', 'river bank flows fast');
  await until(page, () => document.querySelectorAll('#lesson-heads .tokens .token').length === 4);
  assert.equal(await page.inputValue('#lesson-selfattention input[data-key="sentence"]'), 'river bank flows fast');
  noErrors(log, 'Lesson 5 controls');

  const { page: linked, log: log2 } = await loadBoth('#lesson=heads&sentence=a%20b%20c%20d%20e&hdmodel=32&hheads=2&hscale=none&hseed=5&hdeep=combine');
  assert.equal(await linked.isChecked('input[data-key="hheads"][value="2"]'), true);
  assert.equal(await linked.isChecked('input[data-key="hscale"][value="none"]'), true);
  const e = session.engine.multiHeadExample({ sentence: 'a b c d e', dModel: 32, heads: 2, seed: 5, scaleBy: 'none' });
  closeAll(await matrix(linked, 'mh-output'), Array.from(e.output), 1e-7, 'output from the link');
  assert.equal(await linked.$$eval('[data-notice]', (x) => x.length), 0);
  noErrors(log2, 'a Lesson 5 link');

  const bad = await loadBoth('#lesson=heads&hheads=3&hscale=sqrt&hdmodel=999');
  const text = await bad.page.textContent('[data-notice="link"]');
  for (const key of ['hheads', 'hscale', 'hdmodel']) assert.match(text, new RegExp(`${key} = `));
  assert.equal(await bad.page.isChecked('input[data-key="hheads"][value="4"]'), true);
  assert.equal(await bad.page.isChecked('input[data-key="hscale"][value="dk"]'), true);
});

test('while d_model is dragged Lesson 5\'s sweep over H shows a labelled preview; once it settles, the engine\'s full-sample sweep', async () => {
  const { page, log } = await loadBoth('#lesson=heads');
  // Lesson 5: d_model dragged; the sweep over H is previewed, then the engine's 200-sample sweep.
  const heads = await dragAndHold(page, 'input[data-key="hdmodel"]', [20, 24, 32], 400, { dkvar: '[data-stats="heads-sweep"] [data-stat="dkvar"]' });
  const h = parseHash(heads.hash).state;
  assert.equal(h.hdmodel, 32);
  const label = heads.labels.scaling;
  assert.equal(label.state, 'preview', label.text);
  assert.ok(label.samples < SWEEP.samples);
  const hs = [1, 2, 4, 8];
  const previewSweep = session.engine.multiHeadSweep({ dModel: 32, heads: hs, tokens: SWEEP.tokens, samples: label.samples, seed: h.hseed });
  assert.ok(close(heads.numbers.dkvar.value, previewSweep.dk.scaledScoreVariance[3]));
  await release(page, 'input[data-key="hdmodel"]');
  await refined(page);
  assert.equal(await page.$eval('[data-part="scaling"] .sample-state', (n) => n.dataset.sampleState), 'full');
  const sweep = session.engine.multiHeadSweep({ dModel: 32, heads: hs, tokens: SWEEP.tokens, samples: SWEEP.samples, seed: h.hseed });
  assert.ok(close(await stat(page, 'heads-sweep', 'dkvar'), sweep.dk.scaledScoreVariance[3]));
  assert.ok(close(await stat(page, 'heads-sweep', 'dmodelmax'), sweep.dmodel.maxWeight[3]));
  noErrors(log, 'previews');
});

test('at 375 px wide Lesson 5 does not make the page scroll sideways', async () => {
  const { page } = await loadBoth('#lesson=heads', { viewport: { width: 375, height: 800 } });
  assert.deepEqual(await misfits(page, '#lesson-heads'), [], 'heads at 375 px');
});
