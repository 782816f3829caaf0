// The API fuzzer's values (tests/fuzz/api-fuzz.mjs): its own seeded generator, and values as descriptions that are
// built into real (possibly hostile) values for a call and printed as JavaScript for its report.

// ---- seeded choices (the fuzzer's own generator, not the engine's) ----------------------------------------------
/** Choices drawn from (seed, index) alone: next(), int(lo, hi), chance(p), pick(list), logInt(lo, hi). */
export function generator(seed, index) {
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

// ---- values as descriptions: built into real (possibly hostile) values, and printed as JavaScript ----------------
// { v } a primitive; { bigint }; { symbol }; { fn }; { arr: [spec] }; { typed: kind, values, detached };
// { fill: 'Array' | kind, n, value }; { obj: [[key, spec]], getter: key, nullProto }; { proxy: spec, trap };
// { likeArray: n, entry: spec | null (throws) }; { holeGetter: [spec], at }.
export class CallerError extends Error {}
let thrownByCaller = null; // the last exception the caller's getters or Proxies threw

/** Before a call: no exception of the caller's thrown yet. */
export const forgetCallerThrow = () => { thrownByCaller = null; };
/** The last exception the caller's getters or Proxies threw, or null. */
export const lastCallerThrow = () => thrownByCaller;

export function callerThrows(where) {
  thrownByCaller = new CallerError(`the caller's own exception (${where})`);
  throw thrownByCaller;
}

export function build(spec) {
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

export function num(x) {
  if (Object.is(x, -0)) return '-0';
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return 'Infinity';
  if (x === -Infinity) return '-Infinity';
  return String(x);
}
const list = (items) => (items.length > 24 ? `${items.slice(0, 24).join(', ')}, … (${items.length})` : items.join(', '));

/** The spec as JavaScript (throwing parts spelled out; lists over 24 entries shortened, the replay line is exact). */
export function show(spec) {
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
