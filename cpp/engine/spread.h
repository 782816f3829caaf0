// How a sample of non-negative numbers that spans many decades (per-row gradient norms) is spread: mean, quantiles,
// the share below a threshold, and a histogram on log-spaced bins. No sampling here and nothing random; it never
// throws and does no I/O: callers pass at least one value and at least one bin.
#pragma once

#include <cstddef>
#include <vector>

namespace asl {

// Quantiles interpolate linearly between order statistics, as numpy.quantile does by default: the q-quantile of
// sorted x₀ ≤ … ≤ x_(n−1) sits at position h = (n − 1)·q, between x_⌊h⌋ and x_⌈h⌉.
struct Spread {
  double mean = 0.0;
  double median = 0.0, quartile1 = 0.0, quartile3 = 0.0, p90 = 0.0, max = 0.0;
  double fraction_below = 0.0;  // share of the values strictly below the threshold
};

// The q-quantile (0 ≤ q ≤ 1) of sorted values (n ≥ 1).
double sorted_quantile(const double* sorted, std::size_t n, double q);

// The spread of values (n ≥ 1); they are copied, not reordered. The mean is a plain sum divided by n.
Spread spread_of(const double* values, std::size_t n, double threshold);

// Histogram edges (bins + 1, increasing) spaced evenly in log10 from the power of ten at or below the smallest
// positive value to the power of ten at or above the largest, over every sample given, so several samples can be
// drawn on one axis. Zeros are left out of the range (a log axis has no 0). Without any positive value the range
// is 10⁻³ … 1.
std::vector<double> log_bin_edges(const std::vector<const std::vector<double>*>& samples, int bins);

// counts (edges.size() − 1) of values (n) per bin [edge_b, edge_(b+1)), the last bin closed; returns how many values
// fell below the first edge (the zeros, with log_bin_edges' own edges). Values above the last edge are not counted.
std::size_t log_histogram(const double* values, std::size_t n, const std::vector<double>& edges, double* counts);

}  // namespace asl
