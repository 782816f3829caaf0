// Lesson 6's shared pieces: the β strategies and their styles, the trainer options of the page's settings, the
// record of a run as its updates arrive, and one start/stop/resume/discard lifecycle for any number of runs side by
// side (the single run is one lane, the race two to four). The runs' numbers come from the engine through
// web/training-run.js; the reference runs' from web/data/reference-runs.json. Nothing here computes a model quantity.
import { el } from '../../dom.js';
import { SERIES } from '../../charts/palette.js';
import { sig3, percent as percentOf, count, plusMinus, UNIT_SPACE } from '../../format.js';
import { createRunner } from '../../training-run.js';
import REFERENCE from '../../data/reference-runs.json';

export { REFERENCE };

export const STRATEGIES = [
  { id: 'inverse-sqrt-dk', label: '1/√dₖ', long: 'β = 1/√dₖ throughout', color: SERIES.blue, dash: null, symbol: 'circle' },
  { id: 'fixed', label: 'fixed β', long: 'β fixed at the value below', color: SERIES.vermillion, dash: '7 3', symbol: 'square' },
  { id: 'search', label: 'search', long: 'the paper’s search: powers of ten, then bisection on validation accuracy', color: SERIES.green, dash: '2 3', symbol: 'triangle' },
  { id: 'dynamic', label: 'dynamic', long: 'β re-measured after every step so the scores have unit variance', color: SERIES.orange, dash: '10 3 2 3', symbol: 'diamond' },
  { id: 'learned', label: 'learned', long: 'ln β trained with the weights, starting at 1/√dₖ', color: SERIES.purple, dash: '4 2', symbol: 'circle' },
  { id: 'qk-norm', label: 'QK-norm', long: 'q and k normalised to length 1, logits g·q̂·k̂ with a learned g per head (Henry et al. 2020)', color: SERIES.sky, dash: '6 2 1 2', symbol: 'square' },
  { id: 'qk-layernorm', label: 'qk-layernorm', long: 'LayerNorm on q and k, then 1/√dₖ (as ViT-22B)', color: SERIES.grey, dash: '1 2', symbol: 'triangle' },
];
export const STRATEGY = Object.fromEntries(STRATEGIES.map((s) => [s.id, s]));

export const VAL_SIZE = 1000; // as source 003: 1,000 validation sequences
export const TEST_SIZE = 10000; // source 003 used 100,000; 10,000 keep the final evaluation short in a browser
const MAX_POINTS = 1200; // a loss curve longer than this is drawn through every k-th step
const DRAW_EVERY_MS = 250;

export const MODELS = {
  encoder: {
    label: 'encoder block',
    words: ['one-hot tokens → Linear(R, d) plus sinusoidal positions → one post-LayerNorm Transformer encoder block ',
      '(fused Q/K/V projection, scores β·QKᵀ, softmax, output projection, residual and LayerNorm, feed-forward d → 2d → d ',
      'with ReLU, residual and LayerNorm) → Linear(d, d) → LayerNorm → ReLU → Linear(d, R).'],
  },
  attention: {
    label: 'attention only',
    words: ['token embedding plus learned positions → one attention layer (Q/K/V projection, scores β·QKᵀ, softmax, ',
      'output projection) → Linear(d, R). No residual path, LayerNorm or feed-forward: everything that reaches the output ',
      'went through the attention weights.'],
  },
};

/** An accuracy: three significant digits ("1.59 %", "96.0 %", "> 99.9 %"; web/format.js). */
export const percent = (x) => percentOf(x, 3);
export const secondsText = (s) => (s >= 90 ? `${Math.floor(s / 60)} min ${Math.round(s % 60)} s` : `${s.toFixed(s < 10 ? 1 : 0)} s`);
export const thousands = count;

/** W with a subscript (W_q, W_k), for prose. */
export const W = (sub) => [el('var', {}, 'W'), el('sub', {}, sub)];

/** A number in running prose that tests can read: <span data-stat=key data-value=raw>text</span>. */
export const inlineStat = (key, text, raw) => el('span', { className: 'stat-inline', dataset: { stat: key, value: String(raw) } }, text);

/* ---- the reference runs (means and standard deviations computed by the CLI) ---- */

/** The reference group of one experiment and method ("inverse-sqrt-dk", "fixed 5", "learned", …), or null. */
export const reference = (experiment, method) => REFERENCE.groups.find((g) => g.experiment === experiment && g.method === method) ?? null;
/** A group's mean ± sd as a percent: "94.9 ± 1.2 %" (three significant digits ± two). */
export const pm = (s) => `${plusMinus(100 * s.mean, 100 * s.sd)}${UNIT_SPACE}%`;
/** A group's mean ± sd, or the single value when it is one run (its sd would say nothing). */
export const groupPm = (g, key) => (g.runs.length > 1 ? pm(g[key]) : percent(g[key].mean));
export const sig = sig3; // β to three significant digits
/** "0.27–0.33": the smallest and largest of a few numbers, to three digits (or the one value). */
export function spanText(xs) {
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  return sig(lo) === sig(hi) ? sig(lo) : `${sig(lo)}–${sig(hi)}`;
}

/* ---- the page's settings as trainer options ---- */

/** The trainer options of the page's settings, for one β strategy. */
export function trainerOptions(state, strategy = state.rstrategy) {
  const options = { model: state.rmodel, L: state.rlen, R: state.rvals, trainSize: state.rtrain, valSize: VAL_SIZE, testSize: TEST_SIZE,
    dModel: state.rlen, heads: state.rheads, betaStrategy: strategy, lr: state.rlr, epochs: state.repochs, seed: state.rseed };
  if (strategy === 'fixed') options.beta = state.rbeta;
  if (strategy === 'learned') options.betaLr = state.rlr * state.rbetalr;
  return options;
}

/** "encoder block, L = 20, R = 100, 15,000 training sequences, 1 head, 10 epochs, learning rate 0.0005, seed 1". */
export function configText(o) {
  return `${MODELS[o.model].label}, L = ${o.L}, R = ${o.R}, ${thousands(o.trainSize)} training sequences, ${o.heads} head${o.heads === 1 ? '' : 's'}, `
    + `${o.epochs} epoch${o.epochs === 1 ? '' : 's'}, learning rate ${o.lr}${o.betaLr !== undefined && o.betaLr !== o.lr ? ` (ln β: ${sig3(o.betaLr)})` : ''}, seed ${o.seed}`;
}
export function strategyText(strategy, beta) {
  return strategy === 'fixed' ? `β fixed at ${beta}` : STRATEGY[strategy].long.replace(' the value below', '');
}
/** The name of the scale the trainer reports as its β: QK-norm's is the mean of its learned g over the heads. */
export const scaleName = (strategy) => (strategy === 'qk-norm' ? 'g' : 'β');

/** A lane's or run's short name: "fixed β = 5", "learned", … */
export const runLabel = (options) => (options.betaStrategy === 'fixed' ? `fixed β = ${options.beta}` : STRATEGY[options.betaStrategy].label);

/* ---- one run's record: what the updates brought, kept for drawing ---- */

function newRecord(options) {
  return { options, label: strategyText(options.betaStrategy, options.beta), info: null, losses: [], entropies: [], maxLogits: [], evals: [], probes: [], attention: null,
    last: null, final: null, status: 'running', runMs: 0, resumedAt: performance.now(), window: [], error: null, mode: null };
}

function absorb(record, update) {
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

export function modeText(found) {
  if (!found) return 'Checking whether this page may run training in a Web Worker…';
  if (found.mode === 'worker') return 'Runs go in a Web Worker with its own copy of the engine, so this page stays free while the model trains.';
  return `Runs go on this page’s own thread, in slices of about 8 ms with the page answering in between, because ${found.reason}. `
    + 'Served from a web server the page would use a Web Worker instead. The final test evaluation pauses the page for a moment.';
}

/** Buttons from [key, label, class] specs, each with data-action=key. */
export function buttons(specs) {
  const out = {};
  for (const [key, label, cls] of specs) out[key] = el('button', { type: 'button', className: `control-button ${cls ?? ''}`.trim(), textContent: label, dataset: { action: key } });
  return out;
}

/* ---- one lifecycle for the single run and the race ---- */

/**
 * Runs side by side, started, stopped, resumed and discarded together. start(optionsList) begins one lane per
 * options (a new start discards the lanes before); each lane is { record, runner, options }. Finished runs are added to
 * context.runs (tagged `source`) and context.onFinished() is called. `draw(now)` is called on every update.
 * status: 'idle' | 'running' | 'paused' | 'done' (every lane finished or failed).
 */
export function createSession(context, { source, draw, loopOptions = {} }) {
  let lanes = [];
  let status = 'idle';
  let token = 0; // a start() that resolves after a newer start() or a discard does nothing
  const settle = () => {
    if (lanes.every((l) => l.record.final || l.record.status === 'failed')) status = 'done';
  };
  const session = {
    get lanes() {
      return lanes;
    },
    get status() {
      return status;
    },
    async start(optionsList) {
      const mine = ++token;
      for (const lane of lanes) lane.runner.dispose();
      lanes = [];
      const found = context.mode ?? await context.whenMode();
      if (mine !== token) return;
      status = 'running';
      lanes = optionsList.map((options) => {
        const record = newRecord(options);
        record.mode = found.mode;
        const lane = { options, record, runner: null };
        lane.runner = createRunner(context.engine, options, {
          mode: found.mode,
          loopOptions,
          onUpdate(update) {
            if (!lanes.includes(lane)) return;
            absorb(record, update);
            if (update.type !== 'done') {
              draw();
              return;
            }
            record.runMs += performance.now() - record.resumedAt;
            context.runs.push({ source, options, final: update, seconds: record.runMs / 1000, mode: lane.runner.mode });
            settle();
            context.onFinished?.();
            draw(true);
          },
          onError(error) {
            if (!lanes.includes(lane)) return;
            record.status = 'failed';
            record.error = error.message;
            settle();
            draw(true);
          },
        });
        lane.runner.info.then((i) => { record.info = i; });
        lane.runner.ready.then(() => { record.mode = lane.runner.mode; });
        lane.runner.start();
        return lane;
      });
      draw(true);
    },
    stop() {
      if (status !== 'running') return;
      for (const { runner, record } of lanes) {
        if (record.status !== 'running' && record.status !== 'evaluating') continue;
        runner.pause();
        record.runMs += performance.now() - record.resumedAt;
        record.status = 'paused';
      }
      status = 'paused';
      draw(true);
    },
    resume() {
      if (status !== 'paused') return;
      for (const { runner, record } of lanes) {
        if (record.status !== 'paused') continue;
        record.status = 'running';
        record.resumedAt = performance.now();
        record.window = []; // steps per second from here on, not across the pause
        runner.start();
      }
      status = 'running';
      draw(true);
    },
    discard() {
      token += 1;
      for (const lane of lanes) lane.runner.dispose();
      lanes = [];
      status = 'idle';
    },
  };
  return session;
}
