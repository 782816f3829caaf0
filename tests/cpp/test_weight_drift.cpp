// Lesson 4's weight drift (cpp/engine/weight_drift.h), moved out of the weightDrift binding: scaling W_q and W_k by f
// scales every score by f², so the variance ratio against f = 1 from the same draws is f⁴ (up to the float32 rounding
// of the scores), whether or not the list holds f = 1; and the numbers the binding gave before the move (in WASM,
// without fused multiply-adds: natively they agree to float32 precision, not bit for bit).
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "engine/weight_drift.h"
#include "helpers.h"

using asl_test::close;

TEST_CASE("the variance ratio is f⁴ against f = 1 from the same draws, with or without 1 in the list", "[weight_drift]") {
  asl::AssumptionConfig c;
  c.samples = 10;
  c.tokens = 4;
  const asl::WeightDrift w = asl::weight_drift(c, {0.5, 2, 3});
  REQUIRE(w.check.points.size() == 3);  // f = 1 was computed as the base and dropped
  REQUIRE(w.variance_ratio.size() == 3);
  for (std::size_t i = 0; i < 3; ++i) {
    const asl::AssumptionPoint& p = w.check.points[i];
    const double f = p.drift;
    CHECK(close(w.variance_ratio[i], std::pow(f, 4), 0, 1e-6));
    CHECK(close(w.sd_ratio[i], f * f, 0, 1e-6));
    CHECK(close(p.scaled_variance, p.measured.value / c.d_k, 0, 1e-15));
    CHECK(close(p.scaled_variance_std_error, p.measured.std_error / c.d_k, 0, 1e-15));
  }
  // As weightDrift answered before the move (drifts [0.5, 2, 3], samples 10, tokens 4).
  CHECK(close(w.variance_ratio[0], 0.0625, 0, 1e-6));
  CHECK(close(w.variance_ratio[2], 80.99999980958594, 0, 1e-6));
  CHECK(close(w.sd_ratio[2], 8.999999989421442, 0, 1e-6));
  CHECK(close(w.check.points[1].measured.value, 1188.155074175246, 0, 1e-6));
  CHECK(close(w.check.points[0].scaled_variance_std_error, 0.01441253853468988, 0, 1e-6));
  CHECK(w.standard_beta == 0.125);

  // With f = 1 in the list (anywhere) it is the base, and its own ratio is exactly 1.
  c.samples = 8;
  c.tokens = 8;
  const asl::WeightDrift v = asl::weight_drift(c, {3, 1, 0.25});
  CHECK(v.variance_ratio[1] == 1);
  CHECK(v.sd_ratio[1] == 1);
  CHECK(close(v.variance_ratio[0], 80.9999996114778, 0, 1e-6));
  CHECK(close(v.variance_ratio[2], 0.00390625, 0, 1e-6));
  CHECK(close(v.check.points[1].measured.value, 67.35603983629841, 0, 1e-6));
  // The same draws whether 1 is listed or appended: the base variance does not depend on the list.
  const asl::WeightDrift appended = asl::weight_drift(c, {3, 0.25});
  CHECK(appended.variance_ratio[0] == v.variance_ratio[0]);
  CHECK(appended.check.points[1].measured.value == v.check.points[2].measured.value);
  CHECK(appended.check.points.size() == 2);
}
