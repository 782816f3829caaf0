// Lesson 2.3 in Chromium ("Go deeper" under 2.2): the two arrows q and k with their lengths, cos θ and score, and the
// spreads over many pairs, all equal to engine.pairAngles in Node for the same options; a dₖ change and "Draw another
// pair" answered by the next frame; the prediction covering the figure until answered; the table at five dₖ; nothing
// drawn while the section is closed. Needs build/page/app.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import vm from 'node:vm';
import { problems, nextFrame, settled, refined, browserSession, ROOT } from './harness.mjs';
import { decodeChunk } from '../../web/vocabulary.js';

const session = browserSession({ engine: true });
const FULL = 1000; // pairs behind the spreads once settled (web/sections/variance/spine.js SPINE_PAIRS)
const shownPairs = (page) => page.$eval('[data-stats="spine"] .sample-state', (n) => Number(n.dataset.samples));

async function load(hash) {
  const opened = await session.open(session.server.url + hash);
  await opened.page.waitForSelector('[data-stats="spine"] [data-stat="dotsd"]', { state: 'attached' });
  return opened;
}
const stat = (page, key) => page.$eval(`[data-part="spine"] [data-stat="${key}"]`, (n) => Number(n.dataset.value));
const arrowLength = (page, name) => page.$eval(`[data-chart="spine-arrows"] .arrow-${name}`, (n) => Number(n.dataset.length));

/** Every number of the part against the engine's answer for the same options. */
async function assertShows(page, want, where) {
  for (const [key, value] of [['lengthq', want.lengthQ], ['lengthk', want.lengthK], ['cos', want.cos], ['product', want.product], ['dot', want.dot],
    ['lengthmean', want.lengthMean], ['cossd', want.cosSd], ['dotsd', want.dotSd]]) {
    assert.equal(await stat(page, key), value, `${where}: ${key}`);
  }
  assert.equal(await arrowLength(page, 'q'), want.lengthQ, `${where}: arrow q drawn at ‖q‖`);
  assert.equal(await arrowLength(page, 'k'), want.lengthK, `${where}: arrow k drawn at ‖k‖`);
  assert.equal(await shownPairs(page), want.pairs, `${where}: the pairs behind the spreads`);
  assert.match(await page.textContent('[data-chart="spine-arrows"] figcaption'), new RegExp(`One pair at dₖ = ${want.dim}:`));
}

test('2.3 shows one pair as two arrows and the spread over many pairs, from the engine, and answers a dₖ change by the next frame', async () => {
  const { page, log } = await load('#lesson=variance&vdeep=spine');
  await page.locator('[data-part="spine"]').scrollIntoViewIfNeeded();
  await nextFrame(page);
  assert.equal(await shownPairs(page), FULL, 'the first drawing is the full count');
  const at64 = session.engine.pairAngles({ dim: 64, pairs: FULL, seed: 1, pair: 0 });
  await assertShows(page, at64, 'dₖ = 64');
  // The spine's claim on the page: lengths about √dₖ, cos θ about 1/√dₖ, q·k about √dₖ.
  assert.ok(Math.abs(at64.lengthMean / 8 - 1) < 0.05 && Math.abs(at64.cosSd * 8 - 1) < 0.1 && Math.abs(at64.dotSd / 8 - 1) < 0.1);
  const angle = await page.$eval('[data-chart="spine-arrows"] .arrow-k', (n) => Math.atan2(-(n.y2.baseVal.value - n.y1.baseVal.value), n.x2.baseVal.value - n.x1.baseVal.value));
  assert.ok(Math.abs(angle - at64.angle) < 0.02, `k drawn at θ = ${angle}, engine ${at64.angle}`);

  // The slider to its top (dₖ = 1024): the input event, then one frame.
  await page.$eval('[data-part="spine"] input[data-key="adk"]', (input) => {
    input.value = input.max;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await page.evaluate(() => new Promise(requestAnimationFrame));
  const first = session.engine.pairAngles({ dim: 1024, pairs: 100, seed: 1, pair: 0 }); // pair 0 is the same for any count
  assert.equal(await stat(page, 'lengthq'), first.lengthQ, 'redrawn by the next frame');
  await settled(page, 'adk=1024');
  // By the next frame: the engine's numbers for the pairs shown (a preview of at least 100 when 1000 would not fit).
  const preview = await shownPairs(page);
  assert.ok(preview >= 100 && preview <= FULL, `${preview} pairs`);
  await assertShows(page, session.engine.pairAngles({ dim: 1024, pairs: preview, seed: 1, pair: 0 }), `dₖ = 1024, ${preview} pairs`);
  await refined(page);
  await nextFrame(page);
  assert.equal(await shownPairs(page), FULL, 'then the full count');
  await assertShows(page, session.engine.pairAngles({ dim: 1024, pairs: FULL, seed: 1, pair: 0 }), 'dₖ = 1024, settled');

  await page.click('[data-part="spine"] button[data-action="newpair"]');
  await settled(page, 'apair=1');
  await refined(page);
  await nextFrame(page);
  await assertShows(page, session.engine.pairAngles({ dim: 1024, pairs: FULL, seed: 1, pair: 1 }), 'the next pair');
  assert.deepEqual(problems(log), []);
  assert.deepEqual(log.errors, []);
});

test('the angle question covers the arrows until answered and explains with the engine’s sd of cos θ at dₖ = 4 and 400', async () => {
  const { page, log } = await load('#lesson=variance&vseed=3&adk=9&vdeep=spine');
  const figure = page.locator('[data-part="spine"] .part-figures > div');
  assert.match(await figure.getAttribute('class'), /awaiting-prediction/);
  const q = page.locator('[data-question="variance-angle"]');
  await q.locator('input[value="closes"]').check();
  await q.locator('.question-check').click();
  assert.equal(await q.getAttribute('data-answered'), 'wrong');
  assert.doesNotMatch(await figure.getAttribute('class'), /awaiting-prediction/);
  await q.locator('input[value="ninety"]').check();
  await q.locator('.question-check').click();
  assert.equal(await q.getAttribute('data-answered'), 'correct');
  const quoted = await q.locator('[data-cossd]').evaluateAll((n) => n.map((x) => Number(x.dataset.cossd)));
  assert.deepEqual(quoted, [4, 400].map((dim) => session.engine.pairAngles({ dim, pairs: FULL, seed: 3 }).cosSd));
  assert.ok(quoted[1] < quoted[0] / 5, `cos θ narrows from ${quoted[0]} to ${quoted[1]}`);
  await assertShows(page, session.engine.pairAngles({ dim: 9, pairs: FULL, seed: 3, pair: 0 }), 'dₖ = 9 from the link');
  assert.deepEqual(log.errors, []);
});

test('closed, 2.3 draws nothing; opened from its summary it draws the arrows and the three numbers at five dₖ, each the engine’s', async () => {
  const opened = await session.open(session.server.url + '#lesson=variance');
  const { page, log } = opened;
  await page.waitForSelector('[data-stats="sweep"] [data-stat="slope"]');
  assert.equal(await page.$('[data-stats="spine"]'), null, 'closed, the part is not drawn');
  assert.match(await page.textContent('details[data-deeper="spine"] > summary'), /q · k = ‖q‖‖k‖ cos θ/);
  await page.click('details[data-deeper="spine"] > summary');
  await settled(page, 'vdeep=spine');
  await page.waitForSelector('[data-stats="spine"] [data-stat="dotsd"]', { state: 'attached' });
  await page.waitForFunction(() => document.querySelectorAll('[data-table="spine-dims"] tbody tr:not([data-pending])').length === 5, null, { timeout: 20000 });
  const rows = await page.$$eval('[data-table="spine-dims"] tbody tr', (n) => n.map((r) => ({ dim: Number(r.dataset.dim),
    ...Object.fromEntries([...r.querySelectorAll('[data-stat]')].map((c) => [c.dataset.stat, Number(c.dataset.value)])) })));
  assert.deepEqual(rows.map((r) => r.dim), [4, 16, 64, 256, 1024]);
  for (const r of rows) {
    const want = session.engine.pairAngles({ dim: r.dim, pairs: FULL, seed: 1 });
    assert.deepEqual([r.lengthmean, r.cossd, r.dotsd], [want.lengthMean, want.cosSd, want.dotSd], `dₖ = ${r.dim}`);
  }
  assert.deepEqual(log.errors, []);
});

test('2.3 says the word vectors are loading until they arrive, then shows the engine’s real-word numbers beside the random model', async () => {
  const context = await session.newContext({ viewport: { width: 1280, height: 900 } });
  let release;
  const gate = new Promise((resolve) => { release = resolve; });
  await context.route(/\/build\/page\/vocabulary-data\.js$/, async (route) => { await gate; await route.continue(); });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${session.server.url}#lesson=variance&vdeep=spine`, { waitUntil: 'domcontentloaded' }); // the held-back words hold the load event
  await page.waitForSelector('[data-part="spine"] [data-words="loading"]', { timeout: 20000 });
  assert.equal(await page.$('[data-part="spine"] [data-stat="wordvar"]'), null, 'no real-word numbers before the words');
  release();
  await page.waitForSelector('body[data-vocabulary="ready"]', { timeout: 30000 });
  await page.waitForSelector('[data-part="spine"] [data-stat="wordvar"]', { timeout: 10000 });
  const sandbox = { self: {} };
  vm.runInNewContext(fs.readFileSync(`${ROOT}/build/page/vocabulary-data.js`, 'utf8'), sandbox);
  session.engine.setVocabulary(decodeChunk(sandbox.self.__attentionScaleLabVocabulary));
  const want = session.engine.wordPairs({ seed: 1 });
  const shown = async (key) => page.$eval(`[data-part="spine"] [data-stat="${key}"]`, (n) => Number(n.dataset.value));
  for (const [key, value] of [['entrymean', want.entryMean], ['entrysd', want.entrySd], ['wordlength', want.lengthMean], ['wordvar', want.dotVariance],
    ['modelvar', want.modelVariance], ['wordcosmean', want.cosMean], ['wordcossd', want.cosSd], ['logitvar', want.logitVariance],
    ['wordmax', want.words.maxWeight], ['modelmax', want.model.maxWeight]]) assert.equal(await shown(key), value, key);
  assert.match(await page.textContent('[data-part="spine"] .spine-words'), new RegExp(`not the model’s dₖ = ${want.unitVariance}`));
  assert.deepEqual(errors, []);
});
