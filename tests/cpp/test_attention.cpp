// Attention forward against a plain triple-loop reference in double precision: causal, several heads,
// n_q ≠ n_k and non-square d, plus the contract details (scores before the mask, masked weights exactly 0).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

#include "engine/attention.h"
#include "helpers.h"

using asl_test::close;
using asl_test::normals;

namespace {

struct Reference {
  std::vector<double> scores, weights, output;
};

// The definition, written as directly as possible: softmax(scale · q_h k_hᵀ + mask) v_h per head.
Reference reference_attention(const std::vector<float>& q, const std::vector<float>& k, const std::vector<float>& v,
                              const asl::AttentionShape& s, double scale, bool causal) {
  Reference r;
  r.scores.assign(static_cast<std::size_t>(s.n_heads) * s.n_q * s.n_k, 0.0);
  r.weights = r.scores;
  r.output.assign(static_cast<std::size_t>(s.n_q) * s.n_heads * s.d_v, 0.0);
  for (int h = 0; h < s.n_heads; ++h)
    for (int i = 0; i < s.n_q; ++i) {
      double* scores_i = &r.scores[(static_cast<std::size_t>(h) * s.n_q + i) * s.n_k];
      double* weights_i = &r.weights[(static_cast<std::size_t>(h) * s.n_q + i) * s.n_k];
      for (int j = 0; j < s.n_k; ++j)
        for (int c = 0; c < s.d_k; ++c)
          scores_i[j] += double(q[i * s.n_heads * s.d_k + h * s.d_k + c]) * k[j * s.n_heads * s.d_k + h * s.d_k + c];
      double row_max = -INFINITY, sum = 0;
      for (int j = 0; j < s.n_k; ++j)
        if (!causal || j <= i) row_max = std::max(row_max, scale * scores_i[j]);
      for (int j = 0; j < s.n_k; ++j) {
        weights_i[j] = (!causal || j <= i) ? std::exp(scale * scores_i[j] - row_max) : 0.0;
        sum += weights_i[j];
      }
      for (int j = 0; j < s.n_k; ++j) weights_i[j] /= sum;
      for (int c = 0; c < s.d_v; ++c)
        for (int j = 0; j < s.n_k; ++j)
          r.output[i * s.n_heads * s.d_v + h * s.d_v + c] += weights_i[j] * v[j * s.n_heads * s.d_v + h * s.d_v + c];
    }
  return r;
}

}  // namespace

TEST_CASE("attention matches the triple-loop reference for every shape, head count and mask", "[attention]") {
  const int n_q = GENERATE(1, 3, 7);
  const int n_k = GENERATE(1, 4, 9);
  const int d_k = GENERATE(1, 5, 16);
  const int d_v = GENERATE(2, 7);
  const int n_heads = GENERATE(1, 3);
  const bool causal = GENERATE(false, true);
  asl::AttentionShape s;
  s.n_q = n_q;
  s.n_k = n_k;
  s.d_k = d_k;
  s.d_v = d_v;
  s.n_heads = n_heads;
  const auto q = normals(static_cast<std::size_t>(n_q) * n_heads * d_k, 21);
  const auto k = normals(static_cast<std::size_t>(n_k) * n_heads * d_k, 22);
  const auto v = normals(static_cast<std::size_t>(n_k) * n_heads * d_v, 23);
  const float scale = 1.0f / std::sqrt(static_cast<float>(d_k));
  const std::size_t plane = static_cast<std::size_t>(n_heads) * n_q * n_k;
  std::vector<float> scores(plane), scaled(plane), weights(plane), output(static_cast<std::size_t>(n_q) * n_heads * d_v);
  asl::attention_forward(q.data(), k.data(), v.data(), s, scale, causal, scores.data(), scaled.data(), weights.data(),
                         output.data());
  const Reference ref = reference_attention(q, k, v, s, scale, causal);
  INFO("n_q = " << n_q << ", n_k = " << n_k << ", d_k = " << d_k << ", d_v = " << d_v << ", heads = " << n_heads
                << ", causal = " << causal);
  for (std::size_t at = 0; at < plane; ++at) {
    REQUIRE(close(scores[at], ref.scores[at], 1e-5 * d_k, 1e-5));
    REQUIRE(scaled[at] == scale * scores[at]);
    REQUIRE(close(weights[at], ref.weights[at], 1e-6, 1e-4));
  }
  for (std::size_t at = 0; at < output.size(); ++at) REQUIRE(close(output[at], ref.output[at], 1e-5, 1e-4));
}

TEST_CASE("causal attention leaves the scores unmasked and zeroes exactly the future keys", "[attention]") {
  asl::AttentionShape s;
  s.n_q = 5;
  s.n_k = 3;  // more queries than keys: rows 3 and 4 see every key, as with PyTorch's is_causal
  s.d_k = 4;
  s.d_v = 2;
  const auto q = normals(20, 31), k = normals(12, 32), v = normals(6, 33);
  std::vector<float> scores(15), scaled(15), weights(15), output(10);
  asl::attention_forward(q.data(), k.data(), v.data(), s, 0.5f, true, scores.data(), scaled.data(), weights.data(),
                         output.data());
  for (int i = 0; i < 5; ++i) {
    double sum = 0;
    for (int j = 0; j < 3; ++j) {
      INFO("i = " << i << ", j = " << j);
      if (j > i) REQUIRE(weights[i * 3 + j] == 0.0f);
      else REQUIRE(weights[i * 3 + j] > 0.0f);
      REQUIRE(std::isfinite(scores[i * 3 + j]));
      sum += weights[i * 3 + j];
    }
    REQUIRE(close(sum, 1.0, 1e-6, 0));
  }
  REQUIRE(weights[0] == 1.0f);  // the first query sees only the first key
  REQUIRE(output[0] == v[0]);
  REQUIRE(output[1] == v[1]);
}

TEST_CASE("attention of several heads equals each head run alone, side by side", "[attention]") {
  const int n = 6, d_k = 3, d_v = 5, heads = 4;
  const auto q = normals(n * heads * d_k, 41), k = normals(n * heads * d_k, 42), v = normals(n * heads * d_v, 43);
  asl::AttentionShape all;
  all.n_q = all.n_k = n;
  all.d_k = d_k;
  all.d_v = d_v;
  all.n_heads = heads;
  std::vector<float> scores(heads * n * n), scaled(scores.size()), weights(scores.size()), output(n * heads * d_v);
  asl::attention_forward(q.data(), k.data(), v.data(), all, 0.3f, false, scores.data(), scaled.data(),
                         weights.data(), output.data());
  asl::AttentionShape one = all;
  one.n_heads = 1;
  for (int h = 0; h < heads; ++h) {
    std::vector<float> qh(n * d_k), kh(n * d_k), vh(n * d_v);
    for (int i = 0; i < n; ++i) {
      std::copy_n(&q[i * heads * d_k + h * d_k], d_k, &qh[i * d_k]);
      std::copy_n(&k[i * heads * d_k + h * d_k], d_k, &kh[i * d_k]);
      std::copy_n(&v[i * heads * d_v + h * d_v], d_v, &vh[i * d_v]);
    }
    std::vector<float> s1(n * n), sc1(n * n), w1(n * n), o1(n * d_v);
    asl::attention_forward(qh.data(), kh.data(), vh.data(), one, 0.3f, false, s1.data(), sc1.data(), w1.data(),
                           o1.data());
    for (int at = 0; at < n * n; ++at) REQUIRE(w1[at] == weights[h * n * n + at]);
    for (int i = 0; i < n; ++i)
      for (int c = 0; c < d_v; ++c) REQUIRE(o1[i * d_v + c] == output[i * heads * d_v + h * d_v + c]);
  }
}

TEST_CASE("attention_forward_select writes only what is asked, equal bit for bit to attention_forward (the output alone up to rounding)", "[attention]") {
  const int n_q = GENERATE(1, 7, 9, 17), causal = GENERATE(0, 1);
  asl::AttentionShape s;
  s.n_q = n_q, s.n_k = 11, s.d_k = 5, s.d_v = 3, s.n_heads = 2;
  const auto q = normals(n_q * 2 * 5, 1), k = normals(11 * 2 * 5, 2), v = normals(11 * 2 * 3, 3);
  const std::size_t plane = 2u * n_q * 11, out = static_cast<std::size_t>(n_q) * 2 * 3;
  std::vector<float> scores(plane), scaled(plane), weights(plane), output(out);
  asl::attention_forward(q.data(), k.data(), v.data(), s, 0.4f, causal, scores.data(), scaled.data(), weights.data(),
                         output.data());
  std::vector<float> workspace(static_cast<std::size_t>(asl::attention_workspace_floats(s)));
  for (int mask = 0; mask < 16; ++mask) {
    std::vector<float> got[4] = {std::vector<float>(plane, -7.0f), std::vector<float>(plane, -7.0f),
                                 std::vector<float>(plane, -7.0f), std::vector<float>(out, -7.0f)};
    float* ptr[4];
    for (int b = 0; b < 4; ++b) ptr[b] = mask & (1 << b) ? got[b].data() : nullptr;
    float bad = 0.0f;
    INFO("n_q = " << n_q << ", causal = " << causal << ", outputs mask = " << mask);
    REQUIRE(asl::attention_forward_select(q.data(), k.data(), v.data(), s, 0.4f, causal, ptr[0], ptr[1], ptr[2], ptr[3],
                                          workspace.data(), &bad) == -1);
    const std::vector<float>* want[4] = {&scores, &scaled, &weights, &output};
    for (int b = 0; b < 4; ++b)
      if (mask & (1 << b) && mask != 8) REQUIRE(got[b] == *want[b]);
    // The output alone is the fused pass, equal up to rounding (tests/cpp/test_fused.cpp).
    if (mask == 8)
      for (std::size_t i = 0; i < out; ++i) REQUIRE(close(got[3][i], output[i], 1e-6, 1e-5));
  }
}

TEST_CASE("attention_forward_select stops at the first scaled score beyond float32 and names it", "[attention]") {
  asl::AttentionShape s;
  s.n_q = 2, s.n_k = 3, s.d_k = 1, s.d_v = 1;
  const std::vector<float> q = {1.0f, 1e20f}, k = {1.0f, 1e20f, -1e20f}, v = {1.0f, 2.0f, 3.0f};
  std::vector<float> output(2), workspace(static_cast<std::size_t>(asl::attention_workspace_floats(s)));
  float bad = 0.0f;
  // row 0: 1, 1e20, −1e20 are finite; row 1: 1e20, 1e40 → inf at index 3 + 1 = 4
  REQUIRE(asl::attention_forward_select(q.data(), k.data(), v.data(), s, 1.0f, false, nullptr, nullptr, nullptr,
                                        output.data(), workspace.data(), &bad) == 4);
  REQUIRE(std::isinf(bad));
}
