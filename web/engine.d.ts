// Generated from web/schema/ by build-scripts/schema-gen.mjs: do not edit (tests/js/schema.test.mjs fails when it
// differs, and type-checks tests/types/example.ts against it with tsc --noEmit). The API of web/engine.js.

export type Floats = Float32Array | Float64Array | ArrayLike<number>;
export type AttentionOutput = "scores" | "scaledScores" | "weights" | "output";

/** A lesson function's result: numbers, booleans, strings, typed arrays and nested objects of them (docs/API.md). */
export interface LessonResult {
  readonly [field: string]: any;
}

export interface SelfAttentionExample extends LessonResult {
  tokens: string[];
  dModel: number;
  dK: number;
  dV: number;
  scale: number;
  causal: boolean;
  embeddings: Float32Array;
  wQ: Float32Array;
  wK: Float32Array;
  wV: Float32Array;
  q: Float32Array;
  k: Float32Array;
  v: Float32Array;
  scores: Float32Array;
  scaledScores: Float32Array;
  weights: Float32Array;
  /** AV, before the residual. */
  mix: Float32Array;
  /** X + AV with the meaningful head, AV with random weights. */
  contextual: Float32Array;
  scoreVariance: number;
  scaledScoreVariance: number;
  maxWeight: number;
  /** 'words' when the rows of X are the loaded word vectors (for the words they have), else 'random'. */
  embeddingsUsed: 'words' | 'random';
  head: 'meaningful' | 'random';
  /** Words in the loaded vocabulary; 0 until it is loaded. */
  vocabularySize: number;
  /** The factor a stand-in vector's N(0, 1) entries were multiplied by (1 with random embeddings). */
  unknownScale: number;
  /** The diagonal of the weights is 0: each token's own score was left out of its softmax. */
  selfMasked: boolean;
  residual: boolean;
  /** Per token: its row of X is the word's vector. */
  inVocabulary: boolean[];
  /** Per token: the words nearest its contextual embedding by cosine, best first, the sentence's own words left out. */
  nearest: { words: string[]; cosines: Float32Array }[];
}

export interface TrainerEvaluation {
  tokenAccuracy: number;
  sequenceAccuracy: number;
  loss: number;
  count: number;
  split: 'test' | 'val' | 'train';
  step: number;
  beta: number;
  computeMs: number;
}

export interface TrainerStep extends LessonResult {
  stepsRun: number;
  loss: number | null;
  meanLoss: number | null;
  losses: Float32Array;
  betas: Float32Array;
  step: number;
  totalSteps: number;
  epoch: number;
  beta: number;
  lr: number;
  phase: 'search' | 'train' | 'done';
  done: boolean;
  computeMs: number;
}

export interface TrainerAttention {
  index: number;
  heads: number;
  L: number;
  weights: Float32Array;
  inputs: Int32Array;
  targets: Int32Array;
  predicted: Int32Array;
  beta: number;
  step: number;
}

/** A trainer's configuration as run (defaults filled in), with its architecture. */
export interface TrainerInfo extends LessonResult {
  id: number;
  model: "encoder" | "attention";
  L: number;
  R: number;
  trainSize: number;
  valSize: number;
  testSize: number;
  dModel: number;
  heads: number;
  betaStrategy: "inverse-sqrt-dk" | "fixed" | "search" | "dynamic" | "learned" | "qk-norm" | "qk-layernorm";
  beta: number;
  lr: number;
  betaLr: number;
  batchSize: number;
  epochs: number;
  warmupSteps: number;
  clipNorm: number;
  seed: number;
  searchPowers: number;
  searchIterations: number;
  probeEpochs: number;
  dK: number;
  stepsPerEpoch: number;
  totalSteps: number;
  parameterCount: number;
  memoryBytes: number;
  kernels: string;
}

/** attention's options. Scaled dot-product attention, forward, with the intermediates asked for. */
export interface AttentionOptions<O extends AttentionOutput = AttentionOutput> {
  /** queries, (nQ, heads·dK) row-major. length nQ·heads·dK; required. */
  q: Float32Array | ArrayLike<number>;
  /** keys, (nK, heads·dK). length nK·heads·dK; required. */
  k: Float32Array | ArrayLike<number>;
  /** values, (nK, heads·dV). length nK·heads·dV; required. */
  v: Float32Array | ArrayLike<number>;
  /** number of queries. 1 … 4096; required. */
  nQ: number;
  /** number of keys (and values). 1 … 4096; required. */
  nK: number;
  /** per-head width of queries and keys; heads·dK ≤ 4096. 1 … 4096; required. */
  dK: number;
  /** per-head width of values; heads·dV ≤ 4096. 1 … 4096; required. */
  dV: number;
  /** number of heads; head h uses columns h·dK … (h+1)·dK − 1 of q and k, and h·dV … of v; heads·nQ·nK ≤ 2²⁴. 1 … 64; default 1. */
  heads?: number;
  /** the factor applied to the scores. 0 … 1e+30; default 1/√dK. */
  scale?: number;
  /** query i sees only keys j ≤ i (as PyTorch's is_causal, aligned at the top left). true or false; default false. */
  causal?: boolean;
  /** the results to compute and return; the others are neither computed nor copied. 1 … 4 of "scores", "scaledScores", "weights", "output"; default all four. */
  outputs?: readonly O[];
}

/** random's options. Numbers from the engine's seeded generator. */
export interface RandomOptions {
  /** the generator's seed. 0 … 4294967295; default 1. */
  seed?: number;
  /** how many numbers. 1 … 1048576; default 16. */
  count?: number;
  /** uniform on [0, 1) or standard normal. "uniform" \| "normal"; default "uniform". */
  distribution?: "uniform" | "normal";
}

/** selfAttentionExample's options. Every matrix of Lesson 1, from a sentence to its contextual embeddings. */
export interface SelfAttentionExampleOptions {
  /** 1 to 12 whitespace-separated words, each at most 40 bytes. text, at most 600 bytes; default "money bank grows". */
  sentence?: string;
  /** width of the static embeddings. 1 … 4096; default 8. */
  dModel?: number;
  /** width of queries and keys. 1 … 4096; default 4. */
  dK?: number;
  /** width of values and contextual embeddings. 1 … 4096; default dModel. */
  dV?: number;
  /** seed of W_q, W_k, W_v. 0 … 4294967295; default 1. */
  seed?: number;
  /** divide the scores by √dK. true or false; default true. */
  scaled?: boolean;
  /** causal mask. true or false; default false. */
  causal?: boolean;
  /** static embeddings: words, the loaded word vectors (dModel becomes their width, 100; a word they lack, or every word before they are loaded, gets its seeded vector, rescaled to their mean length), or random, a seeded vector per word. "words" \| "random"; default "words". */
  embeddings?: "words" | "random";
  /** meaningful: W_q = W_k = W_v = I (so dK = dV = dModel), each token's own score masked, and the residual Z = X + AV; random: seeded random W_q, W_k, W_v (a head at initialisation) and Z = AV. "meaningful" \| "random"; default "meaningful". */
  head?: "meaningful" | "random";
  /** nearest words listed per contextual embedding, by cosine, leaving out the sentence's own words (only with loaded word vectors). 0 … 50; default 5. */
  nearest?: number;
}

/** dotProducts's options. Lesson 2: `pairs` dot products of random vectors of dimension `dim`, their moments, histogram and theory. */
export interface DotProductsOptions {
  /** dimension of the vectors; dim·pairs ≤ 2²⁴. 1 … 4096; required. */
  dim: number;
  /** independent pairs (a, b). 1 … 100000; default 1000. */
  pairs?: number;
  /** entries uniform on [0, 1), or normal with mean and std. "uniform" \| "normal"; default "uniform". */
  distribution?: "uniform" | "normal";
  /** μ of normal entries (only with "normal"). -1000 … 1000; default 0. */
  mean?: number;
  /** σ of normal entries (only with "normal"). 0 … 1000; default 1. */
  std?: number;
  /** the generator's seed. 0 … 4294967295; default 1. */
  seed?: number;
  /** histogram bins. 1 … 1000; default 30. */
  bins?: number;
  /** the histogram's window [lo, hi], lo < hi (one window for several panels shares an axis). length 2; default [min, max] of the values. */
  range?: Float32Array | ArrayLike<number>;
}

/** histogram's options. Lesson 2: `values` counted in `bins` equal bins over one window, e.g. several panels' scores binned again on a shared axis. */
export interface HistogramOptions {
  /** the values (float32). 1 … 1048576 finite numbers; required. */
  values: Float32Array | ArrayLike<number>;
  /** histogram bins. 1 … 1000; default 30. */
  bins?: number;
  /** the histogram's window [lo, hi], lo < hi (one window for several panels shares an axis). length 2; default [min, max] of the values. */
  range?: Float32Array | ArrayLike<number>;
}

/** varianceSweep's options. Lesson 2: mean and variance of all pairwise dot products of `vectors` random vectors for d = 1 … maxDim. */
export interface VarianceSweepOptions {
  /** the sweep runs d = 1 … maxDim. 2 … 4096; default 512. */
  maxDim?: number;
  /** random vectors; vectors·(vectors + 1)/2·maxDim ≤ 2²⁸. 2 … 1000; default 100. */
  vectors?: number;
  /** entries uniform on [0, 1), or normal with mean and std. "uniform" \| "normal"; default "uniform". */
  distribution?: "uniform" | "normal";
  /** μ of normal entries (only with "normal"). -1000 … 1000; default 0. */
  mean?: number;
  /** σ of normal entries (only with "normal"). 0 … 1000; default 1. */
  std?: number;
  /** the generator's seed. 0 … 4294967295; default 1. */
  seed?: number;
  /** divide every dot product by √d. true or false; default false. */
  scaled?: boolean;
  /** also return the vectors. true or false; default false. */
  entries?: boolean;
}

/** scaleVariance's options. Lesson 2: both sides of Var(cX) = c²·Var(X), for given or drawn values. */
export interface ScaleVarianceOptions {
  /** the factor c. -1000000 … 1000000; required. */
  c: number;
  /** the values X (float32); then count, seed, distribution, mean and std are errors. 1 … 1048576 finite numbers; default drawn. */
  values?: Float32Array | ArrayLike<number>;
  /** values drawn when values is not given (the same numbers as engine.random for uniform or standard normal). 1 … 1048576; default 1000. */
  count?: number;
  /** the generator's seed. 0 … 4294967295; default 1. */
  seed?: number;
  /** entries uniform on [0, 1), or normal with mean and std. "uniform" \| "normal"; default "uniform". */
  distribution?: "uniform" | "normal";
  /** μ of normal entries (only with "normal"). -1000 … 1000; default 0. */
  mean?: number;
  /** σ of normal entries (only with "normal"). 0 … 1000; default 1. */
  std?: number;
}

/** pairAngles's options. Lesson 2: q·k = ‖q‖‖k‖ cos θ for random pairs with standard normal entries: one pair's lengths, cos θ, θ and q·k, and over `pairs` pairs the mean length, the sd of cos θ and of q·k beside √dim, 1/√dim and √dim. */
export interface PairAnglesOptions {
  /** dimension d_k of q and k; dim·pairs ≤ 2²². 1 … 4096; required. */
  dim: number;
  /** independent pairs (q, k). 1 … 100000; default 1000. */
  pairs?: number;
  /** the pair whose entries, lengths and angle are returned; below pairs. 0 … 99999; default 0. */
  pair?: number;
  /** the generator's seed. 0 … 4294967295; default 1. */
  seed?: number;
}

/** wordPairs's options. Lesson 2: real word vectors (setVocabulary) against the random model: their entries, lengths and cos θ, Var(q·k) over random pairs of different words beside d and d(σ⁴ + 2μ²σ²), and how sharp softmax rows of their scores ÷ √d are beside rows of standard normal vectors. */
export interface WordPairsOptions {
  /** random pairs of different words. 2 … 100000; default 5000. */
  pairs?: number;
  /** softmax rows: a query word and n other words, and as many rows of the random model. 1 … 2000; default 200. */
  rows?: number;
  /** keys per row; below the vocabulary's size. 2 … 512; default 16. */
  n?: number;
  /** the generator's seed (which words, and the random model's vectors). 0 … 4294967295; default 1. */
  seed?: number;
}

/** twoLogitCurve's options. Lesson 3: the softmax of two logits [Δ, 0], its first weight σ(Δ) and slope p(1 − p), over a grid of gaps Δ and at one Δ. */
export interface TwoLogitCurveOptions {
  /** the grid runs from −halfWidth to +halfWidth. 0.01 … 1000; default 40. */
  halfWidth?: number;
  /** grid points, evenly spaced. 2 … 4001; default 321. */
  points?: number;
  /** one gap Δ to evaluate as well (pAt, slopeAt). -1000 … 1000; default 0. */
  at?: number;
}

/** gapSpread's options. Lesson 3: the gap q·k − q·k' between two random scores at each dK, raw and ÷ √dK: its sd and the share of pairs on the softmax's flat tails. */
export interface GapSpreadOptions {
  /** the d_k values. 1 … 16 increasing integers from 1 to 4096; default [4,64,512]. */
  dKs?: ArrayLike<number>;
  /** random (q, k, k') per d_k; pairs·Σ dKs·3 ≤ 2²⁵. 2 … 100000; default 1000. */
  pairs?: number;
  /** the generator's seed. 0 … 4294967295; default 1. */
  seed?: number;
  /** flat counts the pairs whose slope p(1 − p) is strictly below it. 0 … 1; default 0.01. */
  threshold?: number;
}

/** softmaxStats's options. Lesson 3: one row's softmax weights, entropy and Jacobian, for given scores or a row drawn for dK. */
export interface SoftmaxStatsOptions {
  /** this row (float32); then n and model are errors. 1 … 512 finite numbers; default drawn. */
  scores?: Float32Array | ArrayLike<number>;
  /** d_k of the row. 1 … 4096; default 1. */
  dK?: number;
  /** the row length when drawn. 1 … 512; default 16. */
  n?: number;
  /** inverse temperature. 0 … 1000000; default 1. */
  beta?: number;
  /** multiply the scores by 1/√dK. true or false; default true. */
  scaled?: boolean;
  /** the generator's seed. 0 … 4294967295; default 1. */
  seed?: number;
  /** which row of this seed to draw: row r is gradientDistribution's row r (its quartileRows name typical ones). 0 … 99999; default 0. */
  row?: number;
  /** "normal": scores = √dK·z, z standard normal (exactly N(0, dK); one z per seed, so a dK slider stretches one row, and scaled the row is z whatever dK is); "dot": scores = q·k_j for a random query and keys with standard normal entries in dK dimensions (variance dK, nearly normal only for large dK). "normal" \| "dot"; default "normal". */
  model?: "normal" | "dot";
}

/** gradientSweep's options. Lesson 3: Monte Carlo softmax-Jacobian norm against dK, unscaled and scaled by 1/√dK. */
export interface GradientSweepOptions {
  /** the d_k values. 1 … 64 increasing integers from 1 to 4096; default [1, 2, 4, …, 4096]. */
  dKs?: ArrayLike<number>;
  /** scores per row. 2 … 1024; default 16. */
  n?: number;
  /** rows per d_k; trials·dKs.length ≤ 2²⁰; "normal": 2·trials·dKs.length·n ≤ 2²⁶; "dot": trials·max(dKs)·(n + 1) ≤ 2²⁵. 1 … 100000; default 1000. */
  trials?: number;
  /** the generator's seed. 0 … 4294967295; default 1. */
  seed?: number;
  /** "normal": scores = √dK·z, z standard normal (exactly N(0, dK); one z per seed, so a dK slider stretches one row, and scaled the row is z whatever dK is); "dot": scores = q·k_j for a random query and keys with standard normal entries in dK dimensions (variance dK, nearly normal only for large dK). "normal" \| "dot"; default "normal". */
  model?: "normal" | "dot";
  /** fractionBelow counts the rows whose norm is strictly below it. 0 … 1000000; default 0.01. */
  threshold?: number;
}

/** gradientDistribution's options. Lesson 3: every row's gradient norms at one dK, unscaled and scaled, with their spread and histogram. */
export interface GradientDistributionOptions {
  /** d_k of the rows. 1 … 4096; required. */
  dK: number;
  /** scores per row. 2 … 1024; default 16. */
  n?: number;
  /** rows; "normal": 2·trials·n ≤ 2²⁶; "dot": trials·dK·(n + 1) ≤ 2²⁵. 1 … 100000; default 1000. */
  trials?: number;
  /** the generator's seed. 0 … 4294967295; default 1. */
  seed?: number;
  /** "normal": scores = √dK·z, z standard normal (exactly N(0, dK); one z per seed, so a dK slider stretches one row, and scaled the row is z whatever dK is); "dot": scores = q·k_j for a random query and keys with standard normal entries in dK dimensions (variance dK, nearly normal only for large dK). "normal" \| "dot"; default "normal". */
  model?: "normal" | "dot";
  /** fractionBelow counts the rows whose norm is strictly below it. 0 … 1000000; default 0.01. */
  threshold?: number;
  /** histogram bins, evenly spaced in log10. 1 … 1000; default 40. */
  bins?: number;
}

/** peakWeightCap's options. The largest softmax weight one key can get in a row of n logits with spread sd, and the row that reaches it. */
export interface PeakWeightCapOptions {
  /** logits in the row. 2 … 4096; required. */
  n: number;
  /** their standard deviation (Δ ≤ 3201, so every result stays finite in float64). 0 … 50; required. */
  sd: number;
}

/** softmaxNumerics's options. Lesson 3's numerics panel: naive and stable softmax in float32 and float64, and where exp overflows. */
export interface SoftmaxNumericsOptions {
  /** the row (float32). 1 … 4096 finite numbers; required. */
  values: Float32Array | ArrayLike<number>;
  /** inverse temperature. 0 … 1000000; default 1. */
  beta?: number;
}

/** boltzmann's options. Lesson 4: softmax(β·scores) for each β (T = 1/β) with entropy and largest weight, and for scores + shift. */
export interface BoltzmannOptions {
  /** one row of scores. 1 … 512 finite numbers from -1000000 to 1000000; required. */
  scores: Float64Array | ArrayLike<number>;
  /** the inverse temperatures β (a logarithmic slider from 10⁻³ to 10³ fits). 1 … 256 finite numbers from 0 to 1000000; required. */
  betas: Float64Array | ArrayLike<number>;
  /** a constant added to every score (the shift-invariance demo). -1000000 … 1000000; default 0. */
  shift?: number;
}

/** normalisationDemo's options. Lesson 4: one score matrix normalised over its last index (attention) and over its first. */
export interface NormalisationDemoOptions {
  /** the matrix, (rows, cols) row-major. length rows·cols; required. */
  scores: Float64Array | ArrayLike<number>;
  /** rows of the matrix. 1 … 16; default 3. */
  rows?: number;
  /** columns of the matrix. 1 … 16; default 3. */
  cols?: number;
  /** inverse temperature. 0 … 1000000; default 1. */
  beta?: number;
}

/** derivation's options. Lesson 4: each step of Var(q·k) = Σ Var(qᵢkᵢ) = Σ Var(qᵢ)Var(kᵢ) = dK by Monte Carlo, beside its closed form. */
export interface DerivationOptions {
  /** d_k. 1 … 4096; default 64. */
  dK?: number;
  /** (q, k) pairs drawn; samples·dK ≤ 2²². 2 … 1000000; default 10000. */
  samples?: number;
  /** the generator's seed. 0 … 4294967295; default 1. */
  seed?: number;
  /** mean of every qᵢ. -100 … 100; default 0. */
  meanQ?: number;
  /** mean of every kᵢ. -100 … 100; default 0. */
  meanK?: number;
  /** standard deviation of every qᵢ. 0 … 100; default 1. */
  sigmaQ?: number;
  /** standard deviation of every kᵢ. 0 … 100; default 1. */
  sigmaK?: number;
  /** correlation of qᵢ with kᵢ. -1 … 1; default 0. */
  correlation?: number;
}

/** assumptionCheck's options. Lesson 4: score variances of Q = X·W_q, K = X·W_k predicted and measured, on and off the diagonal. */
export interface AssumptionCheckOptions {
  /** width of the random X. 1 … 1024; default 64. */
  dX?: number;
  /** d_k of W_q and W_k. 1 … 1024; default 64. */
  dK?: number;
  /** σ of X's entries. 0.001 … 100; default 1. */
  sigmaX?: number;
  /** σ of W_q's entries (the defaults are the unit case at dX = 64: dX·σ_X²·σ_W² = 1). 0.001 … 100; default 0.125. */
  sigmaWq?: number;
  /** σ of W_k's entries. 0.001 … 100; default 0.125. */
  sigmaWk?: number;
  /** mean of X's entries. -10 … 10; default 0. */
  meanX?: number;
  /** rows of X. 2 … 64; default 8. */
  tokens?: number;
  /** draws of X, W_q, W_k; samples·(tokens·dX + 2·dX·dK) ≤ 2²⁵ and (drift factors)·samples·tokens·dK·(2·dX + tokens) ≤ 2³⁰. 2 … 100000; default 300. */
  samples?: number;
  /** the generator's seed. 0 … 4294967295; default 1. */
  seed?: number;
  /** W_q and W_k multiplied by it. 0.01 … 100; default 1. */
  drift?: number;
}

/** weightDrift's options. Lesson 4: W_q and W_k scaled by each drift factor: score variance and softmax sharpness. */
export interface WeightDriftOptions {
  /** the factors f on W_q and W_k (f = 1 is computed too, as the base of varianceRatio). 1 … 64 finite numbers from 0.01 to 100; default [0.25,0.5,0.75,1,1.25,1.5,2,3,4]. */
  drifts?: Float64Array | ArrayLike<number>;
  /** width of the random X. 1 … 1024; default 64. */
  dX?: number;
  /** d_k of W_q and W_k. 1 … 1024; default 64. */
  dK?: number;
  /** σ of X's entries. 0.001 … 100; default 1. */
  sigmaX?: number;
  /** σ of W_q's entries (the defaults are the unit case at dX = 64: dX·σ_X²·σ_W² = 1). 0.001 … 100; default 0.125. */
  sigmaWq?: number;
  /** σ of W_k's entries. 0.001 … 100; default 0.125. */
  sigmaWk?: number;
  /** mean of X's entries. -10 … 10; default 0. */
  meanX?: number;
  /** rows of X. 2 … 64; default 8. */
  tokens?: number;
  /** draws of X, W_q, W_k; samples·(tokens·dX + 2·dX·dK) ≤ 2²⁵ and (drift factors)·samples·tokens·dK·(2·dX + tokens) ≤ 2³⁰. 2 … 100000; default 300. */
  samples?: number;
  /** the generator's seed. 0 … 4294967295; default 1. */
  seed?: number;
}

/** multiHeadExample's options. Lesson 5: multi-head attention on the "money bank grows" model, Concat(head_1 … head_H)·W^O. */
export interface MultiHeadExampleOptions {
  /** 1 to 12 whitespace-separated words, each at most 40 bytes. text, at most 600 bytes; default "money bank grows". */
  sentence?: string;
  /** width of the embeddings. 1 … 1024; default 8. */
  dModel?: number;
  /** H; it must divide dModel. 1 … 64; default 2. */
  heads?: number;
  /** seed of the projections. 0 … 4294967295; default 1. */
  seed?: number;
  /** "dk": scores × 1/√dK per head (correct); "dmodel": × 1/√dModel (a mistake found in real code); "none": × 1. "dk" \| "dmodel" \| "none"; default "dk". */
  scaleBy?: "dk" | "dmodel" | "none";
}

/** multiHeadSweep's options. Lesson 5: Monte Carlo over H of per-head score variance and sharpness when scaling by √dK, √dModel or 1. */
export interface MultiHeadSweepOptions {
  /** width of the embeddings. 1 … 1024; default 64. */
  dModel?: number;
  /** the head counts H, increasing, each dividing dModel. 1 … 32 increasing integers from 1 to 64; default every power of two that divides dModel. */
  heads?: Float64Array | ArrayLike<number>;
  /** tokens per sequence. 2 … 64; default 8. */
  tokens?: number;
  /** draws; samples·(tokens·dModel + 2·dModel²) ≤ 2²⁵. 2 … 10000; default 200. */
  samples?: number;
  /** the generator's seed. 0 … 4294967295; default 1. */
  seed?: number;
}

/** createTrainer's options. Lesson 6: a training run of the sequence-reversal task; the trainer holds WASM memory until its delete(). */
export interface CreateTrainerOptions {
  /** an encoder block, or attention alone. "encoder" \| "attention"; default "encoder". */
  model?: "encoder" | "attention";
  /** sequence length. 2 … 256; default 20. */
  L?: number;
  /** values 0 … R − 1. 2 … 1000; default 100. */
  R?: number;
  /** training sequences; (trainSize + valSize + testSize)·L ≤ 2²⁵. 1 … 100000; default 15000. */
  trainSize?: number;
  /** validation sequences. 1 … 100000; default 1000. */
  valSize?: number;
  /** test sequences. 1 … 100000; default 10000. */
  testSize?: number;
  /** model width (source 003's Table 1: d_model = d_k = L). 1 … 512; default L. */
  dModel?: number;
  /** attention heads, dividing dModel; d_k = dModel / heads. 1 … 64; default 1. */
  heads?: number;
  /** how β is set: 1/√d_k, fixed, searched, dynamic, learned, or by normalising q and k (QK-norm with a learned g per head, or LayerNorm then 1/√d_k). "inverse-sqrt-dk" \| "fixed" \| "search" \| "dynamic" \| "learned" \| "qk-norm" \| "qk-layernorm"; default "inverse-sqrt-dk". */
  betaStrategy?: "inverse-sqrt-dk" | "fixed" | "search" | "dynamic" | "learned" | "qk-norm" | "qk-layernorm";
  /** β: required with "fixed"; the initial β with "learned" (default 1/√d_k); an error otherwise. 0.0001 … 10000; default none. */
  beta?: number;
  /** Adam's peak learning rate. > 0 … 1; default 0.0005. */
  lr?: number;
  /** "learned" only: the learning rate of ln β. > 0 … 1; default lr. */
  betaLr?: number;
  /** sequences per step (a training set smaller than it is one batch). 1 … 1024; default 128. */
  batchSize?: number;
  /** epochs of the main run. 1 … 1000; default 10. */
  epochs?: number;
  /** linear warm-up before the cosine decay. 0 … 100000; default 50. */
  warmupSteps?: number;
  /** gradient-norm clipping (0: none). 0 … 1000000; default 5. */
  clipNorm?: number;
  /** data, initial weights and batch order. 0 … 4294967295; default 1. */
  seed?: number;
  /** "search" only: N, the first probes are β = 10^k for k = 0, 1, −1, …, N, −N. 0 … 4; default 2. */
  searchPowers?: number;
  /** "search" only: bisection rounds, two probes each. 0 … 10; default 3. */
  searchIterations?: number;
  /** "search" only: epochs of one probe, at most epochs. 1 … 100; default ⌈epochs/2⌉. */
  probeEpochs?: number;
}

/** describeTrainer's options: createTrainer's. Lesson 6: the info createTrainer would answer for these options (id 0), without building data, network or optimiser; the configuration is checked, the memory a run needs is not. */
export type DescribeTrainerOptions = CreateTrainerOptions;

/** lengthScaling's options. Lesson 7: per n, the largest weight and entropy of one logit `top` among n − 1 logits `rest`, plain and times s·ln n. */
export interface LengthScalingOptions {
  /** the row lengths n (closed form: n up to 10¹²). 1 … 256 finite numbers from 1 to 1000000000000; required. */
  ns: Float64Array | ArrayLike<number>;
  /** the one distinct logit (3 and −2 are Nakanishi's illustration). -1000 … 1000; default 3. */
  top?: number;
  /** the other n − 1 logits. -1000 … 1000; default -2. */
  rest?: number;
  /** the s of s·ln n. 0 … 100; default 0.43. */
  s?: number;
}

/** alignmentScaling's options. Lesson 7: per dK, a query's logits against an aligned key (correlation rho) and n − 1 others, under 1/√dK and μP's 1/dK. */
export interface AlignmentScalingOptions {
  /** the d_k values. 1 … 32 increasing integers from 1 to 4096; required. */
  dKs: ArrayLike<number>;
  /** coordinate correlation of the query with its aligned key. -1 … 1; default 0.5. */
  rho?: number;
  /** keys per row. 2 … 256; default 16. */
  n?: number;
  /** rows per d_k; samples·(max(dKs) + n·dKs.length) ≤ 2²³. 2 … 100000; default 400. */
  samples?: number;
  /** μP's base width: its scale is √baseDK/dK. 1 … 4096; default 1. */
  baseDK?: number;
  /** the generator's seed. 0 … 4294967295; default 1. */
  seed?: number;
}

/** qkNormDemo's options. Lesson 7: per drift factor f on queries and keys, row entropy and largest weight under 1/√dK, QK-norm and qk-layernorm. */
export interface QkNormDemoOptions {
  /** d_k. 2 … 4096; default 64. */
  dK?: number;
  /** keys per row. 2 … 256; default 16. */
  n?: number;
  /** the factors f on queries and keys. 1 … 64 finite numbers from 0.001 to 1000; default [0.25,0.5,1,2,4]. */
  drifts?: Float64Array | ArrayLike<number>;
  /** QK-norm's scale g: logits stay in [−g, g]. 0.001 … 1000; default 8. */
  g?: number;
  /** rows per factor; samples·drifts.length·n·dK ≤ 2²⁷. 2 … 100000; default 200. */
  samples?: number;
  /** the generator's seed. 0 … 4294967295; default 1. */
  seed?: number;
}

/** setVocabulary's options. Replaces the engine's word vectors (int8 codes with a scale per word), for nearestWords and Lesson 1's real words. */
export interface SetVocabularyOptions {
  /** number of words. 1 … 50000; required. */
  size: number;
  /** width of each word's vector; size·dim ≤ 2²⁴. 1 … 1024; required. */
  dim: number;
  /** size different words separated by single spaces, each 1 to 40 lower-case letters a–z, most frequent first. text, at most 2050000 bytes; required. */
  words: string;
  /** the quantised vectors, (size, dim) row-major, integers −127 … 127 (an Int8Array will do). length size·dim; required. */
  codes: Float32Array | ArrayLike<number>;
  /** one factor per word: its vector is its codes times its scale. length size; required. */
  scales: Float32Array | ArrayLike<number>;
}

/** nearestWords's options. The vocabulary's words with the largest cosine to a word or a vector, nearest first (needs setVocabulary). */
export interface NearestWordsOptions {
  /** a word of the vocabulary (give word or vector). text, at most 40 bytes; default none. */
  word?: string;
  /** a vector as wide as the vocabulary's, not all zeros (give word or vector). 1 … 1024 finite numbers; default none. */
  vector?: Float32Array | ArrayLike<number>;
  /** how many words. 1 … 100; default 10. */
  k?: number;
  /** words to leave out, separated by spaces (a word is not left out unless listed here); words outside the vocabulary are ignored. text, at most 4096 bytes; default "". */
  exclude?: string;
}

export interface Trainer {
  readonly info: TrainerInfo;
  /** Runs up to `steps` optimizer steps. */
  step(steps?: number): TrainerStep;
  /** The current model's accuracy on one split. */
  evaluate(split?: "test" | "val" | "train"): TrainerEvaluation;
  /** The attention weights of one validation example under the current model. */
  attentionFor(index: number): TrainerAttention;
  /** Frees the trainer's memory; safe to call twice. */
  delete(): void;
  readonly deleted: boolean;
}

export interface Engine {
  readonly info: { version: string; kernels: "wasm_simd128" | "scalar"; simd: boolean };
  /** Scaled dot-product attention, forward, with the intermediates asked for. */
  attention<O extends AttentionOutput = AttentionOutput>(options: AttentionOptions<O>): { [K in O]: Float32Array };
  /** The numerically stable softmax of beta·values. */
  softmax(values: Float32Array | ArrayLike<number>, beta?: number): Float32Array;
  /** The textbook exp(β·x)/Σexp(β·x), which overflows past β·x ≈ 88.72 in float32. */
  softmaxNaive(values: Float32Array | ArrayLike<number>, beta?: number): Float32Array;
  /** a·b, by the SIMD kernel. */
  dot(a: Float32Array | ArrayLike<number>, b: Float32Array | ArrayLike<number>): number;
  /** Numbers from the engine's seeded generator. */
  random(options?: RandomOptions): Float64Array;
  /** Every matrix of Lesson 1, from a sentence to its contextual embeddings. */
  selfAttentionExample(options?: SelfAttentionExampleOptions): SelfAttentionExample;
  /** Lesson 2: `pairs` dot products of random vectors of dimension `dim`, their moments, histogram and theory. */
  dotProducts(options: DotProductsOptions): LessonResult;
  /** Lesson 2: `values` counted in `bins` equal bins over one window, e.g. several panels' scores binned again on a shared axis. */
  histogram(options: HistogramOptions): LessonResult;
  /** Lesson 2: mean and variance of all pairwise dot products of `vectors` random vectors for d = 1 … maxDim. */
  varianceSweep(options?: VarianceSweepOptions): LessonResult;
  /** Lesson 2: both sides of Var(cX) = c²·Var(X), for given or drawn values. */
  scaleVariance(options: ScaleVarianceOptions): LessonResult;
  /** Lesson 2: q·k = ‖q‖‖k‖ cos θ for random pairs with standard normal entries: one pair's lengths, cos θ, θ and q·k, and over `pairs` pairs the mean length, the sd of cos θ and of q·k beside √dim, 1/√dim and √dim. */
  pairAngles(options: PairAnglesOptions): LessonResult;
  /** Lesson 2: real word vectors (setVocabulary) against the random model: their entries, lengths and cos θ, Var(q·k) over random pairs of different words beside d and d(σ⁴ + 2μ²σ²), and how sharp softmax rows of their scores ÷ √d are beside rows of standard normal vectors. */
  wordPairs(options?: WordPairsOptions): LessonResult;
  /** Lesson 3: the softmax of two logits [Δ, 0], its first weight σ(Δ) and slope p(1 − p), over a grid of gaps Δ and at one Δ. */
  twoLogitCurve(options?: TwoLogitCurveOptions): LessonResult;
  /** Lesson 3: the gap q·k − q·k' between two random scores at each dK, raw and ÷ √dK: its sd and the share of pairs on the softmax's flat tails. */
  gapSpread(options?: GapSpreadOptions): LessonResult;
  /** Lesson 3: one row's softmax weights, entropy and Jacobian, for given scores or a row drawn for dK. */
  softmaxStats(options?: SoftmaxStatsOptions): LessonResult;
  /** Lesson 3: Monte Carlo softmax-Jacobian norm against dK, unscaled and scaled by 1/√dK. */
  gradientSweep(options?: GradientSweepOptions): LessonResult;
  /** Lesson 3: every row's gradient norms at one dK, unscaled and scaled, with their spread and histogram. */
  gradientDistribution(options: GradientDistributionOptions): LessonResult;
  /** The largest softmax weight one key can get in a row of n logits with spread sd, and the row that reaches it. */
  peakWeightCap(options: PeakWeightCapOptions): LessonResult;
  /** Lesson 3's numerics panel: naive and stable softmax in float32 and float64, and where exp overflows. */
  softmaxNumerics(options: SoftmaxNumericsOptions): LessonResult;
  /** Lesson 4: softmax(β·scores) for each β (T = 1/β) with entropy and largest weight, and for scores + shift. */
  boltzmann(options: BoltzmannOptions): LessonResult;
  /** Lesson 4: one score matrix normalised over its last index (attention) and over its first. */
  normalisationDemo(options: NormalisationDemoOptions): LessonResult;
  /** Lesson 4: each step of Var(q·k) = Σ Var(qᵢkᵢ) = Σ Var(qᵢ)Var(kᵢ) = dK by Monte Carlo, beside its closed form. */
  derivation(options?: DerivationOptions): LessonResult;
  /** Lesson 4: score variances of Q = X·W_q, K = X·W_k predicted and measured, on and off the diagonal. */
  assumptionCheck(options?: AssumptionCheckOptions): LessonResult;
  /** Lesson 4: W_q and W_k scaled by each drift factor: score variance and softmax sharpness. */
  weightDrift(options?: WeightDriftOptions): LessonResult;
  /** Lesson 5: multi-head attention on the "money bank grows" model, Concat(head_1 … head_H)·W^O. */
  multiHeadExample(options?: MultiHeadExampleOptions): LessonResult;
  /** Lesson 5: Monte Carlo over H of per-head score variance and sharpness when scaling by √dK, √dModel or 1. */
  multiHeadSweep(options?: MultiHeadSweepOptions): LessonResult;
  /** Lesson 6: a training run of the sequence-reversal task; the trainer holds WASM memory until its delete(). */
  createTrainer(options?: CreateTrainerOptions): Trainer;
  /** Lesson 6: the info createTrainer would answer for these options (id 0), without building data, network or optimiser; the configuration is checked, the memory a run needs is not. */
  describeTrainer(options?: DescribeTrainerOptions): TrainerInfo;
  /** Lesson 7: per n, the largest weight and entropy of one logit `top` among n − 1 logits `rest`, plain and times s·ln n. */
  lengthScaling(options: LengthScalingOptions): LessonResult;
  /** Lesson 7: per dK, a query's logits against an aligned key (correlation rho) and n − 1 others, under 1/√dK and μP's 1/dK. */
  alignmentScaling(options: AlignmentScalingOptions): LessonResult;
  /** Lesson 7: per drift factor f on queries and keys, row entropy and largest weight under 1/√dK, QK-norm and qk-layernorm. */
  qkNormDemo(options?: QkNormDemoOptions): LessonResult;
  /** Replaces the engine's word vectors (int8 codes with a scale per word), for nearestWords and Lesson 1's real words. */
  setVocabulary(options: SetVocabularyOptions): { size: number; dim: number };
  /** The vocabulary's words with the largest cosine to a word or a vector, nearest first (needs setVocabulary). */
  nearestWords(options?: NearestWordsOptions): { words: string[]; cosines: Float32Array; indices: Int32Array };
  /** What the engine holds now: malloc'd bytes, live JS-value handles, live trainers; and the WebAssembly traps it met. */
  resources(): { heapBytes: number; arenaBytes: number; valueHandles: number; trainers: number; traps: number };
}

/** Resolves to the engine; every caller on a page shares one instance. */
export function loadEngine(): Promise<Engine>;
