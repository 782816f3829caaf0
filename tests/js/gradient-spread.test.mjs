// How the softmax gradient spreads over rows, through the WASM build (web/engine.js): gradientSweep's median,
// quartiles and share of rows below a threshold against the per-row norms gradientDistribution returns, the gradient
// that reaches the query (model "dot"), the log-spaced histogram, peakWeightCap against random rows of the same
// spread, bad input and leaks. The figures Lesson 3 will print are reported as diagnostics.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { engine, assertNoLeaks } from './helpers.mjs';

const e = await engine();

/** The q-quantile with linear interpolation between order statistics (numpy's default). */
function quantile(values, q) {
  const sorted = Float64Array.from(values).sort();
  const h = (sorted.length - 1) * q;
  const below = Math.floor(h);
  if (below + 1 >= sorted.length) return sorted[sorted.length - 1];
  return sorted[below] + (h - below) * (sorted[below + 1] - sorted[below]);
}

const share = (values, threshold) => values.filter((v) => v < threshold).length / values.length;
const CURVE_FIELDS = ['meanNorm', 'stdError', 'meanMaxWeight', 'meanEntropy', 'medianNorm', 'quartile1', 'quartile3', 'fractionBelow'];
const QUERY_FIELDS = ['meanQueryNorm', 'medianQueryNorm', 'p90QueryNorm'];

// ---------------------------------------------------------------------------------------------------------------
// gradientSweep's spread and gradientDistribution

test('gradientSweep gives each curve its median, quartiles and share below the threshold; query fields only for "dot"', () => {
  for (const model of ['normal', 'dot']) {
    const g = e.gradientSweep({ dKs: [1, 64, 512], n: 16, trials: 101, seed: 4, model, threshold: 0.02 });
    assert.equal(g.threshold, 0.02);
    for (const side of ['unscaled', 'scaled']) {
      for (const field of CURVE_FIELDS) {
        assert.ok(g[side][field] instanceof Float64Array, `${model} ${side}.${field}`);
        assert.equal(g[side][field].length, 3);
      }
      for (const field of QUERY_FIELDS) {
        if (model === 'dot') assert.ok(g[side][field] instanceof Float64Array && g[side][field].length === 3, `${side}.${field}`);
        else assert.ok(!(field in g[side]), `model "normal" has no ${field}`);
      }
    }
    // The same rows one d_k at a time: the sweep's spread is the spread of exactly those norms.
    for (const [at, dK] of [[1, 64], [2, 512]]) {
      const d = e.gradientDistribution({ dK, n: 16, trials: 101, seed: 4, model, threshold: 0.02 });
      for (const side of ['unscaled', 'scaled']) {
        const norms = Array.from(d.jacobian[side].values);
        assert.equal(g[side].medianNorm[at], quantile(norms, 0.5), `${model} ${side} d_k = ${dK}`);
        assert.equal(g[side].quartile1[at], quantile(norms, 0.25));
        assert.equal(g[side].quartile3[at], quantile(norms, 0.75));
        assert.equal(g[side].fractionBelow[at], share(norms, 0.02));
        assert.ok(Math.abs(g[side].meanNorm[at] - d.jacobian[side].mean) <= 1e-12 * d.jacobian[side].mean);
        if (model !== 'dot') continue;
        const query = Array.from(d.query[side].values);
        assert.equal(g[side].medianQueryNorm[at], quantile(query, 0.5));
        assert.equal(g[side].p90QueryNorm[at], quantile(query, 0.9));
        assert.ok(Math.abs(g[side].meanQueryNorm[at] - query.reduce((s, v) => s + v, 0) / query.length) <= 1e-12 * d.query[side].mean);
      }
    }
  }
});

test('at d_k = 1 the scaled rows are the unscaled ones: same norms row for row, same spread', () => {
  for (const model of ['normal', 'dot']) {
    const d = e.gradientDistribution({ dK: 1, n: 12, trials: 200, seed: 9, model });
    assert.deepEqual(Array.from(d.jacobian.scaled.values), Array.from(d.jacobian.unscaled.values));
    assert.deepEqual(d.jacobian.scaled.counts, d.jacobian.unscaled.counts);
    if (model === 'dot') assert.deepEqual(Array.from(d.query.scaled.values), Array.from(d.query.unscaled.values));
    const g = e.gradientSweep({ dKs: [1, 2], n: 12, trials: 200, seed: 9, model });
    for (const field of model === 'dot' ? [...CURVE_FIELDS, ...QUERY_FIELDS] : CURVE_FIELDS)
      assert.equal(g.scaled[field][0], g.unscaled[field][0], `${model} ${field}`);
    assert.notEqual(g.scaled.medianNorm[1], g.unscaled.medianNorm[1]);
  }
});

test('gradientDistribution: one set of log-spaced edges for both curves, every row counted once', () => {
  const d = e.gradientDistribution({ dK: 512, n: 16, trials: 400, seed: 2, model: 'dot', bins: 30, threshold: 0.01 });
  assert.equal(d.dK, 512);
  assert.equal(d.scale, 1 / Math.sqrt(512));
  assert.equal(d.bins, 30);
  assert.equal(d.model, 'dot');
  for (const pair of [d.jacobian, d.query]) {
    const { edges } = pair;
    assert.equal(edges.length, 31);
    const lo = Math.log10(edges[0]), hi = Math.log10(edges[30]);
    assert.ok(Math.abs(lo - Math.round(lo)) < 1e-12 && Math.abs(hi - Math.round(hi)) < 1e-12, 'edges start and end at powers of ten');
    for (let b = 1; b <= 30; b++) assert.ok(Math.abs(Math.log10(edges[b] / edges[b - 1]) - (hi - lo) / 30) < 1e-9);
    for (const side of ['unscaled', 'scaled']) {
      const s = pair[side];
      assert.equal(s.values.length, 400);
      assert.equal(s.counts.length, 30);
      assert.equal(s.counts.reduce((a, c) => a + c, 0) + s.zeros, 400);
      assert.equal(s.zeros, Array.from(s.values).filter((v) => v === 0).length);
      for (let b = 0; b < 30; b++) {
        const inBin = Array.from(s.values).filter((v) => v >= edges[b] && (v < edges[b + 1] || (b === 29 && v <= edges[30]))).length;
        assert.equal(s.counts[b], inBin, `${side} bin ${b}`);
      }
      assert.equal(s.median, quantile(s.values, 0.5));
      assert.equal(s.p90, quantile(s.values, 0.9));
      assert.equal(s.max, Math.max(...s.values));
      assert.equal(s.fractionBelow, share(Array.from(s.values), 0.01));
    }
  }
  // model "normal" has no query; the same seed gives the same rows; another threshold moves only fractionBelow.
  const normal = e.gradientDistribution({ dK: 64, trials: 50, seed: 3 });
  assert.ok(!('query' in normal));
  assert.equal(normal.bins, 40);
  assert.equal(normal.threshold, 0.01);
  const again = e.gradientDistribution({ dK: 64, trials: 50, seed: 3, threshold: 0.2 });
  assert.deepEqual(again.jacobian.unscaled.values, normal.jacobian.unscaled.values);
  assert.equal(again.jacobian.unscaled.fractionBelow, share(Array.from(normal.jacobian.unscaled.values), 0.2));
});

test('Lesson 3 figures: the mean hides that most unscaled rows pass almost nothing, and the query gradient is spiky', (t) => {
  // Model "normal", n = 16, seed 1: the page's defaults. Model "dot" for the gradient that reaches the query.
  const pct = (x) => `${(100 * x).toFixed(1)} %`;
  for (const trials of [1000, 20000]) {
    const g = e.gradientSweep({ dKs: [64, 512], n: 16, trials, seed: 1 });
    const [u, s] = [g.unscaled, g.scaled];
    t.diagnostic(`normal, ${trials} rows: mean ‖J‖ unscaled/scaled ${pct(g.ratio[0])} at d_k = 64, ${pct(g.ratio[1])} at 512; ` +
      `d_k = 512 median ${u.medianNorm[1].toPrecision(3)} vs ${s.medianNorm[1].toPrecision(3)}, below 0.01: ${pct(u.fractionBelow[1])} vs ${pct(s.fractionBelow[1])}`);
    assert.ok(u.medianNorm[1] < 0.01 && s.medianNorm[1] > 0.25);
    assert.ok(u.fractionBelow[1] > 0.5 && s.fractionBelow[1] === 0);
    assert.ok(u.medianNorm[1] < 0.1 * u.meanNorm[1], 'the mean is carried by a few rows');
  }
  const dot = e.gradientSweep({ dKs: [64, 512], n: 16, trials: 3000, seed: 1, model: 'dot' });
  const [u, s] = [dot.unscaled, dot.scaled];
  for (const at of [0, 1]) {
    t.diagnostic(`dot, 3000 rows, d_k = ${dot.dKs[at]}: ‖∂L/∂q‖ unscaled/scaled mean ${u.meanQueryNorm[at].toPrecision(3)}/${s.meanQueryNorm[at].toPrecision(3)}, ` +
      `median ${u.medianQueryNorm[at].toPrecision(3)}/${s.medianQueryNorm[at].toPrecision(3)}, p90 ${u.p90QueryNorm[at].toPrecision(3)}/${s.p90QueryNorm[at].toPrecision(3)}; ` +
      `‖J‖ mean ratio ${pct(dot.ratio[at])}`);
  }
  // At d_k = 512 the typical unscaled row sends the query far less than a scaled row, a few send far more.
  assert.ok(u.medianQueryNorm[1] < 0.2 * s.medianQueryNorm[1]);
  assert.ok(u.p90QueryNorm[1] > 5 * s.p90QueryNorm[1]);
  assert.ok(u.meanQueryNorm[1] > s.meanQueryNorm[1]);
});

// ---------------------------------------------------------------------------------------------------------------
// peakWeightCap

test('peakWeightCap: a row of 20 logits with spread 1 gives one key at most e^Δ/(e^Δ + 19), Δ = 20/√19', () => {
  const c = e.peakWeightCap({ n: 20, sd: 1 });
  const gap = 20 / Math.sqrt(19);
  assert.ok(Math.abs(c.gap - gap) <= 1e-15 * gap);
  assert.ok(Math.abs(c.maxWeight - Math.exp(gap) / (Math.exp(gap) + 19)) <= 1e-15);
  assert.ok(Math.abs(c.maxWeight - 0.838) < 0.0005);
  assert.ok(c.row instanceof Float64Array && c.weights instanceof Float64Array);
  assert.equal(c.row.length, 20);
  assert.ok(Math.abs(c.weights[0] - c.maxWeight) <= 1e-15);
  assert.ok(Math.abs(c.rowSd - 1) <= 1e-15);
  assert.ok(Math.abs(c.row.reduce((a, x) => a + x, 0)) < 1e-13, 'the row has mean 0');
  assert.ok(Math.abs(c.weights.reduce((a, x) => a + x, 0) - 1) < 1e-15);
  assert.ok(Math.abs(c.oneMinusMaxWeight - (1 - c.maxWeight)) < 1e-15);
  assert.ok(Math.abs(c.log10OneMinusMaxWeight - Math.log10(c.oneMinusMaxWeight)) < 1e-12);
});

/** The largest weight of softmax(z) in float64 (a reference, not the engine's code). */
function maxWeight(z) {
  const top = Math.max(...z);
  let sum = 0;
  for (const x of z) sum += Math.exp(x - top);
  return 1 / sum;
}

test('peakWeightCap: random rows rescaled to the same spread stay under the cap', () => {
  for (const n of [3, 20, 100]) {
    for (const sd of [0.5, 1, 3]) {
      const cap = e.peakWeightCap({ n, sd }).maxWeight;
      const draws = e.random({ seed: n * 10 + Math.round(4 * sd), count: 200 * n, distribution: 'normal' });
      for (let r = 0; r < 200; r++) {
        const z = Array.from(draws.subarray(r * n, (r + 1) * n), (x) => (r % 2 ? Math.exp(2 * x) : x));  // normal or skewed
        const mean = z.reduce((a, x) => a + x, 0) / n;
        const now = Math.sqrt(z.reduce((a, x) => a + (x - mean) ** 2, 0) / n);
        const w = maxWeight(z.map((x) => ((x - mean) * sd) / now));
        assert.ok(w <= cap * (1 + 1e-12), `n = ${n}, sd = ${sd}, row ${r}: ${w} > ${cap}`);
      }
    }
  }
  // Wide rows: everything stays finite, 1 − cap keeps its exponent in log10.
  const wide = e.peakWeightCap({ n: 4096, sd: 50 });
  assert.equal(wide.maxWeight, 1);
  assert.equal(wide.oneMinusMaxWeight, 0);
  const expected = (Math.log(4095) - wide.gap) / Math.LN10;
  assert.ok(Math.abs(wide.log10OneMinusMaxWeight - expected) < 1e-9 * Math.abs(expected));
  assert.ok(Math.abs(wide.rowSd - 50) < 1e-9);
  assert.equal(e.peakWeightCap({ n: 8, sd: 0 }).maxWeight, 1 / 8);
});

// ---------------------------------------------------------------------------------------------------------------
// Bad input

const BAD = [
  ['a negative threshold', () => e.gradientSweep({ threshold: -0.5 }), /gradientSweep: threshold = -0.5 is out of range: allowed a finite number from 0 to 1000000/],
  ['a NaN threshold', () => e.gradientDistribution({ dK: 4, threshold: NaN }), /gradientDistribution: threshold = NaN is out of range: allowed a finite number from 0 to 1000000/],
  ['a threshold as a string', () => e.gradientSweep({ threshold: '0.01' }), /threshold = "0.01" is out of range/],
  ['bins = 0', () => e.gradientDistribution({ dK: 4, bins: 0 }), /gradientDistribution: bins = 0 is out of range: allowed an integer from 1 to 1000/],
  ['fractional bins', () => e.gradientDistribution({ dK: 4, bins: 2.5 }), /bins = 2.5 is out of range: allowed an integer from 1 to 1000/],
  ['bins in a sweep', () => e.gradientSweep({ bins: 10 }), /gradientSweep: unknown option "bins"/],
  ['a missing dK', () => e.gradientDistribution({ n: 8 }), /gradientDistribution: dK is missing: allowed an integer from 1 to 4096/],
  ['dK = 0', () => e.gradientDistribution({ dK: 0 }), /dK = 0 is out of range: allowed an integer from 1 to 4096/],
  ['n = 1 in a distribution', () => e.gradientDistribution({ dK: 4, n: 1 }), /n = 1 is out of range: allowed an integer from 2 to 1024/],
  ['a distribution too large', () => e.gradientDistribution({ dK: 4096, model: 'dot', trials: 1000 }), /trials·dK·\(n \+ 1\) = 69632000 is too large for model = "dot": allowed at most 33554432/],
  ['a normal-model distribution too large', () => e.gradientDistribution({ dK: 4, n: 1024, trials: 100000 }), /2·trials·n = 204800000 is too large: allowed at most 67108864/],
  ['too many rows kept', () => e.gradientSweep({ trials: 100000, n: 2 }), /trials·dKs.length = 1300000 is too large: allowed at most 1048576/],
  ['dKs in a distribution', () => e.gradientDistribution({ dKs: [4] }), /unknown option "dKs"/],
  ['a missing n', () => e.peakWeightCap({ sd: 1 }), /peakWeightCap: n is missing: allowed an integer from 2 to 4096/],
  ['a missing sd', () => e.peakWeightCap({ n: 4 }), /peakWeightCap: sd is missing: allowed a finite number from 0 to 50/],
  ['a row of one logit', () => e.peakWeightCap({ n: 1, sd: 1 }), /n = 1 is out of range: allowed an integer from 2 to 4096/],
  ['a row too long', () => e.peakWeightCap({ n: 4097, sd: 1 }), /n = 4097 is out of range/],
  ['a negative sd', () => e.peakWeightCap({ n: 4, sd: -1 }), /sd = -1 is out of range: allowed a finite number from 0 to 50/],
  ['an sd above 50', () => e.peakWeightCap({ n: 4, sd: 51 }), /sd = 51 is out of range/],
  ['an infinite sd', () => e.peakWeightCap({ n: 4, sd: Infinity }), /sd = Infinity is out of range/],
  ['a misspelled option', () => e.peakWeightCap({ n: 4, sd: 1, beta: 2 }), /unknown option "beta": allowed options are n, sd/],
  ['no options', () => e.peakWeightCap(), /n is missing/],
];

for (const [what, call, pattern] of BAD) {
  test(`gradient spread and weight cap: ${what} throws an Error naming the parameter and the allowed range`, () => {
    assert.throws(call, (error) => {
      assert.ok(error instanceof Error, `not an Error: ${error}`);
      assert.match(error.message, pattern);
      return true;
    });
    assert.equal(e.peakWeightCap({ n: 2, sd: 0 }).maxWeight, 0.5);
  });
}

test('gradient spread and weight cap: many good and bad calls leak no heap memory and no value handles', () => {
  const good = () => {
    e.gradientSweep({ dKs: [1, 64], trials: 5, model: 'dot' });
    e.gradientDistribution({ dK: 16, trials: 20, model: 'dot', bins: 8 });
    e.gradientDistribution({ dK: 16, trials: 20 });
    e.peakWeightCap({ n: 16, sd: 2 });
  };
  assertNoLeaks(e, { good, bad: BAD, rounds: 200 });
});
