// The only JavaScript that touches the Emscripten module, and the one module the page imports to use the engine.
// Each method checks its options against the function's schema (web/schema/) while copying them, once, into WASM
// memory an arena owns (web/engine/arena.js), calls the binding of the same name (cpp/bindings/<module>.cpp) with
// the address, and answers copies of the results (web/engine/calls.js). The stateless methods are generated from
// the schema's module list (web/engine/wrappers.js); attention, softmax, softmaxNaive and dot call plain WASM
// exports with pointers (web/engine/plain.js); a trainer owns state (web/engine/trainer.js). Every call is guarded
// against WebAssembly traps (web/engine/trap-guard.js). It does no math of its own.
import createAttentionCore from '../build/wasm/attention_core.cjs';
import { makeArena } from './engine/arena.js';
import { makeCalls } from './engine/calls.js';
import { plainMethods } from './engine/plain.js';
import { makeTrainer } from './engine/trainer.js';
import { makeTrapGuard } from './engine/trap-guard.js';
import { statelessMethods } from './engine/wrappers.js';

let enginePromise = null;

function makeEngine(core) {
  const arena = makeArena(core);
  const calls = makeCalls(core, arena);
  const { guarded, traps } = makeTrapGuard(core, arena);
  return Object.freeze({
    /** { version, kernels: "wasm_simd128" | "scalar", simd: boolean } */
    info: core.info(),
    ...plainMethods(core, arena, calls, guarded),
    ...statelessMethods(calls, guarded),
    /** Lesson 6's trainer; it holds WASM memory until its delete(): use try { … } finally { trainer.delete(); }. */
    createTrainer(options) {
      return makeTrainer(core, calls, guarded, guarded('createTrainer', () => calls.call('createTrainer', options), false));
    },
    /** What the engine holds right now: malloc'd bytes, live JS-value handles, live trainers (tests find leaks), and the traps so far. */
    resources() {
      return {
        heapBytes: core.heapInUse(), arenaBytes: arena.bytes(), valueHandles: core.count_emval_handles(), trainers: core.trainerCount(),
        traps: traps(),
      };
    },
  });
}

/** The engine around an Emscripten module instance (tests hand it one to make it trap). */
export const engineOf = makeEngine;

/** Resolves to the engine. Every caller on a page shares one instance. */
export function loadEngine() {
  if (!enginePromise) {
    // The core is compiled synchronously (see CMakeLists.txt); the promise keeps loadEngine() async for callers.
    enginePromise = Promise.resolve().then(() => createAttentionCore()).then(makeEngine, (error) => {
      enginePromise = null; // let a later call try again
      throw error;
    });
  }
  return enginePromise;
}
