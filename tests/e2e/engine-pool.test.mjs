// The background engines of the Monte Carlo parts (web/engine-pool.js) in Chromium: over http the page starts two and
// says so in its footer, the full sample counts they compute are the engine's own numbers, and from file:// (where
// Chromium refuses workers) the same numbers come from the page's thread. That a result the learner has moved past is
// never drawn is tested without a browser, where the workers' answers can be timed at will (tests/js/engine-pool.test.mjs).
// Needs build/page/app.js (node web/build.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FILE_URL, problems, refined, browserSession } from './harness.mjs';

const session = browserSession({ engine: true });
const SWEEP = { tokens: 8, samples: 200 }; // web/sections/heads/common.js
const SWEPT_HEADS = [1, 2, 4, 8];
// At d_model = 64 the full sweep over H is far too slow for one frame, so every seed is drawn as a preview first and
// its full count refined afterwards.
const D_MODEL = 64;
const LINK = `#lesson=heads&hdmodel=${D_MODEL}`;

const pool = (page) => page.$eval('.engine-pool', (n) => ({ state: n.dataset.pool, workers: Number(n.dataset.workers), answered: Number(n.dataset.answered), text: n.textContent }));

/** Types `seed` into Lesson 5's seed field and commits it (a change event: the full count starts at once). */
const commitSeed = (page, seed) => page.$eval('input[data-key="hseed"]', (n, v) => {
  n.value = v;
  n.dispatchEvent(new Event('input', { bubbles: true }));
  n.dispatchEvent(new Event('change', { bubbles: true }));
}, String(seed));

/** Waits until the full count of `seed` is on screen (its preview is drawn first), as the engine in Node computes it. */
async function checkSweep(page, seed, where) {
  const want = session.engine.multiHeadSweep({ dModel: D_MODEL, heads: SWEPT_HEADS, tokens: SWEEP.tokens, samples: SWEEP.samples, seed });
  const shown = () => page.evaluate(() => ({
    refining: document.querySelector('[data-asl-section="heads"]').dataset.refining,
    state: document.querySelector('[data-part="scaling"] .sample-state').dataset.sampleState,
    dkvar: Number(document.querySelector('[data-stats="heads-sweep"] [data-stat="dkvar"]').dataset.value),
    dmodelvar: Number(document.querySelector('[data-stats="heads-sweep"] [data-stat="dmodelvar"]').dataset.value),
  }));
  const expected = { refining: '0', state: 'full', dkvar: want.dk.scaledScoreVariance[3], dmodelvar: want.dmodel.scaledScoreVariance[3] };
  const deadline = Date.now() + 20000;
  let now = await shown();
  while (JSON.stringify(now) !== JSON.stringify(expected) && Date.now() < deadline) {
    await page.waitForTimeout(50);
    now = await shown();
  }
  assert.deepEqual(now, expected, `${where}: the full count on screen, equal to the engine's`);
}

test('over http two background engines compute the full sample counts, and their numbers are the engine\'s', async () => {
  const { page, log } = await session.open(`${session.server.url}${LINK}`);
  await page.waitForFunction(() => document.querySelector('.engine-pool')?.dataset.pool === 'on' && document.querySelector('.engine-pool').dataset.workers === '2',
    null, { timeout: 20000 });
  assert.match((await pool(page)).text, /2 background engines/);
  await refined(page);

  // Each seed refined in a background engine gives what the engine in Node gives for it, to the last bit.
  for (const seed of [5, 9]) {
    const before = (await pool(page)).answered;
    await commitSeed(page, seed);
    await checkSweep(page, seed, `seed ${seed}`);
    assert.ok((await pool(page)).answered > before, `seed ${seed}: a background engine answered the full count`);
  }
  assert.deepEqual(problems(log), []);
  assert.deepEqual(log.errors, []);
});

test('from file:// Chromium refuses workers: the page says so, and its own thread computes the same full counts', async () => {
  const { page, log } = await session.open(`${FILE_URL}${LINK}`);
  await page.waitForFunction(() => document.querySelector('.engine-pool')?.dataset.pool === 'refused', null, { timeout: 20000 });
  assert.deepEqual(await pool(page).then(({ workers, answered }) => ({ workers, answered })), { workers: 0, answered: 0 });
  await refined(page);
  await commitSeed(page, 5);
  await checkSweep(page, 5, 'file://, seed 5');
  assert.equal((await pool(page)).answered, 0);
  assert.deepEqual(problems(log), []);
  assert.deepEqual(log.errors, []);
});
