// The cross-browser smoke suite, run once per browser by firefox.test.mjs and webkit.test.mjs: the page loads over
// http and from file:// without an error, every lesson draws the same charts, matrix cells and questions as in
// Chromium, a slider redraws, the course page's custom elements and iframe work (from http and from disk), a tiny
// training run finishes, and a Monte Carlo part's full count comes from a background engine. Needs build/page/app.js
// and the browsers build-scripts/setup installs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServer, launchBrowser, FILE_URL, ROOT, assertBuilt, refined } from '../e2e/harness.mjs';
import { launch, missing, injectErrors } from './drivers.mjs';
import { loadEngine } from '../../web/engine.js';

const COURSE_FILE = pathToFileURL(path.join(ROOT, 'examples', 'course.html')).href;
const TINY = '#lesson=training&rlen=5&rvals=10&rtrain=4000&rlr=0.01';

/** What each lesson drew: figures with a chart, matrix cells, questions. Runs inside the page. */
function drawn() {
  const out = {};
  for (const s of document.querySelectorAll('main > section[data-lesson]')) {
    out[s.dataset.lesson] = {
      charts: s.querySelectorAll('[data-chart] svg, [data-chart] canvas').length,
      cells: s.querySelectorAll('.cell').length,
      questions: s.querySelectorAll('[data-question]').length,
    };
  }
  return out;
}

const ready = () => document.body.dataset.engine;
const settledPage = () => document.body.dataset.engine === 'ready'
  && ![...document.querySelectorAll('[data-asl-section]')].some((s) => s.dataset.refining === '1' || s.dataset.drawing);

export function smokeSuite(name) {
  const why = missing(name);
  let server;
  let browser;
  let chromiumDrawn;
  before(async () => {
    if (why) return;
    assertBuilt();
    // Firefox has no location.ancestorOrigins; with no referrer either, the course page's frame must still take
    // the page's set-state messages, so Firefox's server sends Referrer-Policy: no-referrer (the hardest case).
    server = await startServer({ transform: name === 'webkit' ? injectErrors : null,
      headers: name === 'firefox' ? { 'referrer-policy': 'no-referrer' } : {} });
    // Chromium's drawing of the default page is the reference the other browser is held to.
    const chromium = await launchBrowser();
    const page = await (await chromium.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(server.url);
    await page.waitForSelector('body[data-engine="ready"]');
    await refined(page);
    chromiumDrawn = await page.evaluate(drawn);
    await chromium.close();
    browser = await launch(name);
  });
  after(async () => {
    if (browser) await browser.close();
    if (server) await server.close();
  });
  const it = (title, fn, extra = {}) => test(`${name}: ${title}`, { skip: why ?? false, timeout: 180000, ...extra }, fn);

  // The page's errors and warnings, less a trapped engine call that ran once more: the engine warns of it
  // (web/engine.js), and each test prints the warning instead of failing on it. WebKit's page engine has trapped ("Out
  // of bounds memory access") in calls that pass in every other run with the same options: twice in Lesson 7's
  // alignmentScaling (it then drew 10 of the lesson's 15 charts, before the engine retried) and once, on 2026-11-26,
  // in the course page's dotProducts.
  const RETRIED = /^warn: \w+: the engine stopped with a WebAssembly trap \(.*\); the call runs once more$/;
  async function errorsOf(tab, t, where) {
    const logged = await tab.errors();
    for (const line of logged.filter((l) => RETRIED.test(l))) t.diagnostic(`${name} from ${where}: ${line}`);
    return logged.filter((l) => !RETRIED.test(l));
  }

  // A drawing that lands a little after the page settles (a ResizeObserver redraw in a loaded browser) still counts:
  // the counts are read again for up to 30 s before they are compared; a mismatch reports the page's errors and
  // notices with it.
  it('the page loads over http and from file:// with no error, and every lesson draws what Chromium draws', async (t) => {
    for (const url of [server.url, FILE_URL]) {
      const tab = await browser.open(url);
      try {
        assert.equal(await tab.untilLong(ready), 'ready', `the engine starts from ${url.slice(0, 7)}`);
        await tab.until(settledPage);
        const want = JSON.stringify(chromiumDrawn);
        await tab.until((w) => JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(w)).map(([id]) => {
          const s = document.querySelector(`main > section[data-lesson="${id}"]`);
          return [id, s ? { charts: s.querySelectorAll('[data-chart] svg, [data-chart] canvas').length,
            cells: s.querySelectorAll('.cell').length, questions: s.querySelectorAll('[data-question]').length } : null];
        }))) === w, want).catch(() => null);
        const errors = await errorsOf(tab, t, url.slice(0, 7));
        const notices = await tab.evaluate(() => [...document.querySelectorAll('.notices')].map((n) => n.textContent.trim()).filter(Boolean));
        assert.deepEqual(await tab.evaluate(drawn), chromiumDrawn,
          `lessons drawn from ${url.slice(0, 7)} as in Chromium (errors: ${JSON.stringify(errors)}; notices: ${JSON.stringify(notices)})`);
        assert.deepEqual(errors, [], `no error from ${url.slice(0, 7)}`);
      } finally {
        await tab.close();
      }
    }
  }, { timeout: 120000 });

  it('moving Lesson 1\'s d_k slider redraws the queries with the new width', async (t) => {
    const tab = await browser.open(`${server.url}#step=2&emb=random&head=random`); // d_k is the random head's
    t.after(() => tab.close().catch(() => {})); // a failure must not keep WebKit's only session
    await tab.untilLong(ready);
    assert.equal(await tab.evaluate(() => document.querySelector('figure[data-matrix="q"]').dataset.cols), '4');
    await tab.evaluate(() => {
      const input = document.querySelector('input[data-key="dk"]');
      input.value = '12';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await tab.until(() => document.querySelector('figure[data-matrix="q"]')?.dataset.cols === '12');
    await tab.until(() => /dk=12(&|$)/.test(location.hash)); // the link follows once the changes pause (web/state.js)
    assert.equal(await tab.evaluate(() => document.querySelectorAll('figure[data-matrix="q"] .cell').length), 3 * 12);
    // A long drag: 150 input events 20 ms apart set the state more often than the 100 URL writes in 10 s WebKit allows. The link
    // is written once the changes settle (web/state.js) and ends on the last value, with no error.
    // The drag runs in the page on its own; the test polls for its end. Awaited inside one script it outlasted the
    // driver's 20 s script timeout on a loaded machine (each 20 ms pause waits behind the redraws), 4 of 8 suite runs.
    await tab.evaluate(() => {
      const input = document.querySelector('input[data-key="dk"]');
      (async () => {
        for (let i = 0; i < 150; i += 1) {
          input.value = String(1 + (i % 16));
          input.dispatchEvent(new Event('input', { bubbles: true }));
          await new Promise((resolve) => { setTimeout(resolve, 20); });
        }
        input.value = '7';
        input.dispatchEvent(new Event('input', { bubbles: true }));
        window.__aslDragDone = true;
      })();
    });
    await tab.untilLong(() => window.__aslDragDone === true);
    await tab.until(() => document.querySelector('figure[data-matrix="q"]')?.dataset.cols === '7' && /dk=7(&|$)/.test(location.hash));
    assert.deepEqual(await errorsOf(tab, t, 'http'), []);
    await tab.close();
  });

  it('the course page\'s elements draw and its button sets the iframe\'s state, from http and from disk', async (t) => {
    for (const url of [`${server.origin}/examples/course.html`, COURSE_FILE]) {
      const tab = await browser.open(url, { width: 1100, height: 900 });
      t.after(() => tab.close().catch(() => {}));
      await tab.until(() => document.querySelectorAll('attention-variance[data-engine="ready"], attention-saturation[data-engine="ready"]').length === 2);
      // The frame sits below the fold: it draws and reports its height before the reader scrolls to it.
      await tab.until(() => document.getElementById('frame-state').textContent.startsWith('#lesson=selfattention'));
      await tab.until(() => Number(document.getElementById('lesson-frame').height) > 1000);
      await tab.evaluate(() => document.getElementById('lesson-frame').scrollIntoView());
      await tab.evaluate(() => document.getElementById('frame-causal').click());
      await tab.until(() => document.getElementById('frame-state').textContent === '#lesson=selfattention&embed=1&causal=1&step=6');
      const charts = await tab.evaluate(() => document.querySelector('attention-saturation').shadowRoot.querySelectorAll('[data-chart] svg').length);
      assert.ok(charts >= 3, `the saturation element draws its charts (${charts}) from ${url.slice(0, 7)}`);
      if (url.startsWith('http')) assert.deepEqual(await errorsOf(tab, t, url.slice(0, 7)), []);
      await tab.close();
    }
  });

  it('a tiny training run finishes and reports the engine\'s accuracy', async (t) => {
    const tab = await browser.open(server.url + TINY);
    t.after(() => tab.close().catch(() => {}));
    await tab.untilLong(ready);
    await tab.evaluate(() => document.getElementById('lesson-training').scrollIntoView());
    // The run part has chosen where runs go (a worker, or this thread) once its mode is set: then Train starts one.
    await tab.until(() => Boolean(document.querySelector('#lesson-training [data-part="run"] .run-mode[data-mode]:not([data-mode=""])')));
    // Over http the run goes to a Web Worker, which is app.js started a second time (web/entry.js).
    const where = await tab.evaluate(() => document.querySelector('#lesson-training [data-part="run"] .run-mode[data-mode]').dataset.mode);
    assert.equal(where, 'worker', 'over http the run trains in a Web Worker');
    // Train is disabled until the lesson has its settings; a press before that would do nothing.
    await tab.until(() => !document.querySelector('#lesson-training [data-part="run"] [data-action="train"]').disabled);
    await tab.evaluate(() => document.querySelector('#lesson-training [data-part="run"] [data-action="train"]').click());
    await tab.untilLong(() => document.querySelector('#lesson-training [data-part="run"]').dataset.status === 'done');
    const accuracy = await tab.evaluate(() => Number(document.querySelector('#lesson-training [data-stats="run"] [data-stat="tokenacc"]').dataset.value));
    assert.equal(accuracy, 1, 'the tiny setting learns to reverse, as in Chromium and Node');
    assert.deepEqual(await errorsOf(tab, t, 'http'), []);
    await tab.close();
  });

  it('over http Lesson 5\'s full sweep over H comes from a background engine, with the engine\'s numbers', async (t) => {
    // At d_model = 64 the sweep draws a preview first; its full count is what the pool's workers compute.
    const tab = await browser.open(`${server.url}#lesson=heads&hdmodel=64`);
    t.after(() => tab.close().catch(() => {}));
    await tab.untilLong(ready);
    await tab.untilLong(() => document.querySelector('.engine-pool')?.dataset.pool === 'on');
    await tab.until(settledPage);
    const answered = () => Number(document.querySelector('.engine-pool').dataset.answered);
    const before = await tab.evaluate(answered);
    await tab.evaluate(() => {
      const input = document.querySelector('input[data-key="hseed"]');
      input.value = '5';
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    const engine = await loadEngine();
    const want = engine.multiHeadSweep({ dModel: 64, heads: [1, 2, 4, 8], tokens: 8, samples: 200, seed: 5 }).dk.scaledScoreVariance[3];
    await tab.until((w) => document.querySelector('[data-part="scaling"] .sample-state').dataset.sampleState === 'full'
      && Number(document.querySelector('[data-stats="heads-sweep"] [data-stat="dkvar"]').dataset.value) === w, want);
    assert.ok(await tab.evaluate(answered) > before, 'a background engine answered');
    assert.deepEqual(await errorsOf(tab, t, 'http'), []);
    await tab.close();
  });
}
