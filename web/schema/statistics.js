// The schemas of Lesson 2's functions (cpp/bindings/statistics.cpp): dot products of random vectors, the variance
// sweep, Var(cX) = c²·Var(X), and the lengths and angle of random pairs (q·k = ‖q‖‖k‖ cos θ).
import { atMost, boolean, choice, describe, fail, fmt, integer, list, number, seed } from './types.js';
import { MAX_DIM } from './core.js';
import { F32, F64, I32, bool, field, num, object } from './results.js';

/** A histogram as Lesson 2's panels draw it. */
const HISTOGRAM = object([
  field('edges', F64, 'The bins + 1 bin edges, from the window\'s low end to its high end.'),
  field('counts', F64, 'How many values fell in each bin; the last bin includes the high edge.'),
  field('outside', num, 'How many values fell outside the window.'),
], 'Histogram');
/** How sharp softmax rows are, on average. */
const ROW_SHARPNESS = object([
  field('maxWeight', num, 'Mean largest weight of a row.'),
  field('entropy', num, 'Mean entropy of a row, in nats.'),
], 'RowSharpness');
const windowFields = (what) => [
  field('min', num, `The smallest of the ${what}.`),
  field('max', num, `The largest of the ${what}.`),
  field('histogram', HISTOGRAM, `The ${what} counted in equal bins over \`range\`, or over [min, max] without it.`),
];

/** The entries' distribution, shared by every function that draws vectors. */
export const distributionOptions = () => [
  { name: 'distribution', type: choice('uniform', 'normal'), default: 'uniform', meaning: 'entries uniform on [0, 1), or normal with `mean` and `std`' },
  { name: 'mean', type: number(-1000, 1000), default: 0, meaning: 'μ of normal entries (only with `"normal"`)' },
  { name: 'std', type: number(0, 1000), default: 1, meaning: 'σ of normal entries (only with `"normal"`)' },
];

/** mean and std only mean something for normal entries. */
export function uniformHasNoMoments(o, given) {
  if (o.distribution !== 'uniform') return;
  for (const p of ['mean', 'std']) {
    if (given[p]) fail(`${p} = ${describe(o[p])} is not allowed with distribution = "uniform" (entries uniform on [0, 1)): use "normal"`);
  }
}

/** A window [lo, hi] for a histogram: one window for several panels shares an axis. */
const rangeOption = () => ({
  name: 'range', type: list({ length: () => 2, shape: () => '[lo, hi]', lengthName: '2' }), defaultText: '[min, max] of the values',
  meaning: 'the histogram\'s window `[lo, hi]`, lo < hi (one window for several panels shares an axis)',
});

function rangeInOrder(o, given) {
  if (given.range && !(o.range[0] < o.range[1])) fail(`range = [${fmt(o.range[0])}, ${fmt(o.range[1])}] is not allowed: need lo < hi`);
}

export const dotProducts = {
  name: 'dotProducts',
  summary: 'Lesson 2: `pairs` dot products of random vectors of dimension `dim`, their moments, histogram and theory.',
  returns: 'DotProductsResult',
  results: [
    field('values', F32, 'The `pairs` dot products; pair p keeps its entries when `pairs` or `dim` grows.'),
    field('mean', num, 'Mean of the dot products.'),
    field('variance', num, 'Population variance of the dot products.'),
    field('sd', num, 'Their standard deviation, √variance: the histogram\'s width.'),
    ...windowFields('dot products'),
    field('theoryMean', num, 'dim·μ², the mean the entries\' distribution predicts.'),
    field('theoryVariance', num, 'dim·v, the variance of one dot product (v = Var(aᵢbᵢ)).'),
    field('expectedVariance', num, 'dim·v·(1 − 1/pairs): the mean of a population variance of `pairs` independent dot products.'),
    field('expectedVarianceSd', num, 'How far `variance` moves from seed to seed (one sd, to leading order).'),
  ],
  options: [
    { name: 'dim', type: integer(1, MAX_DIM), required: true, meaning: 'dimension of the vectors; dim·pairs ≤ 2²⁴' },
    { name: 'pairs', type: integer(1, 100000), default: 1000, meaning: 'independent pairs (a, b)' },
    ...distributionOptions(),
    { name: 'seed', type: seed(), default: 1, meaning: 'the generator\'s seed' },
    { name: 'bins', type: integer(1, 1000), default: 30, meaning: 'histogram bins' },
    rangeOption(),
  ],
  rules(o, given) {
    uniformHasNoMoments(o, given);
    atMost('dim·pairs', o.dim * o.pairs, 16777216);
  },
  after: rangeInOrder,
};

export const histogram = {
  name: 'histogram',
  summary: 'Lesson 2: `values` counted in `bins` equal bins over one window, e.g. several panels\' scores binned again on a shared axis.',
  returns: 'HistogramResult',
  results: [
    ...windowFields('values'),
  ],
  options: [
    { name: 'values', type: list({ minLength: 1, maxLength: 1048576 }), required: true, quoteMissing: true, meaning: 'the values (float32)' },
    { name: 'bins', type: integer(1, 1000), default: 30, meaning: 'histogram bins' },
    rangeOption(),
  ],
  after: rangeInOrder,
};

export const varianceSweep = {
  name: 'varianceSweep',
  summary: 'Lesson 2: mean and variance of all pairwise dot products of `vectors` random vectors for d = 1 … maxDim.',
  returns: 'VarianceSweepResult',
  results: [
    field('dims', I32, 'The dimensions d = 1 … maxDim; every array below has an entry per d.'),
    field('mean', F64, 'Mean of all pairwise dot products of the first d entries (÷ √d when `scaled`).'),
    field('variance', F64, 'Their population variance at each d.'),
    field('slope', num, 'Slope of the least-squares line variance ≈ slope·d + intercept.'),
    field('intercept', num, 'Intercept of that line.'),
    field('fitted', F64, 'That line evaluated at each d, ready to draw.'),
    field('logLogSlope', num, 'Slope of ln(variance) against ln(d): about 1 unscaled, about 0 scaled.',
      'when two or more d have a positive variance (not with σ = 0)'),
    field('theorySlope', num, 'v, the variance of one product per dimension: 7/144 for uniform entries, σ⁴ + 2μ²σ² for normal ones (unscaled in both modes).'),
    field('expectedSlope', num, 'The slope a sweep of this many vectors has on average: `theorySlope` × (1 − 1/pairs), '
      + 'less the covariance of pairs that share a vector when the entries\' mean is not zero.'),
    field('theoryMean', F64, 'd·μ² at each d (√d·μ² when `scaled`).'),
    field('theoryVariance', F64, 'd·v at each d (v when `scaled`).'),
    field('expectedVariance', F64, 'd·expectedSlope at each d (expectedSlope when `scaled`).'),
    field('expectedVarianceSd', F64, 'One sd of `variance` around `expectedVariance` from seed to seed, to leading order in 1/vectors.'),
    field('rowVariance', F64, 'The variance of one query\'s scores against the other vectors, averaged over the queries: the spread a softmax row sees.'),
    field('rowMeanVariance', F64, 'The variance of the rows\' means across queries; with `rowVariance` it adds up to `variance`.'),
    field('rowSlope', num, 'Least-squares slope of `rowVariance` against d.'),
    field('theoryRowSlope', num, '(μ² + σ²)·σ² per dimension, the row variance the model predicts.'),
    field('expectedRowSlope', num, '(1 − 1/(vectors − 1))·theoryRowSlope, the mean of rowVariance/d for this many vectors.'),
    field('theoryRowVariance', F64, 'd·theoryRowSlope at each d (level when `scaled`).'),
    field('expectedRowVariance', F64, 'd·expectedRowSlope at each d (level when `scaled`).'),
    field('pairs', num, 'The number of pairs, vectors·(vectors − 1)/2.'),
    field('vectors', num, 'The number of vectors, as asked.'),
    field('maxDim', num, 'The largest d, as asked.'),
    field('scaled', bool, 'Whether the dot products were divided by √d.'),
    field('computeMs', num, 'Milliseconds the sweep took inside the engine.'),
    field('entries', F32, '`(vectors, maxDim)`: the vectors themselves, a row each.', 'with `entries: true`'),
  ],
  options: [
    { name: 'maxDim', type: integer(2, MAX_DIM), default: 512, meaning: 'the sweep runs d = 1 … maxDim' },
    { name: 'vectors', type: integer(2, 1000), default: 100, meaning: 'random vectors; vectors·(vectors + 1)/2·maxDim ≤ 2²⁸' },
    ...distributionOptions(),
    { name: 'seed', type: seed(), default: 1, meaning: 'the generator\'s seed' },
    { name: 'scaled', type: boolean(), default: false, meaning: 'divide every dot product by √d' },
    { name: 'entries', type: boolean(), default: false, meaning: 'also return the vectors' },
  ],
  rules(o, given) {
    uniformHasNoMoments(o, given);
    atMost('vectors·(vectors + 1)/2·maxDim', (o.vectors * (o.vectors + 1)) / 2 * o.maxDim, 268435456,
      { note: ' (e.g. 1000 vectors up to maxDim 536)' });
  },
};

export const scaleVariance = {
  name: 'scaleVariance',
  summary: 'Lesson 2: both sides of Var(cX) = c²·Var(X), for given or drawn values.',
  returns: 'ScaleVarianceResult',
  results: [
    field('values', F64, 'The values X, given or drawn.'),
    field('scaledValues', F64, 'Each value times c.'),
    field('c', num, 'The factor c, as asked.'),
    field('meanX', num, 'Mean of X.'),
    field('varX', num, 'Population variance of X.'),
    field('meanCX', num, 'Mean of cX.'),
    field('varCX', num, 'Population variance of cX, computed from `scaledValues`.'),
    field('c2VarX', num, 'c²·varX, the right-hand side computed on its own.'),
    field('difference', num, 'varCX − c2VarX: 0 for powers of two, about 1e-16 relative otherwise (rounding).'),
  ],
  options: [
    { name: 'c', type: number(-1e6, 1e6), required: true, meaning: 'the factor c' },
    {
      name: 'values', type: list({ minLength: 1, maxLength: 1048576 }), defaultText: 'drawn',
      meaning: 'the values X (float32); then `count`, `seed`, `distribution`, `mean` and `std` are errors',
    },
    {
      name: 'count', type: integer(1, 1048576), default: 1000,
      meaning: 'values drawn when `values` is not given (the same numbers as `engine.random` for uniform or standard normal)',
    },
    { name: 'seed', type: seed(), default: 1, meaning: 'the generator\'s seed' },
    ...distributionOptions(),
  ],
  rules(o, given) {
    if (given.values) {
      for (const p of ['count', 'seed', 'distribution', 'mean', 'std']) {
        if (given[p]) fail(`${p} is not allowed with values: nothing is drawn`);
      }
    } else {
      uniformHasNoMoments(o, given);
    }
  },
};

export const pairAngles = {
  name: 'pairAngles',
  summary: 'Lesson 2: q·k = ‖q‖‖k‖ cos θ for random pairs with standard normal entries: one pair\'s lengths, cos θ, θ and q·k, ' +
    'and over `pairs` pairs the mean length, the sd of cos θ and of q·k beside √dim, 1/√dim and √dim.',
  returns: 'PairAnglesResult',
  results: [
    field('q', F32, 'The chosen pair\'s query, `dim` standard normal entries.'),
    field('k', F32, 'The chosen pair\'s key.'),
    field('dim', num, 'The dimension d_k, as asked.'),
    field('pairs', num, 'The number of pairs, as asked.'),
    field('pair', num, 'Which pair `q` and `k` are.'),
    field('lengthQ', num, '‖q‖ of the chosen pair.'),
    field('lengthK', num, '‖k‖ of the chosen pair.'),
    field('cos', num, 'cos θ of the chosen pair, from the unit vectors, apart from q·k.'),
    field('angle', num, 'θ of the chosen pair, in radians.'),
    field('dot', num, 'q·k of the chosen pair.'),
    field('product', num, '‖q‖·‖k‖·cos θ of the chosen pair, to set beside `dot`.'),
    field('lengthMean', num, 'Mean of the 2·pairs vector lengths.'),
    field('lengthSd', num, 'Population sd of those lengths.'),
    field('cosMean', num, 'Mean of cos θ over the pairs.'),
    field('cosSd', num, 'Population sd of cos θ over the pairs.'),
    field('dotMean', num, 'Mean of q·k over the pairs.'),
    field('dotSd', num, 'Population sd of q·k over the pairs.'),
    field('largestGap', num, 'The largest |q·k − ‖q‖‖k‖ cos θ| over the pairs: how well the identity holds in float32.'),
    field('largestDot', num, 'The largest |q·k| over the pairs, to read `largestGap` against.'),
    field('theoryLengthMean', num, 'E‖q‖ for standard normal entries, just under √d.'),
    field('theoryLengthSd', num, 'The sd of ‖q‖ the same distribution predicts.'),
    field('theoryCosSd', num, '1/√d, the sd of cos θ for directions uniform on the sphere.'),
    field('theoryDotSd', num, '√d, the sd of q·k.'),
    field('sqrtDim', num, '√d.'),
  ],
  options: [
    { name: 'dim', type: integer(1, MAX_DIM), required: true, meaning: 'dimension d_k of q and k; dim·pairs ≤ 2²²' },
    { name: 'pairs', type: integer(1, 100000), default: 1000, meaning: 'independent pairs (q, k)' },
    { name: 'pair', type: integer(0, 99999), default: 0, meaning: 'the pair whose entries, lengths and angle are returned; below `pairs`' },
    { name: 'seed', type: seed(), default: 1, meaning: 'the generator\'s seed' },
  ],
  rules(o) {
    atMost('dim·pairs', o.dim * o.pairs, 4194304);
    if (o.pair >= o.pairs) fail(`pair = ${fmt(o.pair)} is not allowed with pairs = ${fmt(o.pairs)}: need pair < pairs`);
  },
};

export const wordPairs = {
  name: 'wordPairs',
  summary: 'Lesson 2: real word vectors (setVocabulary) against the random model: their entries, lengths and cos θ, Var(q·k) ' +
    'over random pairs of different words beside d and d(σ⁴ + 2μ²σ²), and how sharp softmax rows of their scores ÷ √d are ' +
    'beside rows of standard normal vectors.',
  returns: 'WordPairsResult',
  results: [
    field('size', num, 'Words in the loaded vocabulary.'),
    field('dim', num, 'Width d of its vectors.'),
    field('pairs', num, 'Random pairs of different words, as asked.'),
    field('rows', num, 'Softmax rows, as asked.'),
    field('n', num, 'Keys per row, as asked.'),
    field('entryMean', num, 'Mean μ of every entry of every word vector.'),
    field('entrySd', num, 'Population sd σ of those entries.'),
    field('lengthMean', num, 'Mean length of a word vector.'),
    field('dotMean', num, 'Mean of x·y over the random pairs.'),
    field('dotVariance', num, 'Variance of x·y over the random pairs.'),
    field('cosMean', num, 'Mean cos θ over the pairs.'),
    field('cosSd', num, 'Sd of cos θ over the pairs.'),
    field('unitVariance', num, 'd: Var(x·y) for independent entries of mean 0 and variance 1.'),
    field('modelVariance', num, 'd(σ⁴ + 2μ²σ²): Var(x·y) for independent entries with the vocabulary\'s own μ and σ.'),
    field('maxEntropy', num, 'ln n, the entropy of an even row.'),
    field('logitVariance', num, 'dotVariance/d: the variance of the scores once divided by √d.'),
    field('sqrtDim', num, '√d.'),
    field('theoryCosSd', num, '1/√d, the sd of cos θ for random directions.'),
    field('uniformWeight', num, '1/n, each key\'s weight in an even row.'),
    field('words', ROW_SHARPNESS, 'Rows of a query word\'s scores ÷ √d against n other words.'),
    field('model', ROW_SHARPNESS, 'As many rows of a standard normal query against n standard normal keys of the same width.'),
  ],
  options: [
    { name: 'pairs', type: integer(2, 100000), default: 5000, meaning: 'random pairs of different words' },
    { name: 'rows', type: integer(1, 2000), default: 200, meaning: 'softmax rows: a query word and `n` other words, and as many rows of the random model' },
    { name: 'n', type: integer(2, 512), default: 16, meaning: 'keys per row; below the vocabulary\'s size' },
    { name: 'seed', type: seed(), default: 1, meaning: 'the generator\'s seed (which words, and the random model\'s vectors)' },
  ],
  rules(o) {
    atMost('rows·n', o.rows * o.n, 65536);
  },
};
