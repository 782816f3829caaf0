// Lesson 2's panels, whole (the bindings only read options and write these out): a histogram of values over their own
// range or a given one, a sample of random dot products beside what theory predicts for it, and the variance sweep's
// theory columns (what independent entries predict at each d, scaled by 1/√d or not). Built on statistics.h; no I/O,
// never throws: callers validate sizes and ranges.
#pragma once

#include <cstdint>
#include <vector>

#include "statistics.h"

namespace asl {

// values (n >= 1) in `bins` equal bins over `range` = [lo, hi] when given, else over the values' own [min, max]; a
// window of zero width (all values equal) becomes one unit wide around them.
struct Binned {
  double min = 0.0, max = 0.0;  // of the values
  std::vector<double> edges;    // bins + 1
  std::vector<double> counts;   // bins
  std::size_t outside = 0;      // values outside the window
};
Binned bin_values(const float* values, std::size_t n, int bins, const float* range);

// `pairs` random dot products of dimension dim (random_dot_products), their moments and histogram, and theory:
// E[x·y] = dim·μ² and the variance of independent pairs.
struct DotProductSample {
  std::vector<float> values;
  Moments moments;
  double sd = 0.0;  // √variance
  Binned histogram;
  double theory_mean = 0.0;
  VariancePrediction prediction;  // predict_independent_pairs_variance
};
DotProductSample dot_product_sample(const EntryDistribution& dist, int dim, int pairs, std::uint64_t seed, int bins,
                                    const float* range);

// What theory says beside a variance sweep, index d − 1 for d = 1 … max_dim: the mean and variance of a dot product
// (÷ √d and ÷ d when scaled), what a sample of all pairs of `vectors` vectors gives on average and its sd, the
// sweep's fitted line at each d, and the within-row variance in theory and for this sample size.
struct SweepTheory {
  std::vector<int> dims;
  std::vector<double> theory_mean, theory_variance, expected_variance, expected_variance_sd, fitted;
  std::vector<double> theory_row_variance, expected_row_variance;
  double theory_slope = 0.0, expected_slope = 0.0;        // per d: product_variance(), expected_pairs_slope
  double theory_row_slope = 0.0, expected_row_slope = 0.0;  // row_variance(), expected_row_slope
};
SweepTheory sweep_theory(const EntryDistribution& dist, const VarianceSweep& sweep);

}  // namespace asl
