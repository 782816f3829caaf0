// engine.attention's `outputs` option and the fast reader of its options: only the results asked for come back,
// equal bit for bit to the full call's (the output alone, a fused pass, up to rounding); the fast reader (web/schema/attention-fast.js) accepts exactly what the
// schema's reader accepts, with the same values, and reads every property once.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { engine, normals } from './helpers.mjs';
import { readAttention } from '../../web/schema/attention-fast.js';
import { SCHEMA } from '../../web/schema/index.js';
import { placed, readOptions } from '../../web/schema/validate.js';

const e = await engine();
const NAMES = ['scores', 'scaledScores', 'weights', 'output'];

test('attention computes and returns only the outputs named, each equal to the full call\'s bit for bit (the output alone up to rounding)', () => {
  for (const [nQ, nK, dK, dV, heads, causal] of [[3, 4, 4, 4, 1, false], [17, 9, 5, 3, 2, true], [8, 33, 16, 8, 3, false]]) {
    const options = { q: normals(e, nQ * heads * dK, 1), k: normals(e, nK * heads * dK, 2), v: normals(e, nK * heads * dV, 3), nQ, nK, dK, dV, heads, causal };
    const full = e.attention(options);
    assert.deepEqual(Object.keys(full), NAMES, 'all four by default');
    for (let mask = 1; mask < 16; mask += 1) {
      const outputs = NAMES.filter((_, bit) => mask & (1 << bit));
      const some = e.attention({ ...options, outputs });
      assert.deepEqual(Object.keys(some), outputs);
      for (const name of outputs) {
        if (mask !== 8) assert.deepEqual(some[name], full[name], `${outputs.join(',')}: ${name}`);
        else { // the output alone is the fused pass: the same values up to rounding (sums in another order)
          assert.equal(some.output.length, full.output.length);
          some.output.forEach((x, i) => assert.ok(Math.abs(x - full.output[i]) <= 1e-6 + 1e-5 * Math.abs(full.output[i]), `output alone [${i}]: ${x} vs ${full.output[i]}`));
        }
      }
    }
  }
});

test('a bad outputs list is refused by name, and the next call works', () => {
  const good = { q: [1, 0], k: [1, 0], v: [1, 2], nQ: 1, nK: 1, dK: 2, dV: 2 };
  const cases = [
    [{ outputs: [] }, /^attention: outputs has 0 entries: allowed an array of 1 to 4 different ones of "scores", "scaledScores", "weights", "output"$/],
    [{ outputs: ['weights', 'weights'] }, /^attention: outputs\[1\] = "weights" is not allowed: each name at most once$/],
    [{ outputs: ['logits'] }, /^attention: outputs\[0\] = "logits" is not allowed: use "scores", "scaledScores", "weights" or "output"$/],
    [{ outputs: 'output' }, /^attention: outputs = "output" is not allowed: allowed an array of 1 to 4/],
  ];
  for (const [bad, message] of cases) assert.throws(() => e.attention({ ...good, ...bad }), { message });
  assert.deepEqual(Array.from(e.attention({ ...good, outputs: ['output'] }).output), [1, 2]);
});

test('a getter that calls the engine while attention reads its options gets an Error, and the engine is intact', () => {
  const before = e.resources();
  const options = { q: [1, 0], k: [1, 0], v: [1, 2], nQ: 1, nK: 1, dV: 2 };
  Object.defineProperty(options, 'dK', { enumerable: true, get: () => e.dot([1], [2]) });
  assert.throws(() => e.attention(options), { message: /^dot: called from a getter or Proxy while another call's options were read$/ });
  assert.deepEqual(e.resources(), before);
  assert.equal(e.dot([1, 2], [3, 4]), 11);
});

test('a call whose arena grows past 4 MiB gives the memory back afterwards', () => {
  const small = () => e.attention({ q: [1], k: [1], v: [1], nQ: 1, nK: 1, dK: 1, dV: 1 });
  small();
  const before = e.resources();
  const n = 600;
  e.attention({ q: new Float32Array(n * 8), k: new Float32Array(n * 8), v: new Float32Array(n * 8), nQ: n, nK: n, dK: 8, dV: 8 });
  small();
  assert.deepEqual(e.resources(), before);
});

// ---- the fast reader against the schema's reader ---------------------------------------------------------------

function arena() {
  const buffer = new ArrayBuffer(1 << 22);
  const views = { f32: new Float32Array(buffer), f64: new Float64Array(buffer), i32: new Int32Array(buffer), u8: new Uint8Array(buffer) };
  return { reserve: () => 64, f32: () => views.f32, f64: () => views.f64, i32: () => views.i32, u8: () => views.u8 };
}

/** What a reader made of options: its error message, or the values and the copies of q, k and v. */
function outcome(read, options) {
  const a = arena();
  const extra = () => 0;
  try {
    const o = read(options, a, extra);
    const lists = placed.lists.map((at, i) => Array.from(a.f32().subarray(at >> 2, (at >> 2) + [o.nQ * o.heads * o.dK, o.nK * o.heads * o.dK, o.nK * o.heads * o.dV][i])));
    return { nQ: o.nQ, nK: o.nK, dK: o.dK, dV: o.dV, heads: o.heads, scale: o.scale, causal: o.causal, outputs: o.outputs, lists };
  } catch (error) {
    return { error: error.message };
  }
}

test('the fast reader of attention\'s options agrees with the schema\'s reader on 3,000 random calls', () => {
  let seed = 7;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const pick = (xs) => xs[Math.floor(rand() * xs.length)];
  const dim = () => (rand() < 0.9 ? pick([1, 2, 3, 4]) : pick([0, 4097, 2.5, -1, '3', undefined, NaN]));
  const array = (n) => (rand() < 0.6 ? new Float32Array(n).fill(0.25) : pick([() => new Float32Array(n).fill(0.5), () => new Float64Array(n).fill(-2), () => new Array(n).fill(1),
    () => new Float32Array(n + 1), () => Object.assign(new Float32Array(Math.max(n, 1)), { 0: NaN }), () => new Int32Array(n), () => 'abc',
    () => new Float64Array(n).fill(1e39)])());
  let fast = 0;
  for (let i = 0; i < 3000; i += 1) {
    const o = { nQ: dim(), nK: dim(), dK: dim(), dV: dim() };
    if (rand() < 0.3) o.heads = pick([1, 2, 65, 0, 1.5]);
    if (rand() < 0.3) o.scale = pick([0, 0.5, 2, -1, 1e31, Infinity, NaN, '1']);
    if (rand() < 0.3) o.causal = pick([true, false, 1]);
    if (rand() < 0.3) o.outputs = pick([['output'], ['weights', 'scores'], [], ['x'], 'output', ['output', 'output']]);
    if (rand() < 0.05) o.extra = 1;
    const h = Number.isInteger(o.heads) && o.heads > 0 ? o.heads : 1;
    const size = (a, b) => (Number.isInteger(o[a]) && Number.isInteger(o[b]) && o[a] > 0 && o[b] > 0 && o[a] * o[b] * h < 1e5 ? o[a] * h * o[b] : 4);
    for (const [name, a, b] of [['q', 'nQ', 'dK'], ['k', 'nK', 'dK'], ['v', 'nK', 'dV']]) if (rand() < 0.97) o[name] = array(size(a, b));
    const general = outcome((options, a, extra) => readOptions(SCHEMA.attention, options, a, null, extra, false), o);
    const quick = outcome(readAttention, o);
    assert.deepEqual(quick, general, JSON.stringify(o, (k, v) => (ArrayBuffer.isView(v) ? `${v.constructor.name}(${v.length})` : v)));
    if (!general.error) fast += 1;
  }
  assert.ok(fast > 200, `only ${fast} of the random calls were valid`);
});

test('the fast reader reads each option and each getter once', () => {
  const reads = new Map();
  const options = {};
  for (const [name, value] of Object.entries({ q: new Float32Array(2), k: new Float32Array(2), v: new Float32Array(2), nQ: 1, nK: 1, dK: 2, dV: 2, scale: 'bad' })) {
    Object.defineProperty(options, name, { enumerable: true, get: () => (reads.set(name, (reads.get(name) ?? 0) + 1), value) });
  }
  assert.throws(() => e.attention(options), { message: /^attention: scale = "bad" is out of range/ });
  assert.deepEqual([...reads.values()].every((n) => n === 1), true, JSON.stringify([...reads]));
});

test('the engine\'s check of q, k and v\'s float32 copies (an f32x4 kernel) finds a non-finite entry anywhere, as the JavaScript reader does', () => {
  // Lengths past, at and short of a multiple of four, so both the vector loop and its scalar tail are reached.
  for (const [n, d] of [[5, 3], [4, 4], [3, 5], [9, 7]]) {
    for (const name of ['q', 'k', 'v']) {
      for (const at of [0, Math.floor((n * d) / 2), n * d - 1]) {
        for (const [Type, value] of [[Float32Array, NaN], [Float32Array, -Infinity], [Float64Array, 1e39]]) {
          const options = { q: new Float32Array(n * d).fill(0.5), k: new Float32Array(n * d).fill(-0.25), v: new Float32Array(n * d).fill(2), nQ: n, nK: n, dK: d, dV: d };
          options[name] = Type.from(options[name]);
          options[name][at] = value;
          const general = outcome((o, a, extra) => readOptions(SCHEMA.attention, o, a, null, extra, false), options);
          assert.match(general.error, new RegExp(`^${name}\\[${at}\\] = `));
          assert.throws(() => e.attention({ ...options, outputs: ['output'] }), { message: `attention: ${general.error}` });
          assert.throws(() => e.attention(options), { message: `attention: ${general.error}` });
        }
      }
    }
    assert.equal(e.attention({ q: new Float32Array(n * d), k: new Float32Array(n * d), v: new Float32Array(n * d), nQ: n, nK: n, dK: d, dV: d }).output.length, n * d, 'the next call works');
  }
});

test('the output alone of a v near the float32 limit is the full call\'s, not an overflow error', () => {
  // Equal scores: the fused pass's running sum reaches 4·3e38 before it divides by 4; the weighted mean is 3e38.
  const options = { q: new Float32Array(16), k: new Float32Array(16), v: new Float32Array(16).fill(3e38), nQ: 4, nK: 4, dK: 4, dV: 4 };
  const alone = e.attention({ ...options, outputs: ['output'] }).output;
  assert.deepEqual(alone, e.attention(options).output);
  assert.ok(alone.every((x) => Math.abs(x - 3e38) < 1e32), String(alone));
});

test('an output that rounds past float32 is refused by name on every path: the output alone, with the weights, and all four', () => {
  // Ten equal scores: each weight is 0.1 rounded up, so ten of them times the float32 limit round to ∞ in column 1;
  // column 0 (v = 1) stays finite, so the message must name entry 1, and the next call must work.
  const M = 3.4028234663852886e38;
  const v = new Float32Array(20).map((_, i) => (i % 2 ? M : 1));
  const options = { q: new Float32Array(1), k: new Float32Array(10), v, nQ: 1, nK: 10, dK: 1, dV: 2 };
  for (const outputs of [['output'], ['weights', 'output'], NAMES]) {
    assert.throws(() => e.attention({ ...options, outputs }), /^Error: attention: the output overflows float32 \(entry 1\): /, outputs.join(','));
    const next = e.attention({ ...options, v: new Float32Array(20).fill(1), outputs }).output;
    assert.ok(next.every((x) => Math.abs(x - 1) < 1e-6), `the next call works: ${next}`);
  }
});
