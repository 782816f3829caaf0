// Lesson 2's panels (see statistics_panels.h). Compiled -Oz for the page's engine: the work inside is the kernels'
// and the sweep's, compiled at full speed.
#include "statistics_panels.h"

#include <cmath>

namespace asl {

Binned bin_values(const float* values, std::size_t n, int bins, const float* range) {
  Binned b;
  double lo = values[0], hi = values[0];
  for (std::size_t i = 0; i < n; ++i) lo = std::fmin(lo, values[i]), hi = std::fmax(hi, values[i]);
  b.min = lo, b.max = hi;
  if (range) lo = range[0], hi = range[1];
  if (!(lo < hi)) lo -= 0.5, hi += 0.5;  // all values equal: one unit-wide window around them
  b.counts.resize(static_cast<std::size_t>(bins));
  b.edges.resize(static_cast<std::size_t>(bins) + 1);
  b.outside = histogram(values, n, lo, hi, bins, b.counts.data());
  for (int i = 0; i <= bins; ++i) b.edges[i] = lo + (hi - lo) * i / bins;
  return b;
}

DotProductSample dot_product_sample(const EntryDistribution& dist, int dim, int pairs, std::uint64_t seed, int bins,
                                    const float* range) {
  DotProductSample s;
  s.values.resize(static_cast<std::size_t>(pairs));
  random_dot_products(dist, dim, pairs, seed, s.values.data());
  s.moments = moments(s.values.data(), s.values.size());
  s.sd = std::sqrt(s.moments.variance);
  s.histogram = bin_values(s.values.data(), s.values.size(), bins, range);
  s.theory_mean = dim * dist.entry_mean() * dist.entry_mean();
  s.prediction = predict_independent_pairs_variance(dist, dim, pairs);
  return s;
}

SweepTheory sweep_theory(const EntryDistribution& dist, const VarianceSweep& sweep) {
  SweepTheory t;
  const bool scaled = sweep.scaled;
  const std::size_t k = static_cast<std::size_t>(sweep.max_dim);
  t.dims = std::vector<int>(k);
  for (std::vector<double>* column : {&t.theory_mean, &t.theory_variance, &t.expected_variance,
                                      &t.expected_variance_sd, &t.fitted, &t.theory_row_variance,
                                      &t.expected_row_variance})
    column->resize(k);
  const double mu2 = dist.entry_mean() * dist.entry_mean();
  t.theory_slope = dist.product_variance();
  t.expected_slope = expected_pairs_slope(dist, sweep.vectors);
  t.theory_row_slope = dist.row_variance();
  t.expected_row_slope = expected_row_slope(dist, sweep.vectors);
  for (std::size_t i = 0; i < k; ++i) {
    const int d = static_cast<int>(i) + 1;
    t.dims[i] = d;
    const VariancePrediction p = predict_all_pairs_variance(dist, d, sweep.vectors);
    const double root = std::sqrt(static_cast<double>(d));
    t.theory_mean[i] = scaled ? root * mu2 : d * mu2;
    t.theory_variance[i] = scaled ? p.theory / d : p.theory;
    t.expected_variance[i] = scaled ? p.expected / d : p.expected;
    t.expected_variance_sd[i] = scaled ? p.sd / d : p.sd;
    t.fitted[i] = sweep.fit.slope * d + sweep.fit.intercept;  // the fitted line at each d, drawn as is
    t.theory_row_variance[i] = scaled ? t.theory_row_slope : d * t.theory_row_slope;
    t.expected_row_variance[i] = scaled ? t.expected_row_slope : d * t.expected_row_slope;
  }
  return t;
}

}  // namespace asl
