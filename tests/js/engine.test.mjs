// The WASM engine through its public API (web/engine.js), against the same expectations as the native tests:
// worked examples, softmax identities, attention against a plain-loop reference, and native = WASM for a seed.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { assertClose, engine, nativeJson, normals, referenceAttention } from './helpers.mjs';

const e = await engine();

test('the engine reports that it runs the wasm_simd128 kernels', () => {
  assert.equal(e.info.kernels, 'wasm_simd128');
  assert.equal(e.info.simd, true);
  assert.match(e.info.version, /^\d+\.\d+\.\d+$/);
});

test('loadEngine returns one shared engine instance', async () => {
  const { loadEngine } = await import('../../web/engine.js');
  assert.equal(await loadEngine(), e);
});

test('dot products of the worked examples are 11, 50 and 133', () => {
  assert.equal(e.dot([1, 2], [3, 4]), 11);
  assert.equal(e.dot([1, 2, 3, 4], [3, 4, 5, 6]), 50);
  assert.equal(e.dot(new Float32Array([1, 2, 3, 4, 5, 6]), new Float32Array([3, 4, 5, 6, 7, 8])), 133);
});

test('softmax of the source texts\' examples', () => {
  // Two scores: the first weight is 1 / (1 + e^(x1 − x0)), evaluated here in float64.
  const two = (a, b) => [1 / (1 + Math.exp(b - a)), 1 / (1 + Math.exp(a - b))];
  assertClose(e.softmax([14, 10]), two(14, 10), { abs: 1e-6 }, 'softmax([14, 10])');
  assertClose(e.softmax([7, 5]), two(7, 5), { abs: 1e-6 }, 'softmax([7, 5])');
  assertClose(e.softmax([14, 10], 0.5), two(7, 5), { abs: 1e-6 }, 'softmax([14, 10], β = 1/2)');
  assertClose(e.softmax([4, 5]), two(4, 5), { abs: 1e-6 }, 'softmax([4, 5])');
  assertClose(e.softmax([1, 10]), two(1, 10), { abs: 1e-8, rel: 1e-5 }, 'softmax([1, 10])');
});

test('softmax sums to 1, ignores a shift, is uniform at β = 0 and one-hot without NaN at ±1e30', () => {
  const x = normals(e, 1000, 5).map((v) => 3 * v);
  const p = e.softmax(x);
  assert.ok(Math.abs(p.reduce((a, b) => a + b, 0) - 1) < 1e-4);
  assertClose(e.softmax(x.map((v) => v + 500)), p, { abs: 1e-9, rel: 1e-4 }, 'shifted');
  assertClose(e.softmax(x, 0), new Float32Array(1000).fill(1 / 1000), { rel: 1e-6 }, 'β = 0');
  assertClose(e.softmax([3, 3, 3, 3, 3]), [0.2, 0.2, 0.2, 0.2, 0.2], { rel: 1e-6 }, 'equal scores');
  const extreme = e.softmax([1e30, -1e30, 0, 5, 1e29], 1e30);
  assert.deepEqual(Array.from(extreme), [1, 0, 0, 0, 0]);
});

test('the naive softmax overflows past β·score ≈ 88.72 while the stable one does not', () => {
  assert.ok(Number.isFinite(e.softmaxNaive([88, 0, 0, 0, 0])[0]));
  assert.ok(Number.isNaN(e.softmaxNaive([89, 0, 0, 0, 0])[0]));
  assert.ok(Number.isNaN(e.softmaxNaive([10, 0, 0, 0, 0], 9)[0]));
  assert.ok(e.softmax([10, 0, 0, 0, 0], 9).every(Number.isFinite));
});

test('attention matches the plain-loop reference: causal, several heads, nQ ≠ nK, non-square d', () => {
  const cases = [
    { nQ: 3, nK: 3, dK: 4, dV: 4, heads: 1, causal: false },
    { nQ: 5, nK: 3, dK: 7, dV: 2, heads: 1, causal: true },
    { nQ: 4, nK: 9, dK: 3, dV: 5, heads: 2, causal: false },
    { nQ: 6, nK: 6, dK: 5, dV: 3, heads: 4, causal: true },
    { nQ: 17, nK: 33, dK: 64, dV: 17, heads: 1, causal: false, scale: 0.05 },
    { nQ: 70, nK: 150, dK: 20, dV: 9, heads: 2, causal: true }, // nK past two 64-key tiles of the fused pass
    { nQ: 9, nK: 130, dK: 13, dV: 66, heads: 3, causal: false },
  ];
  let seed = 100;
  for (const c of cases) {
    const q = normals(e, c.nQ * c.heads * c.dK, seed++);
    const k = normals(e, c.nK * c.heads * c.dK, seed++);
    const v = normals(e, c.nK * c.heads * c.dV, seed++);
    const got = e.attention({ q, k, v, ...c });
    const want = referenceAttention({ q, k, v, ...c });
    const label = JSON.stringify(c);
    assert.ok(got.scores instanceof Float32Array);
    assertClose(got.scores, want.scores, { abs: 1e-5 * c.dK, rel: 1e-5 }, `${label} scores`);
    const scale = c.scale ?? 1 / Math.sqrt(c.dK);
    assertClose(got.scaledScores, Array.from(got.scores, (s) => Math.fround(Math.fround(scale) * s)), {}, `${label} scaled`);
    assertClose(got.weights, want.weights, { abs: 1e-6, rel: 1e-4 }, `${label} weights`);
    assertClose(got.output, want.output, { abs: 1e-5, rel: 1e-4 }, `${label} output`);
    // The output alone is the fused pass (one sweep over tiles of keys, online softmax): the same reference holds it.
    assertClose(e.attention({ q, k, v, ...c, outputs: ['output'] }).output, want.output, { abs: 1e-5, rel: 1e-4 }, `${label} output alone`);
    if (c.causal) {
      for (let h = 0; h < c.heads; h++)
        for (let i = 0; i < c.nQ; i++)
          for (let j = i + 1; j < c.nK; j++) assert.equal(got.weights[(h * c.nQ + i) * c.nK + j], 0);
    }
  }
});

test('the generator\'s first outputs for seed 42 match the pinned xoshiro256** values', () => {
  // The same values tests/cpp/test_random.cpp pins (from tests/cpp/rng_reference.py), as uniform doubles.
  const u64 = [1546998764402558742n, 6990951692964543102n, 12544586762248559009n];
  const want = u64.map((x) => Number(x >> 11n) * 2 ** -53);
  assert.deepEqual(Array.from(e.random({ seed: 42, count: 3, distribution: 'uniform' })), want);
});

test('native and WASM builds draw the same numbers for the same seed', () => {
  const native = nativeJson('random', '--seed', '2024', '--count', '257');
  const uniform = e.random({ seed: 2024, count: 257, distribution: 'uniform' });
  const normal = e.random({ seed: 2024, count: 257, distribution: 'normal' });
  assert.deepEqual(Array.from(uniform), native.uniform);  // integer arithmetic: bit for bit
  assertClose(normal, native.normal, { abs: 1e-15, rel: 1e-14 }, 'normal');  // log() may differ in the last bit
});

test('native and WASM builds compute the same self-attention example', () => {
  for (const [flags, options] of [
    [['--seed', '1'], { seed: 1 }],
    [['--seed', '1', '--head', 'random'], { seed: 1, head: 'random' }],
    [['--seed', '5', '--head', 'random', '--embeddings', 'random', '--dv', '3'], { seed: 5, head: 'random', embeddings: 'random', dV: 3 }],
    [['--seed', '77', '--dk', '13', '--dmodel', '24', '--causal', '--unscaled', '--sentence', 'The bank, by the river, grows'],
      { seed: 77, dK: 13, dModel: 24, causal: true, scaled: false, sentence: 'The bank, by the river, grows' }],
  ]) {
    const native = nativeJson('example', ...flags);
    const wasm = e.selfAttentionExample(options);
    assert.deepEqual(wasm.tokens, native.tokens);
    for (const key of ['embeddings', 'wQ', 'wK', 'wV', 'q', 'k', 'v', 'scores', 'scaledScores', 'weights', 'mix', 'contextual']) {
      // Same inputs bit for bit; sums may round differently (SSE2 natively, f32x4 in WASM, no FMA in either).
      assertClose(wasm[key], native[key], { abs: 2e-5, rel: 2e-5 }, `${flags.join(' ')}: ${key}`);
    }
  }
});

test('the self-attention example with random weights has the documented shapes and defaults', () => {
  const ex = e.selfAttentionExample({ head: 'random' });
  assert.deepEqual(ex.tokens, ['money', 'bank', 'grows']);
  assert.equal(ex.dModel, 8);
  assert.equal(ex.dK, 4);
  assert.equal(ex.dV, 8);
  assert.equal(ex.scale, 0.5);
  const sizes = { embeddings: 24, wQ: 32, wK: 32, wV: 64, q: 12, k: 12, v: 24, scores: 9, scaledScores: 9, weights: 9, contextual: 24 };
  for (const [key, n] of Object.entries(sizes)) assert.equal(ex[key].length, n, key);
  const mean = ex.scores.reduce((a, b) => a + b, 0) / 9;
  const variance = ex.scores.reduce((a, b) => a + (b - mean) ** 2, 0) / 9;
  assert.ok(Math.abs(ex.scoreVariance - variance) <= 1e-6 * variance, `scoreVariance ${ex.scoreVariance} vs ${variance}`);
  assert.ok(Math.abs(ex.scaledScoreVariance - variance / 4) <= 1e-6 * variance, 'scaledScoreVariance = variance / dK');
  assert.equal(ex.maxWeight, Math.max(...ex.weights));
  const rowMax = [0, 1, 2].map((i) => Math.max(...ex.weights.slice(3 * i, 3 * i + 3)));
  assert.ok(Math.abs(ex.meanRowMax - (rowMax[0] + rowMax[1] + rowMax[2]) / 3) < 1e-6, 'meanRowMax is the mean of each row\'s largest weight');
  assert.equal(ex.rowsWithChoice, 3);
  const causal = e.selfAttentionExample({ causal: true, head: 'random' });
  assert.equal(causal.rowsWithChoice, 2, 'under the causal mask the first row has one key and no choice');
  assert.ok(Math.abs(causal.meanRowMax - (Math.max(...causal.weights.slice(3, 6)) + Math.max(...causal.weights.slice(6, 9))) / 2) < 1e-6);
  const sentence = '<img src=x onerror=alert(1)>';
  assert.deepEqual(e.selfAttentionExample({ sentence }).tokens, ['<img', 'src=x', 'onerror=alert(1)>']);
});
