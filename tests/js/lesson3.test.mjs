// Lesson 3 through the WASM build (web/engine.js), against the same expectations as the native tests: the softmax
// lab's hand-computed rows, the gradient sweep's shape, where naive softmax overflows, bad input and leaks.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { assertClose, engine, assertNoLeaks, badInputTests } from './helpers.mjs';

const e = await engine();

// ---------------------------------------------------------------------------------------------------------------
// Lesson 3

test('softmaxStats: the source texts\' rows, computed by the engine', () => {
  const two = (a, b) => [1 / (1 + Math.exp(b - a)), 1 / (1 + Math.exp(a - b))];
  assertClose(e.softmaxStats({ scores: [14, 10] }).weights, two(14, 10), { rel: 1e-15 }, '[14, 10]');
  const scaled = e.softmaxStats({ scores: [14, 10], dK: 4 });
  assert.equal(scaled.scale, 0.5);
  assert.deepEqual(Array.from(scaled.scaledScores), [7, 5]);
  assertClose(scaled.weights, two(7, 5), { rel: 1e-15 }, '[14, 10] / √4');
  assert.equal(e.softmaxStats({ scores: [14, 10], dK: 4, scaled: false }).weights[0], e.softmaxStats({ scores: [14, 10] }).weights[0]);
  assert.equal(Math.round(e.softmaxStats({ scores: [4, 5] }).weights[0] * 1e4) / 100, 26.89);
  assert.equal(Math.round(e.softmaxStats({ scores: [1, 10] }).weights[1] * 1e4) / 100, 99.99);
  assert.ok(e.softmaxStats({ scores: [7, 5] }).entropy > e.softmaxStats({ scores: [14, 10] }).entropy);
});

test('softmaxStats: entropy and Jacobian of hand-computed rows', () => {
  // Scores 0 and ln 3: weights 1/4, 3/4; H = ln 4 − (3/4)·ln 3; J = (3/16)·[[1, −1], [−1, 1]], both norms 3/8.
  const r = e.softmaxStats({ scores: [0, Math.fround(Math.log(3))] });
  const p1 = 1 / (1 + Math.exp(-Math.fround(Math.log(3))));  // the float32 ln 3 the engine received
  assertClose(r.weights, [1 - p1, p1], { rel: 1e-15 }, 'weights');
  assertClose([r.entropy], [-(1 - p1) * Math.log(1 - p1) - p1 * Math.log(p1)], { rel: 1e-14 }, 'entropy');
  assertClose(r.jacobian, [3 / 16, -3 / 16, -3 / 16, 3 / 16], { rel: 1e-7 }, 'jacobian');
  assertClose([r.jacobianNorm, r.jacobianSpectralNorm], [3 / 8, 3 / 8], { rel: 1e-7 }, 'norms');
  assert.equal(r.maxEntropy, Math.log(2));
  // Equal scores: uniform, entropy ln n, ‖J‖_F = √(n−1)/n.
  const u = e.softmaxStats({ scores: new Float32Array(16).fill(3) });
  assertClose(u.weights, new Array(16).fill(1 / 16), { rel: 1e-15 }, 'uniform');
  assertClose([u.entropy, u.effectiveKeys, u.jacobianNorm, u.jacobianSpectralNorm], [Math.log(16), 16, Math.sqrt(15) / 16, 1 / 16],
    { rel: 1e-14 }, 'uniform stats');
});

test('softmaxStats: a row drawn for d_k, its Jacobian norm from its entries, and scaling undoing d_k', () => {
  const base = e.softmaxStats({ dK: 1, seed: 4 });
  assert.equal(base.n, 16);
  for (const dK of [4, 64, 4096]) {
    const raw = e.softmaxStats({ dK, seed: 4, scaled: false });
    assertClose(raw.scores, Array.from(base.scores, (s) => Math.sqrt(dK) * s), { rel: 1e-15 }, `scores at dK = ${dK}`);
    let frob = 0, rowSum = 0;
    for (const x of raw.jacobian) frob += x * x;
    for (let j = 0; j < 16; j++) rowSum += raw.jacobian[j];
    assertClose([raw.jacobianNorm], [Math.sqrt(frob)], { abs: 1e-300, rel: 1e-12 }, `‖J‖_F at dK = ${dK}`);
    assert.ok(Math.abs(rowSum) < 1e-15);
    assert.ok(Math.abs(raw.weights.reduce((a, b) => a + b, 0) - 1) < 1e-14);
    assert.ok(raw.entropy <= raw.maxEntropy && raw.entropy >= 0);
    // Scaled by 1/√dK the row is the dK = 1 row again (normal model): same weights whatever dK is.
    assertClose(e.softmaxStats({ dK, seed: 4 }).weights, base.weights, { rel: 1e-13 }, `scaled weights at dK = ${dK}`);
  }
  // Sharper with dK: at 4096 the unscaled row is nearly one-hot, with 1 − p_max kept to full precision.
  const sharp = e.softmaxStats({ dK: 4096, seed: 4, scaled: false });
  assert.ok(sharp.maxWeight > 0.99);
  assert.ok(sharp.oneMinusMaxWeight > 0 && sharp.oneMinusMaxWeight < 0.01);
  assert.ok(Math.abs(sharp.oneMinusMaxWeight - sharp.weights.reduce((a, w, j) => (j === sharp.argmax ? a : a + w), 0)) <= 1e-13 * sharp.oneMinusMaxWeight);
  // β multiplies the softmax input.
  const hot = e.softmaxStats({ scores: [1, 2, 3], beta: 2 });
  assert.deepEqual(Array.from(hot.logits), [2, 4, 6]);
  // The dot model: the real q·k, variance d_k.
  const dot = e.softmaxStats({ dK: 64, model: 'dot', seed: 2, scaled: false });
  assert.equal(dot.scores.length, 16);
  assert.ok(dot.scores.some((s) => Math.abs(s) > 1));
});

test('gradientSweep: the unscaled Jacobian norm falls with d_k, the scaled one stays level', (t) => {
  const g = e.gradientSweep({ trials: 2000, seed: 1 });
  const dKs = Array.from(g.dKs);
  assert.deepEqual(dKs, [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096]);
  assert.equal(g.ratio[0], 1);
  for (let i = 0; i < dKs.length; i++) {
    assert.equal(g.scaled.meanNorm[i], g.scaled.meanNorm[0]);  // normal model: the scaled row is the same z for every d_k
    if (dKs[i] >= 16) assert.ok(g.unscaled.meanNorm[i] < g.unscaled.meanNorm[i - 1], `d_k = ${dKs[i]}`);
    assert.ok(Math.abs(g.ratio[i] - g.unscaled.meanNorm[i] / g.scaled.meanNorm[i]) < 1e-15);
  }
  const at = (dK) => g.ratio[dKs.indexOf(dK)];
  t.diagnostic(`unscaled/scaled mean ‖J‖_F (n = 16, 2000 rows): ${at(64).toFixed(3)} at d_k = 64, ${at(512).toFixed(3)} at 512, ${at(4096).toFixed(3)} at 4096; scaled level ${g.scaled.meanNorm[0].toFixed(4)}`);
  // References from 400 000 rows natively (tests/cpp/test_softmax_lab.cpp); tolerance 4 standard errors of this run.
  for (const [dK, reference] of [[64, 0.5747], [512, 0.2369], [4096, 0.0887]]) {
    const i = dKs.indexOf(dK);
    const se = Math.hypot(g.unscaled.stdError[i], g.ratio[i] * g.scaled.stdError[i]) / g.scaled.meanNorm[i];
    assert.ok(Math.abs(g.ratio[i] - reference) <= 4 * se, `d_k = ${dK}: ratio ${g.ratio[i]} ± ${se}, reference ${reference}`);
  }
  // Real dot products: level only approximately (q·k is not normal for small d_k).
  const dot = e.gradientSweep({ dKs: [1, 16, 64, 512], trials: 300, model: 'dot', seed: 2 });
  for (const v of dot.scaled.meanNorm) assert.ok(Math.abs(v / dot.scaled.meanNorm[3] - 1) < 0.1, `${v}`);
  assert.ok(dot.ratio[2] < 0.75 && dot.ratio[3] < 0.35);
});

test('softmaxNumerics: naive softmax overflows past 88.72 (float32) and 709.78 (float64); stable never does', () => {
  const r = e.softmaxNumerics({ values: [1, 2] });
  const t32 = r.overflowAt32, t64 = r.overflowAt64;
  assert.ok(Math.abs(t32 - Math.log(3.4028234663852886e38)) < 1e-12);
  assert.ok(Math.abs(t64 - Math.log(Number.MAX_VALUE)) < 1e-12);
  const below32 = e.softmaxNumerics({ values: [t32 - 0.002, 0, 0, 0, 0] });
  assert.ok(below32.naive32Ok && Number.isFinite(below32.naive32[0]));
  const above32 = e.softmaxNumerics({ values: [t32 + 0.002, 0, 0, 0, 0] });
  assert.ok(!above32.naive32Ok && Number.isNaN(above32.naive32[0]));
  assert.ok(above32.naive64Ok && above32.stable32Ok);  // float64 still has room
  const above64 = e.softmaxNumerics({ values: [709.79, 0, 1] });
  assert.ok(!above64.naive64Ok && Number.isNaN(above64.naive64[0]));
  assert.ok(above64.stable64Ok && above64.stable32Ok);
  assert.ok(e.softmaxNumerics({ values: [709.78, 0, 1] }).naive64Ok);
  const viaBeta = e.softmaxNumerics({ values: [10, 0], beta: 71 });
  assert.equal(viaBeta.maxLogit, 710);
  assert.ok(!viaBeta.naive64Ok && !viaBeta.naive32Ok && viaBeta.stable64Ok && viaBeta.stable32Ok);
  const huge = e.softmaxNumerics({ values: [3e38, -3e38, 0], beta: 1e6 });
  assert.ok(huge.stable32Ok && huge.stable64Ok);
});

// ---------------------------------------------------------------------------------------------------------------
// Bad input

const BAD = [
  ['a non-finite β', () => e.softmaxStats({ beta: Infinity }), /beta = Infinity is out of range: allowed a finite number from 0 to 1000000/],
  ['a negative β', () => e.softmaxStats({ beta: -1 }), /beta = -1 is out of range/],
  ['dK = 0', () => e.softmaxStats({ dK: 0 }), /dK = 0 is out of range: allowed an integer from 1 to 4096/],
  ['a row too long', () => e.softmaxStats({ n: 513 }), /n = 513 is out of range: allowed an integer from 1 to 512/],
  ['empty scores', () => e.softmaxStats({ scores: [] }), /scores has 0 entries: allowed an array of 1 to 512 finite numbers/],
  ['a NaN score', () => e.softmaxStats({ scores: [1, NaN] }), /scores\[1\] = NaN is not allowed/],
  ['scores with n', () => e.softmaxStats({ scores: [1, 2], n: 2 }), /n is not allowed with scores/],
  ['an unknown model', () => e.softmaxStats({ model: 'gauss' }), /model = "gauss" is not allowed: use "normal" or "dot"/],
  ['dKs not increasing', () => e.gradientSweep({ dKs: [1, 4, 4] }), /dKs\[2\] = 4 is not allowed: dKs must increase/],
  ['a fractional d_k', () => e.gradientSweep({ dKs: [1, 2.5] }), /dKs\[1\] = 2.5 is out of range: allowed an integer from 1 to 4096/],
  ['a d_k above 4096', () => e.gradientSweep({ dKs: [8192] }), /dKs\[0\] = 8192 is out of range/],
  ['an empty dKs', () => e.gradientSweep({ dKs: [] }), /dKs has 0 entries: allowed an array of 1 to 64/],
  ['dKs that is not an array', () => e.gradientSweep({ dKs: 64 }), /dKs = 64 is not allowed: pass a Float32Array/],
  ['n = 1 in a gradient sweep', () => e.gradientSweep({ n: 1 }), /n = 1 is out of range: allowed an integer from 2 to 1024/],
  ['trials = 0', () => e.gradientSweep({ trials: 0 }), /trials = 0 is out of range: allowed an integer from 1 to 100000/],
  ['a dot-model sweep too large', () => e.gradientSweep({ model: 'dot', trials: 10000 }), /trials·max\(dKs\)·\(n \+ 1\) = 696320000 is too large/],
  ['scaled in a gradient sweep', () => e.gradientSweep({ scaled: true }), /unknown option "scaled"/],
  ['numerics without values', () => e.softmaxNumerics({}), /values = undefined is not allowed: pass a Float32Array of 1 to 4096 values/],
  ['numerics with too many values', () => e.softmaxNumerics({ values: new Float32Array(4097) }), /values has 4097 entries: allowed an array of 1 to 4096/],
  ['scores as a string', () => e.softmaxStats({ scores: 'abc' }), /scores = "abc" is not allowed: pass a Float32Array/],
  ['numerics with an infinite value', () => e.softmaxNumerics({ values: [1, Infinity] }), /values\[1\] = Infinity is not allowed/],
];

badInputTests('lesson 3', BAD, () => assert.equal(e.varianceSweep({ maxDim: 8, vectors: 4 }).variance.length, 8));

test('lesson 3: thousands of good and bad calls leak no heap memory and no JavaScript value handles', () => {
  const good = () => {
    e.softmaxStats({ dK: 16, n: 8 });
    e.softmaxStats({ scores: [1, 2, 3] });
    e.gradientSweep({ dKs: [1, 64], trials: 5 });
    e.softmaxNumerics({ values: [100, 0] });
  };
  assertNoLeaks(e, { good, bad: BAD, rounds: 500 });
});
