// What both Lesson 4 test files (lesson4.test.mjs, lesson4-engine.test.mjs) open the page with and check it by.
import assert from 'node:assert/strict';
import { refined } from './harness.mjs';

export { close, noErrors } from './harness.mjs';

/** load(hash, options) of a browserSession: the page at `hash`, the engine ready, 4.4's chain drawn, previews refined. */
export const lesson4Loader = (session) => async (hash = '', options) => {
  const opened = await session.open(session.server.url + hash, options);
  assert.equal(await opened.page.getAttribute('body', 'data-engine'), 'ready', 'the engine started');
  await opened.page.waitForSelector('[data-stats="break"] [data-stat="fails"]');
  await refined(opened.page);
  return opened;
};
