// Generated from web/schema/ by build-scripts/schema-gen.mjs: do not edit (tests/js/schema.test.mjs fails when it
// differs, and type-checks tests/types/example.ts against it with tsc --noEmit). The API of web/engine.js.

export type Floats = Float32Array | Float64Array | ArrayLike<number>;
export type AttentionOutput = "scores" | "scaledScores" | "weights" | "output";

/** What attention answers. */
export interface AttentionResult {
  /** (heads, nQ, nK): each head's Q_h·K_hᵀ, before the scale and the mask. Present when outputs names it. */ scores?: Float32Array;
  /** (heads, nQ, nK): scale·scores, before the mask. Present when outputs names it. */ scaledScores?: Float32Array;
  /** (heads, nQ, nK): the softmax of each row of the scaled scores after the mask; masked entries are exactly 0. Present when outputs names it. */
  weights?: Float32Array;
  /** (nQ, heads·dV): weights_h·V_h for each head, the heads side by side. Present when outputs names it. */ output?: Float32Array;
}

/** What selfAttentionExample answers. */
export interface SelfAttentionExample {
  /** The sentence's words as typed, one per token (n of them). */ tokens: string[];
  /** Width of the static embeddings as run (100 when the loaded word vectors are used). */ dModel: number;
  /** Width of queries and keys as run (dModel with the meaningful head). */ dK: number;
  /** Width of values and contextual embeddings as run (dModel with the meaningful head). */ dV: number;
  /** The factor the scores were multiplied by: 1/√dK when scaled, else 1. */ scale: number;
  /** Whether each token saw only itself and the tokens before it. */ causal: boolean;
  /** "words" when the rows of X are the loaded word vectors (for the words they hold), else "random". */ embeddingsUsed: "words" | "random";
  /** The head as asked: identity weights with the residual, or seeded random weights. */ head: "meaningful" | "random";
  /** Words in the loaded vocabulary; 0 until one is loaded. */ vocabularySize: number;
  /** The factor a stand-in vector's N(0, 1) entries were multiplied by, to match the word vectors' mean length (1 with random embeddings). */
  unknownScale: number;
  /** Whether each token's own score was left out of its softmax (the diagonal of the weights is 0). */ selfMasked: boolean;
  /** Whether the contextual embeddings are X + AV (the meaningful head) rather than AV. */ residual: boolean;
  /** Per token: its row of X is the word's own vector, not a seeded stand-in. */ inVocabulary: boolean[];
  /**
   * Per token: the vocabulary words nearest its contextual embedding by cosine, the sentence's own words left out
   * (empty lists without loaded word vectors).
   */
  nearest: Array<{
    /** The words nearest this token's contextual embedding, best first. */ words: string[];
    /** Their cosines with the contextual embedding, in the same order. */ cosines: Float32Array;
  }>;
  /** Population variance of all n² raw scores, before the mask. */ scoreVariance: number;
  /** Population variance of all n² scaled scores, before the mask. */ scaledScoreVariance: number;
  /** The largest attention weight in the matrix. */ maxWeight: number;
  /**
   * Over the rows that have a choice (two or more keys left by the mask), the mean of each row's largest weight: 1 is
   * one-hot, 1/keys is even; 1 when no row has a choice.
   */
  meanRowMax: number;
  /** How many rows have two or more keys to weigh. */ rowsWithChoice: number;
  /** (n, dModel): X, the static embeddings, a row per token. */ embeddings: Float32Array;
  /** (dModel, dK): the query weights W_q. */ wQ: Float32Array;
  /** (dModel, dK): the key weights W_k. */ wK: Float32Array;
  /** (dModel, dV): the value weights W_v. */ wV: Float32Array;
  /** (n, dK): the queries Q = X·W_q. */ q: Float32Array;
  /** (n, dK): the keys K = X·W_k. */ k: Float32Array;
  /** (n, dV): the values V = X·W_v. */ v: Float32Array;
  /** (n, n): Q·Kᵀ, before the scale and the mask. */ scores: Float32Array;
  /** (n, n): scale·scores, before the mask. */ scaledScores: Float32Array;
  /** (n, n): A, the softmax of each masked row of the scaled scores; each row sums to 1. */ weights: Float32Array;
  /** (n, dV): AV, each token's weighted mix of the values, before the residual. */ mix: Float32Array;
  /** (n, dV): Z, the contextual embeddings (X + AV with the meaningful head, AV with the random one). */ contextual: Float32Array;
}

/** Part of a result (Histogram). */
export interface Histogram {
  /** The bins + 1 bin edges, from the window's low end to its high end. */ edges: Float64Array;
  /** How many values fell in each bin; the last bin includes the high edge. */ counts: Float64Array;
  /** How many values fell outside the window. */ outside: number;
}

/** What dotProducts answers. */
export interface DotProductsResult {
  /** The pairs dot products; pair p keeps its entries when pairs or dim grows. */ values: Float32Array;
  /** Mean of the dot products. */ mean: number;
  /** Population variance of the dot products. */ variance: number;
  /** Their standard deviation, √variance: the histogram's width. */ sd: number;
  /** The smallest of the dot products. */ min: number;
  /** The largest of the dot products. */ max: number;
  /** The dot products counted in equal bins over range, or over [min, max] without it. */ histogram: Histogram;
  /** dim·μ², the mean the entries' distribution predicts. */ theoryMean: number;
  /** dim·v, the variance of one dot product (v = Var(aᵢbᵢ)). */ theoryVariance: number;
  /** dim·v·(1 − 1/pairs): the mean of a population variance of pairs independent dot products. */ expectedVariance: number;
  /** How far variance moves from seed to seed (one sd, to leading order). */ expectedVarianceSd: number;
}

/** What histogram answers. */
export interface HistogramResult {
  /** The smallest of the values. */ min: number;
  /** The largest of the values. */ max: number;
  /** The values counted in equal bins over range, or over [min, max] without it. */ histogram: Histogram;
}

/** What varianceSweep answers. */
export interface VarianceSweepResult {
  /** The dimensions d = 1 … maxDim; every array below has an entry per d. */ dims: Int32Array;
  /** Mean of all pairwise dot products of the first d entries (÷ √d when scaled). */ mean: Float64Array;
  /** Their population variance at each d. */ variance: Float64Array;
  /** Slope of the least-squares line variance ≈ slope·d + intercept. */ slope: number;
  /** Intercept of that line. */ intercept: number;
  /** That line evaluated at each d, ready to draw. */ fitted: Float64Array;
  /** Slope of ln(variance) against ln(d): about 1 unscaled, about 0 scaled. Present when two or more d have a positive variance (not with σ = 0). */
  logLogSlope?: number;
  /** v, the variance of one product per dimension: 7/144 for uniform entries, σ⁴ + 2μ²σ² for normal ones (unscaled in both modes). */ theorySlope: number;
  /**
   * The slope a sweep of this many vectors has on average: theorySlope × (1 − 1/pairs), less the covariance of pairs
   * that share a vector when the entries' mean is not zero.
   */
  expectedSlope: number;
  /** d·μ² at each d (√d·μ² when scaled). */ theoryMean: Float64Array;
  /** d·v at each d (v when scaled). */ theoryVariance: Float64Array;
  /** d·expectedSlope at each d (expectedSlope when scaled). */ expectedVariance: Float64Array;
  /** One sd of variance around expectedVariance from seed to seed, to leading order in 1/vectors. */ expectedVarianceSd: Float64Array;
  /** The variance of one query's scores against the other vectors, averaged over the queries: the spread a softmax row sees. */ rowVariance: Float64Array;
  /** The variance of the rows' means across queries; with rowVariance it adds up to variance. */ rowMeanVariance: Float64Array;
  /** Least-squares slope of rowVariance against d. */ rowSlope: number;
  /** (μ² + σ²)·σ² per dimension, the row variance the model predicts. */ theoryRowSlope: number;
  /** (1 − 1/(vectors − 1))·theoryRowSlope, the mean of rowVariance/d for this many vectors. */ expectedRowSlope: number;
  /** d·theoryRowSlope at each d (level when scaled). */ theoryRowVariance: Float64Array;
  /** d·expectedRowSlope at each d (level when scaled). */ expectedRowVariance: Float64Array;
  /** The number of pairs, vectors·(vectors − 1)/2. */ pairs: number;
  /** The number of vectors, as asked. */ vectors: number;
  /** The largest d, as asked. */ maxDim: number;
  /** Whether the dot products were divided by √d. */ scaled: boolean;
  /** Milliseconds the sweep took inside the engine. */ computeMs: number;
  /** (vectors, maxDim): the vectors themselves, a row each. Present with entries: true. */ entries?: Float32Array;
}

/** What scaleVariance answers. */
export interface ScaleVarianceResult {
  /** The values X, given or drawn. */ values: Float64Array;
  /** Each value times c. */ scaledValues: Float64Array;
  /** The factor c, as asked. */ c: number;
  /** Mean of X. */ meanX: number;
  /** Population variance of X. */ varX: number;
  /** Mean of cX. */ meanCX: number;
  /** Population variance of cX, computed from scaledValues. */ varCX: number;
  /** c²·varX, the right-hand side computed on its own. */ c2VarX: number;
  /** varCX − c2VarX: 0 for powers of two, about 1e-16 relative otherwise (rounding). */ difference: number;
}

/** What pairAngles answers. */
export interface PairAnglesResult {
  /** The chosen pair's query, dim standard normal entries. */ q: Float32Array;
  /** The chosen pair's key. */ k: Float32Array;
  /** The dimension d_k, as asked. */ dim: number;
  /** The number of pairs, as asked. */ pairs: number;
  /** Which pair q and k are. */ pair: number;
  /** ‖q‖ of the chosen pair. */ lengthQ: number;
  /** ‖k‖ of the chosen pair. */ lengthK: number;
  /** cos θ of the chosen pair, from the unit vectors, apart from q·k. */ cos: number;
  /** θ of the chosen pair, in radians. */ angle: number;
  /** q·k of the chosen pair. */ dot: number;
  /** ‖q‖·‖k‖·cos θ of the chosen pair, to set beside dot. */ product: number;
  /** Mean of the 2·pairs vector lengths. */ lengthMean: number;
  /** Population sd of those lengths. */ lengthSd: number;
  /** Mean of cos θ over the pairs. */ cosMean: number;
  /** Population sd of cos θ over the pairs. */ cosSd: number;
  /** Mean of q·k over the pairs. */ dotMean: number;
  /** Population sd of q·k over the pairs. */ dotSd: number;
  /** The largest |q·k − ‖q‖‖k‖ cos θ| over the pairs: how well the identity holds in float32. */ largestGap: number;
  /** The largest |q·k| over the pairs, to read largestGap against. */ largestDot: number;
  /** E‖q‖ for standard normal entries, just under √d. */ theoryLengthMean: number;
  /** The sd of ‖q‖ the same distribution predicts. */ theoryLengthSd: number;
  /** 1/√d, the sd of cos θ for directions uniform on the sphere. */ theoryCosSd: number;
  /** √d, the sd of q·k. */ theoryDotSd: number;
  /** √d. */ sqrtDim: number;
}

/** Part of a result (RowSharpness). */
export interface RowSharpness {
  /** Mean largest weight of a row. */ maxWeight: number;
  /** Mean entropy of a row, in nats. */ entropy: number;
}

/** What wordPairs answers. */
export interface WordPairsResult {
  /** Words in the loaded vocabulary. */ size: number;
  /** Width d of its vectors. */ dim: number;
  /** Random pairs of different words, as asked. */ pairs: number;
  /** Softmax rows, as asked. */ rows: number;
  /** Keys per row, as asked. */ n: number;
  /** Mean μ of every entry of every word vector. */ entryMean: number;
  /** Population sd σ of those entries. */ entrySd: number;
  /** Mean length of a word vector. */ lengthMean: number;
  /** Mean of x·y over the random pairs. */ dotMean: number;
  /** Variance of x·y over the random pairs. */ dotVariance: number;
  /** Mean cos θ over the pairs. */ cosMean: number;
  /** Sd of cos θ over the pairs. */ cosSd: number;
  /** d: Var(x·y) for independent entries of mean 0 and variance 1. */ unitVariance: number;
  /** d(σ⁴ + 2μ²σ²): Var(x·y) for independent entries with the vocabulary's own μ and σ. */ modelVariance: number;
  /** ln n, the entropy of an even row. */ maxEntropy: number;
  /** dotVariance/d: the variance of the scores once divided by √d. */ logitVariance: number;
  /** √d. */ sqrtDim: number;
  /** 1/√d, the sd of cos θ for random directions. */ theoryCosSd: number;
  /** 1/n, each key's weight in an even row. */ uniformWeight: number;
  /** Rows of a query word's scores ÷ √d against n other words. */ words: RowSharpness;
  /** As many rows of a standard normal query against n standard normal keys of the same width. */ model: RowSharpness;
}

/** What twoLogitCurve answers. */
export interface TwoLogitCurveResult {
  /** The evenly spaced gaps Δ from −halfWidth to halfWidth. */ gaps: Float64Array;
  /** σ(Δ), the first of the two weights, at each gap. */ p: Float64Array;
  /** dp/dΔ = p(1 − p) at each gap, computed with the exact complement so the tails stay positive. */ slope: Float64Array;
  /** The one gap asked about, as asked. */ at: number;
  /** σ at that gap. */ pAt: number;
  /** The slope at that gap. */ slopeAt: number;
  /** Half the grid's width, as asked. */ halfWidth: number;
  /** The number of grid points, as asked. */ points: number;
}

/** Part of a result (GapSpreadCurve). */
export interface GapSpreadCurve {
  /** Sample sd of the gap q·k − q·k' over the pairs. */ sd: Float64Array;
  /** The sd theory gives: √(2·dK) raw, √2 divided by √dK. */ expectedSd: Float64Array;
  /** Share of pairs whose slope p(1 − p) at their gap is below threshold. */ flat: Float64Array;
  /** Median slope p(1 − p) over the pairs. */ medianSlope: Float64Array;
}

/** What gapSpread answers. */
export interface GapSpreadResult {
  /** The dimensions, as asked; the curves have an entry per dK. */ dKs: Int32Array;
  /** The gaps between raw scores. */ unscaled: GapSpreadCurve;
  /** The gaps once both scores are divided by √dK. */ scaled: GapSpreadCurve;
  /** Pairs of scores per dK, as asked. */ pairs: number;
  /** The slope below which a pair counts as flat, as asked. */ threshold: number;
  /** Milliseconds the sweep took inside the engine. */ computeMs: number;
}

/** What softmaxStats answers. */
export interface SoftmaxStatsResult {
  /** The row's raw scores, given or drawn. */ scores: Float64Array;
  /** 1/√dK when scaled, else 1. */ scale: number;
  /** scale·scores. */ scaledScores: Float64Array;
  /** β·scaledScores, what the softmax takes. */ logits: Float64Array;
  /** The softmax of the logits. */ weights: Float64Array;
  /** Index of the largest weight. */ argmax: number;
  /** The largest weight. */ maxWeight: number;
  /** 1 − maxWeight, computed without cancellation. */ oneMinusMaxWeight: number;
  /** Entropy of the weights, in nats. */ entropy: number;
  /** ln n, the entropy of an even row. */ maxEntropy: number;
  /** e^entropy: how many keys the row spreads over, 1 … n. */ effectiveKeys: number;
  /** (n, n): the softmax Jacobian diag(p) − p·pᵀ with respect to the logits. */ jacobian: Float64Array;
  /** Its Frobenius norm: how much gradient gets through to the logits. */ jacobianNorm: number;
  /** Its largest eigenvalue (at most 1/2). */ jacobianSpectralNorm: number;
  /** The dimension d_k, as asked. */ dK: number;
  /** Keys in the row. */ n: number;
  /** The inverse temperature β, as asked. */ beta: number;
  /** Whether the scores were divided by √dK. */ scaled: boolean;
  /** Which drawn row this is (0 for given scores). */ row: number;
}

/** Part of a result (GradientCurve). */
export interface GradientCurve {
  /** Mean Frobenius norm of the rows' softmax Jacobians. */ meanNorm: Float64Array;
  /** Standard error of that mean (sample sd/√trials). */ stdError: Float64Array;
  /** Mean largest weight of a row. */ meanMaxWeight: Float64Array;
  /** Mean entropy of a row, in nats. */ meanEntropy: Float64Array;
  /** Median of the per-row norms. */ medianNorm: Float64Array;
  /** 25th percentile of the per-row norms. */ quartile1: Float64Array;
  /** 75th percentile of the per-row norms. */ quartile3: Float64Array;
  /** Share of rows whose norm is below threshold. */ fractionBelow: Float64Array;
  /** Mean size of the gradient that reaches the query, c·‖KᵀJ‖_F. Present with model "dot". */ meanQueryNorm?: Float64Array;
  /** Median of that query gradient over the rows. Present with model "dot". */ medianQueryNorm?: Float64Array;
  /** 90th percentile of that query gradient over the rows. Present with model "dot". */ p90QueryNorm?: Float64Array;
}

/** What gradientSweep answers. */
export interface GradientSweepResult {
  /** The dimensions, as asked; each curve has an entry per dK. */ dKs: Int32Array;
  /** The rows with logits = scores (variance dK). */ unscaled: GradientCurve;
  /** The same rows with logits = scores/√dK (variance 1). */ scaled: GradientCurve;
  /** unscaled.meanNorm / scaled.meanNorm at each dK. */ ratio: Float64Array;
  /** Keys per row, as asked. */ n: number;
  /** Rows per dK, as asked. */ trials: number;
  /** How the scores were drawn, as asked. */ model: "normal" | "dot";
  /** The norm below which a row counts in fractionBelow, as asked. */ threshold: number;
  /** Milliseconds the sweep took inside the engine. */ computeMs: number;
}

/** Part of a result (NormSample). */
export interface NormSample {
  /** Row r's norm at index r. */ values: Float64Array;
  /** How many norms fall in each log-spaced bin of edges; the last bin includes its upper edge. */ counts: Float64Array;
  /** Norms that are exactly 0 (a log axis has no place for them); with counts they add up to trials. */ zeros: number;
  /** Mean of the norms. */ mean: number;
  /** Median of the norms. */ median: number;
  /** 25th percentile of the norms. */ quartile1: number;
  /** 75th percentile of the norms. */ quartile3: number;
  /** 90th percentile of the norms. */ p90: number;
  /** The largest norm. */ max: number;
  /** Share of norms below threshold. */ fractionBelow: number;
  /** The rows at the 25th, 50th and 75th percentile (nearest rank), to draw with softmaxStats. */ quartileRows: Int32Array;
}

/** Part of a result (NormPair). */
export interface NormPair {
  /** The bins + 1 log-spaced bin edges both curves share, from a power of ten below the smallest positive norm to one above the largest. */
  edges: Float64Array;
  /** The rows with logits = scores. */ unscaled: NormSample;
  /** The same rows with logits = scores/√dK. */ scaled: NormSample;
}

/** What gradientDistribution answers. */
export interface GradientDistributionResult {
  /** Each row's softmax-Jacobian norm ‖J‖_F, unscaled and scaled. */ jacobian: NormPair;
  /** Each row's gradient reaching the query, c·‖KᵀJ‖_F, unscaled and scaled. Present with model "dot". */ query?: NormPair;
  /** The dimension d_k, as asked. */ dK: number;
  /** 1/√dK, the factor of the scaled rows. */ scale: number;
  /** Keys per row, as asked. */ n: number;
  /** Rows, as asked. */ trials: number;
  /** How the scores were drawn, as asked. */ model: "normal" | "dot";
  /** The norm below which a row counts in fractionBelow, as asked. */ threshold: number;
  /** Histogram bins, as asked. */ bins: number;
  /** Milliseconds the sample took inside the engine. */ computeMs: number;
}

/** What peakWeightCap answers. */
export interface PeakWeightCapResult {
  /** Logits in the row, as asked. */ n: number;
  /** The row's spread, as asked. */ sd: number;
  /** Δ = sd·n/√(n − 1): how far the top logit stands above the n − 1 equal others. */ gap: number;
  /** The cap, 1/(1 + (n − 1)·e^(−Δ)): the largest weight a row of this spread allows. */ maxWeight: number;
  /** 1 − cap without cancellation (0 once Δ passes about 745). */ oneMinusMaxWeight: number;
  /** Its base-10 logarithm, finite for every allowed input. */ log10OneMinusMaxWeight: number;
  /** The row that reaches the cap, mean 0: Δ·(n − 1)/n first, −Δ/n for the others. */ row: Float64Array;
  /** The engine's float64 softmax of row; weights[0] is the cap. */ weights: Float64Array;
  /** The population sd of row as measured, equal to sd up to rounding. */ rowSd: number;
}

/** What softmaxNumerics answers. */
export interface SoftmaxNumericsResult {
  /** exp(β·x)/Σexp(β·x) by the float32 SIMD kernel. */ naive32: Float32Array;
  /** The max-subtracted softmax by the float32 SIMD kernel. */ stable32: Float32Array;
  /** The textbook softmax in float64. */ naive64: Float64Array;
  /** The max-subtracted softmax in float64. */ stable64: Float64Array;
  /** β·max(values). */ maxLogit: number;
  /** β·min(values). */ minLogit: number;
  /** ln of the largest float32, about 88.72: exp overflows past it. */ overflowAt32: number;
  /** ln of the largest float64, about 709.78. */ overflowAt64: number;
  /** Whether naive32 is finite and sums to 1 within 1e-3. */ naive32Ok: boolean;
  /** Whether stable32 is finite and sums to 1 within 1e-3. */ stable32Ok: boolean;
  /** Whether naive64 is finite and sums to 1 within 1e-9. */ naive64Ok: boolean;
  /** Whether stable64 is finite and sums to 1 within 1e-9. */ stable64Ok: boolean;
}

/** What boltzmann answers. */
export interface BoltzmannResult {
  /** The scores, as given (n of them). */ scores: Float64Array;
  /** The inverse temperatures β, as given (m of them). */ betas: Float64Array;
  /** T = 1/β for each β (Infinity at β = 0). */ temperatures: Float64Array;
  /** (m, n): row t is softmax(betas[t]·scores). */ weights: Float64Array;
  /** Per β, the index of the largest weight (the first on a tie). */ argmax: Int32Array;
  /** Per β, the largest weight. */ maxWeight: Float64Array;
  /** Per β, 1 − the largest weight, summed from the other weights so a nearly one-hot row keeps its digits. */ oneMinusMaxWeight: Float64Array;
  /** Per β, the row's entropy in nats. */ entropy: Float64Array;
  /** Per β, e^entropy: how many scores the row spreads over, 1 … n. */ effectiveKeys: Float64Array;
  /** ln n, the entropy at β = 0. */ maxEntropy: number;
  /** 1/n, every weight at β = 0. */ uniformWeight: number;
  /** The constant added to every score, as given. */ shift: number;
  /** scores + shift. */ shiftedScores: Float64Array;
  /** (m, n): softmax(β·(scores + shift)), laid out as weights. */ shiftedWeights: Float64Array;
  /** Per β, the largest |weights − shiftedWeights|: 0 up to float64 rounding, since softmax ignores a shift. */ shiftChange: Float64Array;
  /** The largest of shiftChange. */ maxShiftChange: number;
  /** The number of scores. */ n: number;
  /** The number of β, m. */ count: number;
}

/** What normalisationDemo answers. */
export interface NormalisationDemoResult {
  /** Rows (queries) of the score matrix. */ rows: number;
  /** Columns (keys) of the score matrix. */ cols: number;
  /** The factor β the scores were multiplied by. */ beta: number;
  /** (rows, cols): the scores, as given. */ scores: Float64Array;
  /** (rows, cols): exp(β·s) normalised over the last index, so each row sums to 1, as attention does. */ byRow: Float64Array;
  /** (rows, cols): exp(β·s) normalised over the first index, so each column sums to 1. */ byColumn: Float64Array;
  /** The row sums of byRow: all 1. */ byRowRowSums: Float64Array;
  /** The column sums of byRow. */ byRowColumnSums: Float64Array;
  /** The row sums of byColumn. */ byColumnRowSums: Float64Array;
  /** The column sums of byColumn: all 1. */ byColumnColumnSums: Float64Array;
  /** Entropy of each row of byRow, in nats. */ rowEntropy: Float64Array;
  /** Entropy of each column of byColumn, in nats. */ columnEntropy: Float64Array;
  /** The largest |byRow − byColumn|. */ maxDifference: number;
  /** (rows, cols): the float32 SIMD softmax kernel attention runs, applied to the same matrix. */ kernelWeights: Float32Array;
  /** The largest |kernelWeights − byRow|: float32 rounding, showing the kernel normalises rows. */ kernelMaxDifference: number;
}

/** Part of a result (Estimate). */
export interface Estimate {
  /** The measured value. */ value: number | null;
  /** Its standard error. */ stdError: number | null;
  /** The exact value for the distribution asked. */ theory: number | null;
}

/** What derivation answers. */
export interface DerivationResult {
  /** E qᵢ, pooled over the components. */ meanQ: Estimate;
  /** E kᵢ, pooled over the components. */ meanK: Estimate;
  /** Var qᵢ. */ varQ: Estimate;
  /** Var kᵢ. */ varK: Estimate;
  /** Cov(qᵢ, kᵢ). */ covQK: Estimate;
  /** Cov(qᵢ, qⱼ) for i ≠ j, averaged over the pairs (null fields at dK = 1, which has none). */ pairCovQ: Estimate;
  /** Cov(kᵢ, kⱼ) for i ≠ j, averaged over the pairs (null fields at dK = 1). */ pairCovK: Estimate;
  /** E(qᵢkᵢ), the mean of one term. */ meanProduct: Estimate;
  /** Var(qᵢkᵢ), the variance of one term. */ varProduct: Estimate;
  /** E(q·k). */ meanDot: Estimate;
  /** Step 1: Var(q·k). */ varDot: Estimate;
  /** Step 2: Σᵢ Var(qᵢkᵢ). */ sumVarProducts: Estimate;
  /** Σ over i ≠ j of Cov(qᵢkᵢ, qⱼkⱼ): step 1 minus step 2. */ covarianceSum: Estimate;
  /** Step 3: Σᵢ Var(qᵢ)·Var(kᵢ). */ sumVarQVarK: Estimate;
  /** Var(q·k)/dK, the variance of the logits q·k/√dK. */ scaledVariance: Estimate;
  /** The option dK, as run. */ dK: number;
  /** The option samples, as run. */ samples: number;
  /** Milliseconds the estimate took inside the engine. */ computeMs: number;
}

/** Part of a result (Sharpness). */
export interface Sharpness {
  /** Mean largest weight of a row. */ maxWeight: number;
  /** Its standard error. */ maxWeightStdError: number;
  /** Mean entropy of a row, in nats. */ entropy: number;
  /** Its standard error. */ entropyStdError: number;
}

/** What assumptionCheck answers. */
export interface AssumptionCheckResult {
  /** The paper's relaxed prediction (dX·σ_X²·σ_Wq²)(dX·σ_X²·σ_Wk²)·dK, σ_W including drift; it ignores meanX. */ predicted: number;
  /** The exact variance of a score between two different tokens. */ predictedOffDiagonal: number;
  /** The exact variance of a token's score with itself. */ predictedDiagonal: number;
  /** What the variance of all tokens² scores tends to, the diagonal and the rest mixed. */ predictedAll: number;
  /** The expected variance of one row's off-diagonal scores, the spread a row's softmax sees. */ predictedWithinRow: number;
  /** Variance of all tokens² scores of all samples. */ measured: number;
  /** Its standard error. */ measuredStdError: number;
  /** Variance of the diagonal scores alone. */ measuredDiagonal: number;
  /** Its standard error. */ measuredDiagonalStdError: number;
  /** Variance of the off-diagonal scores alone. */ measuredOffDiagonal: number;
  /** Its standard error. */ measuredOffDiagonalStdError: number;
  /** Mean over rows of the variance of the row's off-diagonal scores. */ withinRowVariance: number;
  /** Its standard error. */ withinRowVarianceStdError: number;
  /** Mean diagonal score (0 in theory, whatever meanX). */ meanDiagonal: number;
  /** Its standard error. */ meanDiagonalStdError: number;
  /** Mean off-diagonal score (0 in theory). */ meanOffDiagonal: number;
  /** Its standard error. */ meanOffDiagonalStdError: number;
  /** measuredDiagonal / measuredOffDiagonal. */ diagonalRatio: number;
  /** Its standard error. */ diagonalRatioStdError: number;
  /** predictedDiagonal / predictedOffDiagonal: 1 + 2/dX when meanX = 0. */ predictedDiagonalRatio: number;
  /** measured/dK: the variance left after the 1/√dK scaling. */ scaledVariance: number;
  /** Its standard error. */ scaledVarianceStdError: number;
  /** predicted/dK. */ scaledPredicted: number;
  /** 1/√dK. */ standardBeta: number;
  /** 1/√measured: the factor that would bring the raw scores to variance 1. */ restoringBeta: number;
  /** 1/√predictedAll. */ predictedRestoringBeta: number;
  /** Sharpness of the rows at β = 1/√dK (each row includes the token itself). */ scaled: Sharpness;
  /** Sharpness of the rows at β = predictedRestoringBeta. */ restored: Sharpness;
  /** Sharpness of rows of tokens independent N(0, 1) logits, what 1/√dK aims for. */ assumed: Sharpness;
  /** ln tokens, the entropy of an even row. */ maxEntropy: number;
  /** (tokens, tokens): sample 0's raw scores, for a heatmap. */ firstScores: Float32Array;
  /** (tokens, tokens): sample 0's softmax rows at β = 1/√dK. */ firstWeights: Float32Array;
  /** The option dX, as run. */ dX: number;
  /** The option dK, as run. */ dK: number;
  /** The option sigmaX, as run. */ sigmaX: number;
  /** The option sigmaWq, as run. */ sigmaWq: number;
  /** The option sigmaWk, as run. */ sigmaWk: number;
  /** The option meanX, as run. */ meanX: number;
  /** The option tokens, as run. */ tokens: number;
  /** The option samples, as run. */ samples: number;
  /** The option drift, as run. */ drift: number;
  /** Milliseconds the check took inside the engine. */ computeMs: number;
}

/** What weightDrift answers. */
export interface WeightDriftResult {
  /** The factors f, as given; every array below has an entry per f. */ drifts: Float64Array;
  /** The paper's product at each f (× f⁴). */ predicted: Float64Array;
  /** The exact variance of all scores at each f. */ predictedAll: Float64Array;
  /** Variance of all scores at each f. */ measured: Float64Array;
  /** Its standard error. */ measuredStdError: Float64Array;
  /** measured at f over measured at f = 1, from the same draws: f⁴ up to float32 rounding. */ varianceRatio: Float64Array;
  /** √varianceRatio: how many times wider the scores are (f²). */ sdRatio: Float64Array;
  /** Variance of the diagonal scores at each f. */ measuredDiagonal: Float64Array;
  /** Variance of the off-diagonal scores at each f. */ measuredOffDiagonal: Float64Array;
  /** measured/dK at each f. */ scaledVariance: Float64Array;
  /** Its standard error. */ scaledVarianceStdError: Float64Array;
  /** 1/√measured at each f. */ restoringBeta: Float64Array;
  /** Mean largest weight of a row at β = 1/√dK. */ maxWeight: Float64Array;
  /** Its standard error. */ maxWeightStdError: Float64Array;
  /** Mean row entropy at β = 1/√dK, in nats. */ entropy: Float64Array;
  /** Its standard error. */ entropyStdError: Float64Array;
  /** Mean largest weight at β = 1/√predictedAll, β reset for unit variance at that f. */ restoredMaxWeight: Float64Array;
  /** Its standard error. */ restoredMaxWeightStdError: Float64Array;
  /** Sharpness of rows of independent N(0, 1) logits. */ assumed: Sharpness;
  /** ln tokens. */ maxEntropy: number;
  /** 1/√dK. */ standardBeta: number;
  /** The option dX, as run. */ dX: number;
  /** The option dK, as run. */ dK: number;
  /** The option tokens, as run. */ tokens: number;
  /** The option samples, as run. */ samples: number;
  /** Milliseconds the curve took inside the engine. */ computeMs: number;
}

/** Part of a result (HeadScaling). */
export interface HeadScaling {
  /** The factor the scores are multiplied by under this scaling. */ scale: number;
  /** Per head, the variance of its n² scaled scores. */ scaledScoreVariance: Float64Array;
  /** Per head, the mean over its rows of the largest weight. */ maxWeight: Float64Array;
  /** Per head, the mean row entropy in nats. */ entropy: Float64Array;
}

/** What multiHeadExample answers. */
export interface MultiHeadExampleResult {
  /** The sentence's words, one per token (n of them). */ tokens: string[];
  /** The model's width, as asked. */ dModel: number;
  /** The number of heads H, as asked. */ heads: number;
  /** Each head's query and key width, dModel/H. */ dK: number;
  /** Each head's value width, dModel/H. */ dV: number;
  /** The scaling applied, as asked. */ scaleBy: "dk" | "dmodel" | "none";
  /** The factor the scores were multiplied by (float32). */ scale: number;
  /** (n, dModel): the static embeddings X. */ embeddings: Float32Array;
  /** (dModel, dModel): W_q, head h in columns h·dK … (h+1)·dK − 1. */ wQ: Float32Array;
  /** (dModel, dModel): W_k, laid out as W_q. */ wK: Float32Array;
  /** (dModel, dModel): W_v, head h in columns h·dV … (h+1)·dV − 1. */ wV: Float32Array;
  /** (n, dModel): the queries, the heads side by side. */ q: Float32Array;
  /** (n, dModel): the keys, the heads side by side. */ k: Float32Array;
  /** (n, dModel): the values, the heads side by side. */ v: Float32Array;
  /** (heads, n, n): each head's raw scores. */ scores: Float32Array;
  /** (heads, n, n): each head's scores times scale. */ scaledScores: Float32Array;
  /** (heads, n, n): each head's softmax rows, summing to 1. */ weights: Float32Array;
  /** (n, dModel): Concat(head₁ … head_H), head h in columns h·dV …. */ concat: Float32Array;
  /** (dModel, dModel): the output weights W^O. */ wO: Float32Array;
  /** (n, dModel): concat·W^O. */ output: Float32Array;
  /** Per head, the variance of its n² raw scores. */ headScoreVariance: Float64Array;
  /** Per head, the variance of its n² scaled scores. */ headScaledScoreVariance: Float64Array;
  /** Per head, the mean over its rows of the largest weight. */ headMaxWeight: Float64Array;
  /** Per head, the mean row entropy in nats. */ headEntropy: Float64Array;
  /** ln n, the entropy of an even row. */ maxEntropy: number;
  /** The same heads under each of the three scalings, so a toggle needs no second call. */ comparison: {
    /** Scores divided by √dK, the head's own width. */ dk: HeadScaling;
    /** Scores divided by √dModel, the model's width. */ dmodel: HeadScaling;
    /** Scores not divided at all. */ none: HeadScaling;
  };
}

/** Part of a result (SweepScaling). */
export interface SweepScaling {
  /** The factor the scores are multiplied by, per H. */ scale: Float64Array;
  /** Mean per-head variance of the scaled scores, per H. */ scaledScoreVariance: Float64Array;
  /** Its standard error. */ scaledScoreVarianceStdError: Float64Array;
  /** Mean largest weight of a row, per H. */ maxWeight: Float64Array;
  /** Its standard error. */ maxWeightStdError: Float64Array;
  /** Mean row entropy in nats, per H. */ entropy: Float64Array;
  /** Its standard error. */ entropyStdError: Float64Array;
}

/** What multiHeadSweep answers. */
export interface MultiHeadSweepResult {
  /** The model's width, as asked. */ dModel: number;
  /** Tokens per sample, as asked. */ tokens: number;
  /** Samples, as asked. */ samples: number;
  /** The numbers of heads H swept; every array below has an entry per H. */ heads: Int32Array;
  /** Each head's width dModel/H. */ dK: Int32Array;
  /** Mean per-head variance of the raw scores (about dK). */ scoreVariance: Float64Array;
  /** Its standard error. */ scoreVarianceStdError: Float64Array;
  /** ln tokens, the entropy of an even row. */ maxEntropy: number;
  /** Scores divided by √dK, the head's own width. */ dk: SweepScaling;
  /** Scores divided by √dModel, the model's width. */ dmodel: SweepScaling;
  /** Scores not divided at all. */ none: SweepScaling;
  /** Milliseconds the sweep took inside the engine. */ computeMs: number;
}

/** Part of a result (BetaReach). */
export interface BetaReach {
  /** β at the first step. */ initialBeta: number;
  /** The learning rates of ln β summed over the whole schedule. */ lrSum: number;
  /** initialBeta·e^lrSum: where β ends if every step raises ln β by its full rate (Infinity: no limit). */ ceiling: number;
  /** The β no gradients can take it past, from Adam's largest possible step (Infinity: no limit). */ bound: number;
}

/** Part of a result (TrainerParameter). */
export interface TrainerParameter {
  /** The tensor's name, as PyTorch would print it. */ name: string;
  /** [rows, cols]. */ shape: number[];
  /** Its number of entries. */ count: number;
}

/** What describeTrainer answers. */
export interface TrainerInfo {
  /** The trainer's id in the engine's table (0 from describeTrainer). */ id: number;
  /** The option model as run, defaults filled in. */ model: "encoder" | "attention";
  /** The option L as run, defaults filled in. */ L: number;
  /** The option R as run, defaults filled in. */ R: number;
  /** The option trainSize as run, defaults filled in. */ trainSize: number;
  /** The option valSize as run, defaults filled in. */ valSize: number;
  /** The option testSize as run, defaults filled in. */ testSize: number;
  /** The option dModel as run, defaults filled in. */ dModel: number;
  /** The option heads as run, defaults filled in. */ heads: number;
  /** The option betaStrategy as run, defaults filled in. */
  betaStrategy: "inverse-sqrt-dk" | "fixed" | "search" | "dynamic" | "learned" | "qk-norm" | "qk-layernorm";
  /** The option beta as run, defaults filled in (the β of the first step). */ beta: number;
  /** The option lr as run, defaults filled in. */ lr: number;
  /** The option betaLr as run, defaults filled in. */ betaLr: number;
  /** The option batchSize as run, defaults filled in. */ batchSize: number;
  /** The option epochs as run, defaults filled in. */ epochs: number;
  /** The option warmupSteps as run, defaults filled in. */ warmupSteps: number;
  /** The option clipNorm as run, defaults filled in. */ clipNorm: number;
  /** The option seed as run, defaults filled in. */ seed: number;
  /** The option searchPowers as run, defaults filled in. */ searchPowers: number;
  /** The option searchIterations as run, defaults filled in. */ searchIterations: number;
  /** The option probeEpochs as run, defaults filled in. */ probeEpochs: number;
  /** Each head's width, dModel/heads. */ dK: number;
  /** ⌊trainSize/batchSize⌋: a last partial batch is dropped. */ stepsPerEpoch: number;
  /** Every step the trainer will run, search probes included. */ totalSteps: number;
  /** Trained numbers, ln β included when it is learned. */ parameterCount: number;
  /** Trained numbers of the network alone. */ modelParameterCount: number;
  /** How far Adam can move a learned β in this run; null unless betaStrategy is "learned". */ betaReach: BetaReach | null;
  /** One entry per trained tensor, in forward order: the architecture as the page prints it. */ parameters: (TrainerParameter)[];
  /** The estimate of the WASM memory the trainer holds. */ memoryBytes: number;
  /** Which kernels this build runs. */ kernels: "wasm_simd128" | "scalar";
}

/** Part of a result (TrainerScore). */
export interface TrainerScore {
  /** Share of positions whose prediction equals the reversed input. */ tokenAccuracy: number;
  /** Share of sequences right at every position. */ sequenceAccuracy: number;
  /** Mean cross-entropy per position. */ loss: number;
  /** Sequences evaluated. */ count: number;
}

/** Part of a result (SearchProbe). */
export interface SearchProbe {
  /** The β this probe trained with. */ beta: number;
  /** Its base-10 logarithm. */ log10Beta: number;
  /** 1 for a power of ten, 2 for a bisection probe. */ stage: number;
  /** The probe's model on the validation split. */ val: TrainerScore;
}

/** Part of a result (BetaSearch). */
export interface BetaSearch {
  /** Whether the search has settled on its β. */ finished: boolean;
  /** The best β probed so far; null before the first probe ends. */ beta: number | null;
  /** The final [low, high] bracket around the chosen β; null until the search is finished. */ bracket: number[] | null;
  /** The probes finished so far, in the order they ran. */ probes: (SearchProbe)[];
}

/** What trainerStep answers. */
export interface TrainerStep {
  /** Steps this call ran (fewer than asked at the end; 0 once done). */ stepsRun: number;
  /** The last step's training loss, the mean cross-entropy per position; null when no step ran. */ loss: number | null;
  /** The mean loss over this call's steps; null when no step ran. */ meanLoss: number | null;
  /** Each step's loss. */ losses: Float32Array;
  /** The β each step used. */ betas: Float32Array;
  /** Each step's attention entropy −Σ p·ln p in nats, the mean over every attention row of its batch (sequences × heads × L). */ entropies: Float32Array;
  /** Each step's largest |logit|: the score after its scale (β·q·k, or g·q̂·k̂ with QK-norm), before the softmax. */ maxLogits: Float32Array;
  /** The last step's attention entropy, in double precision; null when no step ran. */ attentionEntropy: number | null;
  /** The last step's largest |logit|; null when no step ran. */ maxLogit: number | null;
  /** QK-norm's g per head after the last step; null for the other strategies. */ qkScale: Float32Array | null;
  /** Steps done so far, search probes included. */ step: number;
  /** Every step the trainer will run. */ totalSteps: number;
  /** Steps done within the current run (a probe, or the main run). */ runStep: number;
  /** Steps of the current run. */ runSteps: number;
  /** The 1-based epoch of the last step within its run. */ epoch: number;
  /** Epochs of the main run. */ epochs: number;
  /** The β the next step will use (QK-norm: the mean of the heads' g). */ beta: number;
  /** The last step's learning rate. */ lr: number;
  /** The last step's learning rate of ln β; null unless β is learned. */ betaLr: number | null;
  /** The last step's gradient norm, before clipping. */ gradNorm: number;
  /** Where the trainer is after this call. */ phase: "search" | "train" | "done";
  /** Whether phase is "done". */ done: boolean;
  /** During the search: the index of the next probe. */ probe: number;
  /** During the search: the probes planned. */ probeCount: number;
  /** The β search so far; null unless betaStrategy is "search". */ search: BetaSearch | null;
  /** Milliseconds the steps took inside the engine. */ computeMs: number;
}

/** What trainerEvaluate answers. */
export interface TrainerEvaluation {
  /** Share of positions whose prediction equals the reversed input. */ tokenAccuracy: number;
  /** Share of sequences right at every position. */ sequenceAccuracy: number;
  /** Mean cross-entropy per position. */ loss: number;
  /** Sequences evaluated. */ count: number;
  /** The split evaluated, as asked. */ split: "test" | "val" | "train";
  /** Steps done when evaluated. */ step: number;
  /** The β the model uses now. */ beta: number;
  /** Milliseconds the evaluation took inside the engine. */ computeMs: number;
}

/** What trainerAttention answers. */
export interface TrainerAttention {
  /** The validation example, as asked. */ index: number;
  /** The model's heads. */ heads: number;
  /** Sequence length. */ L: number;
  /** (heads, L, L): row i of a head is query position i's softmax over the keys. */ weights: Float32Array;
  /** The example's input sequence. */ inputs: Int32Array;
  /** What it should produce: the inputs reversed. */ targets: Int32Array;
  /** What the current model produces. */ predicted: Int32Array;
  /** The β the model uses now. */ beta: number;
  /** Steps done so far. */ step: number;
}

/** What lengthScaling answers. */
export interface LengthScalingResult {
  /** The row lengths n, as given; every array below has an entry per n. */ ns: Float64Array;
  /** s·ln n, the factor the scaled row's logits are multiplied by. */ scale: Float64Array;
  /** Largest weight of the row as given. */ plainMaxWeight: Float64Array;
  /** Weight of the top logit in the row as given. */ plainTopWeight: Float64Array;
  /** Entropy of the row as given, in nats. */ plainEntropy: Float64Array;
  /** Largest weight of the row times s·ln n. */ scaledMaxWeight: Float64Array;
  /** Weight of the top logit in the scaled row. */ scaledTopWeight: Float64Array;
  /** Entropy of the scaled row, in nats. */ scaledEntropy: Float64Array;
  /** ln n, the entropy of an even row. */ maxEntropy: Float64Array;
  /** s·(top − rest). */ sGap: number;
  /** The scaled top weight as n grows without end: 1 when sGap > 1, 1/2 at 1, 0 below or when top ≤ rest. */ scaledLimit: number;
  /** 1/(top − rest), the s past which the top logit keeps its weight; null when top ≤ rest. */ criticalS: number | null;
  /** e^(1/s), the n past which s·ln n exceeds 1; null when s = 0 or it overflows a double. */ unitScaleN: number | null;
  /** The top logit, as given. */ top: number;
  /** The other logits, as given. */ rest: number;
  /** The factor s, as given. */ s: number;
}

/** Part of a result (AlignmentRows). */
export interface AlignmentRows {
  /** The factor q·k is multiplied by. */ scale: Float64Array;
  /** Mean logit of the aligned key. */ alignedLogit: Float64Array;
  /** Its standard error. */ alignedLogitStdError: Float64Array;
  /** Sd of the aligned key's logit over the rows. */ alignedLogitSd: Float64Array;
  /** Sd of the other keys' logits, pooled over them. */ otherLogitSd: Float64Array;
  /** Mean largest weight of a row. */ maxWeight: Float64Array;
  /** Its standard error. */ maxWeightStdError: Float64Array;
  /** Mean weight of the aligned key. */ alignedWeight: Float64Array;
  /** Its standard error. */ alignedWeightStdError: Float64Array;
  /** Mean row entropy in nats. */ entropy: Float64Array;
  /** Its standard error. */ entropyStdError: Float64Array;
  /** scale·ρ·dK, the aligned logit's exact mean. */ theoryMean: Float64Array;
  /** scale·√(dK(1 + ρ²)), the aligned logit's exact sd. */ theorySd: Float64Array;
  /** scale·√dK, the other logits' exact sd. */ theoryOtherSd: Float64Array;
}

/** Part of a result (TwoLevelRow). */
export interface TwoLevelRow {
  /** The weight of the top logit. */ topWeight: number;
  /** The largest weight in the row. */ maxWeight: number;
  /** The row's entropy in nats. */ entropy: number;
}

/** What alignmentScaling answers. */
export interface AlignmentScalingResult {
  /** The dimensions, as given; the rows below have an entry per dK. */ dKs: Int32Array;
  /** The logits q·k/√dK. */ inverseSqrt: AlignmentRows;
  /** μP's logits q·k·√baseDK/dK. */ mup: AlignmentRows;
  /** The row μP tends to as dK grows: the aligned logit ρ·√baseDK, the others 0. */ mupLimit: TwoLevelRow;
  /** 1/n, each weight of an even row. */ uniformWeight: number;
  /** ln n, the entropy of an even row. */ maxEntropy: number;
  /** The alignment ρ, as given. */ rho: number;
  /** Keys per row, as given. */ n: number;
  /** Rows per dK, as given. */ samples: number;
  /** The width where μP and 1/√dK agree, as given. */ baseDK: number;
  /** Milliseconds the sweep took inside the engine. */ computeMs: number;
}

/** Part of a result (QkNormRows). */
export interface QkNormRows {
  /** Mean row entropy in nats. */ entropy: Float64Array;
  /** Its standard error. */ entropyStdError: Float64Array;
  /** Mean largest weight of a row. */ maxWeight: Float64Array;
  /** Its standard error. */ maxWeightStdError: Float64Array;
  /** The largest |logit| met. */ maxAbsLogit: Float64Array;
}

/** What qkNormDemo answers. */
export interface QkNormDemoResult {
  /** The factors f, as given; the rows below have an entry per f. */ drifts: Float64Array;
  /** Logits (f·q)·(f·k)/√dK, which grow like f². */ standard: QkNormRows;
  /** QK-norm's logits g·q̂·k̂, within [−g, g]. */ qkNorm: QkNormRows;
  /** qk-layernorm's logits LN(f·q)·LN(f·k)/√dK, within [−√dK, √dK]. */ qkLayerNorm: QkNormRows;
  /** One logit at +g and the rest at −g: no row of QK-norm has a larger largest weight. */ sharpest: TwoLevelRow;
  /** The lowest entropy logits within [−g, g] allow. */ minEntropy: number;
  /** How many logits sit at +g (the rest at −g) in the row of lowest entropy. */ minEntropyTops: number;
  /** ln n, the entropy of an even row. */ maxEntropy: number;
  /** √dK, the bound on a qk-layernorm logit. */ layerNormBound: number;
  /** The dimension d_k, as given. */ dK: number;
  /** QK-norm's gain g, as given. */ g: number;
  /** Keys per row, as given. */ n: number;
  /** Rows, as given. */ samples: number;
  /** Milliseconds the demo took inside the engine. */ computeMs: number;
}

/** What setVocabulary answers. */
export interface VocabularySize {
  /** Words now in the engine's vocabulary. */ size: number;
  /** Width of their vectors. */ dim: number;
}

/** What nearestWords answers. */
export interface NearestWords {
  /** The k nearest words, nearest first (fewer when the vocabulary is smaller). */ words: string[];
  /** Each word's cosine with the query's direction, in the same order. */ cosines: Float32Array;
  /** Each word's row in the vocabulary (its frequency rank), in the same order. */ indices: Int32Array;
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
  /**
   * the results to compute and return; the others are neither computed nor copied. 1 … 4 of "scores", "scaledScores",
   * "weights", "output"; default all four.
   */
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
  /**
   * static embeddings: words, the loaded word vectors (dModel becomes their width, 100; a word they lack, or every word
   * before they are loaded, gets its seeded vector, rescaled to their mean length), or random, a seeded vector per
   * word. "words" \| "random"; default "words".
   */
  embeddings?: "words" | "random";
  /**
   * meaningful: W_q = W_k = W_v = I (so dK = dV = dModel), each token's own score masked, and the residual Z = X + AV;
   * random: seeded random W_q, W_k, W_v (a head at initialisation) and Z = AV. "meaningful" \| "random"; default
   * "meaningful".
   */
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

/**
 * pairAngles's options. Lesson 2: q·k = ‖q‖‖k‖ cos θ for random pairs with standard normal entries: one pair's lengths,
 * cos θ, θ and q·k, and over `pairs` pairs the mean length, the sd of cos θ and of q·k beside √dim, 1/√dim and √dim.
 */
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

/**
 * wordPairs's options. Lesson 2: real word vectors (setVocabulary) against the random model: their entries, lengths and
 * cos θ, Var(q·k) over random pairs of different words beside d and d(σ⁴ + 2μ²σ²), and how sharp softmax rows of their
 * scores ÷ √d are beside rows of standard normal vectors.
 */
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

/**
 * gapSpread's options. Lesson 3: the gap q·k − q·k' between two random scores at each dK, raw and ÷ √dK: its sd and the
 * share of pairs on the softmax's flat tails.
 */
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
  /**
   * "normal": scores = √dK·z, z standard normal (exactly N(0, dK); one z per seed, so a dK slider stretches one row,
   * and scaled the row is z whatever dK is); "dot": scores = q·k_j for a random query and keys with standard normal
   * entries in dK dimensions (variance dK, nearly normal only for large dK). "normal" \| "dot"; default "normal".
   */
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
  /**
   * "normal": scores = √dK·z, z standard normal (exactly N(0, dK); one z per seed, so a dK slider stretches one row,
   * and scaled the row is z whatever dK is); "dot": scores = q·k_j for a random query and keys with standard normal
   * entries in dK dimensions (variance dK, nearly normal only for large dK). "normal" \| "dot"; default "normal".
   */
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
  /**
   * "normal": scores = √dK·z, z standard normal (exactly N(0, dK); one z per seed, so a dK slider stretches one row,
   * and scaled the row is z whatever dK is); "dot": scores = q·k_j for a random query and keys with standard normal
   * entries in dK dimensions (variance dK, nearly normal only for large dK). "normal" \| "dot"; default "normal".
   */
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
  /**
   * the factors f on W_q and W_k (f = 1 is computed too, as the base of varianceRatio). 1 … 64 finite numbers from 0.01
   * to 100; default [0.25,0.5,0.75,1,1.25,1.5,2,3,4].
   */
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
  /**
   * how β is set: 1/√d_k, fixed, searched, dynamic, learned, or by normalising q and k (QK-norm with a learned g per
   * head, or LayerNorm then 1/√d_k). "inverse-sqrt-dk" \| "fixed" \| "search" \| "dynamic" \| "learned" \| "qk-norm" \|
   * "qk-layernorm"; default "inverse-sqrt-dk".
   */
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

/**
 * describeTrainer's options: createTrainer's. Lesson 6: the info createTrainer would answer for these options (id 0),
 * without building data, network or optimiser; the configuration is checked, the memory a run needs is not.
 */
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
  /**
   * words to leave out, separated by spaces (a word is not left out unless listed here); words outside the vocabulary
   * are ignored. text, at most 4096 bytes; default "".
   */
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
  dotProducts(options: DotProductsOptions): DotProductsResult;
  /** Lesson 2: `values` counted in `bins` equal bins over one window, e.g. several panels' scores binned again on a shared axis. */
  histogram(options: HistogramOptions): HistogramResult;
  /** Lesson 2: mean and variance of all pairwise dot products of `vectors` random vectors for d = 1 … maxDim. */
  varianceSweep(options?: VarianceSweepOptions): VarianceSweepResult;
  /** Lesson 2: both sides of Var(cX) = c²·Var(X), for given or drawn values. */
  scaleVariance(options: ScaleVarianceOptions): ScaleVarianceResult;
  /**
   * Lesson 2: q·k = ‖q‖‖k‖ cos θ for random pairs with standard normal entries: one pair's lengths, cos θ, θ and q·k,
   * and over `pairs` pairs the mean length, the sd of cos θ and of q·k beside √dim, 1/√dim and √dim.
   */
  pairAngles(options: PairAnglesOptions): PairAnglesResult;
  /**
   * Lesson 2: real word vectors (setVocabulary) against the random model: their entries, lengths and cos θ, Var(q·k)
   * over random pairs of different words beside d and d(σ⁴ + 2μ²σ²), and how sharp softmax rows of their scores ÷ √d
   * are beside rows of standard normal vectors.
   */
  wordPairs(options?: WordPairsOptions): WordPairsResult;
  /** Lesson 3: the softmax of two logits [Δ, 0], its first weight σ(Δ) and slope p(1 − p), over a grid of gaps Δ and at one Δ. */
  twoLogitCurve(options?: TwoLogitCurveOptions): TwoLogitCurveResult;
  /** Lesson 3: the gap q·k − q·k' between two random scores at each dK, raw and ÷ √dK: its sd and the share of pairs on the softmax's flat tails. */
  gapSpread(options?: GapSpreadOptions): GapSpreadResult;
  /** Lesson 3: one row's softmax weights, entropy and Jacobian, for given scores or a row drawn for dK. */
  softmaxStats(options?: SoftmaxStatsOptions): SoftmaxStatsResult;
  /** Lesson 3: Monte Carlo softmax-Jacobian norm against dK, unscaled and scaled by 1/√dK. */
  gradientSweep(options?: GradientSweepOptions): GradientSweepResult;
  /** Lesson 3: every row's gradient norms at one dK, unscaled and scaled, with their spread and histogram. */
  gradientDistribution(options: GradientDistributionOptions): GradientDistributionResult;
  /** The largest softmax weight one key can get in a row of n logits with spread sd, and the row that reaches it. */
  peakWeightCap(options: PeakWeightCapOptions): PeakWeightCapResult;
  /** Lesson 3's numerics panel: naive and stable softmax in float32 and float64, and where exp overflows. */
  softmaxNumerics(options: SoftmaxNumericsOptions): SoftmaxNumericsResult;
  /** Lesson 4: softmax(β·scores) for each β (T = 1/β) with entropy and largest weight, and for scores + shift. */
  boltzmann(options: BoltzmannOptions): BoltzmannResult;
  /** Lesson 4: one score matrix normalised over its last index (attention) and over its first. */
  normalisationDemo(options: NormalisationDemoOptions): NormalisationDemoResult;
  /** Lesson 4: each step of Var(q·k) = Σ Var(qᵢkᵢ) = Σ Var(qᵢ)Var(kᵢ) = dK by Monte Carlo, beside its closed form. */
  derivation(options?: DerivationOptions): DerivationResult;
  /** Lesson 4: score variances of Q = X·W_q, K = X·W_k predicted and measured, on and off the diagonal. */
  assumptionCheck(options?: AssumptionCheckOptions): AssumptionCheckResult;
  /** Lesson 4: W_q and W_k scaled by each drift factor: score variance and softmax sharpness. */
  weightDrift(options?: WeightDriftOptions): WeightDriftResult;
  /** Lesson 5: multi-head attention on the "money bank grows" model, Concat(head_1 … head_H)·W^O. */
  multiHeadExample(options?: MultiHeadExampleOptions): MultiHeadExampleResult;
  /** Lesson 5: Monte Carlo over H of per-head score variance and sharpness when scaling by √dK, √dModel or 1. */
  multiHeadSweep(options?: MultiHeadSweepOptions): MultiHeadSweepResult;
  /** Lesson 6: a training run of the sequence-reversal task; the trainer holds WASM memory until its delete(). */
  createTrainer(options?: CreateTrainerOptions): Trainer;
  /**
   * Lesson 6: the info createTrainer would answer for these options (id 0), without building data, network or
   * optimiser; the configuration is checked, the memory a run needs is not.
   */
  describeTrainer(options?: DescribeTrainerOptions): TrainerInfo;
  /** Lesson 7: per n, the largest weight and entropy of one logit `top` among n − 1 logits `rest`, plain and times s·ln n. */
  lengthScaling(options: LengthScalingOptions): LengthScalingResult;
  /** Lesson 7: per dK, a query's logits against an aligned key (correlation rho) and n − 1 others, under 1/√dK and μP's 1/dK. */
  alignmentScaling(options: AlignmentScalingOptions): AlignmentScalingResult;
  /** Lesson 7: per drift factor f on queries and keys, row entropy and largest weight under 1/√dK, QK-norm and qk-layernorm. */
  qkNormDemo(options?: QkNormDemoOptions): QkNormDemoResult;
  /** Replaces the engine's word vectors (int8 codes with a scale per word), for nearestWords and Lesson 1's real words. */
  setVocabulary(options: SetVocabularyOptions): VocabularySize;
  /** The vocabulary's words with the largest cosine to a word or a vector, nearest first (needs setVocabulary). */
  nearestWords(options?: NearestWordsOptions): NearestWords;
  /** What the engine holds now: malloc'd bytes, live JS-value handles, live trainers; and the WebAssembly traps it met. */
  resources(): { heapBytes: number; arenaBytes: number; valueHandles: number; trainers: number; traps: number };
}

/** Resolves to the engine; every caller on a page shares one instance. */
export function loadEngine(): Promise<Engine>;
