// Lesson 2's spine, q·k = ‖q‖‖k‖ cos θ: the lengths of two random vectors and the angle between them, for one pair
// and over many pairs, beside what theory gives for standard normal entries. Entries come from the engine's seeded
// generator; nothing here validates sizes (the bindings do), throws or does I/O.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace asl {

// One pair's geometry. cos θ is the dot product of the two unit vectors q/‖q‖ and k/‖k‖, computed apart from q·k,
// so `dot` (q·k) and `product` (‖q‖‖k‖cos θ) are two computations of one number that agree to rounding.
struct PairGeometry {
  double length_q = 0.0, length_k = 0.0;  // ‖q‖, ‖k‖
  double cos = 0.0;                        // cos θ; 0 when either vector is zero
  double angle = 0.0;                      // θ in radians, in [0, π]
  double dot = 0.0;                        // q·k by the dot kernel
  double product = 0.0;                    // ‖q‖·‖k‖·cos θ
};
// q, k (d); unit_q, unit_k (d) are workspace that receive q/‖q‖ and k/‖k‖.
PairGeometry pair_geometry(const float* q, const float* k, int d, float* unit_q, float* unit_k);

// E‖x‖ for x with d independent standard normal entries (the chi distribution's mean): √2·Γ((d + 1)/2)/Γ(d/2),
// just below √d (by a factor 1 − 1/(4d) + O(1/d²)).
double chi_mean(int d);

// `pairs` independent pairs (q, k) of dimension dim with standard normal float32 entries. Pair p draws from its own
// stream, q[c] then k[c] for c = 0, 1, …, so a pair at a larger dim extends the same pair at a smaller one, and the
// first pairs do not depend on `pairs`.
struct AngleSample {
  int dim = 0, pairs = 0, shown = 0;
  PairGeometry pair;                       // pair number `shown`
  std::vector<float> q, k;                 // its entries (dim each)
  // Over all pairs: the 2·pairs lengths, the cosines and the dot products (population sd, divide by the count).
  double length_mean = 0.0, length_sd = 0.0;
  double cos_mean = 0.0, cos_sd = 0.0;
  double dot_mean = 0.0, dot_sd = 0.0;
  double largest_gap = 0.0;                // max over pairs of |q·k − ‖q‖‖k‖cos θ|
  double largest_dot = 0.0;                // max over pairs of |q·k|, the scale of that gap
  // Theory for standard normal entries: E‖q‖ = chi_mean(d) ≈ √d, sd‖q‖ = √(d − E‖q‖²); the direction of q is
  // uniform on the sphere and independent of ‖q‖, so E cos θ = 0 and sd cos θ = 1/√d exactly; and
  // Var(q·k) = E‖q‖²·E‖k‖²·E cos²θ = d·d·(1/d) = d, so sd(q·k) = √d.
  double theory_length_mean = 0.0, theory_length_sd = 0.0, theory_cos_sd = 0.0, theory_dot_sd = 0.0;
};
// dim >= 1, pairs >= 1, 0 <= shown < pairs.
AngleSample angle_sample(int dim, int pairs, std::uint64_t seed, int shown);

}  // namespace asl
