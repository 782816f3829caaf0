// The schemas of Lesson 2's functions (cpp/bindings/statistics.cpp): dot products of random vectors, the variance
// sweep, Var(cX) = c²·Var(X), and the lengths and angle of random pairs (q·k = ‖q‖‖k‖ cos θ).
import { atMost, boolean, choice, describe, fail, fmt, integer, list, number, seed } from './types.js';
import { MAX_DIM } from './core.js';

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
const rangeOption = () => ({ name: 'range', type: list({ length: () => 2, shape: () => '[lo, hi]', lengthName: '2' }), defaultText: '[min, max] of the values', meaning: 'the histogram\'s window `[lo, hi]`, lo < hi (one window for several panels shares an axis)' });

function rangeInOrder(o, given) {
  if (given.range && !(o.range[0] < o.range[1])) fail(`range = [${fmt(o.range[0])}, ${fmt(o.range[1])}] is not allowed: need lo < hi`);
}

export const dotProducts = {
  name: 'dotProducts',
  summary: 'Lesson 2: `pairs` dot products of random vectors of dimension `dim`, their moments, histogram and theory.',
  returns: 'LessonResult',
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
  returns: 'LessonResult',
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
  returns: 'LessonResult',
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
  returns: 'LessonResult',
  options: [
    { name: 'c', type: number(-1e6, 1e6), required: true, meaning: 'the factor c' },
    { name: 'values', type: list({ minLength: 1, maxLength: 1048576 }), defaultText: 'drawn', meaning: 'the values X (float32); then `count`, `seed`, `distribution`, `mean` and `std` are errors' },
    { name: 'count', type: integer(1, 1048576), default: 1000, meaning: 'values drawn when `values` is not given (the same numbers as `engine.random` for uniform or standard normal)' },
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
  summary: 'Lesson 2: q·k = ‖q‖‖k‖ cos θ for random pairs with standard normal entries: one pair\'s lengths, cos θ, θ and q·k, and over `pairs` pairs the mean length, the sd of cos θ and of q·k beside √dim, 1/√dim and √dim.',
  returns: 'LessonResult',
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
  summary: 'Lesson 2: real word vectors (setVocabulary) against the random model: their entries, lengths and cos θ, Var(q·k) over random pairs of different words beside d and d(σ⁴ + 2μ²σ²), and how sharp softmax rows of their scores ÷ √d are beside rows of standard normal vectors.',
  returns: 'LessonResult',
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
