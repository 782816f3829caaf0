// Lesson 2's panels (cpp/engine/statistics_panels.h), moved out of the bindings: a histogram over the values' own
// range, a given one and a window of zero width; random dot products with theory; the sweep's theory columns at
// uniform [0, 1) entries (hand-computed) and at σ = 0 — each against the numbers the binding gave before the move.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "engine/statistics_panels.h"
#include "helpers.h"

using asl_test::close;

TEST_CASE("a histogram over the values' own range, a given range, and a window of zero width", "[statistics_panels]") {
  const std::vector<float> v = {1, 2, 2, 3};
  const asl::Binned own = asl::bin_values(v.data(), v.size(), 30, nullptr);
  CHECK(own.min == 1);
  CHECK(own.max == 3);
  REQUIRE(own.edges.size() == 31);
  CHECK(own.edges[0] == 1);
  CHECK(own.edges[30] == 3);
  CHECK(own.edges[1] == 1.0666666666666667);
  CHECK(own.counts[0] == 1);
  CHECK(own.counts[15] == 2);  // 2 is edge 15: it opens bin 15
  CHECK(own.counts[29] == 1);  // 3, the upper end, falls in the last bin
  CHECK(own.outside == 0);

  const std::vector<float> same = {5, 5, 5};
  const asl::Binned flat = asl::bin_values(same.data(), 3, 3, nullptr);
  CHECK(flat.edges == std::vector<double>{4.5, 4.833333333333333, 5.166666666666667, 5.5});
  CHECK(flat.counts == std::vector<double>{0, 3, 0});

  const std::vector<float> w = {0, 1, 7};
  const float range[2] = {0, 4};
  const asl::Binned given = asl::bin_values(w.data(), 3, 4, range);
  CHECK(given.min == 0);
  CHECK(given.max == 7);  // of the values, not the window
  CHECK(given.edges == std::vector<double>{0, 1, 2, 3, 4});
  CHECK(given.counts[0] == 1);
  CHECK(given.counts[1] == 1);
  CHECK(given.counts[2] == 0);
  CHECK(given.counts[3] == 0);
  CHECK(given.outside == 1);
}

TEST_CASE("random dot products beside theory: E = d·μ², Var = d(σ⁴ + 2μ²σ²)", "[statistics_panels]") {
  asl::EntryDistribution normal;
  normal.kind = asl::EntryDistribution::Kind::normal;
  normal.mean = 0.5;
  normal.std = 2;
  const float range[2] = {-10, 10};
  const asl::DotProductSample s = asl::dot_product_sample(normal, 64, 300, 1, 7, range);
  REQUIRE(s.values.size() == 300);
  CHECK(s.theory_mean == 16);                      // 64 · 0.25
  CHECK(s.prediction.theory == 64 * (16 + 2 * 0.25 * 4));  // 1152
  CHECK(s.sd == std::sqrt(s.moments.variance));
  // dotProducts({ dim: 64, pairs: 300, bins: 7, distribution: "normal", mean: 0.5, std: 2, range: [−10, 10] })
  // before the move (WASM: natively the float32 dot kernel may round differently, so to float32 precision).
  CHECK(close(s.moments.mean, 15.330302504301072, 0, 1e-6));
  CHECK(close(s.moments.variance, 1229.6917533626229, 0, 1e-6));
  CHECK(close(s.prediction.expected, 1148.16, 0, 1e-12));
  CHECK(s.histogram.outside == 225);
  CHECK(s.histogram.counts == std::vector<double>{4, 9, 14, 7, 13, 14, 14});
  CHECK(close(s.histogram.max, 119.57428741455078, 0, 1e-6));
}

TEST_CASE("the sweep's theory columns: uniform [0, 1) entries by hand, scaled and not", "[statistics_panels]") {
  asl::EntryDistribution uniform;  // μ = 1/2, σ² = 1/12: Var(x·y) = 1/144 + 2·(1/4)(1/12) = 7/144, row 1/36
  const asl::VarianceSweep raw = asl::variance_sweep(uniform, 8, 20, 1, false);
  const asl::SweepTheory t = asl::sweep_theory(uniform, raw);
  REQUIRE(t.dims == std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8});
  CHECK(close(t.theory_slope, 7.0 / 144, 0, 1e-15));
  CHECK(close(t.theory_row_slope, 1.0 / 36, 0, 1e-15));
  CHECK(close(t.expected_row_slope, (1 - 1.0 / 19) / 36, 0, 1e-15));  // 19 keys a row
  for (std::size_t i = 0; i < 8; ++i) {
    const double d = static_cast<double>(i + 1);
    CHECK(close(t.theory_mean[i], d / 4, 0, 1e-15));
    CHECK(close(t.theory_variance[i], d * 7 / 144, 0, 1e-14));
    CHECK(close(t.theory_row_variance[i], d / 36, 0, 1e-14));
    CHECK(close(t.fitted[i], raw.fit.slope * d + raw.fit.intercept, 0, 1e-15));
  }
  // varianceSweep({ maxDim: 8, vectors: 20 }) before the move.
  CHECK(t.expected_variance[7] == 0.3552631578947368);
  CHECK(t.expected_variance_sd[0] == 0.015917622160883837);
  CHECK(close(t.fitted[7], 0.17476788522951178, 0, 1e-12));  // from the sampled sweep: rounding may differ by build
  CHECK(t.expected_slope == 0.0444078947368421);

  // Scaled by 1/√d: the mean grows like √d, variances are flat, the row variance is its slope at every d.
  const asl::VarianceSweep scaled = asl::variance_sweep(uniform, 4, 20, 1, true);
  const asl::SweepTheory u = asl::sweep_theory(uniform, scaled);
  for (std::size_t i = 0; i < 4; ++i) {
    const double d = static_cast<double>(i + 1);
    CHECK(close(u.theory_mean[i], std::sqrt(d) / 4, 0, 1e-15));
    CHECK(close(u.theory_variance[i], 7.0 / 144, 0, 1e-14));
    CHECK(u.theory_row_variance[i] == u.theory_row_slope);
    CHECK(u.expected_row_variance[i] == u.expected_row_slope);
  }

  // Constant entries (normal, σ = 0): every theory column is 0.
  asl::EntryDistribution constant;
  constant.kind = asl::EntryDistribution::Kind::normal;
  constant.std = 0;
  const asl::SweepTheory z = asl::sweep_theory(constant, asl::variance_sweep(constant, 5, 10, 1, true));
  for (std::size_t i = 0; i < 5; ++i) {
    CHECK(z.theory_mean[i] == 0);
    CHECK(z.expected_variance_sd[i] == 0);
  }
}
