// Bad input through the public API: every kind is answered by an Error that names the parameter, the value and
// the allowed range; nothing aborts, traps or leaks, and the next call works.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { engine, assertNoLeaks } from './helpers.mjs';

const e = await engine();
const f32 = (n) => new Float32Array(n).fill(0.5);
const good = () => ({ q: f32(12), k: f32(12), v: f32(12), nQ: 3, nK: 3, dK: 4, dV: 4 });

// [description, call, pattern the message must match]
const BAD = [
  ['a q of the wrong length', () => e.attention({ ...good(), q: f32(11) }), /q has 11 values: expected nQ·heads·dK = 3·1·4 = 12/],
  ['a v of the wrong length', () => e.attention({ ...good(), v: f32(13) }), /v has 13 values: expected nK·heads·dV/],
  ['dK = 0', () => e.attention({ ...good(), dK: 0 }), /dK = 0 is out of range: allowed an integer from 1 to 4096/],
  ['dV above 4096', () => e.attention({ ...good(), dV: 4097 }), /dV = 4097 is out of range: allowed an integer from 1 to 4096/],
  ['nQ outside 1…4096', () => e.attention({ ...good(), nQ: 5000 }), /nQ = 5000 is out of range: allowed an integer from 1 to 4096/],
  ['nK = 0', () => e.attention({ ...good(), nK: 0 }), /nK = 0 is out of range/],
  ['a fractional n', () => e.attention({ ...good(), nQ: 2.5 }), /nQ = 2.5 is out of range: allowed an integer/],
  ['heads that do not divide the arrays', () => e.attention({ ...good(), heads: 5 }), /q has 12 values: expected nQ·heads·dK = 3·5·4 = 60/],
  ['heads = 0', () => e.attention({ ...good(), heads: 0 }), /heads = 0 is out of range: allowed an integer from 1 to 64/],
  ['a negative scale', () => e.attention({ ...good(), scale: -1 }), /scale = -1 is out of range: allowed a finite number from 0/],
  ['a NaN scale', () => e.attention({ ...good(), scale: NaN }), /scale = NaN is out of range/],
  ['an infinite scale', () => e.attention({ ...good(), scale: Infinity }), /scale = Infinity is out of range/],
  ['a NaN entry', () => e.attention({ ...good(), k: new Float32Array([0, 1, NaN, 0, 0, 0, 0, 0, 0, 0, 0, 0]) }), /k\[2\] = NaN is not allowed: entries must be finite/],
  ['a string for q', () => e.attention({ ...good(), q: 'abc' }), /q = "abc" is not allowed: pass a Float32Array/],
  ['a missing dimension', () => e.attention({ q: f32(4), k: f32(4), v: f32(4), nQ: 1, nK: 1, dK: 4 }), /dV is missing/],
  ['a misspelled option', () => e.attention({ ...good(), Causal: true }), /unknown option "Causal"/],
  ['causal as a string', () => e.attention({ ...good(), causal: 'yes' }), /causal = "yes" is not allowed: use true or false/],
  ['options that are not an object', () => e.attention(42), /options = 42 is not an object/],
  ['a negative β', () => e.softmax([1, 2], -0.5), /beta = -0.5 is out of range: allowed a finite number from 0/],
  ['a non-finite β', () => e.softmax([1, 2], Infinity), /beta = Infinity is out of range/],
  ['an empty softmax row', () => e.softmax([]), /values has 0 entries: allowed an array of 1 to 16777216/],
  ['a NaN in softmax', () => e.softmax([1, NaN]), /values\[1\] = NaN is not allowed/],
  ['a naive softmax with a negative β', () => e.softmaxNaive([1], -1), /beta = -1 is out of range/],
  ['dot of unequal lengths', () => e.dot([1, 2, 3], [1, 2]), /b has 2 values: expected the length of a = 3/],
  ['a sentence of 13 words', () => e.selfAttentionExample({ sentence: 'a b c d e f g h i j k l m' }), /sentence has 13 words: allowed 1 to 12 words/],
  ['an empty sentence', () => e.selfAttentionExample({ sentence: '   ' }), /sentence has 0 words: allowed 1 to 12 words/],
  ['a sentence that is not a string', () => e.selfAttentionExample({ sentence: 12 }), /sentence = 12 is not a string/],
  ['a huge word', () => e.selfAttentionExample({ sentence: 'x'.repeat(41) }), /a word of 41 bytes: allowed words of at most 40/],
  ['dModel = 0', () => e.selfAttentionExample({ dModel: 0 }), /dModel = 0 is out of range: allowed an integer from 1 to 4096/],
  ['a negative seed', () => e.selfAttentionExample({ seed: -1 }), /seed = -1 is out of range: allowed an integer from 0 to 4294967295/],
  ['an unknown distribution', () => e.random({ distribution: 'cauchy' }), /distribution = "cauchy" is not allowed: use "uniform" or "normal"/],
];

for (const [what, call, pattern] of BAD) {
  test(`${what} throws an Error that names the parameter and the allowed range, and the next call works`, () => {
    assert.throws(call, (error) => {
      assert.ok(error instanceof Error, `not an Error: ${error}`);
      assert.match(error.message, pattern);
      return true;
    });
    const after = e.attention(good());
    assert.equal(after.weights.length, 9);
    assert.ok(Math.abs(after.weights[0] - 1 / 3) < 1e-6);
  });
}

test('thousands of bad calls leak no heap memory and no JavaScript value handles', () => {
  const goodCalls = () => {
    e.attention(good());
    e.selfAttentionExample({ sentence: 'a b c' });
  };
  assertNoLeaks(e, { good: goodCalls, bad: BAD, rounds: 3000 });
});
