// The page half of tests/browsers/trap-repro.mjs: runRepro(k, samples) makes k fresh engine instances and has each call
// alignmentScaling twice (Lesson 7.2's first drawing: ρ = 0 and ρ = 0.5, 400 rows); returns one character per
// instance: the traps it had (0, 1 or 2) and "E" when the retried call trapped again.
import createAttentionCore from '../../../build/wasm/attention_core.cjs';
import { engineOf } from '../../../web/engine.js';

const SETUP = { dKs: [4, 8, 16, 32, 64, 128, 256, 512, 1024], n: 16, baseDK: 16, seed: 1 };

window.runRepro = async (k, samples) => {
  const warn = console.warn;
  console.warn = () => {}; // the engine's "runs once more" line, once per trap: counted below instead
  let out = '';
  try {
    for (let i = 0; i < k; i += 1) {
      const engine = engineOf(await createAttentionCore());
      let failed = '';
      try {
        for (const rho of [0, 0.5]) engine.alignmentScaling({ ...SETUP, samples, rho });
      } catch {
        failed = 'E';
      }
      out += `${engine.resources().traps}${failed}`;
    }
  } finally {
    console.warn = warn;
  }
  return out;
};
document.body.dataset.ready = '1';
