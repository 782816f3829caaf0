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

// Last in this file: from here on the module has a vocabulary (eight made-up 4-d words, themes as in the Catch2 test).
test('with a vocabulary loaded, bank\'s nearest words follow its sentence and agree with nearestWords', () => {
  const words = 'money bank river grows cash shore funds stream';
  const rows = [[20, 1, 0, 3], [10, 10, 2, 0], [1, 20, 0, -3], [0, 2, 15, 1], [18, 0, 1, 6], [0, 17, 1, -7], [15, 3, 4, 9], [4, 15, 3, -10]];
  e.setVocabulary({ size: 8, dim: 4, words, codes: Int8Array.from(rows.flat()), scales: new Float32Array(8).fill(0.1) });
  const money = e.selfAttentionExample({ sentence: 'money bank grows' });
  const river = e.selfAttentionExample({ sentence: 'River bank, grows' });
  for (const ex of [money, river]) {
    assert.equal(ex.embeddingsUsed, 'words');
    assert.equal(ex.vocabularySize, 8);
    assert.equal(ex.dModel, 4);
    assert.deepEqual(ex.inVocabulary, [true, true, true]);
    assert.equal(ex.nearest[1].words.length, 5);
    for (let i = 0; i < 3; i++) {
      const vector = ex.contextual.slice(4 * i, 4 * i + 4);
      const want = e.nearestWords({ vector, k: 5, exclude: ex === money ? 'money bank grows' : 'river bank grows' });
      assert.deepEqual(ex.nearest[i].words, want.words, `${ex.tokens.join(' ')}: token ${i}`);
    }
  }
  assert.ok(['cash', 'funds'].includes(money.nearest[1].words[0]), money.nearest[1].words.join(', '));
  assert.ok(['shore', 'stream'].includes(river.nearest[1].words[0]), river.nearest[1].words.join(', '));
  // A word outside it: marked, its seeded vector at the vocabulary's mean length (√dim = 2).
  const unknown = e.selfAttentionExample({ sentence: 'zorbleflux bank' });
  assert.deepEqual(unknown.inVocabulary, [false, true]);
  const meanNorm = rows.reduce((a, r) => a + 0.1 * Math.hypot(...r), 0) / 8;
  assert.ok(Math.abs(unknown.unknownScale - meanNorm / 2) < 1e-5, `${unknown.unknownScale} vs ${meanNorm / 2}`);
  assert.ok(unknown.contextual.every(Number.isFinite));
  // Random embeddings ignore the vocabulary.
  assert.equal(e.selfAttentionExample({ sentence: 'money bank grows', embeddings: 'random' }).embeddingsUsed, 'random');
});
