// What the parts of Lesson 3 share: the d_k values of the gradient sweep, the threshold below which a row counts as
// passing almost no gradient, and a part's notice box. Constants and layout only; numbers print with web/format.js.
import { el } from '../../dom.js';

// d_k values of the gradient sweep: powers of two and the points halfway between them (on a log axis), 1 … 4096.
export const SWEEP_DKS = [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048, 3072, 4096];
export const REPORT_DKS = [64, 512]; // the d_k the sweep's report names
/** 3.2 picks its row from this many, by the raw ‖J‖: [state value, label] in the order of quartileRows. */
export const TYPICAL_ROWS = 1000;
export const ROW_QUARTILES = [['q1', '25th percentile'], ['median', 'median'], ['q3', '75th percentile']];
/** The radio buttons' own short labels, in the same order. */
export const ROW_CHOICES = [['q1', '25th'], ['median', 'median'], ['q3', '75th']];
/** The d_k of the sparsity trend 3.3 prints, and the two its prediction compares. */
export const SPARSE_DKS = [16, 64, 512, 4096];
export const ASK_SPARSE = [64, 512];
export const GAP_DKS = [4, 64, 512]; // the d_k whose random pairs 3.1 measures
/** A two-logit pair whose slope p(1 − p) is below this sits on the flat tails (display choice, as NEAR_ZERO). */
export const FLAT = 0.01;
export const POW2_TICKS = [1, 4, 16, 64, 256, 1024, 4096];
/** A row whose Jacobian norm is below this passes "almost no gradient" (the engine's default threshold). */
export const NEAR_ZERO = 0.01;

/** 3.2's histograms: bins over the decades the norms span (a display choice). */
export const BINS = 40;
/** 3.2's query gradient draws at most this many key entries (dK·(n + 1) per row). */
export const DOT_UNITS = 2 ** 22;

/** Labels 1 … n. */
export const index = (n) => Array.from({ length: n }, (_, i) => String(i + 1));
