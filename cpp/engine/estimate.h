// A Monte Carlo estimate with its standard error, and the running mean that produces one (Welford's update, so a
// large mean costs no digits). Header only; used by lessons 4 and 5. It never allocates, throws or logs.
#pragma once

#include <cmath>

namespace asl {

// A Monte Carlo estimate and its standard error (the sd of the per-sample quantity it averages, over √samples).
struct Estimate {
  double value = 0.0, std_error = 0.0;
};

// Mean and standard error of per-sample quantities, one add() per sample.
struct RunningMean {
  double count = 0.0, mean = 0.0, m2 = 0.0;
  void add(double x) {
    count += 1.0;
    const double delta = x - mean;
    mean += delta / count;
    m2 += delta * (x - mean);
  }
  double std_error() const { return count > 1.0 ? std::sqrt(m2 / (count - 1.0) / count) : 0.0; }
  Estimate estimate() const { return {mean, std_error()}; }
};

}  // namespace asl
