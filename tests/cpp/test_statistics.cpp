// Lesson 2's statistics: the incremental sweep against a direct float64 computation at every d, the sample
// variances against their finite-sample expectations (tolerances from the sample size), Var(cX) = c²Var(X), the fit.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "engine/statistics.h"
#include "helpers.h"
#include "kernels/kernels.h"

using asl_test::close;

namespace {

asl::EntryDistribution uniform() { return {}; }
asl::EntryDistribution normal(double mean = 0.0, double std = 1.0) {
  asl::EntryDistribution d;
  d.kind = asl::EntryDistribution::Kind::normal;
  d.mean = mean;
  d.std = std;
  return d;
}

// Mean and population variance of the pairwise dot products of the first d entries of each row of x (n, ld),
// straight from the definition: every dot product summed in float64 in index order, then two passes.
asl::Moments direct_pairs(const std::vector<float>& x, int n, int ld, int d) {
  std::vector<double> dots;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      double s = 0.0;
      for (int c = 0; c < d; ++c) s += static_cast<double>(x[i * ld + c]) * x[j * ld + c];
      dots.push_back(s);
    }
  return asl::moments(dots.data(), dots.size());
}

// The rows of the same dot products: for each query i, the population variance of x_i·x_j over the keys j ≠ i, then
// the mean of those variances and the variance of the rows' means, straight from the definition.
struct Rows {
  double within, between;
};
Rows direct_rows(const std::vector<float>& x, int n, int ld, int d) {
  std::vector<double> variances, means;
  for (int i = 0; i < n; ++i) {
    std::vector<double> row;
    for (int j = 0; j < n; ++j) {
      if (j == i) continue;
      double s = 0.0;
      for (int c = 0; c < d; ++c) s += static_cast<double>(x[i * ld + c]) * x[j * ld + c];
      row.push_back(s);
    }
    const asl::Moments m = asl::moments(row.data(), row.size());
    variances.push_back(m.variance);
    means.push_back(m.mean);
  }
  return {asl::moments(variances.data(), variances.size()).mean, asl::moments(means.data(), means.size()).variance};
}

// Mean and standard error of a statistic over R replicates.
struct Replicates {
  double mean, se;
};
template <typename F>
Replicates replicate(int r, F statistic) {
  std::vector<double> v(static_cast<std::size_t>(r));
  for (int i = 0; i < r; ++i) v[i] = statistic(static_cast<std::uint64_t>(i));
  const asl::Moments m = asl::moments(v.data(), v.size());
  return {m.mean, std::sqrt(m.variance * r / (r - 1.0) / r)};
}

}  // namespace

TEST_CASE("the incremental sweep equals the direct float64 computation at every d", "[statistics][sweep]") {
  const int n = 37, max_dim = 300;
  for (const auto& dist : {uniform(), normal(), normal(0.5, 2.0)}) {
    std::vector<float> x(static_cast<std::size_t>(n) * max_dim);
    asl::sweep_vectors(dist, max_dim, n, 5, x.data());
    const asl::VarianceSweep sweep = asl::variance_sweep(dist, max_dim, n, 5, false);
    const asl::VarianceSweep scaled = asl::variance_sweep(dist, max_dim, n, 5, true);
    REQUIRE(sweep.mean.size() == static_cast<std::size_t>(max_dim));
    for (int d = 1; d <= max_dim; ++d) {
      const asl::Moments want = direct_pairs(x, n, max_dim, d);
      INFO("distribution mean " << dist.entry_mean() << ", d = " << d << ": sweep " << sweep.mean[d - 1] << " / "
                                << sweep.variance[d - 1] << ", direct " << want.mean << " / " << want.variance);
      REQUIRE(close(sweep.mean[d - 1], want.mean, 1e-12, 1e-12));
      REQUIRE(close(sweep.variance[d - 1], want.variance, 1e-12, 1e-11));
      // Scaling each dot product by 1/√d: mean / √d, variance / d (up to rounding).
      REQUIRE(close(scaled.mean[d - 1], want.mean / std::sqrt(d), 1e-12, 1e-12));
      REQUIRE(close(scaled.variance[d - 1], want.variance / d, 1e-12, 1e-11));
    }
  }
}

TEST_CASE("the sweep's spread within a row and between the rows' means match a direct computation and add up",
          "[statistics][sweep][rows]") {
  const int n = 23, max_dim = 120;
  for (const auto& dist : {uniform(), normal(), normal(3.0, 0.5)}) {
    std::vector<float> x(static_cast<std::size_t>(n) * max_dim);
    asl::sweep_vectors(dist, max_dim, n, 4, x.data());
    const asl::VarianceSweep sweep = asl::variance_sweep(dist, max_dim, n, 4, false);
    const asl::VarianceSweep scaled = asl::variance_sweep(dist, max_dim, n, 4, true);
    REQUIRE(sweep.row_variance.size() == static_cast<std::size_t>(max_dim));
    for (int d = 1; d <= max_dim; ++d) {
      const Rows want = direct_rows(x, n, max_dim, d);
      INFO("distribution mean " << dist.entry_mean() << ", d = " << d << ": within " << sweep.row_variance[d - 1]
                                << " (direct " << want.within << "), between " << sweep.row_mean_variance[d - 1]
                                << " (direct " << want.between << "), all pairs " << sweep.variance[d - 1]);
      REQUIRE(close(sweep.row_variance[d - 1], want.within, 1e-12, 1e-10));
      REQUIRE(close(sweep.row_mean_variance[d - 1], want.between, 1e-12, 1e-10));
      // The law of total variance: every row has n − 1 entries and every pair sits in two rows.
      REQUIRE(close(sweep.row_variance[d - 1] + sweep.row_mean_variance[d - 1], sweep.variance[d - 1], 1e-12, 1e-10));
      REQUIRE(close(scaled.row_variance[d - 1], want.within / d, 1e-12, 1e-10));
    }
  }
}

TEST_CASE("averaged over samples, a row's variance is (1 − 1/(n − 1))·d·(μ² + σ²)σ²: d/36 for uniform entries",
          "[statistics][sweep][rows][expectation]") {
  REQUIRE(close(uniform().row_variance(), 1.0 / 36.0, 0, 1e-15));
  REQUIRE(normal().row_variance() == normal().product_variance());  // zero mean: nothing is shared along a row
  REQUIRE(close(normal(2.0, 3.0).row_variance(), (4.0 + 9.0) * 9.0, 0, 1e-15));
  REQUIRE(asl::expected_row_slope(uniform(), 2) == 0.0);  // a row of one score has no spread
  // Non-zero-mean entries: the row sees far less spread than all pairs (1/36 against 7/144 per dimension for uniform).
  // R samples, tolerance 4 standard errors; each case also lies 4 standard errors away from the all-pairs slope.
  struct Case {
    asl::EntryDistribution dist;
    int vectors, d, r;
  };
  for (const Case& c : {Case{uniform(), 10, 16, 3000}, Case{uniform(), 100, 64, 300}, Case{normal(1.0, 2.0), 20, 8, 3000}}) {
    const Replicates got = replicate(c.r, [&](std::uint64_t seed) {
      return asl::variance_sweep(c.dist, c.d, c.vectors, 3000 + seed, false).row_variance[c.d - 1];
    });
    const double want = c.d * asl::expected_row_slope(c.dist, c.vectors);
    const double all_pairs = c.d * asl::expected_pairs_slope(c.dist, c.vectors);
    INFO("vectors = " << c.vectors << ", d = " << c.d << ": mean " << got.mean << " ± " << got.se << ", expected "
                      << want << ", all pairs " << all_pairs);
    REQUIRE(std::fabs(got.mean - want) <= 4 * got.se);
    REQUIRE(std::fabs(got.mean - all_pairs) > 4 * got.se);
  }
}

TEST_CASE("after 1/√d a row's spread is level even for uniform entries, while the scores' mean keeps growing",
          "[statistics][sweep][rows]") {
  // One sample's row variance moves mostly with the keys' sums (their variance estimated from n − 1 keys, relative
  // sd √(2/(n − 2))), which carry 3/4 of it for uniform entries: about 5 % at 400 vectors. Tolerance 20 %.
  const asl::VarianceSweep s = asl::variance_sweep(uniform(), 512, 400, 6, true);
  REQUIRE(close(s.row_fit.slope, 0.0, 1e-4, 0));
  for (int d : {64, 256, 512}) {
    INFO("d = " << d << ": row variance " << s.row_variance[d - 1] << ", mean " << s.mean[d - 1]);
    REQUIRE(close(s.row_variance[d - 1], asl::expected_row_slope(uniform(), 400), 0, 0.2));
    REQUIRE(close(s.mean[d - 1], std::sqrt(d) / 4.0, 0, 0.05));
  }
}

TEST_CASE("the Gram matrix accumulated one rank-1 update at a time is exact up to d = 4096", "[statistics][sweep]") {
  // Each entry is the float64 sum, in index order, of exact float64 products: the very numbers a direct loop in the
  // same order computes. float32 accumulation would be off by ~1e-4 at d = 4096 (sums near 1024, ulp 6e-5).
  const int n = 12, max_dim = 4096;
  std::vector<float> x(static_cast<std::size_t>(n) * max_dim);
  asl::sweep_vectors(uniform(), max_dim, n, 11, x.data());
  std::vector<double> gram(static_cast<std::size_t>(n) * n, 0.0), direct(gram.size(), 0.0);
  std::vector<float> column(n);
  std::vector<double> row_sums(2 * static_cast<std::size_t>(n));
  double moments[2];
  for (int d = 1; d <= max_dim; ++d) {
    for (int i = 0; i < n; ++i) column[i] = x[i * max_dim + d - 1];
    asl::kern::gram_rank1_upper(column.data(), 0.0, gram.data(), moments, row_sums.data(), n, n);
    for (int i = 0; i < n; ++i)
      for (int j = i; j < n; ++j) direct[i * n + j] += static_cast<double>(x[i * max_dim + d - 1]) * x[j * max_dim + d - 1];
    INFO("d = " << d);
    REQUIRE(gram == direct);
  }
  // And the sweep built on it keeps its variance to 12 digits at d = 4096.
  const asl::VarianceSweep sweep = asl::variance_sweep(uniform(), max_dim, n, 11, false);
  for (int d : {1, 2, 64, 1000, 4095, 4096}) {
    const asl::Moments want = direct_pairs(x, n, max_dim, d);
    INFO("d = " << d);
    REQUIRE(close(sweep.mean[d - 1], want.mean, 0, 1e-13));
    REQUIRE(close(sweep.variance[d - 1], want.variance, 0, 1e-11));
  }
}

TEST_CASE("the theory slopes are 7/144 for uniform entries on 0…1 and σ⁴ + 2μ²σ² for normal entries", "[statistics]") {
  REQUIRE(close(uniform().product_variance(), 7.0 / 144.0, 0, 1e-15));
  REQUIRE(normal().product_variance() == 1.0);
  REQUIRE(close(normal(2.0, 3.0).product_variance(), 81.0 + 2 * 4 * 9, 0, 1e-15));
  REQUIRE(close(uniform().shared_covariance(), 1.0 / 48.0, 0, 1e-15));
  REQUIRE(normal().shared_covariance() == 0.0);
  // The finite-sample expectation: one pair has no spread; 100 uniform vectors sit 1.72 % below 7/144; zero-mean
  // entries only lose the 1/P of a population variance.
  REQUIRE(close(asl::expected_pairs_slope(uniform(), 2), 0.0, 1e-18, 0));
  REQUIRE(close(asl::expected_pairs_slope(normal(1.0, 1.0), 2), 0.0, 1e-15, 0));
  const double ratio = asl::expected_pairs_slope(uniform(), 100) / (7.0 / 144.0);
  REQUIRE(close(ratio, 1.0 - 1.0 / 4950 - 4.0 * 98 / 9900 * 3.0 / 7.0, 0, 1e-14));
  REQUIRE(close(1.0 - ratio, 0.0172, 0.0001, 0));
  REQUIRE(close(asl::expected_pairs_slope(normal(), 100), 1.0 - 1.0 / 4950, 0, 1e-15));
}

TEST_CASE("two vectors have one pair and an all-pairs variance of exactly 0", "[statistics][sweep]") {
  const asl::VarianceSweep s = asl::variance_sweep(uniform(), 50, 2, 3, false);
  for (double v : s.variance) REQUIRE(v == 0.0);
  const asl::VariancePrediction p = asl::predict_all_pairs_variance(uniform(), 50, 2);
  REQUIRE(close(p.expected, 0.0, 1e-15, 0));
  REQUIRE(p.sd == 0.0);
}

TEST_CASE("averaged over samples, the all-pairs variance is the finite-sample expectation, not d·7/144",
          "[statistics][sweep][expectation]") {
  // R independent samples (seeds); the tolerance is 4 standard errors of their mean, s/√R. Each case is sized so the
  // naive d·v is at least 4 standard errors away too: the test can tell the two apart.
  struct Case {
    asl::EntryDistribution dist;
    int vectors, d, r;
  };
  for (const Case& c : {Case{uniform(), 3, 8, 20000}, Case{uniform(), 10, 16, 4000}, Case{uniform(), 100, 16, 2000},
                        Case{normal(1.0, 2.0), 20, 8, 4000}}) {
    const Replicates got = replicate(c.r, [&](std::uint64_t seed) {
      return asl::variance_sweep(c.dist, c.d, c.vectors, 1000 + seed, false).variance[c.d - 1];
    });
    const asl::VariancePrediction want = asl::predict_all_pairs_variance(c.dist, c.d, c.vectors);
    INFO("vectors = " << c.vectors << ", d = " << c.d << ", R = " << c.r << ": mean " << got.mean << " ± " << got.se
                      << ", expected " << want.expected << ", d·v " << want.theory);
    REQUIRE(std::fabs(got.mean - want.expected) <= 4 * got.se);
    REQUIRE(std::fabs(got.mean - want.theory) > 4 * got.se);
  }
  // The fitted slope is linear in the variances, so its average is the expected slope (and the intercept's is 0).
  const Replicates slope = replicate(400, [](std::uint64_t seed) {
    return asl::variance_sweep(uniform(), 64, 100, 50000 + seed, false).fit.slope;
  });
  INFO("slope " << slope.mean << " ± " << slope.se << ", expected " << asl::expected_pairs_slope(uniform(), 100));
  REQUIRE(std::fabs(slope.mean - asl::expected_pairs_slope(uniform(), 100)) <= 4 * slope.se);
}

TEST_CASE("one large sample's variance is within 4 predicted sd of 7/144·d (uniform) and of d (standard normal)",
          "[statistics][sweep]") {
  // 400 vectors, 79800 pairs. The predicted sd is the leading-order U-statistic spread (statistics.cpp), which the
  // next test checks against the spread of many samples.
  const int n = 400, max_dim = 256;
  for (const auto& dist : {uniform(), normal()}) {
    const asl::VarianceSweep s = asl::variance_sweep(dist, max_dim, n, 2024, false);
    for (int d : {4, 16, 64, 256}) {
      const asl::VariancePrediction p = asl::predict_all_pairs_variance(dist, d, n);
      INFO("mean " << dist.entry_mean() << ", d = " << d << ": variance " << s.variance[d - 1] << ", expected "
                   << p.expected << " ± " << p.sd << " (d·v = " << p.theory << ")");
      REQUIRE(std::fabs(s.variance[d - 1] - p.expected) <= 4 * p.sd);
      REQUIRE(close(s.mean[d - 1], d * dist.entry_mean() * dist.entry_mean(), 4 * std::sqrt(p.theory / n), 0));
    }
  }
}

TEST_CASE("the predicted sample-to-sample sd of the all-pairs variance matches the spread of many samples",
          "[statistics][sweep][expectation]") {
  // The sd of R samples is itself uncertain by about 1/√(2(R − 1)) relative (normal theory): 4 of those, plus the
  // leading-order formula's own error, which is O(1/n) relative: 10 % for n = 100 (measured 5 % at d = 64).
  const int r = 1000;
  for (const auto& dist : {uniform(), normal(), normal(1.0, 2.0)}) {
    for (int d : {4, 64}) {
      std::vector<double> v(r);
      for (int i = 0; i < r; ++i) v[i] = asl::variance_sweep(dist, d, 100, 7000 + i, false).variance[d - 1];
      const double sd = std::sqrt(asl::moments(v.data(), v.size()).variance);
      const double want = asl::predict_all_pairs_variance(dist, d, 100).sd;
      INFO("mean " << dist.entry_mean() << ", d = " << d << ": sd of samples " << sd << ", predicted " << want);
      REQUIRE(close(sd, want, 0, 4 / std::sqrt(2.0 * (r - 1)) + 0.10));
    }
  }
}

TEST_CASE("independent pairs: mean d·μ² and variance d·v·(1 − 1/P) within the predicted sd", "[statistics][dots]") {
  const int pairs = 20000;
  for (const auto& dist : {uniform(), normal(), normal(-1.0, 0.5)}) {
    for (int dim : {3, 100, 1000}) {
      std::vector<float> values(pairs);
      asl::random_dot_products(dist, dim, pairs, 9, values.data());
      const asl::Moments m = asl::moments(values.data(), values.size());
      const asl::VariancePrediction p = asl::predict_independent_pairs_variance(dist, dim, pairs);
      INFO("mean " << dist.entry_mean() << ", dim = " << dim << ": " << m.mean << " / " << m.variance);
      REQUIRE(std::fabs(m.mean - dim * dist.entry_mean() * dist.entry_mean()) <= 4 * std::sqrt(p.theory / pairs));
      REQUIRE(std::fabs(m.variance - p.expected) <= 4 * p.sd);
    }
  }
}

TEST_CASE("random dot products are reproducible, and a pair at a larger dimension extends the smaller one",
          "[statistics][dots]") {
  std::vector<float> a(50), b(80), small(50), big(50);
  asl::random_dot_products(uniform(), 100, 50, 4, a.data());
  asl::random_dot_products(uniform(), 100, 80, 4, b.data());
  for (int p = 0; p < 50; ++p) REQUIRE(a[p] == b[p]);
  // Pair p at dimension 30 starts with its 3 entries at dimension 3; uniform entries are non-negative, so the longer
  // dot product adds non-negative terms (27 of them, ≈ 6.75, far above rounding) to the shorter one.
  asl::random_dot_products(uniform(), 3, 50, 4, small.data());
  asl::random_dot_products(uniform(), 30, 50, 4, big.data());
  for (int p = 0; p < 50; ++p) REQUIRE(big[p] >= small[p]);
}

TEST_CASE("Var(cX) = c²·Var(X): exactly for powers of two, to rounding for any c", "[statistics]") {
  const auto x32 = asl_test::normals(1000, 21, 3.0);
  std::vector<double> x(x32.begin(), x32.end()), cx(x.size());
  for (double c : {0.125, -4.0, 1.0, 0.0}) {
    const asl::ScaleCheck r = asl::scale_variance(x.data(), x.size(), c, cx.data());
    INFO("c = " << c);
    REQUIRE(r.var_cx == r.c2_var_x);  // scaling by 2^k is exact in every operation of both sides
    REQUIRE(r.mean_cx == c * r.mean_x);
  }
  for (double c : {0.1, -3.0, 1.0 / std::sqrt(512.0), 7.77, 1e6}) {
    const asl::ScaleCheck r = asl::scale_variance(x.data(), x.size(), c, cx.data());
    INFO("c = " << c << ": " << r.var_cx << " vs " << r.c2_var_x);
    // Each side is a two-pass variance of 1000 terms: relative error below ~n·eps each.
    REQUIRE(close(r.var_cx, r.c2_var_x, 0, 1000 * 2.3e-16));
    REQUIRE(r.var_cx > 0.0);
  }
}

TEST_CASE("the least-squares line recovers an exact line and is NaN with fewer than two points", "[statistics]") {
  std::vector<double> x = {1, 2, 3, 4, 5, 6, 7}, y(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) y[i] = 0.75 * x[i] - 2.5;
  const asl::LineFit f = asl::fit_line(x.data(), y.data(), x.size());
  REQUIRE(close(f.slope, 0.75, 1e-15, 0));
  REQUIRE(close(f.intercept, -2.5, 1e-14, 0));
  // Residuals ±1 alternating around a line with symmetric x leave slope and intercept alone.
  std::vector<double> x2 = {-1, -1, 1, 1}, y2 = {1, -1, 3, 1};
  const asl::LineFit g = asl::fit_line(x2.data(), y2.data(), 4);
  REQUIRE(close(g.slope, 1.0, 1e-15, 0));
  REQUIRE(close(g.intercept, 1.0, 1e-15, 0));
  REQUIRE(std::isnan(asl::fit_line(x.data(), y.data(), 1).slope));
  std::vector<double> same = {2, 2, 2};
  REQUIRE(std::isnan(asl::fit_line(same.data(), y.data(), 3).slope));
}

TEST_CASE("the sweep's fit and log-log slope: about 1 for the variance, about 0 once scaled", "[statistics][sweep]") {
  const asl::VarianceSweep raw = asl::variance_sweep(normal(), 512, 200, 8, false);
  const asl::VarianceSweep scaled = asl::variance_sweep(normal(), 512, 200, 8, true);
  REQUIRE(close(raw.fit.slope, 1.0, 0.1, 0));
  REQUIRE(close(raw.log_log_slope, 1.0, 0.05, 0));
  REQUIRE(close(scaled.fit.slope, 0.0, 1e-3, 0));
  REQUIRE(close(scaled.log_log_slope, 0.0, 0.05, 0));
  // The scaled variance is the raw one divided by d, so its fit is the fit of those numbers.
  std::vector<double> dims(512);
  for (int d = 1; d <= 512; ++d) dims[d - 1] = d;
  const asl::LineFit f = asl::fit_line(dims.data(), scaled.variance.data(), 512);
  REQUIRE(f.slope == scaled.fit.slope);
}

TEST_CASE("the histogram counts every value once, hi in the last bin, outsiders apart", "[statistics]") {
  const std::vector<float> v = {0.0f, 0.5f, 0.99f, 1.0f, 2.0f, -0.1f, 0.25f};
  std::vector<double> counts(4);
  const std::size_t outside = asl::histogram(v.data(), v.size(), 0.0, 1.0, 4, counts.data());
  REQUIRE(outside == 2);
  REQUIRE(counts == std::vector<double>{1, 1, 1, 2});
}
