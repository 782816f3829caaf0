// A seeded, time-bounded fuzzer of the engine's public JavaScript API (web/engine.js), driven by the option schema
// (web/schema/): every public function gets random valid options, each option at and just past its limits, wrong
// types, throwing getters and Proxies, Symbols and BigInts, every typed-array kind, detached buffers and unknown
// names, interleaved with known-good calls whose answers must not change; engine.resources() is checked after every
// call. It knows no option by name: what it tries comes from each option's type in the schema.
//   node tests/fuzz/api-fuzz.mjs [--seed 1] [--seconds 60] [--calls N] [--from I] [--show-calls]
//   (needs build-scripts/build)
// Call i is drawn from (seed, i) alone, so `--seed S --from I --calls 1` replays one call; a failure prints that line
// and the call as JavaScript. --show-calls prints every call as JavaScript before it is made. Exit status 1 on any
// failure. This file runs the calls; its parts: api-fuzz-values.mjs (the seeded generator; values built and printed),
// api-fuzz-options.mjs (the functions and valid options from the schema), api-fuzz-hostile.mjs (limits, wrong types,
// hostile values), api-fuzz-calls.mjs (drawing call i; its arguments and its JavaScript), api-fuzz-checks.mjs.
import { fileURLToPath } from 'node:url';

import { loadEngine } from '../../web/engine.js';
import { build, forgetCallerThrow, generator, lastCallerThrow } from './api-fuzz-values.mjs';
import { FUNCTIONS, READS_VOCABULARY, TINY, drawOptions, vocabularyFor } from './api-fuzz-options.mjs';
import { argumentsOf, describeCall, drawCall, trainerSetup } from './api-fuzz-calls.mjs';
import { ARENA_KEEP, judge, resourcesProblem, sameAnswer } from './api-fuzz-checks.mjs';

// ---- the run --------------------------------------------------------------------------------------------------
const POOL = 3; // trainers made by createTrainer calls kept alive (the oldest is deleted)
const SETTLE = new Float32Array((ARENA_KEEP >> 2) + 1); // a softmax this long makes the arena go back to its start

/**
 * Runs calls from..from + calls − 1 (or until `seconds` have passed). Returns { calls, failures, slowest, counts }.
 * log(line) prints progress (and, with showCalls, every call as JavaScript); every failure is also returned with its
 * replay line.
 */
export async function fuzz({ seed = 1, seconds = 60, calls = Infinity, from = 0, showCalls = false, log = () => {} } = {}) {
  const engine = await loadEngine();
  const refusal = (options) => {
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
    forgetCallerThrow();
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
      return { error, callers: lastCallerThrow() };
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
      const setup = f.method ? trainerSetup(r, refusal) : null;
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
    const call = drawCall(seed, index, goods, refusal);
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
