// Lesson 1's word vectors on the page (web/vocabulary.js): the classic script vocabulary-data.js next to app.js loads
// after the first lesson is painted, from file:// and over HTTP, under the page's CSP, once, and never into the
// background engines; when it cannot load, the page says so in body[data-vocabulary] and keeps working.
// Needs build/page (build-scripts/build).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FILE_URL, problems, browserSession } from './harness.mjs';

const session = browserSession();
const CHUNK = /\/build\/page\/vocabulary-data\.js$/;

async function violations(page) {
  return page.evaluate(() => window.__violations);
}
const recordViolations = () => {
  window.__violations = [];
  document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
};

for (const [where, url] of [['over HTTP', () => session.server.url], ['from file://', () => FILE_URL]]) {
  test(`the word vectors load ${where} after the first lesson is painted, once, without a CSP violation`, async () => {
    const { page, log } = await session.open(url(), { init: recordViolations });
    await page.waitForSelector('body[data-vocabulary="ready"]', { timeout: 30000 });
    await page.waitForSelector('body[data-engine="ready"]', { timeout: 30000 });
    await page.waitForTimeout(500); // the background engines have started; none of them asks for the words
    const chunkRequests = log.requests.filter((r) => CHUNK.test(r));
    assert.equal(chunkRequests.length, 1, `requests for the chunk: ${chunkRequests.join(', ')}`);
    const timing = await page.evaluate((chunk) => ({
      painted: Number(document.querySelector('[data-asl-section]').dataset.firstPaintedMs),
      requested: performance.getEntriesByType('resource').find((r) => r.name === chunk)?.startTime,
    }), chunkRequests[0]);
    if (where === 'over HTTP') { // (file:// loads leave no resource timing in Chromium)
      assert.ok(timing.requested >= timing.painted, `the chunk was requested at ${timing.requested} ms, before the first lesson was painted (${timing.painted} ms)`);
    }
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(problems(log), []);
    assert.deepEqual(log.errors, []);
    assert.equal(await page.evaluate(() => '__attentionScaleLabVocabulary' in globalThis), false, 'the chunk\'s global is removed');
  });
}

test('without the word vectors the page still works and says so in body[data-vocabulary]', async () => {
  const context = await session.newContext({ viewport: { width: 1280, height: 900 } });
  await context.route(CHUNK, (route) => route.abort());
  const page = await context.newPage();
  const warnings = [];
  page.on('console', (msg) => { if (msg.type() === 'warning' || msg.type() === 'error') warnings.push(msg.text()); });
  await page.goto(session.server.url);
  await page.waitForSelector('body[data-vocabulary="failed"]', { timeout: 30000 });
  await page.waitForSelector('body[data-engine="ready"]', { timeout: 30000 });
  assert.ok(warnings.some((w) => /real words are not available: the word vectors \(.*vocabulary-data\.js\) could not be loaded/.test(w)), warnings.join('\n'));
});
