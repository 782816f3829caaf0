// Lesson 2's statistics: dot products of random vectors, the variance sweep over d = 1 … max_dim (one incremental
// Gram matrix, one rank-1 update per d) with the spread within one query's row of scores, what theory and a finite
// sample predict for it, a least-squares line, and Var(cX) = c²·Var(X). Every variance is the population variance (divide by the count, as numpy's np.var default).
// It never throws and does no I/O: callers (the bindings, the tests) validate sizes and ranges first.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "random.h"

namespace asl {

// The distribution of every entry of the random vectors: uniform on [0, 1), or normal(mean, std).
struct EntryDistribution {
  enum class Kind { uniform, normal };
  Kind kind = Kind::uniform;
  double mean = 0.0, std = 1.0;  // normal only

  double entry_mean() const { return kind == Kind::uniform ? 0.5 : mean; }                  // μ
  double entry_variance() const { return kind == Kind::uniform ? 1.0 / 12.0 : std * std; }  // σ²
  // Var(x·y) for independent entries x, y: E[x²]² − μ⁴ = σ⁴ + 2μ²σ², i.e. 7/144 for uniform [0, 1). A dot product
  // of d-dimensional vectors has d times this variance: the per-dimension slope of the sweep.
  double product_variance() const;
  // Cov(x·y, x·z) for independent x, y, z: μ²σ². What two dot products that share a vector have in common, per
  // dimension; 0 for zero-mean entries, 1/48 for uniform [0, 1).
  double shared_covariance() const;
  // E[q²]·σ² = (μ² + σ²)·σ²: per dimension, the variance of q·k over the keys of one row, averaged over queries q.
  // Given q, the scores q·k_j vary only through k_j − μ, with variance ‖q‖²σ²; the common part q·μ shifts the whole
  // row. 1/36 for uniform [0, 1), σ⁴ for zero-mean entries (then equal to product_variance()).
  double row_variance() const;
  // Third and fourth central moments E[(x − μ)³], E[(x − μ)⁴]: 0 and 1/80 for uniform [0, 1), 0 and 3σ⁴ for normal.
  double central_moment3() const { return 0.0; }
  double central_moment4() const { return kind == Kind::uniform ? 1.0 / 80.0 : 3.0 * std * std * std * std; }

  // One entry in float64: Rng::uniform() or mean + std·Rng::normal().
  double sample(Rng& rng) const;
  // One entry in float32, the precision the kernels work in. Uniform entries are cut to 24 bits (so they stay in
  // [0, 1) instead of rounding up to 1.0f); normal entries are rounded to nearest.
  float sample_f32(Rng& rng) const;
};

struct Moments {
  double mean = 0.0, variance = 0.0;  // population variance
};
// Two passes (mean, then the mean squared deviation) in float64.
Moments moments(const double* x, std::size_t n);
Moments moments(const float* x, std::size_t n);

// Least squares y ≈ slope·x + intercept in closed form: slope = Σ(x − x̄)(y − ȳ) / Σ(x − x̄)². Needs n >= 2 and
// two distinct x; otherwise both are NaN.
struct LineFit {
  double slope = 0.0, intercept = 0.0;
};
LineFit fit_line(const double* x, const double* y, std::size_t n);

// values (pairs) = a_p · b_p for `pairs` independent pairs of vectors of dimension dim, entries float32 from `dist`,
// each dot product by the SIMD dot kernel. Pair p draws from its own stream, a_p[c] then b_p[c] for c = 0, 1, …,
// so the same seed gives the same first pairs for any `pairs`, and a pair at a larger dim extends the smaller one.
void random_dot_products(const EntryDistribution& dist, int dim, int pairs, std::uint64_t seed, float* values);

// counts (bins) of values (n) in `bins` equal bins over [lo, hi] (hi itself falls in the last bin); returns how many
// values fell outside [lo, hi]. Needs lo < hi and bins >= 1.
std::size_t histogram(const float* values, std::size_t n, double lo, double hi, int bins, double* counts);

// The random vectors of the sweep, x (vectors, max_dim) row-major: entry (i, c) is the i-th draw of the stream for
// column c. So vector i at dimension d is the first d entries of vector i at any larger dimension, and adding
// vectors leaves the existing ones unchanged.
void sweep_vectors(const EntryDistribution& dist, int max_dim, int vectors, std::uint64_t seed, float* x);
// Column c of those vectors alone (vectors), without drawing the others.
void sweep_column(const EntryDistribution& dist, int column, int vectors, std::uint64_t seed, float* x_c);

// What theory predicts for the population variance S² of a set of dot products of d-dimensional vectors: its
// mean over repeated samples (exact) and its standard deviation across samples (to leading order in the sample size).
struct VariancePrediction {
  double theory = 0.0;    // d · product_variance(): Var(x·y), what infinitely many independent pairs would give
  double expected = 0.0;  // E[S²] for this sample size
  double sd = 0.0;        // sd of S² from sample to sample
};
// All P = n(n−1)/2 pairs of n = `vectors` vectors (the sweep); see statistics.cpp for the derivations.
VariancePrediction predict_all_pairs_variance(const EntryDistribution& dist, int d, int vectors);
// `pairs` independent pairs (random_dot_products): E[S²] = d·v·(1 − 1/P), sd ≈ √(ζ₂/P).
VariancePrediction predict_independent_pairs_variance(const EntryDistribution& dist, int d, int pairs);
// E[S²] / d for all pairs of n vectors: the slope a least-squares line through many samples would find.
double expected_pairs_slope(const EntryDistribution& dist, int vectors);
// The mean over queries of the population variance of one row of n − 1 scores, divided by d: (1 − 1/(n − 1))·
// row_variance(). Exact: given the query, the n − 1 keys are independent draws.
double expected_row_slope(const EntryDistribution& dist, int vectors);

struct VarianceSweep {
  int max_dim = 0, vectors = 0;
  double pairs = 0.0;  // n(n−1)/2
  bool scaled = false;
  // Index d − 1 for d = 1 … max_dim: the mean and population variance of all pairwise dot products of the first
  // d entries of the vectors, each divided by √d when scaled.
  std::vector<double> mean, variance;
  // The same dot products as rows: vector i is a query, the other n − 1 vectors its keys. row_variance is the mean
  // over queries of the variance within a row (what a softmax over the keys sees), row_mean_variance the variance
  // of the rows' means across queries (an offset per row, which the softmax ignores). They add up to `variance`.
  std::vector<double> row_variance, row_mean_variance;
  LineFit fit;                     // variance ≈ slope·d + intercept over d = 1 … max_dim
  LineFit row_fit;                 // row_variance ≈ slope·d + intercept
  double log_log_slope = 0.0;      // slope of ln(variance) against ln(d) over the d where variance > 0 (NaN if < 2)
};

// The whole sweep with one Gram matrix (float64, upper triangle) and one kern::gram_rank1_upper per d: the Gram
// matrix at d + 1 is the one at d plus x_{:,d}·x_{:,d}ᵀ. Allocates its workspace once, before the loop.
// max_dim >= 2, vectors >= 2.
VarianceSweep variance_sweep(const EntryDistribution& dist, int max_dim, int vectors, std::uint64_t seed,
                             bool scaled);

// x (n) float64 draws from `dist` with Rng(seed) in order: for uniform and standard normal, the same numbers as the
// bindings' random({ seed, count, distribution }).
void sample_values(const EntryDistribution& dist, std::size_t n, std::uint64_t seed, double* x);

// Var(cX) = c²·Var(X), both sides computed separately: cx (n) = c·x, var_cx from cx, c2_var_x = c²·Var(x).
struct ScaleCheck {
  double mean_x = 0.0, var_x = 0.0, mean_cx = 0.0, var_cx = 0.0, c2_var_x = 0.0;
  double difference = 0.0;  // var_cx − c2_var_x: rounding only
};
ScaleCheck scale_variance(const double* x, std::size_t n, double c, double* cx);

}  // namespace asl
