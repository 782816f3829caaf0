// Lesson 3's start through the WASM build: the two-logit curve σ(Δ) and its slope against the engine's own softmax
// of [Δ, 0], the gap between two random scores (sd √(2·d_k) raw, √2 scaled) against the rows softmaxStats draws, the
// typical rows gradientDistribution names, the sparsity shares the page prints (issue 33), and the rules that turn
// the engine's numbers into the predictions' right answers.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { engine, assertClose } from './helpers.mjs';
import { slopeChoice } from '../../web/sections/saturation/twologit.js';
import { sparseChoice } from '../../web/sections/saturation/question.js';

const e = await engine();

test('twoLogitCurve: p is the engine\'s softmax of [Δ, 0] and the slope its Jacobian entry J₀₀ = p(1 − p)', () => {
  const c = e.twoLogitCurve({ halfWidth: 12, points: 49, at: 0.7 });
  assert.equal(c.gaps.length, 49);
  assert.equal(c.gaps[0], -12);
  assert.equal(c.gaps[48], 12);
  assert.equal(c.gaps[24], 0);
  for (let i = 0; i < c.gaps.length; i += 1) {
    const row = e.softmaxStats({ scores: [c.gaps[i], 0], dK: 1, scaled: false }); // Δ on the grid is a float32 number
    assertClose([c.p[i], c.slope[i]], [row.weights[0], row.jacobian[0]], { abs: 1e-15, rel: 1e-12 }, `Δ = ${c.gaps[i]}`);
    assertClose([c.slope[i]], [c.slope[48 - i]], { rel: 1e-12 }, 'symmetric');
  }
  assert.equal(c.slope[24], 0.25);
  assert.ok(c.slope.every((s, i) => s > 0 && (i === 0 || (i <= 24 ? s > c.slope[i - 1] : s < c.slope[i - 1]))), 'rises to Δ = 0, then falls');
  assertClose([c.pAt, c.slopeAt], [1 / (1 + Math.exp(-0.7)), Math.exp(-0.7) / (1 + Math.exp(-0.7)) ** 2], { rel: 1e-14 }, 'at 0.7');
  const far = e.twoLogitCurve({ points: 2, at: 40 });
  assert.ok(far.slopeAt > 0 && Math.abs(far.slopeAt - Math.exp(-40)) <= 1e-12 * Math.exp(-40), `slope at 40: ${far.slopeAt}`);
});

test('gapSpread: the gap q·k − q·k\' has sd √(2·d_k) raw and √2 scaled, measured on the rows softmaxStats draws', () => {
  const g = e.gapSpread({ dKs: [4, 64, 512], pairs: 3000, seed: 2 });
  assert.deepEqual(Array.from(g.dKs), [4, 64, 512]);
  [4, 64, 512].forEach((d, i) => {
    assert.equal(g.unscaled.expectedSd[i], Math.sqrt(2 * d));
    assert.equal(g.scaled.expectedSd[i], Math.SQRT2);
    // The gap sums d_k products q_c·(k_c − k'_c): kurtosis 3 + 6/d_k, so the sample sd's relative standard error is
    // √((kurtosis − 1)/(4·pairs)), 1.7 % at d_k = 4 and 0.9 % at 512. Four of them.
    const tolerance = 4 * Math.sqrt((2 + 6 / d) / (4 * 3000));
    assert.ok(Math.abs(g.unscaled.sd[i] / Math.sqrt(2 * d) - 1) < tolerance, `d_k = ${d}: sd ${g.unscaled.sd[i]}`);
    assertClose([g.scaled.sd[i] * Math.sqrt(d)], [g.unscaled.sd[i]], { rel: 1e-12 }, 'the same pairs, divided');
    assert.ok(g.scaled.flat[i] < 0.02, `scaled pairs on the flat tails at ${d}: ${g.scaled.flat[i]}`);
  });
  assert.ok(g.unscaled.flat[0] < g.unscaled.flat[1] && g.unscaled.flat[1] < g.unscaled.flat[2], Array.from(g.unscaled.flat).join(', '));
  // Pair r is softmaxStats's dot-model row r of two scores: recompute 200 pairs' sd and flat share from those rows.
  const few = e.gapSpread({ dKs: [64], pairs: 200, seed: 5 });
  const gaps = Array.from({ length: 200 }, (_, r) => {
    const s = e.softmaxStats({ dK: 64, n: 2, seed: 5, model: 'dot', row: r, scaled: false }).scores;
    return s[0] - s[1];
  });
  const mean = gaps.reduce((t, x) => t + x, 0) / gaps.length;
  const sd = Math.sqrt(gaps.reduce((t, x) => t + (x - mean) ** 2, 0) / (gaps.length - 1));
  assertClose([few.unscaled.sd[0]], [sd], { rel: 1e-12 }, 'sd from the rows');
  const flat = gaps.filter((x) => e.twoLogitCurve({ points: 2, at: x }).slopeAt < 0.01).length / gaps.length;
  assert.equal(few.unscaled.flat[0], flat);
});

test('gapSpread and twoLogitCurve reject bad input with an Error naming the function, the option and the range', () => {
  assert.throws(() => e.twoLogitCurve({ points: 1 }), /twoLogitCurve.*points/);
  assert.throws(() => e.twoLogitCurve({ at: 2000 }), /twoLogitCurve.*at/);
  assert.throws(() => e.gapSpread({ dKs: [64, 4] }), /gapSpread.*dKs/);
  assert.throws(() => e.gapSpread({ dKs: [4096], pairs: 100000 }), /gapSpread.*too large/);
  assert.throws(() => e.softmaxStats({ scores: [1, 2], row: 3 }), /softmaxStats.*row/);
  assert.equal(e.gapSpread({ dKs: [4], pairs: 10 }).pairs, 10, 'the next call works');
});

test('gradientDistribution names its quartile rows, and softmaxStats draws those rows with the same ‖J‖', () => {
  const d = e.gradientDistribution({ dK: 64, n: 16, trials: 1000, seed: 1 });
  const v = Array.from(d.jacobian.unscaled.values);
  const sorted = [...v].sort((a, b) => a - b);
  const rows = Array.from(d.jacobian.unscaled.quartileRows);
  [0.25, 0.5, 0.75].forEach((q, i) => assert.equal(v[rows[i]], sorted[Math.round(999 * q)], `quartile ${q}`));
  for (const r of rows) assert.equal(e.softmaxStats({ dK: 64, n: 16, seed: 1, row: r, scaled: false }).jacobianNorm, v[r]);
  // Row 0 (the row Lesson 3 used to show) is one-hot at these settings; the median row is not.
  const first = e.softmaxStats({ dK: 64, n: 16, seed: 1, scaled: false });
  const middle = e.softmaxStats({ dK: 64, n: 16, seed: 1, row: rows[1], scaled: false });
  assert.ok(first.jacobianNorm < 0.01 && first.maxWeight > 0.99, `row 0: ‖J‖ ${first.jacobianNorm}, max ${first.maxWeight}`);
  assert.ok(middle.jacobianNorm > 0.05 && middle.maxWeight < 0.99, `median row: ‖J‖ ${middle.jacobianNorm}, max ${middle.maxWeight}`);
});

test('the shares issue 33 quotes: raw rows with ‖J‖ < 0.01 at n 16, 1,000 rows, seed 1, and the query gradient at 64', () => {
  const quoted = { 16: 0.04, 32: 0.12, 64: 0.27, 128: 0.41, 512: 0.66, 4096: 0.86 };
  const g = e.gradientSweep({ dKs: [16, 32, 64, 128, 512, 4096], n: 16, trials: 1000, seed: 1 });
  Array.from(g.dKs).forEach((d, i) => {
    assert.ok(Math.abs(g.unscaled.fractionBelow[i] - quoted[d]) < 0.006, `d_k = ${d}: ${g.unscaled.fractionBelow[i]} against ${quoted[d]}`);
    assert.equal(g.scaled.fractionBelow[i], 0);
  });
  const dot = e.gradientDistribution({ dK: 64, n: 16, trials: 1000, seed: 1, model: 'dot' });
  assert.ok(Math.abs(dot.query.unscaled.median - 0.66) < 0.01 && Math.abs(dot.query.scaled.median - 0.30) < 0.01,
    `median gradient reaching q: ${dot.query.unscaled.median} raw, ${dot.query.scaled.median} scaled`);
});

test('the predictions\' right answers follow the engine\'s numbers, and each question has a wrong answer', () => {
  const g = e.gapSpread({ dKs: [4, 64, 512], pairs: 1000, seed: 1 });
  const at = (sd) => e.twoLogitCurve({ points: 2, at: sd }).slopeAt;
  assert.equal(slopeChoice(at(g.unscaled.sd[2])), 'none', 'd_k = 512: the slope at one raw sd is almost 0');
  assert.equal(slopeChoice(at(g.scaled.sd[2])), 'quarter', 'scaled: about 0.25 (0.15 at √2)');
  assert.equal(slopeChoice(at(g.unscaled.sd[0])), 'tenth', 'd_k = 4: about a tenth');
  assert.equal(slopeChoice(NaN), null);
  const s = e.gradientSweep({ dKs: [64, 512], n: 16, trials: 1000, seed: 1 });
  assert.equal(sparseChoice(s.unscaled.fractionBelow[0], s.unscaled.fractionBelow[1]), 'less-more');
  assert.equal(sparseChoice(s.scaled.fractionBelow[0], s.scaled.fractionBelow[1]), 'less-less');
  assert.equal(sparseChoice(0.6, 0.9), 'more-more');
  assert.equal(sparseChoice(undefined, 0.5), null);
});
