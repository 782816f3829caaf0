// The page in Chromium: loading without errors or outside requests, Lesson 1's matrices, the controls,
// links that carry state, text safety and the causal mask. Needs build/page/app.js (node web/build.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FILE_URL, problems, browserSession, settled, refined } from './harness.mjs';
import { loadEngine } from '../../web/engine.js';

const session = browserSession();

/** Opens the page (over http unless told) with `hash`; fails when the engine did not start. */
async function load(hash = '', { url = session.server.url, viewport } = {}) {
  const opened = await session.open(url + hash, { viewport });
  const state = await opened.page.getAttribute('body', 'data-engine');
  assert.equal(state, 'ready', `engine did not start: ${await opened.page.textContent('main')}`);
  return opened;
}

/** The cells of heatmap `id` as [{ row, col, value, text, masked }]. */
function cells(page, id) {
  return page.$$eval(`figure[data-matrix="${id}"] .cell`, (nodes) => nodes.map((n) => ({
    row: Number(n.dataset.row),
    col: Number(n.dataset.col),
    value: Number(n.dataset.value),
    text: n.querySelector('text') ? n.querySelector('text').textContent : null,
    masked: n.dataset.masked === '1',
  })));
}

const values = async (page, id) => (await cells(page, id)).map((c) => c.value);

function assertClean(log, where) {
  assert.deepEqual(problems(log), [], `console errors or warnings from ${where}`);
  assert.deepEqual(log.errors, [], `page errors from ${where}`);
}

test('the page loads from file:// and from a local server with no console error or warning and no outside request', async () => {
  for (const [where, url, allowed] of [['file://', FILE_URL, 'file://'], ['http', session.server.url, `${session.server.origin}/`]]) {
    const { page, log } = await load('', { url });
    await page.waitForTimeout(300); // let late requests and warnings arrive
    assertClean(log, where);
    assert.ok(log.requests.length >= 3, `expected the page, its script and its stylesheet to be requested from ${where}`);
    const outside = log.requests.filter((r) => !r.startsWith(allowed));
    assert.deepEqual(outside, [], `requests from ${where} that are not ${allowed}`);
    const footer = await page.textContent('footer');
    assert.match(footer, /computed live by the C\+\+\/WASM engine/);
    assert.match(footer, /SIMD (on|off)/);
  }
});

test('every formula on the page is valid MathML: every element is a MathML one, no <mo> holds elements (WebKit drew such a relation shrunken), and Lesson 4.4\'s numbered equals signs are drawn', async () => {
  const { page } = await load('#lesson=temperature', { url: session.server.url });
  const found = await page.evaluate(() => {
    const MATHML = 'http://www.w3.org/1998/Math/MathML';
    const inMath = [...document.querySelectorAll('math')].flatMap((m) => [...m.querySelectorAll('*')]);
    const overs = inMath.filter((e) => e.namespaceURI === MATHML && e.localName === 'mover');
    return { formulas: document.querySelectorAll('math').length,
      // An element parsed into the HTML namespace inside <math> is not drawn as math (an <mo> ends MathML for the parser).
      foreign: inMath.filter((e) => e.namespaceURI !== MATHML).map((e) => `${e.localName} in ${e.closest('math').textContent.slice(0, 40)}`),
      nested: inMath.filter((e) => e.localName === 'mo' && e.firstElementChild).map((mo) => mo.outerHTML.slice(0, 80)),
      overs: overs.length, drawn: overs.filter((e) => e.getBoundingClientRect().width > 0).length };
  });
  assert.ok(found.formulas > 20, `formulas on the page: ${found.formulas}`);
  assert.deepEqual(found.foreign, [], 'elements inside <math> that are not MathML');
  assert.deepEqual(found.nested, [], 'operators that hold elements');
  assert.ok(found.overs >= 3, `Lesson 4.4's numbered equals signs are there (${found.overs} <mover>)`);
  assert.equal(found.drawn, 3, 'the chain shown at this width draws its three numbered equals signs');
});

test('no text on the page reads "[object Object]" or "undefined", with every "Go deeper" section open and every part drawn', async () => {
  const { page, log } = await load('');
  await page.evaluate(() => { for (const s of document.querySelectorAll('details:not([open]) > summary')) s.click(); });
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint'))); // draws what is out of sight, as printing does
  await refined(page, { timeout: 60000 });
  const found = await page.evaluate(() => {
    const out = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walk.nextNode()) {
      const text = walk.currentNode.data;
      if (/\[object \w+\]|\bundefined\b/.test(text)) out.push(`${walk.currentNode.parentElement.closest('[data-part], section')?.getAttribute('aria-label') ?? '?'}: ${text.slice(0, 60)}`);
    }
    return out;
  });
  assert.deepEqual(found, []);
  assertClean(log, 'the page with every section open');
});

test('a bar chart of at most 8 bars names every bar under it, at 1280 and 375 px, with every part drawn', async () => {
  // bars.js prints every k-th label when labels would touch; a short row should never need it (Lesson 4.4's chain
  // once lost two of its four names).
  for (const width of [1280, 375]) {
    const { page } = await load('', { viewport: { width, height: 900 } });
    await page.evaluate(() => { for (const s of document.querySelectorAll('details:not([open]) > summary')) s.click(); });
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    await refined(page, { timeout: 60000 });
    const charts = await page.$$eval('svg.bar-chart', (svgs) => svgs.map((svg) => ({
      chart: svg.closest('[data-chart]')?.dataset.chart, labels: [...svg.querySelectorAll('g.bar-labels text')].map((t) => t.textContent) })));
    const short = charts.filter((c) => c.labels.length <= 8);
    assert.ok(short.length >= 5, `short bar charts drawn at ${width} px: ${short.length}`);
    assert.deepEqual(short.filter((c) => c.labels.some((t) => !t)), [], `bar charts with unnamed bars at ${width} px`);
  }
});

// These tests follow the random model (seeded vectors, random W's), whose shapes follow the sliders; the real words
// and the meaningful head have tests/e2e/lesson1.test.mjs.
test('Lesson 1 with random vectors and weights shows the tokens of "money bank grows" and each matrix with the slider shapes', async () => {
  const { page, log } = await load('#emb=random&head=random');
  assert.deepEqual(await page.$$eval('#lesson-selfattention .tokens .token', (n) => n.map((x) => x.textContent)), ['money', 'bank', 'grows']);
  const count = async (id) => (await cells(page, id)).length;
  assert.equal(await count('embeddings'), 3 * 8, 'embeddings are tokens × d_model');
  assert.equal(await count('weights'), 0, 'step 1 shows no weights yet');
  const embeddings = await cells(page, 'embeddings');
  assert.ok(embeddings.every((c) => c.text && c.text.length > 0), 'an 8-column matrix prints its values in the cells');
  assert.deepEqual(await page.$$eval('figure[data-matrix="embeddings"] .row-labels text', (n) => n.map((x) => x.textContent)), ['money', 'bank', 'grows']);

  // One click at a time, each waiting for its step: a click sent while the page still scrolls to the previous
  // step could land beside the button. Reduced motion makes that scroll instant, as the page does for such users.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (let step = 2; step <= 7; step += 1) {
    await page.click('.step-next');
    await settled(page, `step=${step}`, { timeout: 10000 })
      .catch(async () => assert.fail(`Next did not reach step ${step}; the link is ${await page.evaluate(() => location.hash)}`));
  }
  const expected = { wq: 32, wk: 32, wv: 64, q: 12, k: 12, v: 24, scores: 9, scaled: 9, weights: 9, contextual: 24, masked: 0 };
  for (const [id, n] of Object.entries(expected)) assert.equal(await count(id), n, `cells of ${id}`);
  const weights = await values(page, 'weights');
  for (let i = 0; i < 3; i += 1) {
    const sum = weights.slice(3 * i, 3 * i + 3).reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(sum - 1) < 1e-5, `row ${i} of the drawn weights sums to ${sum}`);
  }
  assert.equal(await page.getAttribute('[data-block="matmul2"]', 'aria-current'), 'step');
  assert.match(await page.textContent('[data-stats="weights"]'), /scale used\s*0\.5/);

  await page.click('[data-block="scale"]');
  await settled(page, 'step=4');
  assert.equal(await count('weights'), 0, 'going back to step 4 hides the weights again');
  assert.equal(await page.getAttribute('.step-dot[data-step="4"]', 'aria-current'), 'step');
  assertClean(log, 'stepping');
});

test('moving the d_k slider recomputes Q and the scores', async () => {
  const { page } = await load('#step=3&emb=random&head=random');
  assert.equal((await cells(page, 'q')).length, 3 * 4);
  const before = await values(page, 'scores');
  const historyBefore = await page.evaluate(() => history.length);
  await page.fill('input[data-key="dk"]', '8');
  await page.fill('input[data-key="dk"]', '16');
  await settled(page, 'dk=16');
  assert.equal((await cells(page, 'q')).length, 3 * 16, 'Q has d_k columns');
  // W_q (128 cells without printed numbers) is painted on a canvas; its figure says its shape.
  assert.deepEqual(await page.$eval('figure[data-matrix="wq"]', (f) => [f.dataset.rows, f.dataset.cols, f.classList.contains('heatmap-painted')]),
    ['8', '16', true], 'W_q is d_model × d_k, painted');
  const after = await values(page, 'scores');
  assert.equal(after.length, 9);
  assert.notDeepEqual(after, before, 'the scores change with d_k');
  assert.equal(await page.textContent('.control-slider output'), '16');
  assert.equal(await page.evaluate(() => history.length), historyBefore, 'control changes replace the history entry');
});

test('a shared link restores its settings and the same numbers as the engine gives for them', async () => {
  const hash = '#lesson=selfattention&sentence=the%20cat%20sat%20down&dk=6&dmodel=10&seed=7&scaled=0&causal=1&step=6&emb=random&head=random';
  const { page, log } = await load(hash);
  assert.equal(await page.inputValue('input[data-key="sentence"]'), 'the cat sat down');
  assert.equal(await page.inputValue('input[data-key="dk"]'), '6');
  assert.equal(await page.inputValue('input[data-key="dmodel"]'), '10');
  assert.equal(await page.inputValue('input[data-key="seed"]'), '7');
  assert.equal(await page.isChecked('input[data-key="scaled"]'), false);
  assert.equal(await page.isChecked('input[data-key="causal"]'), true);
  assert.equal(await page.getAttribute('.step-dot[data-step="6"]', 'aria-current'), 'step');
  assert.equal((await cells(page, 'q')).length, 4 * 6);
  assert.equal((await cells(page, 'embeddings')).length, 4 * 10);

  const engine = await loadEngine();
  const expected = engine.selfAttentionExample({ sentence: 'the cat sat down', dModel: 10, dK: 6, seed: 7, scaled: false, causal: true, embeddings: 'random', head: 'random' });
  const drawn = await values(page, 'weights');
  assert.equal(drawn.length, expected.weights.length);
  drawn.forEach((v, i) => assert.ok(Math.abs(v - expected.weights[i]) <= 1e-6, `weight ${i}: page ${v}, engine ${expected.weights[i]}`));
  const scaled = await values(page, 'scaled');
  scaled.forEach((v, i) => assert.ok(Math.abs(v - expected.scores[i]) <= 1e-5 * (1 + Math.abs(v)), 'scaling off leaves the scores as they are'));
  assert.match(await page.textContent('[data-stats="weights"]'), /scale used\s*1\b/);
  // Every key of this link differs from its default and the later lessons' keys are at theirs, so it stays as given.
  assert.equal(await page.evaluate(() => location.hash), hash, 'the hash is kept as given');
  assert.equal(await page.$$eval('[data-notice]', (n) => n.length), 0, 'a valid link raises no notice');
  // Editing the hash of an open page re-renders it too.
  await page.evaluate(() => { location.hash = '#sentence=money%20bank%20grows&dk=2&step=2&emb=random&head=random'; });
  await page.waitForFunction(() => document.querySelectorAll('figure[data-matrix="q"] .cell').length === 3 * 2);
  assert.equal(await page.inputValue('input[data-key="dk"]'), '2');
  assert.equal(await page.isChecked('input[data-key="causal"]'), false, 'keys missing from the new hash take their defaults');
  assertClean(log, 'a shared link');
});

test('a bad value in the link falls back to its default and a visible notice names it', async () => {
  const { page } = await load('#dk=abc&seed=5&step=2&emb=random&head=random');
  const notice = page.locator('[data-notice="link"]');
  assert.ok(await notice.isVisible(), 'the notice is visible');
  const text = await notice.textContent();
  assert.match(text, /dk/);
  assert.match(text, /"abc"/);
  assert.equal(await page.inputValue('input[data-key="dk"]'), '4', 'd_k falls back to 4');
  assert.equal(await page.inputValue('input[data-key="seed"]'), '5', 'the good values of the link are kept');
  assert.equal((await cells(page, 'q')).length, 3 * 4);
  assert.equal(await page.evaluate(() => location.hash), '#lesson=selfattention&seed=5&step=2&emb=random&head=random', 'the hash is rewritten without the bad key (its default)');
});

test('a sentence with HTML in it is shown as text and runs nothing', async () => {
  const { page, log } = await load('#step=6');
  const sentence = '<img src=x onerror=alert(1)>';
  await page.fill('input[data-key="sentence"]', sentence);
  await page.waitForFunction(() => document.querySelectorAll('#lesson-selfattention .tokens .token').length === 3 && location.hash.includes('%3Cimg'));
  // The token's own text (a word outside the vocabulary also carries a note: "not among the … words").
  assert.deepEqual(await page.$$eval('#lesson-selfattention .tokens .token', (n) => n.map((x) => x.firstChild.textContent)), ['<img', 'src=x', 'onerror=alert(1)>']);
  assert.ok((await page.$$eval('figure[data-matrix="weights"] .row-labels text', (n) => n.map((x) => x.textContent))).includes('<img'));
  assert.equal(await page.$$eval('img', (n) => n.length), 0, 'no img element was created');
  // The same sentence arriving through a link.
  const again = await load(`#step=6&sentence=${encodeURIComponent(sentence)}`);
  assert.equal(await again.page.$$eval('img', (n) => n.length), 0);
  assert.equal(await again.page.inputValue('input[data-key="sentence"]'), sentence);
  await again.page.waitForTimeout(200);
  assert.deepEqual([...log.dialogs, ...again.log.dialogs], [], 'no dialog opened');
  assertClean(log, 'typing HTML');
});

test('the causal mask makes every weight above the diagonal exactly 0 and keeps rows summing to 1', async () => {
  const { page } = await load('#sentence=one%20two%20three%20four&step=6&emb=random&head=random');
  const open = await cells(page, 'weights');
  assert.ok(open.filter((c) => c.col > c.row).every((c) => c.value > 0), 'without the mask every token sees every token');
  await page.check('input[data-key="causal"]');
  await settled(page, 'causal=1');
  const masked = await cells(page, 'weights');
  assert.equal(masked.length, 16);
  for (const c of masked.filter((x) => x.col > x.row)) {
    assert.equal(c.value, 0, `weight (${c.row}, ${c.col})`);
    assert.equal(c.text, '0.00');
  }
  assert.ok(masked.filter((c) => c.col <= c.row).every((c) => c.value > 0), 'weights on and below the diagonal stay positive');
  for (let i = 0; i < 4; i += 1) {
    const sum = masked.filter((c) => c.row === i).reduce((a, c) => a + c.value, 0);
    assert.ok(Math.abs(sum - 1) < 1e-5, `row ${i} sums to ${sum}`);
  }
  const maskStep = await cells(page, 'masked');
  assert.deepEqual(maskStep.filter((c) => c.masked).map((c) => [c.row, c.col]), [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]);
  assert.ok(maskStep.filter((c) => c.masked).every((c) => c.value === -Infinity && c.text === '−∞'));
  assert.equal(await page.getAttribute('[data-block="mask"]', 'class').then((s) => s.includes('off')), false);
});

test('a sentence of more than 12 words shows the engine\'s message and keeps the last result on screen', async () => {
  const { page, log } = await load('#step=6');
  const before = await values(page, 'weights');
  await page.fill('input[data-key="sentence"]', 'a b c d e f g h i j k l m');
  const notice = page.locator('#lesson-selfattention [data-notice="engine"]');
  await notice.waitFor();
  assert.match(await notice.textContent(), /13 words/);
  assert.deepEqual(await values(page, 'weights'), before, 'the last valid matrices stay');
  assert.ok(await page.$eval('.lesson-steps', (n) => n.classList.contains('stale')));
  await page.fill('input[data-key="sentence"]', 'money bank grows fast');
  await page.waitForFunction(() => !document.querySelector('#lesson-selfattention [data-notice="engine"]'));
  assert.equal((await cells(page, 'weights')).length, 16);
  assertClean(log, 'a rejected sentence');
});

test('at 375 px wide the page itself does not scroll sideways; wide matrices scroll inside their own box', async () => {
  const { page } = await load('#step=7&dk=64&dmodel=64&emb=random&head=random&sentence=the%20quick%20brown%20fox%20jumps%20over%20the%20lazy%20dog', { viewport: { width: 375, height: 800 } });
  const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
  assert.ok(widths.doc <= widths.view, `document is ${widths.doc}px wide in a ${widths.view}px window`);
  const wq = await page.$eval('figure[data-matrix="wq"] .heatmap-scroll', (n) => ({ scroll: n.scrollWidth, client: n.clientWidth }));
  assert.ok(wq.scroll > wq.client, 'a 64 × 64 matrix is wider than the phone and scrolls in its box');
});
