// Lesson 3's one-row panels (cpp/engine/softmax_panels.h), moved out of the bindings: the two-logit grid, one row's
// statistics at d_k and β, and the numerics panel, against hand-computed values and the numbers the binding gave
// before the move (the page's engine, captured through web/engine.js; to 1e-14, since exp may round differently in
// another build).
#include <catch2/catch.hpp>

#include <cfloat>
#include <cmath>
#include <vector>

#include "engine/softmax_panels.h"
#include "helpers.h"

using asl_test::close;

TEST_CASE("the two-logit grid runs evenly from −halfWidth to +halfWidth, with p = σ(Δ) and slope p(1 − p)",
          "[softmax_panels]") {
  const asl::TwoLogitGrid g = asl::two_logit_grid(3.0, 7, 1.5);
  REQUIRE(g.gaps == std::vector<double>{-3, -2, -1, 0, 1, 2, 3});
  for (std::size_t i = 0; i < g.gaps.size(); ++i) {
    const double p = 1.0 / (1.0 + std::exp(-g.gaps[i]));
    CHECK(close(g.p[i], p, 0, 1e-15));
    CHECK(close(g.slope[i], p * (1 - p), 0, 1e-14));
  }
  CHECK(g.p[3] == 0.5);
  CHECK(g.slope[3] == 0.25);
  // As the binding answered before the move.
  CHECK(close(g.p[0], 0.04742587317756679, 0, 1e-14));
  CHECK(close(g.slope[0], 0.045176659730912144, 0, 1e-14));
  CHECK(g.at == 1.5);
  CHECK(close(g.p_at, 0.8175744761936437, 0, 1e-14));
  CHECK(close(g.slope_at, 0.14914645207033284, 0, 1e-14));
  // Two points are the two ends; the far tail keeps a positive slope (the exact complement, not 1 − p).
  const asl::TwoLogitGrid ends = asl::two_logit_grid(40.0, 2, -1000.0);
  REQUIRE(ends.gaps == std::vector<double>{-40, 40});
  CHECK(ends.slope[1] > 0);
  CHECK(close(ends.slope[1], std::exp(-40.0), 0, 1e-12));
  CHECK(ends.p_at == 0);
  CHECK(ends.slope_at == 0);
}

TEST_CASE("one row's statistics: 1/√d_k then β, its weights and its Jacobian", "[softmax_panels]") {
  // Scores 0 and 2·ln 3 at d_k = 4: scaled by 1/2 they are 0 and ln 3, so the weights are 1/4 and 3/4.
  const asl::SoftmaxRow r = asl::softmax_row({0.0, 2.0 * std::log(3.0)}, 4, 1.0, true);
  CHECK(r.scale == 0.5);
  CHECK(close(r.scaled_scores[1], std::log(3.0), 0, 1e-15));
  CHECK(close(r.analysis.p[0], 0.25, 0, 1e-15));
  CHECK(close(r.analysis.p[1], 0.75, 0, 1e-15));
  REQUIRE(r.jacobian.size() == 4);
  CHECK(close(r.jacobian[0], 0.25 * 0.75, 0, 1e-15));
  CHECK(close(r.jacobian[1], -0.25 * 0.75, 0, 1e-15));
  CHECK(r.jacobian[1] == r.jacobian[2]);
  // Unscaled: the scale is 1 whatever d_k is, and β multiplies. The binding's answer before the move.
  const asl::SoftmaxRow sharp = asl::softmax_row({1, 2, 3, 100}, 1, 2.0, false);
  CHECK(sharp.scale == 1);
  CHECK(sharp.logits == std::vector<double>{2, 4, 6, 200});
  CHECK(sharp.analysis.argmax == 3);
  CHECK(close(sharp.analysis.complement[3], 6.440875853684813e-85, 0, 1e-14));
  CHECK(close(sharp.analysis.jacobian_frobenius, 1.169358249994394e-84, 0, 1e-14));
  CHECK(close(sharp.jacobian[1], -7.726345597362994e-172, 0, 1e-14));
}

TEST_CASE("the numerics panel: naive softmax overflows past ln(FLT_MAX) in float32 and ln(DBL_MAX) in float64",
          "[softmax_panels]") {
  const std::vector<float> small = {1, 2, 3};
  const asl::SoftmaxNumerics s = asl::softmax_numerics(small.data(), 3, 1.0);
  const double sum = std::exp(1.0) + std::exp(2.0) + std::exp(3.0);
  for (int j = 0; j < 3; ++j) {
    CHECK(close(s.naive64[j], std::exp(j + 1.0) / sum, 0, 1e-15));
    CHECK(close(s.stable64[j], std::exp(j + 1.0) / sum, 0, 1e-15));
    CHECK(close(s.stable32[j], std::exp(j + 1.0) / sum, 0, 4 * asl_test::kEps));
  }
  CHECK(close(s.stable64[2], 0.6652409557748218, 0, 1e-14));  // as the binding answered
  CHECK(s.max_logit == 3);
  CHECK(s.min_logit == 1);
  CHECK(s.overflow_at32 == std::log(static_cast<double>(FLT_MAX)));
  CHECK(s.overflow_at64 == std::log(DBL_MAX));
  CHECK(s.naive32_ok);
  CHECK(s.stable32_ok);
  CHECK(s.naive64_ok);
  CHECK(s.stable64_ok);

  // β·x = 1000 overflows both naive ones; 200 only float32's. The stable ones are one-hot.
  const std::vector<float> big = {100, 200, 1000};
  const asl::SoftmaxNumerics b = asl::softmax_numerics(big.data(), 3, 1.0);
  CHECK(std::isnan(b.naive32[0]));
  CHECK(b.naive64[0] == 0);
  CHECK(std::isnan(b.naive64[2]));
  CHECK(b.stable32[2] == 1);
  CHECK(b.stable64[2] == 1);
  CHECK(b.max_logit == 1000);
  CHECK(b.min_logit == 100);
  CHECK_FALSE(b.naive32_ok);
  CHECK_FALSE(b.naive64_ok);
  CHECK(b.stable32_ok);
  CHECK(b.stable64_ok);

  // β = 10 on [−5, 0.5, 88, 89]: the binding's numbers.
  const std::vector<float> mixed = {-5, 0.5f, 88, 89};
  const asl::SoftmaxNumerics m = asl::softmax_numerics(mixed.data(), 4, 10.0);
  CHECK(m.max_logit == 890);
  CHECK(m.min_logit == -50);
  CHECK(close(m.stable64[2], 4.5397868702434395e-05, 0, 1e-14));
  CHECK(close(m.stable64[3], 0.9999546021312976, 0, 1e-14));
  CHECK(close(m.stable32[3], 0.9999545812606812, 0, 4 * asl_test::kEps));

  // One value at β = 0: every softmax is [1].
  const float one = 0;
  const asl::SoftmaxNumerics u = asl::softmax_numerics(&one, 1, 0.0);
  CHECK(u.naive32 == std::vector<float>{1});
  CHECK(u.stable64 == std::vector<double>{1});
  CHECK(u.naive64_ok);
}
