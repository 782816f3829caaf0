// What the parts of Lesson 4 share: notation (β, σ, subscripts), the format of a Monte Carlo estimate, a notice box,
// a row of preset buttons, and the engine options of the X·W experiments (the X·W part and weight drift read the same
// state keys). Layout and bookkeeping only: every number comes from the engine.
import { el } from '../../dom.js';
import { createNotices } from '../../notices.js';
import { plusMinus } from '../../format.js';
import { sampleCount, refineLater, offStep } from '../kit/progressive.js';

export const beta = () => el('var', {}, 'β');
export const sub = (base, s) => [el('var', {}, base), el('sub', {}, s)];
export const sigma = (s) => sub('σ', s);

/** "12.34 ± 0.56": a Monte Carlo estimate with its standard error (formatting only). */
export const pm = (value, se) => plusMinus(value, se);

/** A notice box for a part, and the function that shows or clears its input problem. */
export function noticeBox() {
  const box = el('div', { className: 'notices part-notices', attrs: { 'aria-live': 'polite' } });
  const notices = createNotices(box);
  const problem = (text) => (text ? notices.show('input', text) : notices.clear('input'));
  return { box, notices, problem };
}

/** A row of buttons that set state values ("Try: β = 0.001 · 1 · 1000"); presets are [label, patch, spoken hint]. */
export function presetRow(store, hint, presets) {
  return el('div', { className: 'preset-row' }, el('span', { className: 'control-hint' }, hint), presets.map(([label, patch, aria]) => {
    // The spoken name starts with the visible label (WCAG 2.5.3, label in name), then says what the button does.
    const b = el('button', { type: 'button', className: 'control-button small', textContent: label, attrs: aria ? { 'aria-label': `${label}: ${aria}` } : {} });
    b.addEventListener('click', () => store.set(patch));
    return b;
  }));
}

/* ---- the X·W experiments: Q = X·W_q, K = X·W_k from random X and weights ---- */

/** Independent draws of X, W_q and W_k per setting: keeps a slider move near 0.1 s at the defaults (standard errors of
 * about 1.5 % on the variances, printed beside them). */
export const ASSUMPTION_SAMPLES = 150;
/** The state keys of those experiments. */
export const ASSUMPTION_KEYS = ['tdx', 'tkdim', 'tsx', 'tswq', 'tswk', 'tmx', 'ttokens', 'tseed'];
/** The engine options for a state; `samples` is less only for a preview. */
export const assumptionOptions = (state, samples = ASSUMPTION_SAMPLES) => ({ dX: state.tdx, dK: state.tkdim, sigmaX: state.tsx, sigmaWq: state.tswq,
  sigmaWk: state.tswk, meanX: state.tmx, tokens: state.ttokens, samples, seed: state.tseed });
/** The work of one sample of X, W_q and W_k (per drift factor) as the engine's own limit counts it. */
export const workOf = ({ dX, dK, tokens }) => tokens * dK * (2 * dX + tokens) + tokens * dX + 2 * dX * dK;
export const workPerSample = (state) => workOf(assumptionOptions(state));

/**
 * One Monte Carlo part's update: `measure(samples)` now (a preview count when the full count is estimated to be slow,
 * see progressive.js) and drawn, then, once the learner has settled, the full count drawn over it. The full count is
 * engine[kind](options(full)), run in a background engine when there is one; measure(full, call) then takes call()
 * (the answer, or the engine's Error thrown) in place of its own engine call.
 */
export function measureProgressively(part, { engine, kind, options, perSample, full }, measure, draw) {
  const first = sampleCount(kind, perSample, full);
  const r = measure(first.samples);
  refineLater(part, part.node, r && first.preview ? [offStep(engine, kind, options(full), (get) => {
    const all = measure(full, get);
    if (all) draw(all);
    return Boolean(all);
  })] : null);
  if (r) draw(r);
}
