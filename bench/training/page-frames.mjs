// What a learner's page does while Lesson 6 trains: the long animation frames (over 50 ms) on the page's main thread
// in the seconds after "Train" is pressed, in headless Chromium through playwright-core, from a local server. It
// prints figures and asserts nothing (issue 13 item 4: no frame over 50 ms during a run).
//
//   node bench/run-frames.mjs [--seconds 10] [--rounds 3] [--hash '#lesson=training&rlen=64&rtrain=100000' ...] [--root DIR]
//
// --root serves another copy of the page (a folder with index.html and build/page/, say of the main branch) for a before.
//
// Per setting and round: the long frames from the click on (the first drawing included) and from the fourth second on
// (a run in its steady state), their count and the longest, and how much of the longest was script and how much
// style, layout and paint (the Long Animation Frames API). Without --hash: the default run and the largest sequence.
import os from 'node:os';
import { chromium } from 'playwright-core';
import { startStaticServer } from '../../build-scripts/static-server.mjs';

const args = { seconds: 10, rounds: 3, hashes: [], root: undefined };
for (let i = 2; i < process.argv.length; i += 1) {
  const flag = process.argv[i];
  if (flag === '--seconds') args.seconds = Number(process.argv[++i]);
  else if (flag === '--rounds') args.rounds = Number(process.argv[++i]);
  else if (flag === '--hash') args.hashes.push(String(process.argv[++i]));
  else if (flag === '--root') args.root = String(process.argv[++i]);
  else throw new Error(`unknown option ${flag}: see the usage line at the top of bench/run-frames.mjs`);
}
if (!args.hashes.length) args.hashes = ['#lesson=training', '#lesson=training&rlen=64&rtrain=100000'];

const { server, url } = await startStaticServer({ port: 0, ...(args.root ? { root: args.root } : {}) });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
console.log(`Lesson 6 run frames${args.root ? ` of ${args.root}` : ''}, ${new Date().toISOString()}; ${os.cpus()[0]?.model ?? 'cpu'}, ${os.cpus().length} cores; load average ${os.loadavg()[0].toFixed(2)}; ${browser.version()}`);
console.log('| setting | round | long frames from the click | longest (script + rendering) | long frames after 4 s | longest after 4 s | run |');
console.log('|---|---|---|---|---|---|---|');
try {
  for (const hash of args.hashes) {
    for (let round = 1; round <= args.rounds; round += 1) {
      const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
      await page.goto(url + 'index.html' + hash);
      await page.waitForSelector('body[data-engine="ready"]', { timeout: 60000 });
      await page.waitForSelector('[data-part="run"] [data-action="train"]:not([disabled])', { timeout: 60000 });
      await page.waitForTimeout(1000);
      await page.evaluate(() => {
        window.__frames = [];
        window.__t0 = performance.now();
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) {
            if (e.duration <= 50) continue;
            const script = e.scripts.reduce((sum, s) => sum + s.duration, 0);
            window.__frames.push({ at: e.startTime - window.__t0, duration: e.duration, script });
          }
        }).observe({ type: 'long-animation-frame' });
      });
      await page.click('[data-part="run"] [data-action="train"]');
      await page.waitForTimeout(args.seconds * 1000);
      const { frames, status } = await page.evaluate(() => ({ frames: window.__frames, status: document.querySelector('[data-part="run"] .run-status').textContent }));
      const longest = (list) => list.reduce((a, f) => (f.duration > (a?.duration ?? 0) ? f : a), null);
      const show = (f) => (f ? `${Math.round(f.duration)} ms (${Math.round(f.script)} + ${Math.round(f.duration - f.script)})` : '—');
      const late = frames.filter((f) => f.at > 4000);
      console.log(`| ${hash} | ${round} | ${frames.length} | ${show(longest(frames))} | ${late.length} | ${show(longest(late))} | ${status} |`);
      await page.context().close();
    }
  }
} finally {
  await browser.close();
  server.close();
}
