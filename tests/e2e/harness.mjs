// Shared set-up for the page tests and the screenshot script: a static server on 127.0.0.1,
// a Chromium from /usr/bin (never downloaded), and a page that records console output, page
// errors, dialogs and every request. It asserts nothing itself.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import assert from 'node:assert/strict';
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';
import { startStaticServer } from '../../build-scripts/static-server.mjs';
import { loadEngine } from '../../web/engine.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const APP_JS = path.join(ROOT, 'build', 'page', 'app.js');
export const FILE_URL = pathToFileURL(path.join(ROOT, 'index.html')).href;

/** Throws a message that says what to run when the page bundle has not been built. */
export function assertBuilt() {
  if (!fs.existsSync(APP_JS)) {
    throw new Error(`${path.relative(ROOT, APP_JS)} is missing: build the engine (build-scripts/build) and the page (node web/build.mjs) first`);
  }
}

/**
 * Serves `root` (the project unless told) on 127.0.0.1 with an ephemeral port, adding `headers` to every response
 * (build-scripts/static-server.mjs). Resolves to { origin, url, close() }.
 */
export async function startServer({ root = ROOT, headers, transform } = {}) {
  const { server } = await startStaticServer({ port: 0, host: '127.0.0.1', root, headers, transform });
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    url: `${origin}/index.html`,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); }),
  };
}

export function launchBrowser() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

/**
 * Opens `url` in a fresh context and waits until the page reports the engine ready (or failed). `init`, when given,
 * runs in the page before its script (playwright's addInitScript).
 * Returns { page, context, log } where log holds console messages, page errors, dialogs, requests.
 */
export async function openPage(browser, url, { viewport = { width: 1280, height: 900 }, waitReady = true, init = null } = {}) {
  const context = await browser.newContext({ viewport });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const log = { console: [], errors: [], dialogs: [], requests: [] };
  page.on('console', (msg) => log.console.push({ type: msg.type(), text: msg.text() }));
  page.on('pageerror', (err) => log.errors.push(String(err)));
  page.on('dialog', (dialog) => { log.dialogs.push(dialog.message()); dialog.dismiss().catch(() => {}); });
  context.on('request', (req) => log.requests.push(req.url()));
  await page.goto(url);
  if (waitReady) await page.waitForSelector('body[data-engine]', { timeout: 20000 });
  return { page, context, log };
}

/**
 * The numbers of heatmap `id` in row-major order: from its SVG cells' data-value, or, for a matrix painted on a
 * canvas (web/charts/heatmap.js), from its data table ("Show data", opened afresh so that it holds what is drawn now).
 */
export const heatmapValues = (page, id) => page.evaluate(async (matrix) => {
  const figure = document.querySelector(`figure[data-matrix="${matrix}"]`);
  if (!figure) return [];
  if (!figure.classList.contains('heatmap-painted')) return [...figure.querySelectorAll('.cell')].map((c) => Number(c.dataset.value));
  const details = figure.querySelector('details.chart-data');
  const toggled = () => new Promise((resolve) => { details.addEventListener('toggle', resolve, { once: true }); });
  if (details.open) {
    details.open = false;
    await toggled();
  }
  details.open = true;
  await toggled();
  const values = [...details.querySelectorAll('tbody td')].map((td) => Number(td.textContent));
  details.open = false;
  return values;
}, id);

/** The raw number behind a printed statistic: <dd data-stat=key data-value=…> inside [data-stats=id]. */
export const statValue = (page, id, key) => page.$eval(`[data-stats="${id}"] [data-stat="${key}"]`, (n) => Number(n.dataset.value));
/** The statistic's value as the page prints it. */
export const statText = (page, id, key) => page.$eval(`[data-stats="${id}"] [data-stat="${key}"] .stat-value`, (n) => n.textContent);

/** Console messages that count as problems: errors and warnings. */
export function problems(log) {
  return log.console.filter((m) => m.type === 'error' || m.type === 'warning').map((m) => `${m.type}: ${m.text}`);
}

/** No console error or warning and no page error since the page opened. */
export const noErrors = (log, where) => {
  assert.deepEqual(problems(log), [], `console errors or warnings (${where})`);
  assert.deepEqual(log.errors, [], `page errors (${where})`);
};

/** a equals b within a relative tolerance (absolute near 0): how the tests compare the page's numbers with the engine's. */
export const close = (a, b, tol = 1e-9) => Math.abs(a - b) <= tol * (1 + Math.abs(b));

/**
 * One test file's browser session. Registers node:test before() and after() hooks: before starts the page's static
 * server (or `serve()`'s, which resolves to { origin, url, close() }), Chromium and, with { engine: true }, the
 * engine in Node to compare the page against; after closes every context opened through the session, then Chromium
 * and the server. The returned object's server, browser and engine are set once before() has run.
 */
export function browserSession({ engine = false, serve = startServer } = {}) {
  const session = {
    server: null,
    browser: null,
    engine: null,
    contexts: [],
    /** A new browser context, closed after the file's tests. */
    async newContext(options) {
      const context = await session.browser.newContext(options);
      session.contexts.push(context);
      return context;
    },
    /** openPage() in this session's browser; its context is closed after the file's tests. */
    async open(url, options) {
      const opened = await openPage(session.browser, url, options);
      session.contexts.push(opened.context);
      return opened;
    },
  };
  before(async () => {
    assertBuilt();
    session.server = await serve();
    session.browser = await launchBrowser();
    if (engine) session.engine = await loadEngine();
  });
  after(async () => {
    for (const context of session.contexts) await context.close().catch(() => {});
    if (session.browser) await session.browser.close();
    if (session.server) await session.server.close();
  });
  return session;
}

/**
 * Resolves after the page's next animation frame, when sections have redrawn for what was set before it, and once
 * no section has charts out of sight still to draw (data-drawing, web/offscreen.js).
 */
export const nextFrame = (page) => page.evaluate(() => new Promise((resolve) => {
  const drawn = () => (document.querySelector('[data-drawing]') ? setTimeout(drawn, 20) : resolve());
  requestAnimationFrame(drawn);
}));

/**
 * Waits until the link carries `part`, then for the page's next animation frame: the store writes the link at once
 * but sections redraw in a frame callback, so only after that frame does the page show the new state.
 */
export async function settled(page, part, options) {
  await page.waitForFunction((p) => location.hash.includes(p), part, options);
  await nextFrame(page);
}

/**
 * Waits until no section of the page has a full-sample computation pending (web/sections/kit/progressive.js) or a chart
 * out of sight still to draw: the Monte Carlo parts show the numbers of their full sample counts, not a preview.
 */
export function refined(page, { timeout = 30000 } = {}) {
  return page.waitForFunction(() => ![...document.querySelectorAll('[data-asl-section]')].some((s) => s.dataset.refining === '1' || s.dataset.drawing), null, { timeout });
}

/**
 * Holds the pointer on the slider `selector`, moves it to each track position in `positions` (input events a frame
 * apart, as a drag sends them) and, still holding, waits `holdMs` and reports the state of the sample labels and of
 * the numbers `read` picks. Runs in the page in one go, so nothing the test does in between can let the page settle.
 */
export async function dragAndHold(page, selector, positions, holdMs, read) {
  return page.evaluate(async ({ selector, positions, holdMs, read }) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
    const input = document.querySelector(selector);
    input.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
    for (const p of positions) {
      input.value = String(p);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await frame();
    }
    await frame();
    await new Promise((resolve) => setTimeout(resolve, holdMs));
    // Each part's label (a label in a "Go deeper" block outside any part, as Lesson 3's query histogram, is not a part's).
    const labels = Object.fromEntries([...document.querySelectorAll('.sample-state')].filter((n) => n.closest('[data-part]')).map((n) => [n.closest('[data-part]').dataset.part,
      { state: n.dataset.sampleState, samples: Number(n.dataset.samples), full: Number(n.dataset.fullSamples), text: n.textContent }]));
    const numbers = Object.fromEntries(Object.entries(read).map(([name, sel]) => {
      const node = document.querySelector(sel);
      return [name, { value: Number(node.dataset.value), text: node.textContent }];
    }));
    // The page writes its link once the input settles, or at once when the window loses focus (to the address bar,
    // web/state.js): the pointer is still down here, so the link is asked for as a learner copying it would.
    window.dispatchEvent(new Event('blur'));
    return { labels, numbers, hash: location.hash };
  }, { selector, positions, holdMs, read });
}

/** Lets go of the slider: pointerup and the change event a real drag ends with. */
export const release = (page, selector) => page.evaluate((sel) => {
  const input = document.querySelector(sel);
  input.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, composed: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
}, selector);

/** Waits until the link carries key=value (a link leaves out keys at their default: pass null for those). */
export const hashHas = (page, key, value) => page.waitForFunction(([k, v]) => new URLSearchParams(location.hash.slice(1)).get(k) === v, [key, value],
  { timeout: 15000 });

/**
 * What keeps the page from fitting its window at a phone's width: the document wider than the window, no chart under
 * `scope` (a selector; the whole page when empty), or a chart whose right edge passes `width`. [] when it fits.
 */
export async function misfits(page, scope = '', width = 375) {
  const { doc, view, charts } = await page.evaluate((s) => ({
    doc: document.documentElement.scrollWidth,
    view: window.innerWidth,
    charts: [...document.querySelectorAll(`${s} .chart svg`.trim())].map((n) => n.getBoundingClientRect().right),
  }), scope);
  const chartsFit = charts.length > 0 && charts.every((r) => r <= width);
  return [doc <= view ? null : `document is ${doc}px wide in a ${view}px window`,
    chartsFit ? null : `not every chart fits (${charts.length} charts, ${Math.max(...charts)}px)`].filter(Boolean);
}
