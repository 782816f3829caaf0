// The JSC-shell half of tests/browsers/jsc-shell/run.mjs (bundled by it with the page's build options, so the same
// engine glue and wasm bytes as the page): runRepro(k, samples) makes k fresh engine instances and has each call
// alignmentScaling twice with Lesson 7.2's first settings (ρ = 0 and ρ = 0.5), as tests/browsers/trap-repro/page.js
// does in a browser. It prints one line: per instance the traps it had (0, 1, 2) and "E" when the retry trapped too,
// then a line per trap with its message and stack.
import { SETUP, freshEngine, stackLine } from '../trap-repro/instance.js';

// `garbage` JS objects are allocated before each call (0: none), so that garbage collections, which free retired
// WebAssembly code, happen between and during the instances' tier-ups.
let kept = null;
const litter = (count) => {
  for (let i = 0; i < count; i += 1) kept = { i, next: kept && (i % 64 ? kept : null), text: `x${i}` };
};

globalThis.runRepro = async (k, samples, garbage = 0) => {
  let line = '';
  const traps = [];
  let reference = null;
  let differ = 0;
  for (let i = 0; i < k; i += 1) {
    const engine = await freshEngine((error, heapBytes) => traps.push(`trap in instance ${i}: heap ${heapBytes}; ${error}; ${stackLine(error, 10)}`));
    let failed = '';
    try {
      const results = [0, 0.5].map((rho) => (litter(garbage), engine.alignmentScaling({ ...SETUP, samples, rho })));
      const digest = JSON.stringify(results.map((r) => [r.inverseSqrt.entropy, r.mup.maxWeight]));
      if (reference === null) reference = digest;
      else if (digest !== reference) differ += 1;
    } catch {
      failed = 'E';
    }
    line += `${engine.resources().traps}${failed}`;
  }
  print(`${line} differ=${differ}`);
  for (const t of traps) print(`  ${t}`);
};
