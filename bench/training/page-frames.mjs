// What a learner's page does while Lesson 6 trains: the long animation frames (over 50 ms) on the page's main thread
// in the seconds after "Train" is pressed, in headless Chromium through playwright-core, from a local server. It
// prints figures and asserts nothing (issue 13 item 4: no frame over 50 ms during a run). Writes
// build/bench/training-page.{json,md} (--out DIR elsewhere).
//
//   node bench/training/page-frames.mjs [--seconds 10] [--rounds 3] [--hash '#lesson=training&rlen=64&rtrain=100000' ...]
//                                       [--root DIR] [--out DIR]
//
// --root serves another copy of the page (a folder with index.html and build/page/, say of the main branch) for a before.
//
// Per setting and round: the long frames from the click on (the first drawing included) and from the fourth second on
// (a run in its steady state), their count and the longest, and how much of the longest was script and how much
// style, layout and paint (the Long Animation Frames API). Without --hash: the default run and the largest sequence.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from '../lib/args.mjs';
import { launchChromium, serve } from '../lib/browser.mjs';
import { machine, runRecord, runStart } from '../lib/machine.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = parseArgs(process.argv.slice(2), { seconds: 10, rounds: 3, hashes: [], root: undefined, out: path.join(ROOT, 'build', 'bench') }, {
  '--seconds': { key: 'seconds', type: 'number' },
  '--rounds': { key: 'rounds', type: 'count' },
  '--hash': { key: 'hashes', repeat: true },
  '--root': { key: 'root', type: 'path' },
  '--out': { key: 'out', type: 'path' },
}, 'bench/training/page-frames.mjs');
if (!args.hashes.length) args.hashes = ['#lesson=training', '#lesson=training&rlen=64&rtrain=100000'];

const start = runStart('training-page');
const server = await serve(args.root);
const url = `${server.origin}/`;
const browser = await launchChromium();
const version = `Chromium ${browser.version()}`;
const lines = [`Lesson 6 run frames${args.root ? ` of ${args.root}` : ''}, ${start.date}; ${machine().cpu}, ${machine().cores} cores; load average ${start.loadBefore[0].toFixed(2)}; ${version}`,
  '| setting | round | long frames from the click | longest (script + rendering) | long frames after 4 s | longest after 4 s | run |',
  '|---|---|---|---|---|---|---|'];
for (const line of lines) console.log(line);
const rows = [];
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
      rows.push({ hash, round, frames, longest: longest(frames), lateFrames: late.length, longestLate: longest(late), status });
      lines.push(`| ${hash} | ${round} | ${frames.length} | ${show(longest(frames))} | ${late.length} | ${show(longest(late))} | ${status} |`);
      console.log(lines[lines.length - 1]);
      await page.context().close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
const run = runRecord(start, { browsers: [version] });
mkdirSync(args.out, { recursive: true });
writeFileSync(path.join(args.out, 'training-page.json'), `${JSON.stringify({ run, seconds: args.seconds, rounds: args.rounds, root: args.root ?? null, rows }, null, 1)}\n`);
writeFileSync(path.join(args.out, 'training-page.md'), `${lines.join('\n')}\n`);
process.stderr.write(`[bench training-page] wrote ${path.relative(ROOT, path.join(args.out, 'training-page.md'))} and training-page.json\n`);
