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
  double sqrt_dim = 0.0;                   // √d, the factor 1/√d_k divides by
};
// dim >= 1, pairs >= 1, 0 <= shown < pairs.
AngleSample angle_sample(int dim, int pairs, std::uint64_t seed, int shown);

// ---- the same on real words (Lesson 2.3, "Real data against the random model") ----

struct Vocabulary;

// What the random model predicts and what real word vectors do. The model of 1/√d_k: independent entries with mean 0
// and variance 1, Var(q·k) = d. Real vectors have entries with a mean and a spread of their own and dimensions that
// move together; `model_variance` is what independent entries with the vocabulary's own μ and σ would give.
struct RowSharpness {
  double max_weight = 0.0, entropy = 0.0;  // means over rows of softmax(q·k_j/√d) over n keys
};
struct WordPairs {
  int size = 0, dim = 0, pairs = 0, rows = 0, n = 0;
  double entry_mean = 0.0, entry_sd = 0.0;  // over every entry of the vocabulary (population sd)
  double length_mean = 0.0;                 // mean ‖x‖ over the vocabulary
  double dot_mean = 0.0, dot_variance = 0.0, cos_mean = 0.0, cos_sd = 0.0;  // over `pairs` pairs of different words
  double unit_variance = 0.0;   // d: the random model 1/√d_k is built for
  double model_variance = 0.0;  // d(σ⁴ + 2μ²σ²): independent entries with the vocabulary's μ and σ
  RowSharpness words, model;    // `rows` rows of n different words' scores ÷ √d, and of n standard normal keys
  double max_entropy = 0.0;     // ln n
  double uniform_weight = 0.0;  // 1/n
  double logit_variance = 0.0;  // dot_variance / d: Var(q·k/√d), 1 under the random model
  double sqrt_dim = 0.0;        // √d
  double theory_cos_sd = 0.0;   // 1/√d: sd cos θ for directions uniform on the sphere
};
// Needs vocab.size() >= n + 1 and >= 2. Word indices are drawn with Rng::stream(seed, …): the same seed, the same pairs.
WordPairs word_pairs(const Vocabulary& vocab, int pairs, int rows, int n, std::uint64_t seed);

}  // namespace asl
