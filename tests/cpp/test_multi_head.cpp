// Lesson 5's multi-head attention: the output equals each head run alone and concatenated, and a plain-loop float64
// reference with W^O; H = 1 is Lesson 1's example; the scaling choices change exactly the scale; the Monte Carlo over
// H shows √d_model flattening the heads, no scaling sharpening them, and √d_k keeping them level.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

#include "engine/attention.h"
#include "engine/multi_head.h"
#include "engine/self_attention_example.h"
#include "helpers.h"

using asl_test::close;

namespace {

const std::vector<std::string> kSentence = {"money", "bank", "grows"};

// Multihead by definition in float64 from the example's own Q, K, V and W^O: per head softmax(scale·Q_h K_hᵀ)·V_h,
// heads side by side, times W^O; all with plain loops over the row-major buffers.
std::vector<double> reference_output(const asl::MultiHeadExample& ex) {
  const int n = static_cast<int>(ex.tokens.size()), d = ex.d_model, d_k = ex.d_k;
  std::vector<double> concat(static_cast<std::size_t>(n) * d, 0.0), out(concat.size(), 0.0);
  for (int h = 0; h < ex.n_heads; ++h)
    for (int i = 0; i < n; ++i) {
      std::vector<double> w(static_cast<std::size_t>(n));
      double top = -INFINITY, sum = 0.0;
      for (int j = 0; j < n; ++j) {
        double s = 0.0;
        for (int c = 0; c < d_k; ++c) s += double(ex.q.data()[i * d + h * d_k + c]) * ex.k.data()[j * d + h * d_k + c];
        w[j] = ex.scale * s;
        top = std::max(top, w[j]);
      }
      for (int j = 0; j < n; ++j) sum += (w[j] = std::exp(w[j] - top));
      for (int c = 0; c < d_k; ++c)
        for (int j = 0; j < n; ++j) concat[i * d + h * d_k + c] += w[j] / sum * ex.v.data()[j * d + h * d_k + c];
    }
  for (int i = 0; i < n; ++i)
    for (int c = 0; c < d; ++c)
      for (int m = 0; m < d; ++m) out[i * d + c] += concat[i * d + m] * ex.w_o.data()[m * d + c];
  return out;
}

}  // namespace

TEST_CASE("multi-head output equals each head run alone, concatenated, then W^O", "[multi_head]") {
  const auto tokens = asl::tokenize("the money in the bank grows slowly");
  for (int heads : {1, 2, 4, 8}) {
    const asl::MultiHeadExample ex = asl::multi_head_example(tokens, 16, heads, 3, asl::HeadScale::d_k);
    const int n = static_cast<int>(tokens.size()), d_k = 16 / heads;
    REQUIRE(ex.d_k == d_k);
    REQUIRE(ex.d_v == d_k);
    REQUIRE(ex.scale == static_cast<float>(1.0 / std::sqrt(double(d_k))));
    asl::RowMatrixXf concat(n, 16);
    for (int h = 0; h < heads; ++h) {
      // Head h alone: copy its columns out, one-head attention, copy the result into its columns.
      asl::RowMatrixXf q = ex.q.middleCols(h * d_k, d_k), k = ex.k.middleCols(h * d_k, d_k),
                       v = ex.v.middleCols(h * d_k, d_k);
      asl::AttentionShape s;
      s.n_q = s.n_k = n;
      s.d_k = s.d_v = d_k;
      std::vector<float> scores(n * n), scaled(n * n), weights(n * n);
      asl::RowMatrixXf out(n, d_k);
      asl::attention_forward(q.data(), k.data(), v.data(), s, ex.scale, false, scores.data(), scaled.data(),
                             weights.data(), out.data());
      concat.middleCols(h * d_k, d_k) = out;
      for (int at = 0; at < n * n; ++at) {
        INFO("heads = " << heads << ", head " << h << ", entry " << at);
        REQUIRE(close(ex.weights[h * n * n + at], weights[at], 1e-7, 1e-6));
        REQUIRE(close(ex.scores[h * n * n + at], scores[at], 1e-6, 1e-6));
      }
    }
    const asl::RowMatrixXf output = concat * ex.w_o;
    for (int at = 0; at < n * 16; ++at) {
      INFO("heads = " << heads << ", entry " << at);
      REQUIRE(close(ex.concat.data()[at], concat.data()[at], 1e-6, 1e-5));
      REQUIRE(close(ex.output.data()[at], output.data()[at], 1e-6, 1e-5));
    }
  }
}

TEST_CASE("multi-head output equals a plain-loop float64 reference with W^O", "[multi_head]") {
  // Non-square throughout: 3 tokens, d_model 12, heads of 4 or 6 or 12 columns, so a transposed matrix cannot hide.
  for (int heads : {1, 2, 3}) {
    for (auto by : {asl::HeadScale::d_k, asl::HeadScale::d_model, asl::HeadScale::none}) {
      const asl::MultiHeadExample ex = asl::multi_head_example(kSentence, 12, heads, 9, by);
      const std::vector<double> want = reference_output(ex);
      for (std::size_t at = 0; at < want.size(); ++at) {
        INFO("heads = " << heads << ", scale " << ex.scale << ", entry " << at);
        REQUIRE(close(ex.output.data()[at], want[at], 1e-5, 1e-4));
      }
    }
  }
}

TEST_CASE("one head scaled by √d_k is Lesson 1's example with d_k = d_v = d_model", "[multi_head]") {
  const asl::MultiHeadExample ex = asl::multi_head_example(kSentence, 8, 1, 1, asl::HeadScale::d_k);
  const asl::SelfAttentionExample l1 = asl::self_attention_example(kSentence, 8, 8, 8, 1, true, false);
  REQUIRE(ex.embeddings == l1.embeddings);
  REQUIRE(ex.w_q == l1.w_q);
  REQUIRE(ex.w_v == l1.w_v);
  REQUIRE(ex.q == l1.q);
  for (int at = 0; at < 9; ++at) REQUIRE(ex.weights[at] == l1.weights.data()[at]);
  REQUIRE(ex.concat == l1.contextual);
  // The seed fixes W^O; a larger d_model draws the same numbers first in each column (one stream per column), scaled
  // by its own 1/√d_model.
  const asl::RowMatrixXf w8 = asl::output_projection(1, 8), w16 = asl::output_projection(1, 16);
  REQUIRE(ex.w_o == w8);
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 8; ++c) REQUIRE(close(w16(r, c) * std::sqrt(2.0), w8(r, c), 0, 1e-6));
  REQUIRE(asl::output_projection(2, 8) != w8);
}

TEST_CASE("the scaling choices change exactly the scale: √d_k, √d_model or 1", "[multi_head]") {
  for (int heads : {1, 2, 4, 8}) {
    const asl::MultiHeadExample dk = asl::multi_head_example(kSentence, 32, heads, 5, asl::HeadScale::d_k);
    const asl::MultiHeadExample dm = asl::multi_head_example(kSentence, 32, heads, 5, asl::HeadScale::d_model);
    const asl::MultiHeadExample none = asl::multi_head_example(kSentence, 32, heads, 5, asl::HeadScale::none);
    INFO("heads = " << heads);
    REQUIRE(dk.scale == static_cast<float>(1.0 / std::sqrt(32.0 / heads)));
    REQUIRE(dm.scale == static_cast<float>(1.0 / std::sqrt(32.0)));
    REQUIRE(none.scale == 1.0f);
    // Same projections and raw scores; only the scaled scores (and what follows) differ, by exactly the factor.
    REQUIRE(dk.scores == dm.scores);
    REQUIRE(dk.scores == none.scores);
    REQUIRE(dk.w_o == dm.w_o);
    for (std::size_t at = 0; at < dk.scores.size(); ++at) {
      REQUIRE(dk.scaled_scores[at] == dk.scale * dk.scores[at]);
      REQUIRE(dm.scaled_scores[at] == dm.scale * dm.scores[at]);
      REQUIRE(none.scaled_scores[at] == none.scores[at]);
    }
    if (heads == 1) REQUIRE(dk.output == dm.output);  // d_k = d_model: the same scale
    for (int h = 0; h < heads; ++h) {
      // Per-head statistics: scaled variance = scale²·raw variance; each example's own stats are its by_scale entry.
      REQUIRE(close(dk.heads[h].scaled_score_variance, dk.heads[h].score_variance * heads / 32.0, 0, 1e-6));
      REQUIRE(close(dm.heads[h].scaled_score_variance, dm.heads[h].score_variance / 32.0, 0, 1e-6));
      REQUIRE(none.heads[h].scaled_score_variance == none.heads[h].score_variance);
      for (int b = 0; b < asl::kHeadScales; ++b) {
        const auto& mine = (b == 0 ? dk : b == 1 ? dm : none).heads[h];
        REQUIRE(dk.by_scale[b][h].mean_entropy == mine.mean_entropy);
        REQUIRE(dk.by_scale[b][h].scaled_score_variance == mine.scaled_score_variance);
      }
      REQUIRE(dk.heads[h].mean_entropy <= std::log(3.0) + 1e-15);
      REQUIRE(dk.heads[h].mean_max_weight >= 1.0 / 3 - 1e-15);
    }
  }
}

TEST_CASE("as H grows, √d_model flattens every head, no scaling keeps heads sharp, √d_k keeps them level",
          "[multi_head][sweep]") {
  const std::vector<int> heads = {1, 2, 4, 8, 16};
  const int d_model = 64, n = 8;
  const asl::HeadScalingSweep s = asl::head_scaling_sweep(d_model, heads, n, 300, 2);
  REQUIRE(s.points.size() == heads.size());
  REQUIRE(s.max_entropy == std::log(8.0));
  for (std::size_t i = 0; i < heads.size(); ++i) {
    const asl::HeadScalingPoint& p = s.points[i];
    const int d_k = d_model / heads[i];
    INFO("H = " << heads[i] << ": raw " << p.score_variance << " ± " << p.score_variance_se << "; scaled by √d_k "
                << p.scaled_variance[0] << ", √d_model " << p.scaled_variance[1] << ", 1 " << p.scaled_variance[2]
                << "; entropy " << p.mean_entropy[0] << ", " << p.mean_entropy[1] << ", " << p.mean_entropy[2]);
    REQUIRE(p.d_k == d_k);
    // Exact relations between the three: the same scores times scale².
    REQUIRE(close(p.scaled_variance[1], p.scaled_variance[0] * d_k / d_model, 0, 1e-6));
    REQUIRE(close(p.scaled_variance[2], p.scaled_variance[0] * d_k, 0, 1e-6));
    // Scaled by √d_k every head sits at the same level. The population variance of one head's n² scores (around
    // their own mean) has expectation E[mean s²] − E[(mean s)²]: E[s²] is d_k off the diagonal and d_k(1 + 2/d_model)
    // on it (assumptions.cpp, unit entries), and the mean of the n² scores is q̄·k̄ = x̄ᵀW_qW_kᵀx̄ with x̄ of entries
    // N(0, 1/n), whose variance is d_k(1 + 2/d_model)/n² by the same diagonal formula. Divided by d_k:
    const double level = 1.0 + 2.0 / (n * d_model) - (1.0 + 2.0 / d_model) / (n * n);
    REQUIRE(std::fabs(p.scaled_variance[0] - level) <= 4 * p.score_variance_se / d_k);
    if (i > 0) {
      const asl::HeadScalingPoint& prev = s.points[i - 1];
      // √d_model: variance d_k/d_model = 1/H, so entropy rises toward ln n as H grows.
      REQUIRE(p.mean_entropy[1] > prev.mean_entropy[1]);
      // No scaling: variance d_k = d_model/H, sharpest at H = 1; fewer columns per head soften it.
      REQUIRE(p.mean_entropy[2] > prev.mean_entropy[2]);
      // √d_k: level within Monte Carlo error and the small-d_k shape of q·k.
      REQUIRE(std::fabs(p.mean_entropy[0] - prev.mean_entropy[0]) < 0.05 * s.max_entropy);
    }
  }
  REQUIRE(s.points[4].mean_entropy[1] > 0.95 * s.max_entropy);  // H = 16: variance 1/16, nearly uniform
  REQUIRE(s.points[0].mean_max_weight[2] > 0.85);                // H = 1, no scaling: variance 64, nearly one-hot
}

TEST_CASE("the example reports ln n and the factor of each scaling it compares", "[multi_head]") {
  // multiHeadExample({ sentence: "the cat sat on the mat", dModel: 16, heads: 4 }) before these left the binding:
  // maxEntropy ln 6, comparison scales 1/√4, 1/√16 and 1.
  const asl::MultiHeadExample ex = asl::multi_head_example({"the", "cat", "sat", "on", "the", "mat"}, 16, 4, 9,
                                                           asl::HeadScale::none);
  REQUIRE(ex.max_entropy == std::log(6.0));
  REQUIRE(close(ex.max_entropy, 1.791759469228055, 0, 1e-15));
  REQUIRE(ex.by_scale_factor[static_cast<int>(asl::HeadScale::d_k)] == 0.5f);
  REQUIRE(ex.by_scale_factor[static_cast<int>(asl::HeadScale::d_model)] == 0.25f);
  REQUIRE(ex.by_scale_factor[static_cast<int>(asl::HeadScale::none)] == 1.0f);
}
