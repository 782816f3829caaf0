// The schemas of Lesson 5's functions (cpp/bindings/heads.cpp): multi-head attention on Lesson 1's model, and the
// Monte Carlo sweep over the number of heads.
import { atMost, choice, fail, fmt, integer, list, seed, text } from './types.js';
import { F32, F64, I32, arrayOf, field, num, object, oneOf, str } from './results.js';

/** One scaling of multiHeadExample's heads, an entry per head. */
const HEAD_SCALING = object([
  field('scale', num, 'The factor the scores are multiplied by under this scaling.'),
  field('scaledScoreVariance', F64, 'Per head, the variance of its n² scaled scores.'),
  field('maxWeight', F64, 'Per head, the mean over its rows of the largest weight.'),
  field('entropy', F64, 'Per head, the mean row entropy in nats.'),
], 'HeadScaling');
/** One scaling of multiHeadSweep, an entry per number of heads. */
const SWEEP_SCALING = object([
  field('scale', F64, 'The factor the scores are multiplied by, per H.'),
  field('scaledScoreVariance', F64, 'Mean per-head variance of the scaled scores, per H.'),
  field('scaledScoreVarianceStdError', F64, 'Its standard error.'),
  field('maxWeight', F64, 'Mean largest weight of a row, per H.'),
  field('maxWeightStdError', F64, 'Its standard error.'),
  field('entropy', F64, 'Mean row entropy in nats, per H.'),
  field('entropyStdError', F64, 'Its standard error.'),
], 'SweepScaling');
const SCALINGS = (fields) => [
  field('dk', fields, 'Scores divided by √dK, the head\'s own width.'),
  field('dmodel', fields, 'Scores divided by √dModel, the model\'s width.'),
  field('none', fields, 'Scores not divided at all.'),
];

export const MAX_MODEL = 1024;
export const MAX_HEADS = 64;

/** The head counts that divide dModel, as the errors list them. */
function divisors(dModel) {
  const out = [];
  for (let h = 1; h <= Math.min(dModel, MAX_HEADS); h += 1) if (dModel % h === 0) out.push(h);
  return out;
}

function mustDivide(what, heads, dModel) {
  if (dModel % heads !== 0) fail(`${what} = ${heads} is not allowed: it must divide dModel = ${dModel} (allowed: ${divisors(dModel).join(', ')})`);
}

export const multiHeadExample = {
  name: 'multiHeadExample',
  summary: 'Lesson 5: multi-head attention on the "money bank grows" model, Concat(head_1 … head_H)·W^O.',
  returns: 'MultiHeadExampleResult',
  results: [
    field('tokens', arrayOf(str), 'The sentence\'s words, one per token (n of them).'),
    field('dModel', num, 'The model\'s width, as asked.'),
    field('heads', num, 'The number of heads H, as asked.'),
    field('dK', num, 'Each head\'s query and key width, dModel/H.'),
    field('dV', num, 'Each head\'s value width, dModel/H.'),
    field('scaleBy', oneOf('dk', 'dmodel', 'none'), 'The scaling applied, as asked.'),
    field('scale', num, 'The factor the scores were multiplied by (float32).'),
    field('embeddings', F32, '`(n, dModel)`: the static embeddings X.'),
    field('wQ', F32, '`(dModel, dModel)`: W_q, head h in columns h·dK … (h+1)·dK − 1.'),
    field('wK', F32, '`(dModel, dModel)`: W_k, laid out as W_q.'),
    field('wV', F32, '`(dModel, dModel)`: W_v, head h in columns h·dV … (h+1)·dV − 1.'),
    field('q', F32, '`(n, dModel)`: the queries, the heads side by side.'),
    field('k', F32, '`(n, dModel)`: the keys, the heads side by side.'),
    field('v', F32, '`(n, dModel)`: the values, the heads side by side.'),
    field('scores', F32, '`(heads, n, n)`: each head\'s raw scores.'),
    field('scaledScores', F32, '`(heads, n, n)`: each head\'s scores times `scale`.'),
    field('weights', F32, '`(heads, n, n)`: each head\'s softmax rows, summing to 1.'),
    field('concat', F32, '`(n, dModel)`: Concat(head₁ … head_H), head h in columns h·dV ….'),
    field('wO', F32, '`(dModel, dModel)`: the output weights W^O.'),
    field('output', F32, '`(n, dModel)`: concat·W^O.'),
    field('headScoreVariance', F64, 'Per head, the variance of its n² raw scores.'),
    field('headScaledScoreVariance', F64, 'Per head, the variance of its n² scaled scores.'),
    field('headMaxWeight', F64, 'Per head, the mean over its rows of the largest weight.'),
    field('headEntropy', F64, 'Per head, the mean row entropy in nats.'),
    field('maxEntropy', num, 'ln n, the entropy of an even row.'),
    field('comparison', object(SCALINGS(HEAD_SCALING)), 'The same heads under each of the three scalings, so a toggle needs no second call.'),
  ],
  options: [
    { name: 'sentence', type: text(600), default: 'money bank grows', meaning: '1 to 12 whitespace-separated words, each at most 40 bytes' },
    { name: 'dModel', type: integer(1, MAX_MODEL), default: 8, meaning: 'width of the embeddings' },
    { name: 'heads', type: integer(1, MAX_HEADS), default: 2, meaning: 'H; it must divide dModel' },
    { name: 'seed', type: seed(), default: 1, meaning: 'seed of the projections' },
    {
      name: 'scaleBy', type: choice('dk', 'dmodel', 'none'), default: 'dk',
      meaning: '`"dk"`: scores × 1/√dK per head (correct); `"dmodel"`: × 1/√dModel (a mistake found in real code); `"none"`: × 1',
    },
  ],
  rules(o) {
    mustDivide('heads', o.heads, o.dModel);
  },
};

export const multiHeadSweep = {
  name: 'multiHeadSweep',
  summary: 'Lesson 5: Monte Carlo over H of per-head score variance and sharpness when scaling by √dK, √dModel or 1.',
  returns: 'MultiHeadSweepResult',
  results: [
    field('dModel', num, 'The model\'s width, as asked.'),
    field('tokens', num, 'Tokens per sample, as asked.'),
    field('samples', num, 'Samples, as asked.'),
    field('heads', I32, 'The numbers of heads H swept; every array below has an entry per H.'),
    field('dK', I32, 'Each head\'s width dModel/H.'),
    field('scoreVariance', F64, 'Mean per-head variance of the raw scores (about dK).'),
    field('scoreVarianceStdError', F64, 'Its standard error.'),
    field('maxEntropy', num, 'ln tokens, the entropy of an even row.'),
    ...SCALINGS(SWEEP_SCALING),
    field('computeMs', num, 'Milliseconds the sweep took inside the engine.'),
  ],
  options: [
    { name: 'dModel', type: integer(1, MAX_MODEL), default: 64, meaning: 'width of the embeddings' },
    {
      name: 'heads', type: list({ elem: 'f64', minLength: 1, maxLength: 32, min: 1, max: MAX_HEADS, integer: true, increasing: true }),
      default: (o) => divisors(o.dModel).filter((h) => (h & (h - 1)) === 0), defaultText: 'every power of two that divides dModel',
      meaning: 'the head counts H, increasing, each dividing dModel',
    },
    { name: 'tokens', type: integer(2, 64), default: 8, meaning: 'tokens per sequence' },
    { name: 'samples', type: integer(2, 10000), default: 200, meaning: 'draws; samples·(tokens·dModel + 2·dModel²) ≤ 2²⁵' },
    { name: 'seed', type: seed(), default: 1, meaning: 'the generator\'s seed' },
  ],
  after(o) {
    for (let i = 0; i < o.heads.length; i += 1) mustDivide(`heads[${i}]`, o.heads[i], o.dModel);
    atMost('samples·(tokens·dModel + 2·dModel²)', o.samples * (o.tokens * o.dModel + 2 * o.dModel * o.dModel), 33554432);
  },
};

