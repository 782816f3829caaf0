// Lesson 2's spine through the WASM build: engine.pairAngles keeps q·k = ‖q‖‖k‖ cos θ to rounding, agrees with a
// float64 computation from the entries it returns, spreads as theory says (mean length ≈ √d, sd cos θ ≈ 1/√d,
// sd q·k ≈ √d) at several d, repeats itself for a seed, and refuses bad options with an Error that names them.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { engine, assertNoLeaks } from './helpers.mjs';

const e = await engine();
const EPS = 2 ** -24;

test('one pair: q·k and ‖q‖‖k‖cos θ agree to rounding, and both match float64 sums over the returned entries', () => {
  for (const dim of [1, 3, 17, 100, 1024, 4096]) {
    const r = e.pairAngles({ dim, pairs: 1, seed: 3 });
    assert.equal(r.q.length, dim);
    let qq = 0;
    let kk = 0;
    let qk = 0;
    for (let c = 0; c < dim; c++) {
      qq += r.q[c] * r.q[c];
      kk += r.k[c] * r.k[c];
      qk += r.q[c] * r.k[c];
    }
    const scale = Math.sqrt(qq * kk);
    const tol = 8 * dim * EPS * scale;
    assert.ok(Math.abs(r.lengthQ - Math.sqrt(qq)) <= 4 * dim * EPS * Math.sqrt(qq), `d = ${dim}: ‖q‖ ${r.lengthQ} vs ${Math.sqrt(qq)}`);
    assert.ok(Math.abs(r.cos - qk / scale) <= 8 * dim * EPS, `d = ${dim}: cos θ ${r.cos} vs ${qk / scale}`);
    assert.ok(Math.abs(r.dot - r.product) <= tol, `d = ${dim}: q·k ${r.dot} vs ‖q‖‖k‖cos θ ${r.product}`);
    assert.ok(Math.abs(r.dot - qk) <= tol, `d = ${dim}: q·k ${r.dot} vs float64 ${qk}`);
    assert.ok(Math.abs(Math.cos(r.angle) - r.cos) <= 1e-12, `d = ${dim}: θ is the arccosine of cos θ`);
  }
});

test('over many pairs: mean length near √d, sd of cos θ near 1/√d, sd of q·k near √d (four standard errors)', () => {
  const pairs = 1000;
  for (const dim of [1, 4, 16, 64, 256, 1024, 4096]) {
    const n = Math.min(pairs, 4194304 / dim);
    const r = e.pairAngles({ dim, pairs: n, seed: 8 });
    const root = Math.sqrt(dim);
    const where = `d = ${dim}, ${n} pairs: mean length ${r.lengthMean}, sd cos θ ${r.cosSd}, sd q·k ${r.dotSd}`;
    assert.ok(Math.abs(r.sqrtDim - root) < 1e-12 && Math.abs(r.theoryCosSd - 1 / root) < 1e-12 && Math.abs(r.theoryDotSd - root) < 1e-9, where);
    assert.ok(r.theoryLengthMean < root && r.theoryLengthMean > root * (1 - 1 / (4 * dim) - 0.04 / (dim * dim)), `${where}: theory ${r.theoryLengthMean}`);
    assert.ok(Math.abs(r.lengthMean - r.theoryLengthMean) <= 4 * r.theoryLengthSd / Math.sqrt(2 * n), where);
    assert.ok(Math.abs(r.cosSd * root - 1) <= 4 * Math.sqrt(2 / (4 * n)), where);
    assert.ok(Math.abs(r.dotSd / root - 1) <= 4 * Math.sqrt((2 + 6 / dim) / (4 * n)), where);
    assert.ok(r.largestGap <= 8 * dim * EPS * (r.lengthMean + 6 * r.lengthSd) ** 2, `${where}: largest gap ${r.largestGap}`);
  }
});

test('a seed gives the same pairs, a larger dim extends them, and the pair shown is one of the sample', () => {
  const a = e.pairAngles({ dim: 8, pairs: 20, seed: 5, pair: 4 });
  const b = e.pairAngles({ dim: 8, pairs: 20, seed: 5, pair: 4 });
  const longer = e.pairAngles({ dim: 80, pairs: 30, seed: 5, pair: 4 });
  const other = e.pairAngles({ dim: 8, pairs: 20, seed: 6, pair: 4 });
  assert.deepEqual(a, b);
  assert.deepEqual(Array.from(longer.q.subarray(0, 8)), Array.from(a.q));
  assert.deepEqual(Array.from(longer.k.subarray(0, 8)), Array.from(a.k));
  assert.notDeepEqual(Array.from(other.q), Array.from(a.q));
  // Pair 4 alone (pairs: 5) is the same pair: the sample's size does not move its first pairs.
  assert.equal(e.pairAngles({ dim: 8, pairs: 5, seed: 5, pair: 4 }).cos, a.cos);
});

const BAD = [
  ['dim 0', () => e.pairAngles({ dim: 0 }), /pairAngles: dim = 0 is out of range: allowed an integer from 1 to 4096/],
  ['no dim', () => e.pairAngles({}), /pairAngles: dim is missing: allowed an integer from 1 to 4096/],
  ['pair past pairs', () => e.pairAngles({ dim: 4, pairs: 10, pair: 10 }), /pairAngles: pair = 10 is not allowed with pairs = 10: need pair < pairs/],
  ['too much work', () => e.pairAngles({ dim: 4096, pairs: 2000 }), /pairAngles: dim·pairs = 8192000 is too large: allowed at most 4194304/],
  ['a fractional seed', () => e.pairAngles({ dim: 4, seed: 1.5 }), /pairAngles: seed = 1.5 is out of range/],
];

test('bad options give an Error naming the function, the option, the value and the range; the next call works and nothing leaks', () => {
  for (const [what, call, message] of BAD) assert.throws(call, message, what);
  assert.ok(Number.isFinite(e.pairAngles({ dim: 4 }).cos));
  assertNoLeaks(e, { good: () => e.pairAngles({ dim: 16, pairs: 50 }), bad: BAD, rounds: 20 });
});
