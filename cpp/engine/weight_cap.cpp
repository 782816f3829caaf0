// The softmax weight cap for a row of given spread (see weight_cap.h): the closed form, and the extremal row built,
// softmaxed and measured by the engine's own code, so a caller can show the cap is reached.
#include "weight_cap.h"

#include <cmath>

#include "softmax_lab.h"
#include "statistics.h"

namespace asl {

PeakWeightCap peak_weight_cap(int n, double sd) {
  PeakWeightCap c;
  c.n = n;
  c.sd = sd;
  const double others = n - 1.0;
  c.gap = sd * n / std::sqrt(others);
  const double tail = others * std::exp(-c.gap);  // Σ_(j≠top) e^(z_j − z_top) for the extremal row
  c.max_weight = 1.0 / (1.0 + tail);
  c.one_minus_max_weight = tail / (1.0 + tail);
  // ln(1 − cap) = ln(n − 1) − Δ − ln(1 + (n − 1)·e^(−Δ)): no exp of a large argument.
  c.log10_one_minus_max_weight = (std::log(others) - c.gap - std::log1p(tail)) / std::log(10.0);

  c.row.assign(static_cast<std::size_t>(n), -c.gap / n);
  c.row[0] = c.gap * others / n;
  SoftmaxAnalysis a;
  analyze_softmax(c.row.data(), n, a, false);
  c.weights = a.p;
  c.row_sd = std::sqrt(moments(c.row.data(), c.row.size()).variance);
  return c;
}

}  // namespace asl
