// What the two trap diagnostics share (tests/browsers/trap-repro/page.js in a browser, tests/browsers/jsc-shell/repro.js
// in bare JavaScriptCore): Lesson 7.2's first settings, and a fresh engine whose alignmentScaling binding reports
// each WebAssembly trap before it is thrown on to the engine's retry.
import createAttentionCore from '../../../build/wasm/attention_core.cjs';
import { engineOf } from '../../../web/engine.js';

export const SETUP = { dKs: [4, 8, 16, 32, 64, 128, 256, 512, 1024], n: 16, baseDK: 16, seed: 1 };

/** A fresh engine instance; onTrap(error, heapBytes) is called for every trap in its alignmentScaling binding. */
export async function freshEngine(onTrap) {
  const core = await createAttentionCore();
  const binding = core.alignmentScaling;
  core.alignmentScaling = (address) => {
    try {
      return binding(address);
    } catch (error) {
      onTrap(error, core.HEAPU8.buffer.byteLength);
      throw error;
    }
  };
  return engineOf(core);
}

/** The first `lines` lines of an error's stack on one line. */
export const stackLine = (error, lines) => String(error.stack).split('\n').slice(0, lines).join(' | ');
