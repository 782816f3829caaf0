// The page's budget (issue 9): the default page, nothing opened, at 1280 px in Chromium is at most 12,000 px tall and
// shows at most 4,000 words, and every lesson asks at least one question. Figures are printed so a change that
// grows the page shows by how much. Needs build/page/app.js (node web/build.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { refined, browserSession } from './harness.mjs';

const session = browserSession();
const HEIGHT = 12000;
const WORDS = 4000;

test('the default page at 1280 px, nothing opened: at most 12,000 px tall and 4,000 visible words, a question in every lesson', async () => {
  const { page } = await session.open(session.server.url, { viewport: { width: 1280, height: 900 } });
  await page.waitForSelector('body[data-engine="ready"]');
  await refined(page);
  const size = await page.evaluate(() => {
    const words = (n) => (n.innerText || '').split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
    const lessons = [...document.querySelectorAll('main > section[data-lesson]')].map((s) => ({
      id: s.dataset.lesson, height: Math.round(s.getBoundingClientRect().height), words: words(s),
      questions: s.querySelectorAll('[data-question]').length, open: s.querySelectorAll('details[open]').length,
    }));
    return { height: document.documentElement.scrollHeight, words: words(document.body), lessons };
  });
  console.log(`page: ${size.height} px, ${size.words} visible words; ${size.lessons.map((l) => `${l.id} ${l.height} px/${l.words} words/${l.questions} q`).join('; ')}`);
  assert.ok(size.height <= HEIGHT, `the page is ${size.height} px tall (budget ${HEIGHT})`);
  assert.ok(size.words <= WORDS, `the page shows ${size.words} words (budget ${WORDS})`);
  assert.ok(size.words > 2000, `the page still says something (${size.words} words)`);
  for (const l of size.lessons) {
    assert.equal(l.open, 0, `${l.id}: nothing is opened by default`);
    if (l.id !== 'summary') assert.ok(l.questions >= 1, `${l.id} asks a question`);
  }
});
