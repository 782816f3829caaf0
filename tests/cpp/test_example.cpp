// Lesson 1's model: tokens, static embeddings that depend only on the word, seeded projections whose columns stay
// put as d_k grows, and attention outputs that agree with Eigen's own products (a non-square RowMajor check).
#include <catch2/catch.hpp>

#include <cmath>

#include "engine/self_attention_example.h"
#include "helpers.h"

using asl_test::close;

TEST_CASE("the tokenizer splits on whitespace and keeps words as typed", "[example]") {
  REQUIRE(asl::tokenize("money bank grows") == std::vector<std::string>{"money", "bank", "grows"});
  REQUIRE(asl::tokenize("  The\tbank,\n  grows. ") == std::vector<std::string>{"The", "bank,", "grows."});
  REQUIRE(asl::tokenize("<img src=x onerror=alert(1)>") ==
          std::vector<std::string>{"<img", "src=x", "onerror=alert(1)>"});
  REQUIRE(asl::tokenize("   ").empty());
}

TEST_CASE("a word's static embedding depends only on the word, not on case or surrounding punctuation", "[example]") {
  std::vector<float> a(16), b(16), c(16), d(8);
  asl::static_embedding("bank", 16, a.data());
  asl::static_embedding("Bank,", 16, b.data());
  asl::static_embedding("money", 16, c.data());
  asl::static_embedding("bank", 8, d.data());
  REQUIRE(a == b);
  REQUIRE(a != c);
  REQUIRE(std::vector<float>(a.begin(), a.begin() + 8) == d);  // a larger d_model extends the same vector
}

TEST_CASE("the example's matrices are consistent with each other", "[example]") {
  const auto tokens = asl::tokenize("money bank grows");
  const int d_model = 6, d_k = 4, d_v = 5;  // all different, so a transposed matrix cannot hide
  const auto ex = asl::self_attention_example(tokens, d_model, d_k, d_v, 7, true, false);
  REQUIRE(ex.embeddings.rows() == 3);
  REQUIRE(ex.embeddings.cols() == d_model);
  REQUIRE(ex.q.cols() == d_k);
  REQUIRE(ex.v.cols() == d_v);
  REQUIRE(ex.scale == Approx(0.5f));
  // Recompute each step with plain loops over the row-major buffers.
  for (int i = 0; i < 3; ++i) {
    for (int c = 0; c < d_k; ++c) {
      double q = 0;
      for (int m = 0; m < d_model; ++m) q += double(ex.embeddings.data()[i * d_model + m]) * ex.w_q.data()[m * d_k + c];
      REQUIRE(close(ex.q.data()[i * d_k + c], q, 1e-5, 1e-5));
    }
    double row_sum = 0;
    for (int j = 0; j < 3; ++j) {
      double s = 0;
      for (int c = 0; c < d_k; ++c) s += double(ex.q(i, c)) * ex.k(j, c);
      REQUIRE(close(ex.scores(i, j), s, 1e-5, 1e-5));
      REQUIRE(ex.scaled_scores(i, j) == ex.scale * ex.scores(i, j));
      row_sum += ex.weights(i, j);
    }
    REQUIRE(close(row_sum, 1.0, 1e-6, 0));
    REQUIRE(ex.max_weight >= ex.weights.row(i).maxCoeff());
    for (int c = 0; c < d_v; ++c) {
      double o = 0;
      for (int j = 0; j < 3; ++j) o += double(ex.weights(i, j)) * ex.v(j, c);
      REQUIRE(close(ex.contextual(i, c), o, 1e-6, 1e-5));
    }
  }
}

TEST_CASE("the example reports the variance of its raw and scaled scores", "[example]") {
  const auto ex = asl::self_attention_example(asl::tokenize("money bank grows today"), 8, 9, 8, 3, true, false);
  double sum = 0, sum_sq = 0;
  for (int at = 0; at < 16; ++at) {
    sum += ex.scores.data()[at];
    sum_sq += double(ex.scores.data()[at]) * ex.scores.data()[at];
  }
  const double variance = sum_sq / 16 - (sum / 16) * (sum / 16);
  REQUIRE(close(ex.score_variance, variance, 1e-9, 1e-6));
  // Var(cX) = c²·Var(X) with c = 1/3
  REQUIRE(close(ex.scaled_score_variance, variance / 9, 1e-9, 1e-5));
}

TEST_CASE("raising d_k adds projection columns and keeps the existing ones", "[example]") {
  const auto tokens = asl::tokenize("money bank grows");
  const auto small = asl::self_attention_example(tokens, 8, 3, 8, 11, true, false);
  const auto large = asl::self_attention_example(tokens, 8, 6, 8, 11, true, false);
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 3; ++c) {
      REQUIRE(small.w_q(r, c) == large.w_q(r, c));
      REQUIRE(small.w_k(r, c) == large.w_k(r, c));
    }
  const auto other_seed = asl::self_attention_example(tokens, 8, 3, 8, 12, true, false);
  REQUIRE(other_seed.w_q(0, 0) != small.w_q(0, 0));
  REQUIRE(other_seed.embeddings == small.embeddings);  // the seed moves the weights, not the static embeddings
}

TEST_CASE("unscaled scores spread like d_k and scaled scores like 1", "[example]") {
  // Twelve distinct words, many seeds: the raw scores' variance should sit near d_k (W entries are N(0, 1/d_model)).
  const auto tokens = asl::tokenize("a b c d e f g h i j k l");
  const int d_k = 64;
  double sum_raw = 0, sum_scaled = 0;
  long count = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const auto ex = asl::self_attention_example(tokens, 64, d_k, 8, seed, true, false);
    for (int i = 0; i < 12; ++i)
      for (int j = 0; j < 12; ++j)
        if (i != j) {
          sum_raw += double(ex.scores(i, j)) * ex.scores(i, j);
          sum_scaled += double(ex.scaled_scores(i, j)) * ex.scaled_scores(i, j);
          ++count;
        }
  }
  // Mean square is the variance here (zero-mean scores); 40 seeds × 132 pairs keep the estimate within ~25 %.
  REQUIRE(close(sum_raw / count, d_k, 0, 0.25));
  REQUIRE(close(sum_scaled / count, 1.0, 0, 0.25));
}

TEST_CASE("causal weights of the example are zero above the diagonal", "[example]") {
  const auto ex = asl::self_attention_example(asl::tokenize("money bank grows today"), 8, 4, 8, 1, true, true);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      if (j > i) REQUIRE(ex.weights(i, j) == 0.0f);
  REQUIRE(ex.weights(0, 0) == 1.0f);
}

TEST_CASE("without the division by sqrt(d_k) the rows of weights are sharper", "[example]") {
  const auto tokens = asl::tokenize("a b c d e f g h i j k l");
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const auto on = asl::self_attention_example(tokens, 64, 64, 8, seed, true, false);
    const auto off = asl::self_attention_example(tokens, 64, 64, 8, seed, false, false);
    INFO("seed " << seed << ": mean row max scaled " << on.mean_row_max << ", unscaled " << off.mean_row_max);
    REQUIRE(on.rows_with_choice == 12);
    REQUIRE(off.mean_row_max > on.mean_row_max);
    // Each row's largest weight lies between 1/n (even) and 1 (one-hot).
    REQUIRE(on.mean_row_max >= 1.0 / 12 - 1e-6);
    REQUIRE(off.mean_row_max <= 1.0 + 1e-6);
  }
  const auto one = asl::self_attention_example(asl::tokenize("alone"), 8, 4, 8, 1, true, false);
  REQUIRE(one.rows_with_choice == 0);
  REQUIRE(one.mean_row_max == 1.0);
}
