// The schemas of Lesson 3's functions (cpp/bindings/softmax_lab.cpp): two logits and the spread of their gap, one row's
// softmax statistics, the gradient sweep and its per-row distribution, the weight cap, and the numerics panel.
import { atMost, boolean, choice, fail, integer, list, number, seed } from './types.js';
import { MAX_DIM } from './core.js';
import { F32, F64, I32, bool, field, num, object, oneOf } from './results.js';

/** One curve of gapSpread, an entry per dK. */
const GAP_SIDE = object([
  field('sd', F64, 'Sample sd of the gap q·k − q·k\' over the pairs.'),
  field('expectedSd', F64, 'The sd theory gives: √(2·dK) raw, √2 divided by √dK.'),
  field('flat', F64, 'Share of pairs whose slope p(1 − p) at their gap is below `threshold`.'),
  field('medianSlope', F64, 'Median slope p(1 − p) over the pairs.'),
], 'GapSpreadCurve');
const queryOnly = 'with model `"dot"`';
/** One curve of gradientSweep, an entry per dK. */
const GRADIENT_CURVE = object([
  field('meanNorm', F64, 'Mean Frobenius norm of the rows\' softmax Jacobians.'),
  field('stdError', F64, 'Standard error of that mean (sample sd/√trials).'),
  field('meanMaxWeight', F64, 'Mean largest weight of a row.'),
  field('meanEntropy', F64, 'Mean entropy of a row, in nats.'),
  field('medianNorm', F64, 'Median of the per-row norms.'),
  field('quartile1', F64, '25th percentile of the per-row norms.'),
  field('quartile3', F64, '75th percentile of the per-row norms.'),
  field('fractionBelow', F64, 'Share of rows whose norm is below `threshold`.'),
  field('meanQueryNorm', F64, 'Mean size of the gradient that reaches the query, c·‖KᵀJ‖_F.', queryOnly),
  field('medianQueryNorm', F64, 'Median of that query gradient over the rows.', queryOnly),
  field('p90QueryNorm', F64, '90th percentile of that query gradient over the rows.', queryOnly),
], 'GradientCurve');
/** Every row's norm at one dK, and how they spread. */
const NORM_SAMPLE = object([
  field('values', F64, 'Row r\'s norm at index r.'),
  field('counts', F64, 'How many norms fall in each log-spaced bin of `edges`; the last bin includes its upper edge.'),
  field('zeros', num, 'Norms that are exactly 0 (a log axis has no place for them); with `counts` they add up to `trials`.'),
  field('mean', num, 'Mean of the norms.'),
  field('median', num, 'Median of the norms.'),
  field('quartile1', num, '25th percentile of the norms.'),
  field('quartile3', num, '75th percentile of the norms.'),
  field('p90', num, '90th percentile of the norms.'),
  field('max', num, 'The largest norm.'),
  field('fractionBelow', num, 'Share of norms below `threshold`.'),
  field('quartileRows', I32, 'The rows at the 25th, 50th and 75th percentile (nearest rank), to draw with softmaxStats.'),
], 'NormSample');
const NORM_PAIR = object([
  field('edges', F64, 'The bins + 1 log-spaced bin edges both curves share, from a power of ten below the smallest positive norm to one above the largest.'),
  field('unscaled', NORM_SAMPLE, 'The rows with logits = scores.'),
  field('scaled', NORM_SAMPLE, 'The same rows with logits = scores/√dK.'),
], 'NormPair');

const model = () => ({
  name: 'model', type: choice('normal', 'dot'), default: 'normal',
  meaning: '`"normal"`: scores = √dK·z, z standard normal (exactly N(0, dK); one z per seed, so a dK slider stretches one row, and ' +
    'scaled the row is z whatever dK is); `"dot"`: scores = q·k_j for a random query and keys with standard normal entries in dK ' +
    'dimensions (variance dK, nearly normal only for large dK)',
});
const threshold = () => ({
  name: 'threshold', type: number(0, 1e6), default: 0.01, meaning: '`fractionBelow` counts the rows whose norm is strictly below it',
});
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
  returns: 'SoftmaxStatsResult',
  results: [
    field('scores', F64, 'The row\'s raw scores, given or drawn.'),
    field('scale', num, '1/√dK when `scaled`, else 1.'),
    field('scaledScores', F64, 'scale·scores.'),
    field('logits', F64, 'β·scaledScores, what the softmax takes.'),
    field('weights', F64, 'The softmax of the logits.'),
    field('argmax', num, 'Index of the largest weight.'),
    field('maxWeight', num, 'The largest weight.'),
    field('oneMinusMaxWeight', num, '1 − maxWeight, computed without cancellation.'),
    field('entropy', num, 'Entropy of the weights, in nats.'),
    field('maxEntropy', num, 'ln n, the entropy of an even row.'),
    field('effectiveKeys', num, 'e^entropy: how many keys the row spreads over, 1 … n.'),
    field('jacobian', F64, '`(n, n)`: the softmax Jacobian diag(p) − p·pᵀ with respect to the logits.'),
    field('jacobianNorm', num, 'Its Frobenius norm: how much gradient gets through to the logits.'),
    field('jacobianSpectralNorm', num, 'Its largest eigenvalue (at most 1/2).'),
    field('dK', num, 'The dimension d_k, as asked.'),
    field('n', num, 'Keys in the row.'),
    field('beta', num, 'The inverse temperature β, as asked.'),
    field('scaled', bool, 'Whether the scores were divided by √dK.'),
    field('row', num, 'Which drawn row this is (0 for given scores).'),
  ],
  options: [
    { name: 'scores', type: list({ minLength: 1, maxLength: 512 }), defaultText: 'drawn', meaning: 'this row (float32); then `n` and `model` are errors' },
    { name: 'dK', type: integer(1, MAX_DIM), default: 1, meaning: 'd_k of the row' },
    { name: 'n', type: integer(1, 512), default: 16, meaning: 'the row length when drawn' },
    { name: 'beta', type: number(0, 1e6), default: 1, meaning: 'inverse temperature' },
    { name: 'scaled', type: boolean(), default: true, meaning: 'multiply the scores by 1/√dK' },
    { name: 'seed', type: seed(), default: 1, meaning: 'the generator\'s seed' },
    {
      name: 'row', type: integer(0, 99999), default: 0,
      meaning: 'which row of this seed to draw: row r is gradientDistribution\'s row r (its `quartileRows` name typical ones)',
    },
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
  returns: 'TwoLogitCurveResult',
  results: [
    field('gaps', F64, 'The evenly spaced gaps Δ from −halfWidth to halfWidth.'),
    field('p', F64, 'σ(Δ), the first of the two weights, at each gap.'),
    field('slope', F64, 'dp/dΔ = p(1 − p) at each gap, computed with the exact complement so the tails stay positive.'),
    field('at', num, 'The one gap asked about, as asked.'),
    field('pAt', num, 'σ at that gap.'),
    field('slopeAt', num, 'The slope at that gap.'),
    field('halfWidth', num, 'Half the grid\'s width, as asked.'),
    field('points', num, 'The number of grid points, as asked.'),
  ],
  options: [
    { name: 'halfWidth', type: number(0.01, 1000), default: 40, meaning: 'the grid runs from −halfWidth to +halfWidth' },
    { name: 'points', type: integer(2, 4001), default: 321, meaning: 'grid points, evenly spaced' },
    { name: 'at', type: number(-1000, 1000), default: 0, meaning: 'one gap Δ to evaluate as well (`pAt`, `slopeAt`)' },
  ],
};

export const gapSpread = {
  name: 'gapSpread',
  summary: 'Lesson 3: the gap q·k − q·k\' between two random scores at each dK, raw and ÷ √dK: its sd and the share of pairs on the softmax\'s flat tails.',
  returns: 'GapSpreadResult',
  results: [
    field('dKs', I32, 'The dimensions, as asked; the curves have an entry per dK.'),
    field('unscaled', GAP_SIDE, 'The gaps between raw scores.'),
    field('scaled', GAP_SIDE, 'The gaps once both scores are divided by √dK.'),
    field('pairs', num, 'Pairs of scores per dK, as asked.'),
    field('threshold', num, 'The slope below which a pair counts as flat, as asked.'),
    field('computeMs', num, 'Milliseconds the sweep took inside the engine.'),
  ],
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
  returns: 'GradientSweepResult',
  results: [
    field('dKs', I32, 'The dimensions, as asked; each curve has an entry per dK.'),
    field('unscaled', GRADIENT_CURVE, 'The rows with logits = scores (variance dK).'),
    field('scaled', GRADIENT_CURVE, 'The same rows with logits = scores/√dK (variance 1).'),
    field('ratio', F64, 'unscaled.meanNorm / scaled.meanNorm at each dK.'),
    field('n', num, 'Keys per row, as asked.'),
    field('trials', num, 'Rows per dK, as asked.'),
    field('model', oneOf('normal', 'dot'), 'How the scores were drawn, as asked.'),
    field('threshold', num, 'The norm below which a row counts in `fractionBelow`, as asked.'),
    field('computeMs', num, 'Milliseconds the sweep took inside the engine.'),
  ],
  options: [
    { name: 'dKs', type: increasingDKs(64), default: POWERS_OF_TWO, defaultText: '[1, 2, 4, …, 4096]', meaning: 'the d_k values' },
    { name: 'n', type: integer(2, 1024), default: 16, meaning: 'scores per row' },
    {
      name: 'trials', type: integer(1, 100000), default: 1000,
      meaning: 'rows per d_k; trials·dKs.length ≤ 2²⁰; "normal": 2·trials·dKs.length·n ≤ 2²⁶; "dot": trials·max(dKs)·(n + 1) ≤ 2²⁵',
    },
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
  returns: 'GradientDistributionResult',
  results: [
    field('jacobian', NORM_PAIR, 'Each row\'s softmax-Jacobian norm ‖J‖_F, unscaled and scaled.'),
    field('query', NORM_PAIR, 'Each row\'s gradient reaching the query, c·‖KᵀJ‖_F, unscaled and scaled.', queryOnly),
    field('dK', num, 'The dimension d_k, as asked.'),
    field('scale', num, '1/√dK, the factor of the scaled rows.'),
    field('n', num, 'Keys per row, as asked.'),
    field('trials', num, 'Rows, as asked.'),
    field('model', oneOf('normal', 'dot'), 'How the scores were drawn, as asked.'),
    field('threshold', num, 'The norm below which a row counts in `fractionBelow`, as asked.'),
    field('bins', num, 'Histogram bins, as asked.'),
    field('computeMs', num, 'Milliseconds the sample took inside the engine.'),
  ],
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
  returns: 'PeakWeightCapResult',
  results: [
    field('n', num, 'Logits in the row, as asked.'),
    field('sd', num, 'The row\'s spread, as asked.'),
    field('gap', num, 'Δ = sd·n/√(n − 1): how far the top logit stands above the n − 1 equal others.'),
    field('maxWeight', num, 'The cap, 1/(1 + (n − 1)·e^(−Δ)): the largest weight a row of this spread allows.'),
    field('oneMinusMaxWeight', num, '1 − cap without cancellation (0 once Δ passes about 745).'),
    field('log10OneMinusMaxWeight', num, 'Its base-10 logarithm, finite for every allowed input.'),
    field('row', F64, 'The row that reaches the cap, mean 0: Δ·(n − 1)/n first, −Δ/n for the others.'),
    field('weights', F64, 'The engine\'s float64 softmax of `row`; weights[0] is the cap.'),
    field('rowSd', num, 'The population sd of `row` as measured, equal to `sd` up to rounding.'),
  ],
  options: [
    { name: 'n', type: integer(2, 4096), required: true, meaning: 'logits in the row' },
    { name: 'sd', type: number(0, 50), required: true, meaning: 'their standard deviation (Δ ≤ 3201, so every result stays finite in float64)' },
  ],
};

export const softmaxNumerics = {
  name: 'softmaxNumerics',
  summary: 'Lesson 3\'s numerics panel: naive and stable softmax in float32 and float64, and where exp overflows.',
  returns: 'SoftmaxNumericsResult',
  results: [
    field('naive32', F32, 'exp(β·x)/Σexp(β·x) by the float32 SIMD kernel.'),
    field('stable32', F32, 'The max-subtracted softmax by the float32 SIMD kernel.'),
    field('naive64', F64, 'The textbook softmax in float64.'),
    field('stable64', F64, 'The max-subtracted softmax in float64.'),
    field('maxLogit', num, 'β·max(values).'),
    field('minLogit', num, 'β·min(values).'),
    field('overflowAt32', num, 'ln of the largest float32, about 88.72: exp overflows past it.'),
    field('overflowAt64', num, 'ln of the largest float64, about 709.78.'),
    field('naive32Ok', bool, 'Whether `naive32` is finite and sums to 1 within 1e-3.'),
    field('stable32Ok', bool, 'Whether `stable32` is finite and sums to 1 within 1e-3.'),
    field('naive64Ok', bool, 'Whether `naive64` is finite and sums to 1 within 1e-9.'),
    field('stable64Ok', bool, 'Whether `stable64` is finite and sums to 1 within 1e-9.'),
  ],
  options: [
    { name: 'values', type: list({ minLength: 1, maxLength: MAX_DIM }), required: true, quoteMissing: true, meaning: 'the row (float32)' },
    { name: 'beta', type: number(0, 1e6), default: 1, meaning: 'inverse temperature' },
  ],
  nonFinite: ['naive32', 'naive64'], // the naive softmax's overflow, shown on purpose
};
