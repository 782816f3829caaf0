// Lesson 1's head and embeddings choices in the WASM build, before any word vectors are loaded (as in Node and on
// the page until they arrive): the meaningful head's self mask and residual, the random head's Z = AV, and what the
// result says about the vocabulary. The native tests (tests/cpp/test_example_words.cpp) cover a loaded vocabulary.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { assertClose, engine } from './helpers.mjs';

const e = await engine();

test('the default head masks each token\'s own score, so the diagonal of the weights is 0 and rows sum to 1', () => {
  for (const causal of [false, true]) {
    const ex = e.selfAttentionExample({ sentence: 'money bank grows today', causal });
    assert.equal(ex.head, 'meaningful');
    assert.equal(ex.selfMasked, true);
    const n = 4;
    for (let i = 0; i < n; i++) {
      assert.equal(ex.weights[i * n + i], 0, `causal ${causal}: weight (${i}, ${i})`);
      const sum = ex.weights.slice(i * n, i * n + n).reduce((a, b) => a + b, 0);
      // Under the causal mask the first token has no key left and takes in nothing.
      assert.ok(Math.abs(sum - (causal && i === 0 ? 0 : 1)) < 1e-6, `causal ${causal}: row ${i} sums to ${sum}`);
    }
    assert.equal(ex.rowsWithChoice, causal ? 2 : 4);
  }
});

test('the default head uses identity projections, so d_k = d_v = d_model and Q = K = V = X', () => {
  const ex = e.selfAttentionExample({ sentence: 'river bank grows', embeddings: 'random', dModel: 6, dK: 3, dV: 2 });
  assert.equal(ex.dK, 6);
  assert.equal(ex.dV, 6);
  assert.equal(ex.scale, Math.fround(1 / Math.sqrt(6)));
  for (const key of ['q', 'k', 'v']) assert.deepEqual(Array.from(ex[key]), Array.from(ex.embeddings), key);
  for (let r = 0; r < 6; r++) for (let c = 0; c < 6; c++) assert.equal(ex.wQ[r * 6 + c], r === c ? 1 : 0);
});

test('the default head\'s contextual embedding is the residual X + AV', () => {
  const ex = e.selfAttentionExample({ sentence: 'the river bank grows slowly', dModel: 5 });
  assert.equal(ex.residual, true);
  const n = 5;
  const d = ex.dV;
  const mix = new Float64Array(n * d);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) for (let c = 0; c < d; c++) mix[i * d + c] += ex.weights[i * n + j] * ex.v[j * d + c];
  assertClose(ex.mix, mix, { abs: 1e-6, rel: 1e-5 }, 'mix = AV');
  assertClose(ex.contextual, ex.embeddings.map((x, at) => x + ex.mix[at]), { abs: 1e-6, rel: 1e-6 }, 'Z = X + AV');
  const random = e.selfAttentionExample({ sentence: 'the river bank grows slowly', dModel: 5, head: 'random' });
  assert.equal(random.residual, false);
  assert.equal(random.selfMasked, false);
  assert.deepEqual(Array.from(random.contextual), Array.from(random.mix));
});

test('before the word vectors are loaded, every word has its seeded vector and no nearest words', () => {
  const ex = e.selfAttentionExample({ sentence: 'money bank grows' });
  assert.equal(ex.embeddingsUsed, 'random');
  assert.equal(ex.vocabularySize, 0);
  assert.deepEqual(ex.inVocabulary, [false, false, false]);
  assert.equal(ex.unknownScale, 1);
  assert.equal(ex.dModel, 8);
  assert.deepEqual(ex.nearest.map((x) => x.words), [[], [], []]);
  const same = e.selfAttentionExample({ sentence: 'money bank grows', embeddings: 'random' });
  assert.deepEqual(Array.from(same.embeddings), Array.from(ex.embeddings));
});

test('the new options are checked like every other', () => {
  assert.throws(() => e.selfAttentionExample({ head: 'learned' }), /selfAttentionExample: head = "learned" is not one of "meaningful", "random"|head/);
  assert.throws(() => e.selfAttentionExample({ embeddings: 'glove' }), /embeddings/);
  assert.throws(() => e.selfAttentionExample({ nearest: 51 }), /nearest = 51 is out of range/);
  assert.equal(e.selfAttentionExample({ sentence: 'still works' }).tokens.length, 2);
});
