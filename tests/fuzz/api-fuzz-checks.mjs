// The API fuzzer's checks of an outcome (tests/fuzz/api-fuzz.mjs): an answer of the fields its schema lists and of
// finite numbers, an Error naming the function and a parameter, or the caller's own exception unchanged; a known-good
// call's answer as its first; the engine's resources after a call.
import { SCHEMA } from '../../web/schema/index.js';
import { resultKind, resultProblems } from '../../web/schema/results.js';
import { CallerError, num } from './api-fuzz-values.mjs';

export const ARENA_KEEP = 4 << 20; // web/engine.js: an arena up to this size is kept between calls

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
export function judge(call, outcome) {
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
export function sameAnswer(a, b) {
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

/** After a call: handles as at the start, trainers as the pool says, the heap within what the pool and arena explain. */
export function resourcesProblem(now, base, pool) {
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
