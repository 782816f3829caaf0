// What a learner feels when a slider moves: interaction to next paint (INP) from the Event Timing API, per slider,
// for arrow-key presses sent as real (trusted) key events by the browser's automation, in headless Chromium
// (playwright-core) and Firefox ESR (puppeteer-core over WebDriver BiDi), 1280 × 900. WebKit has no Event Timing
// (bench/page/latency.mjs keeps its "work" figure). It prints figures and asserts nothing.
//
//   node bench/page/inp.mjs [--browsers chromium,firefox] [--views default,deeper] [--presses 3] [--lessons a,b]
//                           [--compare DIR] [--writes] [--out build/bench]
//   views    (none: no INP, for --writes alone) default: the page as it opens, every visible slider; deeper: every "Go deeper" opened first (a click on
//            its summary), every visible slider then.
//   --writes also counts, in Chromium, the page's hash writes (same-document navigations, history.replaceState) and
//            its icon's requests during a 2 s drag of Lesson 2's vectors slider (120 input events 16 ms apart) and during
//            three arrow presses 600 ms apart, with their main-thread time from a trace
//            (FrameLoader::updateForSameDocumentNavigation, SVGImage::DataChanged: the icon decoded again), two rounds,
//            pages alternating. In an off-the-record profile (as here) Chromium fetches the icon again after every
//            same-document navigation; with a persistent profile it did not (0 of 3 writes, 2026-11-28).
//   --compare DIR  a second copy of the page (a folder with index.html, web/favicon.svg, build/page/ and build/wasm/,
//            e.g. the main branch's) measured in the same run, slider by slider, alternating with this one: under a
//            changing load that is the fair before/after.
//
// Per slider: it is scrolled to the middle of the window and focused, then gets `presses` key presses (ArrowRight,
// ArrowLeft, ArrowRight, …; starting with ArrowLeft at the top of its range), each after the page has settled
// (no section updating for 300 ms), and one more press, not counted, to put it back. An interaction's INP is the
// longest Event Timing duration among the entries with its interactionId (keydown, keyup): from the key's
// hardware timestamp to the next paint after its handlers, in 8 ms steps. Entries are observed with
// durationThreshold 16 (the smallest the API allows), so an interaction without one took under 16 ms ("<16"; counted
// as 16 in medians); performance.interactionCount, where the browser has it, confirms the press was counted.
// Writes build/bench/page-inp.{json,md}. Exported: collectInp (in-page collector) and pressAndRead, which
// bench/page/latency.mjs uses for its INP column.
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStaticServer } from '../../build-scripts/static-server.mjs';
import { parseArgs as readFlags } from '../lib/args.mjs';
import { openBrowser as startBrowser } from '../lib/browser.mjs';
import { loadAverage, logger, machine } from '../lib/machine.mjs';
import { median } from '../lib/stats.mjs';
import { installProbe, label, openEveryDeeper, poll } from './probe.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const WITHIN = 32; // ms: the issue's target (≥ 90 % of sliders within it) …
const CEILING = 100; // … and none over this
const FLOOR = 16; // Event Timing's smallest durationThreshold: below it no entry

const log = logger('bench inp');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Installed in the page (any browser): observes Event Timing entries; answers what the browser supports. */
export function collectInp() {
  const entries = [];
  const hasEvent = (PerformanceObserver.supportedEntryTypes ?? []).includes('event');
  const hasInteractionId = typeof PerformanceEventTiming !== 'undefined' && 'interactionId' in PerformanceEventTiming.prototype;
  if (hasEvent) {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        entries.push({ name: e.name, id: e.interactionId ?? null, duration: e.duration, start: e.startTime,
          processing: e.processingEnd - e.processingStart, delay: e.processingStart - e.startTime });
      }
    }).observe({ type: 'event', durationThreshold: 16 });
  }
  window.__aslInp = {
    entries,
    mark: () => entries.length,
    count: () => (typeof performance.interactionCount === 'number' ? performance.interactionCount : null),
  };
  return { hasEvent, hasInteractionId, hasInteractionCount: typeof performance.interactionCount === 'number' };
}

/**
 * One key press on the focused control of `tab` ({ evaluate, press(key) }); resolves to { inp, processing, counted,
 * changed } once the page has settled (inp null: no entry, i.e. under 16 ms).
 */
export async function pressAndRead(tab, key) {
  const before = await tab.evaluate(() => ({ mark: window.__aslInp.mark(), count: window.__aslInp.count(), value: document.activeElement?.value }));
  await tab.press(key);
  await tab.evaluate(() => window.__aslLatency.quiet(300));
  await sleep(50); // the observer's callback comes after the paint
  const after = await tab.evaluate((m) => ({
    entries: window.__aslInp.entries.slice(m), count: window.__aslInp.count(), value: document.activeElement?.value,
  }), before.mark);
  const keyed = after.entries.filter((e) => e.id && /^key/.test(e.name));
  const byId = new Map();
  for (const e of keyed) byId.set(e.id, [...(byId.get(e.id) ?? []), e]);
  // One press is one interaction; should a browser split it, the longest counts.
  let worst = null;
  for (const group of byId.values()) {
    const longest = group.reduce((a, b) => (b.duration > a.duration ? b : a));
    if (!worst || longest.duration > worst.duration) worst = longest;
  }
  return {
    inp: worst ? worst.duration : null,
    processing: worst ? Math.max(...byId.get(worst.id).map((e) => e.processing)) : null,
    counted: before.count === null ? null : after.count - before.count,
    changed: after.value !== before.value,
    names: [...new Set(after.entries.map((e) => e.name))],
  };
}

/** Scrolls control `index` to the middle of the window and focuses it; resolves to its direction of first press. */
export async function focusControl(tab, index) {
  const first = await tab.evaluate((i) => {
    const input = document.querySelectorAll('[data-asl-section] input[type="range"], [data-asl-section] input[type="number"]')[i];
    input.scrollIntoView({ block: 'center' });
    input.focus({ preventScroll: true });
    return Number(input.value) >= Number(input.max) ? 'ArrowLeft' : 'ArrowRight';
  }, index);
  await tab.evaluate(() => window.__aslLatency.quiet(300));
  return first;
}

/** `presses` presses of the focused control, alternating from `first`, and one more to put it back. */
export async function pressSeries(tab, first, presses) {
  const other = first === 'ArrowRight' ? 'ArrowLeft' : 'ArrowRight';
  const out = [];
  for (let k = 0; k < presses; k += 1) out.push(await pressAndRead(tab, k % 2 ? other : first));
  if (presses % 2) await pressAndRead(tab, other);
  return out;
}

function parseArgs(argv) {
  const args = readFlags(argv, { browsers: ['chromium', 'firefox'], views: ['default', 'deeper'], presses: 3, lessons: null, compare: null, writes: false,
    out: path.join(ROOT, 'build', 'bench') }, {
    '--browsers': { key: 'browsers', type: 'list' },
    '--views': { key: 'views', type: 'list' },
    '--presses': { key: 'presses', type: 'count' },
    '--lessons': { key: 'lessons', type: 'list' },
    '--compare': { key: 'compare', type: 'path' },
    '--writes': { set: { writes: true } },
    '--out': { key: 'out', type: 'path' },
  }, 'bench/page/inp.mjs');
  args.views = args.views.filter((v) => v !== 'none'); // none: --writes alone
  if (!args.browsers.every((b) => ['chromium', 'firefox'].includes(b))) throw new Error('--browsers takes chromium, firefox (WebKit has no Event Timing)');
  if (!args.views.every((v) => ['default', 'deeper'].includes(v))) throw new Error('--views takes default, deeper');
  return args;
}

/** Starts `name` (bench/lib/browser.mjs): its tabs have evaluate, press, front, errors and close. */
const openBrowser = (name) => startBrowser(name, {
  chromiumArgs: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'] });

/** Waits for the engine, opens every "Go deeper" for view 'deeper', installs the probe and the collector. */
async function prepare(tab, view) {
  await tab.front();
  if (!(await poll(tab, () => document.body.dataset.engine === 'ready', 60000))) throw new Error('the page did not report ready within 60 s');
  if (view === 'deeper') await openEveryDeeper(tab);
  await tab.evaluate(installProbe);
  const support = await tab.evaluate(collectInp);
  await tab.evaluate(() => window.__aslLatency.quiet(500));
  const controls = (await tab.evaluate(() => window.__aslLatency.list())).filter((c) => c.type === 'range' && c.usable);
  return { support, controls };
}

/** { median, max, presses } of a series of pressAndRead answers (a press without an entry counts as 16 ms). */
export function inpSummary(runs) {
  const values = runs.map((r) => r.inp ?? FLOOR);
  return { median: median(values), max: Math.max(...values), presses: runs.map((r) => r.inp) };
}

/** One slider in one tab: its presses; returns the report's row. */
async function measureSlider(tab, c, presses) {
  await tab.front();
  const first = await focusControl(tab, c.index);
  const runs = await pressSeries(tab, first, presses);
  const { median: med, max } = inpSummary(runs);
  return {
    name: `${c.section}: ${label(c)}`, section: c.section, key: c.key, cell: c.cell,
    inp: runs.map((r) => r.inp), processing: runs.map((r) => r.processing), counted: runs.map((r) => r.counted), changed: runs.map((r) => r.changed),
    median: med, max,
  };
}

const fmt = (ms) => (Number.isFinite(ms) ? (ms <= FLOOR ? `≤${FLOOR}` : ms.toFixed(0)) : '—');

function summary(rows) {
  const n = rows.length;
  const within = rows.filter((r) => r.median <= WITHIN).length;
  return { sliders: n, within, share: n ? within / n : NaN, over100: rows.filter((r) => r.max > CEILING).length, medianOfMedians: median(rows.map((r) => r.median)) };
}

/**
 * Chromium: per page and round, the hash writes, icon requests and their traced main-thread time during a 2 s drag of
 * Lesson 2's vectors slider, and the writes and icon requests of three arrow presses 600 ms apart.
 */
async function hashWrites(urls, rounds = 2) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  const rows = [];
  try {
    for (let round = 0; round < rounds; round += 1) {
      for (const [which, url] of urls.entries()) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        try {
          const page = await context.newPage();
          let icons = 0;
          page.on('request', (r) => { if (/favicon/.test(r.url())) icons += 1; });
          await page.goto(url);
          await page.waitForFunction(() => document.body.dataset.engine === 'ready', null, { timeout: 60000 });
          await page.evaluate(() => {
            window.__aslWrites = 0;
            const replace = history.replaceState.bind(history);
            history.replaceState = (...a) => { window.__aslWrites += 1; return replace(...a); };
          });
          await sleep(1000);
          let before = icons;
          await browser.startTracing(page, { categories: ['devtools.timeline', 'blink', 'loading', 'navigation'] });
          await page.evaluate(async () => {
            const input = document.querySelector('input[data-key="vvectors"][type="range"]');
            input.scrollIntoView({ block: 'center' });
            input.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
            const [lo, hi] = [Number(input.min), Number(input.max)];
            for (let i = 0; i < 120; i += 1) {
              input.value = String(Math.round(lo + ((hi - lo) * (i % 60)) / 60));
              input.dispatchEvent(new Event('input', { bubbles: true }));
              await new Promise((resolve) => setTimeout(resolve, 16));
            }
            input.dispatchEvent(new PointerEvent('pointerup', { bubbles: true }));
            input.dispatchEvent(new Event('change', { bubbles: true }));
          });
          await sleep(1500);
          const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents.filter((e) => e.ph === 'X');
          const traced = (name) => {
            const xs = events.filter((e) => e.name === name);
            return { count: xs.length, ms: xs.reduce((t, e) => t + e.dur, 0) / 1000 };
          };
          const drag = { writes: await page.evaluate(() => window.__aslWrites), icons: icons - before,
            navigation: traced('FrameLoader::updateForSameDocumentNavigation'), icon: traced('SVGImage::DataChanged') };
          await page.evaluate(() => { window.__aslWrites = 0; document.querySelector('input[data-key="vvectors"][type="range"]').focus(); });
          before = icons;
          for (const key of ['ArrowRight', 'ArrowLeft', 'ArrowRight']) {
            await page.keyboard.press(key);
            await sleep(600);
          }
          await sleep(1000);
          rows.push({ page: which ? 'compared' : 'this', round, drag, presses: { writes: await page.evaluate(() => window.__aslWrites), icons: icons - before } });
          log(`writes, ${which ? 'compared' : 'this'} page, round ${round + 1}: drag ${drag.writes} writes, ${drag.icons} icon requests; presses ${rows.at(-1).presses.writes} writes`);
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
  }
  return rows;
}

function writesReport(rows) {
  const lines = ['## Hash writes and icon requests (Chromium, --writes)', '',
    '| page | round | 2 s drag: hash writes | icon requests | updateForSameDocumentNavigation | SVGImage::DataChanged | 3 presses 600 ms apart: writes | icon requests |',
    '|---|--:|--:|--:|---|---|--:|--:|'];
  for (const r of rows) {
    lines.push(`| ${r.page} | ${r.round + 1} | ${r.drag.writes} | ${r.drag.icons} | ${r.drag.navigation.count} (${r.drag.navigation.ms.toFixed(1)} ms) | ` +
      `${r.drag.icon.count} (${r.drag.icon.ms.toFixed(1)} ms) | ${r.presses.writes} | ${r.presses.icons} |`);
  }
  return `${lines.join('\n')}\n\n`;
}

function report({ env, runs }) {
  const lines = ['# Interaction to next paint per slider (bench/page/inp.mjs)', '',
    `${env.date}; ${env.cpus} × ${env.cpu}; load average before ${env.loadBefore.join(' ')}, after ${env.loadAfter.join(' ')}; ${env.presses} presses a slider` +
    `${env.compare ? `; compared with ${env.compare} (alternating slider by slider)` : ''}.`,
    `A slider is "within" when its median INP is ≤ ${WITHIN} ms; the target is ≥ 90 % within and none over ${CEILING} ms. "≤16": no Event Timing entry (under ${FLOOR} ms).`, ''];
  for (const run of runs) {
    if (run.failed) {
      lines.push(`## ${run.browser}, ${run.view}: not measured (${run.failed})`, '');
      continue;
    }
    const s = summary(run.rows);
    const b = run.before ? summary(run.before) : null;
    lines.push(`## ${run.version}, ${run.view} view`, '',
      `Event Timing: ${run.support.hasEvent ? 'yes' : 'no'}; interactionId: ${run.support.hasInteractionId ? 'yes' : 'no'}; performance.interactionCount: ${run.support.hasInteractionCount ? 'yes' : 'no'}.`,
      `Within ${WITHIN} ms: ${s.within} of ${s.sliders} (${(100 * s.share).toFixed(0)} %), over ${CEILING} ms (max): ${s.over100}` +
      `${b ? `; compared: ${b.within} of ${b.sliders} (${(100 * b.share).toFixed(0)} %), over ${CEILING}: ${b.over100}` : ''}.`, '',
      `| slider | INP median | max | presses (ms) | handlers (ms) |${b ? ' compared median | compared max | compared presses |' : ''}`,
      `|---|--:|--:|---|---|${b ? '--:|--:|---|' : ''}`);
    for (const r of run.rows) {
      const o = r.twin === undefined ? null : run.before?.[r.twin];
      const presses = r.inp.map((v, i) => `${v === null ? '≤16' : v.toFixed(0)}${r.changed[i] ? '' : '(no change)'}${r.counted[i] === 0 ? '(not counted)' : ''}`).join(', ');
      const handlers = r.processing.map((v) => (v === null ? '—' : v.toFixed(1))).join(', ');
      lines.push(`| ${r.name} | ${fmt(r.median)} | ${fmt(r.max)} | ${presses} | ${handlers} |` +
        `${b ? ` ${o ? fmt(o.median) : '—'} | ${o ? fmt(o.max) : '—'} | ${o ? o.inp.map((v) => (v === null ? '≤16' : v.toFixed(0))).join(', ') : '—'} |` : ''}`);
    }
    if (run.errors?.length) lines.push('', `Page errors: ${run.errors.slice(0, 5).join('; ')}`);
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!existsSync(path.join(ROOT, 'build', 'page', 'app.js'))) throw new Error('build/page/app.js is missing: run node web/build.mjs first');
  const servers = [];
  const serve = async (root) => {
    const { server } = await startStaticServer({ port: 0, host: '127.0.0.1', root });
    servers.push(server);
    return `http://127.0.0.1:${server.address().port}/index.html`;
  };
  const urls = [await serve(ROOT)];
  if (args.compare) urls.push(await serve(args.compare));
  const loadBefore = loadAverage();
  const runs = [];
  try {
    for (const name of args.views.length ? args.browsers : []) {
      let browser;
      try {
        browser = await openBrowser(name);
        for (const view of args.views) {
          const tabs = [];
          try {
            for (const url of urls) tabs.push(await browser.open(url));
            const prepared = [];
            for (const tab of tabs) prepared.push(await prepare(tab, view));
            const [now, then] = prepared;
            const controls = now.controls.filter((c) => !args.lessons || args.lessons.includes(c.section));
            log(`${browser.version}, ${view}: ${controls.length} visible sliders; Event Timing ${now.support.hasEvent}, interactionId ${now.support.hasInteractionId}; load ${loadAverage().join(' ')}`);
            const rows = [];
            const before = then ? [] : null;
            for (const c of controls) {
              const row = await measureSlider(tabs[0], c, args.presses);
              rows.push(row);
              let old = null;
              // The same slider in the other page: a key can have two sliders in one lesson (Lesson 4's dₖ), so the nth of them.
              const same = (x) => x.section === c.section && x.key === c.key && x.cell === c.cell;
              const twin = then?.controls.filter(same)[controls.filter(same).indexOf(c)];
              if (twin) {
                before.push(old = await measureSlider(tabs[1], twin, args.presses));
                row.twin = before.length - 1; // its row in `before`
              }
              log(`${name} ${view} ${row.name}: ${row.inp.map((v) => v ?? '≤16').join(', ')}${old ? ` (compared: ${old.inp.map((v) => v ?? '≤16').join(', ')})` : ''}`);
            }
            const errors = (await Promise.all(tabs.map((t) => t.errors()))).flat();
            runs.push({ browser: name, version: browser.version, view, support: now.support, rows, before, errors });
          } finally {
            for (const tab of tabs) await tab.close().catch(() => {});
          }
        }
      } catch (error) {
        log(`${name}: not measured: ${error.message}`);
        runs.push({ browser: name, view: '-', failed: error.message });
      } finally {
        await browser?.close().catch(() => {});
      }
    }
  } finally {
    for (const server of servers) await new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); });
  }
  const env = { date: new Date().toISOString(), cpus: machine().cores, cpu: machine().cpu, loadBefore, loadAfter: loadAverage(), presses: args.presses,
    compare: args.compare ? path.relative(ROOT, args.compare) || args.compare : null };
  let writes = null;
  if (args.writes) {
    const servers2 = [];
    try {
      const wurls = [];
      for (const root of [ROOT, args.compare].filter(Boolean)) {
        const { server } = await startStaticServer({ port: 0, host: '127.0.0.1', root });
        servers2.push(server);
        wurls.push(`http://127.0.0.1:${server.address().port}/index.html`);
      }
      writes = await hashWrites(wurls);
    } finally {
      for (const server of servers2) await new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); });
    }
  }
  const md = report({ env, runs }) + (writes ? writesReport(writes) : '');
  mkdirSync(args.out, { recursive: true });
  writeFileSync(path.join(args.out, 'page-inp.json'), `${JSON.stringify({ env, runs, writes }, null, 1)}\n`);
  writeFileSync(path.join(args.out, 'page-inp.md'), md);
  process.stdout.write(md);
  log(`wrote ${path.relative(ROOT, path.join(args.out, 'page-inp.md'))} and page-inp.json`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
