// The schemas of Lesson 4's functions (cpp/bindings/temperature.cpp): softmax at several temperatures, normalising
// over either index, the Var(q·k) = d_k derivation, and what its assumptions do to real projections.
import { atMost, fail, fmt, integer, list, number, seed } from './types.js';
import { MAX_DIM } from './core.js';
import { F32, F64, I32, field, nullable, num, object } from './results.js';

/** A Monte Carlo estimate beside its exact value; null where there is nothing to measure (a pair covariance at dK = 1). */
const ESTIMATE = object([
  field('value', nullable(num), 'The measured value.'),
  field('stdError', nullable(num), 'Its standard error.'),
  field('theory', nullable(num), 'The exact value for the distribution asked.'),
], 'Estimate');
const estimate = (name, what) => field(name, ESTIMATE, what);
/** Mean softmax sharpness over rows, with standard errors. */
const SHARPNESS = object([
  field('maxWeight', num, 'Mean largest weight of a row.'),
  field('maxWeightStdError', num, 'Its standard error.'),
  field('entropy', num, 'Mean entropy of a row, in nats.'),
  field('entropyStdError', num, 'Its standard error.'),
], 'Sharpness');
const echo = (name) => field(name, num, `The option \`${name}\`, as run.`);
const withError = (name, meaning) => [field(name, num, meaning), field(`${name}StdError`, num, 'Its standard error.')];

export const boltzmann = {
  name: 'boltzmann',
  summary: 'Lesson 4: softmax(β·scores) for each β (T = 1/β) with entropy and largest weight, and for scores + shift.',
  returns: 'BoltzmannResult',
  results: [
    field('scores', F64, 'The scores, as given (n of them).'),
    field('betas', F64, 'The inverse temperatures β, as given (m of them).'),
    field('temperatures', F64, 'T = 1/β for each β (Infinity at β = 0).'),
    field('weights', F64, '`(m, n)`: row t is softmax(betas[t]·scores).'),
    field('argmax', I32, 'Per β, the index of the largest weight (the first on a tie).'),
    field('maxWeight', F64, 'Per β, the largest weight.'),
    field('oneMinusMaxWeight', F64, 'Per β, 1 − the largest weight, summed from the other weights so a nearly one-hot row keeps its digits.'),
    field('entropy', F64, 'Per β, the row\'s entropy in nats.'),
    field('effectiveKeys', F64, 'Per β, e^entropy: how many scores the row spreads over, 1 … n.'),
    field('maxEntropy', num, 'ln n, the entropy at β = 0.'),
    field('uniformWeight', num, '1/n, every weight at β = 0.'),
    field('shift', num, 'The constant added to every score, as given.'),
    field('shiftedScores', F64, 'scores + shift.'),
    field('shiftedWeights', F64, '`(m, n)`: softmax(β·(scores + shift)), laid out as `weights`.'),
    field('shiftChange', F64, 'Per β, the largest |weights − shiftedWeights|: 0 up to float64 rounding, since softmax ignores a shift.'),
    field('maxShiftChange', num, 'The largest of `shiftChange`.'),
    field('n', num, 'The number of scores.'),
    field('count', num, 'The number of β, m.'),
  ],
  options: [
    { name: 'scores', type: list({ elem: 'f64', minLength: 1, maxLength: 512, min: -1e6, max: 1e6 }), required: true, meaning: 'one row of scores' },
    {
      name: 'betas', type: list({ elem: 'f64', minLength: 1, maxLength: 256, min: 0, max: 1e6 }), required: true,
      meaning: 'the inverse temperatures β (a logarithmic slider from 10⁻³ to 10³ fits)',
    },
    { name: 'shift', type: number(-1e6, 1e6), default: 0, meaning: 'a constant added to every score (the shift-invariance demo)' },
  ],
  nonFinite: ['temperatures'], // T = 1/β is Infinity at β = 0, as documented
};

export const normalisationDemo = {
  name: 'normalisationDemo',
  summary: 'Lesson 4: one score matrix normalised over its last index (attention) and over its first.',
  returns: 'NormalisationDemoResult',
  results: [
    field('rows', num, 'Rows (queries) of the score matrix.'),
    field('cols', num, 'Columns (keys) of the score matrix.'),
    field('beta', num, 'The factor β the scores were multiplied by.'),
    field('scores', F64, '`(rows, cols)`: the scores, as given.'),
    field('byRow', F64, '`(rows, cols)`: exp(β·s) normalised over the last index, so each row sums to 1, as attention does.'),
    field('byColumn', F64, '`(rows, cols)`: exp(β·s) normalised over the first index, so each column sums to 1.'),
    field('byRowRowSums', F64, 'The row sums of `byRow`: all 1.'),
    field('byRowColumnSums', F64, 'The column sums of `byRow`.'),
    field('byColumnRowSums', F64, 'The row sums of `byColumn`.'),
    field('byColumnColumnSums', F64, 'The column sums of `byColumn`: all 1.'),
    field('rowEntropy', F64, 'Entropy of each row of `byRow`, in nats.'),
    field('columnEntropy', F64, 'Entropy of each column of `byColumn`, in nats.'),
    field('maxDifference', num, 'The largest |byRow − byColumn|.'),
    field('kernelWeights', F32, '`(rows, cols)`: the float32 SIMD softmax kernel attention runs, applied to the same matrix.'),
    field('kernelMaxDifference', num, 'The largest |kernelWeights − byRow|: float32 rounding, showing the kernel normalises rows.'),
  ],
  options: [
    {
      name: 'scores',
      type: list({
        elem: 'f64', length: (o) => o.rows * o.cols, shape: (o) => `rows·cols = ${o.rows}·${o.cols}`, lengthName: 'rows·cols',
        min: -1e6, max: 1e6,
      }),
      required: true, meaning: 'the matrix, `(rows, cols)` row-major',
    },
    { name: 'rows', type: integer(1, 16), default: 3, meaning: 'rows of the matrix' },
    { name: 'cols', type: integer(1, 16), default: 3, meaning: 'columns of the matrix' },
    { name: 'beta', type: number(0, 1e6), default: 1, meaning: 'inverse temperature' },
  ],
};

export const derivation = {
  name: 'derivation',
  summary: 'Lesson 4: each step of Var(q·k) = Σ Var(qᵢkᵢ) = Σ Var(qᵢ)Var(kᵢ) = dK by Monte Carlo, beside its closed form.',
  returns: 'DerivationResult',
  results: [
    estimate('meanQ', 'E qᵢ, pooled over the components.'),
    estimate('meanK', 'E kᵢ, pooled over the components.'),
    estimate('varQ', 'Var qᵢ.'),
    estimate('varK', 'Var kᵢ.'),
    estimate('covQK', 'Cov(qᵢ, kᵢ).'),
    estimate('pairCovQ', 'Cov(qᵢ, qⱼ) for i ≠ j, averaged over the pairs (null fields at dK = 1, which has none).'),
    estimate('pairCovK', 'Cov(kᵢ, kⱼ) for i ≠ j, averaged over the pairs (null fields at dK = 1).'),
    estimate('meanProduct', 'E(qᵢkᵢ), the mean of one term.'),
    estimate('varProduct', 'Var(qᵢkᵢ), the variance of one term.'),
    estimate('meanDot', 'E(q·k).'),
    estimate('varDot', 'Step 1: Var(q·k).'),
    estimate('sumVarProducts', 'Step 2: Σᵢ Var(qᵢkᵢ).'),
    estimate('covarianceSum', 'Σ over i ≠ j of Cov(qᵢkᵢ, qⱼkⱼ): step 1 minus step 2.'),
    estimate('sumVarQVarK', 'Step 3: Σᵢ Var(qᵢ)·Var(kᵢ).'),
    estimate('scaledVariance', 'Var(q·k)/dK, the variance of the logits q·k/√dK.'),
    echo('dK'),
    echo('samples'),
    field('computeMs', num, 'Milliseconds the estimate took inside the engine.'),
  ],
  options: [
    { name: 'dK', type: integer(1, MAX_DIM), default: 64, meaning: 'd_k' },
    { name: 'samples', type: integer(2, 1000000), default: 10000, meaning: '(q, k) pairs drawn; samples·dK ≤ 2²²' },
    { name: 'seed', type: seed(), default: 1, meaning: 'the generator\'s seed' },
    { name: 'meanQ', type: number(-100, 100), default: 0, meaning: 'mean of every qᵢ' },
    { name: 'meanK', type: number(-100, 100), default: 0, meaning: 'mean of every kᵢ' },
    { name: 'sigmaQ', type: number(0, 100), default: 1, meaning: 'standard deviation of every qᵢ' },
    { name: 'sigmaK', type: number(0, 100), default: 1, meaning: 'standard deviation of every kᵢ' },
    { name: 'correlation', type: number(-1, 1), default: 0, meaning: 'correlation of qᵢ with kᵢ' },
  ],
  rules(o) {
    atMost('samples·dK', o.samples * o.dK, 4194304);
  },
};

/** The options assumptionCheck and weightDrift share: X and the two projections. */
const projectionOptions = () => [
  { name: 'dX', type: integer(1, 1024), default: 64, meaning: 'width of the random X' },
  { name: 'dK', type: integer(1, 1024), default: 64, meaning: 'd_k of W_q and W_k' },
  { name: 'sigmaX', type: number(0.001, 100), default: 1, meaning: 'σ of X\'s entries' },
  { name: 'sigmaWq', type: number(0.001, 100), default: 0.125, meaning: 'σ of W_q\'s entries (the defaults are the unit case at dX = 64: dX·σ_X²·σ_W² = 1)' },
  { name: 'sigmaWk', type: number(0.001, 100), default: 0.125, meaning: 'σ of W_k\'s entries' },
  { name: 'meanX', type: number(-10, 10), default: 0, meaning: 'mean of X\'s entries' },
  { name: 'tokens', type: integer(2, 64), default: 8, meaning: 'rows of X' },
  {
    name: 'samples', type: integer(2, 100000), default: 300,
    meaning: 'draws of X, W_q, W_k; samples·(tokens·dX + 2·dX·dK) ≤ 2²⁵ and (drift factors)·samples·tokens·dK·(2·dX + tokens) ≤ 2³⁰',
  },
  { name: 'seed', type: seed(), default: 1, meaning: 'the generator\'s seed' },
];

function projectionWork(o, drifts) {
  atMost('samples·(tokens·dX + 2·dX·dK)', o.samples * (o.tokens * o.dX + 2 * o.dX * o.dK), 33554432);
  const work = drifts * o.samples * o.tokens * o.dK * (2 * o.dX + o.tokens);
  atMost(drifts > 1 ? 'drifts.length·samples·tokens·dK·(2·dX + tokens)' : 'samples·tokens·dK·(2·dX + tokens)', work, 1073741824);
}

export const assumptionCheck = {
  name: 'assumptionCheck',
  summary: 'Lesson 4: score variances of Q = X·W_q, K = X·W_k predicted and measured, on and off the diagonal.',
  returns: 'AssumptionCheckResult',
  results: [
    field('predicted', num, 'The paper\'s relaxed prediction (dX·σ_X²·σ_Wq²)(dX·σ_X²·σ_Wk²)·dK, σ_W including `drift`; it ignores `meanX`.'),
    field('predictedOffDiagonal', num, 'The exact variance of a score between two different tokens.'),
    field('predictedDiagonal', num, 'The exact variance of a token\'s score with itself.'),
    field('predictedAll', num, 'What the variance of all tokens² scores tends to, the diagonal and the rest mixed.'),
    field('predictedWithinRow', num, 'The expected variance of one row\'s off-diagonal scores, the spread a row\'s softmax sees.'),
    ...withError('measured', 'Variance of all tokens² scores of all samples.'),
    ...withError('measuredDiagonal', 'Variance of the diagonal scores alone.'),
    ...withError('measuredOffDiagonal', 'Variance of the off-diagonal scores alone.'),
    ...withError('withinRowVariance', 'Mean over rows of the variance of the row\'s off-diagonal scores.'),
    ...withError('meanDiagonal', 'Mean diagonal score (0 in theory, whatever `meanX`).'),
    ...withError('meanOffDiagonal', 'Mean off-diagonal score (0 in theory).'),
    ...withError('diagonalRatio', 'measuredDiagonal / measuredOffDiagonal.'),
    field('predictedDiagonalRatio', num, 'predictedDiagonal / predictedOffDiagonal: 1 + 2/dX when meanX = 0.'),
    ...withError('scaledVariance', 'measured/dK: the variance left after the 1/√dK scaling.'),
    field('scaledPredicted', num, 'predicted/dK.'),
    field('standardBeta', num, '1/√dK.'),
    field('restoringBeta', num, '1/√measured: the factor that would bring the raw scores to variance 1.'),
    field('predictedRestoringBeta', num, '1/√predictedAll.'),
    field('scaled', SHARPNESS, 'Sharpness of the rows at β = 1/√dK (each row includes the token itself).'),
    field('restored', SHARPNESS, 'Sharpness of the rows at β = predictedRestoringBeta.'),
    field('assumed', SHARPNESS, 'Sharpness of rows of `tokens` independent N(0, 1) logits, what 1/√dK aims for.'),
    field('maxEntropy', num, 'ln tokens, the entropy of an even row.'),
    field('firstScores', F32, '`(tokens, tokens)`: sample 0\'s raw scores, for a heatmap.'),
    field('firstWeights', F32, '`(tokens, tokens)`: sample 0\'s softmax rows at β = 1/√dK.'),
    ...['dX', 'dK', 'sigmaX', 'sigmaWq', 'sigmaWk', 'meanX', 'tokens', 'samples', 'drift'].map(echo),
    field('computeMs', num, 'Milliseconds the check took inside the engine.'),
  ],
  options: [
    ...projectionOptions(),
    { name: 'drift', type: number(0.01, 100), default: 1, meaning: 'W_q and W_k multiplied by it' },
  ],
  rules(o) {
    projectionWork(o, 1);
  },
};

export const weightDrift = {
  name: 'weightDrift',
  summary: 'Lesson 4: W_q and W_k scaled by each drift factor: score variance and softmax sharpness.',
  returns: 'WeightDriftResult',
  results: [
    field('drifts', F64, 'The factors f, as given; every array below has an entry per f.'),
    field('predicted', F64, 'The paper\'s product at each f (× f⁴).'),
    field('predictedAll', F64, 'The exact variance of all scores at each f.'),
    field('measured', F64, 'Variance of all scores at each f.'),
    field('measuredStdError', F64, 'Its standard error.'),
    field('varianceRatio', F64, 'measured at f over measured at f = 1, from the same draws: f⁴ up to float32 rounding.'),
    field('sdRatio', F64, '√varianceRatio: how many times wider the scores are (f²).'),
    field('measuredDiagonal', F64, 'Variance of the diagonal scores at each f.'),
    field('measuredOffDiagonal', F64, 'Variance of the off-diagonal scores at each f.'),
    field('scaledVariance', F64, 'measured/dK at each f.'),
    field('scaledVarianceStdError', F64, 'Its standard error.'),
    field('restoringBeta', F64, '1/√measured at each f.'),
    field('maxWeight', F64, 'Mean largest weight of a row at β = 1/√dK.'),
    field('maxWeightStdError', F64, 'Its standard error.'),
    field('entropy', F64, 'Mean row entropy at β = 1/√dK, in nats.'),
    field('entropyStdError', F64, 'Its standard error.'),
    field('restoredMaxWeight', F64, 'Mean largest weight at β = 1/√predictedAll, β reset for unit variance at that f.'),
    field('restoredMaxWeightStdError', F64, 'Its standard error.'),
    field('assumed', SHARPNESS, 'Sharpness of rows of independent N(0, 1) logits.'),
    field('maxEntropy', num, 'ln tokens.'),
    field('standardBeta', num, '1/√dK.'),
    ...['dX', 'dK', 'tokens', 'samples'].map(echo),
    field('computeMs', num, 'Milliseconds the curve took inside the engine.'),
  ],
  options: [
    {
      name: 'drifts', type: list({ elem: 'f64', minLength: 1, maxLength: 64, min: 0.01, max: 100 }),
      default: [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4],
      meaning: 'the factors f on W_q and W_k (f = 1 is computed too, as the base of `varianceRatio`)',
    },
    ...projectionOptions(),
  ],
  after(o) {
    // f = 1 from the same draws is the base of varianceRatio: one more factor when the list lacks it.
    projectionWork(o, o.drifts.length + (o.drifts.includes(1) ? 0 : 1));
  },
};

