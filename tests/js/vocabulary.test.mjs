// The WASM engine's word vectors: setVocabulary and nearestWords against a brute-force cosine ranking in float64,
// their Errors (function, parameter, value, range; and before any vocabulary), and the page's own data file
// (build/page/vocabulary-data.js) decoded as web/vocabulary.js decodes it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import vm from 'node:vm';

import { engine, normals, ROOT, assertNoLeaks } from './helpers.mjs';
import { decodeChunk } from '../../web/vocabulary.js';

const e = await engine();

/** Rows' cosines with v in float64, ranked as the engine ranks them (largest first, ties by the lower row). */
function bruteForce(rows, dim, v, k, exclude = []) {
  const n = rows.length / dim;
  let vv = 0;
  for (let j = 0; j < dim; j += 1) vv += v[j] * v[j];
  const all = [];
  for (let i = 0; i < n; i += 1) {
    if (exclude.includes(i)) continue;
    let uv = 0, uu = 0;
    for (let j = 0; j < dim; j += 1) {
      uv += rows[i * dim + j] * v[j];
      uu += rows[i * dim + j] ** 2;
    }
    all.push([uu > 0 ? uv / Math.sqrt(uu * vv) : 0, i]);
  }
  all.sort((a, b) => (a[0] !== b[0] ? b[0] - a[0] : a[1] - b[1]));
  return all.slice(0, k);
}

function assertRanking(got, want, rowsLabel) {
  assert.equal(got.words.length, want.length, `${rowsLabel}: ${got.words.length} words, want ${want.length}`);
  for (let r = 0; r < want.length; r += 1) {
    const [cos, index] = want[r];
    assert.ok(Math.abs(got.cosines[r] - cos) <= 1e-5, `${rowsLabel} rank ${r}: cosine ${got.cosines[r]}, want ${cos} (row ${index})`);
    // the same row unless two cosines tie within rounding
    if (got.indices[r] !== index) assert.ok(Math.abs(got.cosines[r] - cos) <= 1e-6, `${rowsLabel} rank ${r}: row ${got.indices[r]}, want ${index}`);
  }
}

const wordsOf = (n) => Array.from({ length: n }, (_, i) => `w${String.fromCharCode(97 + (i % 26))}${'x'.repeat(Math.floor(i / 26))}`);

test('nearestWords before any vocabulary is loaded is an Error that says so, and the next call works', () => {
  assert.throws(() => e.nearestWords({ word: 'bank' }), { message: /^nearestWords: no vocabulary is loaded: call setVocabulary first/ });
  assert.equal(e.dot([1, 2], [3, 4]), 11);
});

test('setVocabulary rejects bad words, codes and scales by name, value and range, and the next call works', () => {
  const codes = new Int8Array([1, 2, 3, 4, 5, 6]);
  const scales = new Float32Array([0.5, 0.25]);
  const good = { size: 2, dim: 3, words: 'money bank', codes, scales };
  const BAD = [
    [{ size: 3 }, /^setVocabulary: codes has 6 values: expected size·dim = 9/],
    [{ words: 'money' }, /^setVocabulary: words has 1 space-separated words: expected size = 2/],
    [{ words: 'money Bank' }, /^setVocabulary: words\[1\] = "Bank" is not allowed: allowed 1 to 40 lower-case letters a–z/],
    [{ words: 'money money' }, /^setVocabulary: words\[1\] = "money" is not allowed: each word at most once/],
    [{ words: 'money  bank' }, /^setVocabulary: words has 3 space-separated words: expected size = 2/],
    [{ codes: new Float32Array([1, 2, 3, 4, 5, 128]) }, /^setVocabulary: codes\[5\] = 128 is out of range: allowed an integer from -127 to 127/],
    [{ codes: new Float32Array([1, 2.5, 3, 4, 5, 6]) }, /^setVocabulary: codes\[1\] = 2.5 is out of range: allowed an integer/],
    [{ scales: new Float32Array([0.5]) }, /^setVocabulary: scales has 1 values: expected size = 2/],
    [{ scales: new Float32Array([0.5, -1]) }, /^setVocabulary: scales\[1\] = -1 is out of range: allowed a finite number from 0 up/],
    [{ dim: 0 }, /^setVocabulary: dim = 0 is out of range: allowed an integer from 1 to 1024/],
    [{ size: 50001 }, /^setVocabulary: size = 50001 is out of range: allowed an integer from 1 to 50000/],
    [{ size: 50000, dim: 1000 }, /^setVocabulary: size·dim = 50000000 is too large: allowed at most 16777216/],
  ];
  for (const [change, message] of BAD) assert.throws(() => e.setVocabulary({ ...good, ...change }), { message }, JSON.stringify(Object.keys(change)));
  assert.throws(() => e.nearestWords({ word: 'bank' }), { message: /no vocabulary is loaded/ }, 'a refused vocabulary is not half set');
  assert.deepEqual(e.setVocabulary(good), { size: 2, dim: 3 });
  const near = e.nearestWords({ word: 'money', k: 2 });
  assert.deepEqual(near.words, ['money', 'bank']);
});

test('nearestWords ranks a vocabulary by cosine as a float64 brute force does, with k and exclude', () => {
  for (const dim of [3, 17, 100]) {
    const n = 1000;
    const size = n;
    const codes = Int8Array.from(normals(e, n * dim, 7 + dim), (x) => Math.max(-127, Math.min(127, Math.round(40 * x))));
    const scales = Float32Array.from(normals(e, n, 9), (x) => Math.fround(0.01 + Math.abs(x) / 50));
    const words = wordsOf(n);
    assert.deepEqual(e.setVocabulary({ size, dim, words: words.join(' '), codes, scales }), { size, dim });
    const rows = new Float64Array(n * dim);
    for (let i = 0; i < n; i += 1) for (let j = 0; j < dim; j += 1) rows[i * dim + j] = Math.fround(codes[i * dim + j] * scales[i]);
    // vectors
    for (const seed of [1, 2, 3]) {
      const v = normals(e, dim, 100 + seed);
      const k = seed === 3 ? 100 : 10;
      const got = e.nearestWords({ vector: v, k });
      assertRanking(got, bruteForce(rows, dim, v, k), `dim ${dim}, vector ${seed}`);
      assert.deepEqual(got.words, Array.from(got.indices, (i) => words[i]));
    }
    // a word: itself first at cosine 1 unless excluded
    const self = e.nearestWords({ word: words[123], k: 5 });
    assert.equal(self.words[0], words[123]);
    assert.ok(Math.abs(self.cosines[0] - 1) < 1e-6);
    const v123 = rows.subarray(123 * dim, 124 * dim);
    const excluded = e.nearestWords({ word: words[123], k: 5, exclude: `${words[123]} ${words[0]} nosuchword` });
    assertRanking(excluded, bruteForce(rows, dim, v123, 5, [123, 0]), `dim ${dim}, word ${words[123]} without itself`);
  }
});

test('nearestWords refuses a bad word, vector or k by name and value, and the next call works', () => {
  e.setVocabulary({ size: 3, dim: 2, words: 'money bank river', codes: new Int8Array([1, 0, 1, 1, 0, 1]), scales: new Float32Array([1, 1, 1]) });
  const BAD = [
    [{ word: 'bonk' }, /^nearestWords: word = "bonk" is not in the vocabulary: allowed one of its 3 lower-case words/],
    [{ word: 'bank', vector: [1, 1] }, /^nearestWords: word and vector are both given: give one of them/],
    [{}, /^nearestWords: word and vector are both missing: give one of them/],
    [{ vector: [1, 1, 1] }, /^nearestWords: vector has 3 values: expected the vocabulary's dim = 2/],
    [{ vector: [0, 0] }, /^nearestWords: vector is all zeros: allowed a vector with a non-zero entry/],
    [{ vector: [1, NaN] }, /^nearestWords: vector\[1\] = NaN is not allowed: entries must be finite/],
    [{ word: 'bank', k: 0 }, /^nearestWords: k = 0 is out of range: allowed an integer from 1 to 100/],
    [{ word: 'bank', k: 101 }, /^nearestWords: k = 101 is out of range: allowed an integer from 1 to 100/],
    [{ word: 42 }, /^nearestWords: word = 42 is not a string/],
    [{ word: 'x'.repeat(41) }, /^nearestWords: word is 41 bytes long: allowed at most 40/],
    [{ word: 'bank', Exclude: 'x' }, /^nearestWords: unknown option "Exclude"/],
  ];
  for (const [options, message] of BAD) assert.throws(() => e.nearestWords(options), { message }, JSON.stringify(options));
  const r = e.nearestWords({ vector: [0, 3], k: 100 });
  assert.deepEqual(r.words, ['river', 'bank', 'money']); // fewer than k: the whole vocabulary
  assert.ok(r.cosines instanceof Float32Array && r.indices instanceof Int32Array);
  assert.deepEqual(Array.from(r.indices), [2, 1, 0]);
});

test('setVocabulary and nearestWords leak nothing, also when they refuse', () => {
  const good = { size: 2, dim: 2, words: 'money bank', codes: [1, 2, 3, 4], scales: [1, 1] };
  assertNoLeaks(e, {
    good: () => {
      e.setVocabulary(good);
      e.nearestWords({ word: 'bank' });
      e.nearestWords({ vector: [1, 2], exclude: 'bank' });
    },
    bad: [
      ['an unknown word', () => e.nearestWords({ word: 'nope' })],
      ['a zero vector', () => e.nearestWords({ vector: [0, 0] })],
      ['a repeated word', () => e.setVocabulary({ ...good, words: 'money money' })],
      ['a code out of range', () => e.setVocabulary({ ...good, codes: [1, 2, 3, 400] })],
    ],
    rounds: 5,
  });
});

test('the page\'s word vectors load into the engine and put money words next to money', () => {
  const file = `${ROOT}build/page/vocabulary-data.js`;
  assert.ok(fs.existsSync(file), `${file} is missing: run build-scripts/build`);
  const sandbox = { self: {} };
  vm.runInNewContext(fs.readFileSync(file, 'utf8'), sandbox);
  const data = sandbox.self.__attentionScaleLabVocabulary;
  const t0 = performance.now();
  const info = e.setVocabulary(decodeChunk(data));
  const ms = performance.now() - t0;
  assert.deepEqual(info, { size: data.size, dim: 100 });
  const t1 = performance.now();
  const money = e.nearestWords({ word: 'money', k: 10, exclude: 'money' });
  const queryMs = performance.now() - t1;
  const river = e.nearestWords({ word: 'river', k: 10, exclude: 'river' });
  console.log(`setVocabulary of ${info.size} words: ${ms.toFixed(1)} ms; nearestWords: ${queryMs.toFixed(2)} ms`);
  console.log(`money: ${money.words.join(', ')}\nriver: ${river.words.join(', ')}`);
  console.log(`bank: ${e.nearestWords({ word: 'bank', k: 10, exclude: 'bank' }).words.join(', ')}`);
  // against the brute force over the decoded rows, for a few words
  const { codes, scales } = decodeChunk(data);
  const rows = new Float64Array(codes.length);
  for (let i = 0; i < info.size; i += 1) for (let j = 0; j < 100; j += 1) rows[i * 100 + j] = Math.fround(codes[i * 100 + j] * scales[i]);
  const words = data.words.split(' ');
  for (const w of ['money', 'river', 'bank', 'grows']) {
    const i = words.indexOf(w);
    assertRanking(e.nearestWords({ word: w, k: 10 }), bruteForce(rows, 100, rows.subarray(i * 100, i * 100 + 100), 10), w);
  }
  assert.ok(money.words.some((w) => ['cash', 'funds', 'pay', 'paying', 'paid'].includes(w)), money.words.join(', '));
  assert.ok(river.words.some((w) => ['rivers', 'creek', 'valley', 'tributary', 'lake'].includes(w)), river.words.join(', '));
});
