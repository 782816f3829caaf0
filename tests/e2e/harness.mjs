// Shared set-up for the page tests and the screenshot script: a static server on 127.0.0.1,
// a Chromium from /usr/bin (never downloaded), and a page that records console output, page
// errors, dialogs and every request. It asserts nothing itself.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { startStaticServer } from '../../build-scripts/static-server.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const APP_JS = path.join(ROOT, 'build', 'page', 'app.js');
export const FILE_URL = pathToFileURL(path.join(ROOT, 'index.html')).href;

/** Throws a message that says what to run when the page bundle has not been built. */
export function assertBuilt() {
  if (!fs.existsSync(APP_JS)) {
    throw new Error(`${path.relative(ROOT, APP_JS)} is missing: build the engine (build-scripts/build) and the page (node web/build.mjs) first`);
  }
}

/** Serves ROOT on 127.0.0.1 with an ephemeral port (build-scripts/static-server.mjs). Resolves to { origin, url, close() }. */
export async function startServer() {
  const { server } = await startStaticServer({ port: 0, host: '127.0.0.1', root: ROOT });
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
