// What both Lesson 2 test files (lesson2.test.mjs, lesson2-engine.test.mjs) open the page with and check it by.
import assert from 'node:assert/strict';
import { nextFrame } from './harness.mjs';

export { close, noErrors, statValue as stat } from './harness.mjs';
import { defaults } from '../../web/state.js';
import { distributionOf } from '../../web/sections/variance/shared.js';

export const STD = distributionOf(defaults()).options; // the lesson's default entries, as the page asks the engine for them

/** load(hash, options) of a browserSession: opens the page with `hash` and waits until Lesson 2's core parts have drawn. */
export const lesson2Loader = (session) => async (hash = '#lesson=variance', { viewport } = {}) => {
  const opened = await session.open(session.server.url + hash, { viewport });
  assert.equal(await opened.page.getAttribute('body', 'data-engine'), 'ready', 'the engine started');
  await opened.page.waitForSelector('[data-stats="sweep"] [data-stat="slope"]');
  // The histograms are covered until the learner predicts: drawn, but not painted.
  await opened.page.waitForSelector('[data-stats="hist-1000"], .histogram-panel', { state: 'attached' });
  return opened;
};

export const seriesCount = (page, chart, series) => page.$eval(`[data-chart="${chart}"] [data-series="${series}"]`, (n) => Number(n.dataset.count));
export const until = async (page, fn, arg) => { await page.waitForFunction(fn, arg, { timeout: 10000 }); await nextFrame(page); };
export const lesson = (page) => page.locator('#lesson-variance');
