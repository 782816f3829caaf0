// The in-page half of bench/page/latency.mjs: installProbe() is serialised into the page (any browser: it uses only
// the page's own APIs) and answers quiet(), list(), change() and drag(); the helpers below choose the values a
// control is moved to. Nothing here asserts; the caller reports.

/** Installed in the page: finds the controls, waits for quiet, changes one value and records what followed. */
export function installProbe() {
  const longtasks = [];
  let hasLongTasks = false;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) longtasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask' });
    hasLongTasks = (PerformanceObserver.supportedEntryTypes ?? []).includes('longtask');
  } catch {
    // no Long Tasks API (Firefox, WebKit): the "longest" column says so
  }
  const sections = () => [...document.querySelectorAll('[data-asl-section]')];
  const controls = () => [...document.querySelectorAll('[data-asl-section] input[type="range"], [data-asl-section] input[type="number"]')];
  const signature = () => sections().map((s) => `${s.dataset.updates ?? ''}/${s.dataset.refining ?? ''}`).join(',');
  // A full-sample computation pending, or charts out of sight still to draw (web/offscreen.js).
  const refining = () => sections().some((s) => s.dataset.refining === '1' || s.dataset.drawing);
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
   * labels (web/sections/kit/progressive.js) it set, part → "preview" or "full": which Monte Carlo parts it drew, and how.
   */
  function recorder(root) {
    const records = [];
    let seen = root.dataset.updates ?? '0';
    let labels = {};
    let drawn = {}; // part name → the node whose place in the window says whether the learner saw it redrawn
    const observer = new MutationObserver((mutations) => {
      for (const m of mutations) {
        if (m.target === root || !m.target.classList.contains('sample-state')) continue;
        const part = m.target.closest('[data-part]');
        const name = part ? part.dataset.part : '?';
        labels[name] = m.target.dataset.sampleState;
        drawn[name] = part ?? m.target;
      }
      const n = root.dataset.updates ?? '0';
      if (n === seen) return;
      seen = n;
      const at = performance.now();
      const rec = { kind: root.dataset.updateKind, start: at - Number(root.dataset.updateMs), script: Number(root.dataset.updateMs), end: null, labels, sight: {} };
      const parts = drawn;
      labels = {};
      drawn = {};
      records.push(rec);
      // A message posted now is handled after this task, i.e. after the frame's style, layout and paint.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        rec.end = performance.now();
        // Read once the frame is painted: a read in the middle of the update would force a layout of its own.
        for (const [name, node] of Object.entries(parts)) rec.sight[name] = inSight(node);
      };
      channel.port2.postMessage(0);
    });
    // Setting a label's attributes is recorded even when the value does not change, so a full redraw is seen too.
    observer.observe(root, { attributes: true, subtree: true, attributeFilter: ['data-updates', 'data-sample-state', 'data-samples'] });
    return { records, stop: () => observer.disconnect() };
  }

  /** Whether any of `node` is in the window (a part the learner can see when its numbers change). */
  function inSight(node) {
    const r = node.getBoundingClientRect();
    return r.bottom > 0 && r.top < window.innerHeight && r.height > 0;
  }
  /** A record drew a part in sight: one of its labelled parts was, or it labelled none (counted as in sight). */
  const drewInSight = (r) => !Object.keys(r.sight).length || Object.values(r.sight).some(Boolean);

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
    hasLongTasks: () => hasLongTasks,
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
        // Not inside a closed <details>: Chromium, Firefox and WebKit all give its content boxes (hidden with
        // content-visibility), so getClientRects() alone counted controls the learner cannot see. Written as a selector,
        // which says the same as checkVisibility() there in the three browsers, and in a browser without it too.
        usable: !input.disabled && input.getClientRects().length > 0 && style.visibility !== 'hidden'
          && !input.closest('details:not([open]) > :not(summary)'),
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
        records: rec.records.map((r) => ({ kind: r.kind, start: r.start - t0, script: r.script, end: (r.end ?? NaN) - t0, labels: r.labels, inSight: drewInSight(r) })),
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
        const before = input.value;
        input.value = String(v);
        // A browser sends `input` only when the slider's value changes: a pointer that moves less than a step sends
        // nothing, and there is nothing new to show. Sent anyway, such an input was timed to the next input's frame.
        if (input.value !== before) {
          sent.push(performance.now());
          input.dispatchEvent(new Event('input', { bubbles: true }));
        }
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
        // The release to the last full-count redraw of a part in the window, and of any part (those out of sight
        // draw once the page has been quiet for a while, web/offscreen.js, or when they come into the window).
        full: redraws.some(drewInSight) ? Math.max(...redraws.filter(drewInSight).map((r) => r.end)) - released : null,
        fullAll: redraws.length ? Math.max(...redraws.map((r) => r.end)) - released : null,
        duringDrag: rec.records.filter((r) => r.kind === 'redraw' && r.start < released).length,
        longest: tasks.length ? Math.max(...tasks.map((t) => t.duration)) : 0,
      };
    },
  };
}

const round = (x) => Number(x.toPrecision(6));

/** The values a control is moved to: across the track for a slider, a few steps from the current value for a field. */
export function valuesFor(c, changes) {
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

export function dragValues(c) {
  const min = Number(c.min);
  const maxV = Number(c.max);
  const step = Number(c.step) || 1;
  return Array.from({ length: 24 }, (_, i) => round(min + Math.round(((maxV - min) * (0.25 + (0.5 * i) / 23)) / step) * step));
}

export const label = (c) => `${c.key}${c.cell !== null ? `[${c.cell}]` : ''} ${c.type === 'range' ? (c.track === 'log' ? 'log slider' : 'slider') : 'number'}`;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks `fn` in the tab every 50 ms until it answers true or `ms` pass; answers its last answer. */
export async function poll(tab, fn, ms) {
  const end = Date.now() + ms;
  let answer = await tab.evaluate(fn);
  while (!answer && Date.now() < end) {
    await sleep(50);
    answer = await tab.evaluate(fn);
  }
  return answer;
}

/**
 * Opens every "Go deeper" section with a click on its summary, as a learner would. One section at a time: two clicks in
 * one task can race (a section's toggle event may come after the store's next render, which closes it again; Firefox
 * lost Lesson 4.5's nine controls that way once).
 */
export async function openEveryDeeper(tab) {
  for (let left = 1, clicks = 0; left && clicks < 60; clicks += 1) {
    left = await tab.evaluate(() => {
      const closedOnes = document.querySelectorAll('details[data-deeper]:not([open]) > summary');
      closedOnes[0]?.click();
      return closedOnes.length;
    });
    if (left) await sleep(150);
  }
}
