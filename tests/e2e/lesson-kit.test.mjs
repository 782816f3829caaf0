// The lesson kit in Chromium: the teacher-tools switch (link, header button, memory, element attribute), a
// predict-then-see question answered right and wrong with an explanation that follows the settings, the answers
// indicator and its reset, and the closing summary. Needs build/page/app.js (node web/build.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { problems, browserSession, settled } from './harness.mjs';

const session = browserSession();

async function load(hash = '', options) {
  const opened = await session.open(session.server.url + hash, options);
  assert.equal(await opened.page.getAttribute('body', 'data-engine'), 'ready');
  return opened;
}

/** How many chart tool bars are displayed, and how many exist. */
const tools = (page) => page.$$eval('.chart-tools', (nodes) => ({
  shown: nodes.filter((n) => getComputedStyle(n).display !== 'none').length, all: nodes.length }));

test('export bars and data tables are hidden for learners and shown by teacher tools: link, switch, memory', async () => {
  const { page, log } = await load('#step=7');
  const off = await tools(page);
  assert.ok(off.all >= 5, `charts have tool bars (${off.all})`);
  assert.equal(off.shown, 0, 'no export bar shows by default');

  const button = page.locator('.teacher-toggle');
  assert.equal(await button.getAttribute('aria-pressed'), 'false');
  await button.click();
  assert.equal(await button.getAttribute('aria-pressed'), 'true');
  const on = await tools(page);
  assert.equal(on.shown, on.all, 'every export bar shows with teacher tools on');

  // Remembered in this browser: a fresh load of the same context shows them too, without teacher=1 in the link.
  await page.reload();
  await page.waitForSelector('body[data-engine="ready"]');
  assert.equal(await page.locator('.teacher-toggle').getAttribute('aria-pressed'), 'true');
  const remembered = await tools(page);
  assert.equal(remembered.shown, remembered.all);
  await page.locator('.teacher-toggle').click();
  assert.equal((await tools(page)).shown, 0, 'switched off again');

  // A link with teacher=1 shows them in a browser that never chose; switching off clears it from the link.
  const fresh = await load('#step=7&teacher=1');
  const linked = await tools(fresh.page);
  assert.equal(linked.shown, linked.all);
  await fresh.page.locator('.teacher-toggle').click();
  await fresh.page.waitForFunction(() => !location.hash.includes('teacher=1'));
  assert.equal((await tools(fresh.page)).shown, 0);
  assert.deepEqual(problems(log), []);
});

test('a custom element shows its export bars only with teacher="1"', async () => {
  const context = await session.newContext();
  const page = await context.newPage();
  await page.goto(`${session.server.origin}/tests/e2e/fixtures/two-elements.html`);
  await page.waitForFunction(() => [...document.querySelectorAll('[data-engine]')].length >= 2);
  const shown = () => page.evaluate(() => [...document.querySelectorAll('attention-saturation, attention-self-attention')].map((host) => {
    const bars = [...host.shadowRoot.querySelectorAll('.chart-tools')];
    return bars.filter((n) => getComputedStyle(n).display !== 'none').length;
  }));
  assert.deepEqual(await shown(), [0, 0]);
  await page.evaluate(() => document.querySelector('attention-saturation').setAttribute('teacher', '1'));
  const after = await shown();
  assert.ok(after[0] > 0 && after[1] === 0, `only the element with teacher="1" shows its bars (${after})`);
});

test('Lesson 1 asks before it shows: right and wrong answers, live numbers that follow the settings, kept and reset', async () => {
  const { page, log } = await load('#dk=16&head=random'); // d_k follows its slider with random weights
  const q = page.locator('[data-question="selfattention-unscaled"]');
  assert.equal(await q.evaluate((n) => n.tagName), 'FIELDSET');
  assert.ok((await q.locator('legend').textContent()).length > 20, 'the question has a legend');
  const indicator = page.locator('.answers-count');
  const [, total] = (await indicator.textContent()).match(/^0 of (\d+) answered$/);
  assert.ok(Number(total) >= 1);

  await q.locator('input[value="flatter"]').check();
  await q.locator('.question-check').click();
  assert.equal(await q.getAttribute('data-answered'), 'wrong');
  assert.match(await q.locator('[role="status"]').textContent(), /Not quite/);
  await q.locator('input[value="sharper"]').check();
  await q.locator('.question-check').click();
  assert.equal(await q.getAttribute('data-answered'), 'correct');
  const explain = () => q.locator('.question-explain').textContent();
  const at16 = await explain();
  assert.match(at16, /dₖ = 16/);
  assert.equal(await indicator.textContent(), `1 of ${total} answered`);

  // The explanation's numbers follow the settings: another d_k, other numbers, from the engine.
  await page.fill('input[data-key="dk"]', '64');
  await page.dispatchEvent('input[data-key="dk"]', 'input');
  await settled(page, 'dk=64');
  const at64 = await explain();
  assert.match(at64, /dₖ = 64/);
  assert.notEqual(at64, at16);
  // At d_k = 1 the division changes nothing, and the same answer is now wrong.
  await page.fill('input[data-key="dk"]', '1');
  await page.dispatchEvent('input[data-key="dk"]', 'input');
  await settled(page, 'dk=1');
  assert.equal(await q.getAttribute('data-answered'), 'wrong');

  // Kept across a reload, then reset.
  await page.reload();
  await page.waitForSelector('body[data-engine="ready"]');
  await page.waitForFunction(() => document.querySelector('.answers-count')?.textContent.startsWith('1 of'));
  assert.equal(await q.locator('input[value="sharper"]').isChecked(), true);
  assert.ok(await q.getAttribute('data-answered'));
  await page.click('.answers-reset');
  assert.equal(await indicator.textContent(), `0 of ${total} answered`);
  assert.equal(await q.getAttribute('data-answered'), null);
  assert.deepEqual(problems(log), []);
});

test('the page closes with five takeaways that lead back to their lessons, and a reading list', async () => {
  const { page } = await load();
  const items = await page.$$eval('#summary .takeaways li', (n) => n.map((x) => x.textContent));
  assert.equal(items.length, 5);
  assert.ok((await page.$$eval('#summary .reading li', (n) => n.length)) >= 5);
  await page.click('#summary a[data-lesson="saturation"]');
  await page.waitForFunction(() => location.hash.includes('lesson=saturation'));
  const top = await page.$eval('#lesson-saturation', (n) => Math.round(n.getBoundingClientRect().top));
  assert.ok(Math.abs(top) < 5, `the lesson is scrolled to the top (${top})`);
});
