// The lesson kit in Chromium: the teacher-tools switch (link, header button, memory, element attribute), a
// predict-then-see question answered right and wrong with an explanation that follows the settings, the answers
// indicator and its reset, and the closing summary. Needs build/page/app.js (node web/build.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { problems, browserSession, settled } from './harness.mjs';
import { percent } from '../../web/format.js';

const session = browserSession({ engine: true });

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
  const at1 = await explain(); // and the explanation no longer says that wider scores pick a winner
  assert.match(at1, /At dₖ = 1, √dₖ = 1, so dividing changes nothing: the rows’ largest weight is [\d.]+ on average either way\./);
  assert.doesNotMatch(at1, /pick a winner/);

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

test('a tick-all question is right only with exactly the right boxes, covers every node it was given, and is kept across a reload', async () => {
  const { page, log } = await load('#lesson=beyond&bdeep=lrsweep');
  const q = page.locator('[data-question="beyond-rates"]');
  await page.waitForSelector('[data-stats="rates"] [data-stat="qk-norm"]', { state: 'attached' });
  assert.equal(await q.locator('input[type="checkbox"]').count(), 5, 'one box per strategy');
  // 7.4 covers its chart, its numbers and its prose until the learner answers.
  const covered = () => page.$$eval('[data-part="rates"] .awaiting-prediction', (n) => n.length);
  assert.equal(await covered(), 3);
  await q.locator('.question-check').click();
  assert.match(await q.locator('[role="status"]').textContent(), /Tick at least one/);
  assert.equal(await q.getAttribute('data-answered'), null);
  const tick = async (values) => {
    for (const box of await q.locator('input[type="checkbox"]').all()) await box.setChecked(values.includes(await box.getAttribute('value')));
    await q.locator('.question-check').click();
    return q.getAttribute('data-answered');
  };
  assert.equal(await tick(['qk-norm']), 'wrong', 'one right box of three is not enough');
  assert.equal(await covered(), 0, 'answered, nothing stays covered');
  assert.equal(await tick(['fixed-5', 'qk-norm', 'qk-layernorm', 'inverse-sqrt-dk']), 'wrong', 'a wrong box spoils three right ones');
  assert.equal(await tick(['qk-layernorm', 'fixed-5', 'qk-norm']), 'correct');
  await page.reload();
  await page.waitForSelector('body[data-engine="ready"]');
  await page.waitForSelector('[data-stats="rates"] [data-stat="qk-norm"]', { state: 'attached' });
  const checked = await q.locator('input[type="checkbox"]').evaluateAll((n) => n.filter((i) => i.checked).map((i) => i.value));
  assert.deepEqual(checked, ['fixed-5', 'qk-norm', 'qk-layernorm']);
  assert.equal(await q.getAttribute('data-answered'), 'correct');
  assert.equal(await covered(), 0);
  assert.deepEqual(problems(log), []);
});

test('the page closes with five takeaways that lead back to their lessons, and a reading list', async () => {
  const { page } = await load();
  const items = await page.$$eval('#summary .takeaways li', (n) => n.map((x) => x.textContent));
  assert.equal(items.length, 5);
  assert.ok((await page.$$eval('#summary .reading li', (n) => n.length)) >= 5);
  // Takeaway 3's shares are the engine's, as Lesson 3.2 measures them (n 16, 1,000 rows, seed 1), and grow with d_k.
  const shares = await page.$$eval('#summary [data-stat="sparse"] [data-dk]', (n) => n.map((x) => [Number(x.dataset.dk), Number(x.dataset.value), x.textContent]));
  assert.deepEqual(shares.map(([dK]) => dK), [64, 512]);
  for (const [dK, share, text] of shares) {
    const want = session.engine.gradientDistribution({ dK, n: 16, trials: 1000, seed: 1, threshold: 0.01 }).jacobian.unscaled.fractionBelow;
    assert.equal(share, want, `d_k ${dK}`);
    assert.equal(text, `${percent(want, 2)} at ${dK}`);
  }
  assert.ok(shares[0][1] < shares[1][1]);
  await page.click('#summary a[data-lesson="saturation"]');
  await page.waitForFunction(() => location.hash.includes('lesson=saturation'));
  const top = await page.$eval('#lesson-saturation', (n) => Math.round(n.getBoundingClientRect().top));
  assert.ok(Math.abs(top) < 5, `the lesson is scrolled to the top (${top})`);
});
