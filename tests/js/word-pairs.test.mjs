// engine.wordPairs through the WASM build: an Error before any vocabulary; on vectors built with independent entries
// it agrees with the random model; on the page's real word vectors (build/page/vocabulary-data.js) its entry and
// length statistics equal a float64 computation over the decoded rows, and its Var(q·k) and cos θ leave the random
// model as an estimate from 20,000 pairs of our own says they should; bad options give Errors naming them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import vm from 'node:vm';

import { engine, ROOT, assertNoLeaks } from './helpers.mjs';
import { decodeChunk } from '../../web/vocabulary.js';

const e = await engine();
const near = (got, want, rel, what) => assert.ok(Math.abs(got - want) <= rel * Math.abs(want), `${what}: ${got} vs ${want} (±${rel * 100} %)`);

/** A vocabulary of `size` words whose int8 codes are independent and uniform on −100 … 100 (a seeded LCG), scale 0.01. */
function independentWords(size, dim) {
  let s = 12345;
  const next = () => (s = (1103515245 * s + 12345) % 2147483648) / 2147483648;
  const codes = Int8Array.from({ length: size * dim }, () => Math.round(200 * next() - 100));
  const words = Array.from({ length: size }, (_, i) => `w${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26) % 26)}${String.fromCharCode(97 + Math.floor(i / 676))}`);
  return { size, dim, words: words.join(' ').replace(/\d/g, ''), codes, scales: new Float32Array(size).fill(0.01) };
}

test('before any vocabulary wordPairs answers an Error that says what to do, and the next call works', () => {
  assert.throws(() => e.wordPairs(), /wordPairs: no vocabulary is loaded: call setVocabulary first/);
  assert.ok(Number.isFinite(e.pairAngles({ dim: 4 }).cos));
});

test('independent entries meet the random model: Var(q·k) near d(σ⁴ + 2μ²σ²), rows as sharp as standard normal ones', () => {
  e.setVocabulary(independentWords(2000, 64));
  const w = e.wordPairs({ pairs: 20000, rows: 400 });
  near(w.dotVariance, w.modelVariance, 0.06, 'Var(q·k)');
  near(w.cosSd, 1 / 8, 0.06, 'sd cos θ');
  near(w.logitVariance, w.dotVariance / 64, 1e-12, 'logit variance');
  assert.ok(Math.abs(w.cosMean) < 0.01, `mean cos θ ${w.cosMean}`);
  assert.equal(w.uniformWeight, 1 / 16);
  assert.ok(w.words.maxWeight < w.model.maxWeight, 'uniform codes ÷ 100 have variance 0.34: flatter rows than the model');
});

test('the page\'s word vectors: entries and lengths as computed from the decoded rows, Var(q·k) and cos θ far from the random model', () => {
  const file = `${ROOT}build/page/vocabulary-data.js`;
  assert.ok(fs.existsSync(file), `${file} is missing: run build-scripts/build`);
  const sandbox = { self: {} };
  vm.runInNewContext(fs.readFileSync(file, 'utf8'), sandbox);
  const data = decodeChunk(sandbox.self.__attentionScaleLabVocabulary);
  e.setVocabulary(data);
  const { size, dim, codes, scales } = data;
  const x = new Float64Array(codes.length);
  for (let i = 0; i < size; i += 1) for (let c = 0; c < dim; c += 1) x[i * dim + c] = Math.fround(codes[i * dim + c] * scales[i]);
  let sum = 0;
  let sq = 0;
  let length = 0;
  for (let i = 0; i < size; i += 1) {
    let r = 0;
    for (let c = 0; c < dim; c += 1) {
      const v = x[i * dim + c];
      sum += v;
      sq += v * v;
      r += v * v;
    }
    length += Math.sqrt(r);
  }
  const mean = sum / x.length;
  const w = e.wordPairs({ seed: 1 });
  near(w.entryMean, mean, 1e-6, 'entry mean');
  near(w.entrySd, Math.sqrt(sq / x.length - mean * mean), 1e-6, 'entry sd');
  near(w.lengthMean, length / size, 1e-6, 'mean length');
  // Our own estimate over 20,000 pairs of different words (an LCG picks them).
  let s = 7;
  const pick = () => Math.floor(((s = (1103515245 * s + 12345) % 2147483648) / 2147483648) * size);
  let a = 0;
  let b = 0;
  let ca = 0;
  let n = 0;
  while (n < 20000) {
    const i = pick();
    const j = pick();
    if (i === j) continue;
    let d = 0;
    let qq = 0;
    let kk = 0;
    for (let c = 0; c < dim; c += 1) {
      d += x[i * dim + c] * x[j * dim + c];
      qq += x[i * dim + c] ** 2;
      kk += x[j * dim + c] ** 2;
    }
    a += d;
    b += d * d;
    ca += d / Math.sqrt(qq * kk);
    n += 1;
  }
  const variance = b / n - (a / n) ** 2;
  console.log(`${size} words, d = ${dim}: entries ${w.entryMean.toFixed(4)} ± ${w.entrySd.toFixed(3)}, mean length ${w.lengthMean.toFixed(2)}; `
    + `Var(q·k) ${w.dotVariance.toFixed(2)} (ours ${variance.toFixed(2)}; model d = ${w.unitVariance}, same μ and σ ${w.modelVariance.toFixed(2)}); `
    + `cos θ ${w.cosMean.toFixed(3)} ± ${w.cosSd.toFixed(3)}; rows: largest weight ${w.words.maxWeight.toFixed(3)} vs model ${w.model.maxWeight.toFixed(3)}, `
    + `entropy ${w.words.entropy.toFixed(3)} vs ${w.model.entropy.toFixed(3)}`);
  near(w.dotVariance, variance, 0.12, 'Var(q·k) against our estimate');
  near(w.cosMean, ca / n, 0.1, 'mean cos θ against our estimate');
  assert.ok(w.dotVariance > 1.5 * w.modelVariance && w.dotVariance < w.unitVariance / 2, 'between the two models, far from both');
  assert.ok(w.cosMean > 0.1, 'real words lean one common way');
  assert.ok(w.words.entropy > w.model.entropy, 'flatter rows than the model after ÷√d');
});

const BAD = [
  ['n past the words', () => e.wordPairs({ n: 512, rows: 10 }), null],
  ['rows·n too large', () => e.wordPairs({ rows: 2000, n: 100 }), /wordPairs: rows·n = 200000 is too large: allowed at most 65536/],
  ['one pair', () => e.wordPairs({ pairs: 1 }), /wordPairs: pairs = 1 is out of range: allowed an integer from 2 to 100000/],
];

test('bad options give Errors naming the function and the option; nothing leaks', () => {
  e.setVocabulary(independentWords(100, 8));
  assert.throws(BAD[0][1], /wordPairs: n = 512 is too large for 100 words: need n \+ 1 different words/);
  for (const [what, call, message] of BAD.slice(1)) assert.throws(call, message, what);
  assertNoLeaks(e, { good: () => e.wordPairs({ pairs: 50, rows: 5 }), bad: BAD, rounds: 10 });
});
