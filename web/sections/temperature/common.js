// What the parts of Lesson 4 share: notation (β, σ, subscripts), the format of a Monte Carlo estimate, and the
// engine options of the X·W experiments (the X·W part and weight drift read the same state keys). Notation and
// bookkeeping only: every number comes from the engine.
import { el } from '../../dom.js';
import { plusMinus } from '../../format.js';

export const beta = () => el('var', {}, 'β');
export const sub = (base, s) => [el('var', {}, base), el('sub', {}, s)];
export const sigma = (s) => sub('σ', s);

/** "12.34 ± 0.56": a Monte Carlo estimate with its standard error (formatting only). */
export const pm = (value, se) => plusMinus(value, se);

// The β grid of 4.1's sweep chart: 10^(k/10) for k = −30 … 30, so ten points per decade from 10⁻³ to 10³.
export const BETA_GRID = Array.from({ length: 61 }, (_, k) => 10 ** ((k - 30) / 10));
// Drift factors of the drift charts: 0.25 … 4 on a log grid (three points per octave), 1 and 2 among them.
export const DRIFT_GRID = Array.from({ length: 13 }, (_, k) => 2 ** ((k - 6) / 3));

/** How Lesson 4 draws the line at the chosen β or f (web/sections/kit/markers.js markerAt): dark, short dashes. */
export const NOW_DARK = { color: '#1b1f24', dash: '3 3', width: 1.2 };

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
