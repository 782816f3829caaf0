// A seeded, time-bounded fuzzer of the engine's public JavaScript API (web/engine.js), driven by the option schema
// (web/schema/): every public function gets random valid options, each option at and just past its limits, wrong
// types, throwing getters and Proxies, Symbols and BigInts, every typed-array kind, detached buffers and unknown
// names, interleaved with known-good calls whose answers must not change; engine.resources() is checked after every
// call. It knows no option by name: what it tries comes from each option's type in the schema.
//   node tests/fuzz/api-fuzz.mjs [--seed 1] [--seconds 60] [--calls N] [--from I] [--show-calls]
//   (needs build-scripts/build)
// Call i is drawn from (seed, i) alone, so `--seed S --from I --calls 1` replays one call; a failure prints that line
// and the call as JavaScript. --show-calls prints every call as JavaScript before it is made. Exit status 1 on any
// failure.
import { fileURLToPath } from 'node:url';

import { loadEngine } from '../../web/engine.js';
import { MODULES, SCHEMA } from '../../web/schema/index.js';
import { resultKind, resultProblems } from '../../web/schema/results.js';

// ---- seeded choices (the fuzzer's own generator, not the engine's) ----------------------------------------------
function generator(seed, index) {
  let a = (Math.imul(seed >>> 0, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b)) >>> 0;
  const next = () => { // mulberry32
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = 0; i < 4; i += 1) next();
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)); // lo … hi inclusive
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (list) => list[Math.floor(next() * list.length)],
    /** An integer in lo … hi, log-uniform over its distance from lo (small values as likely as large ones). */
    logInt(lo, hi) {
      if (hi <= lo) return lo;
      return Math.min(hi, lo + Math.floor(Math.exp(next() * Math.log(hi - lo + 1))) - 1);
    },
  };
}

const bound = (b, ctx) => (typeof b === 'function' ? b(ctx) : b);
const SMALL = 24; // the largest size a "small" draw picks: keeps most calls quick
const TINY = 8; // sizes of the trainers made for the trainer methods
const WIDE = 1024; // the largest size a "wide" draw picks (log-uniform, so rarely)

// ---- values as descriptions: built into real (possibly hostile) values, and printed as JavaScript ----------------
// { v } a primitive; { bigint }; { symbol }; { fn }; { arr: [spec] }; { typed: kind, values, detached };
// { fill: 'Array' | kind, n, value }; { obj: [[key, spec]], getter: key, nullProto }; { proxy: spec, trap };
// { likeArray: n, entry: spec | null (throws) }; { holeGetter: [spec], at }.
const TYPED = ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array',
  'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array'];

class CallerError extends Error {}
let thrownByCaller = null; // the last exception the caller's getters or Proxies threw

function callerThrows(where) {
  thrownByCaller = new CallerError(`the caller's own exception (${where})`);
  throw thrownByCaller;
}

function build(spec) {
  if ('v' in spec) return spec.v;
  if ('bigint' in spec) return BigInt(spec.bigint);
  if ('symbol' in spec) return Symbol(spec.symbol);
  if ('fn' in spec) return () => 0;
  if ('arr' in spec) return spec.arr.map(build);
  if ('typed' in spec) {
    const T = globalThis[spec.typed];
    const big = spec.typed.startsWith('Big');
    const out = new T(spec.values.map((x) => (big ? BigInt(x) : x)));
    if (spec.detached) structuredClone(out.buffer, { transfer: [out.buffer] });
    return out;
  }
  if ('fill' in spec) {
    return spec.fill === 'Array' ? new Array(spec.n).fill(spec.value) : new globalThis[spec.fill](spec.n).fill(spec.value);
  }
  if ('obj' in spec) {
    const o = spec.nullProto ? Object.create(null) : {};
    for (const [key, value] of spec.obj) o[key] = build(value);
    if (spec.getter !== undefined) {
      Object.defineProperty(o, spec.getter, { enumerable: true, get: () => callerThrows(`getter ${spec.getter}`) });
    }
    return o;
  }
  if ('proxy' in spec) {
    return new Proxy(build(spec.proxy), { [spec.trap]: () => callerThrows(`Proxy ${spec.trap}`) });
  }
  if ('likeArray' in spec) {
    // a length that is a number, 'grow' (one more on every read) or a value spec (a string, a Symbol, a BigInt)
    let reads = 0;
    const length = () => (spec.likeArray === 'grow' ? (reads += 1)
      : typeof spec.likeArray === 'object' && spec.likeArray !== null ? build(spec.likeArray) : spec.likeArray);
    return new Proxy([], {
      get(target, key) {
        if (key === 'length') return length();
        if (typeof key === 'string' && /^\d+$/.test(key)) return spec.entry ? build(spec.entry) : callerThrows(`entry ${key}`);
        return Reflect.get(target, key);
      },
    });
  }
  if ('holeGetter' in spec) {
    const a = spec.holeGetter.map(build);
    Object.defineProperty(a, spec.at, { get: () => callerThrows(`entry ${spec.at}`) });
    return a;
  }
  throw new Error(`fuzzer: unknown spec ${JSON.stringify(spec)}`);
}

function num(x) {
  if (Object.is(x, -0)) return '-0';
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return 'Infinity';
  if (x === -Infinity) return '-Infinity';
  return String(x);
}
const list = (items) => (items.length > 24 ? `${items.slice(0, 24).join(', ')}, … (${items.length})` : items.join(', '));

/** The spec as JavaScript (throwing parts spelled out; lists over 24 entries shortened, the replay line is exact). */
function show(spec) {
  if ('v' in spec) return typeof spec.v === 'number' ? num(spec.v) : spec.v === undefined ? 'undefined' : JSON.stringify(spec.v);
  if ('bigint' in spec) return `${spec.bigint}n`;
  if ('symbol' in spec) return `Symbol(${JSON.stringify(spec.symbol)})`;
  if ('fn' in spec) return '() => 0';
  if ('arr' in spec) return `[${list(spec.arr.map(show))}]`;
  if ('typed' in spec) {
    const text = `new ${spec.typed}([${list(spec.values.map((x) => (spec.typed.startsWith('Big') ? `${x}n` : num(x))))}])`;
    return spec.detached ? `detached(${text})` : text;
  }
  if ('fill' in spec) return `new ${spec.fill}(${spec.n}).fill(${num(spec.value)})`;
  if ('obj' in spec) {
    const parts = spec.obj.map(([k, value]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${show(value)}`);
    if (spec.getter !== undefined) parts.push(`get ${spec.getter}() { throw … }`);
    const text = `{ ${parts.join(', ')} }`;
    return spec.nullProto ? `Object.assign(Object.create(null), ${text})` : text;
  }
  if ('proxy' in spec) return `new Proxy(${show(spec.proxy)}, { ${spec.trap}() { throw … } })`;
  if ('likeArray' in spec) return `new Proxy([], { length ${typeof spec.likeArray === 'object' ? show(spec.likeArray) : spec.likeArray}, entries ${spec.entry ? show(spec.entry) : 'throw'} })`;
  if ('holeGetter' in spec) return `[${spec.holeGetter.map(show).join(', ')}] with a getter at ${spec.at} that throws`;
  return '?';
}

// ---- the public functions, from the schema --------------------------------------------------------------------
// A schema with a `signature` is called positionally (softmax(values, beta)) or as a trainer's method
// (trainer.step(steps)); the others take one options object.
/** Functions whose answer depends on the words setVocabulary gave the engine last. */
const READS_VOCABULARY = new Set(['nearestWords', 'wordPairs', 'selfAttentionExample']);
/** The vocabulary a function that reads the words is called with: wordPairs needs n + 1 different words. */
const vocabularyFor = (name) => (name === 'wordPairs' ? FORTY_WORDS : SCHEMA.setVocabulary.example);
const FORTY_WORDS = {
  size: 40, dim: 4, scales: new Float32Array(40).fill(0.01), codes: Int8Array.from({ length: 160 }, (_, i) => ((i * 37) % 255) - 127),
  words: Array.from({ length: 40 }, (_, i) => `w${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`).join(' '),
};
const FUNCTIONS = MODULES.flatMap((m) => m.functions).map((f) => {
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
function entries(r, t, n) {
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
function fixedLength(t, o) {
  try {
    const n = t.length(o);
    return Number.isInteger(n) ? n : null;
  } catch {
    return null;
  }
}

function validList(r, t, o, cap) {
  const n = t.length ? fixedLength(t, o) : r.logInt(t.minLength, Math.min(t.maxLength, Math.max(t.minLength, cap)));
  if (!Number.isInteger(n) || n < 0 || n > 1 << 22) return { v: undefined };
  const values = entries(r, t, n);
  const kind = t.elem === 'i32' ? r.pick(['arr', 'Int32Array', 'Float64Array']) : r.pick(['arr', 'Float32Array', 'Float64Array']);
  return kind === 'arr' ? { arr: values.map((v) => ({ v })) } : { typed: kind, values };
}

/** Fills in the defaults a list's length may depend on (constants, { from }, functions), as the validator does. */
function withDefaults(fn, given) {
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
function drawOptions(r, f, ctx, cap, density = 0.5) {
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

const NEAR_MISS = ['Uniform', 'normal ', '', 'toString', '__proto__', 'constructor'];
const WRONG = [{ v: null }, { v: 'abc' }, { v: '1' }, { v: true }, { v: NaN }, { v: Infinity }, { v: -Infinity }, { v: -0 },
  { v: 1.5 }, { v: -1 }, { v: 2 ** 53 }, { v: 1e308 }, { obj: [] }, { arr: [] }, { arr: [{ arr: [{ v: 1 }] }] },
  { arr: [{ v: '1' }, { v: '2' }] }, { fn: true }, { symbol: 'x' }, { bigint: '2' }];

/** Values at and just past the limits of `row`: [spec, …]. */
function limitValues(r, row, o, ctx) {
  const t = row.type;
  switch (t.kind) {
    case 'integer': case 'seed': {
      const lo = bound(t.min, ctx), hi = bound(t.max, ctx);
      return [lo, hi, lo - 1, hi + 1, hi + 0.5, lo - 0.5].map((v) => ({ v }));
    }
    case 'number': {
      const next = (x, dir) => (x === 0 ? dir * Number.MIN_VALUE : x + dir * Math.max(Math.abs(x) * 2 ** -52, Number.MIN_VALUE));
      return [t.above ? next(t.min, 1) : t.min, t.max, t.above ? t.min : next(t.min, -1), next(t.max, 1), 5e-324, -5e-324]
        .map((v) => ({ v }));
    }
    case 'choice': return [...t.choices.map((v) => ({ v })), ...NEAR_MISS.map((v) => ({ v }))];
    case 'subset': return [{ arr: t.choices.map((v) => ({ v })) }, { arr: [] }, { arr: [{ v: t.choices[0] }, { v: t.choices[0] }] },
      { arr: [...t.choices, t.choices[0]].map((v) => ({ v })) }];
    case 'text': return [{ v: 'x'.repeat(t.maxBytes) }, { v: 'x'.repeat(t.maxBytes + 1) }, { v: 'é'.repeat(Math.ceil(t.maxBytes / 2) + 1) },
      { v: Array.from({ length: 12 }, () => 'w'.repeat(40)).join(' ') }, { v: 'w'.repeat(41) }, { v: '' }];
    case 'list': {
      const fixed = t.length ? fixedLength(t, o) : null;
      const lengths = fixed !== null ? [fixed - 1, fixed + 1, 0] : [t.minLength, t.maxLength, t.minLength - 1, t.maxLength + 1];
      const out = [];
      for (const n of lengths) {
        if (!(n >= 0) || n > (1 << 24) + 1) continue;
        const fill = r.pick(t.elem === 'i32' ? ['Array', 'Int32Array'] : ['Array', 'Float32Array', 'Float64Array']);
        const value = t.integers ? Math.max(1, t.min) : t.style === 'doubles' ? Math.max(t.min, Math.min(t.max, 0.5)) : 0.5;
        out.push(n <= 64 ? (t.increasing && n > 1 ? { arr: Array.from({ length: n }, (_, i) => ({ v: t.min + i })) }
          : fill === 'Array' ? { arr: Array.from({ length: n }, () => ({ v: value })) } : { typed: fill, values: new Array(n).fill(value) })
          : { fill, n, value });
      }
      const n = fixed ?? Math.max(1, t.minLength);
      const at = entries(r, t, n);
      if (n > 0 && n <= 64) {
        const i = r.int(0, n - 1);
        const edges = t.style === 'doubles' || t.integers ? [t.min, t.max, t.min - 1, t.max + 1, t.max + 0.5]
          : [3.4028234663852886e38, -3.4028234663852886e38, 3.5e38, 1e-45, NaN, Infinity];
        for (const x of edges) {
          if (!Number.isFinite(x) && (t.style === 'doubles' || t.integers) && Math.abs(x) !== Infinity) continue;
          const values = at.slice();
          values[i] = x;
          out.push({ arr: values.map((v) => ({ v })) });
        }
      }
      return out;
    }
    default: return [{ v: undefined }];
  }
}

/** Replaces or adds the option `name` in an [name, spec] list. */
function setEntry(list, name, spec) {
  const out = list.filter(([k]) => k !== name);
  out.push([name, spec]);
  return out;
}

// ---- one call -------------------------------------------------------------------------------------------------
const MODES = [['valid', 30], ['wide', 3], ['limit', 20], ['wrong', 10], ['hostile', 14], ['typed', 8], ['unknown', 5],
  ['good', 7]];
const MODE_TOTAL = MODES.reduce((s, [, w]) => s + w, 0);

function pickMode(r) {
  let x = r.next() * MODE_TOTAL;
  for (const [mode, w] of MODES) {
    if ((x -= w) < 0) return mode;
  }
  return 'valid';
}

/**
 * Draws call `index`: { f, mode, args: spec of the options object (or of each positional argument), trainer setup }.
 * good: the known-good call of f, from `goods`.
 */
function drawCall(seed, index, goods) {
  const r = generator(seed, index);
  const mode = pickMode(r);
  const f = mode === 'good' ? r.pick(goods).f : r.pick(FUNCTIONS);
  const call = { index, mode, f, setup: null, args: null };
  let ctx = null;
  if (f.method) {
    call.setup = trainerSetup(r);
    ctx = { valSize: call.setup.valSize };
  }
  if (mode === 'good') {
    const good = goods.find((g) => g.f === f);
    call.args = good.args;
    call.setup = good.setup;
    return call;
  }
  const cap = mode === 'wide' ? WIDE : f.method ? TINY : SMALL;
  let options = drawOptions(r, f, ctx, cap, mode === 'wide' ? 0.8 : 0.5);
  let extra = null; // a hostile spec for the options object itself
  const rows = f.fn.options;
  const row = rows.length ? r.pick(rows) : null;
  if (mode === 'limit' && row) {
    const o = withDefaults(f.fn, Object.fromEntries(options.map(([k, v]) => [k, build(v)])));
    options = setEntry(options, row.name, r.pick(limitValues(r, row, o, ctx)));
    // lists whose length follows the option just changed are redrawn to fit it, so a valid limit reaches the engine
    const now = withDefaults(f.fn, Object.fromEntries(options.map(([k, v]) => [k, build(v)])));
    for (const list of rows) {
      if (list === row || list.kind !== 'list' || !list.type.length || !options.some(([k]) => k === list.name)) continue;
      const spec = validList(r, list.type, now, SMALL);
      if (!('v' in spec)) options = setEntry(options, list.name, spec);
    }
  } else if (mode === 'wrong' && row) {
    options = setEntry(options, row.name, r.pick(WRONG));
  } else if (mode === 'typed' && rows.some((x) => x.kind === 'list')) {
    const lists = rows.filter((x) => x.kind === 'list');
    const target = r.pick(lists);
    const kind = r.pick([...TYPED, 'DataView']);
    const o = withDefaults(f.fn, Object.fromEntries(options.map(([k, v]) => [k, build(v)])));
    const n = target.type.length ? fixedLength(target.type, o) : r.logInt(target.type.minLength, Math.min(target.type.maxLength, SMALL));
    const values = Number.isInteger(n) && n >= 0 && n <= 4096 ? entries(r, target.type, n).map((x) => Math.round(x)) : [1];
    const spec = kind === 'DataView' ? { obj: [] } : { typed: kind, values, detached: r.chance(0.25) };
    options = setEntry(options, target.name, spec);
  } else if (mode === 'unknown') {
    const name = r.pick(['Dk', 'dk', 'nq', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', 'prototype',
      `${r.pick(f.words.length ? f.words : ['x'])}s`, ' ', '']);
    options = [...options, [name, { v: 1 }]];
  } else if (mode === 'hostile') {
    const kind = r.pick(['getter', 'ownKeys', 'get', 'getOwnPropertyDescriptor', 'has', 'symbol', 'bigint', 'elementGetter',
      'lengthProxy', 'lengthProxyOfNumbers', 'nullProto', 'notObject']);
    const lists = rows.filter((x) => x.kind === 'list');
    const some = row ? row.name : 'x';
    if (kind === 'getter') extra = { getter: some };
    else if (['ownKeys', 'get', 'getOwnPropertyDescriptor', 'has'].includes(kind)) extra = { trap: kind };
    else if (kind === 'symbol' || kind === 'bigint') {
      const bad = kind === 'symbol' ? { symbol: 'x' } : { bigint: '1' };
      if (lists.length && r.chance(0.5)) options = setEntry(options, r.pick(lists).name, { arr: [{ v: 1 }, bad] });
      else options = setEntry(options, some, bad);
    } else if (kind === 'elementGetter' && lists.length) {
      options = setEntry(options, r.pick(lists).name, { holeGetter: [{ v: 1 }, { v: 2 }, { v: 3 }], at: r.int(0, 2) });
    } else if ((kind === 'lengthProxy' || kind === 'lengthProxyOfNumbers') && lists.length) {
      const target = r.pick(lists);
      const n = r.pick([1, 2, 3, target.type.maxLength ?? 1 << 24, (target.type.maxLength ?? 1 << 24) + 1, 2 ** 32, -1, NaN,
        'grow', { v: '3' }, { symbol: 'n' }, { bigint: '3' }, 2.5]);
      // entries that are numbers only for short lengths: a Proxy of 2²⁴ numbers is slow by design (issue 13, item 7)
      options = setEntry(options, target.name, { likeArray: n, entry: kind === 'lengthProxyOfNumbers' && (n <= 64 || n === 'grow') ? { v: 0.5 } : null });
    } else if (kind === 'nullProto') {
      extra = { nullProto: true };
    } else {
      call.notObject = r.pick([{ v: 42 }, { v: 'abc' }, { arr: [] }, { typed: 'Float32Array', values: [1] }, { fn: true }, { symbol: 'o' },
        { bigint: '3' }, { v: true }]);
    }
  }
  if (extra && (extra.getter !== undefined || extra.trap) && f.params) {
    // positional arguments have no options object: the trap or getter goes on a list argument instead
    const target = rows.find((x) => x.kind === 'list') ?? rows[0];
    const at = options.find(([k]) => k === target.name);
    const inner = target.kind === 'list' ? (at ? at[1] : { arr: [{ v: 1 }] }) : { obj: [] };
    options = setEntry(options, target.name, { proxy: inner, trap: extra.trap ?? 'get' });
    extra = null;
  }
  call.options = options;
  call.hostile = extra;
  return call;
}

let refusal = null; // (createTrainer options) → null if the engine makes that trainer, else its message; set by fuzz()

/**
 * A tiny trainer for a method's call: createTrainer options drawn from the schema with small sizes until the engine
 * accepts them, and the steps it takes before the call.
 */
function trainerSetup(r) {
  const create = FUNCTIONS.find((f) => f.name === 'createTrainer');
  // sizes are given (small) so the defaults' 15,000 sequences do not make every call slow; an option the engine's
  // refusal names is dropped and the rest tried again
  const density = (row) => (row.kind === 'integer' ? 0.95 : 0.3);
  for (let attempt = 0; ; attempt += 1) {
    let options = drawOptions(r, create, null, TINY, density);
    let why = refusal(options);
    for (let k = 0; why && k < 8; k += 1) {
      const named = options.find(([name]) => new RegExp(`(^|[^A-Za-z])${name}([^A-Za-z]|$)`).test(why));
      if (!named) break;
      options = options.filter((entry) => entry !== named);
      why = refusal(options);
    }
    if (why) {
      if (attempt > 1000) throw new Error(`fuzzer: no small trainer found in 1000 draws from the schema (last: ${why})`);
      continue;
    }
    const o = withDefaults(create.fn, Object.fromEntries(options.map(([k, v]) => [k, build(v)])));
    return { options, steps: r.pick([0, 0, 1, 3]), valSize: o.valSize };
  }
}

/** The options object (or the positional arguments) of a call, built fresh. */
function argumentsOf(call) {
  const { f } = call;
  if (call.notObject) return [build(call.notObject)]; // in place of the options object, or of the first argument
  if (f.params) {
    // positional: each parameter's value; the hostile cases act on the values themselves
    const map = new Map(call.options);
    const args = f.params.map((p) => (map.has(p) ? build(map.get(p)) : undefined));
    while (args.length && args[args.length - 1] === undefined) args.pop();
    return args;
  }
  const spec = { obj: call.options, ...(call.hostile?.getter !== undefined ? { getter: call.hostile.getter } : {}),
    ...(call.hostile?.nullProto ? { nullProto: true } : {}) };
  const object = build(spec);
  return [call.hostile?.trap ? new Proxy(object, { [call.hostile.trap]: () => callerThrows(`Proxy ${call.hostile.trap}`) }) : object];
}

/** The call as JavaScript. */
function describeCall(call) {
  const { f } = call;
  let args;
  if (call.notObject) args = show(call.notObject);
  else if (f.params) {
    const map = new Map(call.options);
    const shown = f.params.map((p) => (map.has(p) ? show(map.get(p)) : 'undefined'));
    while (shown.length && shown[shown.length - 1] === 'undefined') shown.pop();
    args = shown.join(', ');
  } else {
    args = show({ obj: call.options, ...(call.hostile?.getter !== undefined ? { getter: call.hostile.getter } : {}),
      ...(call.hostile?.nullProto ? { nullProto: true } : {}) });
    if (call.hostile?.trap) args = `new Proxy(${args}, { ${call.hostile.trap}() { throw … } })`;
  }
  const unknown = call.options?.some(([k]) => !f.fn.known[k]) ? ' (an unknown option)' : '';
  if (!f.method) return `engine.${f.name}(${args})${unknown}`;
  const s = call.setup;
  return `trainer = engine.createTrainer(${show({ obj: s.options })}); trainer.step(1) × ${s.steps}; trainer.${f.method}(${args})`;
}

// ---- checking an outcome ----------------------------------------------------------------------------------------
/** The first non-finite number in an answer (its path), or null. Fields the schema lists in `nonFinite` pass. */
function nonFinite(value, allowed, path = '') {
  if (typeof value === 'number') return Number.isFinite(value) ? null : `${path || 'the answer'} = ${num(value)}`;
  if (value === null || typeof value !== 'object') return null;
  if (ArrayBuffer.isView(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const x = value[i];
      if (typeof x === 'number' && !Number.isFinite(x)) return `${path}[${i}] = ${num(x)}`;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value)) {
    if (allowed.includes(k)) continue;
    const found = nonFinite(v, allowed, Array.isArray(value) ? `${path}[${k}]` : path ? `${path}.${k}` : k);
    if (found) return found;
  }
  return null;
}

/** Why an outcome is not acceptable, or null. */
function judge(call, outcome) {
  const { f } = call;
  if ('value' in outcome) {
    // The fields its schema lists (web/schema/*.js `results`), each of its kind: the answers of random options
    // reach optional and nullable fields the fixed calls of tests/js/result-keys.test.mjs may not.
    // (createTrainer's outcome is its trainer's info: describeTrainer's fields)
    const problems = resultProblems(outcome.value, resultKind(f.name === 'createTrainer' ? SCHEMA.describeTrainer : f.fn), f.name);
    if (problems.length) return `answered what its schema does not list: ${problems.slice(0, 3).join('; ')}`;
    if (f.fn.nonFinite === true) return null;
    const allowed = f.fn.nonFinite ?? [];
    const bad = nonFinite(outcome.value, allowed);
    return bad ? `returned a non-finite number: ${bad}` : null;
  }
  const e = outcome.error;
  if (e === outcome.callers && e !== null) return null; // the caller's own exception, unchanged
  if (e instanceof CallerError) return `a caller's exception other than the one thrown last came out: ${e.message}`;
  if (!(e instanceof Error) || e.constructor !== Error) {
    return `threw ${e?.constructor?.name ?? typeof e}: ${e?.message ?? String(e)} (expected an Error naming ${f.name} and a parameter)`;
  }
  if (!e.message.startsWith(`${f.name}: `)) return `threw an Error that does not start with "${f.name}: ": ${e.message}`;
  const words = [...f.words, 'options', 'option', ...(f.method ? ['trainer'] : [])];
  const text = e.message.slice(f.name.length + 2);
  if (!words.some((w) => new RegExp(`(^|[^A-Za-z])${w}([^A-Za-z]|$)`).test(text))) {
    return `threw an Error that names no parameter of ${f.name}: ${e.message}`;
  }
  return null;
}

/** Equality of two answers, bit for bit, ignoring durations (fields ending in Ms) and a trainer's id. */
function sameAnswer(a, b) {
  if (typeof a === 'number' && typeof b === 'number') return Object.is(a, b);
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (ArrayBuffer.isView(a)) {
    if (!ArrayBuffer.isView(b) || a.constructor !== b.constructor || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i += 1) if (!Object.is(a[i], b[i])) return false;
    return true;
  }
  const keep = (k) => !k.endsWith('Ms') && k !== 'id';
  const ka = Object.keys(a).filter(keep), kb = Object.keys(b).filter(keep);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameAnswer(a[k], b[k]));
}

// ---- the run --------------------------------------------------------------------------------------------------
const POOL = 3; // trainers made by createTrainer calls kept alive (the oldest is deleted)
const ARENA_KEEP = 4 << 20; // web/engine.js: an arena up to this size is kept between calls
const SETTLE = new Float32Array((ARENA_KEEP >> 2) + 1); // a softmax this long makes the arena go back to its start

/**
 * Runs calls from..from + calls − 1 (or until `seconds` have passed). Returns { calls, failures, slowest, counts }.
 * log(line) prints progress (and, with showCalls, every call as JavaScript); every failure is also returned with its
 * replay line.
 */
export async function fuzz({ seed = 1, seconds = 60, calls = Infinity, from = 0, showCalls = false, log = () => {} } = {}) {
  const engine = await loadEngine();
  refusal = (options) => {
    try {
      engine.createTrainer(build({ obj: options })).delete();
      return null;
    } catch (error) {
      return error.message;
    }
  };
  const started = Date.now();
  const pool = []; // { trainer, bytes }
  const failures = [];
  const counts = { returned: 0, refused: 0, callers: 0, byMode: {} };
  const slowest = {}; // function → { ms, call }
  const replay = (i) => `node tests/fuzz/api-fuzz.mjs --seed ${seed} --from ${i} --calls 1`;

  const invoke = (call) => {
    const { f } = call;
    thrownByCaller = null;
    let trainer = null;
    try {
      if (f.method) {
        trainer = engine.createTrainer(build({ obj: call.setup.options }));
        for (let s = 0; s < call.setup.steps; s += 1) trainer.step(1);
        return { value: trainer[f.method](...argumentsOf(call)) };
      }
      const value = engine[f.name](...argumentsOf(call));
      return f.name === 'createTrainer' ? { value: value.info, trainer: value } : { value };
    } catch (error) {
      return { error, callers: thrownByCaller };
    } finally {
      if (trainer) trainer.delete();
    }
  };

  // Known-good calls: per function the first valid options drawn from a fixed sequence that the engine accepts.
  const goods = [];
  const specOf = (v) => (ArrayBuffer.isView(v) ? { typed: v.constructor.name, values: Array.from(v) }
    : Array.isArray(v) ? { arr: v.map((x) => ({ v: x })) } : { v });
  for (const f of FUNCTIONS) {
    // A function that reads the words looks for its known-good call on the vocabulary it is always called with.
    if (READS_VOCABULARY.has(f.name)) engine.setVocabulary(vocabularyFor(f.name));
    // A schema's `example`: a valid call where its ranges cannot say what the engine checks (setVocabulary's
    // distinct words; nearestWords' word of the example vocabulary).
    if (f.fn.example) {
      const args = Object.entries(f.fn.example).map(([name, value]) => [name, specOf(value)]);
      const call = { f, mode: 'good', options: args, setup: null, args };
      const outcome = invoke(call);
      if (!('value' in outcome) || judge(call, outcome)) throw new Error(`fuzzer: ${f.name}'s schema example fails: ${outcome.error?.message}`);
      goods.push({ f, args, setup: null, answer: outcome.value });
      continue;
    }
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const r = generator(0x600d, attempt + 1000 * goods.length);
      const setup = f.method ? trainerSetup(r) : null;
      const args = drawOptions(r, f, setup ? { valSize: setup.valSize } : null, f.method ? TINY : 8, 0.3);
      const call = { f, mode: 'good', options: args, setup, args };
      const outcome = invoke(call);
      outcome.trainer?.delete();
      if ('value' in outcome && !judge(call, outcome)) {
        goods.push({ f, args, setup, answer: outcome.value });
        break;
      }
    }
    if (!goods.some((g) => g.f === f)) throw new Error(`fuzzer: no valid call of ${f.name} found from its schema in 200 draws`);
  }
  const settle = () => engine.softmax(SETTLE);
  settle();
  let base = engine.resources();
  log(`seed ${seed}: ${goods.length} functions, start ${JSON.stringify(base)}`);

  let index = from;
  const end = from + calls;
  for (; index < end && (Date.now() - started) / 1000 < seconds; index += 1) {
    const call = drawCall(seed, index, goods);
    if (call.mode === 'good') call.options = call.args;
    if (showCalls) log(`call ${index} (${call.mode}): ${describeCall(call)}`);
    counts.byMode[call.mode] = (counts.byMode[call.mode] ?? 0) + 1;
    // The one module state besides trainers: a vocabulary that setVocabulary replaced holds other memory (its words'
    // strings and hash table), which moves the heap's baseline by what the call changed.
    // A known-good call of a function that reads the words runs on the vocabulary its first answer came from.
    const words = call.mode === 'good' && READS_VOCABULARY.has(call.f.name);
    const heapBefore = call.f.name === 'setVocabulary' || words ? engine.resources().heapBytes : 0;
    if (words) {
      engine.setVocabulary(vocabularyFor(call.f.name));
      base = { ...base, heapBytes: base.heapBytes + engine.resources().heapBytes - heapBefore };
    }
    const heapAtCall = words ? engine.resources().heapBytes : heapBefore;
    const t0 = performance.now();
    const outcome = invoke(call);
    const ms = performance.now() - t0;
    if (call.f.name === 'setVocabulary' && 'value' in outcome) base = { ...base, heapBytes: base.heapBytes + engine.resources().heapBytes - heapAtCall };
    if (!slowest[call.f.name] || ms > slowest[call.f.name].ms) slowest[call.f.name] = { ms, index };
    const fail = (why) => {
      failures.push({ index, why, call: describeCall(call), replay: replay(index) });
      log(`FAIL seed ${seed} call ${index} (${call.mode}): ${why}\n  ${describeCall(call)}\n  replay: ${replay(index)}`);
    };
    let problem = judge(call, outcome);
    // A function that reads the words setVocabulary gave may meet other words than its known-good call did: its
    // answer then depends on them (an Error naming an option is judged as for any call, above).
    if (!problem && call.mode === 'good' && !(READS_VOCABULARY.has(call.f.name) && !('value' in outcome))) {
      const good = goods.find((g) => g.f === call.f);
      if (!('value' in outcome)) problem = `the known-good call threw ${outcome.error?.message}`;
      else if (!sameAnswer(outcome.value, good.answer)) problem = 'the known-good call answered differently from its first answer';
    }
    if ('value' in outcome) counts.returned += 1;
    else if (outcome.error === outcome.callers) counts.callers += 1;
    else counts.refused += 1;
    // createTrainer's trainers join the pool (their memory is accounted for); the oldest goes when it is full
    if ('value' in outcome && call.f.name === 'createTrainer') {
      pool.push({ trainer: outcome.trainer, bytes: 0 });
      if (pool.length > POOL) pool.shift().trainer.delete();
    }
    const now = engine.resources();
    if (!problem) problem = resourcesProblem(now, base, pool);
    if (pool.length && pool[pool.length - 1].bytes === 0 && call.f.name === 'createTrainer' && 'value' in outcome) {
      pool[pool.length - 1].bytes = Math.max(0, now.heapBytes - base.heapBytes - pool.slice(0, -1).reduce((s, p) => s + p.bytes, 0));
    }
    if (problem) {
      fail(problem);
      if (failures.length >= 5) break;
      continue;
    }
    // Every 500 calls, and at the end: no trainer kept, the arena back at its start, the heap exactly where it began.
    if ((index + 1) % 500 === 0) {
      const leak = settleCheck();
      if (leak) fail(leak);
    }
  }
  function settleCheck() {
    while (pool.length) pool.shift().trainer.delete();
    settle();
    const now = engine.resources();
    if (now.heapBytes !== base.heapBytes || now.valueHandles !== base.valueHandles || now.trainers !== 0) {
      return `after the calls so far the engine holds ${JSON.stringify(now)}, at the start ${JSON.stringify(base)}`;
    }
    return null;
  }
  const last = settleCheck();
  if (last) failures.push({ index, why: last, call: '(the whole run)', replay: `node tests/fuzz/api-fuzz.mjs --seed ${seed} --from ${from} --calls ${index - from}` });
  return { seed, from, calls: index - from, seconds: (Date.now() - started) / 1000, failures, counts, slowest, end: engine.resources(), base };
}

/** After a call: handles as at the start, trainers as the pool says, the heap within what the pool and arena explain. */
function resourcesProblem(now, base, pool) {
  if (!Number.isSafeInteger(now.heapBytes) || now.heapBytes < 0) return `resources().heapBytes = ${now.heapBytes}`;
  if (now.traps !== base.traps) return `resources().traps = ${now.traps}: the engine trapped (web/engine.js ran the call again)`;
  if (now.valueHandles !== base.valueHandles) return `resources().valueHandles = ${now.valueHandles}, ${base.valueHandles} at the start`;
  if (now.trainers !== pool.length) return `resources().trainers = ${now.trainers} with ${pool.length} trainers alive`;
  const kept = pool.reduce((s, p) => s + p.bytes, 0);
  if (pool.every((p) => p.bytes > 0) && now.heapBytes - kept > base.heapBytes + ARENA_KEEP + (1 << 16)) {
    return `resources().heapBytes = ${now.heapBytes}: more than the start (${base.heapBytes}), the live trainers (${kept}) and the arena explain`;
  }
  return null;
}

// ---- command line -----------------------------------------------------------------------------------------------
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const opt = (name, fallback) => {
    const i = args.indexOf(name);
    return i >= 0 ? Number(args[i + 1]) : fallback;
  };
  const result = await fuzz({ seed: opt('--seed', 1), seconds: opt('--seconds', 60), calls: opt('--calls', Infinity),
    from: opt('--from', 0), showCalls: args.includes('--show-calls'), log: (line) => console.log(line) });
  const per = Math.round(result.calls / (result.seconds / 60));
  console.log(`${result.calls} calls in ${result.seconds.toFixed(1)} s (${per} a minute): ${result.counts.returned} answered, ` +
    `${result.counts.refused} refused with an Error, ${result.counts.callers} caller exceptions passed through`);
  console.log(`modes ${JSON.stringify(result.counts.byMode)}`);
  const slow = Object.entries(result.slowest).sort((a, b) => b[1].ms - a[1].ms).slice(0, 5)
    .map(([name, s]) => `${name} ${s.ms.toFixed(0)} ms (call ${s.index})`).join(', ');
  console.log(`slowest: ${slow}`);
  console.log(`resources at the start ${JSON.stringify(result.base)}, at the end ${JSON.stringify(result.end)}`);
  if (result.failures.length) {
    for (const f of result.failures) console.log(`FAIL call ${f.index}: ${f.why}\n  ${f.call}\n  replay: ${f.replay}`);
    process.exit(1);
  }
}
