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

    /**
     * Lesson 2: `pairs` dot products of random vectors of dimension `dim`, with their mean, population variance,
     * histogram and what theory predicts. See docs/API-lessons-2-3.md.
     */
    dotProducts(options) {
      return call(core, 'dotProducts', options);
    },

    /** Lesson 2: mean and variance of all pairwise dot products of `vectors` random vectors for d = 1…maxDim. */
    varianceSweep(options = {}) {
      return call(core, 'varianceSweep', options);
    },

    /** Lesson 3: one row's softmax weights, entropy and Jacobian, for given scores or a row drawn for dK. */
    softmaxStats(options = {}) {
      return call(core, 'softmaxStats', options);
    },

    /** Lesson 3: Monte Carlo mean Jacobian norm against dK, unscaled and scaled by 1/√dK. */
    gradientSweep(options = {}) {
      return call(core, 'gradientSweep', options);
    },

    /** Lesson 2: both sides of Var(cX) = c²·Var(X). */
    scaleVariance(options) {
      return call(core, 'scaleVariance', options);
    },

    /** Lesson 3's numerics panel: naive and stable softmax in float32 and float64, and where exp overflows. */
    softmaxNumerics(options) {
      return call(core, 'softmaxNumerics', options);
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
    // The core is compiled synchronously (see CMakeLists.txt); the promise keeps loadEngine() async for callers.
    enginePromise = Promise.resolve().then(() => createAttentionCore()).then(makeEngine, (error) => {
      enginePromise = null;  // let a later call try again
      throw error;
    });
  }
  return enginePromise;
}
