// A background engine for the Monte Carlo parts (web/engine-pool.js starts two; the worker is app.js itself, see
// web/entry.js). It loads its own copy of the engine, posts { type: 'ready' } (or { type: 'failed', message }), then
// answers each { id, name, options } with { id, value, ms } or { id, error }: the engine's own result and the
// milliseconds the call took, or the message of the Error it threw (fatal when it was a WebAssembly trap). Same WASM,
// same seeds: the numbers are the ones the page's engine would give.
import { loadEngine } from './engine.js';
import { OFFLOADED } from './engine-pool.js';

const message = (error) => (error instanceof Error ? error.message : String(error));

loadEngine().then((engine) => {
  self.onmessage = ({ data }) => {
    const { id, name, options } = data;
    try {
      if (!OFFLOADED.includes(name)) throw new Error(`${name}: not a function the background engine runs`);
      const t0 = performance.now();
      const value = engine[name](options);
      self.postMessage({ id, value, ms: performance.now() - t0 });
    } catch (error) {
      // A trap (WebAssembly.RuntimeError) leaves this engine's memory in doubt: the pool retires the worker.
      self.postMessage({ id, error: message(error), fatal: error instanceof WebAssembly.RuntimeError });
    }
  };
  self.postMessage({ type: 'ready' });
}, (error) => self.postMessage({ type: 'failed', message: message(error) }));
