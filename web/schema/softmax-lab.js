// The schemas of Lesson 3's functions (cpp/bindings/softmax_lab.cpp): two logits and the spread of their gap, one row's
// softmax statistics, the gradient sweep and its per-row distribution, the weight cap, and the numerics panel.
import { atMost, boolean, choice, fail, integer, list, number, seed } from './types.js';
import { MAX_DIM } from './core.js';

const model = () => ({ name: 'model', type: choice('normal', 'dot'), default: 'normal', meaning: '`"normal"`: scores = √dK·z, z standard normal (exactly N(0, dK); one z per seed, so a dK slider stretches one row, and scaled the row is z whatever dK is); `"dot"`: scores = q·k_j for a random query and keys with standard normal entries in dK dimensions (variance dK, nearly normal only for large dK)' });
const threshold = () => ({ name: 'threshold', type: number(0, 1e6), default: 0.01, meaning: '`fractionBelow` counts the rows whose norm is strictly below it' });
const increasingDKs = (maxLength) => list({ elem: 'i32', minLength: 1, maxLength, min: 1, max: MAX_DIM, integer: true, increasing: true });
const POWERS_OF_TWO = Array.from({ length: 13 }, (_, i) => 2 ** i);

/** The work limits of the gradient functions: softmax rows·n for model "normal", normal draws for model "dot". */
function gradientWork(o, dKCount, maxDK, rowsText, drawsText) {
  if (o.model === 'normal') atMost(rowsText, 2 * o.trials * dKCount * o.n, 67108864);
  else atMost(drawsText, o.trials * maxDK * (o.n + 1), 33554432, { qualifier: ' for model = "dot"' });
}

export const softmaxStats = {
  name: 'softmaxStats',
  summary: 'Lesson 3: one row\'s softmax weights, entropy and Jacobian, for given scores or a row drawn for dK.',
  returns: 'LessonResult',
  options: [
    { name: 'scores', type: list({ minLength: 1, maxLength: 512 }), defaultText: 'drawn', meaning: 'this row (float32); then `n` and `model` are errors' },
    { name: 'dK', type: integer(1, MAX_DIM), default: 1, meaning: 'd_k of the row' },
    { name: 'n', type: integer(1, 512), default: 16, meaning: 'the row length when drawn' },
    { name: 'beta', type: number(0, 1e6), default: 1, meaning: 'inverse temperature' },
    { name: 'scaled', type: boolean(), default: true, meaning: 'multiply the scores by 1/√dK' },
    { name: 'seed', type: seed(), default: 1, meaning: 'the generator\'s seed' },
    { name: 'row', type: integer(0, 99999), default: 0, meaning: 'which row of this seed to draw: row r is gradientDistribution\'s row r (its `quartileRows` name typical ones)' },
    model(),
  ],
  rules(o, given) {
    if (!given.scores) return;
    if (given.n) fail('n is not allowed with scores: the row has scores.length entries');
    if (given.model) fail('model is not allowed with scores: nothing is drawn');
    if (given.row) fail('row is not allowed with scores: nothing is drawn');
  },
};

export const twoLogitCurve = {
  name: 'twoLogitCurve',
  summary: 'Lesson 3: the softmax of two logits [Δ, 0], its first weight σ(Δ) and slope p(1 − p), over a grid of gaps Δ and at one Δ.',
  returns: 'LessonResult',
  options: [
    { name: 'halfWidth', type: number(0.01, 1000), default: 40, meaning: 'the grid runs from −halfWidth to +halfWidth' },
    { name: 'points', type: integer(2, 4001), default: 321, meaning: 'grid points, evenly spaced' },
    { name: 'at', type: number(-1000, 1000), default: 0, meaning: 'one gap Δ to evaluate as well (`pAt`, `slopeAt`)' },
  ],
};

export const gapSpread = {
  name: 'gapSpread',
  summary: 'Lesson 3: the gap q·k − q·k\' between two random scores at each dK, raw and ÷ √dK: its sd and the share of pairs on the softmax\'s flat tails.',
  returns: 'LessonResult',
  options: [
    { name: 'dKs', type: increasingDKs(16), default: [4, 64, 512], meaning: 'the d_k values' },
    { name: 'pairs', type: integer(2, 100000), default: 1000, meaning: 'random (q, k, k\') per d_k; pairs·Σ dKs·3 ≤ 2²⁵' },
    { name: 'seed', type: seed(), default: 1, meaning: 'the generator\'s seed' },
    { name: 'threshold', type: number(0, 1), default: 0.01, meaning: '`flat` counts the pairs whose slope p(1 − p) is strictly below it' },
  ],
  after(o) {
    atMost('pairs·Σ dKs·3', o.pairs * o.dKs.reduce((t, d) => t + d, 0) * 3, 33554432);
  },
};

export const gradientSweep = {
  name: 'gradientSweep',
  summary: 'Lesson 3: Monte Carlo softmax-Jacobian norm against dK, unscaled and scaled by 1/√dK.',
  returns: 'LessonResult',
  options: [
    { name: 'dKs', type: increasingDKs(64), default: POWERS_OF_TWO, defaultText: '[1, 2, 4, …, 4096]', meaning: 'the d_k values' },
    { name: 'n', type: integer(2, 1024), default: 16, meaning: 'scores per row' },
    { name: 'trials', type: integer(1, 100000), default: 1000, meaning: 'rows per d_k; trials·dKs.length ≤ 2²⁰; "normal": 2·trials·dKs.length·n ≤ 2²⁶; "dot": trials·max(dKs)·(n + 1) ≤ 2²⁵' },
    { name: 'seed', type: seed(), default: 1, meaning: 'the generator\'s seed' },
    model(),
    threshold(),
  ],
  after(o) {
    gradientWork(o, o.dKs.length, o.dKs[o.dKs.length - 1], '2·trials·dKs.length·n', 'trials·max(dKs)·(n + 1)');
    atMost('trials·dKs.length', o.trials * o.dKs.length, 1048576, { note: ' (every row\'s norm is kept for the quantiles)' });
  },
};

export const gradientDistribution = {
  name: 'gradientDistribution',
  summary: 'Lesson 3: every row\'s gradient norms at one dK, unscaled and scaled, with their spread and histogram.',
  returns: 'LessonResult',
  options: [
    { name: 'dK', type: integer(1, MAX_DIM), required: true, meaning: 'd_k of the rows' },
    { name: 'n', type: integer(2, 1024), default: 16, meaning: 'scores per row' },
    { name: 'trials', type: integer(1, 100000), default: 1000, meaning: 'rows; "normal": 2·trials·n ≤ 2²⁶; "dot": trials·dK·(n + 1) ≤ 2²⁵' },
    { name: 'seed', type: seed(), default: 1, meaning: 'the generator\'s seed' },
    model(),
    threshold(),
    { name: 'bins', type: integer(1, 1000), default: 40, meaning: 'histogram bins, evenly spaced in log10' },
  ],
  rules(o) {
    gradientWork(o, 1, o.dK, '2·trials·n', 'trials·dK·(n + 1)');
  },
};

export const peakWeightCap = {
  name: 'peakWeightCap',
  summary: 'The largest softmax weight one key can get in a row of n logits with spread sd, and the row that reaches it.',
  returns: 'LessonResult',
  options: [
    { name: 'n', type: integer(2, 4096), required: true, meaning: 'logits in the row' },
    { name: 'sd', type: number(0, 50), required: true, meaning: 'their standard deviation (Δ ≤ 3201, so every result stays finite in float64)' },
  ],
};

export const softmaxNumerics = {
  name: 'softmaxNumerics',
  summary: 'Lesson 3\'s numerics panel: naive and stable softmax in float32 and float64, and where exp overflows.',
  returns: 'LessonResult',
  options: [
    { name: 'values', type: list({ minLength: 1, maxLength: MAX_DIM }), required: true, quoteMissing: true, meaning: 'the row (float32)' },
    { name: 'beta', type: number(0, 1e6), default: 1, meaning: 'inverse temperature' },
  ],
  nonFinite: ['naive32', 'naive64'], // the naive softmax's overflow, shown on purpose
};
