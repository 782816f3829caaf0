// The fused output-only attention (kernels.h, attention_fused): SIMD twin against scalar twin, the fused pass
// against the unfused passes of attention_forward and against a float64 reference, on random shapes (n_k not a
// multiple of the 64-key tile, n_q not a multiple of 4, strides, causal on and off, several heads), and the first
// non-finite scaled score still reported by index and value.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "engine/attention.h"
#include "engine/random.h"
#include "helpers.h"
#include "kernels/kernels.h"

using asl_test::normals;

namespace {

// softmax(scale·q·kᵀ, masked)·v for one head in float64: the definition.
std::vector<double> reference(const float* q, const float* k, const float* v, int n_q, int n_k, int d_k, int d_v,
                              int ld_q, int ld_k, int ld_v, double scale, int causal_from) {
  std::vector<double> out(static_cast<std::size_t>(n_q) * d_v, 0.0), s(n_k);
  for (int i = 0; i < n_q; ++i) {
    double m = -INFINITY, sum = 0;
    const int last = causal_from >= 0 ? std::min(causal_from + i, n_k - 1) : n_k - 1;
    for (int j = 0; j <= last; ++j) {
      double d = 0;
      for (int c = 0; c < d_k; ++c) d += double(q[i * ld_q + c]) * k[j * ld_k + c];
      s[j] = scale * d;
      m = std::max(m, s[j]);
    }
    for (int j = 0; j <= last; ++j) sum += s[j] = std::exp(s[j] - m);
    for (int j = 0; j <= last; ++j)
      for (int c = 0; c < d_v; ++c) out[i * d_v + c] += s[j] / sum * v[j * ld_v + c];
  }
  return out;
}

// |got − want| within 1e-5 + 1e-4·|want| plus the rounding of a sum of n_k terms: a softmax-weighted mean of v.
bool near(double got, double want, int n_k) { return std::fabs(got - want) <= 1e-5 + 1e-4 * std::fabs(want) + 4e-7 * std::sqrt(n_k); }

}  // namespace

TEST_CASE("the SIMD fused attention matches its scalar twin and the float64 definition, with strides and tails",
          "[kernels][fused]") {
  asl::Rng rng(41);
  for (int trial = 0; trial < 60; ++trial) {
    const int n_q = 1 + static_cast<int>(rng.uniform() * 70), n_k = 1 + static_cast<int>(rng.uniform() * 200);
    const int d_k = 1 + static_cast<int>(rng.uniform() * 40), d_v = 1 + static_cast<int>(rng.uniform() * 40);
    const int causal_from = trial % 3 == 0 ? -1 : static_cast<int>(rng.uniform() * 3);  // −1, or a shifted diagonal
    const int ld_q = d_k + trial % 3, ld_k = d_k + (trial / 3) % 2, ld_v = d_v + trial % 2, ld_o = d_v + 1;
    const float scale = static_cast<float>(0.1 + rng.uniform());
    const auto q = normals(static_cast<std::size_t>(n_q) * ld_q + 1, 100 + trial, 2.0);
    const auto k = normals(static_cast<std::size_t>(n_k) * ld_k + 1, 200 + trial, 2.0);
    const auto v = normals(static_cast<std::size_t>(n_k) * ld_v + 1, 300 + trial);
    const int off = trial % 2;  // unaligned rows
    std::vector<float> got(static_cast<std::size_t>(n_q) * ld_o, -7.0f), twin(got);
    float bad = 0;
    REQUIRE(asl::simd::attention_fused(q.data() + off, k.data() + off, v.data() + off, got.data(), &bad, scale, n_q, n_k,
                                       d_k, d_v, ld_q, ld_k, ld_v, ld_o, causal_from) == -1);
    REQUIRE(asl::scalar::attention_fused(q.data() + off, k.data() + off, v.data() + off, twin.data(), &bad, scale, n_q,
                                         n_k, d_k, d_v, ld_q, ld_k, ld_v, ld_o, causal_from) == -1);
    const auto want = reference(q.data() + off, k.data() + off, v.data() + off, n_q, n_k, d_k, d_v, ld_q, ld_k, ld_v,
                                scale, causal_from);
    for (int i = 0; i < n_q; ++i) {
      for (int c = 0; c < d_v; ++c) {
        INFO("trial " << trial << ": n_q " << n_q << ", n_k " << n_k << ", d_k " << d_k << ", d_v " << d_v
                      << ", causal_from " << causal_from << ", row " << i << ", column " << c);
        REQUIRE(near(got[i * ld_o + c], want[i * d_v + c], n_k));
        REQUIRE(near(twin[i * ld_o + c], want[i * d_v + c], n_k));
        REQUIRE(near(got[i * ld_o + c], twin[i * ld_o + c], n_k));
      }
      REQUIRE(got[i * ld_o + d_v] == -7.0f);  // nothing written between rows
    }
  }
}

TEST_CASE("attention_forward_select's fused output equals the unfused passes' output, causal or not, several heads",
          "[attention][fused]") {
  asl::Rng rng(7);
  for (int trial = 0; trial < 40; ++trial) {
    asl::AttentionShape s;
    s.n_q = 1 + static_cast<int>(rng.uniform() * 40), s.n_k = 1 + static_cast<int>(rng.uniform() * 150);
    s.d_k = 1 + static_cast<int>(rng.uniform() * 20), s.d_v = 1 + static_cast<int>(rng.uniform() * 20);
    s.n_heads = 1 + trial % 3;
    const bool causal = trial % 2 == 1;
    const auto q = normals(static_cast<std::size_t>(s.n_q) * s.n_heads * s.d_k, 10 + trial, 1.5);
    const auto k = normals(static_cast<std::size_t>(s.n_k) * s.n_heads * s.d_k, 20 + trial, 1.5);
    const auto v = normals(static_cast<std::size_t>(s.n_k) * s.n_heads * s.d_v, 30 + trial);
    const std::size_t plane = static_cast<std::size_t>(s.n_heads) * s.n_q * s.n_k;
    const std::size_t out = static_cast<std::size_t>(s.n_q) * s.n_heads * s.d_v;
    std::vector<float> scores(plane), scaled(plane), weights(plane), unfused(out), fused(out, -7.0f), with_weights(out);
    std::vector<float> workspace(static_cast<std::size_t>(asl::attention_workspace_floats(s)));
    const float scale = 1.0f / std::sqrt(static_cast<float>(s.d_k));
    asl::attention_forward(q.data(), k.data(), v.data(), s, scale, causal, scores.data(), scaled.data(), weights.data(),
                           unfused.data());
    float bad = 0;
    REQUIRE(asl::attention_forward_select(q.data(), k.data(), v.data(), s, scale, causal, nullptr, nullptr, nullptr,
                                          fused.data(), workspace.data(), &bad) == -1);
    // With the weights asked for too, the unfused passes run: bit for bit attention_forward's output.
    REQUIRE(asl::attention_forward_select(q.data(), k.data(), v.data(), s, scale, causal, nullptr, nullptr,
                                          weights.data(), with_weights.data(), workspace.data(), &bad) == -1);
    REQUIRE(with_weights == unfused);
    for (std::size_t i = 0; i < out; ++i) {
      INFO("trial " << trial << ": n_q " << s.n_q << ", n_k " << s.n_k << ", heads " << s.n_heads << ", causal "
                    << causal << ", entry " << i);
      REQUIRE(near(fused[i], unfused[i], s.n_k));
    }
  }
}

TEST_CASE("the fused pass reports the first non-finite scaled score in (head, row, key) order, as the unfused one",
          "[attention][fused]") {
  asl::AttentionShape s;
  s.n_q = 11, s.n_k = 150, s.d_k = 3, s.d_v = 2, s.n_heads = 2;
  auto q = normals(11 * 2 * 3, 1), k = normals(150 * 2 * 3, 2);
  const auto v = normals(150 * 2 * 2, 3);
  const float huge = 1e30f;
  // Head 1: row 6 overflows at key 140 (a later tile), row 5 at key 149, row 9 at key 2 (an earlier tile, later row).
  k[140 * 6 + 3] = huge, q[6 * 6 + 3] = huge;
  k[149 * 6 + 4] = -huge, q[5 * 6 + 4] = huge;
  k[2 * 6 + 5] = huge, q[9 * 6 + 5] = huge;
  std::vector<float> output(11 * 2 * 2), workspace(static_cast<std::size_t>(asl::attention_workspace_floats(s)));
  for (const bool causal : {false, true}) {
    float fused_bad = 0, unfused_bad = 0;
    std::vector<float> weights(2 * 11 * 150);
    const long want = asl::attention_forward_select(q.data(), k.data(), v.data(), s, 1.0f, causal, nullptr, nullptr,
                                                    weights.data(), output.data(), workspace.data(), &unfused_bad);
    const long got = asl::attention_forward_select(q.data(), k.data(), v.data(), s, 1.0f, causal, nullptr, nullptr,
                                                   nullptr, output.data(), workspace.data(), &fused_bad);
    INFO("causal " << causal);
    // Row 5 · key 149 is q·k with 1e30·(−1e30) in it: −inf, masked or not; it comes first in row-major order.
    REQUIRE(want == 1L * 11 * 150 + 5 * 150 + 149);
    REQUIRE(got == want);
    REQUIRE(fused_bad == unfused_bad);
    REQUIRE(std::isinf(fused_bad));
    REQUIRE(fused_bad < 0);
  }
  // A row of the second group of four overflowing in the first tile, a row of the first group only in the third:
  // the first group's comes first in row-major order, as the scalar twin (row by row) finds it.
  {
    auto q2 = normals(8 * 2, 5), k2 = normals(150 * 2, 6);
    const auto v2 = normals(150, 7);
    q2[2 * 2 + 1] = huge, k2[130 * 2 + 1] = huge;  // row 2, key 130
    q2[6 * 2 + 0] = huge, k2[1 * 2 + 0] = huge;    // row 6, key 1
    std::vector<float> o2(8);
    float simd_bad = 0, scalar_bad = 0;
    REQUIRE(asl::simd::attention_fused(q2.data(), k2.data(), v2.data(), o2.data(), &simd_bad, 1.0f, 8, 150, 2, 1, 2, 2,
                                       1, 1, -1) == 2 * 150 + 130);
    REQUIRE(asl::scalar::attention_fused(q2.data(), k2.data(), v2.data(), o2.data(), &scalar_bad, 1.0f, 8, 150, 2, 1, 2,
                                         2, 1, 1, -1) == 2 * 150 + 130);
    REQUIRE(simd_bad == scalar_bad);
  }
  // The scalar twin finds the same one, row by row.
  float bad = 0;
  std::vector<float> out(11 * 2);
  REQUIRE(asl::scalar::attention_fused(q.data() + 3, k.data() + 3, v.data() + 2, out.data(), &bad, 1.0f, 11, 150, 3, 2, 6,
                                       6, 4, 2, -1) == 5 * 150 + 149);
  REQUIRE(asl::simd::attention_fused(q.data() + 3, k.data() + 3, v.data() + 2, out.data(), &bad, 1.0f, 11, 150, 3, 2, 6,
                                     6, 4, 2, -1) == 5 * 150 + 149);
}

TEST_CASE("a v near the float32 limit, whose weighted mean is finite, gives the unfused passes' output, not an overflow",
          "[attention][fused]") {
  // Equal scores: the fused pass's running sum of exp(0)·v is n_k·3e38 before it divides by n_k; weights·v is 3e38.
  asl::AttentionShape s;
  s.n_q = 5, s.n_k = 70, s.d_k = 3, s.d_v = 6, s.n_heads = 2;
  const std::vector<float> q(5 * 2 * 3, 0.0f), k(70 * 2 * 3, 0.5f);
  std::vector<float> v(70 * 2 * 6, 3e38f);
  v[1] = -3e38f;  // one column's mean is no longer the limit itself
  std::vector<float> fused(5 * 2 * 6), unfused(5 * 2 * 6), weights(2 * 5 * 70);
  std::vector<float> workspace(static_cast<std::size_t>(asl::attention_workspace_floats(s)));
  for (const bool causal : {false, true}) {
    INFO("causal " << causal);
    float bad = 0;
    long bad_out = 7, bad_out_fused = 7;
    REQUIRE(asl::attention_forward_select(q.data(), k.data(), v.data(), s, 1.0f, causal, nullptr, nullptr,
                                          weights.data(), unfused.data(), workspace.data(), &bad, &bad_out) == -1);
    REQUIRE(asl::attention_forward_select(q.data(), k.data(), v.data(), s, 1.0f, causal, nullptr, nullptr, nullptr,
                                          fused.data(), workspace.data(), &bad, &bad_out_fused) == -1);
    REQUIRE(std::all_of(fused.begin(), fused.end(), [](float x) { return std::isfinite(x); }));
    REQUIRE(fused == unfused);
    REQUIRE(bad_out == -1);
    REQUIRE(bad_out_fused == -1);
  }
}

TEST_CASE("attention_forward_select names the first output entry beyond float32, fused or not", "[attention][fused]") {
  // Ten equal scores give weights of 0.1 rounded up: ten times the float32 limit rounds to ∞. Column 0 of each head
  // holds 1, so the first entry beyond float32 is entry 1 (row 0, head 0, column 1), on both paths.
  asl::AttentionShape s;
  s.n_q = 3, s.n_k = 10, s.d_k = 2, s.d_v = 2, s.n_heads = 2;
  const std::vector<float> q(3 * 2 * 2, 0.0f), k(10 * 2 * 2, 0.0f);
  std::vector<float> v(10 * 2 * 2);
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = i % 2 ? std::numeric_limits<float>::max() : 1.0f;
  std::vector<float> out(3 * 2 * 2), weights(2 * 3 * 10);
  std::vector<float> workspace(static_cast<std::size_t>(asl::attention_workspace_floats(s)));
  for (const bool causal : {false, true}) {
    INFO("causal " << causal);
    float bad = 0;
    long fused = -1, unfused = -1;
    REQUIRE(asl::attention_forward_select(q.data(), k.data(), v.data(), s, 1.0f, causal, nullptr, nullptr, nullptr,
                                          out.data(), workspace.data(), &bad, &fused) == -1);
    REQUIRE(asl::attention_forward_select(q.data(), k.data(), v.data(), s, 1.0f, causal, nullptr, nullptr,
                                          weights.data(), out.data(), workspace.data(), &bad, &unfused) == -1);
    // Causal, row 0 sees one key (weight exactly 1): its output is the limit itself; row 2 sees three, still finite
    // or not depending on rounding, so only the non-causal index is fixed; causal must agree between the two paths.
    if (!causal) REQUIRE(fused == 1);
    REQUIRE(fused == unfused);
  }
}
