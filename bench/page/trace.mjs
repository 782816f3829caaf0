// Where the main thread's milliseconds go when one control changes: a Chromium performance trace (through
// playwright-core) around one `input` event per control, its renderer main-thread events split into script, style,
// layout, paint and garbage collection by self time. It prints figures and asserts nothing.
//
//   node bench/page/trace.mjs [--lessons variance,heads] [--keys vseed,dk] [--changes 2] [--frame] [--closed]
//                             [--url file|http] [--root DIR]
//   node bench/page/trace.mjs --loads 8 [--url file|http] [--root DIR]
//
// Per control: the median over the changes of each bucket's self time from the input event to the settled page
// (the preview's frame and, for Monte Carlo parts, the full-sample redraws that follow it), and the names of the
// three largest script functions by self time (from the trace's JS sampler, when it has samples). --frame ends the
// span with the frame that shows the section's first update instead: the "work" of bench/page/latency.mjs, split by
// kind, with the objects that frame's layout had to lay out again. Every "Go deeper" section is opened first, as
// bench/page/latency.mjs does (--closed leaves them closed and their controls out). --root serves another copy of the
// page (e.g. an unminified build, for readable function names).
// --loads N traces N fresh loads instead (a new browser context each), from navigation until the first lesson is on
// screen: when the script started, the engine was ready, the first render's script ended and its frame was painted,
// and the main thread's time in that span by kind, with the renderer's font lookups (Chromium's FontCache and the
// sandbox's font IPC, which a cold renderer's first layouts wait for) apart from layout.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs as readFlags } from '../lib/args.mjs';
import { launchChromium, serve } from '../lib/browser.mjs';
import { loadAverage } from '../lib/machine.mjs';
import { median } from '../lib/stats.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function parseArgs(argv) {
  return readFlags(argv, { lessons: null, keys: null, changes: 2, url: 'http', root: ROOT, loads: 0, frame: false, closed: false }, {
    '--lessons': { key: 'lessons', type: 'list' },
    '--keys': { key: 'keys', type: 'list' },
    '--changes': { key: 'changes', type: 'count' },
    '--url': { key: 'url', check: (v) => (v === 'http' || v === 'file' ? null : 'takes http or file') },
    '--root': { key: 'root', type: 'path' },
    '--loads': { key: 'loads', type: 'number' },
    '--frame': { set: { frame: true } },
    '--closed': { set: { closed: true } },
  }, 'bench/page/trace.mjs');
}

// Trace event names → bucket. Anything else on the main thread with self time counts as "other".
const BUCKETS = [
  ['fonts', /^(FontCache::|WebSandboxSupportLinux::|FontDataManager|FontServiceThread|FontLoader::)/],
  ['script', /^(FunctionCall|EvaluateScript|v8\.|V8\.|TimerFire|FireAnimationFrame|EventDispatch|RunMicrotasks|v8\.callFunction|FireIdleCallback|XHR|HandlePostMessage)/],
  ['style', /^(Document::recalcStyle|Document::rebuildLayoutTree|UpdateLayoutTree|RecalculateStyles|ScheduleStyleRecalculation|ParseAuthorStyleSheet)/],
  ['layout', /^(Layout|LocalFrameView::performLayout|UpdateLayerTree|IntersectionObserverController|ComputeIntersections|ResizeObserver)/],
  ['paint', /^(Paint|PrePaint|Layerize|UpdateLayer|CompositeLayers|Commit|PaintImage|RasterTask|Decode|UpdateLayerTree|ScrollLayer)/],
  ['gc', /(GC|Scavenge|MarkCompact|MinorMS)/],
];
const bucketOf = (name) => BUCKETS.find(([, re]) => re.test(name))?.[0] ?? 'other';

/** Self time per bucket of the renderer main thread's complete events in [t0, t1] (µs trace clock). */
function breakdown(events, t0, t1) {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return null;
  const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur > 0 && e.ts >= t0 && e.ts <= t1)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const out = { script: 0, style: 0, layout: 0, fonts: 0, paint: 0, gc: 0, other: 0 };
  const others = new Map();
  // Self time: an event's duration less that of its direct children (events nest on one thread).
  const stack = [];
  const close = (until) => {
    while (stack.length && stack[stack.length - 1].end <= until) {
      const done = stack.pop();
      const self = Math.max(0, done.e.dur - done.children) / 1000;
      const bucket = bucketOf(done.e.name);
      out[bucket] += self;
      if (bucket === 'other') others.set(done.e.name, (others.get(done.e.name) ?? 0) + self);
    }
  };
  for (const e of mine) {
    close(e.ts);
    if (stack.length) stack[stack.length - 1].children += e.dur;
    stack.push({ e, end: e.ts + e.dur, children: 0 });
  }
  close(Infinity);
  if (process.env.TRACE_OTHERS) process.stderr.write(`[trace] other: ${[...others].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([n, t]) => `${n} ${t.toFixed(1)}`).join(', ')}\n`);
  return out;
}

/** The layout objects that the Layout events in [t0, t1] laid out again (Chromium's "dirty objects"), summed. */
function dirtyObjects(events, t0, t1) {
  return events.filter((e) => e.name === 'Layout' && e.ph === 'X' && e.ts >= t0 && e.ts <= t1)
    .reduce((sum, e) => sum + (e.args?.beginData?.dirtyObjects ?? 0), 0);
}

/** The three functions with the most self samples of the main thread's CPU profile chunks, in [t0, t1]. */
function topFunctions(events, t0, t1) {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const nodes = new Map();
  const counts = new Map();
  let time = null;
  for (const e of events) {
    if (main && (e.pid !== main.pid || e.tid !== main.tid)) continue; // the page's main thread, not a worker's
    if (e.name === 'Profile') time = e.args?.data?.startTime ?? time;
    if (e.name !== 'ProfileChunk') continue;
    const data = e.args?.data?.cpuProfile;
    for (const n of data?.nodes ?? []) nodes.set(n.id, n.callFrame);
    const deltas = e.args?.data?.timeDeltas ?? [];
    (data?.samples ?? []).forEach((id, i) => {
      time = (time ?? e.ts) + (deltas[i] ?? 0);
      if (time < t0 || time > t1) return;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    });
  }
  const byName = new Map();
  for (const [id, n] of counts) {
    const f = nodes.get(id);
    if (!f || ['(idle)', '(program)', '(root)', '(garbage collector)'].includes(f.functionName)) continue;
    const name = `${f.functionName || '(anonymous)'}@${path.basename(f.url || '?')}:${f.lineNumber + 1}`;
    byName.set(name, (byName.get(name) ?? 0) + n);
  }
  return [...byName].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([n, c]) => `${n} ×${c}`);
}

/**
 * `loads` fresh loads of `url`, each traced from navigation until the first lesson is on screen (the section's
 * data-first-painted-ms, set by web/registry.js). Returns one row per load: the page's marks (ms after navigation) and
 * the main thread's self time by kind over that span.
 */
async function traceLoads(browser, url, loads) {
  const rows = [];
  for (let k = 0; k < loads; k += 1) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink.user_timing', 'fonts'] });
      await page.goto(url);
      await page.waitForFunction(() => document.querySelector('[data-asl-section]')?.dataset.firstPaintedMs, null, { timeout: 60000 });
      const marks = await page.evaluate(() => {
        const root = document.querySelector('[data-asl-section]');
        const mark = (name) => performance.getEntriesByName(name)[0]?.startTime ?? NaN;
        return { boot: mark('asl:boot'), engine: mark('asl:engine'), drawn: Number(root.dataset.firstDrawnMs), painted: Number(root.dataset.firstPaintedMs) };
      });
      const { traceEvents } = JSON.parse((await browser.stopTracing()).toString());
      // performance.now() = 0 on the trace clock: the asl:boot mark's timestamp less its performance.now().
      const boot = traceEvents.find((e) => e.name === 'asl:boot');
      if (!boot) continue;
      const origin = boot.ts - marks.boot * 1000;
      rows.push({ ...marks, ...breakdown(traceEvents, origin, origin + marks.painted * 1000) });
    } finally {
      await context.close();
    }
  }
  return rows;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  let server = null;
  let url = pathToFileURL(path.join(args.root, 'index.html')).href;
  if (args.url === 'http') {
    server = await serve(args.root);
    url = `${server.origin}/index.html`;
  }
  const browser = await launchChromium();
  process.stderr.write(`[trace] load average ${loadAverage().join(' ')}\n`);
  try {
    if (args.loads > 0) {
      const rows = await traceLoads(browser, url, args.loads);
      const cols = ['boot', 'engine', 'drawn', 'painted', 'script', 'style', 'layout', 'fonts', 'paint', 'gc', 'other'];
      const head = ['load', 'script started', 'engine ready', 'render script done', 'on screen', 'script', 'style', 'layout (without fonts)', 'font lookups', 'paint', 'gc', 'other'];
      const lines = [`# The first lesson of ${rows.length} fresh loads (${args.url}; ms after navigation, then main-thread time until it is on screen; ${new Date().toISOString()}; load ${loadAverage().join(' ')})`, '',
        `| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
      rows.forEach((r, i) => lines.push(`| ${i + 1} | ${cols.map((c) => r[c].toFixed(1)).join(' | ')} |`));
      if (rows.length) lines.push(`| median | ${cols.map((c) => median(rows.map((r) => r[c])).toFixed(1)).join(' | ')} |`);
      process.stdout.write(`${lines.join('\n')}\n`);
      return;
    }
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(url);
    await page.waitForSelector('body[data-engine="ready"]', { timeout: 60000 });
    if (!args.closed) {
      await page.evaluate(() => { for (const s of document.querySelectorAll('details[data-deeper]:not([open]) > summary')) s.click(); });
      await page.waitForTimeout(3000); // their parts draw
    }
    const controls = await page.evaluate(() => [...document.querySelectorAll('[data-asl-section] input[type="range"], [data-asl-section] input[type="number"]')]
      .map((input, index) => ({ index, section: input.closest('[data-asl-section]').dataset.aslSection, key: input.dataset.key, cell: input.dataset.cell ?? null,
        type: input.type, min: Number(input.min), max: Number(input.max), step: Number(input.step) || 1, value: input.value,
        usable: !input.disabled && input.getClientRects().length > 0 })));
    const chosen = controls.filter((c) => c.usable && (!args.lessons || args.lessons.includes(c.section)) && (!args.keys || args.keys.includes(c.key)));
    const rows = [];
    for (const c of chosen) {
      const per = [];
      const tops = [];
      for (let k = 0; k < args.changes; k += 1) {
        const value = c.type === 'range'
          ? Math.min(c.max, c.min + Math.round(((c.max - c.min) * (0.3 + 0.4 * k / Math.max(1, args.changes - 1))) / c.step) * c.step)
          : Number(c.value) + (k + 1) * (c.step || 1);
        await page.evaluate((i) => document.querySelectorAll('[data-asl-section] input[type="range"], [data-asl-section] input[type="number"]')[i]
          .scrollIntoView({ block: 'center' }), c.index);
        await page.waitForTimeout(300);
        await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'disabled-by-default-v8.cpu_profiler', 'blink.user_timing'] });
        const marks = await page.evaluate(async ([i, v]) => {
          const input = document.querySelectorAll('[data-asl-section] input[type="range"], [data-asl-section] input[type="number"]')[i];
          const root = input.closest('[data-asl-section]');
          // The end of the frame of the section's first update: the task after the one that stamped it (web/registry.js).
          const before = root.dataset.updates;
          const stamped = new MutationObserver(() => {
            if (root.dataset.updates === before) return;
            stamped.disconnect();
            const channel = new MessageChannel();
            channel.port1.onmessage = () => performance.mark('asl-change-frame');
            channel.port2.postMessage(0);
          });
          stamped.observe(root, { attributes: true, attributeFilter: ['data-updates'] });
          performance.mark('asl-change-start');
          input.value = String(v);
          input.dispatchEvent(new Event('input', { bubbles: true }));
          if (input.type === 'range') input.dispatchEvent(new Event('change', { bubbles: true }));
          // settled: no update and no refinement for 400 ms
          let last = `${root.dataset.updates}/${root.dataset.refining}`;
          let since = performance.now();
          const t0 = performance.now();
          while (performance.now() - since < 400 && performance.now() - t0 < 20000) {
            await new Promise((r) => setTimeout(r, 25));
            const now = `${root.dataset.updates}/${root.dataset.refining}`;
            if (now !== last || root.dataset.refining === '1') { last = now; since = performance.now(); }
          }
          performance.mark('asl-change-end');
          return true;
        }, [c.index, value]);
        const buffer = await browser.stopTracing();
        const { traceEvents } = JSON.parse(buffer.toString());
        const start = traceEvents.find((e) => e.name === 'asl-change-start')?.ts;
        const end = traceEvents.find((e) => e.name === (args.frame ? 'asl-change-frame' : 'asl-change-end'))?.ts;
        if (!marks || start === undefined || end === undefined) continue;
        const b = breakdown(traceEvents, start, end);
        if (b) per.push({ ...b, dirty: dirtyObjects(traceEvents, start, end) });
        tops.push(...topFunctions(traceEvents, start, end));
      }
      if (!per.length) continue;
      const row = { name: `${c.section}: ${c.key}${c.cell !== null ? `[${c.cell}]` : ''} ${c.type}` };
      for (const k of Object.keys(per[0])) row[k] = median(per.map((p) => p[k]));
      row.total = Object.keys(per[0]).filter((k) => k !== 'dirty').reduce((s, k) => s + row[k], 0);
      row.top = [...new Set(tops)].slice(0, 3).join('; ');
      rows.push(row);
      process.stderr.write(`[trace] ${row.name}: total ${row.total.toFixed(1)} ms\n`);
    }
    const head = ['control', 'total', 'script', 'style', 'layout', 'paint', 'gc', 'other', 'objects laid out', 'top script functions'];
    const span = args.frame ? 'from the input to the end of the frame showing the first update' : 'from the input until the section settled';
    const lines = [`# Main-thread time per change by kind (ms, median of ${args.changes}, ${span}; ${new Date().toISOString()}; load ${loadAverage().join(' ')})`, '',
      `| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
    for (const r of rows) lines.push(`| ${r.name} | ${[r.total, r.script, r.style, r.layout, r.paint, r.gc, r.other].map((x) => x.toFixed(1)).join(' | ')} | ${Math.round(r.dirty)} | ${r.top} |`);
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await browser.close();
    if (server) await server.close();
  }
}

await main();
