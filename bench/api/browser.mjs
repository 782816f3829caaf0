// Runs bench/api/browser-page.mjs in headless Chromium (/usr/bin/chromium, never downloaded) from a loopback static server
// over the repository, after bundling it with esbuild into build/bench/api-page.js. Answers the page's result with
// the browser's version and the load before and after. The page is cross-origin isolated (COOP and COEP headers) for
// performance.now()'s fine resolution; onnxruntime-web is still told to use one thread.
import { writeFileSync } from 'node:fs';
import * as esbuild from 'esbuild';

import { ROOT } from '../kernels/implementations.mjs';
import { launchChromium, serve } from '../lib/browser.mjs';
import { loadAverage } from '../lib/machine.mjs';

export async function browserRun({ rounds, batchMs }, log) {
  await esbuild.build({
    absWorkingDir: ROOT, entryPoints: ['bench/api/browser-page.mjs'], outfile: 'build/bench/api-page.js', bundle: true,
    format: 'esm', platform: 'browser', target: ['chrome110'], external: ['fs', 'path', 'crypto', 'url', 'module', 'worker_threads'],
    loader: { '.wasm': 'file' }, logLevel: 'warning',
  });
  writeFileSync(`${ROOT}build/bench/api.html`, '<!doctype html><meta charset="utf-8"><title>api bench</title><script type="module" src="api-page.js"></script>\n');
  // Cross-origin isolated, so performance.now() has its fine resolution (Chromium coarsens it to 100 µs otherwise).
  const headers = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' };
  const server = await serve(ROOT.replace(/\/$/, ''), { headers });
  const browser = await launchChromium(['--disable-background-networking', '--disable-renderer-backgrounding', '--disable-background-timer-throttling']);
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : null));
    const loadStart = loadAverage().join(' ');
    log(`Chromium ${browser.version()}: running the cases …`);
    await page.goto(`${server.origin}/build/bench/api.html?rounds=${rounds}&batchMs=${batchMs}`);
    await page.waitForFunction(() => window.benchResult !== undefined, null, { timeout: 1800000, polling: 1000 });
    const result = await page.evaluate(() => ({ ...window.benchResult, isolated: window.crossOriginIsolated }));
    if (result.error) throw new Error(`in Chromium: ${result.error}\n${errors.join('\n')}`);
    return { ...result, browserVersion: `Chromium ${browser.version()}`, loadStart, loadEnd: loadAverage().join(' ') };
  } finally {
    await browser.close();
    await server.close();
  }
}
