// Each SIMD kernel against its scalar twin on odd sizes and unaligned offsets, and the softmax identities.
// Tolerances come from the summation error bound n·eps·Σ|terms| (the twins add in different orders).
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

#include "helpers.h"
#include "kernels/kernels.h"

using asl_test::close;
using asl_test::kEps;
using asl_test::normals;

namespace {

// The kernels are tested through pointers offset by 0…3 floats from a vector's start, so loads are unaligned.
struct Offsets {
  static std::vector<int> all() { return {0, 1, 2, 3}; }
};

double abs_dot(const float* a, const float* b, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i) s += std::fabs(double(a[i]) * b[i]);
  return s;
}

}  // namespace

TEST_CASE("the SIMD dot product matches the scalar twin on odd sizes and unaligned offsets", "[kernels]") {
  const int n = GENERATE(1, 3, 5, 17, 64, 1000);
  const int offset = GENERATE(0, 1, 3);
  const auto a = normals(n + 4, 1), b = normals(n + 4, 2);
  const float got = asl::simd::dot(a.data() + offset, b.data() + offset, n);
  const float want = asl::scalar::dot(a.data() + offset, b.data() + offset, n);
  INFO("n = " << n << ", offset = " << offset << ", simd = " << got << ", scalar = " << want);
  REQUIRE(close(got, want, 2 * n * kEps * abs_dot(a.data() + offset, b.data() + offset, n), 0));
}

TEST_CASE("the dot product of the worked examples is exact", "[kernels]") {
  const float a2[] = {1, 2}, b2[] = {3, 4};
  const float a6[] = {1, 2, 3, 4, 5, 6}, b6[] = {3, 4, 5, 6, 7, 8};
  REQUIRE(asl::simd::dot(a2, b2, 2) == 11.0f);
  REQUIRE(asl::simd::dot(a6, b6, 4) == 50.0f);
  REQUIRE(asl::simd::dot(a6, b6, 6) == 133.0f);
  REQUIRE(asl::scalar::dot(a6, b6, 6) == 133.0f);
}

TEST_CASE("the SIMD Q·Kᵀ matches the scalar twin, with row strides and odd shapes", "[kernels]") {
  const int n_q = GENERATE(1, 3, 5, 17);
  const int n_k = GENERATE(1, 5, 17, 64);
  const int d_k = GENERATE(1, 3, 5, 17, 64);
  const int offset = GENERATE(0, 1);
  const int ld = d_k + 3;  // rows padded: head slices of a wider matrix look like this
  const auto q = normals(static_cast<std::size_t>(n_q) * ld + 4, 3);
  const auto k = normals(static_cast<std::size_t>(n_k) * ld + 4, 4);
  std::vector<float> got(static_cast<std::size_t>(n_q) * n_k), want(got.size());
  asl::simd::matmul_qkt(q.data() + offset, k.data() + offset, got.data(), n_q, n_k, d_k, ld, ld, n_k);
  asl::scalar::matmul_qkt(q.data() + offset, k.data() + offset, want.data(), n_q, n_k, d_k, ld, ld, n_k);
  for (int i = 0; i < n_q; ++i)
    for (int j = 0; j < n_k; ++j) {
      const double bound = 2 * d_k * kEps * abs_dot(q.data() + offset + i * ld, k.data() + offset + j * ld, d_k);
      INFO("n_q = " << n_q << ", n_k = " << n_k << ", d_k = " << d_k << ", i = " << i << ", j = " << j);
      REQUIRE(close(got[i * n_k + j], want[i * n_k + j], bound + 1e-30, 0));
    }
}

TEST_CASE("the SIMD weights·V matches the scalar twin, with row strides and odd shapes", "[kernels]") {
  const int n_q = GENERATE(1, 3, 5, 17);
  const int n_k = GENERATE(1, 5, 64);
  const int d_v = GENERATE(1, 3, 5, 8, 17, 64);
  const int ld_v = d_v + 1, ld_o = d_v + 2;
  const auto w = normals(static_cast<std::size_t>(n_q) * n_k + 3, 5);
  const auto v = normals(static_cast<std::size_t>(n_k) * ld_v + 3, 6);
  std::vector<float> got(static_cast<std::size_t>(n_q) * ld_o, -7.0f), want(got.size(), -7.0f);
  asl::simd::matmul_wv(w.data() + 1, v.data() + 3, got.data(), n_q, n_k, d_v, n_k, ld_v, ld_o);
  asl::scalar::matmul_wv(w.data() + 1, v.data() + 3, want.data(), n_q, n_k, d_v, n_k, ld_v, ld_o);
  for (int i = 0; i < n_q; ++i)
    for (int c = 0; c < ld_o; ++c) {
      INFO("n_q = " << n_q << ", n_k = " << n_k << ", d_v = " << d_v << ", i = " << i << ", c = " << c);
      if (c >= d_v) {  // padding between output rows is never written
        REQUIRE(got[i * ld_o + c] == -7.0f);
        continue;
      }
      double bound = 0;
      for (int j = 0; j < n_k; ++j) bound += std::fabs(double(w[1 + i * n_k + j]) * v[3 + j * ld_v + c]);
      REQUIRE(close(got[i * ld_o + c], want[i * ld_o + c], 2 * n_k * kEps * bound + 1e-30, 0));
    }
}

TEST_CASE("the SIMD scale matches the scalar twin exactly", "[kernels]") {
  const int n = GENERATE(1, 3, 5, 17, 64, 1000);
  const int offset = GENERATE(0, 2);
  const auto x = normals(n + 4, 7);
  std::vector<float> got(n), want(n);
  asl::simd::scale(x.data() + offset, 0.125f, got.data(), n);
  asl::scalar::scale(x.data() + offset, 0.125f, want.data(), n);
  REQUIRE(got == want);
}

TEST_CASE("the SIMD search for a non-finite entry finds the same first index as the scalar twin", "[kernels]") {
  const int n = GENERATE(1, 3, 5, 17, 1000);
  const int offset = GENERATE(0, 1, 3);
  const float specials[] = {std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
                            std::numeric_limits<float>::quiet_NaN()};
  auto x = normals(n + 4, 5);
  REQUIRE(asl::simd::first_nonfinite(x.data() + offset, n) == -1);
  REQUIRE(asl::scalar::first_nonfinite(x.data() + offset, n) == -1);
  for (int at : {0, n / 2, n - 1}) {
    for (float special : specials) {
      auto y = x;
      y[offset + at] = special;
      if (at + 1 < n) y[offset + n - 1] = special;  // a later one must not win
      INFO("n = " << n << ", offset = " << offset << ", at = " << at << ", value = " << special);
      REQUIRE(asl::simd::first_nonfinite(y.data() + offset, n) == at);
      REQUIRE(asl::scalar::first_nonfinite(y.data() + offset, n) == at);
    }
  }
  x[offset + n] = std::numeric_limits<float>::infinity();  // just past the end: not seen
  REQUIRE(asl::simd::first_nonfinite(x.data() + offset, n) == -1);
}

TEST_CASE("the SIMD softmax matches the scalar twin on odd sizes, offsets and temperatures", "[kernels][softmax]") {
  const int cols = GENERATE(1, 3, 5, 17, 64, 1000);
  const int offset = GENERATE(0, 1, 3);
  const float beta = GENERATE(0.0f, 0.01f, 1.0f, 8.0f);
  const int rows = 3, ld = cols + 5;
  const auto x = normals(static_cast<std::size_t>(rows) * ld + 4, 8, 3.0);
  std::vector<float> got(x.size(), 0.0f), want(x.size(), 0.0f);
  asl::simd::softmax_rows(x.data() + offset, beta, got.data() + offset, rows, cols, ld);
  asl::scalar::softmax_rows(x.data() + offset, beta, want.data() + offset, rows, cols, ld);
  for (int r = 0; r < rows; ++r)
    for (int j = 0; j < cols; ++j) {
      const std::size_t at = offset + static_cast<std::size_t>(r) * ld + j;
      INFO("cols = " << cols << ", beta = " << beta << ", r = " << r << ", j = " << j);
      REQUIRE(close(got[at], want[at], 1e-9, 4e-6));
    }
}

TEST_CASE("the SIMD naive softmax matches the scalar twin where it does not overflow", "[kernels][softmax]") {
  const int cols = GENERATE(1, 3, 5, 17, 64, 1000);
  const auto x = normals(cols + 1, 9, 2.0);
  std::vector<float> got(cols), want(cols);
  asl::simd::softmax_rows_naive(x.data() + 1, 1.0f, got.data(), 1, cols, cols);
  asl::scalar::softmax_rows_naive(x.data() + 1, 1.0f, want.data(), 1, cols, cols);
  for (int j = 0; j < cols; ++j) REQUIRE(close(got[j], want[j], 1e-9, 4e-6));
}

// The identities below run on both twins.
TEMPLATE_TEST_CASE_SIG("softmax rows sum to 1 and are shift invariant", "[softmax]", ((int Simd), Simd), 0, 1) {
  const auto softmax = Simd ? asl::simd::softmax_rows : asl::scalar::softmax_rows;
  const int cols = GENERATE(1, 5, 17, 1000);
  const auto x = normals(cols, 10, 4.0);
  std::vector<float> y(cols), y_shifted(cols), x_shifted(x);
  for (float& v : x_shifted) v += 1000.0f;  // a large constant: the stable form does not care
  softmax(x.data(), 1.0f, y.data(), 1, cols, cols);
  softmax(x_shifted.data(), 1.0f, y_shifted.data(), 1, cols, cols);
  const double sum = std::accumulate(y.begin(), y.end(), 0.0);
  REQUIRE(close(sum, 1.0, cols * 2 * kEps, 0));
  for (int j = 0; j < cols; ++j) {
    INFO("j = " << j << ", x = " << x[j]);
    REQUIRE(y[j] >= 0.0f);
    // Adding 1000 rounds each x to a float32 grid of spacing 6.1e-5, so exp(x) moves by up to that relatively.
    REQUIRE(close(y_shifted[j], y[j], 1e-9, 2e-4));
  }
}

TEMPLATE_TEST_CASE_SIG("softmax of equal scores is uniform, and beta 0 is uniform", "[softmax]", ((int Simd), Simd), 0,
                       1) {
  const auto softmax = Simd ? asl::simd::softmax_rows : asl::scalar::softmax_rows;
  const int cols = GENERATE(1, 3, 16, 1000);
  std::vector<float> equal(cols, 3.25f), y(cols);
  softmax(equal.data(), 5.0f, y.data(), 1, cols, cols);
  for (float p : y) REQUIRE(close(p, 1.0 / cols, 0, 4 * kEps));
  const auto x = normals(cols, 11, 1e30);  // even huge scores: β = 0 means "ignore the scores"
  softmax(x.data(), 0.0f, y.data(), 1, cols, cols);
  for (float p : y) REQUIRE(close(p, 1.0 / cols, 0, 4 * kEps));
  const auto small = normals(cols, 12, 1.0);
  softmax(small.data(), 1e-6f, y.data(), 1, cols, cols);  // β → 0 approaches uniform
  for (float p : y) REQUIRE(close(p, 1.0 / cols, 0, 1e-5));
}

TEMPLATE_TEST_CASE_SIG("softmax with a large beta is one-hot without NaN, even at scores of ±1e30", "[softmax]",
                       ((int Simd), Simd), 0, 1) {
  const auto softmax = Simd ? asl::simd::softmax_rows : asl::scalar::softmax_rows;
  std::vector<float> x = {1e30f, -1e30f, 0.0f, 5.0f, -1e30f, 1e29f, 3.0f, -2.0f, 1.0f};
  std::vector<float> y(x.size());
  for (float beta : {1.0f, 1e3f, 1e30f}) {
    softmax(x.data(), beta, y.data(), 1, static_cast<int>(x.size()), static_cast<int>(x.size()));
    INFO("beta = " << beta);
    REQUIRE(y[0] == 1.0f);
    for (std::size_t j = 1; j < y.size(); ++j) REQUIRE(y[j] == 0.0f);
  }
  std::vector<float> tie = {2.0f, 9.0f, 9.0f, 1.0f, 0.0f};
  softmax(tie.data(), 1e6f, y.data(), 1, 5, 5);
  REQUIRE(y[1] == 0.5f);
  REQUIRE(y[2] == 0.5f);
}

TEMPLATE_TEST_CASE_SIG("the naive softmax overflows once beta·score passes about 88.72 and the stable one does not",
                       "[softmax]", ((int Simd), Simd), 0, 1) {
  const auto naive = Simd ? asl::simd::softmax_rows_naive : asl::scalar::softmax_rows_naive;
  const auto stable = Simd ? asl::simd::softmax_rows : asl::scalar::softmax_rows;
  // 5 entries so the SIMD twin's vector path (4 lanes) and its scalar tail both see the large score.
  for (int big_at : {0, 4}) {
    std::vector<float> x(5, 0.0f), y(5);
    x[big_at] = 88.0f;  // exp(88) = 1.65e38 < FLT_MAX: still finite
    naive(x.data(), 1.0f, y.data(), 1, 5, 5);
    REQUIRE(std::isfinite(y[big_at]));
    REQUIRE(close(y[big_at], 1.0, 0, 1e-6));
    x[big_at] = 89.0f;  // exp(89) > FLT_MAX = 3.4e38: inf / inf
    naive(x.data(), 1.0f, y.data(), 1, 5, 5);
    REQUIRE(std::isnan(y[big_at]));
    x[big_at] = 10.0f;  // the same overflow through β: β·score = 90
    naive(x.data(), 9.0f, y.data(), 1, 5, 5);
    REQUIRE(std::isnan(y[big_at]));
    stable(x.data(), 9.0f, y.data(), 1, 5, 5);
    REQUIRE(close(y[big_at], 1.0, 0, 1e-6));
    for (float p : y) REQUIRE(std::isfinite(p));
  }
}

TEST_CASE("softmax of the source texts' worked examples", "[softmax]") {
  // [14, 10] against [7, 5] (the scores divided by sqrt(4)); [4, 5] against [1, 10]. For two scores the first
  // weight is 1 / (1 + e^(x1 − x0)): the expected values are that closed form, evaluated in double precision.
  const float a[] = {14, 10}, b[] = {7, 5}, c[] = {4, 5}, d[] = {1, 10};
  float y[2];
  asl::kern::softmax_rows(a, 1.0f, y, 1, 2, 2);
  REQUIRE(close(y[0], 0.98201379, 1e-6, 0));
  asl::kern::softmax_rows(b, 1.0f, y, 1, 2, 2);
  REQUIRE(close(y[0], 0.88079708, 1e-6, 0));
  asl::kern::softmax_rows(c, 1.0f, y, 1, 2, 2);
  REQUIRE(close(y[0], 0.26894142, 1e-6, 0));
  asl::kern::softmax_rows(d, 1.0f, y, 1, 2, 2);
  REQUIRE(close(y[0], 1.2339458e-4, 1e-9, 0));
}

TEST_CASE("the SIMD Gram rank-1 update matches its scalar twin bit for bit, on odd sizes, strides and offsets",
          "[kernels][statistics]") {
  // Both twins add the exact float64 product x_i·x_j to each entry in the same order, so the Gram entries must be
  // identical; the moment sums, over all pairs and per row, are added in different orders and get the usual
  // summation bound, and each row's sums are checked against the row read straight from the matrix.
  const int n = GENERATE(1, 2, 3, 5, 6, 17, 100);
  const int offset = GENERATE(0, 1, 3);
  const int ld = n + 3, steps = 40;
  const auto x = normals(static_cast<std::size_t>(steps) * n + 4, 13, 2.0);
  const double sentinel = -12345.0;
  std::vector<double> got(static_cast<std::size_t>(n) * ld, sentinel), want(got.size(), sentinel);
  for (int i = 0; i < n; ++i)
    for (int j = i; j < n; ++j) got[i * ld + j] = want[i * ld + j] = 0.0;
  for (int step = 0; step < steps; ++step) {
    const float* x_step = x.data() + offset + static_cast<std::size_t>(step) * n;
    const double shift = 0.25 * step;
    double m_got[2], m_want[2];
    std::vector<double> rows_got(2 * static_cast<std::size_t>(n), sentinel), rows_want(rows_got.size(), sentinel);
    asl::simd::gram_rank1_upper(x_step, shift, got.data(), m_got, rows_got.data(), n, ld);
    asl::scalar::gram_rank1_upper(x_step, shift, want.data(), m_want, rows_want.data(), n, ld);
    INFO("n = " << n << ", offset = " << offset << ", step = " << step);
    REQUIRE(got == want);  // also: the lower triangle and the padding still hold the sentinel
    const double eps64 = 1.1102230246251565e-16, pairs = n * (n - 1) / 2.0;
    auto entry = [&](int i, int j) { return (i < j ? want[i * ld + j] : want[j * ld + i]) - shift; };
    double abs_sum = 0.0, abs_sq = 0.0;
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j) {
        abs_sum += std::fabs(entry(i, j));
        abs_sq += entry(i, j) * entry(i, j);
      }
    REQUIRE(close(m_got[0], m_want[0], 2 * pairs * eps64 * abs_sum + 1e-300, 0));
    REQUIRE(close(m_got[1], m_want[1], 2 * pairs * eps64 * abs_sq + 1e-300, 0));
    for (int i = 0; i < n; ++i) {
      double row = 0.0, row_sq = 0.0, row_abs = 0.0;
      for (int j = 0; j < n; ++j)
        if (j != i) row += entry(i, j), row_sq += entry(i, j) * entry(i, j), row_abs += std::fabs(entry(i, j));
      INFO("row " << i << ": sums " << rows_got[i] << " / " << rows_got[n + i] << ", direct " << row << " / " << row_sq);
      for (const auto* rows : {&rows_got, &rows_want}) {
        REQUIRE(close((*rows)[i], row, 2 * n * eps64 * row_abs + 1e-300, 0));
        REQUIRE(close((*rows)[n + i], row_sq, 2 * n * eps64 * row_sq + 1e-300, 0));
      }
    }
  }
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < ld; ++j)
      if (j < i || j >= n) REQUIRE(got[i * ld + j] == sentinel);
}
