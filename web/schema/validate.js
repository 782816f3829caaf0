// Checks one call's options against its function's schema and writes them, in one copy, where the engine reads
// them: a block of three float64 slots per option (value, given, length) followed by every array's entries.
// Every property, getter and array entry of the caller's object is read exactly once, here, before the engine runs:
// a caller's own exception propagates and the engine is untouched. It does not call the engine; engine.js hands it
// an arena (WASM memory it owns) and passes the block's address on. It runs on every call, so it allocates little.
import { Problem, describe, fail, fmt, what } from './types.js';

export const SLOTS = 3; // per option: value, given (0/1), length (lists and text)
const BYTES = { f32: 4, f64: 8, i32: 4 };
const align = (bytes) => (bytes + 15) & ~15;

/** The packed form of a default: a choice's index, a subset's bit mask, a text's UTF-8 bytes. */
function packDefault(row, value) {
  const t = row.type;
  if (t.kind === 'choice') return t.choices.indexOf(value);
  if (t.kind === 'subset') return value.reduce((mask, c) => mask | (1 << t.choices.indexOf(c)), 0);
  if (t.kind === 'text') return t.read(value, row.name);
  return value;
}

/** A schema's function as the validator uses it: each row's index and kind, known names, constant defaults. */
export function compile(schema) {
  if (schema.options.length > 30) throw new Error(`schema ${schema.name}: at most 30 options (a bit each)`);
  const options = schema.options.map((row, at) => {
    const d = row.default;
    const constant = d !== undefined && typeof d !== 'function' && !(d !== null && typeof d === 'object' && 'from' in d);
    return { ...row, at, kind: row.type.kind, fixed: constant ? packDefault(row, d) : undefined };
  });
  const known = Object.create(null);
  for (const row of options) known[row.name] = true;
  return {
    ...schema,
    options,
    index: new Map(options.map((row) => [row.name, row.at])),
    known,
    knownText: options.map((row) => row.name).join(', '),
    listRows: options.filter((row) => row.kind === 'list'),
    defaulted: options.filter((row) => row.default !== undefined),
    slotBytes: align(options.length * SLOTS * 8),
    // rules(o, given) and after(o, given) get `given` by name only when they ask for it
    wantsGiven: (schema.rules?.length ?? 0) > 1 || (schema.after?.length ?? 0) > 1,
  };
}

/** Where the last readOptions() put things: the slot block, the first free byte, each list's address. */
export const placed = { base: 0, end: 0, lists: null };

function givenByName(fn, mask) {
  const given = {};
  for (const row of fn.options) given[row.name] = (mask & (1 << row.at)) !== 0;
  return given;
}

// A typed array's own length, read through the intrinsic getter: a subclass cannot answer another one.
const typedLength = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), 'length').get;

/**
 * A list option as given: a typed array (not a BigInt one) or an array, else the list's own message. An array's
 * length is read once, must be a whole number and is checked against the schema's limits before any entry is read;
 * its entries are then read once each, in order, into a plain array. So a Proxy whose length changes on every read,
 * or is a Symbol, a BigInt or a string, is refused or read as one fixed list, and nothing later reads it again.
 */
function readList(row, raw, o) {
  if (ArrayBuffer.isView(raw) && !(raw instanceof DataView)) {
    if (raw instanceof BigInt64Array || raw instanceof BigUint64Array) {
      fail(`${row.name} is a ${raw.constructor.name}: not allowed; pass a Float32Array, a Float64Array or an array of numbers`);
    }
    checkLength(row, typedLength.call(raw), o);
    return raw; // its length is read again only through typedLength
  }
  let isArray;
  try {
    isArray = Array.isArray(raw);
  } catch {
    fail(`${row.name} is a revoked Proxy: not allowed; ${row.type.allowed(o)}`);
  }
  if (!isArray) fail(row.type.notArray(raw, row.name, o));
  const n = raw.length;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) {
    fail(`${row.name}.length = ${typeof n === 'number' ? fmt(n) : describe(n)} is not allowed: ${row.type.allowed(o)}`);
  }
  checkLength(row, n, o);
  const entries = new Array(n);
  for (let i = 0; i < n; i += 1) entries[i] = raw[i];
  return entries;
}

/** A list's length as readList fixed it: a typed array's own, or a plain array's (readList's copy). */
const lengthOf = (list) => (ArrayBuffer.isView(list) ? typedLength.call(list) : list.length);

function checkLength(row, n, o) {
  const problem = row.type.badLength(n, row.name, o);
  if (problem) fail(problem);
}

const EMPTY = Object.freeze({});

/**
 * Reads `options` for `fn` (a compiled schema) and returns o: every option's value with defaults filled in
 * (choices as their strings, subsets as bit masks). Where it put them is in `placed`: base, the slot block's byte
 * address (written only when `slots`), end, the first free byte after the lists and `extra(o)` more bytes, and
 * lists, each list's address in listRows order. After the copy, o holds each list as a view of its copy when the
 * schema has an `after` rule (valid until the arena is used again). ctx: bounds that depend on state (a trainer's
 * valSize). prefetched: { keys, raws } already read from `options` by a faster reader (web/schema/attention-fast.js)
 * that met something unusual: they are used instead of reading `options` again, so every property is read once.
 * Throws Problem with the message the caller sees, without the function's name.
 */
export function readOptions(fn, options, arena, ctx, extra, slots = true, prefetched = null) {
  if (options === undefined || options === null) options = EMPTY;
  else if (typeof options !== 'object' || Array.isArray(options) || ArrayBuffer.isView(options)) {
    fail(`options = ${describe(options)} is not an object: pass { name: value, … }`);
  }
  const keys = prefetched ? prefetched.keys : Object.keys(options);
  for (let i = 0; i < keys.length; i += 1) {
    if (fn.known[keys[i]] !== true) fail(`unknown option "${keys[i]}": allowed options are ${fn.knownText}`);
  }
  const rows = fn.options;
  const n = rows.length;
  const o = {};
  const packed = new Array(n);
  let mask = 0;
  for (let i = 0; i < n; i += 1) {
    const row = rows[i];
    const raw = prefetched ? prefetched.raws[i] : options[row.name];
    if (raw === undefined) {
      if (row.required && row.kind !== 'list') fail(`${row.name} is missing: ${row.type.allowed(ctx)}`);
      continue;
    }
    mask |= 1 << i;
    const type = typeof raw;
    if (type === 'bigint' || type === 'symbol' || type === 'function') {
      fail(`${row.name} is a ${type}: not allowed (numbers, strings, booleans and arrays of numbers are)`);
    }
    if (row.kind === 'list') {
      packed[i] = raw; // checked below, once the sizes it depends on are known
      continue;
    }
    const value = row.type.read(raw, row.name, ctx);
    packed[i] = value;
    o[row.name] = row.kind === 'choice' ? row.type.choices[value] : row.kind === 'text' ? raw : value;
  }
  // Defaults: constants, another option's value ({ from: 'L' }), or a function of the options read.
  for (const row of fn.defaulted) {
    if (mask & (1 << row.at)) continue;
    const d = row.default;
    if (row.fixed !== undefined) {
      packed[row.at] = row.fixed;
      o[row.name] = row.kind === 'subset' ? row.fixed : d;
      continue;
    }
    const value = typeof d === 'function' ? d(o) : o[d.from];
    if (value === undefined) continue;
    packed[row.at] = packDefault(row, value);
    o[row.name] = row.kind === 'subset' ? packed[row.at] : value;
  }
  const given = fn.wantsGiven ? givenByName(fn, mask) : null;
  if (fn.rules) fn.rules(o, given, ctx);
  // Lists, once the sizes they depend on are known: kind and length first, then one copy each with its entry checks.
  let bytes = slots ? fn.slotBytes : 0;
  const lists = fn.listRows;
  const lengths = lists.length ? new Array(lists.length) : null; // each list's length, read once
  for (let l = 0; l < lists.length; l += 1) {
    const row = lists[l];
    const i = row.at;
    if (!(mask & (1 << i))) {
      if (row.required) fail(row.quoteMissing ? row.type.notArray(undefined, row.name, o) : `${row.name} is missing: ${row.type.allowed(o)}`);
      if (packed[i] === undefined) continue; // no list and no default list
      checkLength(row, packed[i].length, o); // a default list (the schema's own)
    } else {
      packed[i] = readList(row, packed[i], o);
      o[row.name] = packed[i];
    }
    lengths[l] = lengthOf(packed[i]);
    bytes += align(lengths[l] * BYTES[row.type.elem]);
  }
  for (let i = 0; i < n; i += 1) if (rows[i].kind === 'text' && packed[i] !== undefined) bytes += align(packed[i].length);
  const base = arena.reserve(bytes + (extra ? extra(o) : 0));
  let at = slots ? base + fn.slotBytes : base;
  const addresses = lists.length ? new Array(lists.length) : null;
  for (let l = 0; l < lists.length; l += 1) {
    const row = lists[l];
    const value = packed[row.at];
    if (value === undefined) continue;
    copyList(row, value, lengths[l], arena, at);
    addresses[l] = at;
    at += align(lengths[l] * BYTES[row.type.elem]);
  }
  if (slots) {
    const heap = arena.f64();
    const s0 = base >> 3;
    let l = 0;
    for (let i = 0; i < n; i += 1) {
      const row = rows[i];
      const value = packed[i];
      const s = s0 + i * SLOTS;
      heap[s + 1] = mask & (1 << i) ? 1 : 0;
      heap[s + 2] = 0;
      if (row.kind === 'list') {
        heap[s] = value === undefined ? 0 : addresses[l];
        if (value !== undefined) heap[s + 2] = lengths[l];
        l += 1;
      } else if (value === undefined) {
        heap[s] = 0;
      } else if (row.kind === 'text') {
        arena.u8().set(value, at);
        heap[s] = at;
        heap[s + 2] = value.length;
        at += align(value.length);
      } else {
        heap[s] = row.kind === 'boolean' ? (value ? 1 : 0) : value;
      }
    }
  }
  if (fn.after) {
    for (let l = 0; l < lists.length; l += 1) {
      const row = lists[l];
      if (addresses[l] === undefined) continue;
      const start = addresses[l] / BYTES[row.type.elem];
      o[row.name] = view(arena, row.type.elem).subarray(start, start + lengths[l]);
    }
    fn.after(o, given, ctx);
  }
  placed.base = base;
  placed.end = at;
  placed.lists = addresses;
  return o;
}

const view = (arena, elem) => (elem === 'f32' ? arena.f32() : elem === 'f64' ? arena.f64() : arena.i32());

/** Copies one list of n entries into the arena at byte `at`, checking each entry as it goes. */
function copyList(row, value, n, arena, at) {
  const t = row.type;
  const heap = view(arena, t.elem);
  const start = at / BYTES[t.elem];
  const simple = !t.integers && !t.increasing && t.style === 'floats';
  const plain = Array.isArray(value);
  const i32 = t.elem === 'i32'; // checked before the int32 copy truncates 2.5 to 2
  if (!plain && !i32) heap.set(value, start);
  let prev = 0;
  for (let i = 0; i < n; i += 1) {
    let x;
    if (plain) {
      x = value[i];
      if (typeof x !== 'number') fail(`${row.name}[${i}] = ${what(x)} is not allowed: entries must be numbers`);
      heap[start + i] = x;
    } else if (i32) {
      x = value[i];
      heap[start + i] = x;
    } else {
      x = heap[start + i];
    }
    const stored = i32 ? x : heap[start + i];
    if (simple) {
      if (stored - stored !== 0) fail(t.badEntry(stored, stored, i, 0, row.name));
      continue;
    }
    const problem = t.badEntry(x, stored, i, prev, row.name);
    if (problem) fail(problem);
    prev = x;
  }
}

/** The Error the caller sees for a Problem: "<function>: <message>"; anything else (the caller's own) as it is. */
export function named(fnName, problem) {
  if (problem instanceof Problem) return new Error(`${fnName}: ${problem.message}`);
  return problem;
}
