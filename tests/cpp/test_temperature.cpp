// Lesson 4's Boltzmann view of softmax: hand-computed rows at several β, the limits β → 0 (uniform) and β → ∞
// (argmax), entropy falling with β, shift invariance, and a score matrix normalised over its last index (rows sum to 1,
// what attention and the softmax kernel do) against its first (columns sum to 1).
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "engine/temperature.h"
#include "helpers.h"
#include "kernels/kernels.h"

using asl_test::close;

namespace {

asl::Boltzmann run(const std::vector<double>& scores, const std::vector<double>& betas, double shift = 0.0) {
  return asl::boltzmann(scores.data(), static_cast<int>(scores.size()), betas.data(), static_cast<int>(betas.size()),
                        shift);
}

}  // namespace

TEST_CASE("Boltzmann weights of scores 0 and ln 3: 1/4, 3/4 at β = 1 and 1/10, 9/10 at β = 2", "[temperature]") {
  // exp(β ln 3) = 3^β: the weights are 1/(1 + 3^β) and 3^β/(1 + 3^β).
  const asl::Boltzmann b = run({0.0, std::log(3.0)}, {1.0, 2.0, 0.5});
  REQUIRE(b.points.size() == 3);
  REQUIRE(close(b.points[0].weights[1], 0.75, 0, 1e-15));
  REQUIRE(close(b.points[1].weights[0], 0.1, 0, 1e-14));
  REQUIRE(close(b.points[1].weights[1], 0.9, 0, 1e-15));
  REQUIRE(close(b.points[2].weights[1], std::sqrt(3.0) / (1 + std::sqrt(3.0)), 0, 1e-15));
  REQUIRE(b.points[0].temperature == 1.0);
  REQUIRE(b.points[1].temperature == 0.5);
  REQUIRE(b.points[2].temperature == 2.0);
  REQUIRE(close(b.points[1].entropy, -(0.1 * std::log(0.1) + 0.9 * std::log(0.9)), 0, 1e-14));
  REQUIRE(close(b.points[1].one_minus_max_weight, 0.1, 0, 1e-14));
  REQUIRE(b.max_entropy == std::log(2.0));
}

TEST_CASE("β → 0 gives uniform weights and β → ∞ the argmax", "[temperature]") {
  const std::vector<double> scores = {1.5, -2.0, 3.25, 0.0, 3.0};  // argmax 2, runner-up 0.25 below it
  const asl::Boltzmann b = run(scores, {0.0, 1e-3, 1e3, 1e6});
  const int n = static_cast<int>(scores.size());
  // β = 0: exactly uniform, T = ∞, entropy ln n.
  REQUIRE(std::isinf(b.points[0].temperature));
  for (double w : b.points[0].weights) REQUIRE(close(w, 1.0 / n, 0, 1e-15));
  REQUIRE(close(b.points[0].entropy, std::log(n), 0, 1e-15));
  // β = 10⁻³: |β·(s_j − mean s)| <= 3e-3, so every weight is within a factor e^(±6e-3) of 1/n.
  for (double w : b.points[1].weights) REQUIRE(close(w, 1.0 / n, 0, 7e-3));
  // β = 10³: the runner-up has weight e^(−250)/(1 + …); everything else is smaller still.
  REQUIRE(b.points[2].argmax == 2);
  REQUIRE(b.points[2].weights[2] == 1.0);
  REQUIRE(close(b.points[2].one_minus_max_weight, std::exp(-250.0), 0, 1e-10));
  REQUIRE(b.points[3].one_minus_max_weight == 0.0);  // e^(−250000) underflows
  REQUIRE(b.points[3].entropy == 0.0);
  REQUIRE(b.points[3].effective_keys == 1.0);
}

TEST_CASE("entropy falls and the largest weight grows as β rises", "[temperature]") {
  // dH/dβ = −β·Var_p(s) <= 0: a strictly falling entropy for scores that are not all equal.
  std::vector<double> betas;
  for (int e = -30; e <= 30; ++e) betas.push_back(std::pow(10.0, e / 10.0));
  const auto scores = asl_test::normals(12, 5);
  const asl::Boltzmann b = run(std::vector<double>(scores.begin(), scores.end()), betas);
  for (std::size_t t = 1; t < betas.size(); ++t) {
    INFO("β = " << betas[t]);
    if (b.points[t - 1].entropy > 0.0) REQUIRE(b.points[t].entropy < b.points[t - 1].entropy);
    else REQUIRE(b.points[t].entropy == 0.0);  // every other weight has underflowed
    REQUIRE(b.points[t].max_weight >= b.points[t - 1].max_weight);
    REQUIRE(close(b.points[t].temperature, 1.0 / betas[t], 0, 1e-15));
  }
}

TEST_CASE("adding a constant to every score changes no weight", "[temperature]") {
  // Dyadic scores, a power-of-two β and shift: s + c and β·(s + c) are exact, so the weights are bit-identical.
  const asl::Boltzmann exact = run({0.5, -1.25, 2.0, 0.75}, {0.25, 1.0, 8.0}, 1024.0);
  REQUIRE(exact.max_shift_change == 0.0);
  for (const auto& p : exact.points) REQUIRE(p.weights == p.shifted_weights);
  // Any scores, β and shift: only the rounding of s + c is left, |Δw| <= β·|c|·2⁻⁵² per score, a few times over.
  const auto scores32 = asl_test::normals(9, 8, 3.0);
  const std::vector<double> scores(scores32.begin(), scores32.end());
  for (double shift : {-1e6, -3.7, 0.1, 12345.678}) {
    for (double beta : {1e-3, 0.3, 1.0, 7.0, 1e3}) {
      const asl::Boltzmann b = run(scores, {beta}, shift);
      INFO("shift = " << shift << ", β = " << beta << ": change " << b.max_shift_change);
      REQUIRE(b.shifted_scores[0] == scores[0] + shift);
      REQUIRE(b.max_shift_change <= 8.0 * beta * (std::fabs(shift) + 10.0) * 0x1.0p-52);
    }
  }
}

TEST_CASE("a 3×3 matrix normalised over its last index has rows summing to 1, over its first columns summing to 1",
          "[temperature][normalisation]") {
  const std::vector<double> s = {2.0, 0.5, -1.0,   //
                                 0.0, 1.0, 3.0,    //
                                 -0.5, 2.5, 0.25};
  const asl::Normalisation r = asl::normalise_both_ways(s.data(), 3, 3, 1.0);
  for (int i = 0; i < 3; ++i) {
    REQUIRE(close(r.by_row_row_sums[i], 1.0, 1e-15, 0));
    REQUIRE(close(r.by_column_column_sums[i], 1.0, 1e-15, 0));
  }
  // The other sums are not 1: the two normalisations really differ for this matrix.
  double off_rows = 0.0, off_columns = 0.0;
  for (int i = 0; i < 3; ++i) {
    off_columns = std::fmax(off_columns, std::fabs(r.by_row_column_sums[i] - 1.0));
    off_rows = std::fmax(off_rows, std::fabs(r.by_column_row_sums[i] - 1.0));
  }
  REQUIRE(off_columns > 0.1);
  REQUIRE(off_rows > 0.1);
  REQUIRE(r.max_difference > 0.1);
  // Entry (1, 2) by hand: over row 1 it is e³/(e⁰ + e¹ + e³); over column 2 it is e³/(e⁻¹ + e³ + e^0.25).
  REQUIRE(close(r.by_row[5], std::exp(3.0) / (1 + std::exp(1.0) + std::exp(3.0)), 0, 1e-15));
  REQUIRE(close(r.by_column[5], std::exp(3.0) / (std::exp(-1.0) + std::exp(3.0) + std::exp(0.25)), 0, 1e-15));
}

TEST_CASE("normalising over the first index is normalising the transpose over its last", "[temperature][normalisation]") {
  // Non-square (2, 3), so a transposed index cannot hide.
  const std::vector<double> s = {1.0, -2.0, 0.5, 3.0, 0.0, -1.5};
  const std::vector<double> st = {1.0, 3.0, -2.0, 0.0, 0.5, -1.5};  // (3, 2)
  for (double beta : {0.0, 0.5, 4.0}) {
    const asl::Normalisation a = asl::normalise_both_ways(s.data(), 2, 3, beta);
    const asl::Normalisation b = asl::normalise_both_ways(st.data(), 3, 2, beta);
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 3; ++j) {
        REQUIRE(a.by_column[i * 3 + j] == b.by_row[j * 2 + i]);
        REQUIRE(a.by_row[i * 3 + j] == b.by_column[j * 2 + i]);
      }
    for (int j = 0; j < 3; ++j) REQUIRE(a.column_entropy[j] == b.row_entropy[j]);
  }
  // A symmetric matrix: one is the other's transpose.
  const std::vector<double> sym = {1.0, 2.0, -1.0, 2.0, 0.0, 0.5, -1.0, 0.5, 3.0};
  const asl::Normalisation c = asl::normalise_both_ways(sym.data(), 3, 3, 1.0);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) REQUIRE(c.by_column[i * 3 + j] == c.by_row[j * 3 + i]);
}

TEST_CASE("attention's softmax kernel normalises each query's row over the keys", "[temperature][normalisation]") {
  const auto s32 = asl_test::normals(15, 19, 2.0);  // (3, 5): 3 queries, 5 keys
  const std::vector<double> s(s32.begin(), s32.end());
  const asl::Normalisation r = asl::normalise_both_ways(s.data(), 3, 5, 0.75);
  std::vector<float> w(15);
  asl::kern::softmax_rows(s32.data(), 0.75f, w.data(), 3, 5, 5);
  for (int at = 0; at < 15; ++at) {
    REQUIRE(close(w[at], r.by_row[at], 1e-7, 1e-5));
    if (std::fabs(r.by_row[at] - r.by_column[at]) > 1e-3) REQUIRE(!close(w[at], r.by_column[at], 1e-7, 1e-5));
  }
}

TEST_CASE("the float32 kernel's rows beside the float64 ones: the same weights to float32 precision", "[temperature]") {
  // rows = 3, cols = 2, β = 4 (the numbers normalisationDemo gave before this moved out of the binding).
  const std::vector<double> s = {0, 9, -3, 2, 7, 7};
  const asl::Normalisation n = asl::normalise_both_ways(s.data(), 3, 2, 4.0);
  const asl::KernelRows k = asl::kernel_rows(s.data(), n);
  REQUIRE(k.weights.size() == 6);
  CHECK(k.weights[4] == 0.5f);
  CHECK(k.weights[5] == 0.5f);
  CHECK(close(k.weights[0], 2.319522830243569e-16, 0, 1e-6));  // e^−36 / (1 + e^−36)
  CHECK(k.weights[2] == 2.06115369216775e-09f);
  CHECK(k.max_difference == 2.06115369216775e-09);  // row 1's 1 − e^−20: float32 rounds it to 1
  double largest = 0;
  for (std::size_t i = 0; i < 6; ++i) largest = std::fmax(largest, std::fabs(k.weights[i] - n.by_row[i]));
  CHECK(k.max_difference == largest);
}

TEST_CASE("the Boltzmann row's uniform weight is 1/n", "[temperature]") {
  const asl::Boltzmann b = run({1, 2, 3, 4, 5}, {0.0});
  CHECK(b.uniform_weight == 0.2);
  for (double w : b.points[0].weights) CHECK(close(w, b.uniform_weight, 0, 1e-15));
}
