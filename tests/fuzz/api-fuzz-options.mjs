// The API fuzzer's public functions and their valid options (tests/fuzz/api-fuzz.mjs), both from the option schema
// (web/schema/): it knows no option by name, only each option's type, range and default.
import { MODULES, SCHEMA } from '../../web/schema/index.js';
import { build } from './api-fuzz-values.mjs';

export const bound = (b, ctx) => (typeof b === 'function' ? b(ctx) : b);
export const SMALL = 24; // the largest size a "small" draw picks: keeps most calls quick
export const TINY = 8; // sizes of the trainers made for the trainer methods
export const WIDE = 1024; // the largest size a "wide" draw picks (log-uniform, so rarely)

// ---- the public functions, from the schema --------------------------------------------------------------------
// A schema with a `signature` is called positionally (softmax(values, beta)) or as a trainer's method
// (trainer.step(steps)); the others take one options object.
/** Functions whose answer depends on the words setVocabulary gave the engine last. */
export const READS_VOCABULARY = new Set(['nearestWords', 'wordPairs', 'selfAttentionExample']);
/** The vocabulary a function that reads the words is called with: wordPairs needs n + 1 different words. */
export const vocabularyFor = (name) => (name === 'wordPairs' ? FORTY_WORDS : SCHEMA.setVocabulary.example);
const FORTY_WORDS = {
  size: 40, dim: 4, scales: new Float32Array(40).fill(0.01), codes: Int8Array.from({ length: 160 }, (_, i) => ((i * 37) % 255) - 127),
  words: Array.from({ length: 40 }, (_, i) => `w${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`).join(' '),
};
export const FUNCTIONS = MODULES.flatMap((m) => m.functions).map((f) => {
  const fn = SCHEMA[f.name];
  const sig = /^(trainer\.)?(\w+)\(([^)]*)\)/.exec(fn.signature ?? '');
  const params = sig ? sig[3].split(',').map((p) => p.trim().split(/\s*=/)[0]).filter(Boolean) : null;
  return { name: fn.name, fn, method: sig && sig[1] ? sig[2] : null, params, words: fn.options.map((r) => r.name) };
});

// ---- drawing options ------------------------------------------------------------------------------------------
const WORDS = ['money', 'bank', 'grows', 'river', 'the', 'a', 'é', '漢字', '🙂', 'x'];

/** A valid value of `row` (o: the options drawn so far, defaults filled; cap: the largest size to draw). */
function validValue(r, row, o, ctx, cap) {
  const t = row.type;
  switch (t.kind) {
    case 'integer': {
      const lo = bound(t.min, ctx), hi = bound(t.max, ctx);
      return { v: r.logInt(lo, Math.min(hi, Math.max(lo, cap))) };
    }
    case 'seed': return { v: r.chance(0.5) ? r.int(0, 10) : r.int(0, 4294967295) };
    case 'number': {
      const lo = t.above ? t.min + Math.max(1e-9, Math.abs(t.min) * 1e-9) : t.min;
      const near = [lo, t.max, Math.min(t.max, Math.max(lo, 0)), Math.min(t.max, Math.max(lo, 1))];
      if (r.chance(0.3)) return { v: r.pick(near) };
      const a = Math.max(lo, -10), b = Math.min(t.max, 10);
      return { v: a <= b ? a + r.next() * (b - a) : lo + r.next() * (t.max - lo) };
    }
    case 'boolean': return { v: r.chance(0.5) };
    case 'choice': return { v: r.pick(t.choices) };
    case 'subset': {
      const pool = [...t.choices];
      const n = r.int(1, pool.length);
      const out = [];
      for (let i = 0; i < n; i += 1) out.push(pool.splice(r.int(0, pool.length - 1), 1)[0]);
      return { arr: out.map((v) => ({ v })) };
    }
    case 'text': {
      const words = Array.from({ length: r.int(1, 12) }, () => r.pick(WORDS));
      return { v: words.join(r.pick([' ', '  ', '\t'])) };
    }
    case 'list': return validList(r, t, o, cap);
    default: throw new Error(`fuzzer: no generator for option kind ${t.kind}`);
  }
}

/** The entries of a valid list of length n (integers and increasing as the type asks). */
export function entries(r, t, n) {
  if (t.integers) {
    const lo = Math.max(t.min, -1e6), hi = Math.min(t.max, 1e15);
    const out = [];
    let x = lo;
    for (let i = 0; i < n; i += 1) {
      x = t.increasing ? (i === 0 ? lo + r.logInt(0, Math.min(8, hi - lo)) : x + 1 + r.logInt(0, 3)) : r.logInt(lo, hi);
      out.push(Math.min(x, hi));
    }
    return out;
  }
  if (t.style === 'doubles') {
    const a = Math.max(t.min, -50), b = Math.min(t.max, 50);
    return Array.from({ length: n }, () => a + r.next() * (b - a));
  }
  return Array.from({ length: n }, () => Math.fround((r.next() - 0.5) * r.pick([0.01, 1, 10, 100])));
}

/** A list's length as its other options fix it, or null when they are missing or not numbers. */
export function fixedLength(t, o) {
  try {
    const n = t.length(o);
    return Number.isInteger(n) ? n : null;
  } catch {
    return null;
  }
}

export function validList(r, t, o, cap) {
  const n = t.length ? fixedLength(t, o) : r.logInt(t.minLength, Math.min(t.maxLength, Math.max(t.minLength, cap)));
  if (!Number.isInteger(n) || n < 0 || n > 1 << 22) return { v: undefined };
  const values = entries(r, t, n);
  const kind = t.elem === 'i32' ? r.pick(['arr', 'Int32Array', 'Float64Array']) : r.pick(['arr', 'Float32Array', 'Float64Array']);
  return kind === 'arr' ? { arr: values.map((v) => ({ v })) } : { typed: kind, values };
}

/** Fills in the defaults a list's length may depend on (constants, { from }, functions), as the validator does. */
export function withDefaults(fn, given) {
  const o = { ...given };
  for (const row of fn.options) {
    if (o[row.name] !== undefined || row.default === undefined) continue;
    const d = row.default;
    o[row.name] = typeof d === 'function' ? d(o) : d !== null && typeof d === 'object' && 'from' in d ? o[d.from] : d;
  }
  return o;
}

/**
 * Options for f: each optional option drawn with probability `density`, required ones always; lists last, since
 * their lengths follow the others. Returns the entries as [name, spec] pairs.
 */
export function drawOptions(r, f, ctx, cap, density = 0.5) {
  const rows = f.fn.options;
  const p = typeof density === 'function' ? density : () => density;
  const values = {};
  const entriesOut = [];
  for (const row of rows) {
    if (row.kind === 'list' || !(row.required || r.chance(p(row)))) continue;
    const spec = validValue(r, row, values, ctx, cap);
    values[row.name] = build(spec);
    entriesOut.push([row.name, spec]);
  }
  const o = withDefaults(f.fn, values);
  for (const row of rows) {
    if (row.kind !== 'list' || !(row.required || r.chance(p(row)))) continue;
    const spec = validValue(r, row, o, ctx, cap);
    if ('v' in spec && spec.v === undefined) continue;
    entriesOut.push([row.name, spec]);
    o[row.name] = build(spec);
  }
  return entriesOut;
}
