// What both Lesson 3 test files (lesson3.test.mjs, lesson3-engine.test.mjs) open the page with and compare it against.
import assert from 'node:assert/strict';
import { refined } from './harness.mjs';

export { close } from './harness.mjs';
import { BINS, DOT_UNITS } from '../../web/sections/saturation/common.js';

/** load(hash, options) of a browserSession: the page at `hash`, the engine ready, 3.2's table there, previews refined. */
export const lesson3Loader = (session) => async (hash, options) => {
  const opened = await session.open(session.server.url + hash, options);
  assert.equal(await opened.page.getAttribute('body', 'data-engine'), 'ready', 'the engine started');
  await opened.page.waitForSelector('[data-table="spread"] [data-stat="medianu"]', { state: 'attached' }); // covered until a prediction
  await refined(opened.page);
  return opened;
};

/**
 * measured(settings) of a browserSession: the engine's rows for the core part at these settings: model "normal" and
 * the "dot" rows for the query gradient.
 */
export const lesson3Measured = (session) => ({ dK, n = 16, trials = 1000, seed = 1 }) => {
  const normal = session.engine.gradientDistribution({ dK, n, trials, seed, bins: BINS });
  const rows = Math.max(1, Math.min(trials, Math.floor(DOT_UNITS / (dK * (n + 1)))));
  const dot = session.engine.gradientDistribution({ dK, n, trials: rows, seed, model: 'dot', bins: BINS });
  return { normal, dot };
};
