// The spread of a sample (see spread.h): one sorted copy for the quantiles, log10-spaced histogram edges.
#include "spread.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace asl {

double sorted_quantile(const double* sorted, std::size_t n, double q) {
  const double h = static_cast<double>(n - 1) * q;
  const std::size_t below = static_cast<std::size_t>(std::floor(h));
  if (below + 1 >= n) return sorted[n - 1];
  const double frac = h - static_cast<double>(below);
  return sorted[below] + frac * (sorted[below + 1] - sorted[below]);
}

Spread spread_of(const double* values, std::size_t n, double threshold) {
  std::vector<double> sorted(values, values + n);
  std::sort(sorted.begin(), sorted.end());
  Spread s;
  double sum = 0.0;
  for (double v : sorted) sum += v;
  s.mean = sum / static_cast<double>(n);
  s.median = sorted_quantile(sorted.data(), n, 0.5);
  s.quartile1 = sorted_quantile(sorted.data(), n, 0.25);
  s.quartile3 = sorted_quantile(sorted.data(), n, 0.75);
  s.p90 = sorted_quantile(sorted.data(), n, 0.9);
  s.max = sorted[n - 1];
  const auto below = std::lower_bound(sorted.begin(), sorted.end(), threshold) - sorted.begin();
  s.fraction_below = static_cast<double>(below) / static_cast<double>(n);
  return s;
}

std::vector<double> log_bin_edges(const std::vector<const std::vector<double>*>& samples, int bins) {
  double lo = std::numeric_limits<double>::infinity(), hi = 0.0;
  for (const std::vector<double>* sample : samples)
    for (double v : *sample)
      if (v > 0.0) lo = std::min(lo, v), hi = std::max(hi, v);
  double lo_exp = -3.0, hi_exp = 0.0;
  if (hi > 0.0) {
    lo_exp = std::floor(std::log10(lo));
    hi_exp = std::ceil(std::log10(hi));
    while (std::pow(10.0, lo_exp) > lo) lo_exp -= 1.0;  // log10 may round across a power of ten
    while (std::pow(10.0, hi_exp) < hi) hi_exp += 1.0;
    if (hi_exp == lo_exp) hi_exp += 1.0;              // every value the same power of ten
  }
  std::vector<double> edges(static_cast<std::size_t>(bins) + 1);
  for (int b = 0; b <= bins; ++b) edges[b] = std::pow(10.0, lo_exp + (hi_exp - lo_exp) * b / bins);
  return edges;
}

std::size_t log_histogram(const double* values, std::size_t n, const std::vector<double>& edges, double* counts) {
  const std::size_t bins = edges.size() - 1;
  std::fill(counts, counts + bins, 0.0);
  std::size_t below = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double v = values[i];
    if (v < edges.front()) {
      ++below;
    } else if (v <= edges.back()) {
      const std::size_t b = static_cast<std::size_t>(std::upper_bound(edges.begin(), edges.end(), v) - edges.begin());
      counts[std::min(b, bins) - 1] += 1.0;  // b ≥ 1 since v ≥ edges[0]; v = the last edge goes to the last bin
    }
  }
  return below;
}

}  // namespace asl
