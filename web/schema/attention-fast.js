// attention's options without the generic reader's keyed property loads, for the common case: every name known,
// sizes in range, q, k and v float arrays of the right length. It accepts only what readOptions (validate.js)
// accepts, with the same values (tests/js/schema.test.mjs compares the two on random options); anything else goes
// to readOptions with the values it already read, so a getter still runs once and the messages come from one place.
// q, k and v take this path as Float32Array or Float64Array; plain arrays (whose entries may be getters) do not.
// Ranges and defaults are the schema's (web/schema/core.js).
import { MAX_DIM, MAX_ELEMENTS, OUTPUTS } from './core.js';
import { SCHEMA } from './index.js';
import { placed, readOptions } from './validate.js';

const fn = SCHEMA.attention;
const row = (name) => fn.options[fn.index.get(name)];
const DIM = row('nQ').type;
const HEADS = row('heads').type;
const SCALE = row('scale');
const ALL = row('outputs').fixed;
const KNOWN = fn.options.length;
const align = (bytes) => (bytes + 15) & ~15;

const isDim = (x) => typeof x === 'number' && Number.isInteger(x) && x >= DIM.min && x <= DIM.max;

/** Array.isArray, false for a revoked Proxy (which the general reader then names). */
function isArray(x) {
  try {
    return Array.isArray(x);
  } catch {
    return false;
  }
}

/** The mask of an outputs array of distinct known names, or −1. */
function outputsMask(list) {
  if (!isArray(list)) return -1;
  const n = list.length; // read once: a Proxy may answer anything, and the general reader says what is wrong
  if (typeof n !== 'number' || !(n >= 1 && n <= OUTPUTS.length)) return -1;
  let mask = 0;
  for (let i = 0; i < n; i += 1) {
    const bit = OUTPUTS.indexOf(list[i]);
    if (bit < 0 || mask & (1 << bit)) return -1;
    mask |= 1 << bit;
  }
  return mask;
}

/** A typed float array of exactly n entries (plain arrays go the general way: their entries may be getters). */
// ArrayBuffer.isView first: it is false for any Proxy (instanceof would ask a revoked one and throw).
const copyable = (x, n) => ArrayBuffer.isView(x) && (x instanceof Float32Array || x instanceof Float64Array) && x.length === n;

/** Whether heap[start .. start + n) are all finite: x − x is 0 for a finite float and NaN otherwise. */
function finiteInJs(heap, start, n) {
  for (let i = start; i < start + n; i += 1) if (heap[i] - heap[i] !== 0) return false;
  return true;
}

/** Copies x (checked by copyable) to float32 at element `start`; false when an entry is not finite in float32. */
function copy(heap, x, start, finite) {
  heap.set(x, start);
  return finite(heap, start, x.length);
}

/**
 * attention's options as { nQ, nK, dK, dV, heads, scale, causal, outputs (a mask) }, q, k and v copied to float32
 * in the arena (their addresses in placed.lists, the free space after them at placed.end with extra(o) bytes).
 * finite(heap, start, n) says whether the float32 copy heap[start .. start + n) is free of NaN and ±∞: the engine
 * passes its WASM kernel (web/engine/plain.js); the default is the same test in JavaScript.
 */
export function readAttention(options, arena, extra, finite = finiteInJs) {
  if (options === null || typeof options !== 'object' || Array.isArray(options) || ArrayBuffer.isView(options)) {
    return readOptions(fn, options, arena, null, extra, false);
  }
  const keys = Object.keys(options);
  const q = options.q, k = options.k, v = options.v, nQ = options.nQ, nK = options.nK, dK = options.dK, dV = options.dV;
  const heads = options.heads, scale = options.scale, causal = options.causal, outputs = options.outputs;
  const raws = [q, k, v, nQ, nK, dK, dV, heads, scale, causal, outputs];
  let given = 0;
  for (let i = 0; i < KNOWN; i += 1) if (raws[i] !== undefined) given += 1;
  const slow = () => readOptions(fn, options, arena, null, extra, false, { keys, raws });
  if (keys.length !== given || !isDim(nQ) || !isDim(nK) || !isDim(dK) || !isDim(dV)) return slow();
  const h = heads === undefined ? 1 : heads;
  if (typeof h !== 'number' || !Number.isInteger(h) || h < HEADS.min || h > HEADS.max) return slow();
  if (scale !== undefined && !(typeof scale === 'number' && scale >= 0 && scale <= SCALE.type.max)) return slow();
  if (causal !== undefined && typeof causal !== 'boolean') return slow();
  const mask = outputs === undefined ? ALL : outputsMask(outputs);
  if (mask < 0 || h * nQ * nK > MAX_ELEMENTS || h * dK > MAX_DIM || h * dV > MAX_DIM) return slow();
  const nq = nQ * h * dK, nk = nK * h * dK, nv = nK * h * dV;
  if (!copyable(q, nq) || !copyable(k, nk) || !copyable(v, nv)) return slow();
  const o = { nQ, nK, dK, dV, heads: h, scale: 0, causal: causal === true, outputs: mask };
  o.scale = scale === undefined ? SCALE.default(o) : scale;
  const bytes = align(4 * nq) + align(4 * nk) + align(4 * nv);
  const base = arena.reserve(bytes + extra(o));
  const heap = arena.f32();
  const at = [base, base + align(4 * nq), base + align(4 * nq) + align(4 * nk)];
  if (!copy(heap, q, at[0] >> 2, finite) || !copy(heap, k, at[1] >> 2, finite) || !copy(heap, v, at[2] >> 2, finite)) return slow();
  placed.base = base;
  placed.end = base + bytes;
  placed.lists = at;
  return o;
}
