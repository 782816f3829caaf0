// Lesson 1 with real words in Chromium: the default head gives "bank" different nearest words in a money sentence
// and a river sentence, a word outside the vocabulary is marked and still works, the choices live in the link, and
// all of it works from file://. The word vectors load after the first lesson is drawn; each test waits for them.
// Needs build/page/app.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FILE_URL, browserSession, nextFrame, heatmapValues, noErrors } from './harness.mjs';

const session = browserSession();
const L1 = '#lesson-selfattention';

/** Opens Lesson 1 at `hash` and waits until it draws with the loaded word vectors and its nearest words are listed. */
async function withWords(hash, base = session.server.url) {
  const opened = await session.open(base + hash);
  await opened.page.waitForSelector(`${L1}[data-embeddings="words"]`, { timeout: 30000 });
  await opened.page.waitForFunction((root) => {
    const lists = [...document.querySelectorAll(`${root} [data-nearest-words]`)];
    return lists.length > 0 && lists.every((n) => n.textContent !== '…' && n.textContent.length > 0);
  }, L1, { timeout: 10000 });
  return opened;
}

const nearest = (page, token) => page.$eval(`${L1} [data-nearest-words="${token}"]`, (n) => n.textContent.split(', '));

test('real words and the meaningful head are Lesson 1\'s defaults, and the link keeps other choices', async () => {
  const { page } = await session.open(session.server.url);
  await page.waitForSelector(`${L1} .tokens .token`);
  assert.equal(await page.isChecked(`${L1} input[data-key="emb"][value="words"]`), true);
  assert.equal(await page.isChecked(`${L1} input[data-key="head"][value="meaningful"]`), true);
  await page.check(`${L1} input[data-key="head"][value="random"]`);
  await page.check(`${L1} input[data-key="emb"][value="random"]`);
  await page.waitForFunction(() => location.hash.includes('head=random') && location.hash.includes('emb=random'));
  const again = await session.open(session.server.url + (await page.evaluate(() => location.hash)));
  await again.page.waitForSelector(`${L1} .tokens .token`);
  assert.equal(await again.page.isChecked(`${L1} input[data-key="emb"][value="random"]`), true);
  assert.equal(await again.page.isChecked(`${L1} input[data-key="head"][value="random"]`), true);
  assert.equal(await again.page.getAttribute(L1, 'data-embeddings'), 'random');
});

test('with the default head, "money bank grows" and "river bank grows" list different nearest words for bank', async () => {
  const money = await withWords('#step=7&sentence=money%20bank%20grows');
  const river = await withWords('#step=7&sentence=river%20bank%20grows');
  const m = await nearest(money.page, 'bank');
  const r = await nearest(river.page, 'bank');
  assert.equal(m.length, 5);
  assert.equal(r.length, 5);
  assert.notDeepEqual(m, r, `money: ${m.join(', ')}; river: ${r.join(', ')}`);
  assert.ok(m.filter((w) => r.includes(w)).length <= 2, `few shared words: money ${m}, river ${r}`);
  for (const list of [m, r]) for (const w of ['money', 'river', 'bank', 'grows']) assert.ok(!list.includes(w), `the sentence's own words are left out: ${list}`);
  // The weights behind it: bank's own weight is 0 and most of its row goes to the other noun.
  await money.page.click(`${L1} details[data-deeper="why"] summary`);
  await money.page.waitForFunction((root) => /gives [\d.]+ to “money”/.test(document.querySelector(`${root} [data-why="head"]`).textContent), L1);
  noErrors(money.log, 'money');
  noErrors(river.log, 'river');
});

test('typing a sentence redraws the nearest words', async () => {
  const { page, log } = await withWords('#step=7');
  const before = await nearest(page, 'bank');
  await page.fill(`${L1} input[data-key="sentence"]`, 'river bank grows');
  await page.waitForFunction((root) => document.querySelector(`${root} [data-nearest-words="river"]`)?.textContent.length > 1, L1);
  await nextFrame(page);
  assert.notDeepEqual(await nearest(page, 'bank'), before);
  noErrors(log, 'typing');
});

test('a word outside the vocabulary is marked, gets a random vector and still has nearest words', async () => {
  const { page, log } = await withWords('#step=7&sentence=zorbleflux%20bank%20grows');
  const unknown = page.locator(`${L1} .tokens .token[data-unknown="true"]`);
  assert.equal(await unknown.count(), 1);
  assert.match(await unknown.textContent(), /^zorbleflux not among the [\d,]+ words: random vector$/);
  assert.equal(await page.locator(`${L1} .tokens .token:not([data-unknown])`).count(), 2);
  assert.equal((await nearest(page, 'zorbleflux')).length, 5);
  assert.match(await page.textContent(`${L1} .step-panel[data-step="1"]`), /1 of 3 words? (is|are) not among/);
  noErrors(log, 'unknown word');
});

test('from file:// the real words load and bank has nearest words', async () => {
  const { page, log } = await withWords('#step=7', FILE_URL);
  assert.equal((await nearest(page, 'bank')).length, 5);
  noErrors(log, 'file://');
});

test('the "what √dₖ does" note says one word takes all only when the undivided row\'s largest weight is near 1', async () => {
  const scaling = async (hash) => {
    const { page, log } = await session.open(`${session.server.url}#step=7&adeep=why${hash}`);
    await page.waitForFunction((root) => /without it/.test(document.querySelector(`${root} [data-why="scaling"]`)?.textContent ?? ''), L1, { timeout: 20000 });
    const text = await page.textContent(`${L1} [data-why="scaling"]`);
    noErrors(log, hash);
    return text;
  };
  // The default sentence and head: undivided, "bank" gives "money" a weight of 1 (printed 1).
  assert.match(await scaling(''), /from 0\.854 to 1: nearly one word takes all\./);
  // A random head at d_k = 4 over six words: the undivided row's largest weight stays far from 1.
  const six = await scaling('&head=random&dk=4&seed=3&sentence=the%20cat%20sat%20on%20the%20mat');
  const [, from, to] = six.match(/largest weight goes from ([\d.]+) to ([\d.]+)/);
  assert.ok(Number(to) > Number(from) && Number(to) < 0.9, six);
  assert.doesNotMatch(six, /takes all\./);
  assert.match(six, /sharper, though no word takes all yet\./);
  // d_k = 1 divides by 1: the two rows are one row.
  const one = await scaling('&head=random&dk=1');
  assert.doesNotMatch(one, /times wider|takes all/);
  assert.match(one, /Dividing by √1 changes nothing, so the two rows are the same\./);
});

test('with the default head\'s masked diagonal, steps 5–7 say what the causal mask leaves: no self, and no weight at all for the first word', async () => {
  const step = (page, n) => page.textContent(`${L1} .step-panel[data-step="${n}"]`).then((t) => t.replace(/\s+/g, ' '));
  const { page, log } = await withWords('#step=7&causal=1');
  await nextFrame(page);
  const weights = await heatmapValues(page, 'weights');
  assert.equal(weights.length, 9);
  const rowSum = (i) => weights.slice(3 * i, 3 * i + 3).reduce((a, b) => a + b, 0);
  assert.equal(rowSum(0), 0, `the first row has every score −∞ and no weight: ${weights}`);
  assert.ok(Math.abs(rowSum(1) - 1) < 1e-6 && Math.abs(rowSum(2) - 1) < 1e-6, `the other rows sum to 1: ${weights}`);
  assert.equal(weights[4], 0, 'bank does not look at itself');
  const five = await step(page, 5);
  assert.doesNotMatch(five, /look only at itself/);
  assert.match(five, /may look only at the tokens before it \(its own score stays masked, so the first token sees none\)/);
  const six = await step(page, 6);
  assert.match(six, /add up to 1, positive except where a score is −∞; the first row, with no score left, gets no weight at all\./);
  // bank sees only money: its weight is 1 before any change, so the step does not ask to watch it climb.
  assert.equal(Math.max(...weights), 1);
  assert.match(six, /The largest weight below is already 1: a row that sees a single key gives it all its weight\./);
  assert.doesNotMatch(six, /climb towards 1/);
  assert.match(await step(page, 7), /depends on itself and the words before it\./);
  noErrors(log, 'causal');

  const open = await withWords('#step=7');
  await nextFrame(open.page);
  // Step 4's two variances are the live scores' and scaled scores' (d_k = d_model = 100 with real words): a ratio of d_k.
  const [, dK, before, after] = (await step(open.page, 4)).match(/divides the scores’ variance by (\d+): here it goes from ([\d.]+) to ([\d.]+)\./);
  assert.ok(Math.abs(Number(before) / Number(after) / Number(dK) - 1) < 0.01, `${before} / ${after} against d_k = ${dK}`);
  assert.match(await step(open.page, 5), /apart from itself, each token may look at every other/);
  assert.match(await step(open.page, 6), /positive except where a score is −∞\. A row/);
  assert.match(await step(open.page, 6), /Switch scaling off and watch the largest weight below climb towards 1\./);
  assert.match(await step(open.page, 7), /depends on the whole sentence\./);
  noErrors(open.log, 'no causal mask');
});
