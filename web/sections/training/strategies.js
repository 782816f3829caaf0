// Lesson 6's β strategies and their styles, the models, the trainer options of the page's settings and how the
// page names them, and the reference runs (web/data/reference-runs.json, means and standard deviations computed by
// the CLI). Labels and bookkeeping: nothing here computes a model quantity.
import { el } from '../../dom.js';
import { SERIES } from '../../charts/palette.js';
import { sig3, percent as percentOf, count, plusMinus, UNIT_SPACE } from '../../format.js';
import REFERENCE from '../../data/reference-runs.json';

export { REFERENCE };

export const STRATEGIES = [
  { id: 'inverse-sqrt-dk', label: '1/√dₖ', long: 'β = 1/√dₖ throughout', color: SERIES.blue, dash: null, symbol: 'circle' },
  { id: 'fixed', label: 'fixed β', long: 'β fixed at the value below', color: SERIES.vermillion, dash: '7 3', symbol: 'square' },
  { id: 'search', label: 'search', long: 'the paper’s search: powers of ten, then bisection on validation accuracy',
    color: SERIES.green, dash: '2 3', symbol: 'triangle' },
  { id: 'dynamic', label: 'dynamic', long: 'β re-measured after every step so the scores have unit variance',
    color: SERIES.orange, dash: '10 3 2 3', symbol: 'diamond' },
  { id: 'learned', label: 'learned', long: 'ln β trained with the weights, starting at 1/√dₖ', color: SERIES.purple, dash: '4 2', symbol: 'circle' },
  { id: 'qk-norm', label: 'QK-norm', long: 'q and k normalised to length 1, logits g·q̂·k̂ with a learned g per head (Henry et al. 2020)',
    color: SERIES.sky, dash: '6 2 1 2', symbol: 'square' },
  { id: 'qk-layernorm', label: 'qk-layernorm', long: 'LayerNorm on q and k, then 1/√dₖ (as ViT-22B)', color: SERIES.grey, dash: '1 2', symbol: 'triangle' },
];
export const STRATEGY = Object.fromEntries(STRATEGIES.map((s) => [s.id, s]));

export const VAL_SIZE = 1000; // as source 003: 1,000 validation sequences
export const TEST_SIZE = 10000; // source 003 used 100,000; 10,000 keep the final evaluation short in a browser

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
    + `${o.epochs} epoch${o.epochs === 1 ? '' : 's'}, learning rate ${o.lr}`
    + `${o.betaLr !== undefined && o.betaLr !== o.lr ? ` (ln β: ${sig3(o.betaLr)})` : ''}, seed ${o.seed}`;
}
export function strategyText(strategy, beta) {
  return strategy === 'fixed' ? `β fixed at ${beta}` : STRATEGY[strategy].long.replace(' the value below', '');
}
/** The name of the scale the trainer reports as its β: QK-norm's is the mean of its learned g over the heads. */
export const scaleName = (strategy) => (strategy === 'qk-norm' ? 'g' : 'β');

/** A lane's or run's short name: "fixed β = 5", "learned", … */
export const runLabel = (options) => (options.betaStrategy === 'fixed' ? `fixed β = ${options.beta}` : STRATEGY[options.betaStrategy].label);
