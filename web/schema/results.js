// The kinds of value a public function answers, for the `results` of its schema: each field's name, kind and one
// sentence of meaning. build-scripts/schema-gen.mjs writes them into web/engine.d.ts (an interface per result) and
// docs/API.md (a Returns table per function); tests/js/result-keys.test.mjs calls every function and checks that its
// answer has exactly the fields listed, each of its kind. Nothing here touches the engine or the DOM.

/** A value of TypeScript type `ts` that `is` recognises; `words`: how docs/API.md names it. */
export const leaf = (ts, is, words = ts, plural = `${words}s`) => ({ kind: 'leaf', ts, words, plural, is });

export const num = leaf('number', (v) => typeof v === 'number', 'number');
export const bool = leaf('boolean', (v) => typeof v === 'boolean', 'true or false', 'booleans');
export const str = leaf('string', (v) => typeof v === 'string', 'string');
export const F32 = leaf('Float32Array', (v) => v instanceof Float32Array);
export const F64 = leaf('Float64Array', (v) => v instanceof Float64Array);
export const I32 = leaf('Int32Array', (v) => v instanceof Int32Array);

/** One of a few strings. */
export const oneOf = (...choices) => leaf(choices.map((c) => JSON.stringify(c)).join(' | '), (v) => choices.includes(v),
  choices.map((c) => `\`"${c}"\``).join(' or '));

/** A plain array of `of` (its entries checked one by one). */
export const arrayOf = (of) => ({
  kind: 'array',
  of,
  ts: `${of.kind === 'leaf' && !of.ts.includes('|') ? of.ts : `(${typeName(of)})`}[]`,
  words: `array of ${of.plural ?? wordsOf(of)}`,
});

/** `of`, or null. */
export const nullable = (of) => ({ kind: 'nullable', of, ts: `${typeName(of)} | null`, words: `${wordsOf(of)} or null` });

/**
 * An object with the fields listed (see field()). With `name`, web/engine.d.ts declares it once as an interface of
 * that name; without, it is written inline.
 */
export const object = (fields, name = null) => ({ kind: 'object', fields, name, words: name ?? 'object' });

/**
 * A field of a result: name, kind, meaning. `optional`: when the field is there (it is left out otherwise); the keys
 * test calls each function in ways that show every optional field at least once.
 */
export const field = (name, type, meaning, optional = null) => ({ name, type, meaning, optional });

/**
 * The answer of a function that answers one value rather than an object of fields (softmax's weights, dot's number,
 * createTrainer's trainer): its kind and one sentence of meaning, for the same Returns table and keys test.
 */
export const answer = (type, meaning) => ({ type, meaning });

/** The kind of what `fn` (a schema) answers: its one value, or an object of its result fields named fn.returns. */
export const resultKind = (fn) => (fn.answer ? fn.answer.type : object(fn.results, fn.returns));

/** The TypeScript of a kind (a named object by its name). */
export function typeName(t) {
  if (t.kind === 'object') {
    return t.name ?? `{ ${t.fields.map((f) => `${f.name}${f.optional ? '?' : ''}: ${typeName(f.type)}`).join('; ')} }`;
  }
  return t.ts;
}

/** The words docs/API.md's Returns tables use for a kind. */
export function wordsOf(t) {
  return t.words;
}

/**
 * Where `value` differs from kind `t`: a list of "path: problem" strings, empty when the value has exactly the
 * fields the schema lists, each of its kind (nested objects and arrays of them checked the same way).
 */
export function resultProblems(value, t, path = 'result') {
  switch (t.kind) {
    case 'leaf': return t.is(value) ? [] : [`${path}: ${describeValue(value)} is not ${t.ts}`];
    case 'nullable': return value === null ? [] : resultProblems(value, t.of, path);
    case 'array': {
      if (!Array.isArray(value)) return [`${path}: ${describeValue(value)} is not an array`];
      return value.flatMap((v, i) => resultProblems(v, t.of, `${path}[${i}]`));
    }
    case 'object': {
      if (value === null || typeof value !== 'object' || Array.isArray(value) || ArrayBuffer.isView(value)) {
        return [`${path}: ${describeValue(value)} is not an object`];
      }
      const problems = [];
      const listed = new Set(t.fields.map((f) => f.name));
      for (const key of Object.keys(value)) if (!listed.has(key)) problems.push(`${path}.${key}: not in the schema`);
      for (const f of t.fields) {
        if (!(f.name in value)) {
          if (!f.optional) problems.push(`${path}.${f.name}: missing`);
          continue;
        }
        problems.push(...resultProblems(value[f.name], f.type, `${path}.${f.name}`));
      }
      return problems;
    }
    default: throw new Error(`results: unknown kind ${t.kind}`);
  }
}

function describeValue(v) {
  if (v === null) return 'null';
  if (ArrayBuffer.isView(v)) return v.constructor.name;
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'string' ? JSON.stringify(v.slice(0, 20)) : typeof v;
}

/** Every optional field's path in kind `t`, for the keys test's "each seen once" check. */
export function optionalPaths(t, path = '') {
  switch (t.kind) {
    case 'nullable': case 'array': return optionalPaths(t.of, path);
    case 'object': return t.fields.flatMap((f) => [...(f.optional ? [`${path}.${f.name}`] : []), ...optionalPaths(f.type, `${path}.${f.name}`)]);
    default: return [];
  }
}

/** The paths of the optional fields present in `value` (of kind `t`). */
export function presentOptional(value, t, path = '', out = new Set()) {
  if (value === null || value === undefined) return out;
  if (t.kind === 'nullable') return presentOptional(value, t.of, path, out);
  if (t.kind === 'array' && Array.isArray(value)) value.forEach((v) => presentOptional(v, t.of, path, out));
  if (t.kind === 'object' && typeof value === 'object') {
    for (const f of t.fields) {
      if (!(f.name in value)) continue;
      if (f.optional) out.add(`${path}.${f.name}`);
      presentOptional(value[f.name], f.type, `${path}.${f.name}`, out);
    }
  }
  return out;
}
