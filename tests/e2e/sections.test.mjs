// The section registry in Chromium: each section recomputes only when one of its own keys changes, every
// registered section is a custom element whose attributes are its keys, and a chart inside an element names its
// exports after that element's settings. Needs build/page/app.js (node web/build.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { problems, browserSession, settled } from './harness.mjs';
import { STATE_TABLE } from '../../web/state.js';

const session = browserSession();

const renders = (page) => page.$$eval('[data-asl-section]', (n) => Object.fromEntries(n.map((s) => [s.dataset.aslSection, Number(s.dataset.renders)])));

test('a section recomputes only when one of its own keys changes', async () => {
  const { page, log } = await session.open(`${session.server.url}#lesson=selfattention&head=random`); // d_k's slider shows
  await page.waitForSelector('[data-stats="row"] [data-stat="maxweight"]');
  await page.waitForTimeout(300);
  const start = await renders(page);
  assert.ok(Object.values(start).every((n) => n === 1), `one render each on load: ${JSON.stringify(start)}`);

  // A Lesson 3 slider: Lesson 3 recomputes, Lessons 1 and 2 do not.
  await page.fill('input[data-key="gn"]', '20');
  await settled(page, 'gn=20');
  await page.waitForFunction(() => document.querySelector('[data-asl-section="saturation"]').dataset.renders === '2');
  await page.waitForTimeout(200);
  const afterL3 = await renders(page);
  assert.equal(afterL3.selfattention, 1, 'Lesson 1 did not rerun for a Lesson 3 slider');
  assert.equal(afterL3.variance, 1, 'Lesson 2 did not rerun for a Lesson 3 slider');

  // A Lesson 1 slider: only Lesson 1 (and any section that reads Lesson 1's keys) recomputes.
  await page.fill('input[data-key="dk"]', '9');
  await page.waitForFunction(() => document.querySelector('[data-asl-section="selfattention"]').dataset.renders === '2');
  await page.waitForTimeout(200);
  const afterL1 = await renders(page);
  assert.equal(afterL1.saturation, 2, 'Lesson 3 did not rerun for d_k of Lesson 1');
  assert.equal(afterL1.variance, 1);

  // Choosing a lesson in the contents changes only `lesson`, which no section reads.
  await page.click('#toc a[data-lesson="variance"]');
  await page.waitForFunction(() => location.hash.startsWith('#lesson=variance'));
  await page.waitForTimeout(200);
  assert.deepEqual(await renders(page), afterL1);
  assert.deepEqual(problems(log), []);
});

test('every registered section is a custom element whose attributes are its state keys', async () => {
  const { page } = await session.open(session.server.url);
  const ids = await page.$$eval('#toc a[data-lesson]', (n) => n.map((a) => a.dataset.lesson));
  const elements = await page.evaluate((list) => list.map((id) => {
    const name = { selfattention: 'attention-self-attention' }[id] ?? `attention-${id}`;
    const ctor = customElements.get(name);
    return { id, name, defined: Boolean(ctor), attributes: ctor ? ctor.observedAttributes : [] };
  }), ids);
  for (const e of elements) {
    assert.ok(e.defined, `<${e.name}> is defined`);
    const own = STATE_TABLE.filter((row) => row.section === e.id).map((row) => row.key);
    for (const key of own) assert.ok(e.attributes.includes(key), `<${e.name}> takes ${key}`);
    assert.ok(e.attributes.length > 2, `<${e.name}> has attributes`);
  }
  assert.ok(elements.find((e) => e.id === 'variance').attributes.includes('dims'), 'a friendlier name declared by the lesson');
});

test('a chart inside a custom element names its exports after the element\'s settings', async () => {
  const { page } = await session.open(`${session.server.origin}/tests/e2e/fixtures/element-alone.html`, { waitReady: false });
  const host = page.locator('attention-variance');
  await host.locator('[data-stats="sweep"] [data-stat="slope"]').waitFor({ timeout: 20000 });
  await page.$eval('attention-variance', (n) => n.setAttribute('teacher', '1')); // export bars are teacher tools
  const [file] = await Promise.all([page.waitForEvent('download'), host.locator('[data-chart="sweep-linear"] [data-export="csv"]').click()]);
  assert.equal(file.suggestedFilename(), 'variance_sweep-linear_vdims-5-50_vmaxdim-64_vvectors-20.csv'); // stdnormal is the default
});
