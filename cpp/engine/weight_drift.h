// Lesson 4's weight drift: assumption_check (assumptions.h) at several factors f on W_q and W_k, each point's score
// variance measured against the same draws at f = 1: the varianceRatio the lesson plots beside the f⁴ law. It never
// throws and does no I/O: callers validate sizes and ranges.
#pragma once

#include <vector>

#include "assumptions.h"

namespace asl {

struct WeightDrift {
  AssumptionCheck check;  // points[i] for drifts[i], in the order given
  // measured at f over measured at f = 1 from the same draws (f = 1 is computed as one more factor when the list
  // lacks it, then dropped from check.points), and its square root: how much wider the scores are.
  std::vector<double> variance_ratio, sd_ratio;
  double standard_beta = 0.0;  // 1/√d_k
};

// drifts non-empty, each > 0 (assumption_check's preconditions).
WeightDrift weight_drift(const AssumptionConfig& c, const std::vector<double>& drifts);

}  // namespace asl
