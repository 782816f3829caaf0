// Lesson 3's one-row panels, whole (the bindings and the CLI only read options and write these out): the two-logit
// curve on its grid, one row's softmax statistics at a d_k and β, and the numerics panel that sets the naive softmax
// beside the stable one in float32 (the engine's kernels) and float64. Built on softmax_lab.h; no sweeps, no I/O,
// never throws: callers validate sizes and ranges.
#pragma once

#include <vector>

#include "softmax_lab.h"

namespace asl {

// Two logits [Δ, 0] on `points` evenly spaced gaps from −half_width to +half_width (points >= 2), and at one gap `at`:
// p = σ(Δ) and its slope p(1 − p) (two_logit_curve).
struct TwoLogitGrid {
  std::vector<double> gaps, p, slope;
  double at = 0.0, p_at = 0.0, slope_at = 0.0;
};
TwoLogitGrid two_logit_grid(double half_width, int points, double at);

// One row of raw scores (n >= 1, finite) at d_k: scaled by 1/√d_k (or 1 when !scaled), times β, its softmax analysis
// (weights, entropy, norms) and the full Jacobian (n, n) row-major.
struct SoftmaxRow {
  double scale = 1.0;                  // 1/√d_k, or 1
  std::vector<double> scaled_scores;   // scale·scores
  std::vector<double> logits;          // β·scale·scores
  SoftmaxAnalysis analysis;
  std::vector<double> jacobian;
};
SoftmaxRow softmax_row(const std::vector<double>& scores, int d_k, double beta, bool scaled);

// The numerics panel for one row x (n >= 1, finite float32) at β >= 0: the naive softmax (exp, then divide) beside
// the stable one (max subtracted first), each in float32 by the engine's kernels and in float64; the largest and
// smallest logit β·x; where exp overflows in each type; and whether each result is a distribution (every weight
// finite, the sum within 1e-3 of 1 in float32, 1e-9 in float64).
struct SoftmaxNumerics {
  std::vector<float> naive32, stable32;
  std::vector<double> naive64, stable64;
  double max_logit = 0.0, min_logit = 0.0;
  double overflow_at32 = 0.0, overflow_at64 = 0.0;
  bool naive32_ok = false, stable32_ok = false, naive64_ok = false, stable64_ok = false;
};
SoftmaxNumerics softmax_numerics(const float* x, int n, double beta);

}  // namespace asl
