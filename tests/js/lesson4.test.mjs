// Lesson 4 through the WASM build (web/engine.js), against the same expectations as the native tests: Boltzmann
// weights at hand-computed β, the limits β → 0 and β → ∞, shift invariance, the two normalisations of a score matrix,
// the derivation's Monte Carlo steps and the score variances of Q = X·W_q, K = X·W_k against their closed forms
// (tolerances from the sample size), weight drift's f⁴, bad input, and leaks.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { assertClose, engine, assertNoLeaks, badInputTests } from './helpers.mjs';

const e = await engine();

/** |estimate − want| <= k·se, with the numbers in the message. */
function assertWithin(value, want, se, label, k = 4) {
  assert.ok(Math.abs(value - want) <= k * se, `${label}: ${value} is not within ${k}·${se} of ${want}`);
}

// ---------------------------------------------------------------------------------------------------------------
// Lesson 4: temperature

test('boltzmann: scores 0 and ln 3 give 1/4, 3/4 at β = 1 and 1/10, 9/10 at β = 2; T = 1/β', () => {
  const r = e.boltzmann({ scores: [0, Math.log(3)], betas: [1, 2, 0.5] });
  assert.equal(r.n, 2);
  assert.equal(r.count, 3);
  assert.ok(r.weights instanceof Float64Array);
  assertClose(r.weights, [0.25, 0.75, 0.1, 0.9, 1 / (1 + Math.sqrt(3)), Math.sqrt(3) / (1 + Math.sqrt(3))], { rel: 1e-14 }, 'weights');
  assert.deepEqual(Array.from(r.temperatures), [1, 0.5, 2]);
  assert.deepEqual(Array.from(r.argmax), [1, 1, 1]);
  assertClose([r.entropy[1]], [-(0.1 * Math.log(0.1) + 0.9 * Math.log(0.9))], { rel: 1e-14 }, 'entropy at β = 2');
  assertClose([r.oneMinusMaxWeight[1]], [0.1], { rel: 1e-14 }, '1 − max weight');
  assert.equal(r.maxEntropy, Math.log(2));
  assert.equal(r.uniformWeight, 0.5);
});

test('boltzmann: β → 0 is uniform, β → ∞ the argmax, and entropy falls as β rises', () => {
  const scores = [1.5, -2, 3.25, 0, 3];
  const betas = [0, 1e-3, 1e3];
  const r = e.boltzmann({ scores, betas });
  const n = scores.length;
  assert.equal(r.temperatures[0], Infinity);
  assertClose(r.weights.subarray(0, n), new Array(n).fill(1 / n), { rel: 1e-15 }, 'β = 0');
  assertClose(r.weights.subarray(n, 2 * n), new Array(n).fill(1 / n), { rel: 7e-3 }, 'β = 1e-3');  // |β·Δs| <= 5.25e-3
  assert.equal(r.argmax[2], 2);
  assert.equal(r.weights[2 * n + 2], 1);
  assertClose([r.oneMinusMaxWeight[2]], [Math.exp(-250)], { rel: 1e-10 }, 'β = 1e3: runner-up 0.25 below');
  // A logarithmic slider from 10⁻³ to 10³.
  const grid = Array.from({ length: 61 }, (_, i) => 10 ** (i / 10 - 3));
  const g = e.boltzmann({ scores: [0.3, -1.2, 2.0, 1.1, 0.9, -0.4], betas: grid });
  for (let i = 1; i < grid.length; i++) {
    if (g.entropy[i - 1] > 0) assert.ok(g.entropy[i] < g.entropy[i - 1], `entropy at β = ${grid[i]}`);
    assert.ok(g.maxWeight[i] >= g.maxWeight[i - 1]);
    assert.ok(Math.abs(g.temperatures[i] - 1 / grid[i]) <= 1e-15 / grid[i]);
  }
  assert.ok(Math.abs(g.entropy[0] - Math.log(6)) < 1e-3);
  assert.ok(g.maxWeight[60] > 1 - 1e-300 || g.oneMinusMaxWeight[60] < 1e-300);
});

test('boltzmann: adding a constant to every score changes no weight', () => {
  // Dyadic scores, power-of-two β and shift: every step is exact, so the weights are identical.
  const exact = e.boltzmann({ scores: [0.5, -1.25, 2, 0.75], betas: [0.25, 1, 8], shift: 1024 });
  assert.equal(exact.maxShiftChange, 0);
  assert.deepEqual(exact.shiftedWeights, exact.weights);
  assert.deepEqual(Array.from(exact.shiftedScores), [1024.5, 1022.75, 1026, 1024.75]);
  // Otherwise only the rounding of s + c is left.
  for (const shift of [-1e6, -3.7, 12345.678]) {
    const r = e.boltzmann({ scores: [0.3, -1.2, 2.0, 1.1], betas: [1e-3, 1, 7, 1e3], shift });
    assert.ok(r.maxShiftChange <= 8 * 1e3 * (Math.abs(shift) + 10) * 2 ** -52, `shift ${shift}: ${r.maxShiftChange}`);
    assertClose(r.shiftedWeights, r.weights, { abs: 1e-9 }, `shift ${shift}`);
  }
});

test('normalisationDemo: rows sum to 1 over the last index, columns over the first; attention is the rows', () => {
  const scores = [2, 0.5, -1, 0, 1, 3, -0.5, 2.5, 0.25];
  const r = e.normalisationDemo({ scores });
  assert.equal(r.rows, 3);
  assertClose(r.byRowRowSums, [1, 1, 1], { abs: 1e-15 }, 'rows of byRow');
  assertClose(r.byColumnColumnSums, [1, 1, 1], { abs: 1e-15 }, 'columns of byColumn');
  assert.ok(Math.max(...r.byRowColumnSums.map((s) => Math.abs(s - 1))) > 0.1);
  assert.ok(Math.max(...r.byColumnRowSums.map((s) => Math.abs(s - 1))) > 0.1);
  assert.ok(r.maxDifference > 0.1);
  assertClose([r.byRow[5]], [Math.exp(3) / (1 + Math.E + Math.exp(3))], { rel: 1e-15 }, 'byRow (1, 2)');
  assertClose([r.byColumn[5]], [Math.exp(3) / (Math.exp(-1) + Math.exp(3) + Math.exp(0.25))], { rel: 1e-15 }, 'byColumn (1, 2)');
  // The engine's float32 softmax kernel (what attention runs) normalises rows.
  assert.ok(r.kernelWeights instanceof Float32Array);
  assertClose(r.kernelWeights, r.byRow, { abs: 1e-7, rel: 1e-5 }, 'kernel');
  assert.ok(r.kernelMaxDifference < 1e-6);
  // Over the first index = over the last index of the transpose; non-square (2, 3) so no transpose can hide.
  const s = [1, -2, 0.5, 3, 0, -1.5];
  const a = e.normalisationDemo({ scores: s, rows: 2, cols: 3, beta: 0.5 });
  const b = e.normalisationDemo({ scores: [1, 3, -2, 0, 0.5, -1.5], rows: 3, cols: 2, beta: 0.5 });
  for (let i = 0; i < 2; i++) {
    for (let j = 0; j < 3; j++) {
      assert.equal(a.byColumn[i * 3 + j], b.byRow[j * 2 + i]);
      assert.equal(a.byRow[i * 3 + j], b.byColumn[j * 2 + i]);
    }
  }
});

// ---------------------------------------------------------------------------------------------------------------
// Lesson 4: the derivation and its assumptions

test('derivation: each step of Var(q·k) = Σ Var(qᵢkᵢ) = Σ Var(qᵢ)Var(kᵢ) = dK within 4 standard errors', (t) => {
  // Closed-form standard errors for N samples of unit normals (see tests/cpp/test_assumptions.cpp).
  const N = 20000;
  for (const dK of [1, 16, 64]) {
    const r = e.derivation({ dK, samples: N, seed: 3 });
    assert.equal(r.dK, dK);
    const dn = dK * N;
    const steps = [
      ['varQ', 1, Math.sqrt(2 / dn)],
      ['covQK', 0, Math.sqrt(1 / dn)],
      ['varProduct', 1, Math.sqrt(8 / dn)],
      ['varDot', dK, Math.sqrt((2 * dK * dK + 6 * dK) / N)],
      ['sumVarProducts', dK, Math.sqrt((8 * dK) / N)],
      ['sumVarQVarK', dK, Math.sqrt((4 * dK) / N)],
    ];
    for (const [name, want, se] of steps) {
      const q = r[name];
      assert.equal(q.theory, want, name);
      assertWithin(q.value, want, se, `dK = ${dK}, ${name}`);
      assert.ok(Math.abs(q.stdError / se - 1) < 0.1, `${name}: reported standard error ${q.stdError}, closed form ${se}`);
    }
    if (dK > 1) assertWithin(r.covarianceSum.value, 0, Math.sqrt((2 * dK * (dK - 1)) / N), 'covariance sum');
    else assert.deepEqual([r.pairCovQ.value, r.pairCovQ.theory], [null, null], 'no pairs at dK = 1: null, not NaN');
    assertClose([r.varDot.value], [r.sumVarProducts.value + r.covarianceSum.value], { abs: 1e-12, rel: 1e-12 }, 'step 1 = step 2 + covariances');
    if (dK === 64) t.diagnostic(`dK = 64: Var(q·k) = ${r.varDot.value.toFixed(2)} ± ${r.varDot.stdError.toFixed(2)}, Σ Var(qᵢkᵢ) = ${r.sumVarProducts.value.toFixed(2)} ± ${r.sumVarProducts.stdError.toFixed(2)}, Σ Var qᵢ Var kᵢ = ${r.sumVarQVarK.value.toFixed(2)} ± ${r.sumVarQVarK.stdError.toFixed(2)}`);
  }
});

test('derivation: a mean breaks step 3 (Var qᵢkᵢ ≠ Var qᵢ·Var kᵢ) but not step 2', () => {
  // μ_q = μ_k = 1, unit variances: Var(qᵢkᵢ) = 1 + 1 + 1 = 3, so Var(q·k) = 3dK while Σ Var qᵢ Var kᵢ = dK.
  const r = e.derivation({ dK: 32, samples: 20000, seed: 17, meanQ: 1, meanK: 1 });
  assert.equal(r.varDot.theory, 96);
  assert.equal(r.sumVarQVarK.theory, 32);
  for (const name of ['varDot', 'sumVarProducts', 'sumVarQVarK', 'meanProduct', 'covarianceSum']) {
    assertWithin(r[name].value, r[name].theory, r[name].stdError, name);
  }
  assert.ok(r.sumVarProducts.value - r.sumVarQVarK.value > 10 * Math.hypot(r.sumVarProducts.stdError, r.sumVarQVarK.stdError));
  // A correlation between qᵢ and kᵢ: Var(qᵢkᵢ) = 1 + ρ².
  const c = e.derivation({ dK: 32, samples: 20000, seed: 17, correlation: 0.5 });
  assert.equal(c.varProduct.theory, 1.25);
  assertWithin(c.covQK.value, 0.5, c.covQK.stdError, 'Cov(qᵢ, kᵢ)');
  assertWithin(c.varDot.value, 40, c.varDot.stdError, 'Var(q·k)');
  // The logits q·k/√dK: variance 1 + ρ² instead of 1, and 3 with the means of 1.
  assert.equal(c.scaledVariance.theory, 1.25);
  assert.equal(c.scaledVariance.value, c.varDot.value / 32);
  assertWithin(c.scaledVariance.value, 1.25, c.scaledVariance.stdError, 'logit variance, ρ = 0.5');
  assert.equal(r.scaledVariance.theory, 3);
  assertWithin(r.scaledVariance.value, 3, r.scaledVariance.stdError, 'logit variance, μ = 1');
});

test('assumptionCheck: the unit case gives dK off the diagonal, dK(1 + 2/dX) on it, scaled variance 1', (t) => {
  const r = e.assumptionCheck({ dX: 64, dK: 64, sigmaX: 1, sigmaWq: 0.125, sigmaWk: 0.125, tokens: 8, samples: 1500, seed: 5 });
  assert.equal(r.predicted, 64);
  assert.equal(r.predictedDiagonal, 66);
  assertWithin(r.measuredOffDiagonal, 64, r.measuredOffDiagonalStdError, 'off-diagonal');
  assertWithin(r.measuredDiagonal, 66, r.measuredDiagonalStdError, 'diagonal');
  assertWithin(r.measured, r.predictedAll, r.measuredStdError, 'all scores');
  assertWithin(r.withinRowVariance, r.predictedWithinRow, r.withinRowVarianceStdError, 'within a row');
  assert.equal(r.scaledVariance, r.measured / 64);
  assertWithin(r.scaledVariance, 1, r.scaledVarianceStdError, 'scaled');
  assert.equal(r.standardBeta, 0.125);
  assert.equal(r.restoringBeta, 1 / Math.sqrt(r.measured));
  assert.ok(Math.abs(r.scaled.entropy / r.assumed.entropy - 1) < 0.05);
  assert.equal(r.firstScores.length, 64);
  for (let i = 0; i < 8; i++) assert.ok(Math.abs(r.firstWeights.subarray(8 * i, 8 * i + 8).reduce((a, b) => a + b, 0) - 1) < 1e-6);
  t.diagnostic(`unit case: predicted 64, measured off-diagonal ${r.measuredOffDiagonal.toFixed(2)} ± ${r.measuredOffDiagonalStdError.toFixed(2)}, diagonal ${r.measuredDiagonal.toFixed(2)} ± ${r.measuredDiagonalStdError.toFixed(2)} (closed form 66), scaled ${r.scaledVariance.toFixed(3)}`);
});

test('assumptionCheck: the relaxed product, the diagonal closed form and a non-zero mean', (t) => {
  // (16·4·0.25)(16·4·0.0625)·8 = 512.
  const relaxed = e.assumptionCheck({ dX: 16, dK: 8, sigmaX: 2, sigmaWq: 0.5, sigmaWk: 0.25, tokens: 6, samples: 2000, seed: 7 });
  assert.equal(relaxed.predicted, 512);
  assert.equal(relaxed.scaledPredicted, 64);
  assertWithin(relaxed.measuredOffDiagonal, 512, relaxed.measuredOffDiagonalStdError, 'relaxed off-diagonal');
  assertClose([relaxed.restoringBeta ** 2 * relaxed.measured], [1], { rel: 1e-14 }, 'restoring β');
  // d_x = 2: the diagonal q_i·k_i shares x_i, variance ×(1 + 2/d_x) = ×2.
  const diag = e.assumptionCheck({ dX: 2, dK: 16, sigmaX: 1, sigmaWq: 0.7, sigmaWk: 0.7, tokens: 4, samples: 20000, seed: 11 });
  const off = 16 * 0.49 * 0.49 * 4;
  assertClose([diag.predictedOffDiagonal, diag.predictedDiagonal], [off, 2 * off], { rel: 1e-14 }, 'closed forms');
  assertWithin(diag.measuredDiagonal, 2 * off, diag.measuredDiagonalStdError, 'diagonal');
  assertWithin(diag.measuredOffDiagonal, off, diag.measuredOffDiagonalStdError, 'off-diagonal');
  assert.ok(Math.abs(diag.measuredDiagonal - off) > 10 * diag.measuredDiagonalStdError);
  // Their ratio, measured with its own standard error, against 1 + 2/d_x = 2; 1 (independence) is far outside.
  assert.equal(diag.predictedDiagonalRatio, 2);
  assert.equal(diag.diagonalRatio, diag.measuredDiagonal / diag.measuredOffDiagonal);
  assertWithin(diag.diagonalRatio, 2, diag.diagonalRatioStdError, 'diagonal ratio');
  assert.ok(diag.diagonalRatio - 1 > 10 * diag.diagonalRatioStdError);
  // μ = 1: off-diagonal 32, diagonal 44, within a row 12.8, where the paper's product says 8.
  const mean = e.assumptionCheck({ dX: 4, dK: 8, sigmaX: 1, sigmaWq: 0.5, sigmaWk: 0.5, meanX: 1, tokens: 6, samples: 20000, seed: 13 });
  assert.equal(mean.predicted, 8);
  assertClose([mean.predictedOffDiagonal, mean.predictedDiagonal, mean.predictedWithinRow], [32, 44, 12.8], { rel: 1e-14 }, 'mean closed forms');
  assertWithin(mean.measuredOffDiagonal, 32, mean.measuredOffDiagonalStdError, 'mean: off-diagonal');
  assertWithin(mean.measuredDiagonal, 44, mean.measuredDiagonalStdError, 'mean: diagonal');
  assertWithin(mean.withinRowVariance, 12.8, mean.withinRowVarianceStdError, 'mean: within a row');
  assertWithin(mean.meanOffDiagonal, 0, mean.meanOffDiagonalStdError, 'mean: E score');
  t.diagnostic(`relaxed: predicted 512, measured ${relaxed.measuredOffDiagonal.toFixed(1)} ± ${relaxed.measuredOffDiagonalStdError.toFixed(1)}; d_x = 2 diagonal ${diag.measuredDiagonal.toFixed(2)} ± ${diag.measuredDiagonalStdError.toFixed(2)} vs ${(2 * off).toFixed(2)}; μ = 1 off-diagonal ${mean.measuredOffDiagonal.toFixed(2)} ± ${mean.measuredOffDiagonalStdError.toFixed(2)} vs 32 (paper 8)`);
});

test('weightDrift: f multiplies the score variance by f⁴ and sharpens the softmax', () => {
  const common = { dX: 32, dK: 32, sigmaWq: 1 / Math.sqrt(32), sigmaWk: 1 / Math.sqrt(32), tokens: 10, samples: 400, seed: 21 };
  const r = e.weightDrift({ ...common, drifts: [0.5, 1, 2, 4] });
  assert.deepEqual(Array.from(r.drifts), [0.5, 1, 2, 4]);
  for (let i = 0; i < 4; i++) {
    const f4 = r.drifts[i] ** 4;
    assertClose([r.measured[i]], [f4 * r.measured[1]], { rel: 1e-12 }, `measured at f = ${r.drifts[i]}`);  // powers of two: exact
    assertClose([r.predicted[i]], [f4 * 32], { rel: 1e-14 }, `predicted at f = ${r.drifts[i]}`);
    if (i > 0) {
      assert.ok(r.entropy[i] < r.entropy[i - 1]);
      assert.ok(r.maxWeight[i] > r.maxWeight[i - 1]);
    }
  }
  assert.ok(r.entropy[3] < 0.3 * r.assumed.entropy);
  assert.ok(Math.abs(r.entropy[1] / r.assumed.entropy - 1) < 0.05);
  // The f = 1 point is assumptionCheck with the same options (the same draws).
  const one = e.assumptionCheck(common);
  assert.equal(one.measured, r.measured[1]);
  assert.equal(one.scaled.entropy, r.entropy[1]);
  assert.equal(e.assumptionCheck({ ...common, drift: 2 }).measured, r.measured[2]);
  // The ratio to f = 1 from the same draws, f⁴, and the scores' width, f²; the same when 1 is not in the list.
  assertClose(Array.from(r.varianceRatio), [1 / 16, 1, 16, 256], { rel: 1e-12 }, 'variance ratio');
  assertClose(Array.from(r.sdRatio), [0.25, 1, 4, 16], { rel: 1e-12 }, 'width ratio');
  const alone = e.weightDrift({ ...common, drifts: [2] });
  assert.equal(alone.drifts.length, 1);
  assert.equal(alone.varianceRatio[0], r.varianceRatio[2]);
  // β reset for unit variance at each f: the logits are those of f = 1, so the sharpness is the same at every f.
  for (let i = 0; i < 4; i++) assertClose([r.restoredMaxWeight[i]], [r.restoredMaxWeight[1]], { rel: 1e-6 }, `reset β at f = ${r.drifts[i]}`);
  assert.equal(r.restoredMaxWeight[1], one.restored.maxWeight);
  assert.ok(r.maxWeight[3] > r.restoredMaxWeight[3] + 0.2, 'without the reset, f = 4 is far sharper');
});

// ---------------------------------------------------------------------------------------------------------------
// Bad input

const BAD = [
  ['boltzmann without scores', () => e.boltzmann({ betas: [1] }), /boltzmann: scores is missing/],
  ['boltzmann without betas', () => e.boltzmann({ scores: [1, 2] }), /betas is missing/],
  ['an empty betas', () => e.boltzmann({ scores: [1, 2], betas: [] }), /betas has 0 entries: allowed an array of 1 to 256 finite numbers from 0 to 1000000/],
  ['a non-finite β', () => e.boltzmann({ scores: [1, 2], betas: [1, Infinity] }), /betas\[1\] = Infinity is out of range: allowed a finite number from 0 to 1000000/],
  ['a negative β', () => e.boltzmann({ scores: [1, 2], betas: [-0.5] }), /betas\[0\] = -0.5 is out of range/],
  ['a NaN score', () => e.boltzmann({ scores: [1, NaN], betas: [1] }), /scores\[1\] = NaN is out of range/],
  ['too many scores', () => e.boltzmann({ scores: new Float64Array(513), betas: [1] }), /scores has 513 entries: allowed an array of 1 to 512/],
  ['betas as a number', () => e.boltzmann({ scores: [1], betas: 2 }), /betas = 2 is not allowed: allowed an array/],
  ['an infinite shift', () => e.boltzmann({ scores: [1], betas: [1], shift: Infinity }), /shift = Infinity is out of range: allowed a finite number from -1000000 to 1000000/],
  ['a misspelled option', () => e.boltzmann({ scores: [1], betas: [1], beta: 1 }), /unknown option "beta"/],
  ['a normalisation matrix of the wrong size', () => e.normalisationDemo({ scores: [1, 2, 3, 4] }), /scores has 4 entries: expected rows·cols = 3·3 = 9/],
  ['a normalisation without scores', () => e.normalisationDemo({ rows: 2, cols: 2 }), /scores is missing: allowed an array of rows·cols = 4 finite numbers/],
  ['rows = 0', () => e.normalisationDemo({ scores: [], rows: 0 }), /rows = 0 is out of range: allowed an integer from 1 to 16/],
  ['derivation dK = 0', () => e.derivation({ dK: 0 }), /derivation: dK = 0 is out of range: allowed an integer from 1 to 4096/],
  ['one derivation sample', () => e.derivation({ samples: 1 }), /samples = 1 is out of range: allowed an integer from 2 to 1000000/],
  ['too many derivation samples', () => e.derivation({ dK: 4096, samples: 1e6 }), /samples·dK = 4096000000 is too large: allowed at most 4194304/],
  ['a correlation above 1', () => e.derivation({ correlation: 1.5 }), /correlation = 1.5 is out of range: allowed a finite number from -1 to 1/],
  ['a negative sigmaQ', () => e.derivation({ sigmaQ: -1 }), /sigmaQ = -1 is out of range: allowed a finite number from 0 to 100/],
  ['a negative sigmaX', () => e.assumptionCheck({ sigmaX: -1 }), /assumptionCheck: sigmaX = -1 is out of range: allowed a finite number from 0.001 to 100/],
  ['a zero sigmaWq', () => e.assumptionCheck({ sigmaWq: 0 }), /sigmaWq = 0 is out of range: allowed a finite number from 0.001 to 100/],
  ['a NaN sigmaWk', () => e.assumptionCheck({ sigmaWk: NaN }), /sigmaWk = NaN is out of range/],
  ['one token', () => e.assumptionCheck({ tokens: 1 }), /tokens = 1 is out of range: allowed an integer from 2 to 64/],
  ['a mean of X out of range', () => e.assumptionCheck({ meanX: 11 }), /meanX = 11 is out of range: allowed a finite number from -10 to 10/],
  ['too many assumption samples', () => e.assumptionCheck({ samples: 100000, dX: 1024, dK: 1024 }), /samples·\(tokens·dX \+ 2·dX·dK\) = 210534400000 is too large: allowed at most 33554432/],
  ['too much assumption work', () => e.assumptionCheck({ samples: 15000, dX: 1, dK: 1024, tokens: 64 }), /samples·tokens·dK·\(2·dX \+ tokens\) = 64880640000 is too large: allowed at most 1073741824/],
  ['a drift of 0', () => e.assumptionCheck({ drift: 0 }), /drift = 0 is out of range: allowed a finite number from 0.01 to 100/],
  ['an empty drifts', () => e.weightDrift({ drifts: [] }), /weightDrift: drifts has 0 entries: allowed an array of 1 to 64 finite numbers from 0.01 to 100/],
  ['a negative drift factor', () => e.weightDrift({ drifts: [1, -2] }), /drifts\[1\] = -2 is out of range/],
  ['drift in weightDrift', () => e.weightDrift({ drift: 2 }), /unknown option "drift"/],
  ['too much drift work', () => e.weightDrift({ drifts: new Array(64).fill(1), samples: 1000, dX: 64, dK: 64, tokens: 8 }), /drifts.length·samples·tokens·dK·\(2·dX \+ tokens\) = 4456448000 is too large: allowed at most 1073741824/],
  ['options that are not an object', () => e.assumptionCheck('fast'), /options = "fast" is not an object/],
];

badInputTests('lesson 4', BAD, () => assert.equal(e.boltzmann({ scores: [0, 0], betas: [1] }).weights[0], 0.5));

test('lesson 4: thousands of good and bad calls leak no heap memory and no JavaScript value handles', () => {
  const good = () => {
    e.boltzmann({ scores: [1, 2, 3], betas: [0, 1, 10], shift: 2 });
    e.normalisationDemo({ scores: [1, 2, 3, 4, 5, 6, 7, 8, 9] });
    e.derivation({ dK: 8, samples: 20 });
    e.assumptionCheck({ dX: 4, dK: 4, tokens: 3, samples: 4 });
    e.weightDrift({ dX: 4, dK: 4, tokens: 3, samples: 4, drifts: [1, 2] });
  };
  assertNoLeaks(e, { good, bad: BAD, rounds: 300 });
});
