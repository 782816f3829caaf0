// The packaged lab (dist/, written by build-scripts/package.mjs, which this test runs first): opened straight from
// disk and served with the strict Content-Security-Policy as an HTTP header, it starts without a console error,
// without a CSP violation and without any request leaving its own folder; its examples work; it stays in budget.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync, execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { ROOT, startServer, problems, browserSession } from './harness.mjs';

const DIST = path.join(ROOT, 'dist');
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";
let packaged;
// Always package afresh from the current build, then serve dist/ alone under the strict policy. A budget overrun is
// reported by its own test below.
const session = browserSession({
  serve: () => {
    packaged = spawnSync(process.execPath, [path.join(ROOT, 'build-scripts', 'package.mjs')], { cwd: ROOT, encoding: 'utf8' });
    assert.ok(fs.existsSync(path.join(DIST, 'index.html')), `build-scripts/package.mjs wrote no dist/: ${packaged.stderr}`);
    return startServer({ root: DIST, headers: { 'content-security-policy': CSP } });
  },
});

/** Opens `url` recording console problems, page errors, CSP violations and every request of the context. */
async function visit(url, { viewport = { width: 1200, height: 900 } } = {}) {
  const context = await session.newContext({ viewport });
  await context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const page = await context.newPage();
  const log = { console: [], errors: [], requests: [] };
  page.on('console', (msg) => log.console.push({ type: msg.type(), text: msg.text() }));
  page.on('pageerror', (err) => log.errors.push(String(err)));
  context.on('request', (req) => log.requests.push(req.url()));
  await page.goto(url);
  return { page, log };
}

function assertClean(page, log, allowed, where) {
  return (async () => {
    await page.waitForTimeout(500); // late requests and warnings
    assert.deepEqual(problems(log), [], `console errors or warnings (${where})`);
    assert.deepEqual(log.errors, [], `page errors (${where})`);
    assert.deepEqual(await page.evaluate(() => window.__violations), [], `CSP violations (${where})`);
    assert.deepEqual(log.requests.filter((r) => !r.startsWith(allowed)), [], `requests outside ${allowed} (${where})`);
  })();
}

const elementsReady = (page, count) => page.waitForFunction((n) => {
  const all = [...document.querySelectorAll('*')].filter((e) => e.tagName.startsWith('ATTENTION-'));
  return all.length === n && all.every((e) => e.dataset.engine === 'ready');
}, count, { timeout: 20000 });

test('dist/index.html opened from disk runs under the strict CSP with no console error and no request leaving dist/', async () => {
  const page = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  assert.match(page, new RegExp(`content="${CSP.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`), 'the packaged page carries style-src \'self\' as well');
  assert.doesNotMatch(page, /build\/|web\//, 'no path points back into the repository');
  const allowed = pathToFileURL(DIST).href;
  const opened = await visit(`${allowed}/index.html#lesson=saturation&gdk=512`);
  await opened.page.waitForSelector('body[data-engine="ready"]', { timeout: 20000 });
  assert.equal(await opened.page.getAttribute('body', 'data-engine'), 'ready');
  await opened.page.waitForSelector('[data-stats="row"] [data-stat="maxweight"]');
  assert.equal(await opened.page.inputValue('input[data-key="gdk"][type="number"]'), '512');
  assert.ok(opened.log.requests.length >= 3);
  await opened.page.waitForSelector('body[data-vocabulary="ready"]', { timeout: 20000 }); // the word vectors, from disk
  assert.ok(opened.log.requests.includes(`${allowed}/vocabulary-data.js`), 'the words came from dist/vocabulary-data.js');
  await assertClean(opened.page, opened.log, allowed, 'dist/index.html from disk');
});

test('dist/examples/course.html from disk: two elements and an iframe that sizes itself', async () => {
  const allowed = pathToFileURL(DIST).href;
  const { page, log } = await visit(`${allowed}/examples/course.html`);
  await elementsReady(page, 2);
  // Chromium pauses animation frames in a frame that is out of view, and the lab draws in animation frames: the
  // frame draws (and then grows) once the reader scrolls to it.
  await page.$eval('#lesson-frame', (n) => n.scrollIntoView());
  await page.waitForFunction(() => Number(document.getElementById('lesson-frame').height) > 1500, null, { timeout: 20000 });
  await page.waitForFunction(() => document.getElementById('frame-state').textContent.startsWith('#lesson=selfattention'));
  await assertClean(page, log, allowed, 'dist/examples/course.html from disk');
});

test('dist/ served with the CSP as an HTTP header: the page, the course page and the Reveal.js deck run without a violation', async () => {
  const allowed = `${session.server.origin}/`;
  const home = await visit(`${session.server.origin}/index.html`);
  await home.page.waitForSelector('body[data-engine="ready"]', { timeout: 20000 });
  await home.page.waitForSelector('[data-stats="sweep"] [data-stat="slope"]');
  await home.page.waitForSelector('body[data-vocabulary="ready"]', { timeout: 20000 }); // the word vectors, over HTTP
  await assertClean(home.page, home.log, allowed, 'dist/index.html over HTTP');

  const course = await visit(`${session.server.origin}/examples/course.html`);
  await elementsReady(course.page, 2);
  await course.page.$eval('#lesson-frame', (n) => n.scrollIntoView()); // (see the test above)
  await course.page.waitForFunction(() => Number(document.getElementById('lesson-frame').height) > 1500, null, { timeout: 20000 });
  await assertClean(course.page, course.log, allowed, 'dist/examples/course.html over HTTP');

  const deck = await visit(`${session.server.origin}/examples/reveal/deck.html#/1`);
  await elementsReady(deck.page, 1);
  await deck.page.waitForFunction(() => document.querySelector('.reveal.ready'));
  await assertClean(deck.page, deck.log, allowed, 'dist/examples/reveal/deck.html over HTTP');
});

test('dist/ stays within budget (engine under 480 KB, everything with the word vectors under 3 MB) and its zip holds the same files', () => {
  const sizes = JSON.parse(fs.readFileSync(path.join(ROOT, 'build', 'dist-size.json'), 'utf8'));
  console.log(`dist/: ${(sizes.totalBytes / 1024).toFixed(1)} KB in ${sizes.files.length} files; engine in app.js ${(sizes.engineBytes / 1024).toFixed(1)} KB `
    + `(WebAssembly binary ${(sizes.wasmBytes / 1024).toFixed(1)} KB)`);
  const zip = path.join(ROOT, 'build', 'attention-scale-lab.zip');
  const listing = execFileSync('python3', ['-m', 'zipfile', '-l', zip], { encoding: 'utf8' });
  for (const f of sizes.files) assert.match(listing, new RegExp(`attention-scale-lab/${f.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s`), `${f.name} is in the zip`);
  assert.ok(sizes.files.some((f) => f.name === 'vocabulary-data.js'), 'dist/ ships the word vectors (vocabulary-data.js)');
  assert.ok(sizes.totalBytes < 3 * 1024 * 1024, `dist/ is ${sizes.totalBytes} bytes`);
  assert.ok(sizes.engineBytes < 480 * 1024, `the engine takes ${(sizes.engineBytes / 1024).toFixed(1)} KB of app.js, over its 480 KB budget`);
  assert.equal(packaged.status, 0, `build-scripts/package.mjs failed: ${packaged.stderr}`);
});
