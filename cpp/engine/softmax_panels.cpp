// Lesson 3's one-row panels (see softmax_panels.h). Compiled -Oz for the page's engine: a row is at most 4096 long.
#include "softmax_panels.h"

#include <cmath>

#include "kernels/kernels.h"

namespace asl {
namespace {

// Every weight of y32 (or, when it is null, of y64) finite and their sum within tol of 1. One function for both
// types: the engine's size budget counts every instance.
bool sums_to_one(const float* y32, const double* y64, std::size_t n, double tol) {
  double sum = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    const double v = y32 ? static_cast<double>(y32[i]) : y64[i];
    if (!std::isfinite(v)) return false;
    sum += v;
  }
  return std::fabs(sum - 1.0) <= tol;
}

}  // namespace

TwoLogitGrid two_logit_grid(double half_width, int points, double at) {
  TwoLogitGrid g;
  const std::size_t count = static_cast<std::size_t>(points);
  g.gaps.resize(count), g.p.resize(count), g.slope.resize(count);
  for (int i = 0; i < points; ++i) g.gaps[i] = -half_width + 2.0 * half_width * i / (points - 1);
  two_logit_curve(g.gaps.data(), points, g.p.data(), g.slope.data());
  g.at = at;
  two_logit_curve(&g.at, 1, &g.p_at, &g.slope_at);
  return g;
}

SoftmaxRow softmax_row(const std::vector<double>& scores, int d_k, double beta, bool scaled) {
  SoftmaxRow r;
  const std::size_t n = scores.size();
  r.scale = scaled ? 1.0 / std::sqrt(static_cast<double>(d_k)) : 1.0;
  r.scaled_scores.resize(n), r.logits.resize(n);
  for (std::size_t j = 0; j < n; ++j) {
    r.scaled_scores[j] = r.scale * scores[j];
    r.logits[j] = beta * r.scaled_scores[j];
  }
  analyze_softmax(r.logits.data(), static_cast<int>(n), r.analysis);
  r.jacobian.resize(n * n);
  softmax_jacobian(r.analysis, r.jacobian.data());
  return r;
}

SoftmaxNumerics softmax_numerics(const float* x, int n, double beta) {
  SoftmaxNumerics s;
  const std::size_t count = static_cast<std::size_t>(n);
  s.naive32.resize(count), s.stable32.resize(count);
  kern::softmax_rows_naive(x, static_cast<float>(beta), s.naive32.data(), 1, n, n);
  kern::softmax_rows(x, static_cast<float>(beta), s.stable32.data(), 1, n, n);
  const std::vector<double> x64(x, x + n);
  s.naive64.resize(count), s.stable64.resize(count);
  softmax_naive_f64(x64.data(), beta, s.naive64.data(), n);
  softmax_stable_f64(x64.data(), beta, s.stable64.data(), n);
  double top = x64[0], bottom = x64[0];
  for (const double v : x64) top = std::fmax(top, v), bottom = std::fmin(bottom, v);
  s.max_logit = beta * top;
  s.min_logit = beta * bottom;
  s.overflow_at32 = exp_overflow_threshold_f32();
  s.overflow_at64 = exp_overflow_threshold_f64();
  s.naive32_ok = sums_to_one(s.naive32.data(), nullptr, count, 1e-3);
  s.stable32_ok = sums_to_one(s.stable32.data(), nullptr, count, 1e-3);
  s.naive64_ok = sums_to_one(nullptr, s.naive64.data(), count, 1e-9);
  s.stable64_ok = sums_to_one(nullptr, s.stable64.data(), count, 1e-9);
  return s;
}

}  // namespace asl
