// Lesson 6's record of one run as its updates arrive (losses, entropies, |logit|, evaluations, attention), the
// curves drawn from it, and the cadence of its redraws. The numbers are the engine's, through web/training-run.js.
import { strategyText } from './strategies.js';

const MAX_POINTS = 1200; // a loss curve longer than this is drawn through every k-th step
const DRAW_EVERY_MS = 250;

/* ---- one run's record: what the updates brought, kept for drawing ---- */

export function newRecord(options) {
  return { options, label: strategyText(options.betaStrategy, options.beta), info: null,
    losses: [], entropies: [], maxLogits: [], evals: [], probes: [], attention: null,
    last: null, final: null, status: 'running', runMs: 0, resumedAt: performance.now(), window: [], error: null, mode: null };
}

export function absorb(record, update) {
  const t = performance.now();
  if (update.type === 'done') {
    record.final = update;
    record.attention = update.attention ?? record.attention;
    record.status = 'done';
  } else {
    for (let i = 0; i < update.losses.length; i += 1) {
      record.losses.push(update.losses[i]);
      record.entropies.push(update.entropies[i]);
      record.maxLogits.push(update.maxLogits[i]);
    }
    record.evals.push(...update.evals);
    record.probes.push(...update.probes);
    if (update.attention) record.attention = update.attention;
    record.last = update;
    if (update.phase === 'done' && record.status === 'running') record.status = 'evaluating';
    record.window.push({ t, step: update.step });
    while (record.window.length > 2 && t - record.window[0].t > 3000) record.window.shift();
  }
}

/** Steps per second over the last few seconds of updates, or null before there are two. */
export function stepsPerSecond(record) {
  const w = record.window;
  if (w.length < 2 || w[w.length - 1].t - w[0].t < 200) return null;
  return (w[w.length - 1].step - w[0].step) / ((w[w.length - 1].t - w[0].t) / 1000);
}

/** Every k-th point of a long curve (and the last), so a chart draws at most MAX_POINTS of them. */
function thin(xs, ys) {
  const k = Math.max(1, Math.ceil(xs.length / MAX_POINTS));
  if (k === 1) return { x: xs, y: ys };
  const x = [];
  const y = [];
  for (let i = 0; i < xs.length; i += k) {
    x.push(xs[i]);
    y.push(ys[i]);
  }
  if ((xs.length - 1) % k !== 0) {
    x.push(xs[xs.length - 1]);
    y.push(ys[ys.length - 1]);
  }
  return { x, y };
}

/** One per-step quantity of a run (its `losses`, `entropies` or `maxLogits`) as a line against the step. */
export function stepSeries(record, key, id, style) {
  const values = record[key];
  const steps = values.map((_, i) => i + 1);
  const { x, y } = thin(steps, values);
  return { id, label: style.label, kind: 'line', x, y, color: style.color, dash: style.dash, width: 1.6 };
}
export const lossSeries = (record, id, style) => stepSeries(record, 'losses', id, style);

/**
 * Redraws at most every DRAW_EVERY_MS, on an animation frame; draw(true) redraws now. A redraw runs its first stage
 * in that frame and each further stage in a frame of its own, so a run's first drawing (every chart made at once)
 * does not become one long frame. A newer redraw restarts the stages.
 */
export function throttled(...stages) {
  let last = 0;
  let frame = 0; // the pending animation frame, if any
  let stage = -1; // the stage it will run
  let timer = 0; // the pending wait before a redraw, if any
  let again = false; // asked for while the stages of the last redraw were still running
  const at = (k) => {
    stage = k;
    frame = requestAnimationFrame(() => run(k));
  };
  const schedule = () => {
    const wait = DRAW_EVERY_MS - (performance.now() - last);
    if (wait <= 0) at(0);
    else timer = setTimeout(() => { timer = 0; at(0); }, wait);
  };
  const run = (k) => {
    frame = 0;
    stage = -1;
    if (k === 0) last = performance.now();
    stages[k]();
    if (k + 1 < stages.length) at(k + 1);
    else if (again) {
      again = false;
      schedule();
    }
  };
  return (now = false) => {
    if (now) {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      timer = 0;
      again = false;
      run(0);
      return;
    }
    if (timer || stage === 0) return; // a redraw is on its way
    if (stage > 0) again = true; // the last redraw's stages are still running: one more after them
    else schedule();
  };
}
