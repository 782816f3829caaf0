// The only JavaScript that touches the Emscripten module. Each method checks its options against the function's
// schema (web/schema/) while copying them, once, into WASM memory this module owns (an arena reused from call to
// call), calls the binding of the same name (cpp/bindings/<module>.cpp) with the address, and answers copies of the
// results. attention, softmax and dot call plain WASM exports with pointers: no JS value crosses on their way. It
// does no math of its own.
import createAttentionCore from '../build/wasm/attention_core.cjs';
import { readAttention } from './schema/attention-fast.js';
import { SCHEMA } from './schema/index.js';
import { named, placed, readOptions } from './schema/validate.js';
import { fmt } from './schema/types.js';

let enginePromise = null;

const ARENA_START = 64 << 10; // bytes the arena starts with (and keeps): every small call fits
const ARENA_KEEP = 4 << 20; // an arena grown past this for one big call is given back after it

/** WASM memory for one call's options and results, reused while it is small; web/schema/validate.js fills it. */
function makeArena(core) {
  let size = ARENA_START;
  let base = core._malloc(size);
  return {
    /** The address of `bytes` free bytes (16-aligned), valid until the next reserve(). */
    reserve(bytes) {
      if (bytes > size) {
        core._free(base);
        size = Math.max(bytes, 2 * size);
        base = core._malloc(size);
        if (!base) {
          size = ARENA_START;
          base = core._malloc(size);
          throw new Error(`the engine cannot allocate ${bytes} bytes for this call`);
        }
      }
      return base;
    },
    /** After a call: a big arena goes back to its starting size (its memory to malloc). */
    release() {
      if (size <= ARENA_KEEP) return;
      core._free(base);
      size = ARENA_START;
      base = core._malloc(size);
    },
    /** The bytes the arena holds between calls: from ARENA_START up to ARENA_KEEP, counted in heapBytes. */
    bytes: () => size,
    // Views of the whole memory, fetched each time: memory growth replaces them.
    f32: () => core.HEAPF32,
    f64: () => core.HEAPF64,
    i32: () => core.HEAP32,
    u8: () => core.HEAPU8,
  };
}

const align = (bytes) => (bytes + 15) & ~15;

function makeEngine(core) {
  const arena = makeArena(core);

  /**
   * The checked options of `name`, copied into the arena (their addresses in `placed`); a bad one throws an Error.
   * slots: false for the plain exports, which take pointers and sizes instead of a slot block.
   */
  let reading = false; // a caller's getter or Proxy may not call the engine while its options are read
  const read = (name, options, ctx, extra, slots = true) => {
    if (reading) throw new Error(`${name}: called from a getter or Proxy while another call's options were read`);
    reading = true;
    try {
      return readOptions(SCHEMA[name], options, arena, ctx, extra, slots);
    } catch (error) {
      arena.release();
      throw named(name, error);
    } finally {
      reading = false;
    }
  };
  /** The slot block of a binding's options. */
  const slotsOf = (name, options, ctx) => {
    read(name, options, ctx);
    return placed.base;
  };
  /** What a binding answered: a string is a problem only the engine could see. */
  const answer = (name, value) => {
    arena.release();
    if (typeof value === 'string') throw new Error(`${name}: ${value}`);
    return value;
  };

  // A WebAssembly trap (RuntimeError: an out-of-bounds access, `unreachable`) is never a bad setting. It skips the
  // epilogues that give the engine's stack back, so the stack pointer is put back by hand; the call's C++ allocations
  // are lost (a few KiB). A call without state of its own runs once more: twice in WebKit's CI the page's engine
  // trapped in a call that passes everywhere else with the same options (Lesson 7's alignmentScaling), and the second
  // run is the engine's own answer. A second trap is thrown as a RuntimeError that says so (a worker then retires).
  let traps = 0;
  /** call() guarded: a trap restores the stack, and with `retry` runs the call once more. */
  const guarded = (name, call, retry) => {
    const stack = core.stackSave();
    for (let run = 0; ; run += 1) {
      try {
        return call();
      } catch (error) {
        if (!(error instanceof WebAssembly.RuntimeError)) throw error;
        core.stackRestore(stack);
        arena.release();
        traps += 1;
        const what = `${name}: the engine stopped with a WebAssembly trap (${error.message})`;
        if (!retry || run > 0) throw new WebAssembly.RuntimeError(`${what}; this is a fault in the engine or the browser, not in the settings`);
        console.warn(`${what}; the call runs once more`);
      }
    }
  };
  /** A stateless binding: its options checked and placed, its answer, a trap retried once. */
  const run = (name, binding, options, ctx) => guarded(name, () => answer(name, binding(slotsOf(name, options, ctx))), true);

  // ---- attention: results laid out after the options, only those asked for -----------------------------------
  const attentionBytes = (o) => {
    const plane = 4 * o.heads * o.nQ * o.nK;
    let bytes = 0;
    for (let bit = 0; bit < 3; bit += 1) if (o.outputs & (1 << bit)) bytes += align(plane);
    if (o.outputs & 8) bytes += align(4 * o.nQ * o.heads * o.dV);
    return bytes + align(4 * 2 * 8 * o.nK) + 16; // the workspace (kAttentionRowBlock rows, twice) and the problem slot
  };
  function attention(options) {
    if (reading) throw new Error('attention: called from a getter or Proxy while another call\'s options were read');
    reading = true;
    let o;
    try {
      o = readAttention(options, arena, attentionBytes);
    } catch (error) {
      arena.release();
      throw named('attention', error);
    } finally {
      reading = false;
    }
    const [q, k, v] = placed.lists;
    const plane = o.heads * o.nQ * o.nK;
    const outLength = o.nQ * o.heads * o.dV;
    const at = [0, 0, 0, 0];
    let next = placed.end;
    for (let bit = 0; bit < 4; bit += 1) {
      if (!(o.outputs & (1 << bit))) continue;
      at[bit] = next;
      next += align(4 * (bit === 3 ? outLength : plane));
    }
    const workspace = next;
    const problem = workspace + align(4 * 2 * 8 * o.nK);
    try {
      const status = core._asl_attention(q, k, v, o.nQ, o.nK, o.dK, o.dV, o.heads,
        o.scale, o.causal ? 1 : 0, at[0], at[1], at[2], at[3], workspace, problem);
      const heap = core.HEAPF32;
      if (status > 0) {
        throw new Error(`attention: the scaled scores overflow float32 (score ${status - 1} = ${fmt(heap[problem >> 2])}): ` +
          'allowed inputs whose scale·q·k stays within ±3.4e38; scale q, k or scale down');
      }
      if (status < 0) {
        throw new Error(`attention: the output overflows float32 (entry ${-status - 1}): allowed values whose weighted ` +
          'sums stay within ±3.4e38; scale v down');
      }
      const copy = (bit, n) => heap.slice(at[bit] >> 2, (at[bit] >> 2) + n);
      const result = {}; // named stores, in OUTPUTS order, so every result of one kind has one shape
      if (at[0]) result.scores = copy(0, plane);
      if (at[1]) result.scaledScores = copy(1, plane);
      if (at[2]) result.weights = copy(2, plane);
      if (at[3]) result.output = copy(3, outLength);
      return result;
    } finally {
      arena.release();
    }
  }

  function softmaxOf(name, values, beta, naive) {
    const o = read(name, { values, beta }, null, (p) => align(4 * p.values.length), false);
    const n = o.values.length;
    const y = placed.end;
    core._asl_softmax(placed.lists[0], o.beta, y, n, naive);
    const out = core.HEAPF32.slice(y >> 2, (y >> 2) + n);
    arena.release();
    return out;
  }

  // ---- the training lab: a trainer is an id into the module's table; this object owns it ---------------------
  function makeTrainer(info) {
    const { id } = info;
    const ctx = { valSize: info.valSize };
    let live = true;
    const alive = (name) => {
      if (!live) throw new Error(`${name}: this trainer has been deleted`);
    };
    return Object.freeze({
      /** The configuration as run (defaults filled in), the parameter tensors and their count, stepsPerEpoch, … */
      info,
      /** Runs up to n optimizer steps: { loss, losses, betas, step, totalSteps, epoch, beta, lr, phase, done, … }. */
      step(n = 1) {
        alive('trainerStep');
        return guarded('trainerStep', () => answer('trainerStep', core.trainerStep(id, slotsOf('trainerStep', { steps: n }))), false);
      },
      /** The current model on "test" (default), "val" or "train": { tokenAccuracy, sequenceAccuracy, loss, count }. */
      evaluate(split = 'test') {
        alive('trainerEvaluate');
        return guarded('trainerEvaluate', () => answer('trainerEvaluate', core.trainerEvaluate(id, slotsOf('trainerEvaluate', { split }))), false);
      },
      /** Attention weights (heads·L·L, row-major) of validation example `index`, with its inputs and prediction. */
      attentionFor(index) {
        alive('trainerAttention');
        return guarded('trainerAttention', () => answer('trainerAttention', core.trainerAttention(id, slotsOf('trainerAttention', { index }, ctx))), false);
      },
      /** Frees the trainer's memory. Safe to call twice. */
      delete() {
        if (!live) return;
        live = false;
        core.trainerDelete(id);
      },
      get deleted() {
        return !live;
      },
    });
  }

  return Object.freeze({
    /** { version, kernels: "wasm_simd128" | "scalar", simd: boolean } */
    info: core.info(),

    /** Scaled dot-product attention: { scores, scaledScores, weights, output }, or those named in `outputs`. */
    attention: (options) => guarded('attention', () => attention(options), true),

    /** Stable softmax of beta·values. */
    softmax(values, beta = 1) {
      return guarded('softmax', () => softmaxOf('softmax', values, beta, 0), true);
    },

    /** The textbook exp(beta·x)/Σexp(beta·x), which overflows to NaN past beta·x ≈ 88.72 (float32). */
    softmaxNaive(values, beta = 1) {
      return guarded('softmaxNaive', () => softmaxOf('softmaxNaive', values, beta, 1), true);
    },

    /** a·b for two equally long arrays. */
    dot(a, b) {
      const value = guarded('dot', () => {
        const o = read('dot', { a, b }, null, null, false);
        return core._asl_dot(placed.lists[0], placed.lists[1], o.a.length);
      }, true);
      arena.release();
      if (!Number.isFinite(value)) {
        throw new Error('dot: a·b overflows float32: allowed a and b whose products and their sum stay within ±3.4e38; scale a or b down');
      }
      return value;
    },

    /** The engine's seeded generator: { seed, count, distribution: "uniform" | "normal" } → Float64Array. */
    random(options) {
      return run('random', core.random, options);
    },

    /** Every matrix of the "money bank grows" lesson. */
    selfAttentionExample(options = {}) {
      return run('selfAttentionExample', core.selfAttentionExample, options);
    },

    /** Lesson 2: `pairs` dot products of random vectors of dimension `dim`, their moments, histogram and theory. */
    dotProducts(options) {
      return run('dotProducts', core.dotProducts, options);
    },

    /** Lesson 2: `values` counted in `bins` equal bins over `range` (by default their own [min, max]). */
    histogram(options) {
      return run('histogram', core.histogram, options);
    },

    /** Lesson 2: mean and variance of all pairwise dot products of `vectors` random vectors for d = 1…maxDim. */
    varianceSweep(options = {}) {
      return run('varianceSweep', core.varianceSweep, options);
    },

    /** Lesson 3: the softmax of two logits [Δ, 0], σ(Δ) and its slope p(1 − p), over a grid of gaps and at one Δ. */
    twoLogitCurve(options = {}) {
      return run('twoLogitCurve', core.twoLogitCurve, options);
    },

    /** Lesson 3: the gap q·k − q·k' between two random scores at each dK, raw and ÷ √dK, and how many pairs sit on the flat tails. */
    gapSpread(options = {}) {
      return run('gapSpread', core.gapSpread, options);
    },

    /** Lesson 2: q·k = ‖q‖‖k‖ cos θ for random pairs: one pair's lengths and angle, and their spread over `pairs` pairs. */
    pairAngles(options) {
      return run('pairAngles', core.pairAngles, options);
    },

    /** Lesson 2: real word vectors against the random model (needs setVocabulary): Var(q·k), cos θ, softmax rows. */
    wordPairs(options = {}) {
      return run('wordPairs', core.wordPairs, options);
    },

    /** Lesson 3: one row's softmax weights, entropy and Jacobian, for given scores or a row drawn for dK. */
    softmaxStats(options = {}) {
      return run('softmaxStats', core.softmaxStats, options);
    },

    /** Lesson 3: Monte Carlo Jacobian norm against dK, unscaled and scaled by 1/√dK. */
    gradientSweep(options = {}) {
      return run('gradientSweep', core.gradientSweep, options);
    },

    /** Lesson 3: every row's gradient norms at one dK, unscaled and scaled, with their spread and a histogram. */
    gradientDistribution(options) {
      return run('gradientDistribution', core.gradientDistribution, options);
    },

    /** The largest softmax weight one key can get in a row of n logits with spread sd, and the row that reaches it. */
    peakWeightCap(options) {
      return run('peakWeightCap', core.peakWeightCap, options);
    },

    /** Lesson 2: both sides of Var(cX) = c²·Var(X). */
    scaleVariance(options) {
      return run('scaleVariance', core.scaleVariance, options);
    },

    /** Lesson 3's numerics panel: naive and stable softmax in float32 and float64, and where exp overflows. */
    softmaxNumerics(options) {
      return run('softmaxNumerics', core.softmaxNumerics, options);
    },

    /** Lesson 4: softmax(β·scores) for each β (T = 1/β) with entropy and largest weight, and for scores + shift. */
    boltzmann(options) {
      return run('boltzmann', core.boltzmann, options);
    },

    /** Lesson 4: one score matrix normalised over its last index (rows sum to 1, attention) and over its first. */
    normalisationDemo(options) {
      return run('normalisationDemo', core.normalisationDemo, options);
    },

    /** Lesson 4: each step of Var(q·k) = Σ Var(qᵢkᵢ) = Σ Var(qᵢ)Var(kᵢ) = dK by Monte Carlo, beside its closed form. */
    derivation(options = {}) {
      return run('derivation', core.derivation, options);
    },

    /** Lesson 4: score variances of Q = X·W_q, K = X·W_k predicted and measured, on and off the diagonal. */
    assumptionCheck(options = {}) {
      return run('assumptionCheck', core.assumptionCheck, options);
    },

    /** Lesson 4: W_q and W_k scaled by each drift factor: score variance and softmax sharpness. */
    weightDrift(options = {}) {
      return run('weightDrift', core.weightDrift, options);
    },

    /** Lesson 5: multi-head attention on the "money bank grows" model, Concat(head_1 … head_H)·W^O. */
    multiHeadExample(options = {}) {
      return run('multiHeadExample', core.multiHeadExample, options);
    },

    /** Lesson 5: Monte Carlo over H of per-head score variance and sharpness when scaling by √dK, √dModel or 1. */
    multiHeadSweep(options = {}) {
      return run('multiHeadSweep', core.multiHeadSweep, options);
    },

    /** Lesson 7: per n, the largest weight and entropy of one logit `top` among n − 1 logits `rest`, plain and × s·ln n. */
    lengthScaling(options) {
      return run('lengthScaling', core.lengthScaling, options);
    },

    /** Lesson 7: per dK, a query's logits against an aligned key and n − 1 others, under 1/√dK and μP's 1/dK. */
    alignmentScaling(options) {
      return run('alignmentScaling', core.alignmentScaling, options);
    },

    /** Lesson 7: per drift factor f on queries and keys, row entropy and largest weight under 1/√dK, QK-norm and qk-layernorm. */
    qkNormDemo(options = {}) {
      return run('qkNormDemo', core.qkNormDemo, options);
    },

    /**
     * Lesson 1's real words: replaces the engine's vocabulary with `size` words and their int8 vectors (codes times a
     * scale per word) → { size, dim }. web/vocabulary.js calls it with the page's data; nearestWords needs it.
     */
    setVocabulary(options) {
      return run('setVocabulary', core.setVocabulary, options);
    },

    /** The vocabulary's k words nearest by cosine to { word } or { vector } → { words, cosines, indices }, nearest first. */
    nearestWords(options) {
      return run('nearestWords', core.nearestWords, options);
    },

    /**
     * Lesson 6: a training run of the sequence-reversal task (docs/API.md). The trainer holds WASM memory until its
     * delete(): use try { … } finally { trainer.delete(); }.
     */
    createTrainer(options = {}) {
      return makeTrainer(guarded('createTrainer', () => answer('createTrainer', core.createTrainer(slotsOf('createTrainer', options))), false));
    },

    /** Lesson 6: createTrainer's info for these options, without building the trainer (its configuration checked). */
    describeTrainer(options = {}) {
      return run('describeTrainer', core.describeTrainer, options);
    },

    /** What the engine holds right now: malloc'd bytes, live JS-value handles, live trainers (tests find leaks), and the traps so far. */
    resources() {
      return { heapBytes: core.heapInUse(), arenaBytes: arena.bytes(), valueHandles: core.count_emval_handles(), trainers: core.trainerCount(), traps };
    },
  });
}

/** The engine around an Emscripten module instance (tests hand it one to make it trap). */
export const engineOf = makeEngine;

/** Resolves to the engine. Every caller on a page shares one instance. */
export function loadEngine() {
  if (!enginePromise) {
    // The core is compiled synchronously (see CMakeLists.txt); the promise keeps loadEngine() async for callers.
    enginePromise = Promise.resolve().then(() => createAttentionCore()).then(makeEngine, (error) => {
      enginePromise = null; // let a later call try again
      throw error;
    });
  }
  return enginePromise;
}
