// The Markdown report of bench/page/latency.mjs: per browser, how many controls answer within one frame and the
// worst five, then the Monte Carlo sliders, every control and every drag, beside an earlier or compared run when
// there is one. Figures only: nothing is asserted.
import { median } from '../lib/stats.mjs';

const FRAME_MS = 1000 / 60;
/** The issue's target per control: median work within a frame, and no change over two frames. */
const WORST_MS = 2 * FRAME_MS;
/** The issue's target for a Monte Carlo part: its full count on screen this soon after the value settles. */
const SETTLED_MS = 100;

export const fmt = (ms) => (Number.isFinite(ms) ? (ms < 100 ? ms.toFixed(1) : ms.toFixed(0)) : '—');
const pair = (x) => (x ? `${fmt(x.median)} / ${fmt(x.max)}` : '—');
/** Interaction to next paint (bench/page/inp.mjs): a slider's median within this, none over INP_CEILING_MS. */
const INP_MS = 32;
const INP_CEILING_MS = 100;
const inpPair = (x) => (x ? x.presses.map((v) => (v === null ? '≤16' : String(Math.round(v)))).join(', ') : '—');
const within = (w) => w.median <= FRAME_MS && w.max <= WORST_MS;
const verdict = (w) => (within(w) ? 'yes' : w.median <= FRAME_MS ? 'median only' : 'no');
/** A drag is shown frame by frame when every input reached the screen by the end of the frame after it. */
const dragInFrame = (d, frameMs) => d && d.inputs > 0 && d.max <= 2 * frameMs;

/** The rows of an earlier run for browser `name`: a --compare run's own, or a --baseline file of either format. */
function earlier(browser, baseline) {
  if (browser.before) return browser.before;
  if (!baseline) return null;
  if (Array.isArray(baseline.browsers)) return baseline.browsers.find((b) => b.name === browser.name)?.results ?? null;
  return browser.name === 'chromium' ? baseline.results ?? null : null; // the one-browser format of before 2026-11-24
}

/** "41 of 66 controls within one frame", the worst five and the drags, for one browser's rows. */
function summary(browser, chromiumRows) {
  const measured = browser.results.filter((r) => !r.skipped && r.changes.length);
  const ok = measured.filter((r) => within(r.work));
  const worst = [...measured].sort((a, b) => b.work.median - a.work.median).slice(0, 5);
  // Every dragged slider, also one whose changes all left the state as it was (such as a single change to the value
  // it already had): its drag moved it across the track all the same.
  const drags = browser.results.filter((r) => !r.skipped && r.drag && r.drag.inputs > 0);
  const lines = [
    `**${ok.length} of ${measured.length} controls within one frame** (work per change: median ≤ 16.7 ms and worst ≤ 33.3 ms).`,
    `Worst five by median work: ${worst.map((r) => `${r.name} ${pair(r.work)} ms`).join('; ')}.`,
  ];
  const inp = measured.filter((r) => r.inp);
  if (inp.length) {
    lines.push(`Interaction to next paint (Event Timing, three arrow-key presses a slider): **${inp.filter((r) => r.inp.median <= INP_MS).length} of ${inp.length} sliders` +
      ` with a median ≤ ${INP_MS} ms**, ${inp.filter((r) => r.inp.max > INP_CEILING_MS).length} with a press over ${INP_CEILING_MS} ms; slowest: ` +
      `${[...inp].sort((a, b) => b.inp.median - a.inp.median).slice(0, 3).map((r) => `${r.name} ${inpPair(r.inp)} ms`).join('; ')}.`);
  } else if (browser.eventTiming && !browser.eventTiming.hasInteractionId) {
    lines.push(`No interaction to next paint here: this browser's Event Timing ${browser.eventTiming.hasEvent ? 'has no interactionId' : 'is missing'}; work is the figure.`);
  }
  if (drags.length) {
    const shown = drags.filter((r) => dragInFrame(r.drag, browser.frameMs));
    lines.push(`Drags: ${shown.length} of ${drags.length} sliders showed every input by the end of the next frame (wait ≤ ${fmt(2 * browser.frameMs)} ms).`);
  }
  if (chromiumRows && browser.name !== 'chromium') {
    const by = new Map(chromiumRows.filter((r) => !r.skipped && r.changes.length).map((r) => [r.name, r]));
    const ratios = measured.filter((r) => by.has(r.name)).map((r) => ({ r, x: r.work.median / Math.max(by.get(r.name).work.median, 1) }));
    const inTwo = ratios.filter(({ x }) => x <= 2).length;
    const med = median(ratios.map(({ x }) => x));
    lines.push(`Against Chromium in this run (median work, per control): ${inTwo} of ${ratios.length} within 2×; median ratio ${med.toFixed(2)}×` +
      ` (a Chromium figure under 1 ms counts as 1 ms).`);
  }
  return lines;
}

function browserReport(browser, baseline, chromiumRows) {
  const lines = [`## ${browser.version ?? browser.name}`, ''];
  if (browser.failed) return [...lines, `Not measured: ${browser.failed}`, ''];
  const old = earlier(browser, baseline);
  const before = old ? new Map(old.filter((r) => !r.skipped).map((r) => [r.name, r])) : null;
  const longest = (x) => (!browser.longTasks ? 'n/a' : x >= 50 ? fmt(x) : '<50');
  const first = browser.firstDrawn ? `First lesson on screen (the end of the frame that shows it) ${fmt(browser.firstDrawn.median)} ms after navigation (median of ${browser.firstDrawn.loads} loads over http; `
    + `max ${fmt(browser.firstDrawn.max)}${Number.isFinite(browser.firstDrawn.boot) ? `; script started at ${fmt(browser.firstDrawn.boot)} ms, engine ready at ${fmt(browser.firstDrawn.engine)} ms, first render's script done at ${fmt(browser.firstDrawn.drawn)} ms` : ''})${browser.firstDrawnBefore ? `; the compared page: ${fmt(browser.firstDrawnBefore.median)} ms` : ''}.` : '';
  lines.push(`Animation frames every ${fmt(browser.frameMs)} ms. ${first}`, '', ...summary(browser, chromiumRows), '');
  if (old) {
    const prior = { ...browser, results: old, before: null };
    const how = !browser.before ? 'the baseline file' : browser.sequential ? 'the compared page, measured after this one in this run' : 'the compared page, measured alternately in this run';
    lines.push(`Before (${how}): ${summary(prior, null)[0]}`, '');
  }

  const mcLessons = ['variance', 'saturation', 'temperature', 'heads'];
  const sliders = browser.results.filter((r) => !r.skipped && r.type === 'range' && mcLessons.includes(r.section));
  const mc = sliders.filter((r) => r.monteCarlo);
  if (mc.length) {
    lines.push('### Monte Carlo sliders of Lessons 2–5: the preview and the full result', '');
    const mh = ['slider', 'Monte Carlo parts', 'changes (with a preview)', 'preview', 'full', 'drag: input → frame', 'drag: previews', 'drag: release → full in sight', 'drag: release → full, all parts'];
    lines.push(`| ${mh.join(' | ')} |`, `|${mh.map(() => '---').join('|')}|`);
    for (const r of mc) {
      const m = r.monteCarlo;
      const d = r.drag;
      lines.push(`| ${r.name} | ${m.parts.join(', ') || '—'} | ${r.changes.length} (${m.previews}) | ${pair(m.preview)} | ${pair(m.full)} | ` +
        `${d ? pair(d) : '—'} | ${d ? `${d.previews} of ${d.renders}` : '—'} | ${d && d.full !== null ? fmt(d.full) : '—'} | ${d && d.fullAll != null ? fmt(d.fullAll) : '—'} |`);
    }
    const released = mc.filter((r) => r.drag && r.drag.fullAll != null);
    const seen = released.filter((r) => r.drag.full != null);
    if (released.length) {
      const unseen = released.length - seen.length;
      lines.push('', `Release to full count in sight ≤ ${SETTLED_MS} ms: ${seen.filter((r) => r.drag.full <= SETTLED_MS).length} of ${seen.length} sliders` +
        `${unseen ? ` (${unseen} more redrew only parts out of sight)` : ''}; every part, in sight or not: ` +
        `${released.filter((r) => r.drag.fullAll <= SETTLED_MS).length} of ${released.length}.`);
    }
    lines.push('');
  }

  lines.push('### Every control', '');
  const withInp = browser.results.some((r) => r.inp);
  const head = before
    ? ['control', 'changes', 'latency before', 'latency now', 'work before', 'work now', ...(withInp ? ['INP before', 'INP now'] : []), 'in a frame now', 'full now', 'later now', 'longest before', 'longest now']
    : ['control', 'changes', 'latency', 'work', ...(withInp ? ['INP'] : []), 'in a frame', 'full', 'later', 'longest'];
  lines.push(`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`);
  for (const r of browser.results) {
    if (r.skipped) continue;
    if (!r.changes.length) {
      lines.push(`| ${r.name} | 0 | no change of the value redrew the section | ${head.slice(3).map(() => '').join(' | ')} |`);
      continue;
    }
    const b = before?.get(r.name);
    lines.push(before
      ? `| ${r.name} | ${r.changes.length} | ${pair(b?.latency)} | ${pair(r.latency)} | ${pair(b?.work)} | ${pair(r.work)} | ${withInp ? `${inpPair(b?.inp)} | ${inpPair(r.inp)} | ` : ''}${verdict(r.work)} | ${pair(r.full)} | ${pair(r.later)} | ${b ? longest(b.longest) : '—'} | ${longest(r.longest)} |`
      : `| ${r.name} | ${r.changes.length} | ${pair(r.latency)} | ${pair(r.work)} | ${withInp ? `${inpPair(r.inp)} | ` : ''}${verdict(r.work)} | ${pair(r.full)} | ${pair(r.later)} | ${longest(r.longest)} |`);
  }
  const dragged = browser.results.filter((r) => r.drag);
  if (dragged.length) {
    lines.push('', '### Dragging', '');
    const dh = before
      ? ['slider', 'inputs', 'wait before', 'wait now', 'longest task before', 'longest task now', 'redraws during drag']
      : ['slider', 'inputs', 'wait', 'longest task', 'redraws during drag'];
    lines.push(`| ${dh.join(' | ')} |`, `|${dh.map(() => '---').join('|')}|`);
    for (const r of dragged) {
      const b = before?.get(r.name)?.drag;
      lines.push(before
        ? `| ${r.name} | ${r.drag.inputs} | ${pair(b)} | ${pair(r.drag)} | ${b ? longest(b.longest) : '—'} | ${longest(r.drag.longest)} | ${r.drag.refinedDuringDrag} |`
        : `| ${r.name} | ${r.drag.inputs} | ${pair(r.drag)} | ${longest(r.drag.longest)} | ${r.drag.refinedDuringDrag} |`);
    }
  }
  const skipped = browser.results.filter((r) => r.skipped);
  if (skipped.length) lines.push('', `Not measured (${skipped[0].skipped}): ${skipped.map((r) => r.name).join(', ')}.`);
  if (browser.errors.length) lines.push('', `Page errors: ${browser.errors.join('; ')}`);
  lines.push('');
  return lines;
}

export function report({ env, browsers, baseline }) {
  const lines = [
    '# Page latency: time from a control change to the redrawn section',
    '',
    `${env.date}; ${env.cpus} × ${env.cpu}; load average ${env.loadBefore.join(' ')} before, ${env.loadAfter.join(' ')} after; ` +
      `Node ${env.node}; headless browsers, 1280 × 900${env.webkitPainting && browsers.some((b) => b.name === 'webkit') ? `; WebKit paints on ${env.webkitPainting}` : ''}.${env.compare ? ` Compared alternately, control by control, with the page in ${env.compare}.` : ''}`,
    '',
    'Each control is moved from the default settings to a few values (sliders across the track, number fields a few steps) by',
    'an `input` event (a slider also gets the `change` an arrow key sends with it). **latency**: input → end of the frame showing',
    'the section\'s store-driven update (includes up to one frame of waiting for the store\'s animation frame). **work**:',
    'main-thread time of that update including style, layout and paint; **in a frame**: work median ≤ 16.7 ms and worst ≤ 33.3 ms',
    '("median only": the median is, the worst is not). **full**: for parts that draw a preview first, input → the frame with the',
    'full-sample numbers after the value settled. **later**: input → the frame after the section\'s charts out of sight were drawn',
    '(they wait until 120 ms pass without a change or they scroll into the window; their work is not in **work**).',
    '**longest**: the longest main-thread task until the page settled (Chromium\'s',
    'Long Tasks API; "<50": none of 50 ms or more; n/a in the other browsers). Monte Carlo sliders: **preview**: input → the frame',
    'drawn from a small sample count; **full**: input → the frame after which every such part shows its full count (the full',
    'computation starts 150 ms after the last input). **Dragging**: pointerdown, 24 steps 16 ms apart across the middle of the',
    'track (timers: a busy page delays them, as it would delay a hand), with an input event for each step that moves the value',
    '(**inputs**: how many; a slider with fewer steps there gets fewer, as from a browser), pointerup and change; **wait**: per input, until the end',
    'of the first frame that shows it or a newer value; **redraws during drag**: full-sample redraws before the release (0 is the',
    'aim); **INP**: interaction to next paint of three arrow-key presses on the focused slider (Event Timing: key event to the',
    'next paint, in 8 ms steps; "≤16": no entry at the API\'s 16 ms threshold; Chromium and Firefox, not WebKit). **release → full in sight**: until the last full-count redraw of a part in the window; **all parts**: of any part',
    '(one out of sight draws after 120 ms without a change, or when it comes into the window). Median / max over the changes, in ms.',
    '',
  ];
  const chromium = browsers.find((b) => b.name === 'chromium' && !b.failed);
  for (const browser of browsers) lines.push(...browserReport(browser, baseline, chromium?.results ?? null));
  return `${lines.join('\n')}\n`;
}
