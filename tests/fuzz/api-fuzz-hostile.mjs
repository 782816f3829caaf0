// The API fuzzer's invalid and hostile options (tests/fuzz/api-fuzz.mjs): a call's valid options changed as its mode
// says: an option at or just past its limits, a wrong type, every typed-array kind (detached ones too), an unknown
// name, throwing getters and Proxies, Symbols, BigInts, array-likes whose length or entries misbehave, no object.
import { build } from './api-fuzz-values.mjs';
import { SMALL, bound, entries, fixedLength, validList, withDefaults } from './api-fuzz-options.mjs';

const TYPED = ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array',
  'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array'];

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

/**
 * The options of a call of f in `mode` (limit, wrong, typed, unknown or hostile; valid and wide keep them, though an
 * option is picked for every mode, as call i's draws have always been made), from the valid `options` ([name, spec]
 * pairs) drawn for it: { options, hostile: a hostile spec for the options object itself or null, notObject: a value
 * given in place of the options object, only when one was drawn }.
 */
export function misuse(r, mode, f, options, ctx) {
  let extra = null; // a hostile spec for the options object itself
  let notObject = null;
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
      notObject = r.pick([{ v: 42 }, { v: 'abc' }, { arr: [] }, { typed: 'Float32Array', values: [1] }, { fn: true }, { symbol: 'o' },
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
  return { options, hostile: extra, ...(notObject ? { notObject } : {}) };
}
