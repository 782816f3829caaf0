// The largest softmax weight a row of n logits can give one key when the row's spread is fixed, and the row that
// reaches it. Closed form in float64 plus the engine's own softmax of that row; nothing random. It never throws and
// does no I/O; callers validate n >= 2 and 0 <= sd (the bindings allow sd up to 50).
#pragma once

#include <vector>

namespace asl {

// Logits z (n) with population standard deviation sd (about the row's own mean; softmax ignores the mean). With the
// top logit's gap G to the mean of the other n − 1, its weight is 1 / (1 + Σ_(j≠top) e^(z_j − z_top)) and, by
// Jensen, Σ e^(z_j − z_top) ≥ (n − 1)·e^(−G), equal others giving the least. The variance is
// (n − 1)/n²·G² + ((n − 1)/n)·(spread of the others), so G is largest when the others are equal:
// G = Δ = sd·n/√(n − 1). Hence every row of spread sd has max weight ≤ e^Δ / (e^Δ + n − 1), reached by one logit
// Δ above n − 1 equal ones. Example: n = 20, sd = 1 gives Δ = 20/√19 ≈ 4.59 and a cap of ≈ 0.838.
//
// Where it applies: to one row and its own spread. The trainer's "dynamic" β (training/trainer.cpp,
// set_dynamic_beta) sets β = 1/sd of all the raw scores q·k of a batch at once (every sequence, head, query and key,
// one mean subtracted), so the logits have unit variance over the batch, not per row. By the law of total variance
// the batch's variance is the mean of the rows' own variances plus the variance of the row means, so the rows' own
// sds have root mean square ≤ 1: a row may still be spread wider (at most a share 1/s² of the rows by Markov's
// inequality can reach sd ≥ s), and such a row can exceed the cap for sd = 1; it stays under the cap for its own sd.
struct PeakWeightCap {
  int n = 0;
  double sd = 0.0;
  double gap = 0.0;                       // Δ = sd·n/√(n − 1): top logit minus each of the others
  double max_weight = 0.0;                // 1 / (1 + (n − 1)·e^(−Δ)), finite for any Δ
  double one_minus_max_weight = 0.0;      // (n − 1)·e^(−Δ) / (1 + (n − 1)·e^(−Δ)); underflows to 0 past Δ ≈ 745
  double log10_one_minus_max_weight = 0.0;  // log10 of it, finite for every Δ
  std::vector<double> row;                // the extremal logits, mean 0: Δ·(n − 1)/n first, then n − 1 of −Δ/n
  std::vector<double> weights;            // analyze_softmax(row).p (float64, the engine's softmax)
  double row_sd = 0.0;                    // population sd of `row`, measured
};

PeakWeightCap peak_weight_cap(int n, double sd);

}  // namespace asl
