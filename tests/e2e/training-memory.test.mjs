// Lesson 6 gives its memory back: after "Discard this run" at the largest sequence length and training set, the
// renderer's memory (every renderer process's resident set, the page and its workers) comes back to within 50 MiB of
// what it was before the run. The long tasks of the page's main thread during that run are printed, not asserted
// (speed targets belong in bench/page/latency.mjs). Chromium over http, where the run is in a Web Worker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { browserSession } from './harness.mjs';

const session = browserSession();
const MiB = 1024 * 1024;
const run = (sel) => `#lesson-training [data-part="run"] ${sel}`;

/** Resident bytes of every renderer process of the browser (a dedicated worker is a thread of its page's renderer). */
async function rendererBytes(cdp) {
  const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
  let total = 0;
  for (const p of processInfo.filter((x) => x.type === 'renderer')) {
    try {
      const status = fs.readFileSync(`/proc/${p.id}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) * 1024;
    } catch {
      // the process ended between the two calls
    }
  }
  return total;
}

test('after Discard, Lesson 6 at L = 64 and 100,000 training sequences gives the renderer\'s memory back within 50 MiB', async (t) => {
  const { page } = await session.open(`${session.server.url}#lesson=training&rlen=64&rtrain=100000`);
  const cdp = await session.browser.newBrowserCDPSession();
  const pageCdp = await page.context().newCDPSession(page);
  const settle = async () => {
    await pageCdp.send('HeapProfiler.collectGarbage');
    await page.waitForTimeout(500);
  };
  await page.$eval('#lesson-training', (n) => n.scrollIntoView());
  await page.waitForSelector(`${run('.run-mode')}[data-mode="worker"]`, { timeout: 30000 });
  await page.waitForSelector(`${run('[data-action="train"]')}:not([disabled])`, { timeout: 30000 });
  await settle();
  const before = await rendererBytes(cdp);

  await page.evaluate(() => {
    window.__aslLongTasks = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__aslLongTasks.push(e.duration); }).observe({ type: 'longtask' });
  });
  await page.click(run('[data-action="train"]'));
  await page.waitForFunction(() => Number(document.querySelector('#lesson-training .run-status').dataset.step) >= 3, null, { timeout: 120000 });
  const during = await rendererBytes(cdp);
  await page.click(run('[data-action="stop"]'));
  await page.click(run('[data-action="reset"]'));
  await page.waitForSelector('#lesson-training [data-part="run"][data-status="idle"]');
  const tasks = await page.evaluate(() => window.__aslLongTasks);

  // Ending a worker frees its memory a little later: the lowest figure of a few seconds counts.
  let after = Infinity;
  for (let i = 0; i < 12 && after - before >= 50 * MiB; i += 1) {
    await settle();
    after = Math.min(after, await rendererBytes(cdp));
  }
  const mib = (x) => `${(x / MiB).toFixed(0)} MiB`;
  t.diagnostic(`renderer memory: ${mib(before)} before the run, ${mib(during)} during it, ${mib(after)} after Discard; ` +
    `long tasks during the run: ${tasks.length}, longest ${tasks.length ? Math.max(...tasks).toFixed(0) : 0} ms`);
  assert.ok(during - before > 50 * MiB, `the run grew the renderer's memory by more than 50 MiB (${mib(during - before)}), so the check below means something`);
  assert.ok(after - before < 50 * MiB, `after Discard the renderer holds ${mib(after - before)} more than before the run`);
  await cdp.detach();
});
