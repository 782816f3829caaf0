// The engine's stateless methods, one per function of the schema's module list (web/schema/index.js) that needs no
// idiom: each checks its options against its schema, calls the binding of the same name
// (cpp/bindings/<module>.cpp) with their address, answers its result, and runs once more after a WebAssembly trap.
// What each takes and answers is in its schema, and so in web/engine.d.ts and docs/API.md.
import { MODULES } from '../schema/index.js';

/**
 * Written by hand (web/engine/plain.js, trainer.js and web/engine.js): the plain exports that take pointers, and the
 * trainer, which owns state.
 */
export const HAND_WRITTEN = new Set(['attention', 'softmax', 'softmaxNaive', 'dot',
  'createTrainer', 'trainerStep', 'trainerEvaluate', 'trainerAttention']);

/** The names of the generated methods, in the order docs/API.md lists them. */
export const STATELESS = MODULES.flatMap((m) => m.functions).map((f) => f.name).filter((name) => !HAND_WRITTEN.has(name));

/** name → method for every stateless function (`calls` from makeCalls, `guarded` from makeTrapGuard). */
export function statelessMethods(calls, guarded) {
  return Object.fromEntries(STATELESS.map((name) => [name, (options) => guarded(name, () => calls.call(name, options), true)]));
}
