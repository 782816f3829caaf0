// How fast the page answers its controls: for every slider and number field of every lesson, the time from a
// value change (an `input` event, as a drag or a keystroke sends it) to the end of the frame that shows the
// section's new numbers, in headless Chromium. It prints figures and asserts nothing.
//
//   node bench/page-latency.mjs [--lessons temperature,heads] [--changes 5] [--no-drag] [--baseline old.json]
//                               [--out build/bench]
// (build-scripts/bench --only page builds the page bundle first and runs this.)
//
// What is measured, per change (the section's root stamps every finished update, see web/registry.js):
//   latency  input event → end of the frame after the last store-driven update of the section (what the learner
//            waits for). It includes the wait for the store's animation frame, up to one frame.
//   work     main-thread time of those updates: from the start of the section's update to the end of its frame
//            (compute, DOM, style, layout, paint). A control answers within one frame when this stays under 16.7 ms.
//   full     for parts that first draw a preview: input event → end of the frame with the full-sample redraw
//            (the learner stopped after this one change, so it includes the ~150 ms settle time).
//   longest  the longest main-thread task between the input and the settled page (Long Tasks API: tasks ≥ 50 ms
//            only; "<50" means none), i.e. how long a second input could have had to wait.
// A slider's change also sends `change`, as an arrow key does. A drag (on by default, sliders only): pointerdown,
// 24 input events 16 ms apart across the middle of the track, pointerup and change; per input the time until a
// frame shows a value at least that new, and from the release to the frame with the full sample counts.
// The report starts with the sliders of Lessons 2–5 whose parts call a Monte Carlo function (those with a sample
// label): per slider, input → the frame with the preview and input → the frame with the full sample counts.
// Writes build/bench/page-latency.{json,md}.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startStaticServer } from '../build-scripts/static-server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FRAME_MS = 1000 / 60;

function parseArgs(argv) {
  const args = { lessons: null, changes: 5, drag: true, baseline: null, out: path.join(ROOT, 'build', 'bench') };
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    if (flag === '--lessons') args.lessons = String(argv[++i]).split(',');
    else if (flag === '--changes') {
      args.changes = Number(argv[++i]);
      if (!Number.isInteger(args.changes) || args.changes < 1) throw new Error('--changes needs a positive integer');
    } else if (flag === '--no-drag') args.drag = false;
    else if (flag === '--baseline') args.baseline = path.resolve(String(argv[++i]));
    else if (flag === '--out') args.out = path.resolve(String(argv[++i]));
    else throw new Error(`unknown option ${flag}: see the usage line at the top of bench/page-latency.mjs`);
  }
  return args;
}

const log = (message) => process.stderr.write(`[bench page] ${message}\n`);
const median = (xs) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const max = (xs) => (xs.length ? Math.max(...xs) : NaN);
const fmt = (ms) => (Number.isFinite(ms) ? (ms < 100 ? ms.toFixed(1) : ms.toFixed(0)) : '—');
const loadAverage = () => os.loadavg().map((x) => Number(x.toFixed(2)));

/** Installed in the page: finds the controls, waits for quiet, changes one value and records what followed. */
function installProbe() {
  const longtasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) longtasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask' });
  } catch {
    // no Long Tasks API: the "longest" column stays empty
  }
  const sections = () => [...document.querySelectorAll('[data-asl-section]')];
  const controls = () => [...document.querySelectorAll('[data-asl-section] input[type="range"], [data-asl-section] input[type="number"]')];
  const signature = () => sections().map((s) => `${s.dataset.updates ?? ''}/${s.dataset.refining ?? ''}`).join(',');
  const refining = () => sections().some((s) => s.dataset.refining === '1');
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Resolves once no section has updated for `idleMs` and none has a refinement pending. */
  async function quiet(idleMs = 300, timeoutMs = 60000) {
    const t0 = performance.now();
    let last = signature();
    let since = performance.now();
    while (performance.now() - t0 < timeoutMs) {
      await sleep(25);
      const now = signature();
      if (now !== last || refining()) {
        last = now;
        since = performance.now();
      } else if (performance.now() - since >= idleMs) return true;
    }
    return false;
  }

  /**
   * Records every update of `root` from now on: kind, start, the end of the frame it was drawn in, and the sample
   * labels (web/sections/progressive.js) it set, part → "preview" or "full": which Monte Carlo parts it drew, and how.
   */
  function recorder(root) {
    const records = [];
    let seen = root.dataset.updates ?? '0';
    let labels = {};
    const observer = new MutationObserver((mutations) => {
      for (const m of mutations) {
        if (m.target === root || !m.target.classList.contains('sample-state')) continue;
        const part = m.target.closest('[data-part]');
        labels[part ? part.dataset.part : '?'] = m.target.dataset.sampleState;
      }
      const n = root.dataset.updates ?? '0';
      if (n === seen) return;
      seen = n;
      const at = performance.now();
      const rec = { kind: root.dataset.updateKind, start: at - Number(root.dataset.updateMs), script: Number(root.dataset.updateMs), end: null, labels };
      labels = {};
      records.push(rec);
      // A message posted now is handled after this task, i.e. after the frame's style, layout and paint.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { rec.end = performance.now(); };
      channel.port2.postMessage(0);
    });
    // Setting a label's attributes is recorded even when the value does not change, so a full redraw is seen too.
    observer.observe(root, { attributes: true, subtree: true, attributeFilter: ['data-updates', 'data-sample-state', 'data-samples'] });
    return { records, stop: () => observer.disconnect() };
  }

  /** Waits until `records` has settled: something arrived (or `noneMs` passed), every frame ended, no refinement pending, then `idleMs` of nothing. */
  async function settle(records, { idleMs = 400, noneMs = 2500, timeoutMs = 60000 } = {}) {
    const t0 = performance.now();
    let count = -1;
    let since = performance.now();
    while (performance.now() - t0 < timeoutMs) {
      await sleep(20);
      if (!records.length && performance.now() - t0 > noneMs) return;
      if (records.length !== count || records.some((r) => r.end === null) || refining()) {
        count = records.length;
        since = performance.now();
      } else if (performance.now() - since >= idleMs) return;
    }
  }

  const tasksSince = (t0) => longtasks.filter((t) => t.start + t.duration >= t0);

  window.__aslLatency = {
    quiet,
    frameInterval: async () => {
      const times = [];
      for (let i = 0; i < 31; i += 1) times.push(await new Promise((resolve) => requestAnimationFrame(resolve)));
      const gaps = times.slice(1).map((t, i) => t - times[i]).sort((a, b) => a - b);
      return gaps[gaps.length >> 1];
    },
    list: () => controls().map((input, index) => {
      const root = input.closest('[data-asl-section]');
      const part = input.closest('[data-part]');
      const style = getComputedStyle(input);
      return {
        index, section: root.dataset.aslSection, part: part ? part.dataset.part : null, key: input.dataset.key, cell: input.dataset.cell ?? null,
        type: input.type, track: input.dataset.track ?? null, min: input.min, max: input.max, step: input.step, value: input.value,
        usable: !input.disabled && input.getClientRects().length > 0 && style.visibility !== 'hidden',
      };
    }),
    /**
     * One change: sets the value and sends `input` (a slider also `change`, as an arrow key does), and reports the
     * updates that followed (times relative to the input).
     */
    async change(index, value) {
      await quiet();
      const input = controls()[index];
      const root = input.closest('[data-asl-section]');
      const rec = recorder(root);
      const t0 = performance.now();
      input.value = String(value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      if (input.type === 'range') input.dispatchEvent(new Event('change', { bubbles: true }));
      await settle(rec.records);
      rec.stop();
      const tasks = tasksSince(t0);
      return {
        value: input.value,
        records: rec.records.map((r) => ({ kind: r.kind, start: r.start - t0, script: r.script, end: (r.end ?? NaN) - t0, labels: r.labels })),
        longest: tasks.length ? Math.max(...tasks.map((t) => t.duration)) : 0,
      };
    },
    /**
     * A drag: pointerdown on the slider, `values` as input events `intervalMs` apart (timers, so a blocked page delays
     * them as it would a hand), then pointerup and change, as a released pointer sends them.
     */
    async drag(index, values, intervalMs = 16) {
      await quiet();
      const input = controls()[index];
      const root = input.closest('[data-asl-section]');
      const rec = recorder(root);
      const sent = [];
      const t0 = performance.now();
      input.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
      for (const v of values) {
        input.value = String(v);
        sent.push(performance.now());
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await sleep(intervalMs);
      }
      const released = performance.now();
      input.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, composed: true }));
      input.dispatchEvent(new Event('change', { bubbles: true }));
      await settle(rec.records);
      rec.stop();
      const renders = rec.records.filter((r) => r.kind === 'render');
      // Per input: the first store-driven frame that started after it (and so shows it or a newer value).
      const waits = sent.map((t) => {
        const r = renders.find((x) => x.start >= t);
        return r ? r.end - t : NaN;
      }).filter(Number.isFinite);
      const redraws = rec.records.filter((r) => r.kind === 'redraw' && r.start >= released);
      const tasks = tasksSince(t0).filter((t) => t.start < released);
      return {
        waits,
        previews: renders.filter((r) => Object.values(r.labels).includes('preview')).length,
        renders: renders.length,
        labelled: rec.records.some((r) => Object.keys(r.labels).length > 0),
        full: redraws.length ? Math.max(...redraws.map((r) => r.end)) - released : null,
        duringDrag: rec.records.filter((r) => r.kind === 'redraw' && r.start < released).length,
        longest: tasks.length ? Math.max(...tasks.map((t) => t.duration)) : 0,
      };
    },
  };
}

const round = (x) => Number(x.toPrecision(6));

/** The values a control is moved to: across the track for a slider, a few steps from the current value for a field. */
function valuesFor(c, changes) {
  const min = Number(c.min);
  const maxV = Number(c.max);
  const v = Number(c.value);
  if (c.type === 'range') {
    const step = Number(c.step) || 1;
    const at = Array.from({ length: Math.max(1, changes - 1) }, (_, i) => (changes === 1 ? 0.5 : 0.1 + (0.8 * i) / Math.max(1, changes - 2)));
    const out = at.map((f) => round(Math.min(maxV, Math.max(min, min + Math.round(((maxV - min) * f) / step) * step))));
    return [...new Set([...out, v])].filter((x, i, a) => i === 0 || x !== a[i - 1]).slice(0, changes);
  }
  const s = c.step === 'any' || !c.step ? (v !== 0 ? Math.abs(v) / 2 : 0.5) : Number(c.step);
  const ok = (x) => (c.min === '' || x >= min) && (c.max === '' || x <= maxV);
  let out = Array.from({ length: changes - 1 }, (_, i) => round(v + (i + 1) * s));
  if (!out.every(ok)) out = Array.from({ length: changes - 1 }, (_, i) => round(v - (i + 1) * s));
  return [...out.filter(ok), v];
}

function dragValues(c) {
  const min = Number(c.min);
  const maxV = Number(c.max);
  const step = Number(c.step) || 1;
  return Array.from({ length: 24 }, (_, i) => round(min + Math.round(((maxV - min) * (0.25 + (0.5 * i) / 23)) / step) * step));
}

const label = (c) => `${c.key}${c.cell !== null ? `[${c.cell}]` : ''} ${c.type === 'range' ? (c.track === 'log' ? 'log slider' : 'slider') : 'number'}`;

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!existsSync(path.join(ROOT, 'build', 'page', 'app.js'))) throw new Error('build/page/app.js is missing: run node web/build.mjs (and build-scripts/build for the engine) first');
  const baseline = args.baseline ? JSON.parse(readFileSync(args.baseline, 'utf8')) : null;
  const { server } = await startStaticServer({ port: 0, host: '127.0.0.1', root: ROOT });
  const url = `http://127.0.0.1:${server.address().port}/index.html`;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--no-first-run', '--disable-quic'],
  });
  const chromiumVersion = browser.version();
  const loadBefore = loadAverage();
  const results = [];
  const drags = [];
  const errors = [];
  let frameMs = NaN;
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await page.goto(url);
    await page.waitForSelector('body[data-engine="ready"]', { timeout: 60000 });
    await page.evaluate(installProbe);
    await page.evaluate(() => window.__aslLatency.quiet(500));
    frameMs = await page.evaluate(() => window.__aslLatency.frameInterval());
    const home = await page.evaluate(() => location.hash);
    const controls = (await page.evaluate(() => window.__aslLatency.list()))
      .filter((c) => !args.lessons || args.lessons.includes(c.section));
    log(`${controls.length} controls; animation frames every ${frameMs.toFixed(1)} ms; load average ${loadBefore.join(' ')}`);
    for (const c of controls) {
      const name = `${c.section}: ${label(c)}`;
      if (!c.usable) {
        results.push({ ...c, name, skipped: 'hidden or disabled at the default settings' });
        continue;
      }
      // Scroll it into view, as a learner would have it.
      await page.evaluate((i) => document.querySelectorAll('[data-asl-section] input[type="range"], [data-asl-section] input[type="number"]')[i]
        .scrollIntoView({ block: 'center' }), c.index);
      const changes = [];
      for (const value of valuesFor(c, args.changes)) {
        const r = await page.evaluate(([i, v]) => window.__aslLatency.change(i, v), [c.index, value]);
        const renders = r.records.filter((x) => x.kind === 'render');
        const redraws = r.records.filter((x) => x.kind === 'redraw');
        if (!renders.length) continue; // the value did not change the state (e.g. rounded to the same value)
        // The Monte Carlo parts it drew (their sample labels), the first frame with a preview and the frame after
        // which every one of them shows its full sample count (a part cheap enough at these settings has no preview).
        const labelled = r.records.filter((x) => Object.keys(x.labels).length > 0);
        const previewed = renders.find((x) => Object.values(x.labels).includes('preview'));
        changes.push({
          value,
          latency: Math.max(...renders.map((x) => x.end)),
          work: renders.reduce((s, x) => s + (x.end - x.start), 0),
          script: renders.reduce((s, x) => s + x.script, 0),
          full: redraws.length ? Math.max(...redraws.map((x) => x.end)) : null,
          longest: r.longest,
          parts: [...new Set(labelled.flatMap((x) => Object.keys(x.labels)))],
          preview: previewed ? previewed.end : null,
          complete: labelled.length ? Math.max(...labelled.map((x) => x.end)) : null,
        });
      }
      let drag = null;
      if (args.drag && c.type === 'range') {
        drag = await page.evaluate(([i, vs]) => window.__aslLatency.drag(i, vs), [c.index, dragValues(c)]);
      }
      const row = {
        ...c, name, changes,
        latency: { median: median(changes.map((x) => x.latency)), max: max(changes.map((x) => x.latency)) },
        work: { median: median(changes.map((x) => x.work)), max: max(changes.map((x) => x.work)) },
        script: { median: median(changes.map((x) => x.script)), max: max(changes.map((x) => x.script)) },
        full: changes.some((x) => x.full !== null) ? { median: median(changes.filter((x) => x.full !== null).map((x) => x.full)), max: max(changes.filter((x) => x.full !== null).map((x) => x.full)) } : null,
        longest: max(changes.map((x) => x.longest)),
        drag: drag ? { median: median(drag.waits), max: max(drag.waits), inputs: drag.waits.length, refinedDuringDrag: drag.duringDrag, longest: drag.longest,
          previews: drag.previews, renders: drag.renders, full: drag.full } : null,
      };
      const parts = [...new Set(changes.flatMap((x) => x.parts))];
      if (parts.length || drag?.labelled) {
        const previews = changes.filter((x) => x.preview !== null);
        const complete = changes.filter((x) => x.complete !== null);
        row.monteCarlo = {
          parts,
          previews: previews.length,
          preview: previews.length ? { median: median(previews.map((x) => x.preview)), max: max(previews.map((x) => x.preview)) } : null,
          full: complete.length ? { median: median(complete.map((x) => x.complete)), max: max(complete.map((x) => x.complete)) } : null,
        };
      }
      results.push(row);
      log(`${name}: latency ${fmt(row.latency.median)} / ${fmt(row.latency.max)} ms, work ${fmt(row.work.median)} / ${fmt(row.work.max)} ms` +
        ` (script ${fmt(row.script.median)} / ${fmt(row.script.max)})` +
        `${row.full ? `, full ${fmt(row.full.median)} / ${fmt(row.full.max)} ms` : ''}${row.drag ? `, drag ${fmt(row.drag.median)} / ${fmt(row.drag.max)} ms` : ''}`);
      // Back to the starting settings, so every control is measured from the defaults.
      if (await page.evaluate(() => location.hash) !== home) {
        await page.evaluate((h) => { location.hash = h; }, home);
        await page.evaluate(() => window.__aslLatency.quiet(400));
      }
    }
    await context.close();
  } finally {
    await browser.close();
    await new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); });
  }

  const env = {
    date: new Date().toISOString(), cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? '?', loadBefore, loadAfter: loadAverage(),
    node: process.version, chromium: chromiumVersion, frameMs,
  };
  const md = report({ env, results, baseline, errors });
  mkdirSync(args.out, { recursive: true });
  writeFileSync(path.join(args.out, 'page-latency.json'), `${JSON.stringify({ env, results, errors }, null, 1)}\n`);
  writeFileSync(path.join(args.out, 'page-latency.md'), md);
  process.stdout.write(md);
  log(`wrote ${path.relative(ROOT, path.join(args.out, 'page-latency.md'))} and page-latency.json`);
}

function report({ env, results, baseline, errors }) {
  const before = baseline ? new Map(baseline.results.filter((r) => !r.skipped).map((r) => [r.name, r])) : null;
  const verdict = (w) => (w.max <= FRAME_MS ? 'yes' : w.median <= FRAME_MS ? 'median only' : 'no');
  const lines = [
    '# Page latency: time from a control change to the redrawn section',
    '',
    `${env.date}; ${env.cpus} × ${env.cpu}; load average ${env.loadBefore.join(' ')} before, ${env.loadAfter.join(' ')} after; ` +
      `Chromium ${env.chromium} headless; Node ${env.node}; animation frames every ${env.frameMs.toFixed(1)} ms.`,
    '',
    'Each control is moved from the default settings to a few values (sliders across the track, number fields a few steps) by',
    'an `input` event (a slider also gets the `change` an arrow key sends with it). **latency**: input → end of the frame showing the section\'s store-driven update (includes up to one',
    'frame of waiting for the store\'s animation frame). **work**: main-thread time of that update including style, layout',
    'and paint; **in a frame** says whether work stayed under 16.7 ms (always, for the median only, or not). **full**: for',
    'parts that draw a preview first, input → the frame with the full-sample numbers after the value settled. **longest**:',
    'the longest main-thread task until the page settled ("<50": no task of 50 ms or more). Median / max over the changes, in ms.',
    '',
  ];
  const pair = (x) => (x ? `${fmt(x.median)} / ${fmt(x.max)}` : '—');
  const longest = (x) => (x >= 50 ? fmt(x) : '<50');

  // The sliders of Lessons 2–5 whose parts call a Monte Carlo function of the engine (they carry a sample label).
  const mcLessons = ['variance', 'saturation', 'temperature', 'heads'];
  const sliders = results.filter((r) => !r.skipped && r.type === 'range' && mcLessons.includes(r.section));
  const mc = sliders.filter((r) => r.monteCarlo);
  if (sliders.length) {
    lines.push('## Monte Carlo sliders of Lessons 2–5: the preview and the full result', '',
      'Every slider of Lessons 2–5 whose change makes a part call a Monte Carlo function of the engine (the parts with a',
      'sample label, web/sections/progressive.js). One change is an arrow-key step (`input` and `change`): **preview**: input →',
      'end of the frame that draws the parts from a small sample count (only changes that needed one: a part whose full count',
      'fits a few ms draws it at once); **full**: input → end of the frame after which every such part shows its full sample',
      'count (the full computation starts 150 ms after the last input). **drag**: the 24-input drag below; **input → frame**:',
      'per input, until the frame that shows it or a newer value; **previews**: frames with a preview, of all frames; **release →',
      'full**: pointerup → the frame with the full sample counts. Median / max, in ms.', '');
    const mh = ['slider', 'Monte Carlo parts', 'changes (with a preview)', 'preview', 'full', 'drag: input → frame', 'drag: previews', 'drag: release → full'];
    lines.push(`| ${mh.join(' | ')} |`, `|${mh.map(() => '---').join('|')}|`);
    for (const r of mc) {
      const m = r.monteCarlo;
      const d = r.drag;
      lines.push(`| ${r.name} | ${m.parts.join(', ') || '—'} | ${r.changes.length} (${m.previews}) | ${pair(m.preview)} | ${pair(m.full)} | ` +
        `${d ? pair(d) : '—'} | ${d ? `${d.previews} of ${d.renders}` : '—'} | ${d && d.full !== null ? fmt(d.full) : '—'} |`);
    }
    const other = sliders.filter((r) => !r.monteCarlo);
    if (!mc.length) lines.push('| (none measured) | | | | | | | |');
    if (other.length) lines.push('', `Sliders of Lessons 2–5 that call no Monte Carlo function (in the tables below): ${other.map((r) => r.name).join(', ')}.`);
    lines.push('', '## Every control', '');
  }

  const head = before
    ? ['control', 'changes', 'latency before', 'latency now', 'work before', 'work now', 'in a frame now', 'full now', 'longest before', 'longest now']
    : ['control', 'changes', 'latency', 'work', 'in a frame', 'full', 'longest'];
  lines.push(`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`);
  for (const r of results) {
    if (r.skipped) continue;
    if (!r.changes.length) {
      lines.push(`| ${r.name} | 0 | no change of the value redrew the section | ${head.slice(3).map(() => '').join(' | ')} |`);
      continue;
    }
    const b = before?.get(r.name);
    lines.push(before
      ? `| ${r.name} | ${r.changes.length} | ${pair(b?.latency)} | ${pair(r.latency)} | ${pair(b?.work)} | ${pair(r.work)} | ${verdict(r.work)} | ${pair(r.full)} | ${b ? longest(b.longest) : '—'} | ${longest(r.longest)} |`
      : `| ${r.name} | ${r.changes.length} | ${pair(r.latency)} | ${pair(r.work)} | ${verdict(r.work)} | ${pair(r.full)} | ${longest(r.longest)} |`);
  }
  const dragged = results.filter((r) => r.drag);
  if (dragged.length) {
    lines.push('', '## Dragging', '',
      'Each slider dragged across the middle half of its track: pointerdown, 24 input events 16 ms apart (timers: a busy',
      'page delays them, as it would delay a hand), then pointerup and a change event. **wait**: per input, until the end of the first frame that',
      'shows it or a newer value. **redraws during drag**: full-sample redraws that ran before the release (0 is the aim).', '');
    const dh = before
      ? ['slider', 'wait before', 'wait now', 'longest task before', 'longest task now', 'redraws during drag']
      : ['slider', 'wait', 'longest task', 'redraws during drag'];
    lines.push(`| ${dh.join(' | ')} |`, `|${dh.map(() => '---').join('|')}|`);
    for (const r of dragged) {
      const b = before?.get(r.name)?.drag;
      lines.push(before
        ? `| ${r.name} | ${pair(b)} | ${pair(r.drag)} | ${b ? longest(b.longest) : '—'} | ${longest(r.drag.longest)} | ${r.drag.refinedDuringDrag} |`
        : `| ${r.name} | ${pair(r.drag)} | ${longest(r.drag.longest)} | ${r.drag.refinedDuringDrag} |`);
    }
  }
  const skipped = results.filter((r) => r.skipped);
  if (skipped.length) lines.push('', `Not measured (${skipped[0].skipped}): ${skipped.map((r) => r.name).join(', ')}.`);
  if (errors.length) lines.push('', `Page errors: ${errors.join('; ')}`);
  return `${lines.join('\n')}\n`;
}

await main();
