// The kinds of option a public function takes, each with its range and the words its errors use. A schema
// (web/schema/*.js) is a list of options made from these; web/schema/validate.js checks a call against it, and
// build-scripts/schema-gen.mjs writes docs/API.md's tables, web/engine.d.ts and cpp/api/schema.h from it.
// Nothing here touches the engine or the DOM.

/** A number as the errors print it: shortest round trip, NaN and ±Infinity spelled out. */
export function fmt(x) {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return 'Infinity';
  if (x === -Infinity) return '-Infinity';
  return String(x);
}

/** A caller's value as the errors quote it: numbers and strings as typed, anything else by its kind. */
export function describe(v) {
  switch (typeof v) {
    case 'number': return fmt(v);
    case 'string': return `"${v.length > 40 ? `${v.slice(0, 40)}…` : v}"`;
    case 'boolean': return String(v);
    case 'undefined': return 'undefined';
    default: return v === null ? 'null' : `a value of type ${typeof v}`;
  }
}

/** An array entry that is not a number, as the errors quote it. */
export function what(x) {
  if (typeof x === 'string') return JSON.stringify(x);
  if (typeof x !== 'object') return typeof x;
  if (x === null) return 'null';
  return Array.isArray(x) ? 'an array' : 'an object';
}

/** "use "a" or "b"", "use "a", "b" or "c"". */
export function useList(choices) {
  const q = choices.map((c) => `"${c}"`);
  return `use ${q.length > 1 ? `${q.slice(0, -1).join(', ')} or ${q[q.length - 1]}` : q[0]}`;
}

/** A failed check: the validator adds the function's name in front. */
export class Problem extends Error {}
export const fail = (message) => {
  throw new Problem(message);
};

/** Fails with "x·y = 409600000 is too large: allowed at most 16777216" when value > max. */
export function atMost(expression, value, max, { qualifier = '', note = '' } = {}) {
  if (value > max) fail(`${expression} = ${fmt(value)} is too large${qualifier}: allowed at most ${max}${note}`);
}

const bound = (b, ctx) => (typeof b === 'function' ? b(ctx) : b);

/** An integer from min to max (either may be a function of the call's context, e.g. a trainer's valSize). */
export function integer(min, max, { minText, maxText } = {}) {
  return {
    kind: 'integer', min, max,
    range: `${minText ?? min} … ${maxText ?? max}`,
    allowed: (ctx) => `allowed an integer from ${bound(min, ctx)} to ${bound(max, ctx)}`,
    ts: 'number',
    read(v, name, ctx) {
      const lo = bound(min, ctx), hi = bound(max, ctx);
      if (typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= hi) return v;
      return fail(`${name} = ${describe(v)} is out of range: ${this.allowed(ctx)}`);
    },
  };
}

/** The engine's seeds: an integer from 0 to 2³² − 1. */
export const seed = () => ({ ...integer(0, 4294967295), kind: 'seed' });

/** A finite number from min to max; with `above`, a number above it (exclusive) up to max. */
export function number(min, max, { above = false } = {}) {
  const allowed = above ? `allowed a number above ${fmt(min)} up to ${fmt(max)}` : `allowed a finite number from ${fmt(min)} to ${fmt(max)}`;
  return {
    kind: 'number', min, max, above,
    range: above ? `> ${fmt(min)} … ${fmt(max)}` : `${fmt(min)} … ${fmt(max)}`,
    allowed: () => allowed,
    ts: 'number',
    read(v, name) {
      if (typeof v === 'number' && Number.isFinite(v) && (above ? v > min : v >= min) && v <= max) return v;
      return fail(`${name} = ${describe(v)} is out of range: ${allowed}`);
    },
  };
}

export function boolean() {
  return {
    kind: 'boolean', range: 'true or false', allowed: () => 'use true or false', ts: 'boolean',
    read(v, name) {
      if (typeof v === 'boolean') return v;
      return fail(`${name} = ${describe(v)} is not allowed: use true or false`);
    },
  };
}

/** One of a few strings; the engine gets its index in `choices`. */
export function choice(...choices) {
  return {
    kind: 'choice', choices,
    range: choices.map((c) => `"${c}"`).join(' \\| '),
    allowed: () => useList(choices),
    ts: choices.map((c) => JSON.stringify(c)).join(' | '),
    read(v, name) {
      if (typeof v !== 'string') return fail(`${name} = ${describe(v)} is not a string`);
      const index = choices.indexOf(v);
      if (index < 0) return fail(`${name} = "${v.length > 40 ? `${v.slice(0, 40)}…` : v}" is not allowed: ${useList(choices)}`);
      return index;
    },
  };
}

const utf8 = new TextEncoder();
/** Text of at most maxBytes UTF-8 bytes (the engine tokenizes it). The value read is its UTF-8 bytes. */
export function text(maxBytes) {
  return {
    kind: 'text', maxBytes, range: `text, at most ${maxBytes} bytes`,
    allowed: () => `a string of at most ${maxBytes} bytes`, ts: 'string',
    read(v, name) {
      if (typeof v !== 'string') return fail(`${name} = ${describe(v)} is not a string`);
      const bytes = utf8.encode(v);
      if (bytes.length > maxBytes) return fail(`${name} is ${bytes.length} bytes long: allowed at most ${maxBytes}`);
      return bytes;
    },
  };
}

/**
 * An array of numbers (or any typed array but a BigInt one), copied into WASM memory as float32 ('f32'), float64
 * ('f64') or int32 ('i32'). Its length is either fixed by the other options (`length(o)`, explained by `shape(o)`)
 * or from minLength to maxLength (`lengthName`: how a missing list's message names the fixed length). `style` picks
 * the wording of the errors: 'floats' for float32 data (entries must be finite float32 numbers), 'doubles' for float64
 * parameters with an entry range [min, max].
 * `integer` (true, or a function giving the message for a non-integer) and `increasing` add per-entry checks.
 */
export function list({ elem = 'f32', style = elem === 'f64' ? 'doubles' : 'floats', length = null, shape = null, lengthName = null,
  minLength = 1, maxLength, min = -Infinity, max = Infinity, integer: integers = false, increasing = false } = {}) {
  const t = {
    kind: 'list', elem, style, length, shape, lengthName, minLength, maxLength, min, max, integers, increasing,
    ts: elem === 'i32' ? 'ArrayLike<number>' : `${elem === 'f64' ? 'Float64Array' : 'Float32Array'} | ArrayLike<number>`,
  };
  const entries = integers && increasing ? `increasing integers from ${fmt(min)} to ${fmt(max)}`
    : style === 'doubles' ? `finite numbers from ${fmt(min)} to ${fmt(max)}` : 'finite numbers';
  t.range = length ? null : `${minLength} … ${maxLength} ${entries}`;
  t.allowed = (o) => (length ? `allowed an array of ${lengthName ?? shape(o)} = ${length(o)} finite numbers`
    : `allowed an array of ${minLength} to ${maxLength} ${entries}`);
  /** The message for a value that is not an array at all. */
  t.notArray = (v, name, o) => (style === 'floats'
    ? `${name} = ${describe(v)} is not allowed: pass a Float32Array of ${length ? shape(o) : `${minLength} to ${maxLength}`} values`
    : `${name} = ${describe(v)} is not allowed: ${t.allowed(o)}`);
  /** The message for a wrong length n, or null when n is allowed. */
  t.badLength = (n, name, o) => {
    if (length) {
      const want = length(o);
      if (n === want) return null;
      return `${name} has ${fmt(n)} ${style === 'floats' ? 'values' : 'entries'}: expected ${shape(o)} = ${fmt(want)}`;
    }
    return n >= minLength && n <= maxLength ? null : `${name} has ${fmt(n)} entries: ${t.allowed(o)}`;
  };
  /** Checks entry i (x as given, stored as it reads back from the engine's array); returns the message or null. */
  t.badEntry = (x, stored, i, prev, name) => {
    if (!Number.isFinite(stored) || (style === 'doubles' && (stored < min || stored > max))) {
      return style === 'doubles'
        ? `${name}[${i}] = ${fmt(stored)} is out of range: allowed a finite number from ${fmt(min)} to ${fmt(max)}`
        : `${name}[${i}] = ${fmt(stored)} is not allowed: entries must be finite float32 numbers`;
    }
    if (integers && !(Number.isInteger(x) && x >= min && x <= max)) {
      return typeof integers === 'function' ? integers(x, i, name)
        : `${name}[${i}] = ${fmt(x)} is out of range: allowed an integer from ${fmt(min)} to ${fmt(max)}`;
    }
    if (increasing && i > 0 && !(x > prev)) {
      return `${name}[${i}] = ${fmt(x)} is not allowed: ${name} must increase (${name}[${i - 1}] = ${fmt(prev)})`;
    }
    return null;
  };
  return t;
}

/** A few distinct names out of `choices` (e.g. which results to compute); the engine gets them as a bit mask. */
export function subset(...choices) {
  const list = choices.map((c) => `"${c}"`).join(', ');
  return {
    kind: 'subset', choices,
    range: `1 … ${choices.length} of ${choices.map((c) => `"${c}"`).join(', ')}`,
    allowed: () => `allowed an array of 1 to ${choices.length} different ones of ${list}`,
    ts: `ReadonlyArray<${choices.map((c) => JSON.stringify(c)).join(' | ')}>`,
    read(v, name) {
      let isArray;
      try {
        isArray = Array.isArray(v);
      } catch {
        return fail(`${name} is a revoked Proxy: not allowed; ${this.allowed()}`);
      }
      if (!isArray) return fail(`${name} = ${describe(v)} is not allowed: ${this.allowed()}`);
      const n = v.length; // read once
      if (typeof n !== 'number') return fail(`${name}.length = ${describe(n)} is not allowed: ${this.allowed()}`);
      if (!(n >= 1 && n <= choices.length)) return fail(`${name} has ${fmt(n)} entries: ${this.allowed()}`);
      let mask = 0;
      for (let i = 0; i < n; i += 1) {
        const x = v[i];
        const bit = choices.indexOf(x);
        if (bit < 0) return fail(`${name}[${i}] = ${what(x)} is not allowed: ${useList(choices)}`);
        if (mask & (1 << bit)) return fail(`${name}[${i}] = ${what(x)} is not allowed: each name at most once`);
        mask |= 1 << bit;
      }
      return mask;
    },
  };
}
