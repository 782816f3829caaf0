// A WebAssembly trap is never a bad setting (web/engine/trap-guard.js, `guarded`). Here a binding is made to trap for real: it
// is handed an address past the end of WASM memory, and the engine must put its stack pointer back, run a stateless
// call once more with the right address (and answer exactly what an untouched engine answers), count the trap, and
// report a second trap as a RuntimeError that says what happened. Trainer calls are never run twice.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import createAttentionCore from '../../build/wasm/attention_core.cjs';
import { engineOf } from '../../web/engine.js';

const OUTSIDE = 0xfffffff0; // past the end of any memory this module can have: the first read traps
const OPTIONS = { dKs: [4, 16, 64], n: 8, samples: 40, rho: 0.5 };

/** An engine whose `name` binding traps on its first `times` calls (with a bad address), then behaves. */
function trapping(name, times) {
  const core = createAttentionCore();
  const real = core[name];
  let left = times;
  core[name] = (...args) => {
    if (left > 0) {
      left -= 1;
      args[args.length - 1] = OUTSIDE; // the slot block's address is the binding's last argument
    }
    return real(...args);
  };
  return { core, engine: engineOf(core) };
}

test('a call that traps once is run again: the engine\'s own answer, the stack pointer back, the trap counted', () => {
  const reference = engineOf(createAttentionCore()).alignmentScaling(OPTIONS);
  const { core, engine } = trapping('alignmentScaling', 1);
  const stack = core.stackSave();
  const before = engine.resources();
  assert.equal(before.traps, 0);
  const value = engine.alignmentScaling(OPTIONS);
  assert.deepEqual(value.mup.alignedLogit, reference.mup.alignedLogit);
  assert.deepEqual(value.inverseSqrt.maxWeight, reference.inverseSqrt.maxWeight);
  assert.equal(core.stackSave(), stack, 'the stack pointer is where it was before the call');
  const after = engine.resources();
  assert.equal(after.traps, 1);
  assert.equal(after.valueHandles, before.valueHandles, 'no JS value handle is left behind');
  // The next calls work and answer the same.
  assert.deepEqual(engine.alignmentScaling(OPTIONS).mup.alignedLogit, reference.mup.alignedLogit);
  assert.equal(engine.resources().traps, 1);
});

test('a call that traps twice throws a RuntimeError that names the function and says it is not the settings', () => {
  const { core, engine } = trapping('alignmentScaling', 2);
  const stack = core.stackSave();
  assert.throws(() => engine.alignmentScaling(OPTIONS), (error) => error instanceof WebAssembly.RuntimeError
    && /^alignmentScaling: the engine stopped with a WebAssembly trap \(.+\); this is a fault in the engine or the browser, not in the settings$/.test(error.message));
  assert.equal(core.stackSave(), stack);
  assert.equal(engine.resources().traps, 2);
  assert.equal(engine.alignmentScaling(OPTIONS).n, 8, 'the next call works');
});

test('a trainer call that traps is not run twice: one trap, reported, and the trainer goes on', () => {
  const { core, engine } = trapping('trainerEvaluate', 1);
  const trainer = engine.createTrainer({ L: 5, trainSize: 200, valSize: 20, testSize: 20, epochs: 1 });
  try {
    const stack = core.stackSave();
    assert.throws(() => trainer.evaluate('val'), (error) => error instanceof WebAssembly.RuntimeError && /^trainerEvaluate: /.test(error.message));
    assert.equal(core.stackSave(), stack);
    assert.equal(engine.resources().traps, 1);
    assert.equal(trainer.evaluate('val').count, 20);
  } finally {
    trainer.delete();
  }
});
