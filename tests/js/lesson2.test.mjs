// Lesson 2 through the WASM build (web/engine.js), against the same expectations as the native tests: the
// incremental sweep against a direct float64 computation, sample variances against their finite-sample expectations,
// Var(cX) = c²Var(X), bad input, leaks, the sweep's speed, and that the sweep really runs the f64x2 kernel.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

import { ROOT, assertClose, engine, assertNoLeaks, badInputTests } from './helpers.mjs';

const e = await engine();

/** Mean and population variance in float64, two passes. */
function moments(values) {
  let sum = 0;
  for (const v of values) sum += v;
  const mean = sum / values.length;
  let sq = 0;
  for (const v of values) sq += (v - mean) ** 2;
  return { mean, variance: sq / values.length };
}

/** Mean and standard error (s/√R) of R numbers. */
function meanAndSe(values) {
  const { mean, variance } = moments(values);
  return { mean, se: Math.sqrt((variance * values.length) / (values.length - 1) / values.length) };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

// ---------------------------------------------------------------------------------------------------------------
// Lesson 2

test('dotProducts: mean and population variance of its own values, a full histogram, reproducible', () => {
  const r = e.dotProducts({ dim: 100, pairs: 1000, seed: 3 });
  assert.ok(r.values instanceof Float32Array);
  assert.equal(r.values.length, 1000);
  const m = moments(r.values);
  assert.ok(Math.abs(r.mean - m.mean) <= 1e-12 * Math.abs(m.mean));
  assert.ok(Math.abs(r.variance - m.variance) <= 1e-11 * m.variance);
  assert.equal(r.sd, Math.sqrt(r.variance), 'the width of the histogram is the square root of its variance');
  assert.equal(r.min, Math.min(...r.values));
  assert.equal(r.max, Math.max(...r.values));
  const { edges, counts, outside } = r.histogram;
  assert.equal(edges.length, 31);
  assert.equal(counts.length, 30);
  assert.equal(counts.reduce((a, b) => a + b, 0) + outside, 1000);
  assert.equal(outside, 0);
  assert.equal(edges[0], r.min);
  assert.equal(edges[30], r.max);
  // The same seed gives the same values; more pairs keep the first ones.
  assert.deepEqual(e.dotProducts({ dim: 100, pairs: 1000, seed: 3 }).values, r.values);
  assert.deepEqual(e.dotProducts({ dim: 100, pairs: 1500, seed: 3 }).values.subarray(0, 1000), r.values);
  // A shared axis: a given range, values outside it counted apart.
  const shared = e.dotProducts({ dim: 100, pairs: 1000, seed: 3, bins: 10, range: [20, 30] });
  assert.equal(shared.histogram.edges[0], 20);
  assert.equal(shared.histogram.edges[10], 30);
  assert.equal(shared.histogram.counts.reduce((a, b) => a + b, 0) + shared.histogram.outside, 1000);
  assert.ok(shared.histogram.outside > 0);
});

test('histogram: values binned again give what dotProducts gives with the same range, without drawing them again', () => {
  const options = { dim: 100, pairs: 1000, seed: 3, bins: 12 };
  const own = e.dotProducts(options);
  for (const range of [[own.min, own.max], [20, 30], [-5, 80]]) {
    const drawn = e.dotProducts({ ...options, range });
    const binned = e.histogram({ values: own.values, bins: 12, range });
    assert.deepEqual(binned.histogram, drawn.histogram, `range [${range}]`);
    assert.equal(binned.min, own.min);
    assert.equal(binned.max, own.max);
  }
  // Without a range, the values' own [min, max]; equal values get a unit-wide window around them.
  const plain = e.histogram({ values: [1, 2, 2, 3, 4], bins: 3 });
  assert.deepEqual(Array.from(plain.histogram.edges), [1, 2, 3, 4]);
  assert.deepEqual(Array.from(plain.histogram.counts), [1, 2, 2], 'the last bin includes hi');
  assert.deepEqual(Array.from(e.histogram({ values: [7, 7], bins: 2 }).histogram.edges), [6.5, 7, 7.5]);
  assert.equal(e.histogram({ values: [0, 1, 9], bins: 2, range: [0, 2] }).histogram.outside, 1);
});

test('dotProducts: mean d·μ² and variance d·v within the predicted spread, at d = 3, 100, 1000', () => {
  for (const dist of [{ distribution: 'uniform' }, { distribution: 'normal' }, { distribution: 'normal', mean: 1, std: 0.5 }]) {
    for (const dim of [3, 100, 1000]) {
      const r = e.dotProducts({ dim, pairs: 10000, seed: 11, ...dist });
      const mu = dist.distribution === 'uniform' ? 0.5 : dist.mean ?? 0;
      const v = dist.distribution === 'uniform' ? 7 / 144 : (dist.std ?? 1) ** 4 + 2 * mu ** 2 * (dist.std ?? 1) ** 2;
      const label = `${JSON.stringify(dist)} d = ${dim}`;
      assert.ok(Math.abs(r.theoryVariance - dim * v) <= 1e-12 * dim * v, label);
      assert.ok(Math.abs(r.theoryMean - dim * mu * mu) <= 1e-12 * (1 + dim * mu * mu), label);
      assert.ok(Math.abs(r.mean - r.theoryMean) <= 4 * Math.sqrt(r.theoryVariance / 10000), `${label}: mean ${r.mean}`);
      assert.ok(Math.abs(r.variance - r.expectedVariance) <= 4 * r.expectedVarianceSd,
        `${label}: variance ${r.variance}, expected ${r.expectedVariance} ± ${r.expectedVarianceSd}`);
    }
  }
});

/** The sweep from its entries, by definition: every pairwise dot product of the first d entries, in float64. */
function directSweep(entries, vectors, maxDim) {
  const pairs = (vectors * (vectors - 1)) / 2;
  const dots = new Float64Array(pairs);
  const mean = [], variance = [];
  for (let d = 1; d <= maxDim; d++) {
    let p = 0;
    for (let i = 0; i < vectors; i++) {
      for (let j = i + 1; j < vectors; j++) {
        dots[p++] += entries[i * maxDim + d - 1] * entries[j * maxDim + d - 1];  // float32 products are exact in float64
      }
    }
    const m = moments(dots);
    mean.push(m.mean);
    variance.push(m.variance);
  }
  return { mean, variance };
}

test('varianceSweep: the incremental sweep equals the direct float64 computation at every d, and scaling divides by d', () => {
  for (const dist of [{}, { distribution: 'normal' }, { distribution: 'normal', mean: 0.5, std: 2 }]) {
    const options = { maxDim: 200, vectors: 23, seed: 5, ...dist };
    const r = e.varianceSweep({ ...options, entries: true });
    assert.equal(r.entries.length, 23 * 200);
    assert.deepEqual(Array.from(r.dims), Array.from({ length: 200 }, (_, i) => i + 1));
    const want = directSweep(r.entries, 23, 200);
    const label = JSON.stringify(dist);
    assertClose(r.mean, want.mean, { abs: 1e-12, rel: 1e-12 }, `${label} mean`);
    assertClose(r.variance, want.variance, { abs: 1e-12, rel: 1e-11 }, `${label} variance`);
    const scaled = e.varianceSweep({ ...options, scaled: true });
    assertClose(scaled.mean, want.mean.map((m, i) => m / Math.sqrt(i + 1)), { abs: 1e-12, rel: 1e-12 }, `${label} scaled mean`);
    assertClose(scaled.variance, want.variance.map((v, i) => v / (i + 1)), { abs: 1e-12, rel: 1e-11 }, `${label} scaled variance`);
    assert.equal(scaled.entries, undefined);
  }
});

/** Each vector as a query, the others as its keys: the mean within-row variance and the variance of the row means. */
function directRows(entries, vectors, maxDim, d) {
  const variances = [], means = [];
  for (let i = 0; i < vectors; i++) {
    const row = [];
    for (let j = 0; j < vectors; j++) {
      if (j === i) continue;
      let s = 0;
      for (let c = 0; c < d; c++) s += entries[i * maxDim + c] * entries[j * maxDim + c];
      row.push(s);
    }
    const m = moments(row);
    variances.push(m.variance);
    means.push(m.mean);
  }
  return { within: moments(variances).mean, between: moments(means).variance };
}

test('varianceSweep: the spread within a query\'s row and between the rows\' means match their definition and add up', () => {
  for (const dist of [{}, { distribution: 'normal' }, { distribution: 'normal', mean: 2, std: 0.5 }]) {
    const options = { maxDim: 48, vectors: 17, seed: 8, ...dist };
    const r = e.varianceSweep({ ...options, entries: true });
    const scaled = e.varianceSweep({ ...options, scaled: true });
    const label = JSON.stringify(dist);
    for (const d of [1, 2, 7, 48]) {
      const want = directRows(r.entries, 17, 48, d);
      assertClose([r.rowVariance[d - 1], r.rowMeanVariance[d - 1]], [want.within, want.between], { abs: 1e-12, rel: 1e-10 }, `${label} d = ${d}`);
      assertClose([r.rowVariance[d - 1] + r.rowMeanVariance[d - 1]], [r.variance[d - 1]], { abs: 1e-12, rel: 1e-10 }, `${label} d = ${d}: within + between`);
      assertClose([scaled.rowVariance[d - 1]], [want.within / d], { abs: 1e-12, rel: 1e-10 }, `${label} d = ${d} scaled`);
    }
  }
});

test('varianceSweep: a row of uniform scores spreads like d/36, not 7/144·d, and 1/√d levels it while the mean drifts', () => {
  // One sample's row variance moves mostly with the keys' sums (their variance estimated from n − 1 keys, relative sd
  // √(2/(n − 2))), which carry 3/4 of it for uniform entries: about 5 % at 400 vectors. Tolerance 20 %.
  const raw = e.varianceSweep({ maxDim: 256, vectors: 400, seed: 4 });
  assert.ok(Math.abs(raw.theoryRowSlope - 1 / 36) < 1e-15);
  assert.ok(Math.abs(raw.expectedRowSlope - (1 / 36) * (1 - 1 / 399)) < 1e-15);
  assert.ok(Math.abs(raw.theoryRowVariance[255] - 256 / 36) < 1e-12);
  assert.ok(Math.abs(raw.rowSlope - raw.expectedRowSlope) < 0.2 * raw.expectedRowSlope, `row slope ${raw.rowSlope}`);
  assert.ok(raw.rowSlope < 0.7 * raw.slope, `the row (${raw.rowSlope}) sees less spread than all pairs (${raw.slope})`);
  const scaled = e.varianceSweep({ maxDim: 256, vectors: 400, seed: 4, scaled: true });
  assert.ok(Math.abs(scaled.rowSlope) < 1e-4, `scaled row slope ${scaled.rowSlope}`);
  assert.ok(Math.abs(scaled.expectedRowVariance[0] - scaled.expectedRowSlope) < 1e-15, 'scaled: level');
  assert.ok(scaled.mean[255] > 3 * scaled.mean[15], 'the mean of the scaled scores still grows (√d/4)');
  const normal = e.varianceSweep({ maxDim: 16, vectors: 10, distribution: 'normal', std: 2 });
  assert.equal(normal.theoryRowSlope, normal.theorySlope, 'zero-mean entries: a row sees the whole spread');
});

test('varianceSweep: averaged over seeds, the variance is the finite-sample expectation, not d·7/144', () => {
  // 10 vectors, 45 pairs that share vectors: for uniform entries E[S²] is 17.5 % below d·7/144. R = 2000 samples;
  // tolerance 4 standard errors of their mean.
  const d = 16, samples = [];
  for (let seed = 0; seed < 2000; seed++) samples.push(e.varianceSweep({ maxDim: d, vectors: 10, seed }).variance[d - 1]);
  const { mean, se } = meanAndSe(samples);
  const r = e.varianceSweep({ maxDim: d, vectors: 10 });
  const expected = r.expectedVariance[d - 1], theory = r.theoryVariance[d - 1];
  assert.ok(Math.abs(theory - (d * 7) / 144) < 1e-12);
  assert.ok(Math.abs(r.expectedSlope - (7 / 144) * (1 - 1 / 45 - ((4 * 8) / 90) * (3 / 7))) < 1e-15);
  assert.ok(Math.abs(mean - expected) <= 4 * se, `mean ${mean} ± ${se}, expected ${expected}`);
  assert.ok(Math.abs(mean - theory) > 4 * se, `mean ${mean} ± ${se} cannot be told from d·7/144 = ${theory}`);
});

test('varianceSweep: one large sample sits within 4 predicted sd of 7/144·d (uniform) and d (standard normal)', () => {
  for (const dist of [{}, { distribution: 'normal' }]) {
    const r = e.varianceSweep({ maxDim: 64, vectors: 400, seed: 9, ...dist });
    assert.equal(r.pairs, 79800);
    for (const d of [4, 16, 64]) {
      const i = d - 1;
      assert.ok(Math.abs(r.variance[i] - r.expectedVariance[i]) <= 4 * r.expectedVarianceSd[i],
        `${JSON.stringify(dist)} d = ${d}: ${r.variance[i]} vs ${r.expectedVariance[i]} ± ${r.expectedVarianceSd[i]}`);
    }
  }
  const normal = e.varianceSweep({ maxDim: 64, vectors: 400, distribution: 'normal' });
  assert.ok(Math.abs(normal.expectedVariance[63] - 64 * (1 - 1 / 79800)) < 1e-9);
  assert.equal(normal.theorySlope, 1);
});

test('varianceSweep: scaled, zero-mean entries stay flat; uniform entries keep a mean that grows like √d/4', () => {
  const flat = e.varianceSweep({ distribution: 'normal', scaled: true, vectors: 200 });
  assert.ok(Math.abs(flat.slope) < 1e-3, `slope ${flat.slope}`);
  assert.ok(Math.abs(flat.logLogSlope) < 0.05);
  assert.ok(Math.abs(flat.theoryVariance[511] - 1) < 1e-15 && Math.abs(flat.theoryVariance[0] - 1) < 1e-15);
  const raw = e.varianceSweep({ distribution: 'normal', vectors: 200 });
  assert.ok(Math.abs(raw.logLogSlope - 1) < 0.05);
  assert.equal(raw.fitted.length, 512);
  for (const d of [1, 100, 512]) assert.ok(Math.abs(raw.fitted[d - 1] - (raw.slope * d + raw.intercept)) < 1e-9 * d);
  const uniform = e.varianceSweep({ scaled: true });
  for (const d of [1, 100, 512]) {
    assert.ok(Math.abs(uniform.theoryMean[d - 1] - Math.sqrt(d) / 4) < 1e-12);
    assert.ok(Math.abs(uniform.mean[d - 1] - Math.sqrt(d) / 4) < 0.05 * Math.sqrt(d) / 4 + 0.05, `d = ${d}: ${uniform.mean[d - 1]}`);
  }
});

test('varianceSweep: the default sweep (maxDim 512, 100 vectors) takes well under one 16 ms frame', (t) => {
  for (let i = 0; i < 3; i++) e.varianceSweep({ seed: 100 + i });
  const wall = [], inside = [];
  for (let i = 0; i < 21; i++) {
    const start = performance.now();
    const r = e.varianceSweep({ seed: 200 + i });
    wall.push(performance.now() - start);
    inside.push(r.computeMs);
  }
  t.diagnostic(`default sweep: median ${median(wall).toFixed(2)} ms per call, ${median(inside).toFixed(2)} ms inside WASM (21 runs)`);
  assert.ok(median(wall) < 16, `median ${median(wall)} ms`);
});

test('scaleVariance: Var(cX) = c²·Var(X), exactly for powers of two, to rounding otherwise', () => {
  for (const c of [0.125, -4, 0, 1]) {
    const r = e.scaleVariance({ c, count: 1000, distribution: 'normal', seed: 2 });
    assert.equal(r.varCX, r.c2VarX, `c = ${c}`);
    assert.equal(r.difference, 0);
  }
  for (const c of [0.1, -3, 1 / Math.sqrt(512), 1e6]) {
    const r = e.scaleVariance({ c, count: 1000, seed: 2 });
    assert.ok(Math.abs(r.varCX - r.c2VarX) <= 1e-12 * r.c2VarX, `c = ${c}: ${r.varCX} vs ${r.c2VarX}`);
    assertClose(r.scaledValues, Array.from(r.values, (x) => c * x), { rel: 1e-15 }, `c = ${c}`);
  }
  // Drawn values are the engine's random() numbers; given values are used as they are (as float32).
  const drawn = e.scaleVariance({ c: 2, count: 50, seed: 8 });
  assert.deepEqual(drawn.values, e.random({ seed: 8, count: 50, distribution: 'uniform' }));
  const given = e.scaleVariance({ c: 3, values: [1, 2, 3, 4] });
  assert.equal(given.varX, 1.25);
  assert.equal(given.varCX, 11.25);
  assert.equal(given.c2VarX, 11.25);
});

// ---------------------------------------------------------------------------------------------------------------
// Bad input

const BAD = [
  ['maxDim = 0', () => e.varianceSweep({ maxDim: 0 }), /maxDim = 0 is out of range: allowed an integer from 2 to 4096/],
  ['maxDim above 4096', () => e.varianceSweep({ maxDim: 4097 }), /maxDim = 4097 is out of range: allowed an integer from 2 to 4096/],
  ['one vector', () => e.varianceSweep({ vectors: 1 }), /vectors = 1 is out of range: allowed an integer from 2 to 1000/],
  ['too many vectors', () => e.varianceSweep({ vectors: 5000 }), /vectors = 5000 is out of range/],
  ['a sweep too large', () => e.varianceSweep({ vectors: 1000, maxDim: 4096 }), /vectors·\(vectors \+ 1\)\/2·maxDim = 2050048000 is too large/],
  ['a negative std', () => e.varianceSweep({ distribution: 'normal', std: -1 }), /std = -1 is out of range: allowed a finite number from 0 to 1000/],
  ['an unknown distribution', () => e.varianceSweep({ distribution: 'cauchy' }), /distribution = "cauchy" is not allowed: use "uniform" or "normal"/],
  ['a mean with uniform entries', () => e.varianceSweep({ mean: 1 }), /mean = 1 is not allowed with distribution = "uniform"/],
  ['scaled as a string', () => e.varianceSweep({ scaled: 'yes' }), /scaled = "yes" is not allowed: use true or false/],
  ['a misspelled option', () => e.varianceSweep({ maxdim: 8 }), /unknown option "maxdim"/],
  ['a missing dim', () => e.dotProducts({ pairs: 10 }), /dim is missing: allowed an integer from 1 to 4096/],
  ['dim = 0', () => e.dotProducts({ dim: 0 }), /dim = 0 is out of range: allowed an integer from 1 to 4096/],
  ['pairs = 0', () => e.dotProducts({ dim: 3, pairs: 0 }), /pairs = 0 is out of range: allowed an integer from 1 to 100000/],
  ['too much work', () => e.dotProducts({ dim: 4096, pairs: 100000 }), /dim·pairs = 409600000 is too large: allowed at most 16777216/],
  ['a NaN mean', () => e.dotProducts({ dim: 3, distribution: 'normal', mean: NaN }), /mean = NaN is out of range/],
  ['a backwards range', () => e.dotProducts({ dim: 3, range: [2, 1] }), /range = \[2, 1\] is not allowed: need lo < hi/],
  ['a range of three numbers', () => e.dotProducts({ dim: 3, range: [1, 2, 3] }), /range has 3 values: expected \[lo, hi\] = 2/],
  ['bins = 0', () => e.dotProducts({ dim: 3, bins: 0 }), /bins = 0 is out of range: allowed an integer from 1 to 1000/],
  ['a histogram of nothing', () => e.histogram({ bins: 3 }), /histogram: values = undefined is not allowed: pass a Float32Array of 1 to 1048576 values/],
  ['a histogram of no values', () => e.histogram({ values: [] }), /histogram: values has 0 entries: allowed an array of 1 to 1048576 finite numbers/],
  ['a histogram with a NaN', () => e.histogram({ values: [1, NaN] }), /values\[1\] = NaN/],
  ['a histogram window backwards', () => e.histogram({ values: [1, 2], range: [3, 3] }), /histogram: range = \[3, 3\] is not allowed: need lo < hi/],
  ['a missing c', () => e.scaleVariance({ count: 10 }), /c is missing/],
  ['an infinite c', () => e.scaleVariance({ c: Infinity }), /c = Infinity is out of range: allowed a finite number from -1000000 to 1000000/],
  ['values with a seed', () => e.scaleVariance({ c: 2, values: [1, 2], seed: 3 }), /seed is not allowed with values/],
  ['count = 0', () => e.scaleVariance({ c: 2, count: 0 }), /count = 0 is out of range: allowed an integer from 1 to 1048576/],
  ['options that are not an object', () => e.varianceSweep(7), /options = 7 is not an object/],
];

badInputTests('lesson 2', BAD, () => assert.equal(e.varianceSweep({ maxDim: 8, vectors: 4 }).variance.length, 8));

test('lesson 2: thousands of good and bad calls leak no heap memory and no JavaScript value handles', () => {
  const good = () => {
    e.dotProducts({ dim: 10, pairs: 50 });
    e.varianceSweep({ maxDim: 16, vectors: 10, entries: true });
    e.scaleVariance({ c: 2, count: 20 });
  };
  assertNoLeaks(e, { good, bad: BAD, rounds: 500 });
});

// ---------------------------------------------------------------------------------------------------------------
// The sweep runs the SIMD kernel (same disassembly approach as disassembly.test.mjs).

test('the sweep runs the SIMD Gram update, which is f64x2 code', () => {
  const wasm = `${ROOT}build/wasm-cmake/attention_core_names.wasm`;
  assert.ok(existsSync(wasm), `${wasm} is missing: run build-scripts/build first`);
  const wat = execFileSync('wasm-dis', [wasm], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const starts = [...wat.matchAll(/^ \(func \$(\S+)/gm)];
  const demangled = (name) => name.replace(/\\([0-9a-f]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
  const body = (prefix) => {
    const i = starts.findIndex((m) => demangled(m[1]).startsWith(prefix));
    return i < 0 ? '' : wat.slice(starts[i].index, starts[i + 1]?.index ?? wat.length);
  };
  // wasm-opt (emcc -O3) inlines a function with a single caller, so the kernel and asl::variance_sweep may live
  // inside the binding: look at whichever of the three exist.
  const code = ['asl::simd::gram_rank1_upper(', 'asl::variance_sweep(', '(anonymous namespace)::variance_sweep(']
    .map(body).join('\n');
  assert.ok(code.length > 0, 'no sweep function found in the disassembly');
  assert.match(code, /f64x2\.promote_low_f32x4/, 'the sweep widens float32 entries with f64x2.promote_low_f32x4');
  assert.match(code, /f64x2\.mul/);
  assert.match(code, /f64x2\.add/);
  assert.match(code, /v128\.load/);
  assert.ok(!/call \$asl::scalar::/.test(code), 'the sweep calls a scalar kernel');
  assert.ok(!body('asl::scalar::gram_rank1_upper('), 'the scalar twin is linked into the page engine');
});
