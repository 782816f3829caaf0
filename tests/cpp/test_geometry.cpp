// Lesson 2's spine, q·k = ‖q‖‖k‖ cos θ: the identity holds pair by pair to float32 rounding, and over many pairs the
// lengths, cosines and dot products spread as theory says at several d_k (tolerances from the sample size); word
// vectors built with known statistics meet or leave the random model as they should (word_pairs).
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "engine/geometry.h"
#include "engine/vocabulary.h"
#include "helpers.h"

using asl_test::close;
using asl_test::kEps;

TEST_CASE("q·k equals ‖q‖‖k‖cos θ to rounding, pair by pair, with cos θ from the unit vectors", "[geometry]") {
  for (int d : {1, 3, 5, 17, 100, 1000, 4096}) {
    const std::vector<float> q = asl_test::normals(d, 11 + d), k = asl_test::normals(d, 97 + d);
    std::vector<float> uq(d), uk(d);
    const asl::PairGeometry g = asl::pair_geometry(q.data(), k.data(), d, uq.data(), uk.data());
    // A float64 reference straight from the definitions.
    double qq = 0.0, kk = 0.0, qk = 0.0;
    for (int c = 0; c < d; ++c) qq += double(q[c]) * q[c], kk += double(k[c]) * k[c], qk += double(q[c]) * k[c];
    const double lq = std::sqrt(qq), lk = std::sqrt(kk), scale = lq * lk;
    INFO("d = " << d << ": q·k = " << g.dot << ", ‖q‖‖k‖cos θ = " << g.product << ", reference " << qk);
    REQUIRE(close(g.length_q, lq, 0.0, 4 * d * kEps));
    REQUIRE(close(g.length_k, lk, 0.0, 4 * d * kEps));
    REQUIRE(close(g.cos, qk / scale, 4 * d * kEps, 0.0));
    REQUIRE(close(g.angle, std::acos(qk / scale), 1e-3, 0.0));
    REQUIRE(std::fabs(g.dot - g.product) <= 8 * d * kEps * scale);
    REQUIRE(std::fabs(g.dot - qk) <= 4 * d * kEps * scale);
  }
}

TEST_CASE("every pair of a sample keeps q·k = ‖q‖‖k‖cos θ within rounding of its own size", "[geometry]") {
  for (int d : {2, 64, 777}) {
    const asl::AngleSample s = asl::angle_sample(d, 300, 5, 0);
    INFO("d = " << d << ": largest gap " << s.largest_gap << " beside largest |q·k| " << s.largest_dot);
    REQUIRE(s.largest_gap > 0.0);  // two computations, not one number copied: they differ in the last bits
    REQUIRE(s.largest_gap <= 8 * d * kEps * (s.length_mean + 6 * s.length_sd) * (s.length_mean + 6 * s.length_sd));
  }
}

TEST_CASE("over many pairs the mean length is near √d_k, sd cos θ near 1/√d_k and sd q·k near √d_k", "[geometry]") {
  const int pairs = 2000;
  for (int d : {1, 4, 16, 64, 256, 1024}) {
    const asl::AngleSample s = asl::angle_sample(d, pairs, 42, 7);
    const double root = std::sqrt(double(d));
    INFO("d = " << d << ": mean length " << s.length_mean << " (theory " << s.theory_length_mean << ", √d = " << root
                << "), sd cos θ " << s.cos_sd << " (1/√d = " << 1 / root << "), sd q·k " << s.dot_sd << " (√d = " << root << ")");
    // Theory itself: E‖q‖ just below √d, within 1/(4d) relative plus a little at small d.
    REQUIRE(s.theory_length_mean < root);
    REQUIRE(close(s.theory_length_mean, root, 0.0, 1.0 / (4 * d) + 0.04 / (double(d) * d)));
    REQUIRE(close(s.theory_cos_sd, 1 / root, 0.0, 1e-12));
    REQUIRE(close(s.theory_dot_sd, root, 0.0, 1e-12));
    // The sample against theory: four standard errors. A mean of 2·pairs lengths has se sd/√(2·pairs); an sd from
    // n values with kurtosis κ has relative se √((κ − 1)/(4n)), κ ≤ 3 for cos θ and 3 + 6/d for q·k.
    REQUIRE(close(s.length_mean, s.theory_length_mean, 4 * s.theory_length_sd / std::sqrt(2.0 * pairs), 0.0));
    REQUIRE(close(s.length_sd, s.theory_length_sd, 0.0, 4 * std::sqrt(3.0 / (4 * 2.0 * pairs))));
    REQUIRE(close(s.cos_sd, 1 / root, 0.0, 4 * std::sqrt(2.0 / (4.0 * pairs))));
    REQUIRE(close(s.cos_mean, 0.0, 4 / (root * std::sqrt(double(pairs))), 0.0));
    REQUIRE(close(s.dot_sd, root, 0.0, 4 * std::sqrt((2.0 + 6.0 / d) / (4.0 * pairs))));
    // The spine: lengths and direction are independent, so sd(q·k) = E‖q‖² · sd cos θ, E‖q‖² = mean² + sd².
    const double mean_square = s.length_mean * s.length_mean + s.length_sd * s.length_sd;
    REQUIRE(close(s.dot_sd, mean_square * s.cos_sd, 0.0, 4 * std::sqrt((2.0 + 6.0 / d) / (4.0 * pairs)) + 4 * std::sqrt(2.0 / (4.0 * pairs))));
  }
}

TEST_CASE("the chi mean has its known small values", "[geometry]") {
  const double pi = std::acos(-1.0);
  REQUIRE(close(asl::chi_mean(1), std::sqrt(2.0 / pi), 0.0, 1e-12));
  REQUIRE(close(asl::chi_mean(2), std::sqrt(pi / 2.0), 0.0, 1e-12));
  REQUIRE(close(asl::chi_mean(3), 2.0 * std::sqrt(2.0 / pi), 0.0, 1e-12));
}

TEST_CASE("one seed gives the same pairs, and a larger d_k extends the same pair", "[geometry]") {
  const asl::AngleSample small = asl::angle_sample(4, 5, 9, 3), big = asl::angle_sample(40, 50, 9, 3);
  const asl::AngleSample again = asl::angle_sample(4, 5, 9, 3), other = asl::angle_sample(4, 5, 10, 3);
  for (int c = 0; c < 4; ++c) {
    REQUIRE(small.q[c] == big.q[c]);
    REQUIRE(small.k[c] == big.k[c]);
  }
  REQUIRE(small.q == again.q);
  REQUIRE(small.pair.cos == again.pair.cos);
  REQUIRE(small.q != other.q);
}

// ---- real words against the random model (word_pairs), on vocabularies built to have known statistics ----

namespace {

// `size` words of `dim` entries: independent normal(μ, σ) entries, plus `shared` times one common random number per
// word along the all-ones direction (which makes the dimensions move together).
asl::Vocabulary made_vocabulary(int size, int dim, double mu, double sigma, double shared, std::uint64_t seed) {
  asl::Vocabulary v;
  v.dim = dim;
  asl::Rng rng(seed);
  for (int i = 0; i < size; ++i) {
    v.words.push_back("w" + std::to_string(i));
    const double a = shared * rng.normal();
    for (int c = 0; c < dim; ++c) v.vectors.push_back(static_cast<float>(mu + a + sigma * rng.normal()));
  }
  return v;
}

}  // namespace

TEST_CASE("words with independent entries match the random model: Var(q·k) near d(σ⁴ + 2μ²σ²), rows as sharp", "[geometry]") {
  const asl::Vocabulary v = made_vocabulary(3000, 64, 0.0, 1.0, 0.0, 21);
  const asl::WordPairs w = asl::word_pairs(v, 20000, 400, 16, 3);
  INFO("Var " << w.dot_variance << " model " << w.model_variance << "; largest weight " << w.words.max_weight << " vs " << w.model.max_weight);
  REQUIRE(close(w.entry_mean, 0.0, 0.01, 0.0));
  REQUIRE(close(w.entry_sd, 1.0, 0.0, 0.01));
  REQUIRE(close(w.unit_variance, 64.0, 0.0, 1e-12));
  REQUIRE(close(w.model_variance, 64.0, 0.0, 0.03));
  REQUIRE(close(w.dot_variance, w.model_variance, 0.0, 0.06));  // 20,000 pairs: se of a variance ≈ √(2/20000) = 1 %
  REQUIRE(close(w.cos_sd, 1.0 / 8.0, 0.0, 0.06));
  REQUIRE(close(w.words.max_weight, w.model.max_weight, 0.03, 0.0));
  REQUIRE(close(w.words.entropy, w.model.entropy, 0.05, 0.0));
  REQUIRE(close(w.max_entropy, std::log(16.0), 0.0, 1e-12));
  // What wordPairs reports beside them (computed in its binding before): 1/n, Var(q·k)/d, √d, 1/√d.
  REQUIRE(w.uniform_weight == 1.0 / 16);
  REQUIRE(w.logit_variance == w.dot_variance / 64);
  REQUIRE(w.sqrt_dim == 8);
  REQUIRE(w.theory_cos_sd == 0.125);
}

TEST_CASE("words whose dimensions move together spread far beyond the model with the same μ and σ, and sharpen rows", "[geometry]") {
  // Each word adds a·(1, …, 1), a ~ N(0, 0.5²): entries keep about μ = 0 and σ² = 1.25, but x·y gains d·a_x·a_y.
  const asl::Vocabulary v = made_vocabulary(3000, 64, 0.0, 1.0, 0.5, 22);
  const asl::WordPairs w = asl::word_pairs(v, 20000, 400, 16, 3);
  INFO("Var " << w.dot_variance << " model " << w.model_variance << "; largest weight " << w.words.max_weight << " vs " << w.model.max_weight);
  REQUIRE(close(w.entry_sd * w.entry_sd, 1.25, 0.0, 0.05));
  // Var(x·y) = d(1 + 2·0.25)… plus the shared part d²·0.25² = 256: about 352 against the model's 64·1.5625 = 100.
  REQUIRE(w.dot_variance > 2.5 * w.model_variance);
  REQUIRE(w.words.max_weight > w.model.max_weight + 0.05);
  REQUIRE(w.words.entropy < w.model.entropy - 0.1);
}

TEST_CASE("word pairs repeat for a seed and differ for another", "[geometry]") {
  const asl::Vocabulary v = made_vocabulary(50, 8, 0.3, 0.7, 0.0, 23);
  const asl::WordPairs a = asl::word_pairs(v, 100, 10, 49, 5), b = asl::word_pairs(v, 100, 10, 49, 5), c = asl::word_pairs(v, 100, 10, 49, 6);
  REQUIRE(a.dot_variance == b.dot_variance);
  REQUIRE(a.words.entropy == b.words.entropy);
  REQUIRE(a.dot_variance != c.dot_variance);
  REQUIRE(close(a.model_variance, 8 * (std::pow(a.entry_sd, 4) + 2 * a.entry_mean * a.entry_mean * a.entry_sd * a.entry_sd), 0.0, 1e-12));
}

TEST_CASE("a pair's sample reports √d beside sd(q·k) = √d", "[geometry]") {
  const asl::AngleSample s = asl::angle_sample(100, 50, 2, 3);
  REQUIRE(s.sqrt_dim == 10);  // pairAngles({ dim: 100 }).sqrtDim before it moved out of the binding
  REQUIRE(s.theory_dot_sd == s.sqrt_dim);
}
