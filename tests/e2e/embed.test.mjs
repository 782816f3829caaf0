// Embedding in Chromium: a lesson section as a custom element alone on a page, several elements sharing one
// engine, the iframe mode's resize and state messages (and that messages from elsewhere are ignored), the example
// course page and the Reveal.js deck. Needs build/page/app.js (node web/build.mjs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, problems, browserSession, close } from './harness.mjs';

const session = browserSession({ engine: true });
let other; // a second origin: the same files on another port

before(async () => { other = await startServer(); });
after(() => other?.close());

const otherOrigin = () => other.origin;

const load = (path, { viewport, waitReady = false } = {}) => session.open(`${session.server.origin}/${path}`, { viewport, waitReady });

function assertClean(log, where) {
  assert.deepEqual(problems(log), [], `console errors or warnings (${where})`);
  assert.deepEqual(log.errors, [], `page errors (${where})`);
}

/** Waits until every lab element on the page has started its engine and rendered. */
const elementsReady = (page, count) => page.waitForFunction((n) => {
  const all = [...document.querySelectorAll('*')].filter((e) => e.tagName.startsWith('ATTENTION-'));
  return all.length === n && all.every((e) => e.dataset.engine === 'ready' && e.shadowRoot.querySelector('[data-renders]'));
}, count, { timeout: 20000 });

test('a custom element alone on a page renders its section from its attributes; a bad attribute falls back with a visible notice', async () => {
  const { page, log } = await load('tests/e2e/fixtures/element-alone.html');
  await elementsReady(page, 1);
  const host = page.locator('attention-variance');
  // Playwright's CSS selectors pierce open shadow roots, so these find the section inside the element.
  await host.locator('[data-stats="sweep"] [data-stat="slope"]').waitFor();
  assert.deepEqual(await host.locator('.histogram-panel').evaluateAll((n) => n.map((p) => Number(p.dataset.dim))), [5, 50], 'dims="5,50"');
  assert.equal(await host.locator('select[data-key="vdist"]').inputValue(), 'stdnormal', 'distribution="stdnormal"');
  assert.equal(await host.locator('input[data-key="vmaxdim"][type="number"]').inputValue(), '64');
  const h = session.engine.dotProducts({ dim: 50, pairs: 1000, bins: 30, seed: 1, distribution: 'normal', mean: 0, std: 1 });
  const variance = Number(await host.locator('[data-stats="hist-50"] [data-stat="variance"]').getAttribute('data-value'));
  assert.ok(close(variance, h.variance), `variance at d = 50: element ${variance}, engine ${h.variance}`);
  const sweep = session.engine.varianceSweep({ maxDim: 64, vectors: 20, seed: 1, distribution: 'normal', mean: 0, std: 1, scaled: false });
  assert.ok(close(Number(await host.locator('[data-stats="sweep"] [data-stat="slope"]').getAttribute('data-value')), sweep.slope));

  // c="oops": the default 0.5 is used and a notice inside the element names the attribute.
  const notice = host.locator('[data-notice="attributes"]');
  assert.ok(await notice.isVisible(), 'the notice is visible');
  assert.match(await notice.textContent(), /c="oops" is not allowed.*default 0\.5/);
  // c's part is in a closed "Go deeper" section, which draws (and sets its controls) once opened.
  await host.locator('details[data-deeper="scalecheck"] > summary').click();
  await host.locator('[data-stats="scalecheck"]').waitFor();
  assert.equal(await host.locator('input[data-key="vc"]').inputValue(), '0.5');

  // The page's own styles and the element's do not mix: the heading outside keeps the browser's default font.
  assert.notEqual(await page.$eval('h1', (n) => getComputedStyle(n).fontFamily), await host.locator('.lesson-title').evaluate((n) => getComputedStyle(n).fontFamily));

  // Changing an attribute re-renders from it; fixing the bad one clears the notice. Nothing touches the page's URL.
  await page.$eval('attention-variance', (n) => { n.setAttribute('dims', '7'); n.setAttribute('c', '2'); });
  await page.waitForFunction(() => document.querySelector('attention-variance').shadowRoot.querySelectorAll('.histogram-panel').length === 1);
  assert.equal(await host.locator('[data-notice="attributes"]').count(), 0);
  // The attributes set the whole state again, "Go deeper" sections closed: open c's part once more.
  if (!(await host.locator('details[data-deeper="scalecheck"]').evaluate((d) => d.open))) await host.locator('details[data-deeper="scalecheck"] > summary').click();
  await page.waitForFunction(() => document.querySelector('attention-variance').shadowRoot.querySelector('input[data-key="vc"]')?.value === '2');
  assert.equal(await page.evaluate(() => location.hash), '', 'an element keeps its state out of the page URL');
  assertClean(log, 'a custom element alone');
});

test('two elements on one page share one engine instance and each keeps its own settings', async () => {
  const context = await session.newContext({ viewport: { width: 1200, height: 900 } });
  // Count WebAssembly instantiations before any script of the page runs.
  await context.addInitScript(() => {
    window.__wasmInstances = 0;
    const Instance = WebAssembly.Instance;
    WebAssembly.Instance = function counted(...args) { window.__wasmInstances += 1; return new Instance(...args); };
    WebAssembly.Instance.prototype = Instance.prototype;
    const instantiate = WebAssembly.instantiate;
    WebAssembly.instantiate = (...args) => { window.__wasmInstances += 1; return instantiate(...args); };
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${session.server.origin}/tests/e2e/fixtures/two-elements.html`);
  await elementsReady(page, 2);
  assert.equal(await page.evaluate(() => window.__wasmInstances), 1, 'one engine instance for two elements');
  const sat = page.locator('attention-saturation');
  await sat.locator('[data-stats="row"] [data-stat="maxweight"]').waitFor();
  const median = session.engine.gradientDistribution({ dK: 512, n: 8, trials: 1000, seed: 1 }).jacobian.unscaled.quartileRows[1]; // Lesson 3.2's typical row
  const row = session.engine.softmaxStats({ dK: 512, n: 8, scaled: false, seed: 1, row: median });
  assert.ok(close(Number(await sat.locator('[data-stats="row"] [data-stat="maxweight"]').getAttribute('data-value')), row.maxWeight));
  const sa = page.locator('attention-self-attention');
  assert.deepEqual(await sa.locator('.tokens .token').allTextContents(), ['the', 'cat', 'sat']);
  assert.equal(await sa.locator('figure[data-matrix="weights"] .cell').count(), 9, 'step="6" shows the weights');
  // A control inside one element changes that element only.
  await sat.locator('input[data-key="gscaled"]').check();
  await page.waitForFunction(() => document.querySelector('attention-saturation').shadowRoot.querySelector('input[data-key="gscaled"]').checked);
  assert.equal(await sa.locator('input[data-key="scaled"]').isChecked(), true, 'the other element is untouched');
  assert.deepEqual(errors, []);
});

/** Opens an unrelated page at origin A with the lab framed from origin B; records the messages it receives. */
async function framed(hash) {
  const { page, log } = await load('tests/e2e/fixtures/empty.html', { viewport: { width: 1100, height: 800 } });
  const labOrigin = otherOrigin();
  await page.addScriptTag({ url: `${session.server.origin}/examples/embed-host.js` });
  await page.evaluate(({ src }) => {
    window.received = [];
    window.addEventListener('message', (event) => window.received.push({ origin: event.origin, data: event.data }));
    const frame = document.createElement('iframe');
    frame.id = 'lab';
    frame.setAttribute('data-attention-lab', '');
    frame.setAttribute('src', src);
    frame.setAttribute('title', 'lab');
    frame.height = '300';
    frame.width = '1000';
    document.body.append(frame);
  }, { src: `${labOrigin}/index.html${hash}` });
  await page.waitForFunction(() => window.received.some((m) => m.data && m.data.type === 'state'), null, { timeout: 20000 });
  const frame = page.frame({ url: (u) => u.href.startsWith(labOrigin) });
  return { page, log, frame, labOrigin };
}

test('in iframe mode the lab shows one section without the page chrome, sizes its frame and reports its state', async () => {
  const { page, frame, labOrigin } = await framed('#lesson=variance&embed=1');
  const messages = await page.evaluate(() => window.received);
  assert.ok(messages.every((m) => m.origin === messages[0].origin), 'every message comes from the frame');
  assert.equal(messages[0].origin, labOrigin);
  const types = messages.map((m) => m.data.type);
  assert.ok(types.includes('ready') && types.includes('resize') && types.includes('state'), `messages: ${types}`);
  assert.ok(messages.every((m) => m.data.source === 'attention-scale-lab' && m.data.version === 1));
  const state = messages.find((m) => m.data.type === 'state').data;
  assert.equal(state.lesson, 'variance');
  assert.equal(state.hash, '#lesson=variance&embed=1');
  assert.equal(state.state.vdims, '3,100,1000');

  // Only Lesson 2 is shown; the header and footer are hidden.
  assert.equal(await frame.$eval('.site-header', (n) => getComputedStyle(n).display), 'none');
  assert.equal(await frame.$eval('.site-footer', (n) => getComputedStyle(n).display), 'none');
  assert.deepEqual(await frame.$$eval('section.lesson', (n) => n.filter((s) => !s.hidden).map((s) => s.dataset.lesson)), ['variance']);
  // Every part is rendered: a part that skipped rendering (content-visibility) would give the frame a placeholder height.
  assert.equal(await frame.$$eval('.part-panel, .step-panel', (n) => n.filter((p) => getComputedStyle(p).contentVisibility !== 'visible').length), 0);

  // embed-host.js gave the frame its content's height.
  await page.waitForFunction(() => Number(document.getElementById('lab').height) > 1200);
  const content = await frame.evaluate(() => Math.ceil(document.querySelector('body > .wrap').getBoundingClientRect().bottom));
  const height = Number(await page.$eval('#lab', (n) => n.height));
  assert.ok(Math.abs(height - content) <= 2, `frame height ${height}, content ${content}`);

  // A change inside the frame reaches the parent as a state message; a section that opens grows the frame, and
  // closing it shrinks the frame again.
  await frame.fill('input[data-key="vdims"]', '7');
  await page.waitForFunction(() => window.received.some((m) => m.data.type === 'state' && m.data.state.vdims === '7'));
  const last = (await page.evaluate(() => window.received.filter((m) => m.data.type === 'state'))).at(-1).data;
  assert.equal(last.hash, '#lesson=variance&embed=1&vdims=7');
  await frame.click('details[data-deeper="fit"] > summary');
  await page.waitForFunction((before) => Number(document.getElementById('lab').height) > before + 100, height);
  const opened = Number(await page.$eval('#lab', (n) => n.height));
  await frame.click('details[data-deeper="fit"] > summary');
  await page.waitForFunction((before) => Number(document.getElementById('lab').height) < before - 100, opened);
});

test('the parent can set the frame\'s state; a message from another origin or another window is ignored', async () => {
  const { page, frame } = await framed('#lesson=saturation&embed=1');
  await frame.waitForSelector('[data-stats="row"] [data-stat="maxweight"]');

  // A frame from a third origin posts a well-formed message straight to the lab frame: ignored.
  await page.evaluate((src) => new Promise((resolve) => {
    const intruder = document.createElement('iframe');
    intruder.id = 'intruder';
    intruder.setAttribute('title', 'another site');
    intruder.addEventListener('load', resolve);
    intruder.setAttribute('src', src);
    document.body.append(intruder);
  }), `http://localhost:${session.server.origin.split(':').at(-1)}/tests/e2e/fixtures/empty.html`);
  const intruder = page.frame({ url: (u) => u.href.startsWith('http://localhost:') });
  await intruder.evaluate(() => {
    window.parent.frames[0].postMessage({ source: 'attention-scale-lab', version: 1, type: 'set-state', state: { gdk: 4096 } }, '*');
  });
  await page.waitForTimeout(500);
  assert.equal(await frame.inputValue('input[data-key="gdk"][type="number"]'), '64', 'a message from another origin changes nothing');
  assert.equal(await frame.evaluate(() => location.hash), '#lesson=saturation&embed=1');

  // The parent itself, through embed-host.js: applied, and reported back as a state message.
  await page.evaluate(() => window.AttentionLab.setState(document.getElementById('lab'), { gdk: 4096, gscaled: true }));
  await frame.waitForFunction(() => location.hash === '#lesson=saturation&embed=1&gdk=4096&gscaled=1');
  await frame.waitForFunction(() => document.querySelector('input[data-key="gdk"][type="number"]').value === '4096');
  await page.waitForFunction(() => window.received.some((m) => m.data.type === 'state' && m.data.state.gdk === '4096'));
  // A bad value from the parent falls back like a bad link value, with the page's notice.
  await page.evaluate(() => window.AttentionLab.setState(document.getElementById('lab'), { gn: 'many' }));
  await frame.waitForSelector('[data-notice="link"]');
  assert.match(await frame.textContent('[data-notice="link"]'), /gn = "many"/);
});

test('the example course page shows two elements and an auto-sized iframe, and its button sets the frame\'s state', async () => {
  const { page, log } = await load('examples/course.html', { viewport: { width: 1100, height: 900 } });
  await elementsReady(page, 2);
  // Chromium pauses animation frames in an iframe that is out of view; the lab draws in them, so scroll to it.
  await page.$eval('#lesson-frame', (n) => n.scrollIntoView());
  assert.deepEqual(await page.$$eval('attention-variance, attention-saturation', (n) => n.map((e) => e.tagName.toLowerCase())), ['attention-variance', 'attention-saturation']);
  await page.waitForFunction(() => document.getElementById('frame-state').textContent.startsWith('#lesson=selfattention'));
  await page.waitForFunction(() => Number(document.getElementById('lesson-frame').height) > 1500);
  await page.click('#frame-causal');
  await page.waitForFunction(() => document.getElementById('frame-state').textContent === '#lesson=selfattention&embed=1&causal=1&step=6');
  const frame = page.frame({ url: (u) => u.href.includes('index.html') });
  assert.equal(await frame.isChecked('input[data-key="causal"]'), true);
  assert.equal(await frame.locator('figure[data-matrix="weights"] .cell').count(), 9);
  assertClean(log, 'the example course page');
});

test('the Reveal.js deck shows a lab section on a slide, and keys typed inside it do not change the slide', async () => {
  const { page, log } = await load('examples/reveal/deck.html#/1', { viewport: { width: 1280, height: 800 } });
  await elementsReady(page, 1);
  await page.waitForFunction(() => document.querySelector('.reveal.ready'));
  assert.equal(await page.evaluate(() => window.Reveal.getIndices().h), 1);
  const slider = page.locator('attention-saturation input[data-key="gn"]');
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.querySelector('attention-saturation').shadowRoot.querySelector('input[data-key="gn"]').value === '9');
  assert.equal(await page.evaluate(() => window.Reveal.getIndices().h), 1, 'still on the lab slide');
  await page.locator('.reveal h2').first().click(); // focus leaves the element: arrows move the deck again
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => window.Reveal.getIndices().h === 2);
  assert.deepEqual(log.requests.filter((r) => !r.startsWith(session.server.origin)), [], 'everything comes from this server');
  assertClean(log, 'the Reveal.js deck');
});

test('a frame sandboxed with allow-scripts only (an opaque origin) still sizes itself and takes setState', async () => {
  const { page, log } = await load('tests/e2e/fixtures/sandboxed.html', { viewport: { width: 1000, height: 900 } });
  await page.waitForFunction(() => Number(document.getElementById('lab').height) > 600, null, { timeout: 30000 });
  await page.evaluate(() => {
    window.states = [];
    document.getElementById('lab').addEventListener('attention-lab:state', (event) => window.states.push(event.detail.hash));
    window.AttentionLab.setState(document.getElementById('lab'), { gdk: 512 });
  });
  await page.waitForFunction(() => window.states.some((h) => h.includes('gdk=512')));
  const frame = page.frame({ url: (u) => u.href.includes('index.html') });
  await frame.waitForFunction(() => document.querySelector('input[data-key="gdk"][type="number"]')?.value === '512');
  assert.deepEqual(log.errors, []);
  assert.deepEqual(problems(log).filter((p) => !/localStorage|storage/i.test(p)), [], 'no error but the frame\'s blocked storage, which the lab expects');
});

test('Lesson 1 alone as an element loads its word vectors itself and lists bank\'s nearest words under step 7', async () => {
  const { page, log } = await load('tests/e2e/fixtures/lesson1-element.html');
  await elementsReady(page, 1);
  const host = page.locator('attention-self-attention');
  const bank = host.locator('[data-nearest-words="bank"]');
  await page.waitForFunction(() => {
    const node = document.querySelector('attention-self-attention').shadowRoot?.querySelector('[data-nearest-words="bank"]');
    return node && node.textContent && node.textContent !== '…';
  }, null, { timeout: 20000 });
  const words = (await bank.textContent()).split(', ');
  assert.ok(words.length >= 3 && words.every((w) => /^[a-z]+$/.test(w)), `bank's nearest words: ${words.join(', ')}`);
  assert.ok(words.includes('funds') || words.includes('credit') || words.includes('cash'), `"money bank grows" puts bank near money words: ${words}`);
  assert.equal(await host.evaluate((n) => n.shadowRoot.querySelector('[data-asl-section]').dataset.embeddings), 'words');
  assert.deepEqual(log.errors, []);
  assert.deepEqual(problems(log), []);
});
