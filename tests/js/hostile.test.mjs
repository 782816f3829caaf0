// A hostile caller through the public API: throwing getters, Proxies, Symbols, BigInts, BigInt typed arrays, nested
// arrays and numeric strings. The caller's own exception may propagate, everything else is an Error that names the
// function and the parameter, and the engine stays intact: no handle, heap or trainer leaks, the next call works.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { engine } from './helpers.mjs';

const e = await engine();
const good = () => ({ q: [1, 0], k: [1, 0], v: [1, 2], nQ: 1, nK: 1, dK: 2, dV: 2 });
const reference = e.attention(good());
const same = () => assert.deepEqual(Array.from(e.attention(good()).output), Array.from(reference.output), 'a good call answers as before');

test('20,000 calls whose options throw from a getter leave the engine as it was, and the next call works', () => {
  const before = e.resources();
  let thrown = 0;
  for (let i = 0; i < 20000; i += 1) {
    const options = { ...good() };
    Object.defineProperty(options, 'dK', { enumerable: true, get() { throw new Error('the caller\'s own'); } });
    try {
      e.attention(options);
    } catch (error) {
      if (error.message === 'the caller\'s own') thrown += 1;
    }
  }
  assert.equal(thrown, 20000, 'the caller\'s exception propagates unchanged');
  assert.deepEqual(e.resources(), before, 'no value handle, heap byte or trainer is left behind');
  same();
});

test('throwing Proxies, array elements and trainer options propagate and leak nothing', () => {
  const before = e.resources();
  const ownKeys = new Proxy(good(), { ownKeys() { throw new Error('ownKeys'); } });
  const element = [1, 0];
  Object.defineProperty(element, 1, { get() { throw new Error('element'); } });
  const trainer = {};
  Object.defineProperty(trainer, 'L', { enumerable: true, get() { throw new Error('trainer option'); } });
  for (let i = 0; i < 5000; i += 1) {
    assert.throws(() => e.attention(ownKeys), /ownKeys/);
    assert.throws(() => e.attention({ ...good(), q: element }), /element/);
    assert.throws(() => e.createTrainer(trainer), /trainer option/);
  }
  assert.deepEqual(e.resources(), before);
  same();
});

test('Symbols, BigInts, BigInt typed arrays, nested arrays and numeric strings are refused by name', () => {
  const before = e.resources();
  const cases = [
    [{ ...good(), q: [1, Symbol('x')] }, /attention: q\[1\] = symbol is not allowed: entries must be numbers/],
    [{ ...good(), q: [1n, 0] }, /attention: q\[0\] = bigint is not allowed/],
    [{ ...good(), q: new BigInt64Array(2) }, /attention: q is a BigInt64Array: not allowed; pass a Float32Array/],
    [{ ...good(), dK: 2n }, /attention: dK is a bigint: not allowed/],
    [{ ...good(), q: [[1], [0]] }, /attention: q\[0\] = an array is not allowed/],
    [{ ...good(), q: ['1', '0'] }, /attention: q\[0\] = "1" is not allowed: entries must be numbers/],
  ];
  for (let i = 0; i < 2000; i += 1) {
    for (const [options, pattern] of cases) assert.throws(() => e.attention(options), pattern);
  }
  assert.deepEqual(e.resources(), before);
  same();
});

test('a typed array whose buffer was detached is refused by name', () => {
  const q = new Float32Array([1, 0]);
  structuredClone(q.buffer, { transfer: [q.buffer] }); // detaches q's buffer
  assert.throws(() => e.attention({ ...good(), q }), /attention: q is a Float32Array whose buffer is detached|attention: q has 0 values/);
  same();
});

test('allowed input never comes back as NaN: constant entries and scores beyond float32', () => {
  const constant = e.dotProducts({ dim: 5, pairs: 178, distribution: 'normal', mean: 6.64, std: 0 });
  assert.ok(Number.isFinite(constant.expectedVarianceSd), `expectedVarianceSd ${constant.expectedVarianceSd}`);
  for (const std of [0, -0, 5e-324]) {
    const r = e.dotProducts({ dim: 5, pairs: 178, distribution: 'normal', mean: 6.64, std });
    assert.ok([r.mean, r.variance, r.expectedVarianceSd].every(Number.isFinite), `std ${std}`);
  }
  const sweep = e.varianceSweep({ maxDim: 8, vectors: 10, distribution: 'normal', mean: 1, std: 0 });
  assert.equal(sweep.logLogSlope, undefined, 'no log–log line through variances that are all 0');
  assert.throws(() => e.attention({ q: [1e20], k: [1e20, -1e20], v: [1, 2], nQ: 1, nK: 2, dK: 1, dV: 1 }),
    /attention: the scaled scores overflow float32/);
  assert.throws(() => e.attention({ ...good(), scale: 1e30, q: [1e10, 0], k: [1e10, 0] }), /overflow float32/);
  same();
});

test('a dot product beyond float32 is refused by name, not returned as Infinity', () => {
  assert.throws(() => e.dot([-3.4028234663852886e38], [-2.5]), /^Error: dot: a·b overflows float32/);
  assert.throws(() => e.dot([3e38, 3e38], [1, 1]), /dot: a·b overflows float32/);
  assert.equal(e.dot([3e38, -3e38], [1, 1]), 0);
  same();
});

test('the pair covariances at dK = 1 and a step that runs nothing answer null, not NaN', () => {
  const d = e.derivation({ dK: 1, samples: 3, meanQ: 8.5, meanK: 8.9 });
  assert.deepEqual(d.pairCovQ, { value: null, stdError: null, theory: null });
  assert.deepEqual(d.pairCovK, { value: null, stdError: null, theory: null });
  assert.ok(Number.isFinite(d.covQK.value));
  const t = e.createTrainer({ L: 4, R: 5, trainSize: 8, valSize: 2, testSize: 2, batchSize: 4, epochs: 1 });
  try {
    const r = t.step(0);
    assert.deepEqual([r.stepsRun, r.loss, r.meanLoss, r.attentionEntropy, r.maxLogit], [0, null, null, null, null]);
    const ran = t.step(1);
    assert.ok([ran.loss, ran.meanLoss, ran.attentionEntropy, ran.maxLogit].every(Number.isFinite));
  } finally {
    t.delete();
  }
});

/** A Proxy of an array whose `length` answers `length()` on every read, and whose entries are `entry`. */
const lengthProxy = (length, entry = 0.5) => new Proxy([], {
  get(target, key) {
    if (key === 'length') return length();
    if (typeof key === 'string' && /^\d+$/.test(key)) return entry;
    return Reflect.get(target, key);
  },
});

test('an array whose length grows on every read is read once: answered as that one list, or refused, at once', () => {
  const before = e.resources();
  let reads = 0;
  const started = Date.now();
  const growing = lengthProxy(() => { reads += 1; return reads; }, 4);
  const r = e.gradientSweep({ dKs: growing, trials: 10, n: 4 });
  assert.equal(reads, 1, 'dKs.length is read exactly once');
  assert.deepEqual(Array.from(r.dKs ?? [4]), [4]);
  let big = 0;
  assert.throws(() => e.gradientSweep({ dKs: lengthProxy(() => (big += 1e6)), trials: 10, n: 4 }),
    /^Error: gradientSweep: dKs has 1000000 entries: allowed an array of 1 to 64/);
  assert.ok(Date.now() - started < 5000, `${Date.now() - started} ms`);
  assert.deepEqual(e.resources(), before);
  same();
});

test('a length that is a BigInt, a Symbol, a string or not a whole number is refused by function and parameter', () => {
  const before = e.resources();
  const lengths = [[2n, '2n'], [Symbol('n'), 'symbol'], ['3', '"3"'], [-1, '-1'], [1.5, '1.5'], [NaN, 'NaN'], [Infinity, 'Infinity']];
  const calls = [
    ['gradientSweep', 'dKs', (dKs) => e.gradientSweep({ dKs, trials: 10, n: 4 })],
    ['multiHeadSweep', 'heads', (heads) => e.multiHeadSweep({ heads, dModel: 8, samples: 2 })],
    ['boltzmann', 'betas', (betas) => e.boltzmann({ betas, scores: [1, 2] })],
    ['softmax', 'values', (values) => e.softmax(values)],
  ];
  for (const [fn, param, call] of calls) {
    for (const [length, shown] of lengths) {
      assert.throws(() => call(lengthProxy(() => length, 1)), (error) => {
        assert.ok(!(error instanceof TypeError), `${fn} ${shown}: a raw ${error}`);
        assert.ok(error.message.startsWith(`${fn}: ${param}.length = `), `${fn} ${shown}: ${error.message}`);
        return true;
      });
    }
  }
  assert.deepEqual(e.resources(), before);
  same();
});

test('softmax of an array-like whose length is the string "3" is refused, never NaN', () => {
  assert.throws(() => e.softmax(lengthProxy(() => '3', 1)), /^Error: softmax: values\.length = "3" is not allowed/);
  assert.deepEqual(Array.from(e.softmax(lengthProxy(() => 3, 1))).map((x) => x.toFixed(4)), ['0.3333', '0.3333', '0.3333']);
});

test('attention\'s outputs with a length that is a Symbol, and a revoked Proxy as a list, are refused by name', () => {
  const before = e.resources();
  assert.throws(() => e.attention({ ...good(), outputs: lengthProxy(() => Symbol('n'), 'output') }),
    /^Error: attention: outputs\.length = a value of type symbol is not allowed/);
  const { proxy, revoke } = Proxy.revocable([1, 0], {});
  revoke();
  assert.throws(() => e.attention({ ...good(), q: proxy }), /^Error: attention: q is a revoked Proxy: not allowed/);
  assert.throws(() => e.attention({ ...good(), outputs: proxy }), /^Error: attention: outputs is a revoked Proxy: not allowed/);
  assert.deepEqual(e.resources(), before);
  same();
});

test('the call arena keeps at most 4 MiB between calls, and the heap less the arena returns to its start', () => {
  const start = e.resources();
  const call = (n) => e.attention({ q: new Float32Array(n * 64), k: new Float32Array(n * 64), v: new Float32Array(n * 64), nQ: n, nK: n, dK: 64, dV: 64, outputs: ['output'] });
  call(1024); // about 1 MiB of options and results: kept
  const mid = e.resources();
  assert.ok(mid.arenaBytes > start.arenaBytes && mid.arenaBytes <= 4 << 20, `arena ${start.arenaBytes} → ${mid.arenaBytes}`);
  assert.equal(mid.heapBytes - mid.arenaBytes, start.heapBytes - start.arenaBytes, 'only the arena grew');
  call(4096); // about 4 MiB of options and results: given back after the call
  const end = e.resources();
  assert.equal(end.arenaBytes, 64 << 10, 'an arena grown past 4 MiB goes back to its starting size');
  assert.equal(end.heapBytes - end.arenaBytes, start.heapBytes - start.arenaBytes);
});
