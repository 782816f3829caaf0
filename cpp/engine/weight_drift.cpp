// Lesson 4's weight drift (see weight_drift.h): one assumption_check over the factors, then the ratios to f = 1.
// Compiled -Oz for the page's engine: the Monte Carlo inside is assumption_check's, compiled at full speed.
#include "weight_drift.h"

#include <cmath>

namespace asl {

WeightDrift weight_drift(const AssumptionConfig& c, const std::vector<double>& drifts) {
  const std::size_t k = drifts.size();
  std::size_t base = 0;
  while (base < k && drifts[base] != 1.0) ++base;
  std::vector<double> computed = drifts;
  if (base == k) computed.push_back(1.0);
  // Built in place and trimmed with pop_back: a move-assignment or resize() of the check would add a kilobyte of
  // code to the page's engine (measured), for nothing.
  WeightDrift w{assumption_check(c, computed), {}, {}, 0.0};
  const double base_variance = w.check.points[base].measured.value;
  if (base == k) w.check.points.pop_back();
  w.variance_ratio.resize(k);
  w.sd_ratio.resize(k);
  for (std::size_t i = 0; i < k; ++i) {
    w.variance_ratio[i] = w.check.points[i].measured.value / base_variance;
    w.sd_ratio[i] = std::sqrt(w.variance_ratio[i]);
  }
  w.standard_beta = 1.0 / std::sqrt(static_cast<double>(c.d_k));
  return w;
}

}  // namespace asl
