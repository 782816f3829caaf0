// The page as a lesson, in Chromium: every "Go deeper" section opens, writes the link and is opened again by that
// link; every question can be answered right and wrong. Needs build/page/app.js (node web/build.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { problems, browserSession, refined } from './harness.mjs';

const MIN_QUESTIONS = 6;

const session = browserSession();

async function load(hash = '') {
  const opened = await session.open(session.server.url + hash, { viewport: { width: 1280, height: 900 } });
  assert.equal(await opened.page.getAttribute('body', 'data-engine'), 'ready');
  await refined(opened.page);
  return opened;
}

test('every Go-deeper section opens, writes the link, and that link opens it again', async () => {
  const { page } = await load();
  const sections = await page.$$eval('details.go-deeper', (nodes) => nodes.map((n) => ({ id: n.dataset.deeper, lesson: n.closest('[data-lesson]').dataset.lesson })));
  assert.ok(sections.length >= 8, `Go-deeper sections on the page (${sections.length})`);
  for (const { id, lesson } of sections) {
    const selector = `section[data-lesson="${lesson}"] details.go-deeper[data-deeper="${id}"]`;
    await page.click(`${selector} > summary`);
    await page.waitForFunction((want) => new RegExp(`deep=([^&]*,)?${want}(,|&|$)`).test(location.hash), id);
    const hash = await page.evaluate(() => location.hash);
    const again = await session.open(`${session.server.url}${hash}`, { viewport: { width: 1280, height: 900 } });
    await again.page.waitForSelector('body[data-engine="ready"]');
    await again.page.waitForFunction((sel) => document.querySelector(sel)?.open === true, selector);
    await again.context.close();
    await page.click(`${selector} > summary`); // closed again: the link forgets it
    await page.waitForFunction((want) => !new RegExp(`deep=([^&]*,)?${want}(,|&|$)`).test(location.hash), id);
  }
});

test('every question can be answered right and wrong, and says which', async () => {
  const { page, log } = await load();
  const ids = await page.$$eval('[data-question]', (n) => n.map((q) => q.dataset.question));
  assert.ok(ids.length >= MIN_QUESTIONS, `questions on the page (${ids.length}: ${ids.join(', ')})`);
  for (const id of ids) {
    const q = page.locator(`[data-question="${id}"]`);
    // A question inside a closed Go-deeper section is answered the way a learner would: after opening it.
    await q.evaluate((n) => { for (let d = n.closest('details'); d; d = d.parentElement.closest('details')) d.open = true; });
    await q.scrollIntoViewIfNeeded();
    const seen = new Set();
    const radios = await q.locator('input[type="radio"]').count();
    const boxes = await q.locator('input[type="checkbox"]').count();
    if (radios > 0) {
      for (let i = 0; i < radios; i += 1) {
        await q.locator('input[type="radio"]').nth(i).check();
        await q.locator('.question-check').click();
        seen.add(await q.getAttribute('data-answered'));
      }
    } else if (boxes > 0) {
      // A tick-all question: every set of ticked boxes in turn, until one is called right and one wrong.
      for (let set = 1; set < 2 ** boxes && !(seen.has('correct') && seen.has('wrong')); set += 1) {
        for (let i = 0; i < boxes; i += 1) await q.locator('input[type="checkbox"]').nth(i).setChecked(Boolean(set & (1 << i)));
        await q.locator('.question-check').click();
        seen.add(await q.getAttribute('data-answered'));
      }
    } else {
      await q.locator('input[type="number"]').fill('1e9');
      await q.locator('.question-check').click();
      seen.add(await q.getAttribute('data-answered'));
    }
    assert.ok(seen.has('wrong'), `${id}: a wrong answer is called wrong`);
    if (radios > 0 || boxes > 0) assert.ok(seen.has('correct'), `${id}: one choice is right at the default settings`);
    assert.ok((await q.locator('.question-explain').textContent()).length > 40, `${id}: the verdict explains`);
  }
  assert.deepEqual(problems(log), []);
});
