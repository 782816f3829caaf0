// web/engine.d.ts from the schema: an options interface per function (required options required, the others
// optional, each with its range and default in a comment), a result interface per function from its `results`
// (web/schema/results.js: each field with its meaning, nested objects and arrays typed), and the Engine and Trainer
// methods.

import { optionsOwner } from '../../web/schema/index.js';
import { resultKind, typeName } from '../../web/schema/results.js';

const pascal = (name) => name[0].toUpperCase() + name.slice(1);

// No line of the output runs past WIDTH characters (tests/js/line-length.test.mjs holds web/ to it); a comment too
// long for one line becomes a block wrapped at BLOCK_WIDTH, as the hand-written code wraps its comments.
const WIDTH = 160;
const BLOCK_WIDTH = 120;
const width = (line) => [...line].length;

/** `text` as a doc comment indented by `pad`: on one line when that fits in `room` characters, else a block wrapped at
 * spaces to BLOCK_WIDTH. */
function docComment(text, pad, room = WIDTH) {
  const one = `${pad}/** ${text} */`;
  if (width(one) <= room) return one;
  const lines = [`${pad}/**`];
  let line = `${pad} *`;
  for (const word of text.split(' ')) {
    if (line !== `${pad} *` && width(`${line} ${word}`) > BLOCK_WIDTH) {
      lines.push(line);
      line = `${pad} *`;
    }
    line += ` ${word}`;
  }
  lines.push(line, `${pad} */`);
  return lines.join('\n');
}

const comment = (text, pad, room) => docComment(text.replace(/`/g, '').replace(/\*\//g, '* /'), pad, room);

function optionLines(fn, extra = '') {
  return fn.options.map((row) => {
    const t = row.type;
    const range = t.range ?? (t.length ? `length ${t.lengthName ?? 'from the other options'}` : '');
    const d = row.required ? 'required' : `default ${row.defaultText ?? JSON.stringify(row.default) ?? 'none'}`;
    const type = row.kind === 'subset' ? `readonly O[]` : t.ts;
    const doc = docComment(`${row.meaning.replace(/`/g, '')}. ${range ? `${range}; ` : ''}${d}.`, '  ');
    return `${doc}\n  ${row.name}${row.required ? '' : '?'}: ${type};${extra}`;
  });
}

/** "softmax(values, beta = 1)" → "softmax(values: …, beta?: number)". */
function positional(fn, method) {
  const params = fn.options.map((row) => `${row.name}${row.required ? '' : '?'}: ${row.type.ts}`);
  return `  ${method}(${params.join(', ')}): ${fn.returns};`;
}

/** An object kind's fields as declaration lines; unnamed nested objects written out in place, their fields commented:
 * the comment before the field on its line when both fit, else on the lines above it. */
function fieldLines(fields, pad) {
  const lines = [];
  for (const f of fields) {
    const text = `${f.meaning}${f.optional ? ` Present ${f.optional}.` : ''}`;
    const field = `${f.name}${f.optional ? '?' : ''}: ${inlineType(f.type, pad)};`;
    const doc = comment(text, pad, WIDTH - width(field.split('\n')[0]) - 1);
    lines.push(doc.includes('\n') ? `${comment(text, pad)}\n${pad}${field}` : `${doc} ${field}`);
  }
  return lines;
}

function inlineType(t, pad) {
  if (t.kind === 'object' && !t.name) return `{\n${fieldLines(t.fields, `${pad}  `).join('\n')}\n${pad}}`;
  if (t.kind === 'array') return t.of.kind === 'object' && !t.of.name ? `Array<${inlineType(t.of, pad)}>` : typeName(t);
  if (t.kind === 'nullable') return `${inlineType(t.of, pad)} | null`;
  return typeName(t);
}

/** Every named object kind inside `t`, inner ones first. */
function namedObjects(t, out) {
  if (t.kind === 'array' || t.kind === 'nullable') namedObjects(t.of, out);
  if (t.kind === 'object') {
    for (const f of t.fields) namedObjects(f.type, out);
    if (t.name) {
      const seen = out.get(t.name);
      if (seen && seen !== t && seen.fields !== t.fields) throw new Error(`schema results: two different kinds are named ${t.name}`);
      if (!seen) out.set(t.name, t);
    }
  }
  return out;
}

/** The result interfaces: every named object of every function's results, in the order the modules list them. */
function resultInterfaces(modules, schema) {
  const named = new Map();
  for (const { functions } of modules) {
    for (const f of functions) if (schema[f.name].results) namedObjects(resultKind(schema[f.name]), named);
  }
  const out = [];
  for (const [name, t] of named) {
    const owner = [...modules.flatMap((m) => m.functions)].find((f) => f.returns === name && f.results === t.fields);
    out.push(`/** ${owner ? `What ${owner.name} answers.` : `Part of a result (${name}).`} */`);
    out.push(`export interface ${name} {`, ...fieldLines(t.fields, '  '), '}\n');
  }
  return out;
}

export function dtsText(modules, schema) {
  const out = [`// Generated from web/schema/ by build-scripts/schema-gen.mjs: do not edit (tests/js/schema.test.mjs fails when it
// differs, and type-checks tests/types/example.ts against it with tsc --noEmit). The API of web/engine.js.

export type Floats = Float32Array | Float64Array | ArrayLike<number>;
export type AttentionOutput = ${schema.attention.options.find((r) => r.name === 'outputs').type.choices.map((c) => JSON.stringify(c)).join(' | ')};
`];
  out.push(...resultInterfaces(modules, schema));

  for (const { functions } of modules) {
    for (const f of functions) {
      const fn = schema[f.name];
      if (fn.signature) continue;
      const owner = optionsOwner(f);
      if (owner !== f) {
        out.push(docComment(`${fn.name}'s options: ${owner.name}'s. ${fn.summary}`, ''));
        out.push(`export type ${pascal(fn.name)}Options = ${pascal(owner.name)}Options;\n`);
        continue;
      }
      const generic = fn.options.some((row) => row.kind === 'subset');
      out.push(docComment(`${fn.name}'s options. ${fn.summary}`, ''));
      out.push(`export interface ${pascal(fn.name)}Options${generic ? '<O extends AttentionOutput = AttentionOutput>' : ''} {`);
      out.push(...optionLines(fn));
      out.push('}\n');
    }
  }

  out.push('export interface Trainer {\n  readonly info: TrainerInfo;');
  for (const name of ['trainerStep', 'trainerEvaluate', 'trainerAttention']) {
    const fn = schema[name];
    out.push(docComment(fn.summary, '  '));
    out.push(positional(fn, fn.signature.match(/^trainer\.(\w+)/)[1]));
  }
  out.push('  /** Frees the trainer\'s memory; safe to call twice. */\n  delete(): void;\n  readonly deleted: boolean;\n}\n');

  out.push('export interface Engine {');
  out.push('  readonly info: { version: string; kernels: "wasm_simd128" | "scalar"; simd: boolean };');
  for (const { functions } of modules) {
    for (const f of functions) {
      const fn = schema[f.name];
      if (fn.name.startsWith('trainer')) continue;
      out.push(docComment(fn.summary, '  '));
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
