// The schemas of Lesson 7's functions (cpp/bindings/beyond.cpp): s·ln n length scaling, μP's 1/d_k for aligned
// queries and keys, and QK-norm against growing queries and keys.
import { atMost, fmt, integer, list, number, seed } from './types.js';
import { MAX_DIM } from './core.js';

export const lengthScaling = {
  name: 'lengthScaling',
  summary: 'Lesson 7: per n, the largest weight and entropy of one logit `top` among n − 1 logits `rest`, plain and times s·ln n.',
  returns: 'LessonResult',
  options: [
    { name: 'ns', type: list({ elem: 'f64', minLength: 1, maxLength: 256, min: 1, max: 1e12, integer: (x, i, name) => `${name}[${i}] = ${fmt(x)} is not allowed: allowed an integer from 1 to 1000000000000 (a number of keys)` }), required: true, meaning: 'the row lengths n (closed form: n up to 10¹²)' },
    { name: 'top', type: number(-1000, 1000), default: 3, meaning: 'the one distinct logit (3 and −2 are Nakanishi\'s illustration)' },
    { name: 'rest', type: number(-1000, 1000), default: -2, meaning: 'the other n − 1 logits' },
    { name: 's', type: number(0, 100), default: 0.43, meaning: 'the s of s·ln n' },
  ],
};

const dKs = () => list({ elem: 'i32', minLength: 1, maxLength: 32, min: 1, max: MAX_DIM, integer: true, increasing: true });

export const alignmentScaling = {
  name: 'alignmentScaling',
  summary: 'Lesson 7: per dK, a query\'s logits against an aligned key (correlation rho) and n − 1 others, under 1/√dK and μP\'s 1/dK.',
  returns: 'LessonResult',
  options: [
    { name: 'dKs', type: dKs(), required: true, meaning: 'the d_k values' },
    { name: 'rho', type: number(-1, 1), default: 0.5, meaning: 'coordinate correlation of the query with its aligned key' },
    { name: 'n', type: integer(2, 256), default: 16, meaning: 'keys per row' },
    { name: 'samples', type: integer(2, 100000), default: 400, meaning: 'rows per d_k; samples·(max(dKs) + n·dKs.length) ≤ 2²³' },
    { name: 'baseDK', type: integer(1, MAX_DIM), default: 1, meaning: 'μP\'s base width: its scale is √baseDK/dK' },
    { name: 'seed', type: seed(), default: 1, meaning: 'the generator\'s seed' },
  ],
  after(o) {
    atMost('samples·(max(dKs) + n·dKs.length)', o.samples * (o.dKs[o.dKs.length - 1] + o.n * o.dKs.length), 8388608);
  },
};

export const qkNormDemo = {
  name: 'qkNormDemo',
  summary: 'Lesson 7: per drift factor f on queries and keys, row entropy and largest weight under 1/√dK, QK-norm and qk-layernorm.',
  returns: 'LessonResult',
  options: [
    { name: 'dK', type: integer(2, MAX_DIM), default: 64, meaning: 'd_k' },
    { name: 'n', type: integer(2, 256), default: 16, meaning: 'keys per row' },
    { name: 'drifts', type: list({ elem: 'f64', minLength: 1, maxLength: 64, min: 0.001, max: 1000 }), default: [0.25, 0.5, 1, 2, 4], meaning: 'the factors f on queries and keys' },
    { name: 'g', type: number(0.001, 1000), default: 8, meaning: 'QK-norm\'s scale g: logits stay in [−g, g]' },
    { name: 'samples', type: integer(2, 100000), default: 200, meaning: 'rows per factor; samples·drifts.length·n·dK ≤ 2²⁷' },
    { name: 'seed', type: seed(), default: 1, meaning: 'the generator\'s seed' },
  ],
  after(o) {
    atMost('samples·drifts.length·n·dK', o.samples * o.drifts.length * o.n * o.dK, 134217728);
  },
};
