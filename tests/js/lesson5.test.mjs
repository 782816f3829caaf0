// Lesson 5 through the WASM build (web/engine.js), against the same expectations as the native tests: multi-head
// attention against each head alone and a plain-loop reference with W^O, the scaling choices, bad input, and leaks.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { assertClose, engine, referenceAttention, assertNoLeaks, badInputTests } from './helpers.mjs';

const e = await engine();

/** |estimate − want| <= k·se, with the numbers in the message. */
function assertWithin(value, want, se, label, k = 4) {
  assert.ok(Math.abs(value - want) <= k * se, `${label}: ${value} is not within ${k}·${se} of ${want}`);
}

// ---------------------------------------------------------------------------------------------------------------
// Lesson 5: several heads

/** Row-major (rows, inner)·(inner, cols) in float64. */
function matmul(a, b, rows, inner, cols) {
  const out = new Float64Array(rows * cols);
  for (let i = 0; i < rows; i++) for (let k = 0; k < inner; k++) for (let j = 0; j < cols; j++) out[i * cols + j] += a[i * inner + k] * b[k * cols + j];
  return out;
}

/** Columns c0 … c0 + width − 1 of a row-major (rows, cols) matrix. */
function columns(m, rows, cols, c0, width) {
  const out = new Float32Array(rows * width);
  for (let i = 0; i < rows; i++) for (let c = 0; c < width; c++) out[i * width + c] = m[i * cols + c0 + c];
  return out;
}

test('multiHeadExample: the output equals each head run alone, concatenated, then W^O, and a plain-loop reference', () => {
  const sentence = 'the money in the bank grows slowly';
  for (const heads of [1, 2, 4, 8]) {
    const dModel = 16, dK = dModel / heads;
    const r = e.multiHeadExample({ sentence, dModel, heads, seed: 3 });
    const n = r.tokens.length;
    assert.equal(n, 7);
    assert.equal(r.dK, dK);
    assert.equal(r.scaleBy, 'dk');
    assert.equal(r.scale, Math.fround(1 / Math.sqrt(dK)));
    // Each head alone through engine.attention on its own columns, then concatenated.
    const concat = new Float32Array(n * dModel);
    for (let h = 0; h < heads; h++) {
      const one = e.attention({ q: columns(r.q, n, dModel, h * dK, dK), k: columns(r.k, n, dModel, h * dK, dK),
        v: columns(r.v, n, dModel, h * dK, dK), nQ: n, nK: n, dK, dV: dK, scale: r.scale });
      assertClose(r.weights.subarray(h * n * n, (h + 1) * n * n), one.weights, { abs: 1e-7, rel: 1e-6 }, `head ${h} weights`);
      for (let i = 0; i < n; i++) for (let c = 0; c < dK; c++) concat[i * dModel + h * dK + c] = one.output[i * dK + c];
    }
    assertClose(r.concat, concat, { abs: 1e-6, rel: 1e-5 }, `H = ${heads}: concatenation`);
    assertClose(r.output, matmul(concat, r.wO, n, dModel, dModel), { abs: 1e-5, rel: 1e-4 }, `H = ${heads}: output`);
    // By definition in float64, from the example's own Q, K, V and W^O.
    const ref = referenceAttention({ q: r.q, k: r.k, v: r.v, nQ: n, nK: n, dK, dV: dK, heads, scale: r.scale });
    assertClose(r.weights, ref.weights, { abs: 1e-6, rel: 1e-4 }, `H = ${heads}: reference weights`);
    assertClose(r.output, matmul(ref.output, r.wO, n, dModel, dModel), { abs: 1e-5, rel: 1e-4 }, `H = ${heads}: reference output`);
    // Q = embeddings·W_q (a non-square product check of the row-major layout).
    assertClose(r.q, matmul(r.embeddings, r.wQ, n, dModel, dModel), { abs: 1e-5, rel: 1e-5 }, 'Q');
  }
});

test('multiHeadExample: one head scaled by √dK is Lesson 1 with dK = dV = dModel', () => {
  const m = e.multiHeadExample({ heads: 1, dModel: 8, seed: 1 });
  const l1 = e.selfAttentionExample({ dModel: 8, dK: 8, dV: 8, seed: 1, embeddings: 'random', head: 'random' });
  assert.deepEqual(m.tokens, ['money', 'bank', 'grows']);
  assert.deepEqual(m.wQ, l1.wQ);
  assert.deepEqual(m.weights, l1.weights);
  assert.deepEqual(m.concat, l1.contextual);
  assert.equal(m.wO.length, 64);
  assert.notDeepEqual(e.multiHeadExample({ heads: 1, dModel: 8, seed: 2 }).wO, m.wO);
});

test('multiHeadExample: scaleBy changes exactly the scale (1/√dK, 1/√dModel, 1), nothing before it', () => {
  for (const heads of [1, 2, 4, 8]) {
    const options = { sentence: 'money bank grows', dModel: 32, heads, seed: 5 };
    const dk = e.multiHeadExample({ ...options, scaleBy: 'dk' });
    const dm = e.multiHeadExample({ ...options, scaleBy: 'dmodel' });
    const none = e.multiHeadExample({ ...options, scaleBy: 'none' });
    assert.equal(dk.scale, Math.fround(1 / Math.sqrt(32 / heads)));
    assert.equal(dm.scale, Math.fround(1 / Math.sqrt(32)));
    assert.equal(none.scale, 1);
    assert.deepEqual(dk.scores, dm.scores);
    assert.deepEqual(dk.scores, none.scores);
    for (let i = 0; i < dk.scores.length; i++) {
      assert.equal(dk.scaledScores[i], Math.fround(dk.scale * dk.scores[i]));
      assert.equal(dm.scaledScores[i], Math.fround(dm.scale * dm.scores[i]));
      assert.equal(none.scaledScores[i], none.scores[i]);
    }
    for (let h = 0; h < heads; h++) {
      assertClose([dk.headScaledScoreVariance[h], dm.headScaledScoreVariance[h], none.headScaledScoreVariance[h]],
        [dk.headScoreVariance[h] * heads / 32, dk.headScoreVariance[h] / 32, dk.headScoreVariance[h]], { rel: 1e-6 }, `head ${h} variances`);
      // The comparison in one call equals the three calls.
      assert.equal(dk.comparison.dmodel.entropy[h], dm.headEntropy[h]);
      assert.equal(dk.comparison.none.maxWeight[h], none.headMaxWeight[h]);
      assert.equal(dm.comparison.dk.scaledScoreVariance[h], dk.headScaledScoreVariance[h]);
      assert.ok(dk.headEntropy[h] <= dk.maxEntropy + 1e-15);
    }
  }
});

test('multiHeadSweep: √dModel flattens the heads as H grows, no scaling sharpens few heads, √dK keeps them level', (t) => {
  const s = e.multiHeadSweep({ dModel: 64, heads: [1, 2, 4, 8, 16], tokens: 8, samples: 300, seed: 2 });
  assert.deepEqual(Array.from(s.heads), [1, 2, 4, 8, 16]);
  assert.deepEqual(Array.from(s.dK), [64, 32, 16, 8, 4]);
  const level = 1 + 2 / (8 * 64) - (1 + 2 / 64) / 64;  // see tests/cpp/test_multi_head.cpp
  for (let i = 0; i < 5; i++) {
    const dK = s.dK[i];
    assertClose([s.dmodel.scaledScoreVariance[i], s.none.scaledScoreVariance[i]],
      [s.dk.scaledScoreVariance[i] * dK / 64, s.dk.scaledScoreVariance[i] * dK], { rel: 1e-6 }, `H = ${s.heads[i]}`);
    assertWithin(s.dk.scaledScoreVariance[i], level, s.dk.scaledScoreVarianceStdError[i], `H = ${s.heads[i]}: scaled by √dK`);
    if (i > 0) {
      assert.ok(s.dmodel.entropy[i] > s.dmodel.entropy[i - 1]);
      assert.ok(s.none.entropy[i] > s.none.entropy[i - 1]);
      assert.ok(Math.abs(s.dk.entropy[i] - s.dk.entropy[i - 1]) < 0.05 * s.maxEntropy);
    }
  }
  assert.ok(s.dmodel.entropy[4] > 0.95 * s.maxEntropy);
  assert.ok(s.none.maxWeight[0] > 0.85);
  t.diagnostic(`mean entropy (max ${s.maxEntropy.toFixed(3)}), H = 1 … 16: √dK ${Array.from(s.dk.entropy, (x) => x.toFixed(3)).join(' ')}; √dModel ${Array.from(s.dmodel.entropy, (x) => x.toFixed(3)).join(' ')}; none ${Array.from(s.none.entropy, (x) => x.toFixed(3)).join(' ')}`);
  // The default H list: every power of two that divides dModel.
  assert.deepEqual(Array.from(e.multiHeadSweep({ dModel: 24, samples: 4 }).heads), [1, 2, 4, 8]);
});

// ---------------------------------------------------------------------------------------------------------------
// Bad input

const BAD = [
  ['heads not dividing dModel', () => e.multiHeadExample({ dModel: 8, heads: 3 }), /multiHeadExample: heads = 3 is not allowed: it must divide dModel = 8 \(allowed: 1, 2, 4, 8\)/],
  ['an unknown scaleBy', () => e.multiHeadExample({ scaleBy: 'dv' }), /scaleBy = "dv" is not allowed: use "dk", "dmodel" or "none"/],
  ['scaleBy that is not a string', () => e.multiHeadExample({ scaleBy: 2 }), /scaleBy = 2 is not a string/],
  ['heads = 0', () => e.multiHeadExample({ heads: 0 }), /heads = 0 is out of range: allowed an integer from 1 to 64/],
  ['dModel above 1024', () => e.multiHeadExample({ dModel: 2048, heads: 1 }), /dModel = 2048 is out of range: allowed an integer from 1 to 1024/],
  ['an empty sentence', () => e.multiHeadExample({ sentence: '  ' }), /sentence has 0 words: allowed 1 to 12 words/],
  ['a sentence of 13 words', () => e.multiHeadExample({ sentence: 'a b c d e f g h i j k l m' }), /sentence has 13 words/],
  ['sweep heads not dividing dModel', () => e.multiHeadSweep({ dModel: 12, heads: [1, 5] }), /heads\[1\] = 5 is not allowed: it must divide dModel = 12 \(allowed: 1, 2, 3, 4, 6, 12\)/],
  ['sweep heads not increasing', () => e.multiHeadSweep({ dModel: 16, heads: [4, 2] }), /heads\[1\] = 2 is not allowed: heads must increase/],
  ['a fractional head count', () => e.multiHeadSweep({ heads: [1.5] }), /heads\[0\] = 1.5 is out of range: allowed an integer from 1 to 64/],
  ['a sweep too large', () => e.multiHeadSweep({ dModel: 1024, samples: 10000 }), /samples·\(tokens·dModel \+ 2·dModel²\) = .* is too large/],
  ['an array for options', () => e.multiHeadExample([1]), /is not an object/],
];

badInputTests('lesson 5', BAD, () => assert.equal(e.boltzmann({ scores: [0, 0], betas: [1] }).weights[0], 0.5));

test('lesson 5: thousands of good and bad calls leak no heap memory and no JavaScript value handles', () => {
  const good = () => {
    e.multiHeadExample({ heads: 4 });
    e.multiHeadSweep({ dModel: 8, tokens: 3, samples: 3 });
  };
  assertNoLeaks(e, { good, bad: BAD, rounds: 300 });
});
