// The schemas of Lesson 5's functions (cpp/bindings/heads.cpp): multi-head attention on Lesson 1's model, and the
// Monte Carlo sweep over the number of heads.
import { atMost, choice, fail, fmt, integer, list, seed, text } from './types.js';

export const MAX_MODEL = 1024;
export const MAX_HEADS = 64;

/** The head counts that divide dModel, as the errors list them. */
function divisors(dModel) {
  const out = [];
  for (let h = 1; h <= Math.min(dModel, MAX_HEADS); h += 1) if (dModel % h === 0) out.push(h);
  return out;
}

function mustDivide(what, heads, dModel) {
  if (dModel % heads !== 0) fail(`${what} = ${heads} is not allowed: it must divide dModel = ${dModel} (allowed: ${divisors(dModel).join(', ')})`);
}

export const multiHeadExample = {
  name: 'multiHeadExample',
  summary: 'Lesson 5: multi-head attention on the "money bank grows" model, Concat(head_1 … head_H)·W^O.',
  returns: 'LessonResult',
  options: [
    { name: 'sentence', type: text(600), default: 'money bank grows', meaning: '1 to 12 whitespace-separated words, each at most 40 bytes' },
    { name: 'dModel', type: integer(1, MAX_MODEL), default: 8, meaning: 'width of the embeddings' },
    { name: 'heads', type: integer(1, MAX_HEADS), default: 2, meaning: 'H; it must divide dModel' },
    { name: 'seed', type: seed(), default: 1, meaning: 'seed of the projections' },
    { name: 'scaleBy', type: choice('dk', 'dmodel', 'none'), default: 'dk', meaning: '`"dk"`: scores × 1/√dK per head (correct); `"dmodel"`: × 1/√dModel (a mistake found in real code); `"none"`: × 1' },
  ],
  rules(o) {
    mustDivide('heads', o.heads, o.dModel);
  },
};

export const multiHeadSweep = {
  name: 'multiHeadSweep',
  summary: 'Lesson 5: Monte Carlo over H of per-head score variance and sharpness when scaling by √dK, √dModel or 1.',
  returns: 'LessonResult',
  options: [
    { name: 'dModel', type: integer(1, MAX_MODEL), default: 64, meaning: 'width of the embeddings' },
    { name: 'heads', type: list({ elem: 'f64', minLength: 1, maxLength: 32, min: 1, max: MAX_HEADS, integer: true, increasing: true }), default: (o) => divisors(o.dModel).filter((h) => (h & (h - 1)) === 0), defaultText: 'every power of two that divides dModel', meaning: 'the head counts H, increasing, each dividing dModel' },
    { name: 'tokens', type: integer(2, 64), default: 8, meaning: 'tokens per sequence' },
    { name: 'samples', type: integer(2, 10000), default: 200, meaning: 'draws; samples·(tokens·dModel + 2·dModel²) ≤ 2²⁵' },
    { name: 'seed', type: seed(), default: 1, meaning: 'the generator\'s seed' },
  ],
  after(o) {
    for (let i = 0; i < o.heads.length; i += 1) mustDivide(`heads[${i}]`, o.heads[i], o.dModel);
    atMost('samples·(tokens·dModel + 2·dModel²)', o.samples * (o.tokens * o.dModel + 2 * o.dModel * o.dModel), 33554432);
  },
};

