// Lesson 5 as a lesson in Chromium: its prediction (right and wrong, with the engine's numbers for the learner's
// d_model and H), its two "Go deeper" sections and their place in the link, the averages its core path prints, and its
// share of the page at 1280 px. Needs build/page/app.js (node web/build.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { problems, refined, browserSession, settled } from './harness.mjs';
import { sig3 } from '../../web/format.js';

const session = browserSession({ engine: true });
const SWEEP = { tokens: 8, samples: 200 }; // as web/sections/heads/common.js

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
const close = (a, b) => Math.abs(a - b) <= 1e-9 * (1 + Math.abs(b));
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
