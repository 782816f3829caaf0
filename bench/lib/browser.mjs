// The browsers and the local server of the benchmarks that run in a browser: headless Chromium through playwright-core
// (/usr/bin/chromium, never downloaded), Firefox ESR and WebKitGTK through tests/browsers/drivers.mjs, and the
// repository's static server on a loopback port.
import { chromium } from 'playwright-core';

import { startStaticServer } from '../../build-scripts/static-server.mjs';
import { launch, missing } from '../../tests/browsers/drivers.mjs';

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** Headless Chromium with the flags this machine needs (no sandbox, no GPU) and `args` after them. */
export function launchChromium(args = []) {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', ...args] });
}

/**
 * Serves `root` (the repository by default) on 127.0.0.1 at a free port; resolves to { server, origin, close() },
 * origin as http://127.0.0.1:PORT. `options` go to startStaticServer (headers, transform).
 */
export async function serve(root, options = {}) {
  const { server } = await startStaticServer({ port: 0, host: '127.0.0.1', ...(root ? { root } : {}), ...options });
  return {
    server,
    origin: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); }),
  };
}

/**
 * Starts browser `name` (chromium, firefox or webkit); resolves to { version, open(url) → tab { evaluate(fn, arg),
 * errors(), front(), close(), and in Chromium press(key), a trusted key press }, close() }. A tab is 1280 × 900. `chromiumArgs` go to Chromium; `webkitCpu` makes WebKit
 * paint on the CPU (tests/browsers/drivers.mjs).
 */
export async function openBrowser(name, { chromiumArgs = [], webkitCpu = false } = {}) {
  if (name === 'chromium') {
    const browser = await launchChromium(chromiumArgs);
    return {
      version: `Chromium ${browser.version()}`,
      async open(url) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        const page = await context.newPage();
        const errors = [];
        page.on('pageerror', (e) => errors.push(String(e)));
        page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
        await page.goto(url);
        return { evaluate: (fn, arg) => page.evaluate(fn, arg), press: (key) => page.keyboard.press(key), errors: async () => errors.slice(),
          front: () => page.bringToFront(), close: () => context.close() };
      },
      close: () => browser.close(),
    };
  }
  const why = missing(name);
  if (why) throw new Error(why);
  const browser = await launch(name, { webkitCpu });
  let version = null;
  return {
    get version() {
      return version;
    },
    async open(url) {
      const tab = await browser.open(url);
      version ??= `${name === 'firefox' ? 'Firefox' : 'WebKitGTK'} (${await tab.evaluate(() => navigator.userAgent)})`;
      return tab;
    },
    close: () => browser.close(),
  };
}
