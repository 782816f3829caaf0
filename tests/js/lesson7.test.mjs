// Lesson 7 through the WASM build (web/engine.js), against the same expectations as the native tests: the two-level row
// against a softmax written out, the fading of the largest weight with n and the s·ln n closed form, aligned queries
// and keys against E(q·k) = ρd and Var(q·k) = d(1 + ρ²), QK-norm and qk-layernorm unmoved by growth, bad input naming
// the function, the parameter, the value and the range, and no leaks.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { assertClose, engine, assertNoLeaks } from './helpers.mjs';

const e = await engine();

/** The largest weight and entropy of a row written out, by the engine's float64 softmax lab. */
function direct(n, top, rest) {
  const scores = [top, ...new Array(n - 1).fill(rest)];
  const r = e.boltzmann({ scores, betas: [1] });
  return { maxWeight: r.maxWeight[0], entropy: r.entropy[0] };
}

test('lengthScaling: the plain row matches a softmax written out, and its largest weight fades with n', () => {
  const ns = [1, 2, 3, 10, 100, 500];
  const r = e.lengthScaling({ ns, top: 3, rest: -2, s: 0.43 });
  ns.forEach((n, i) => {
    const d = direct(n, 3, -2);
    assertClose([r.plainMaxWeight[i], r.plainEntropy[i]], [d.maxWeight, d.entropy], { abs: 1e-14, rel: 1e-12 }, `n = ${n}`);
    const c = 0.43 * Math.log(n);
    const scaled = direct(n, 3 * c, -2 * c);
    assertClose([r.scaledMaxWeight[i], r.scaledEntropy[i]], [scaled.maxWeight, scaled.entropy], { abs: 1e-14, rel: 1e-12 }, `scaled, n = ${n}`);
    if (i > 0) assert.ok(r.plainMaxWeight[i] < r.plainMaxWeight[i - 1], `fades at n = ${n}`);
  });
  assert.equal(r.plainMaxWeight[0], 1);
  assert.equal(r.plainEntropy[0], 0);
});

test('lengthScaling: with s·ln n the top weight is 1/(1 + (n − 1)·n^(−s·gap)) and keeps up when s·gap > 1', () => {
  const ns = [10, 1e3, 1e6, 1e9, 1e12];
  for (const s of [0.1, 0.2, 0.43]) {
    const r = e.lengthScaling({ ns, top: 3, rest: -2, s });
    const want = ns.map((n) => 1 / (1 + (n - 1) * n ** (-5 * s)));
    assertClose(r.scaledTopWeight, want, { abs: 1e-15, rel: 1e-11 }, `s = ${s}`);
    assertClose([r.sGap], [5 * s], { rel: 1e-15 }, 'sGap');
    assert.equal(r.scaledLimit, 5 * s > 1 ? 1 : 5 * s === 1 ? 0.5 : 0);
  }
  const keeps = e.lengthScaling({ ns, s: 0.43 }); // Nakanishi's row is the default: 3 and −2
  assert.equal(keeps.top, 3);
  assert.equal(keeps.rest, -2);
  for (let i = 1; i < ns.length; i++) assert.ok(keeps.scaledMaxWeight[i] > keeps.scaledMaxWeight[i - 1]);
  assert.ok(keeps.plainMaxWeight[4] < 1e-9 && keeps.scaledMaxWeight[4] > 0.999999);
  assertClose([keeps.criticalS, keeps.unitScaleN], [0.2, Math.exp(1 / 0.43)], { rel: 1e-14 }, 'thresholds');
});

test('alignmentScaling: 1/√dK logits grow like ρ√dK, μP\'s stay at ρ√baseDK, within 4 standard errors', () => {
  const dKs = [4, 16, 64, 256, 1024];
  const r = e.alignmentScaling({ dKs, rho: 0.5, n: 16, samples: 1500, baseDK: 16, seed: 3 });
  assert.deepEqual(Array.from(r.dKs), dKs);
  dKs.forEach((d, i) => {
    const a = r.inverseSqrt;
    const m = r.mup;
    assertClose([a.theoryMean[i], m.theoryMean[i]], [0.5 * Math.sqrt(d), 2], { rel: 1e-14 }, `theory at ${d}`);
    assert.ok(Math.abs(a.alignedLogit[i] - a.theoryMean[i]) <= 4 * a.alignedLogitStdError[i], `1/√dK at ${d}: ${a.alignedLogit[i]}`);
    assert.ok(Math.abs(m.alignedLogit[i] - 2) <= 4 * m.alignedLogitStdError[i], `μP at ${d}: ${m.alignedLogit[i]}`);
    assertClose([a.alignedLogitSd[i], a.otherLogitSd[i]], [Math.sqrt(1.25), 1], { rel: 0.08 }, `sd at ${d}`);
    assertClose([m.otherLogitSd[i]], [4 / Math.sqrt(d)], { rel: 0.05 }, `μP others at ${d}`);
    assertClose([a.scale[i], m.scale[i]], [1 / Math.sqrt(d), 4 / d], { rel: 1e-15 }, 'scales');
  });
  assert.ok(r.inverseSqrt.maxWeight[4] > 0.999, 'the aligned key wins outright at dK = 1024 under 1/√dK');
  assertClose([r.mup.alignedWeight[4]], [r.mupLimit.topWeight], { abs: 0.02 }, 'μP settles on its limit');
  assertClose([r.mupLimit.topWeight], [Math.exp(2) / (Math.exp(2) + 15)], { rel: 1e-14 }, 'the limit');
});

test('alignmentScaling: without alignment μP\'s rows turn uniform while 1/√dK keeps them as they were', () => {
  const r = e.alignmentScaling({ dKs: [1, 64, 4096], rho: 0, samples: 800 });
  assert.ok(r.mup.maxWeight[2] < 1.1 * r.uniformWeight, `${r.mup.maxWeight[2]}`);
  assert.ok(Math.abs(r.inverseSqrt.maxWeight[2] - r.inverseSqrt.maxWeight[1]) < 0.03);
  assertClose([r.mup.otherLogitSd[2]], [1 / 64], { rel: 0.05 }, 'μP spread at dK = 4096');
});

test('qkNormDemo: standard entropy falls as q and k grow, QK-norm and qk-layernorm do not move', () => {
  const drifts = [0.25, 0.5, 1, 2, 4];
  const r = e.qkNormDemo({ dK: 64, n: 16, g: 8, samples: 200, drifts });
  for (let t = 1; t < drifts.length; t++) {
    assert.ok(r.standard.entropy[t] < r.standard.entropy[t - 1], `standard at f = ${drifts[t]}`);
    assertClose([r.standard.maxAbsLogit[t]], [r.standard.maxAbsLogit[0] * (drifts[t] / 0.25) ** 2], { rel: 1e-12 }, 'logits × f²');
  }
  assertClose(r.qkNorm.entropy, new Array(5).fill(r.qkNorm.entropy[2]), { rel: 1e-12 }, 'QK-norm entropy');
  assertClose(r.qkNorm.maxWeight, new Array(5).fill(r.qkNorm.maxWeight[2]), { rel: 1e-12 }, 'QK-norm largest weight');
  assertClose(r.qkLayerNorm.entropy, new Array(5).fill(r.qkLayerNorm.entropy[2]), { rel: 1e-12 }, 'qk-layernorm entropy');
  assert.ok(Math.max(...r.qkNorm.maxAbsLogit) <= 8 * (1 + 1e-12));
  assert.ok(Math.max(...r.qkLayerNorm.maxAbsLogit) <= r.layerNormBound * (1 + 1e-12));
  assert.equal(r.maxEntropy, Math.log(16));
  assert.ok(r.qkNorm.entropy[0] >= r.minEntropy && r.qkNorm.maxWeight[0] <= r.sharpest.maxWeight);
  const d = direct(16, 8, -8);
  assertClose([r.sharpest.maxWeight, r.sharpest.entropy], [d.maxWeight, d.entropy], { rel: 1e-12 }, 'one key at +g');
});

test('Lesson 7 functions reject bad input with the function, the parameter, the value and the range', () => {
  const cases = [
    [() => e.lengthScaling({ top: 3 }), /^lengthScaling: ns is missing/],
    [() => e.lengthScaling({ ns: [0.5] }), /^lengthScaling: ns\[0\] = 0\.5 is out of range: allowed a finite number from 1 to 1000000000000$/],
    [() => e.lengthScaling({ ns: [2.5] }), /^lengthScaling: ns\[0\] = 2\.5 is not allowed: allowed an integer from 1 to 1000000000000/],
    [() => e.lengthScaling({ ns: [2], s: -1 }), /^lengthScaling: s = -1 is out of range: allowed a finite number from 0 to 100$/],
    [() => e.lengthScaling({ ns: [2], temperature: 1 }), /^lengthScaling: unknown option "temperature"/],
    [() => e.alignmentScaling({ rho: 0.5 }), /^alignmentScaling: dKs is missing/],
    [() => e.alignmentScaling({ dKs: [4, 2] }), /^alignmentScaling: dKs\[1\] = 2 is not allowed: dKs must increase/],
    [() => e.alignmentScaling({ dKs: [4], rho: 1.5 }), /^alignmentScaling: rho = 1\.5 is out of range: allowed a finite number from -1 to 1$/],
    [() => e.alignmentScaling({ dKs: [4096], samples: 100000 }), /^alignmentScaling: samples·\(max\(dKs\) \+ n·dKs\.length\) = .* is too large: allowed at most 8388608$/],
    [() => e.qkNormDemo({ dK: 1 }), /^qkNormDemo: dK = 1 is out of range: allowed an integer from 2 to 4096$/],
    [() => e.qkNormDemo({ g: 0 }), /^qkNormDemo: g = 0 is out of range: allowed a finite number from 0\.001 to 1000$/],
    [() => e.qkNormDemo({ drifts: [] }), /^qkNormDemo: drifts has 0 entries/],
    [() => e.qkNormDemo({ dK: 4096, n: 256, samples: 1000 }), /^qkNormDemo: samples·drifts\.length·n·dK = .* is too large: allowed at most 134217728$/],
  ];
  for (const [call, message] of cases) assert.throws(call, { message });
});

test('Lesson 7 functions leak nothing, on good input or bad', () => {
  assertNoLeaks(e, {
    good: () => {
      e.lengthScaling({ ns: [2, 20], s: 0.3 });
      e.alignmentScaling({ dKs: [4, 16], samples: 20 });
      e.qkNormDemo({ dK: 8, n: 4, samples: 10 });
    },
    bad: [['ns', () => e.lengthScaling({ ns: [0] })], ['dKs', () => e.alignmentScaling({ dKs: [3, 3] })], ['g', () => e.qkNormDemo({ g: -1 })]],
    rounds: 20,
  });
});

test('lengthScaling answers null, not Infinity, where no critical s or unit-scale n exists', () => {
  const none = e.lengthScaling({ ns: [1, 10], top: -2, rest: 3, s: 0 });
  assert.equal(none.criticalS, null, 'top <= rest: no s makes the top logit win');
  assert.equal(none.unitScaleN, null, 's = 0: s·ln n never reaches 1');
  const some = e.lengthScaling({ ns: [10], top: 3, rest: -2, s: 0.5 });
  assert.equal(some.criticalS, 0.2);
  assert.ok(Math.abs(some.unitScaleN - Math.exp(2)) < 1e-9);
});
