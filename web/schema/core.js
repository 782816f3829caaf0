// The schemas of the engine's core functions (cpp/bindings/core.cpp): attention, softmax, dot, the generator and
// Lesson 1's example. Each option: name, type and range (web/schema/types.js), default, one line of meaning.
import { boolean, choice, fail, fmt, integer, list, number, seed, subset, text } from './types.js';
import { F32, F64, answer, arrayOf, bool, field, num, object, oneOf, str } from './results.js';

export const MAX_DIM = 4096; // d_k, d_v, d_model, n
export const MAX_HEADS = 64;
export const MAX_ELEMENTS = 16777216; // 2²⁴ floats in any one result matrix

const dim = () => integer(1, MAX_DIM);
const heads = (o) => o.heads;
const qkvShape = (n, d) => (o) => `${n}·heads·${d} = ${o[n]}·${heads(o)}·${o[d]}`;
const qkv = (n, d) => list({ length: (o) => o[n] * o.heads * o[d], shape: qkvShape(n, d), lengthName: `${n}·heads·${d}` });

/** attention's limits on its sizes, as it checks them: the score planes, then the heads' widths. */
function attentionLimits(o) {
  const plane = o.heads * o.nQ * o.nK;
  if (plane > MAX_ELEMENTS) fail(`heads·nQ·nK = ${fmt(plane)} is too large: allowed at most ${MAX_ELEMENTS}`);
  if (o.heads * o.dK > MAX_DIM) fail(`heads·dK = ${fmt(o.heads * o.dK)} is too large: allowed at most ${MAX_DIM}`);
  if (o.heads * o.dV > MAX_DIM) fail(`heads·dV = ${fmt(o.heads * o.dV)} is too large: allowed at most ${MAX_DIM}`);
}

export const OUTPUTS = ['scores', 'scaledScores', 'weights', 'output'];

export const attention = {
  name: 'attention',
  summary: 'Scaled dot-product attention, forward, with the intermediates asked for.',
  returns: 'AttentionResult',
  results: [
    field('scores', F32, '`(heads, nQ, nK)`: each head\'s `Q_h·K_hᵀ`, before the scale and the mask.', 'when `outputs` names it'),
    field('scaledScores', F32, '`(heads, nQ, nK)`: `scale·scores`, before the mask.', 'when `outputs` names it'),
    field('weights', F32, '`(heads, nQ, nK)`: the softmax of each row of the scaled scores after the mask; masked entries are exactly 0.',
      'when `outputs` names it'),
    field('output', F32, '`(nQ, heads·dV)`: `weights_h·V_h` for each head, the heads side by side.', 'when `outputs` names it'),
  ],
  options: [
    { name: 'q', type: qkv('nQ', 'dK'), required: true, quoteMissing: true, meaning: 'queries, `(nQ, heads·dK)` row-major' },
    { name: 'k', type: qkv('nK', 'dK'), required: true, quoteMissing: true, meaning: 'keys, `(nK, heads·dK)`' },
    { name: 'v', type: qkv('nK', 'dV'), required: true, quoteMissing: true, meaning: 'values, `(nK, heads·dV)`' },
    { name: 'nQ', type: dim(), required: true, meaning: 'number of queries' },
    { name: 'nK', type: dim(), required: true, meaning: 'number of keys (and values)' },
    { name: 'dK', type: dim(), required: true, meaning: 'per-head width of queries and keys; `heads·dK` ≤ 4096' },
    { name: 'dV', type: dim(), required: true, meaning: 'per-head width of values; `heads·dV` ≤ 4096' },
    {
      name: 'heads', type: integer(1, MAX_HEADS), default: 1,
      meaning: 'number of heads; head `h` uses columns `h·dK … (h+1)·dK − 1` of `q` and `k`, and `h·dV …` of `v`; `heads·nQ·nK` ≤ 2²⁴',
    },
    {
      name: 'scale', type: number(0, 1e30), default: (o) => Math.fround(1 / Math.sqrt(o.dK)), defaultText: '1/√dK',
      meaning: 'the factor applied to the scores',
    },
    { name: 'causal', type: boolean(), default: false, meaning: 'query `i` sees only keys `j ≤ i` (as PyTorch\'s `is_causal`, aligned at the top left)' },
    {
      name: 'outputs', type: subset(...OUTPUTS), default: OUTPUTS, defaultText: 'all four',
      meaning: 'the results to compute and return; the others are neither computed nor copied',
    },
  ],
  rules: attentionLimits,
};

const row = (max) => list({ minLength: 1, maxLength: max });

export const softmax = {
  name: 'softmax',
  signature: 'softmax(values, beta = 1)',
  summary: 'The numerically stable softmax of beta·values.',
  returns: 'Float32Array',
  answer: answer(F32, 'The weights, one per value, summing to 1: the largest logit is subtracted before exp, so no row overflows.'),
  options: [
    { name: 'values', type: row(MAX_ELEMENTS), required: true, quoteMissing: true, meaning: 'the row' },
    { name: 'beta', type: number(0, 1e30), default: 1, meaning: 'inverse temperature β; 0 gives uniform weights' },
  ],
};

export const softmaxNaive = {
  ...softmax,
  name: 'softmaxNaive',
  signature: 'softmaxNaive(values, beta = 1)',
  summary: 'The textbook exp(β·x)/Σexp(β·x), which overflows past β·x ≈ 88.72 in float32.',
  answer: answer(F32, 'The weights as the textbook formula gives them: NaN where exp overflowed float32.'),
  // The answer may hold NaN or ±Infinity by design (the overflow is what it shows); tests/fuzz/api-fuzz-checks.mjs reads it.
  nonFinite: true,
};

export const dot = {
  name: 'dot',
  signature: 'dot(a, b)',
  summary: 'a·b, by the SIMD kernel.',
  returns: 'number',
  answer: answer(num, 'a·b, summed in float32 by the SIMD kernel.'),
  options: [
    { name: 'a', type: row(MAX_ELEMENTS), required: true, quoteMissing: true, meaning: 'the first vector' },
    {
      name: 'b', type: list({ length: (o) => o.a.length, shape: () => 'the length of a', lengthName: 'a.length' }),
      required: true, quoteMissing: true, meaning: 'the second, as long as `a`',
    },
  ],
};

export const random = {
  name: 'random',
  summary: 'Numbers from the engine\'s seeded generator.',
  returns: 'Float64Array',
  answer: answer(F64, 'The `count` numbers, uniform on [0, 1) or standard normal; the same seed gives the same numbers natively and in WebAssembly.'),
  options: [
    { name: 'seed', type: seed(), default: 1, meaning: 'the generator\'s seed' },
    { name: 'count', type: integer(1, 1048576), default: 16, meaning: 'how many numbers' },
    { name: 'distribution', type: choice('uniform', 'normal'), default: 'uniform', meaning: 'uniform on [0, 1) or standard normal' },
  ],
};

export const selfAttentionExample = {
  name: 'selfAttentionExample',
  summary: 'Every matrix of Lesson 1, from a sentence to its contextual embeddings.',
  returns: 'SelfAttentionExample',
  results: [
    field('tokens', arrayOf(str), 'The sentence\'s words as typed, one per token (n of them).'),
    field('dModel', num, 'Width of the static embeddings as run (100 when the loaded word vectors are used).'),
    field('dK', num, 'Width of queries and keys as run (`dModel` with the meaningful head).'),
    field('dV', num, 'Width of values and contextual embeddings as run (`dModel` with the meaningful head).'),
    field('scale', num, 'The factor the scores were multiplied by: 1/√dK when `scaled`, else 1.'),
    field('causal', bool, 'Whether each token saw only itself and the tokens before it.'),
    field('embeddingsUsed', oneOf('words', 'random'), '`"words"` when the rows of X are the loaded word vectors (for the words they hold), else `"random"`.'),
    field('head', oneOf('meaningful', 'random'), 'The head as asked: identity weights with the residual, or seeded random weights.'),
    field('vocabularySize', num, 'Words in the loaded vocabulary; 0 until one is loaded.'),
    field('unknownScale', num, 'The factor a stand-in vector\'s N(0, 1) entries were multiplied by, to match the word vectors\' mean length ' +
      '(1 with random embeddings).'),
    field('selfMasked', bool, 'Whether each token\'s own score was left out of its softmax (the diagonal of the weights is 0).'),
    field('residual', bool, 'Whether the contextual embeddings are X + AV (the meaningful head) rather than AV.'),
    field('inVocabulary', arrayOf(bool), 'Per token: its row of X is the word\'s own vector, not a seeded stand-in.'),
    field('nearest', arrayOf(object([
      field('words', arrayOf(str), 'The words nearest this token\'s contextual embedding, best first.'),
      field('cosines', F32, 'Their cosines with the contextual embedding, in the same order.'),
    ])), 'Per token: the vocabulary words nearest its contextual embedding by cosine, the sentence\'s own words left out ' +
      '(empty lists without loaded word vectors).'),
    field('scoreVariance', num, 'Population variance of all n² raw scores, before the mask.'),
    field('scaledScoreVariance', num, 'Population variance of all n² scaled scores, before the mask.'),
    field('maxWeight', num, 'The largest attention weight in the matrix.'),
    field('meanRowMax', num, 'Over the rows that have a choice (two or more keys left by the mask), the mean of each row\'s largest weight: ' +
      '1 is one-hot, 1/keys is even; 1 when no row has a choice.'),
    field('rowsWithChoice', num, 'How many rows have two or more keys to weigh.'),
    field('embeddings', F32, '`(n, dModel)`: X, the static embeddings, a row per token.'),
    field('wQ', F32, '`(dModel, dK)`: the query weights W_q.'),
    field('wK', F32, '`(dModel, dK)`: the key weights W_k.'),
    field('wV', F32, '`(dModel, dV)`: the value weights W_v.'),
    field('q', F32, '`(n, dK)`: the queries Q = X·W_q.'),
    field('k', F32, '`(n, dK)`: the keys K = X·W_k.'),
    field('v', F32, '`(n, dV)`: the values V = X·W_v.'),
    field('scores', F32, '`(n, n)`: Q·Kᵀ, before the scale and the mask.'),
    field('scaledScores', F32, '`(n, n)`: `scale·scores`, before the mask.'),
    field('weights', F32, '`(n, n)`: A, the softmax of each masked row of the scaled scores; each row sums to 1.'),
    field('mix', F32, '`(n, dV)`: AV, each token\'s weighted mix of the values, before the residual.'),
    field('contextual', F32, '`(n, dV)`: Z, the contextual embeddings (X + AV with the meaningful head, AV with the random one).'),
  ],
  options: [
    { name: 'sentence', type: text(600), default: 'money bank grows', meaning: '1 to 12 whitespace-separated words, each at most 40 bytes' },
    { name: 'dModel', type: dim(), default: 8, meaning: 'width of the static embeddings' },
    { name: 'dK', type: dim(), default: 4, meaning: 'width of queries and keys' },
    { name: 'dV', type: dim(), default: { from: 'dModel' }, defaultText: 'dModel', meaning: 'width of values and contextual embeddings' },
    { name: 'seed', type: seed(), default: 1, meaning: 'seed of `W_q`, `W_k`, `W_v`' },
    { name: 'scaled', type: boolean(), default: true, meaning: 'divide the scores by `√dK`' },
    { name: 'causal', type: boolean(), default: false, meaning: 'causal mask' },
    {
      name: 'embeddings', type: choice('words', 'random'), default: 'words',
      meaning: 'static embeddings: `words`, the loaded word vectors (`dModel` becomes their width, 100; a word they lack, or every ' +
        'word before they are loaded, gets its seeded vector, rescaled to their mean length), or `random`, a seeded vector per word',
    },
    {
      name: 'head', type: choice('meaningful', 'random'), default: 'meaningful',
      meaning: '`meaningful`: `W_q = W_k = W_v = I` (so `dK = dV = dModel`), each token\'s own score masked, and the residual ' +
        '`Z = X + AV`; `random`: seeded random `W_q`, `W_k`, `W_v` (a head at initialisation) and `Z = AV`',
    },
    {
      name: 'nearest', type: integer(0, 50), default: 5,
      meaning: 'nearest words listed per contextual embedding, by cosine, leaving out the sentence\'s own words (only with loaded word vectors)',
    },
  ],
};
