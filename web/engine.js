// The only JavaScript that touches the Emscripten module. It loads the engine once, passes options objects in,
// and turns the bindings' { ok: false, error } answers into ordinary Errors. It does no math of its own.
import createAttentionCore from '../build/wasm/attention_core.cjs';

let enginePromise = null;

// The engine's longest list (kMaxElements in cpp/bindings/bindings.cpp): a longer array is refused before it is copied.
const MAX_LIST = 16777216;

const what = (x) => (typeof x === 'string' ? JSON.stringify(x) : typeof x === 'object' ? (x === null ? 'null' : Array.isArray(x) ? 'an array' : 'an object') : typeof x);

/**
 * A plain copy of one option value: numbers, strings, booleans, null and undefined as they are; arrays as arrays of
 * numbers; typed arrays as copies; plain objects copied the same way. Everything a caller's getter, Proxy or array
 * element could do happens here, in JavaScript, before the engine runs: a caller's own exception propagates and the
 * engine is untouched. BigInts, Symbols, functions and non-numbers inside arrays are refused by name.
 */
function plainValue(fn, key, value) {
  const type = typeof value;
  if (type === 'bigint' || type === 'symbol' || type === 'function') {
    throw new Error(`${fn}: ${key} is a ${type}: not allowed (numbers, strings, booleans and arrays of numbers are)`);
  }
  if (type !== 'object' || value === null) return value;
  if (ArrayBuffer.isView(value)) {
    if (value instanceof DataView) return value; // refused by the binding, which names it
    if (value instanceof BigInt64Array || value instanceof BigUint64Array) {
      throw new Error(`${fn}: ${key} is a ${value.constructor.name}: not allowed; pass a Float32Array, a Float64Array or an array of numbers`);
    }
    try {
      return value.slice();
    } catch {
      throw new Error(`${fn}: ${key} is a ${value.constructor.name} whose buffer is detached: pass one that holds its values`);
    }
  }
  if (Array.isArray(value)) {
    const n = value.length;
    if (n > MAX_LIST) throw new Error(`${fn}: ${key} has ${n} entries: allowed at most ${MAX_LIST}`);
    const copy = new Array(n);
    for (let i = 0; i < n; i += 1) {
      const x = value[i];
      if (typeof x !== 'number') throw new Error(`${fn}: ${key}[${i}] = ${what(x)} is not allowed: entries must be numbers`);
      copy[i] = x;
    }
    return copy;
  }
  return plainOptions(fn, value);
}

/** The options object as plain data (see plainValue); anything else is passed on for the binding to refuse by name. */
function plainOptions(fn, options) {
  if (options === null || typeof options !== 'object' || Array.isArray(options) || ArrayBuffer.isView(options)) return options;
  const out = {};
  for (const key of Object.keys(options)) out[key] = plainValue(fn, key, options[key]);
  return out;
}

// Calls one binding with a plain copy of its options; every binding answers { ok, value } or { ok: false, error }.
function call(core, name, options) {
  const answer = core[name](plainOptions(name, options));
  if (!answer.ok) throw new Error(`${name}: ${answer.error}`);
  return answer.value;
}

// A trainer is an id into the module's table; this object owns it. After delete() every method throws.
function makeTrainer(core, info) {
  const { id } = info;
  let live = true;
  const use = (name, options) => {
    if (!live) throw new Error(`${name}: this trainer has been deleted`);
    return call(core, name, { id, ...options });
  };
  return Object.freeze({
    /** The configuration as run (defaults filled in), the parameter tensors and their count, stepsPerEpoch, … */
    info,
    /** Runs up to n optimizer steps: { loss, losses, betas, step, totalSteps, epoch, beta, lr, phase, done, … }. */
    step(n = 1) {
      return use('trainerStep', { steps: n });
    },
    /** The current model on "test" (default), "val" or "train": { tokenAccuracy, sequenceAccuracy, loss, count }. */
    evaluate(split = 'test') {
      return use('trainerEvaluate', { split });
    },
    /** Attention weights (heads·L·L, row-major) of validation example `index`, with its inputs and prediction. */
    attentionFor(index) {
      return use('trainerAttention', { index });
    },
    /** Frees the trainer's memory. Safe to call twice. */
    delete() {
      if (!live) return;
      live = false;
      call(core, 'trainerDelete', { id });
    },
    get deleted() {
      return !live;
    },
  });
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
     * histogram and what theory predicts. See docs/API.md.
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

    /**
     * Lesson 3: Monte Carlo Jacobian norm against dK, unscaled and scaled by 1/√dK: mean, median, quartiles, share
     * of rows below `threshold`, and for model "dot" the gradient that reaches the query.
     */
    gradientSweep(options = {}) {
      return call(core, 'gradientSweep', options);
    },

    /** Lesson 3: every row's gradient norms at one dK, unscaled and scaled, with their spread and a log-bin histogram. */
    gradientDistribution(options) {
      return call(core, 'gradientDistribution', options);
    },

    /** The largest softmax weight one key can get in a row of n logits with spread sd, and the row that reaches it. */
    peakWeightCap(options) {
      return call(core, 'peakWeightCap', options);
    },

    /** Lesson 2: both sides of Var(cX) = c²·Var(X). */
    scaleVariance(options) {
      return call(core, 'scaleVariance', options);
    },

    /** Lesson 3's numerics panel: naive and stable softmax in float32 and float64, and where exp overflows. */
    softmaxNumerics(options) {
      return call(core, 'softmaxNumerics', options);
    },

    /** Lesson 4: softmax(β·scores) for each β (T = 1/β) with entropy and largest weight, and for scores + shift. */
    boltzmann(options) {
      return call(core, 'boltzmann', options);
    },

    /** Lesson 4: one score matrix normalised over its last index (rows sum to 1, attention) and over its first. */
    normalisationDemo(options) {
      return call(core, 'normalisationDemo', options);
    },

    /** Lesson 4: each step of Var(q·k) = Σ Var(qᵢkᵢ) = Σ Var(qᵢ)Var(kᵢ) = dK by Monte Carlo, beside its closed form. */
    derivation(options = {}) {
      return call(core, 'derivation', options);
    },

    /** Lesson 4: score variances of Q = X·W_q, K = X·W_k predicted and measured, on and off the diagonal. */
    assumptionCheck(options = {}) {
      return call(core, 'assumptionCheck', options);
    },

    /** Lesson 4: W_q and W_k scaled by each drift factor: score variance and softmax sharpness. */
    weightDrift(options = {}) {
      return call(core, 'weightDrift', options);
    },

    /** Lesson 5: multi-head attention on the "money bank grows" model, Concat(head_1 … head_H)·W^O. */
    multiHeadExample(options = {}) {
      return call(core, 'multiHeadExample', options);
    },

    /** Lesson 5: Monte Carlo over H of per-head score variance and sharpness when scaling by √dK, √dModel or 1. */
    multiHeadSweep(options = {}) {
      return call(core, 'multiHeadSweep', options);
    },

    /**
     * Lesson 7: for each n in `ns`, the largest weight and entropy of a row with one logit `top` and n − 1 logits
     * `rest`, plain and with every logit multiplied by s·ln n (closed form; n up to 10¹²). See docs/API.md.
     */
    lengthScaling(options) {
      return call(core, 'lengthScaling', options);
    },

    /** Lesson 7: per dK, a query's logits against an aligned key (correlation rho) and n − 1 others, under 1/√dK and μP's 1/dK. */
    alignmentScaling(options) {
      return call(core, 'alignmentScaling', options);
    },

    /** Lesson 7: per drift factor f on queries and keys, row entropy and largest weight under 1/√dK, QK-norm and qk-layernorm. */
    qkNormDemo(options = {}) {
      return call(core, 'qkNormDemo', options);
    },

    /**
     * Lesson 6: a training run of the sequence-reversal task ({ model, L, R, trainSize, valSize, testSize, dModel,
     * heads, betaStrategy, beta, lr, batchSize, epochs, seed, … }; see docs/API.md). The trainer holds WASM
     * memory until its delete(): use try { … } finally { trainer.delete(); }.
     */
    createTrainer(options = {}) {
      return makeTrainer(core, call(core, 'createTrainer', options));
    },

    /** What the engine holds right now: malloc'd bytes, live JS-value handles and live trainers (tests find leaks). */
    resources() {
      return { heapBytes: core.heapInUse(), valueHandles: core.count_emval_handles(), trainers: core.trainerCount() };
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
