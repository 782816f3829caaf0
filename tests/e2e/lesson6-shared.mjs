// What both Lesson 6 test files (lesson6.test.mjs, lesson6-runs.test.mjs) open the page with and check it by.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, nextFrame } from './harness.mjs';

export { noErrors } from './harness.mjs';
import { sig2, sig3 } from '../../web/format.js';

export const REFERENCE = JSON.parse(fs.readFileSync(path.join(ROOT, 'web', 'data', 'reference-runs.json'), 'utf8'));

/**
 * load(hash, { base, viewport }) of a browserSession: opens the page at `hash` (http unless `base` is given), scrolled
 * to Lesson 6, once the lesson knows its run mode.
 */
export const lesson6Loader = (session) => async (hash, { base = session.server.url, viewport } = {}) => {
  const opened = await session.open(base + hash, { viewport });
  assert.equal(await opened.page.getAttribute('body', 'data-engine'), 'ready', 'the engine started');
  await opened.page.$eval('#lesson-training', (n) => n.scrollIntoView());
  await opened.page.waitForSelector('#lesson-training [data-part="run"] .run-mode[data-mode]:not([data-mode=""])', { timeout: 30000 });
  return opened;
};

export const stat = (page, id, key) => page.$eval(`#lesson-training [data-stats="${id}"] [data-stat="${key}"]`, (n) => Number(n.dataset.value));
export const until = async (page, fn, arg, timeout = 60000) => { await page.waitForFunction(fn, arg, { timeout }); await nextFrame(page); };

/** infoOf(options) of a browserSession: engine.createTrainer's info for options (freed at once). */
export const lesson6InfoOf = (session) => (options) => {
  const t = session.engine.createTrainer(options);
  try {
    return t.info;
  } finally {
    t.delete();
  }
};
export const LEARNED = { betaStrategy: 'learned', valSize: 1000, testSize: 10000 };
// Three significant digits ± two, as web/format.js prints a group's accuracy (issue 33), with a no-break space before %.
export const quoted = (g) => `${sig3(100 * g.tokenAccuracy.mean)} ± ${sig2(100 * g.tokenAccuracy.sd)}\u00a0%`;
