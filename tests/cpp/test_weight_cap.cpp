// The softmax weight cap for a row of given spread: the closed form against its derivation, random rows of the same
// spread (they never beat it, and rows near the extremal one come close), and the extremal row the engine builds.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "engine/random.h"
#include "engine/softmax_lab.h"
#include "engine/statistics.h"
#include "engine/weight_cap.h"
#include "helpers.h"

using asl_test::close;

namespace {

// Subtracts the row's mean and stretches it to population sd `sd` (a constant row stays constant).
void rescale(std::vector<double>& z, double sd) {
  const asl::Moments m = asl::moments(z.data(), z.size());
  const double now = std::sqrt(m.variance);
  for (double& x : z) x = now > 0 ? (x - m.mean) * sd / now : 0.0;
}

double max_weight(const std::vector<double>& z) {
  asl::SoftmaxAnalysis a;
  asl::analyze_softmax(z.data(), static_cast<int>(z.size()), a, false);
  return a.max_weight;
}

}  // namespace

TEST_CASE("one key of a row of 20 logits with spread 1 gets at most about 0.838 of the weight", "[weight_cap]") {
  // One logit Δ above 19 equal ones has variance (19/20²)·Δ², so spread 1 means Δ = 20/√19 ≈ 4.588, and the top
  // weight is e^Δ / (e^Δ + 19) ≈ 98.3 / 117.3.
  const double gap = 20.0 / std::sqrt(19.0);
  const double cap = std::exp(gap) / (std::exp(gap) + 19.0);
  const asl::PeakWeightCap c = asl::peak_weight_cap(20, 1.0);
  REQUIRE(close(c.gap, gap, 0, 1e-15));
  REQUIRE(close(c.max_weight, cap, 0, 1e-15));
  REQUIRE(close(c.weights[0], cap, 0, 1e-15));
  REQUIRE(close(c.one_minus_max_weight, 19.0 / (std::exp(gap) + 19.0), 0, 1e-14));
  REQUIRE(close(cap, 0.838, 0.0005, 0));  // the figure the lesson corrects to; derived above, rounded
}

TEST_CASE("random rows rescaled to the same spread never give one key more than the cap", "[weight_cap]") {
  asl::Rng rng(2024);
  for (int n : {2, 3, 5, 20, 64, 256}) {
    for (double sd : {0.1, 0.5, 1.0, 2.0, 5.0}) {
      const asl::PeakWeightCap c = asl::peak_weight_cap(n, sd);
      double best = 0.0;
      std::vector<double> z(static_cast<std::size_t>(n));
      for (int row = 0; row < 600; ++row) {
        const int shape = row % 4;
        for (int j = 0; j < n; ++j) {
          const double u = rng.normal();
          switch (shape) {
            case 0: z[j] = u; break;                                    // normal
            case 1: z[j] = -std::log(1.0 - rng.uniform()); break;       // exponential: a long upper tail
            case 2: z[j] = (j < 1 + row % 3 ? 10.0 : 0.0) + 0.3 * u; break;  // one to three high logits
            default: z[j] = c.row[j] + 0.02 * sd * u; break;            // near the extremal row
          }
        }
        rescale(z, sd);
        const double top = max_weight(z);
        INFO("n = " << n << ", sd = " << sd << ", row " << row << ": max weight " << top << ", cap " << c.max_weight);
        REQUIRE(top <= c.max_weight * (1.0 + 1e-12));
        best = std::max(best, top);
      }
      // Rows near the extremal one come close: the cap is the least upper bound, not just an upper bound.
      INFO("n = " << n << ", sd = " << sd << ": best row " << best << ", cap " << c.max_weight);
      REQUIRE(best >= c.max_weight - 0.01 * (1.0 - c.max_weight) - 1e-3 * c.max_weight);
    }
  }
}

TEST_CASE("the cap's row has mean 0, the spread asked for, and the engine's softmax of it reaches the cap", "[weight_cap]") {
  for (int n : {2, 3, 20, 256, 4096}) {
    for (double sd : {0.0, 0.3, 1.0, 7.0, 50.0}) {
      const asl::PeakWeightCap c = asl::peak_weight_cap(n, sd);
      INFO("n = " << n << ", sd = " << sd << ": gap " << c.gap << ", cap " << c.max_weight << ", row sd " << c.row_sd);
      REQUIRE(c.row.size() == static_cast<std::size_t>(n));
      const asl::Moments m = asl::moments(c.row.data(), c.row.size());
      REQUIRE(close(m.mean, 0.0, 1e-12 * (1.0 + c.gap), 0));
      INFO("row sd − sd = " << c.row_sd - sd);
      REQUIRE(close(c.row_sd, sd, 1e-15, n * 1e-16));  // rounding in the two-pass variance grows with n
      REQUIRE(close(c.row[0] - c.row[n - 1], c.gap, 1e-15, 1e-14));
      REQUIRE(close(c.weights[0], c.max_weight, 0, 1e-14));
      REQUIRE(std::isfinite(c.log10_one_minus_max_weight));
      if (c.one_minus_max_weight > 1e-300)
        REQUIRE(close(c.log10_one_minus_max_weight, std::log10(c.one_minus_max_weight), 1e-12, 1e-12));
      if (sd == 0.0) REQUIRE(close(c.max_weight, 1.0 / n, 0, 1e-15));  // no spread: uniform
    }
  }
  // The cap rises with the spread at fixed n: 1 − cap falls (the cap itself rounds to 1 for wide rows).
  for (int n : {2, 20, 256}) {
    double previous = 1.0;
    for (double sd = 0.0; sd <= 4.0; sd += 0.25) {
      const double rest = asl::peak_weight_cap(n, sd).one_minus_max_weight;
      INFO("n = " << n << ", sd = " << sd);
      REQUIRE(rest < previous);
      previous = rest;
    }
  }
}
