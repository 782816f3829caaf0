// What one frame costs a browser when the page changes almost nothing: the floor under bench/page/latency.mjs's
// "work". At a few places of the page (a control of each lesson scrolled to the middle of the window), 25 times
// each: in an animation frame, change the first letter of 0, 1 or 5 text nodes spread over the window, and time from
// the frame's start to a message posted then (which runs after the frame's style, layout and paint, as the
// benchmark's "work" does), with the forced layout timed apart. It prints figures and asserts nothing.
//
//   node bench/page/frame-floor.mjs [--browsers chromium,firefox,webkit] [--keys dk,vseed,gn,tbeta,hdmodel,rtrain,bs]
//                                   [--webkit-cpu]
// (--webkit-cpu: WebKit paints on the CPU instead of its default GL path, as in bench/page/latency.mjs.)
// Firefox and WebKit clamp performance.now() to 1 ms, so their figures are whole milliseconds.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from '../lib/args.mjs';
import { openBrowser, serve } from '../lib/browser.mjs';
import { loadAverage, machine } from '../lib/machine.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const { browsers, keys, webkitCpu } = parseArgs(process.argv.slice(2),
  { browsers: ['chromium', 'firefox', 'webkit'], keys: ['dk', 'vseed', 'gn', 'tbeta', 'hdmodel', 'rtrain', 'bs'], webkitCpu: false }, {
    '--browsers': { key: 'browsers', type: 'list' },
    '--keys': { key: 'keys', type: 'list' },
    '--webkit-cpu': { set: { webkitCpu: true } },
  }, 'bench/page/frame-floor.mjs');
const MODES = [0, 1, 5]; // text nodes changed per frame

/** In the page: scrolls control `key` to the middle, then times 25 frames that change `count` text nodes each. */
async function probe([key, count]) {
  const input = document.querySelector(`[data-asl-section] input[data-key="${key}"]`);
  if (!input) return null;
  input.scrollIntoView({ block: 'center' });
  await new Promise((r) => setTimeout(r, 600));
  const textAt = (y) => {
    const at = document.elementFromPoint(200, y);
    const walk = at && document.createTreeWalker(at, NodeFilter.SHOW_TEXT, { acceptNode: (n) => (n.nodeValue.trim().length > 3 ? 1 : 3) });
    return walk ? walk.nextNode() : null;
  };
  const nodes = [100, 300, 500, 700, 850].map(textAt).filter(Boolean).slice(0, count);
  const original = nodes.map((n) => n.nodeValue);
  const frames = [];
  for (let k = 0; k < 25; k += 1) {
    frames.push(await new Promise((resolve) => requestAnimationFrame(() => {
      const t0 = performance.now();
      for (const n of nodes) n.nodeValue = `${k % 2 ? 'A' : 'B'}${n.nodeValue.slice(1)}`;
      const t1 = performance.now();
      void document.body.offsetHeight;
      const layout = performance.now() - t1;
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve({ work: performance.now() - t0, layout });
      channel.port2.postMessage(0);
    })));
    await new Promise((r) => setTimeout(r, 50));
  }
  nodes.forEach((n, i) => { n.nodeValue = original[i]; });
  const sorted = (f) => frames.map(f).sort((a, b) => a - b);
  const work = sorted((x) => x.work);
  return { changed: nodes.length, median: work[12], max: work[24], layout: sorted((x) => x.layout)[12] };
}

/** One tab of browser `name` at `url`, 1280 × 900 (bench/lib/browser.mjs); close() ends the browser. */
async function open(name, url) {
  const browser = await openBrowser(name, { webkitCpu });
  const tab = await browser.open(url);
  return { evaluate: (fn, arg) => tab.evaluate(fn, arg), close: () => browser.close() };
}

const server = await serve(ROOT);
const url = `${server.origin}/index.html`;
const fmt = (x) => (Number.isFinite(x) ? x.toFixed(1) : '—');
console.log(`# One frame with 0, 1 or 5 text nodes changed\n\n${new Date().toISOString()}; ${machine().cores} × ${machine().cpu}; ` +
  `load average ${loadAverage().join(' ')}; 1280 × 900${webkitCpu ? '; WebKit paints on the CPU' : ''}; 25 frames per cell, median / max ms (median forced layout).\n`);
console.log(`| browser | control in the middle | ${MODES.map((m) => `${m} changed`).join(' | ')} |`);
console.log(`|---|---|${MODES.map(() => '---').join('|')}|`);
try {
  for (const name of browsers) {
    const tab = await open(name, url);
    try {
      await tab.evaluate(() => new Promise((resolve) => {
        const ready = () => document.body.dataset.engine === 'ready';
        const wait = () => (ready() ? setTimeout(resolve, 2000) : setTimeout(wait, 50)); // the first lessons drawn too
        wait();
      }));
      for (const key of keys) {
        const cells = [];
        for (const count of MODES) {
          const r = await tab.evaluate(probe, [key, count]);
          cells.push(r ? `${fmt(r.median)} / ${fmt(r.max)} (${fmt(r.layout)})${r.changed < count ? ` [${r.changed} found]` : ''}` : 'no such control');
        }
        console.log(`| ${name} | ${key} | ${cells.join(' | ')} |`);
      }
    } finally {
      await tab.close();
    }
  }
} finally {
  await server.close();
}
