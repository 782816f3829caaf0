// web/engine.d.ts from the option schema: an options interface per function (required options required, the others
// optional, each with its range and default in a comment), the Engine and Trainer methods, and the result types.
// Results of the lesson functions are objects of numbers and typed arrays that docs/API.md lists field by field.

import { optionsOwner } from '../../web/schema/index.js';

const pascal = (name) => name[0].toUpperCase() + name.slice(1);

function optionLines(fn, extra = '') {
  return fn.options.map((row) => {
    const t = row.type;
    const range = t.range ?? (t.length ? `length ${t.lengthName ?? 'from the other options'}` : '');
    const d = row.required ? 'required' : `default ${row.defaultText ?? JSON.stringify(row.default) ?? 'none'}`;
    const type = row.kind === 'subset' ? `readonly O[]` : t.ts;
    return `  /** ${row.meaning.replace(/`/g, '')}. ${range ? `${range}; ` : ''}${d}. */\n  ${row.name}${row.required ? '' : '?'}: ${type};${extra}`;
  });
}

/** "softmax(values, beta = 1)" → "softmax(values: …, beta?: number)". */
function positional(fn, method) {
  const params = fn.options.map((row) => `${row.name}${row.required ? '' : '?'}: ${row.type.ts}`);
  return `  ${method}(${params.join(', ')}): ${fn.returns};`;
}

export function dtsText(modules, schema) {
  const out = [`// Generated from web/schema/ by build-scripts/schema-gen.mjs: do not edit (tests/js/schema.test.mjs fails when it
// differs, and type-checks tests/types/example.ts against it with tsc --noEmit). The API of web/engine.js.

export type Floats = Float32Array | Float64Array | ArrayLike<number>;
export type AttentionOutput = ${schema.attention.options.find((r) => r.name === 'outputs').type.choices.map((c) => JSON.stringify(c)).join(' | ')};

/** A lesson function's result: numbers, booleans, strings, typed arrays and nested objects of them (docs/API.md). */
export interface LessonResult {
  readonly [field: string]: any;
}

export interface SelfAttentionExample extends LessonResult {
  tokens: string[];
  dModel: number;
  dK: number;
  dV: number;
  scale: number;
  causal: boolean;
  embeddings: Float32Array;
  wQ: Float32Array;
  wK: Float32Array;
  wV: Float32Array;
  q: Float32Array;
  k: Float32Array;
  v: Float32Array;
  scores: Float32Array;
  scaledScores: Float32Array;
  weights: Float32Array;
  /** AV, before the residual. */
  mix: Float32Array;
  /** X + AV with the meaningful head, AV with random weights. */
  contextual: Float32Array;
  scoreVariance: number;
  scaledScoreVariance: number;
  maxWeight: number;
  /** 'words' when the rows of X are the loaded word vectors (for the words they have), else 'random'. */
  embeddingsUsed: 'words' | 'random';
  head: 'meaningful' | 'random';
  /** Words in the loaded vocabulary; 0 until it is loaded. */
  vocabularySize: number;
  /** The factor a stand-in vector's N(0, 1) entries were multiplied by (1 with random embeddings). */
  unknownScale: number;
  /** The diagonal of the weights is 0: each token's own score was left out of its softmax. */
  selfMasked: boolean;
  residual: boolean;
  /** Per token: its row of X is the word's vector. */
  inVocabulary: boolean[];
  /** Per token: the words nearest its contextual embedding by cosine, best first, the sentence's own words left out. */
  nearest: { words: string[]; cosines: Float32Array }[];
}

export interface TrainerEvaluation {
  tokenAccuracy: number;
  sequenceAccuracy: number;
  loss: number;
  count: number;
  split: 'test' | 'val' | 'train';
  step: number;
  beta: number;
  computeMs: number;
}

export interface TrainerStep extends LessonResult {
  stepsRun: number;
  loss: number | null;
  meanLoss: number | null;
  losses: Float32Array;
  betas: Float32Array;
  step: number;
  totalSteps: number;
  epoch: number;
  beta: number;
  lr: number;
  phase: 'search' | 'train' | 'done';
  done: boolean;
  computeMs: number;
}

export interface TrainerAttention {
  index: number;
  heads: number;
  L: number;
  weights: Float32Array;
  inputs: Int32Array;
  targets: Int32Array;
  predicted: Int32Array;
  beta: number;
  step: number;
}
`];
  const trainer = schema.createTrainer;
  out.push('/** A trainer\'s configuration as run (defaults filled in), with its architecture. */');
  out.push('export interface TrainerInfo extends LessonResult {');
  out.push('  id: number;');
  for (const row of trainer.options) out.push(`  ${row.name}: ${row.kind === 'choice' ? row.type.ts : 'number'};`);
  out.push('  dK: number;\n  stepsPerEpoch: number;\n  totalSteps: number;\n  parameterCount: number;\n  memoryBytes: number;\n  kernels: string;\n}\n');

  for (const { functions } of modules) {
    for (const f of functions) {
      const fn = schema[f.name];
      if (fn.signature) continue;
      const owner = optionsOwner(f);
      if (owner !== f) {
        out.push(`/** ${fn.name}'s options: ${owner.name}'s. ${fn.summary} */`);
        out.push(`export type ${pascal(fn.name)}Options = ${pascal(owner.name)}Options;\n`);
        continue;
      }
      const generic = fn.options.some((row) => row.kind === 'subset');
      out.push(`/** ${fn.name}'s options. ${fn.summary} */`);
      out.push(`export interface ${pascal(fn.name)}Options${generic ? '<O extends AttentionOutput = AttentionOutput>' : ''} {`);
      out.push(...optionLines(fn));
      out.push('}\n');
    }
  }

  out.push('export interface Trainer {\n  readonly info: TrainerInfo;');
  for (const name of ['trainerStep', 'trainerEvaluate', 'trainerAttention']) {
    const fn = schema[name];
    out.push(`  /** ${fn.summary} */`);
    out.push(positional(fn, fn.signature.match(/^trainer\.(\w+)/)[1]));
  }
  out.push('  /** Frees the trainer\'s memory; safe to call twice. */\n  delete(): void;\n  readonly deleted: boolean;\n}\n');

  out.push('export interface Engine {');
  out.push('  readonly info: { version: string; kernels: "wasm_simd128" | "scalar"; simd: boolean };');
  for (const { functions } of modules) {
    for (const f of functions) {
      const fn = schema[f.name];
      if (fn.name.startsWith('trainer')) continue;
      out.push(`  /** ${fn.summary} */`);
      if (fn.signature) {
        out.push(positional(fn, fn.name));
      } else if (fn.name === 'attention') {
        out.push('  attention<O extends AttentionOutput = AttentionOutput>(options: AttentionOptions<O>): { [K in O]: Float32Array };');
      } else {
        const optional = fn.options.every((row) => !row.required);
        out.push(`  ${fn.name}(options${optional ? '?' : ''}: ${pascal(fn.name)}Options): ${fn.returns};`);
      }
    }
  }
  out.push('  /** What the engine holds now: malloc\'d bytes, live JS-value handles, live trainers; and the WebAssembly traps it met. */');
  out.push('  resources(): { heapBytes: number; arenaBytes: number; valueHandles: number; trainers: number; traps: number };\n}\n');
  out.push('/** Resolves to the engine; every caller on a page shares one instance. */');
  out.push('export function loadEngine(): Promise<Engine>;');
  return `${out.join('\n')}\n`;
}
