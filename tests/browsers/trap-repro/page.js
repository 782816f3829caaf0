// The page half of tests/browsers/trap-repro.mjs: runRepro(k, samples) makes k fresh engine instances and has each call
// alignmentScaling twice (Lesson 7.2's first drawing: ρ = 0 and ρ = 0.5, 400 rows). It answers { line, grows, traps }:
// line has one character per instance, the traps it had (0, 1 or 2) and "E" when the retried call trapped again;
// grows counts every WebAssembly.Memory.prototype.grow of the instances (all, failed); traps has, per trap, the
// instance, the heap's size then, that instance's grows with their results, and the trap's message and stack.
import { SETUP, freshEngine, stackLine } from './instance.js';

// Every grow of any memory on this page, with its result: the engine's sbrk grows its memory through this call.
let grown = [];
const grow = WebAssembly.Memory.prototype.grow;
WebAssembly.Memory.prototype.grow = function recordedGrow(pages) {
  const from = this.buffer.byteLength;
  try {
    const result = grow.call(this, pages);
    grown.push({ from, pages, ok: true, to: this.buffer.byteLength });
    return result;
  } catch (error) {
    grown.push({ from, pages, ok: false, error: String(error) });
    throw error;
  }
};

window.runRepro = async (k, samples) => {
  const warn = console.warn;
  console.warn = () => {}; // the engine's "runs once more" line, once per trap: counted below instead
  const out = { line: '', grows: { all: 0, failed: 0 }, traps: [] };
  try {
    for (let i = 0; i < k; i += 1) {
      grown = [];
      const engine = await freshEngine((error, heapBytes) => out.traps.push({ instance: i, heapBytes, grows: grown.slice(),
        message: String(error), stack: stackLine(error, 8) }));
      let failed = '';
      try {
        for (const rho of [0, 0.5]) engine.alignmentScaling({ ...SETUP, samples, rho });
      } catch {
        failed = 'E';
      }
      out.line += `${engine.resources().traps}${failed}`;
      out.grows.all += grown.length;
      out.grows.failed += grown.filter((g) => !g.ok).length;
    }
  } finally {
    console.warn = warn;
  }
  return out;
};
document.body.dataset.ready = '1';
