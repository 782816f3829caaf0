// Every function's answer has exactly the fields its schema's `results` lists (web/schema/*.js), each of the kind
// listed, nested objects and arrays of them included: a field the binding sets and the schema does not list fails,
// and so does one the schema lists and the answer lacks. web/engine.d.ts and docs/API.md's Returns tables are
// generated from the same lists (tests/js/schema.test.mjs), so they describe what really arrives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { engine, ROOT } from './helpers.mjs';
import { MODULES, SCHEMA } from '../../web/schema/index.js';
import { object, optionalPaths, presentOptional, resultKind, resultProblems } from '../../web/schema/results.js';

const e = await engine();

const VOCABULARY = { size: 40, dim: 8, words: Array.from({ length: 40 }, (_, i) => `x${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`).join(' '), codes: Int8Array.from({ length: 320 }, (_, i) => ((i * 37) % 201) - 100), scales: new Float32Array(40).fill(0.01) };
const TRAINER = { L: 4, R: 5, trainSize: 8, valSize: 4, testSize: 4, batchSize: 4, epochs: 1 };

/**
 * The calls each function is checked with: between them every optional field (and every nullable one as an object)
 * turns up. A function is called with each options object in its list.
 */
const CALLS = {
  softmax: [{ values: [1, 2, 3] }, { values: [100, 0], beta: 0 }],
  softmaxNaive: [{ values: [1, 2, 3], beta: 2 }, { values: [100, 0] }],
  dot: [{ a: [1, 2], b: [3, 4] }],
  random: [{}, { count: 3, distribution: 'normal' }],
  createTrainer: [TRAINER, { ...TRAINER, betaStrategy: 'learned' }],
  attention: [{ q: [1, 0, 0, 1], k: [1, 0, 0, 1], v: [1, 2, 3, 4], nQ: 2, nK: 2, dK: 2, dV: 2 },
    { q: [1, 0], k: [1, 0], v: [1, 2], nQ: 1, nK: 1, dK: 2, dV: 2, outputs: ['weights'] }],
  selfAttentionExample: [{}, { head: 'random', causal: true, embeddings: 'random' }],
  dotProducts: [{ dim: 4, pairs: 50 }, { dim: 3, pairs: 20, distribution: 'normal', range: [-2, 2] }],
  histogram: [{ values: [1, 2, 3] }],
  varianceSweep: [{ maxDim: 4, vectors: 8 }, { maxDim: 3, vectors: 4, entries: true, scaled: true }, { maxDim: 3, vectors: 4, distribution: 'normal', std: 0 }],
  scaleVariance: [{ c: 2 }, { c: 0.5, values: [1, 2, 4] }],
  pairAngles: [{ dim: 4 }],
  wordPairs: [{ pairs: 50, rows: 10 }],
  twoLogitCurve: [{}],
  gapSpread: [{ dKs: [1, 16], pairs: 50 }],
  softmaxStats: [{}, { scores: [1, 2, 3] }],
  gradientSweep: [{ dKs: [1, 4], trials: 5 }, { dKs: [2], trials: 5, model: 'dot' }],
  gradientDistribution: [{ dK: 4, trials: 5 }, { dK: 4, trials: 5, model: 'dot' }],
  peakWeightCap: [{ n: 4, sd: 1 }],
  softmaxNumerics: [{ values: [1, 2, 3] }, { values: [100, 0], beta: 2 }],
  boltzmann: [{ scores: [1, 2, 3], betas: [0.5, 1, 4] }],
  normalisationDemo: [{ scores: [1, 2, 3, 4, 5, 6], rows: 2 }],
  derivation: [{ samples: 200 }],
  assumptionCheck: [{ samples: 20 }],
  weightDrift: [{ samples: 20 }],
  multiHeadExample: [{}],
  multiHeadSweep: [{ samples: 10 }],
  lengthScaling: [{ ns: [2, 8, 64] }],
  alignmentScaling: [{ dKs: [4, 16], samples: 20 }],
  qkNormDemo: [{ samples: 10 }],
  setVocabulary: [VOCABULARY],
  nearestWords: [{ word: 'xaa', k: 3 }, { vector: [1, 0, 0, 0, 0, 0, 0, 1] }],
  describeTrainer: [{ ...TRAINER }, { ...TRAINER, betaStrategy: 'learned' }, { ...TRAINER, betaStrategy: 'search', searchIterations: 1 }],
  // The trainer's methods: the options are createTrainer's, and what each step asks of the trainer.
  trainerStep: [{ trainer: TRAINER, steps: [1, 0] }, { trainer: { ...TRAINER, betaStrategy: 'learned' }, steps: [2] },
    { trainer: { ...TRAINER, betaStrategy: 'search', searchPowers: 0, searchIterations: 1 }, steps: [1, 1000] }, { trainer: { ...TRAINER, betaStrategy: 'qk-norm' }, steps: [1] }],
  trainerEvaluate: [{ trainer: TRAINER, split: 'val' }],
  trainerAttention: [{ trainer: TRAINER, index: 1 }],
};

const kindOf = resultKind;

/**
 * What one entry of CALLS answers, as [label, value, kind]: a trainer's methods one answer per step asked, and
 * createTrainer its trainer and the trainer's info (describeTrainer's result).
 */
function answers(fn, call) {
  const { name } = fn;
  const one = (value) => [[name, value, kindOf(fn)]];
  if (name === 'softmax' || name === 'softmaxNaive') return one(e[name](call.values, call.beta));
  if (name === 'dot') return one(e.dot(call.a, call.b));
  if (name === 'createTrainer') {
    const trainer = e.createTrainer(call);
    try {
      return [[name, trainer, kindOf(fn)], ['trainer.info', trainer.info, kindOf(SCHEMA.describeTrainer)]];
    } finally {
      trainer.delete();
    }
  }
  if (!name.startsWith('trainer')) return one(e[name](call));
  const trainer = e.createTrainer(call.trainer);
  try {
    if (name === 'trainerStep') return call.steps.flatMap((n) => one(trainer.step(n)));
    if (name === 'trainerEvaluate') return one(trainer.evaluate(call.split));
    return one(trainer.attentionFor(call.index));
  } finally {
    trainer.delete();
  }
}

const functions = MODULES.flatMap((m) => m.functions).map((f) => SCHEMA[f.name]);

test('every function lists its result fields in its schema, or the one value it answers, each with a meaning', () => {
  for (const fn of functions) {
    assert.ok(Boolean(fn.answer) !== Boolean(fn.results), `${fn.name}: results (an object of fields) or an answer (one value), not both`);
    assert.ok(CALLS[fn.name], `${fn.name}: no calls in tests/js/result-keys.test.mjs`);
    if (fn.answer) {
      assert.equal(fn.answer.type.ts, fn.returns, `${fn.name}: its answer's kind is what web/engine.d.ts declares`);
      assert.match(fn.answer.meaning, /[.]$/, `${fn.name}: a meaning, as a sentence`);
      continue;
    }
    assert.ok(fn.results.length, `${fn.name}: no results in its schema`);
    for (const f of fn.results) assert.ok(f.meaning && /[.]$/.test(f.meaning), `${fn.name}.${f.name}: a meaning, as a sentence`);
  }
});

test('every answer has exactly the fields its schema lists, each of its kind, and every optional field turns up', () => {
  e.setVocabulary(VOCABULARY);
  for (const fn of functions) {
    const kind = kindOf(fn);
    const seen = new Set();
    for (const call of CALLS[fn.name]) {
      for (const [label, value, of] of answers(fn, call)) {
        assert.deepEqual(resultProblems(value, of, label), [], `${label}(${JSON.stringify(call).slice(0, 80)}) differs from its schema`);
        if (label === fn.name) presentOptional(value, kind, '', seen);
      }
    }
    const never = optionalPaths(kind).filter((path) => !seen.has(path));
    assert.deepEqual(never, [], `${fn.name}: optional fields no call showed (add a call that does)`);
  }
});

test('the check fails on a missing field, an unlisted one and one of the wrong kind', () => {
  const kind = object(SCHEMA.histogram.results);
  const good = e.histogram({ values: [1, 2, 3], bins: 2 });
  assert.deepEqual(resultProblems(good, kind, 'h'), []);
  const { max, ...missing } = good;
  assert.deepEqual(resultProblems(missing, kind, 'h'), ['h.max: missing']);
  assert.deepEqual(resultProblems({ ...good, extra: 1 }, kind, 'h'), ['h.extra: not in the schema']);
  const nested = { ...good, histogram: { ...good.histogram, counts: Float32Array.from(good.histogram.counts), bogus: 0 } };
  assert.deepEqual(resultProblems(nested, kind, 'h'), ['h.histogram.bogus: not in the schema', 'h.histogram.counts: Float32Array is not Float64Array']);
});

test('web/engine.d.ts types every result: no `any`, no index signature, an interface per function with results', () => {
  const dts = readFileSync(`${ROOT}web/engine.d.ts`, 'utf8');
  const code = dts.replace(/\/\*\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  assert.doesNotMatch(code, /\bany\b/, 'an `any` in web/engine.d.ts');
  assert.doesNotMatch(code, /\[\w+: string\]/, 'an index signature in web/engine.d.ts');
  for (const fn of functions) {
    if (fn.results) assert.match(code, new RegExp(`export interface ${fn.returns} \\{`), `${fn.name}: no interface ${fn.returns}`);
  }
});
