// Shared set-up for the page tests and the screenshot script: a static server on 127.0.0.1,
// a Chromium from /usr/bin (never downloaded), and a page that records console output, page
// errors, dialogs and every request. It asserts nothing itself.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const APP_JS = path.join(ROOT, 'build', 'page', 'app.js');
export const FILE_URL = pathToFileURL(path.join(ROOT, 'index.html')).href;

/** Throws a message that says what to run when the page bundle has not been built. */
export function assertBuilt() {
  if (!fs.existsSync(APP_JS)) {
    throw new Error(`${path.relative(ROOT, APP_JS)} is missing: build the engine (build-scripts/build) and the page (node web/build.mjs) first`);
  }
}

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.json': 'application/json',
  '.map': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.wasm': 'application/wasm',
  '.woff2': 'font/woff2', '.txt': 'text/plain; charset=utf-8',
};

/** Serves ROOT on 127.0.0.1 with an ephemeral port. Resolves to { origin, url, close() }. */
export async function startServer() {
  const server = http.createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = path.join(ROOT, path.normalize(rel === '/' ? '/index.html' : rel));
    if (!file.startsWith(ROOT + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
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
 * Opens `url` in a fresh context and waits until the page reports the engine ready (or failed).
 * Returns { page, context, log } where log holds console messages, page errors, dialogs, requests.
 */
export async function openPage(browser, url, { viewport = { width: 1280, height: 900 }, waitReady = true } = {}) {
  const context = await browser.newContext({ viewport });
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

/** Console messages that count as problems: errors and warnings. */
export function problems(log) {
  return log.console.filter((m) => m.type === 'error' || m.type === 'warning').map((m) => `${m.type}: ${m.text}`);
}
