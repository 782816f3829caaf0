// How fast the page answers its controls: for every slider and number field of every lesson, the time from a
// value change (an `input` event, as a drag or a keystroke sends it) to the end of the frame that shows the
// section's new numbers, in headless Chromium and, on request, Firefox ESR and WebKitGTK (tests/browsers/drivers.mjs).
// It prints figures and asserts nothing.
//
//   node bench/page/latency.mjs [--browsers chromium,firefox,webkit] [--lessons temperature,heads] [--changes 5]
//                               [--no-drag] [--no-inp] [--closed] [--webkit-cpu] [--baseline old.json] [--compare DIR] [--out build/bench]
// (build-scripts/bench --only page builds the page bundle first and runs this.)
//   Every "Go deeper" section is opened first (a click on its summary, as a learner opens it), so every control of
//   every lesson is measured, each with everything around it drawn; --closed measures the page as it opens, with
//   those sections closed and their controls out of sight (not measured).
//   --webkit-cpu  WebKit paints with Skia on the CPU (WEBKIT_SKIA_ENABLE_CPU_RENDERING=1) instead of its default GL
//                 path, which on this GPU-less machine runs on Mesa's software GL (tests/browsers/drivers.mjs has what
//                 each costs). The default path is what a learner's WebKit uses.
//   --compare DIR  a second copy of the page (a folder with index.html, web/favicon.svg and build/page/ of, say, the
//                  main branch) measured in the same run, control by control, alternating with this one: under a
//                  changing load that is the fair before/after. --baseline reads an earlier run's JSON instead.
//
// What is measured, per change (the section's root stamps every finished update, see web/registry.js):
//   latency  input event → end of the frame after the last store-driven update of the section (what the learner
//            waits for). It includes the wait for the store's animation frame, up to one frame.
//   work     main-thread time of those updates: from the start of the section's update to the end of its frame
//            (compute, DOM, style, layout, paint). A control answers within one frame when this stays under 16.7 ms.
//   full     for parts that first draw a preview: input event → end of the frame with the full-sample redraw
//            (the learner stopped after this one change, so it includes the ~150 ms settle time).
//   later    input event → end of the frame after the section's charts out of sight were drawn (web/offscreen.js:
//            after 120 ms without a change); their work is not part of "work", and shows in "longest" if it is long.
//   longest  the longest main-thread task between the input and the settled page (Long Tasks API, Chromium only:
//            tasks ≥ 50 ms only; "<50" means none), i.e. how long a second input could have had to wait.
//   INP      sliders, in Chromium and Firefox: interaction to next paint of three arrow-key presses (real key events
//            from the automation, the slider focused), from the Event Timing API, as bench/page/inp.mjs measures it
//            (it has the details); WebKit has no Event Timing, so there only "work" stands. --no-inp leaves it out.
// A slider's change also sends `change`, as an arrow key does. A drag (on by default, sliders only): pointerdown,
// 24 steps 16 ms apart across the middle of the track (an input event for each step that moves the value, as a
// browser sends them: a slider with fewer steps there sends fewer), pointerup and change; per input the time until a
// frame shows a value at least that new, and from the release to the frame with the full sample counts: of the parts
// in the window (what the learner sees settle), and of every part (those out of sight draw later, web/offscreen.js).
// Writes build/bench/page-latency.{json,md}; bench/page/report.mjs says how the tables read.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { injectErrors } from '../../tests/browsers/drivers.mjs';
import { parseArgs as readFlags } from '../lib/args.mjs';
import { openBrowser as startBrowser, serve } from '../lib/browser.mjs';
import { loadAverage, logger, machine, runRecord, runStart } from '../lib/machine.mjs';
import { max, median } from '../lib/stats.mjs';
import { installProbe, valuesFor, dragValues, label, openEveryDeeper, poll } from './probe.mjs';
import { report, fmt } from './report.mjs';
import { collectInp, focusControl, pressSeries, inpSummary } from './inp.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const BROWSERS = ['chromium', 'firefox', 'webkit'];

function parseArgs(argv) {
  const defaults = { browsers: ['chromium'], lessons: null, changes: 5, drag: true, inp: true, closed: false, webkitCpu: false, baseline: null, compare: null, out: path.join(ROOT, 'build', 'bench') };
  return readFlags(argv, defaults, {
    '--browsers': { key: 'browsers', type: 'list', check: (bs) => (bs.every((b) => BROWSERS.includes(b)) ? null : `takes ${BROWSERS.join(', ')}`) },
    '--lessons': { key: 'lessons', type: 'list' },
    '--changes': { key: 'changes', type: 'count' },
    '--no-drag': { set: { drag: false } },
    '--no-inp': { set: { inp: false } },
    '--closed': { set: { closed: true } },
    '--webkit-cpu': { set: { webkitCpu: true } },
    '--baseline': { key: 'baseline', type: 'path' },
    '--compare': { key: 'compare', type: 'path' },
    '--out': { key: 'out', type: 'path' },
  }, 'bench/page/latency.mjs');
}

const log = logger('bench page');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const num = (x) => (typeof x === 'number' ? x : NaN); // WebDriver sends NaN as null

/** Starts `name` (bench/lib/browser.mjs) with this benchmark's Chromium flags and WebKit painting. */
function openBrowser(name, args) {
  return startBrowser(name, { webkitCpu: args.webkitCpu,
    chromiumArgs: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'] });
}

/**
 * When the first lesson is on screen: `loads` fresh loads of `url`, each read once the page is ready from the first
 * section's data-first-painted-ms (the end of the frame that shows its first render) and data-first-drawn-ms (the
 * end of that render's script; web/registry.js stamps both, in ms after navigation), and when the page's script
 * started and its engine was ready (web/main.js's marks asl:boot and asl:engine). A page from before the painted
 * stamp (--compare) is timed by its drawn stamp.
 */
async function firstDrawn(opened, url, loads = 5) {
  const times = []; // on screen
  const drawn = []; // its script done
  const boot = []; // the page's script started (web/main.js's mark)
  const engine = []; // the engine compiled and ready
  for (let i = 0; i < loads; i += 1) {
    const tab = await opened.open(url);
    try {
      await poll(tab, () => document.body.dataset.engine === 'ready', 60000);
      // A page from before the painted stamp (--compare) never sets it: after 2 s its drawn stamp stands in.
      await poll(tab, () => Boolean(document.querySelector('[data-asl-section]')?.dataset.firstPaintedMs), 2000);
      const seen = await tab.evaluate(() => {
        const root = document.querySelector('[data-asl-section]');
        return { painted: Number(root?.dataset.firstPaintedMs), drawn: Number(root?.dataset.firstDrawnMs) };
      });
      const ms = Number.isFinite(seen.painted) ? seen.painted : seen.drawn;
      if (Number.isFinite(ms)) times.push(ms);
      if (Number.isFinite(seen.drawn)) drawn.push(seen.drawn);
      const marks = await tab.evaluate(() => ['asl:boot', 'asl:engine'].map((n) => performance.getEntriesByName(n)[0]?.startTime ?? NaN));
      if (marks.every(Number.isFinite)) { boot.push(marks[0]); engine.push(marks[1]); }
    } finally {
      await tab.close();
    }
  }
  return { median: median(times), max: max(times), loads: times.length, drawn: median(drawn), boot: median(boot), engine: median(engine) };
}

/**
 * Waits for the page's first render, opens every "Go deeper" section unless `closed`, installs the probe; resolves
 * to { frameMs, controls, home }.
 */
async function prepare(tab, { closed }) {
  if (tab.front) await tab.front();
  if (!(await poll(tab, () => document.body.dataset.engine === 'ready', 60000))) throw new Error('the page did not report ready within 60 s');
  if (!closed) await openEveryDeeper(tab);
  await tab.evaluate(installProbe);
  const inp = await tab.evaluate(collectInp);
  await tab.evaluate(() => window.__aslLatency.quiet(500));
  return {
    inp, // what Event Timing the browser has
    frameMs: await tab.evaluate(() => window.__aslLatency.frameInterval()),
    longTasks: await tab.evaluate(() => window.__aslLatency.hasLongTasks()),
    controls: await tab.evaluate(() => window.__aslLatency.list()),
    home: await tab.evaluate(() => location.hash),
  };
}

/** Median and max of `key` over the changes that have it, or null when none has. */
function spread(changes, key) {
  const values = changes.map((x) => x[key]).filter((v) => v !== null);
  return values.length ? { median: median(values), max: max(values) } : null;
}

/** Measures one control in one tab: its changes (and a drag); returns the row of the report. */
async function measure(tab, c, home, args, inpSupport) {
  const name = `${c.section}: ${label(c)}`;
  if (tab.front) await tab.front();
  await tab.evaluate((i) => document.querySelectorAll('[data-asl-section] input[type="range"], [data-asl-section] input[type="number"]')[i]
    .scrollIntoView({ block: 'center' }), c.index);
  const changes = [];
  for (const value of valuesFor(c, args.changes)) {
    const r = await tab.evaluate(([i, v]) => window.__aslLatency.change(i, v), [c.index, value]);
    const records = r.records.map((x) => ({ ...x, end: num(x.end) }));
    const renders = records.filter((x) => x.kind === 'render');
    const redraws = records.filter((x) => x.kind === 'redraw');
    const offscreen = records.filter((x) => x.kind === 'offscreen'); // charts out of sight, drawn after the change
    if (!renders.length) continue; // the value did not change the state (e.g. rounded to the same value)
    // The Monte Carlo parts it drew (their sample labels), the first frame with a preview and the frame after
    // which every one of them shows its full sample count (a part cheap enough at these settings has no preview).
    const labelled = records.filter((x) => Object.keys(x.labels).length > 0);
    const previewed = renders.find((x) => Object.values(x.labels).includes('preview'));
    changes.push({
      value,
      latency: Math.max(...renders.map((x) => x.end)),
      work: renders.reduce((s, x) => s + (x.end - x.start), 0),
      script: renders.reduce((s, x) => s + x.script, 0),
      full: redraws.length ? Math.max(...redraws.map((x) => x.end)) : null,
      later: offscreen.length ? Math.max(...offscreen.map((x) => x.end)) : null,
      longest: r.longest,
      parts: [...new Set(labelled.flatMap((x) => Object.keys(x.labels)))],
      preview: previewed ? previewed.end : null,
      complete: labelled.length ? Math.max(...labelled.map((x) => x.end)) : null,
    });
  }
  let drag = null;
  if (args.drag && c.type === 'range') {
    drag = await tab.evaluate(([i, vs]) => window.__aslLatency.drag(i, vs), [c.index, dragValues(c)]);
    drag.waits = drag.waits.map(num).filter(Number.isFinite);
  }
  // Interaction to next paint: three arrow presses (and one to put the slider back), where Event Timing has interactions.
  let inp = null;
  if (args.inp && c.type === 'range' && tab.press && inpSupport?.hasInteractionId) {
    const presses = await pressSeries(tab, await focusControl(tab, c.index), 3);
    inp = inpSummary(presses);
  }
  const row = {
    ...c, name, changes, inp,
    latency: { median: median(changes.map((x) => x.latency)), max: max(changes.map((x) => x.latency)) },
    work: { median: median(changes.map((x) => x.work)), max: max(changes.map((x) => x.work)) },
    script: { median: median(changes.map((x) => x.script)), max: max(changes.map((x) => x.script)) },
    full: spread(changes, 'full'),
    later: spread(changes, 'later'),
    longest: max(changes.map((x) => x.longest)),
    drag: drag ? { median: median(drag.waits), max: max(drag.waits), inputs: drag.waits.length, refinedDuringDrag: drag.duringDrag, longest: drag.longest,
      previews: drag.previews, renders: drag.renders, full: drag.full, fullAll: drag.fullAll } : null,
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
  // Back to the starting settings, so every control is measured from the defaults. The page writes its hash once the
  // input has settled (web/state.js: 400 ms, then an idle moment), so that is waited for first.
  await sleep(700);
  if (await tab.evaluate(() => location.hash) !== home) {
    await tab.evaluate((h) => { location.hash = h; }, home);
    await tab.evaluate(() => window.__aslLatency.quiet(400));
  }
  return row;
}

/**
 * One browser: every control, in this page and (with --compare) the other, alternating control by control. WebKit's
 * driver holds one session (one tab) at a time, so there the compared page is measured in a second pass.
 */
async function runBrowser(name, urls, args) {
  if (name === 'webkit' && urls.length > 1) {
    const now = await runPages(name, urls.slice(0, 1), args);
    const then = await runPages(name, urls.slice(1), args);
    return { ...now, before: then.results, firstDrawnBefore: then.firstDrawn, sequential: true, errors: [...now.errors, ...then.errors] };
  }
  return runPages(name, urls, args);
}

async function runPages(name, urls, args) {
  const opened = await openBrowser(name, args);
  const tabs = [];
  try {
    const first = await firstDrawn(opened, urls[0]);
    log(`${name}: first lesson on screen ${fmt(first.median)} / ${fmt(first.max)} ms after navigation (${first.loads} loads; its script done at ${fmt(first.drawn)} ms)`);
    for (const url of urls) tabs.push(await opened.open(url));
    const prepared = [];
    for (const tab of tabs) prepared.push(await prepare(tab, args));
    const [now, then] = prepared;
    const controls = now.controls.filter((c) => !args.lessons || args.lessons.includes(c.section));
    log(`${name}: ${controls.length} controls; animation frames every ${now.frameMs.toFixed(1)} ms; load average ${loadAverage().join(' ')}`);
    const results = [];
    const before = then ? [] : null;
    for (const c of controls) {
      const name2 = `${c.section}: ${label(c)}`;
      if (!c.usable) {
        results.push({ ...c, name: name2, skipped: 'hidden or disabled at the default settings' });
        continue;
      }
      const row = await measure(tabs[0], c, now.home, args, now.inp);
      results.push(row);
      let old = null;
      if (then) {
        const twin = then.controls.find((x) => x.section === c.section && x.key === c.key && x.cell === c.cell && x.type === c.type && x.usable);
        if (twin) {
          old = await measure(tabs[1], twin, then.home, args, then.inp);
          before.push(old);
        }
      }
      log(`${name} ${row.name}: work ${fmt(row.work.median)} / ${fmt(row.work.max)} ms${old ? ` (compared: ${fmt(old.work.median)} / ${fmt(old.work.max)})` : ''}` +
        `, latency ${fmt(row.latency.median)} / ${fmt(row.latency.max)}${row.full ? `, full ${fmt(row.full.median)} / ${fmt(row.full.max)}` : ''}` +
        `${row.drag ? `, drag ${fmt(row.drag.median)} / ${fmt(row.drag.max)}` : ''}${row.inp ? `, INP ${row.inp.presses.map((v) => v ?? '≤16').join(', ')}` : ''}` +
        `${old?.inp ? ` (compared: ${old.inp.presses.map((v) => v ?? '≤16').join(', ')})` : ''}`);
    }
    const errors = (await Promise.all(tabs.map((t) => t.errors()))).flat();
    return { name, version: opened.version, frameMs: now.frameMs, longTasks: now.longTasks, eventTiming: now.inp, firstDrawn: first, results, before, errors };
  } finally {
    await opened.close();
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!existsSync(path.join(ROOT, 'build', 'page', 'app.js'))) throw new Error('build/page/app.js is missing: run node web/build.mjs (and build-scripts/build for the engine) first');
  if (args.compare && !existsSync(path.join(args.compare, 'build', 'page', 'app.js'))) throw new Error(`--compare ${args.compare}: no build/page/app.js there`);
  const baseline = args.baseline ? JSON.parse(readFileSync(args.baseline, 'utf8')) : null;
  const servers = [];
  const serveCopy = async (root) => {
    // WebKit's driver cannot read the console: its pages carry tests/browsers/errors.js (this project's only).
    const server = await serve(root, { transform: root === ROOT ? injectErrors : null });
    servers.push(server);
    return `${server.origin}/index.html`;
  };
  const urls = [await serveCopy(ROOT)];
  if (args.compare) urls.push(await serveCopy(args.compare));
  const start = runStart('page');
  const loadBefore = start.loadBefore;
  const browsers = [];
  try {
    for (const name of args.browsers) {
      try {
        browsers.push(await runBrowser(name, urls, args));
      } catch (error) {
        log(`${name}: not measured: ${error.message}`);
        browsers.push({ name, failed: error.message });
      }
    }
  } finally {
    for (const server of servers) await server.close();
  }
  const run = runRecord(start, { browsers: browsers.filter((b) => !b.failed).map((b) => b.version) });
  const env = {
    date: start.date, cpus: machine().cores, cpu: machine().cpu, loadBefore, loadAfter: run.loadAfter,
    node: process.version, webkitPainting: args.webkitCpu ? 'the CPU (WEBKIT_SKIA_ENABLE_CPU_RENDERING=1)' : 'its default GL path (Mesa\'s software GL here)', compare: args.compare ? path.relative(ROOT, args.compare) || args.compare : null,
  };
  const md = report({ env, browsers, baseline });
  mkdirSync(args.out, { recursive: true });
  writeFileSync(path.join(args.out, 'page-latency.json'), `${JSON.stringify({ run, env, browsers }, null, 1)}\n`);
  writeFileSync(path.join(args.out, 'page-latency.md'), md);
  process.stdout.write(md);
  log(`wrote ${path.relative(ROOT, path.join(args.out, 'page-latency.md'))} and page-latency.json`);
}

await main();
