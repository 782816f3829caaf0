// Lesson 3's softmax lab: a row of scores whose spread d_k sets, its softmax, entropy and Jacobian, the Monte Carlo
// sweep of the Jacobian's norm over d_k (mean and spread over rows, and the gradient that reaches the query), and a
// float64 softmax for the numerics panel. All float64 and scalar on
// purpose: a sharp row's 1 − p_max and Jacobian norm fall far below float32's resolution (≈ 1e-14 at d_k = 4096), so
// the float32 SIMD kernels cannot show them. It never throws and does no I/O; callers validate sizes and ranges.
#pragma once

#include <cstdint>
#include <vector>

#include "spread.h"

namespace asl {

// How a row of n raw scores for a given d_k is drawn (both have mean 0 and variance d_k per score).
enum class ScoreModel {
  // √d_k·z_j with z_j standard normal: exactly N(0, d_k), and the same z for every d_k, so a d_k slider stretches
  // one fixed row and, scaled by 1/√d_k, the row is z whatever d_k is.
  normal,
  // q·k_j for a random query q and keys k_j with standard normal entries in d_k dimensions: the real thing, close to
  // N(0, d_k) only for large d_k. Entry c is drawn as q_c, k_0c, k_1c, …, so a larger d_k extends the same sums.
  dot,
};

// scores (n) of row `row` for this seed; row r of a gradient sweep is row r here.
void score_row(ScoreModel model, int d_k, int n, std::uint64_t seed, std::uint64_t row, double* scores);

// The query q (d_k) and keys behind a dot-model row: scores_j = q·k_j for score_row(dot, d_k, n, seed, row).
// keys_t (d_k, n) row-major holds the keys by dimension, keys_t[c·n + j] = entry c of k_j (the order they are drawn).
void dot_row_vectors(int d_k, int n, std::uint64_t seed, std::uint64_t row, double* query, double* keys_t);

// The softmax of one row of logits z and what the lesson reads off it.
struct SoftmaxAnalysis {
  std::vector<double> p;           // softmax(z), stable (the maximum is subtracted first)
  std::vector<double> log_p;       // ln p_i = (z_i − max z) − ln Σ_j exp(z_j − max z), never ln(0)
  std::vector<double> complement;  // 1 − p_i, computed from the other weights: no cancellation when p_i ≈ 1
  int argmax = 0;
  double max_weight = 0.0;
  double entropy = 0.0;          // −Σ p ln p in nats; 0 for one-hot, ln n for uniform
  double max_entropy = 0.0;      // ln n
  double effective_keys = 0.0;   // exp(entropy): how many keys the row attends to, 1 … n
  // The Jacobian J = ∂p/∂z = diag(p) − p·pᵀ (n, n), symmetric positive semidefinite, J·1 = 0.
  // Frobenius norm ‖J‖_F = √(Σ_ij J_ij²): the root mean square of ‖J·g‖ for an upstream gradient g ~ N(0, I)
  // (E‖Jg‖² = tr(JᵀJ)), i.e. the typical size of the gradient that reaches the logits. This is "the" norm the
  // lesson plots. Spectral norm = the largest eigenvalue (at most 1/2, reached by a 50/50 row): the largest gain.
  double jacobian_frobenius = 0.0;
  double jacobian_spectral = 0.0;
};

// Fills `out` for logits z (n >= 1, finite). Reuses out's buffers: no allocation when n does not grow. The spectral
// norm (a bisection, ≈ 100 passes over the row) only when asked; otherwise it is left at 0.
void analyze_softmax(const double* z, int n, SoftmaxAnalysis& out, bool spectral = true);

// jacobian (n, n) row-major: J_ij = p_i·(δ_ij − p_j), with J_ii = p_i·(1 − p_i) from the exact complement.
void softmax_jacobian(const SoftmaxAnalysis& a, double* jacobian);

// ‖KᵀJ‖_F for the softmax `a` of logits z_j = c·q·k_j over keys keys_t (d_k, n) (layout as in dot_row_vectors).
// The gradient that reaches the query is ∂L/∂q = c·Kᵀ·J·g for an upstream gradient g on the weights; for g ~ N(0, I)
// its root mean square is c·‖KᵀJ‖_F (E‖Mg‖² = ‖M‖_F²), a fixed number per row: nothing is drawn. Column j of KᵀJ is
// p_j·(k_j − k̄), k̄ = Σ_i p_i·k_i, so ‖KᵀJ‖_F² = Σ_j p_j²·‖k_j − k̄‖², summed here relative to the largest weight's key
// k_m (k̄ − k_m = Σ_(i≠m) p_i·(k_i − k_m)), which keeps a sharp row's tiny differences. O(n·d_k), no allocation.
double query_gradient_norm(const SoftmaxAnalysis& a, const double* keys_t, int d_k, int n);

// Monte Carlo over `trials` rows (row r = score_row(model, d_k, n, seed, r)) at each d_k: the mean, over rows, of
// the Frobenius norm of the softmax Jacobian with respect to the logits, its standard error (sample sd / √trials),
// the mean largest weight and the mean entropy. Unscaled logits are the raw scores (variance d_k); scaled logits are
// raw / √d_k (variance 1). Both use the same rows (common random numbers), so `ratio` = unscaled / scaled is
// smooth in d_k; it is 1 at d_k = 1.
// The mean hides how the norms spread: a sharp row passes almost nothing, a near-tie a lot. So each curve also has
// the spread of the per-row norms (spread.h: median, quartiles, share of rows below `threshold`) and, for model dot
// (real q and k_j), the query gradient c·‖KᵀJ‖_F per row (query_gradient_norm): mean, median, 90th percentile.
struct GradientCurve {
  std::vector<double> mean_norm, std_error, mean_max_weight, mean_entropy;
  std::vector<double> median_norm, quartile1, quartile3, fraction_below;
  std::vector<double> mean_query_norm, median_query_norm, p90_query_norm;  // model dot only; empty for normal
};
struct GradientSweep {
  std::vector<int> d_ks;
  GradientCurve unscaled, scaled;
  std::vector<double> ratio;
  double threshold = 0.0;
};
// d_ks strictly increasing, each 1 … 4096; n >= 1; trials >= 1. Keeps every row's norms (trials·d_ks.size() each).
GradientSweep gradient_sweep(ScoreModel model, const std::vector<int>& d_ks, int n, int trials, std::uint64_t seed,
                             double threshold = 0.01);

// The same rows at one d_k, every row's norm kept: values[r] is row r's, then their spread and a histogram.
struct NormSample {
  std::vector<double> values;
  Spread spread;
  // Rows at the 25th, 50th and 75th percentile of values (nearest rank: sorted position round((trials − 1)·q), ties
  // to the lower row index), so a lesson can show typical rows rather than whichever row came first.
  std::size_t quartile_rows[3] = {0, 0, 0};
  std::vector<double> counts;  // per bin of the pair's edges
  std::size_t zeros = 0;       // norms of exactly 0 (every weight but one underflowed), below any log-spaced bin
};
// Unscaled and scaled norms on shared edges (log_bin_edges over both), so they can be drawn on one axis.
struct NormPair {
  std::vector<double> edges;
  NormSample unscaled, scaled;
};
struct GradientDistribution {
  NormPair jacobian;  // ‖J‖_F per row
  NormPair query;     // c·‖KᵀJ‖_F per row, model dot only (empty for normal)
  double scale = 1.0; // c = 1/√d_k, the scaled side's factor
};
// d_k 1 … 4096, n >= 1, trials >= 1, bins >= 1. Row r and its norms are those of gradient_sweep's row r at d_k.
GradientDistribution gradient_distribution(ScoreModel model, int d_k, int n, int trials, std::uint64_t seed,
                                           double threshold, int bins);

// Two logits [Δ, 0]: the first weight p = softmax([Δ, 0])_0 = σ(Δ) and its slope dp/dΔ = p(1 − p), the Jacobian's
// J_00 with 1 − p from the exact complement (so the slope stays positive far out on the tails). gaps, p and slope
// have `count` entries.
void two_logit_curve(const double* gaps, int count, double* p, double* slope);

// How wide the gap between two random scores is at one d_k: `pairs` rows of score_row(dot, d_k, 2, seed, r), each a
// random query q and keys k, k' (standard normal entries), gap = q·k − q·k'. Its variance is 2·d_k (q·k and q·k'
// have variance d_k each and are uncorrelated), so sd √(2·d_k) raw and √2 after ÷ √d_k. Also, raw and scaled, the
// share of pairs whose slope p(1 − p) at their gap is strictly below `threshold`, and the median slope.
struct GapSpread {
  int d_k = 0, pairs = 0;
  double sd_unscaled = 0.0, sd_scaled = 0.0;  // measured: √(Σ (gap − mean)² / (pairs − 1)); 0 for one pair
  double expected_sd_unscaled = 0.0, expected_sd_scaled = 0.0;  // √(2·d_k) and √2
  double flat_unscaled = 0.0, flat_scaled = 0.0;
  double median_slope_unscaled = 0.0, median_slope_scaled = 0.0;
};
// d_k 1 … 4096, pairs >= 1. O(pairs·d_k) draws; allocates pairs-long buffers.
GapSpread gap_spread(int d_k, int pairs, std::uint64_t seed, double threshold);

// softmax(β·x) in float64, scalar only (the SIMD kernels are float32; this exists for the numerics panel).
// The naive one is the textbook exp(β·x_j) / Σ exp(β·x): it overflows to inf/NaN once β·x passes ln(DBL_MAX) ≈ 709.78.
void softmax_naive_f64(const double* x, double beta, double* y, int n);
void softmax_stable_f64(const double* x, double beta, double* y, int n);
// ln of the largest finite float32 and float64: where exp overflows (≈ 88.7228 and ≈ 709.7827).
double exp_overflow_threshold_f32();
double exp_overflow_threshold_f64();

}  // namespace asl
