// The only JavaScript that touches the Emscripten module. It loads the engine once, passes options objects in,
// and turns the bindings' { ok: false, error } answers into ordinary Errors. It does no math of its own.
import createAttentionCore from '../build/wasm/attention_core.cjs';

let enginePromise = null;

// Calls one binding; every binding answers { ok, value } or { ok: false, error }.
function call(core, name, options) {
  const answer = core[name](options);
  if (!answer.ok) throw new Error(`${name}: ${answer.error}`);
  return answer.value;
}

function makeEngine(core) {
  const info = core.info();
  return Object.freeze({
    /** { version, kernels: "wasm_simd128" | "scalar", simd: boolean } */
    info,

    /** Scaled dot-product attention; see docs/API.md. */
    attention(options) {
      return call(core, 'attention', options);
    },

    /** Stable softmax of beta·values. */
    softmax(values, beta = 1) {
      return call(core, 'softmax', { values, beta });
    },

    /** The textbook exp(beta·x)/Σexp(beta·x), which overflows to NaN past beta·x ≈ 88.72 (float32). */
    softmaxNaive(values, beta = 1) {
      return call(core, 'softmaxNaive', { values, beta });
    },

    /** a·b for two equally long arrays. */
    dot(a, b) {
      return call(core, 'dot', { a, b });
    },

    /** The engine's seeded generator: { seed, count, distribution: "uniform" | "normal" } → Float64Array. */
    random(options) {
      return call(core, 'random', options);
    },

    /** Every matrix of the "money bank grows" lesson. */
    selfAttentionExample(options = {}) {
      return call(core, 'selfAttentionExample', options);
    },

    /** What the engine holds right now: malloc'd bytes and live JS-value handles (tests use it to find leaks). */
    resources() {
      return { heapBytes: core.heapInUse(), valueHandles: core.count_emval_handles() };
    },
  });
}

/** Resolves to the engine. Every caller on a page shares one instance. */
export function loadEngine() {
  if (!enginePromise) {
    enginePromise = createAttentionCore().then(makeEngine, (error) => {
      enginePromise = null;  // let a later call try again
      throw error;
    });
  }
  return enginePromise;
}
