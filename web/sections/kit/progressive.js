// Progressive refinement for the Monte Carlo parts of the lessons. While the learner drags a slider or types, a part
// draws a preview from a small number of samples, sized from what the engine's calls have cost so far to fit in a few
// milliseconds; once the value settles (the slider is released, or no input arrives for SETTLE_MS) the part computes
// again with its full sample count and redraws. The full computation runs in background engines (web/engine-pool.js)
// when the browser allows them, else in timer tasks, one engine call per task, so input that arrives in between is
// handled first and postpones the rest; a new value replaces the pending work, and a result it no longer wants is dropped.
// Each part says which of the two it is showing (sampleLabel). No numbers are made here: everything drawn is what
// the engine returned for the sample count printed beside it.
import { el } from '../../dom.js';
import { REDRAWN_EVENT } from '../../section-context.js';
import { runOff, poolSize } from '../../engine-pool.js';

/** Quiet time after the last input event before the full computation starts. */
export const SETTLE_MS = 150;
/** Time a preview engine call aims for (a frame is 16.7 ms, and drawing needs part of it). */
export const PREVIEW_MS = 3;
/** Below this estimated time a part computes the full sample count straight away, without a preview. */
export const DIRECT_MS = 5;
/** A pointer held on a slider postpones the full computation, but not longer than this after its last input. */
const HOLD_MS = 2000;

/* ---- what engine calls cost: milliseconds per unit of work, learnt from every timed call ---- */

// Starting points, measured with the WASM engine on a busy 2-core x86 machine (per unit of the work measure each part
// passes to timed()); every timed call moves them towards what the learner's machine does.
const msPerUnit = new Map([
  ['assumptionCheck', 1e-5],
  ['weightDrift', 7e-6],
  ['derivation', 7e-5],
  ['multiHeadSweep', 7e-6],
  ['gradientSweep', 1e-5],
  ['gradientDot', 5e-5], // gradientDistribution with real queries and keys: one unit per key entry drawn
  ['dotProducts', 1e-5], // Lesson 2's histograms: one unit per normal entry drawn (2·dₖ per pair)
  ['pairAngles', 2e-5], // Lesson 2.3's arrows: one unit per normal entry drawn (2·dₖ per pair)
  ['varianceSweep', 4e-6], // Lesson 2's sweep: one unit per pair per dimension
  ['qkNormDemo', 8e-6], // 7.1's grid: one unit per key entry per factor
  ['qkNormOne', 6e-5], // 7.1's chosen factor alone: one unit per key entry (11.8 ms for 200 rows in Node)
  ['alignmentScaling', 6e-5], // 7.2: one unit per normal draw (a row draws its query's entries and each step's key sums)
]);

/** Records that `units` work of `kind` took `ms` (on the page, or in a background engine as its answer says). */
export function learn(kind, units, ms) {
  if (!(ms >= 0.5) || !(units > 0)) return; // too short to time with the browser's clock
  const seen = ms / units;
  const old = msPerUnit.get(kind);
  msPerUnit.set(kind, old === undefined ? seen : 0.7 * old + 0.3 * seen);
}

/** Runs `fn` (one engine call of `units` work of `kind`), records how long it took and returns its result. */
export function timed(kind, units, fn) {
  const t0 = performance.now();
  const result = fn();
  learn(kind, units, performance.now() - t0);
  return result;
}

/** Estimated milliseconds of `units` work of `kind`. */
export const estimateMs = (kind, units) => (msPerUnit.get(kind) ?? 1e-4) * units;

/**
 * How many samples to compute now: all `full` when that is estimated under DIRECT_MS, else as many as fit in
 * PREVIEW_MS (at least `min`, the engine's smallest allowed count). `perSample` is the work of one sample.
 * Returns { samples, preview } where preview says whether the full count must follow.
 */
export function sampleCount(kind, perSample, full, { min = 2 } = {}) {
  if (estimateMs(kind, perSample * full) <= DIRECT_MS) return { samples: full, preview: false };
  const fit = Math.floor(PREVIEW_MS / estimateMs(kind, perSample));
  const samples = Math.max(min, Math.min(full, fit));
  return { samples, preview: samples < full };
}

/* ---- when the learner is busy: input events, a pointer held on a slider, a change event ---- */

const activity = { lastInput: -Infinity, held: false, settledAt: -Infinity, installed: false };

function installActivity() {
  if (activity.installed || typeof window === 'undefined') return;
  activity.installed = true;
  const now = () => performance.now();
  // Capture on the window: input events are composed, so this sees those inside a custom element's shadow root too.
  window.addEventListener('input', () => { activity.lastInput = now(); }, true);
  // A change event commits a typed value. A slider sends one with every arrow key, so a held key would start the full
  // computation between its repeats: slider keys settle like typing (SETTLE_MS), a slider's pointer on release.
  window.addEventListener('change', (event) => {
    const target = event.composedPath()[0];
    if (target && target.matches && target.matches('input[type="range"]')) return;
    activity.settledAt = now();
    kick();
  }, true);
  window.addEventListener('pointerdown', (event) => {
    const target = event.composedPath()[0];
    activity.held = Boolean(target && target.matches && target.matches('input[type="range"]'));
  }, true);
  const release = () => {
    if (!activity.held) return;
    activity.held = false;
    activity.settledAt = now();
    kick();
  };
  window.addEventListener('pointerup', release, true);
  window.addEventListener('pointercancel', release, true);
  window.addEventListener('blur', release);
}

/** Milliseconds until the learner counts as settled (0: now). */
function untilSettled() {
  const t = performance.now();
  if (activity.settledAt >= activity.lastInput) return 0; // released or committed since the last input
  if (activity.held && t - activity.lastInput < HOLD_MS) return HOLD_MS - (t - activity.lastInput);
  return Math.max(0, activity.lastInput + SETTLE_MS - t);
}

/* ---- the queue of full computations: one job per part, its steps one after another ---- */

const jobs = new Map(); // owner (any object) -> { node, root, steps, next, waiting }
let timer = 0;

function rootOf(node) {
  return node.closest ? node.closest('[data-asl-section]') : null;
}

function markRoots() {
  const busy = new Set([...jobs.values()].map((j) => j.root).filter(Boolean));
  for (const root of busy) markRoots.known.add(root);
  for (const root of markRoots.known) root.dataset.refining = busy.has(root) ? '1' : '0';
}
markRoots.known = new Set();

function kick(delay = 0) {
  if (timer) clearTimeout(timer);
  timer = jobs.size ? setTimeout(tick, delay) : 0;
}

/** After a step of `job` (ok: it did its work): the job moves on, or ends and says so. */
function stepDone(owner, job, ok, started) {
  job.next += 1;
  if (!ok || job.next >= job.steps.length) {
    if (jobs.get(owner) === job) jobs.delete(owner);
    markRoots();
    if (ok) job.node.dispatchEvent(new CustomEvent(REDRAWN_EVENT, { bubbles: true, detail: { started } }));
  }
}

const attemptStep = (fn) => {
  try {
    return fn() !== false;
  } catch (error) {
    setTimeout(() => { throw error; }); // reported, but the queue goes on
    return false;
  }
};

// Each tick starts the next step of every job not already waiting for a background engine (web/engine-pool.js), in
// the order the jobs came; a step that runs on the page (a function, or an engine call with no background engine)
// ends the tick, so input between two of them is seen first.
function tick() {
  timer = 0;
  if (!jobs.size) return;
  const wait = untilSettled();
  if (wait > 0) {
    kick(wait);
    return;
  }
  for (const [owner, job] of jobs) {
    if (job.waiting) continue;
    const step = job.steps[job.next];
    if (typeof step === 'function') {
      const started = performance.now();
      stepDone(owner, job, attemptStep(step), started);
      kick(0);
      return;
    }
    job.waiting = true;
    runOff(step.engine, step.name, step.options, () => jobs.get(owner) === job).then((answer) => {
      job.waiting = false;
      if (jobs.get(owner) !== job) return; // replaced while it ran: the part has moved on
      const drawn = performance.now(); // the page's own work starts here (the registry stamps its length)
      stepDone(owner, job, attemptStep(() => step.use(answer)), drawn);
      kick(0);
    });
    // With no background engine the call runs on the page, in a task of its own: it ends the tick as a function
    // step does, so the next one starts only after a new check that the learner is still settled.
    if (!poolSize()) return;
  }
}

/**
 * Replaces the pending full computation of `owner` (a part) with `steps`, run once the learner has settled; a step
 * that returns false (it failed and said so) ends the job. A step is a function run on the page in a task of its own,
 * or an engine call made with offStep(), which runs in a background engine when there is one. After the last step
 * the part node dispatches REDRAWN_EVENT. With no steps, only cancels.
 */
export function refineLater(owner, node, steps) {
  installActivity();
  jobs.delete(owner);
  if (steps && steps.length) jobs.set(owner, { node, root: rootOf(node), steps, next: 0, waiting: false });
  markRoots();
  kick(0);
}

/**
 * A step of refineLater: `engine[name](options)`, off the page's thread when a background engine is ready, then
 * `use(get, ms)` on the page, where get() returns the result or throws the engine's Error (so a part's own attempt()
 * shows it as it shows a failed call on the page) and ms is what the call took. Returning false from use ends the job.
 */
export const offStep = (engine, name, options, use) => ({ engine, name, options,
  use: (answer) => use(() => {
    if (answer.error) throw answer.error;
    return answer.value;
  }, answer.ms) });

/**
 * One Monte Carlo part's update: `measure(samples)` now (a preview count when the full count is estimated to be slow,
 * see sampleCount) and drawn, then, once the learner has settled, the full count drawn over it. The full count is
 * engine[kind](options(full)), run in a background engine when there is one; measure(full, call) then takes call()
 * (the answer, or the engine's Error thrown) in place of its own engine call. draw(result, { samples, later }) is told
 * the count it was measured from and whether it is the full count that came later.
 */
export function measureProgressively(part, { engine, kind, options, perSample, full }, measure, draw) {
  const first = sampleCount(kind, perSample, full);
  const r = measure(first.samples);
  refineLater(part, part.node, r && first.preview ? [offStep(engine, kind, options(full), (get) => {
    const all = measure(full, get);
    if (all) draw(all, { samples: full, later: true });
    return Boolean(all);
  })] : null);
  if (r) draw(r, { samples: first.samples, later: false });
}

/* ---- results computed in pieces ---- */

/**
 * Joins results of one engine function called on consecutive pieces of a list option (drifts, heads, dKs) into the
 * result of one call on the whole list: arrays as long as the piece's list are concatenated, nested objects joined
 * the same way, `computeMs` added up, everything else (the same in every piece) taken from the first.
 */
export function joinPieces(pieces, listKey) {
  const lengths = pieces.map((p) => p[listKey].length);
  const join = (values) => {
    const first = values[0];
    if (ArrayBuffer.isView(first) || Array.isArray(first)) {
      if (!values.every((v, i) => v.length === lengths[i])) return first;
      const out = new first.constructor(values.reduce((n, v) => n + v.length, 0));
      let at = 0;
      for (const v of values) {
        if (Array.isArray(out)) v.forEach((x, i) => { out[at + i] = x; });
        else out.set(v, at);
        at += v.length;
      }
      return out;
    }
    if (first && typeof first === 'object') return Object.fromEntries(Object.keys(first).map((k) => [k, join(values.map((v) => v[k]))]));
    return first;
  };
  const joined = join(pieces);
  if ('computeMs' in joined) joined.computeMs = pieces.reduce((s, p) => s + p.computeMs, 0);
  return joined;
}

/** The part of `result` (one call on a list option) for list entries start … end − 1, shaped as a call on just those. */
export function slicePiece(result, listKey, start, end) {
  const n = result[listKey].length;
  const cut = (value) => {
    if (ArrayBuffer.isView(value) || Array.isArray(value)) return value.length === n ? value.slice(start, end) : value;
    if (value && typeof value === 'object') return Object.fromEntries(Object.keys(value).map((k) => [k, cut(value[k])]));
    return value;
  };
  return cut(result);
}

/** Splits `list` into pieces of at most `size` entries. */
export const pieces = (list, size) => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/* ---- the label ---- */

/**
 * The line a part shows beside its Monte Carlo numbers: "150 samples", or while a preview is on screen
 * "preview: 4 samples · 150 when the value settles" (its standard errors, printed with the numbers, are larger).
 * set({ samples, full, unit, preview, note, then }): `preview` defaults to samples < full; `note` is added after the
 * count ("at 5 of the 13 factors"), `then` names what follows (default the full count). { inline: true } makes it a
 * <span> for a sentence.
 */
export function sampleLabel({ inline = false } = {}) {
  const node = el(inline ? 'span' : 'p', { className: 'sample-state', dataset: { sampleState: 'full' } });
  return {
    node,
    set({ samples, full, unit = 'samples', preview = samples < full, note = '', then = String(full) }) {
      node.dataset.sampleState = preview ? 'preview' : 'full';
      node.dataset.samples = String(samples);
      node.dataset.fullSamples = String(full);
      // In a sentence the preview says only its count (the colour marks it), so the line is no longer than the full one's.
      const previewText = inline ? `${samples} of ${full} ${unit}` : `preview: ${samples} ${unit}${note ? ` ${note}` : ''} · ${then} when the value settles`;
      node.textContent = preview ? previewText : `${full} ${unit}`;
    },
  };
}
