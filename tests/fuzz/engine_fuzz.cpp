// A fuzz target over the engine's C++ entry points: the SIMD kernels against their scalar twins, attention_forward,
// the float64 softmax analysis, Lesson 3's one-row panels, Lesson 4's dial, matrix and weight drift, and the spread
// statistics, each fed sizes and values decoded from the input bytes, within the preconditions the bindings enforce
// (sizes in range, finite values, β ≥ 0).
// Each call must return finite numbers where its contract promises them and agree with its twin; any failure aborts,
// so libFuzzer (build-scripts/fuzz-native) and the sanitizers of the replay (engine_fuzz_replay.cpp) both see it.
// It covers the C++ side only; what JavaScript passes in is checked before it gets here.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "engine/attention.h"
#include "engine/softmax_lab.h"
#include "engine/softmax_panels.h"
#include "engine/spread.h"
#include "engine/temperature.h"
#include "engine/weight_cap.h"
#include "engine/weight_drift.h"
#include "kernels/kernels.h"

namespace {

// Reads what the fuzzer gave, byte by byte; past the end it yields zeros, so every input decodes to some call.
class Input {
 public:
  Input(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  std::uint8_t byte() { return at_ < size_ ? data_[at_++] : 0; }
  // An integer in [lo, hi].
  int range(int lo, int hi) { return lo + static_cast<int>(word() % static_cast<std::uint32_t>(hi - lo + 1)); }
  // A finite float of magnitude at most `limit`: mostly ordinary values, sometimes ties, zeros and extremes.
  float value(float limit) {
    const std::uint32_t w = word();
    switch (w & 7u) {
      case 0: return 0.0f;
      case 1: return limit;
      case 2: return -limit;
      case 3: return static_cast<float>(w >> 16) * 1e-30f;  // tiny, subnormal-adjacent
      default: {
        const double unit = static_cast<double>(w >> 3) / static_cast<double>(1u << 29);  // [0, 1)
        return static_cast<float>((2.0 * unit - 1.0) * limit);
      }
    }
  }
  double number(double limit) { return static_cast<double>(value(static_cast<float>(limit))); }

 private:
  std::uint32_t word() {
    std::uint32_t w = 0;
    for (int i = 0; i < 4; ++i) w = (w << 8) | byte();
    return w;
  }
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t at_ = 0;
};

[[noreturn]] void fail(const char* what, double got, double want) {
  std::fprintf(stderr, "engine_fuzz: %s (got %.9g, want %.9g)\n", what, got, want);
  std::abort();
}

void expect(bool ok, const char* what, double got = 0, double want = 0) {
  if (!ok) fail(what, got, want);
}

// |got − want| ≤ abs + rel·|want|, and both finite.
void expect_close(double got, double want, double abs, double rel, const char* what) {
  expect(std::isfinite(got) && std::isfinite(want), what, got, want);
  expect(std::fabs(got - want) <= abs + rel * std::fabs(want), what, got, want);
}

constexpr double kEps = 5.9604644775390625e-8;  // float32 unit roundoff

std::vector<float> values(Input& in, int n, float limit) {
  std::vector<float> v(static_cast<std::size_t>(n));
  for (float& x : v) x = in.value(limit);
  return v;
}

// The four products kernels, SIMD against scalar, on the same unaligned buffers.
void kernels(Input& in) {
  const int n_q = in.range(1, 9), n_k = in.range(1, 33), d_k = in.range(1, 40), d_v = in.range(1, 9);
  const int pad = in.range(0, 3);  // row strides a little wider than the rows, and an unaligned start
  const float limit = in.byte() < 128 ? 8.0f : 1e4f;
  const auto q = values(in, (n_q * (d_k + pad)) + 1, limit), k = values(in, (n_k * (d_k + pad)) + 1, limit);
  const int ld_q = d_k + pad, ld_k = d_k + pad, ld_s = n_k + pad;

  double abs_sum = 0;
  for (int i = 0; i < d_k; ++i) abs_sum += std::fabs(double(q[1 + i]) * k[1 + i]);
  expect_close(asl::simd::dot(q.data() + 1, k.data() + 1, d_k), asl::scalar::dot(q.data() + 1, k.data() + 1, d_k),
               2 * d_k * kEps * abs_sum + 1e-30, 0, "dot: SIMD against scalar");

  std::vector<float> s_simd(static_cast<std::size_t>(n_q * ld_s)), s_scalar(s_simd.size());
  asl::simd::matmul_qkt(q.data() + 1, k.data() + 1, s_simd.data(), n_q, n_k, d_k, ld_q, ld_k, ld_s);
  asl::scalar::matmul_qkt(q.data() + 1, k.data() + 1, s_scalar.data(), n_q, n_k, d_k, ld_q, ld_k, ld_s);
  for (int i = 0; i < n_q; ++i) {
    for (int j = 0; j < n_k; ++j) {
      double bound = 0;
      for (int c = 0; c < d_k; ++c) bound += std::fabs(double(q[1 + i * ld_q + c]) * k[1 + j * ld_k + c]);
      expect_close(s_simd[i * ld_s + j], s_scalar[i * ld_s + j], 2 * d_k * kEps * bound + 1e-30, 0,
                   "matmul_qkt: SIMD against scalar");
    }
  }

  // softmax of the scores at a fuzzed β: rows of weights in [0, 1] that sum to 1, both twins alike.
  const float beta = in.byte() < 32 ? 0.0f : static_cast<float>(in.range(0, 1000)) / 100.0f;
  std::vector<float> w_simd(s_simd.size()), w_scalar(s_simd.size());
  asl::simd::softmax_rows(s_scalar.data(), beta, w_simd.data(), n_q, n_k, ld_s);
  asl::scalar::softmax_rows(s_scalar.data(), beta, w_scalar.data(), n_q, n_k, ld_s);
  for (int i = 0; i < n_q; ++i) {
    double sum = 0;
    for (int j = 0; j < n_k; ++j) {
      const float w = w_simd[i * ld_s + j];
      expect(w >= 0.0f && w <= 1.0f, "softmax_rows: a weight outside [0, 1]", w, 0.5);
      expect_close(w, w_scalar[i * ld_s + j], 1e-6, 1e-5, "softmax_rows: SIMD against scalar");
      sum += w;
    }
    expect_close(sum, 1.0, 4 * n_k * kEps, 0, "softmax_rows: a row does not sum to 1");
  }

  // weights · v, SIMD against scalar.
  const auto v = values(in, (n_k * (d_v + pad)) + 1, limit);
  const int ld_v = d_v + pad, ld_o = d_v + pad;
  std::vector<float> o_simd(static_cast<std::size_t>(n_q * ld_o)), o_scalar(o_simd.size());
  asl::simd::matmul_wv(w_scalar.data(), v.data() + 1, o_simd.data(), n_q, n_k, d_v, ld_s, ld_v, ld_o);
  asl::scalar::matmul_wv(w_scalar.data(), v.data() + 1, o_scalar.data(), n_q, n_k, d_v, ld_s, ld_v, ld_o);
  for (int i = 0; i < n_q; ++i) {
    for (int c = 0; c < d_v; ++c) {
      double bound = 0;
      for (int j = 0; j < n_k; ++j) bound += std::fabs(double(w_scalar[i * ld_s + j]) * v[1 + j * ld_v + c]);
      expect_close(o_simd[i * ld_o + c], o_scalar[i * ld_o + c], 2 * n_k * kEps * bound + 1e-30, 0,
                   "matmul_wv: SIMD against scalar");
    }
  }
}

// attention_forward with heads, a fuzzed scale and the causal mask: masked weights exactly 0, rows sum to 1.
void attention(Input& in) {
  asl::AttentionShape shape;
  shape.n_q = in.range(1, 12);
  shape.n_k = in.range(1, 12);
  shape.d_k = in.range(1, 16);
  shape.d_v = in.range(1, 8);
  shape.n_heads = in.range(1, 4);
  const bool causal = in.byte() & 1;
  const float scale = 1.0f / std::sqrt(static_cast<float>(in.range(1, 1024)));
  const int width_k = shape.n_heads * shape.d_k, width_v = shape.n_heads * shape.d_v;
  const auto q = values(in, shape.n_q * width_k, 30.0f), k = values(in, shape.n_k * width_k, 30.0f);
  const auto v = values(in, shape.n_k * width_v, 30.0f);
  const std::size_t cells = static_cast<std::size_t>(shape.n_heads * shape.n_q * shape.n_k);
  std::vector<float> scores(cells), scaled(cells), weights(cells);
  std::vector<float> output(static_cast<std::size_t>(shape.n_q * width_v));
  asl::attention_forward(q.data(), k.data(), v.data(), shape, scale, causal, scores.data(), scaled.data(),
                         weights.data(), output.data());
  for (int h = 0; h < shape.n_heads; ++h) {
    for (int i = 0; i < shape.n_q; ++i) {
      double sum = 0;
      for (int j = 0; j < shape.n_k; ++j) {
        const float w = weights[static_cast<std::size_t>((h * shape.n_q + i) * shape.n_k + j)];
        if (causal && j > i) expect(w == 0.0f, "attention: a masked weight is not 0", w, 0);
        expect(std::isfinite(w) && w >= 0.0f && w <= 1.0f, "attention: a weight outside [0, 1]", w, 0.5);
        sum += w;
      }
      // A causal row with no visible key (i ≥ n_k never happens: key 0 is always visible) still sums to 1.
      expect_close(sum, 1.0, 4 * shape.n_k * kEps, 0, "attention: a row of weights does not sum to 1");
    }
  }
  for (float o : output) expect(std::isfinite(o), "attention: a non-finite output", o, 0);
}

// The float64 lessons' functions: softmax analysis, the Boltzmann dial, normalising both ways with the kernel's rows
// beside, weight drift, the peak-weight cap, spread statistics.
void float64(Input& in) {
  const int n = in.range(1, 40);
  std::vector<double> z(static_cast<std::size_t>(n));
  for (double& x : z) x = in.number(in.byte() < 200 ? 50.0 : 1e6);
  asl::SoftmaxAnalysis a;
  asl::analyze_softmax(z.data(), n, a);
  double sum = 0;
  for (double p : a.p) sum += p;
  expect_close(sum, 1.0, 1e-12 * n, 0, "analyze_softmax: weights do not sum to 1");
  expect(a.entropy >= -1e-12 && a.entropy <= std::log(double(n)) + 1e-9, "analyze_softmax: entropy outside [0, ln n]",
         a.entropy, std::log(double(n)));

  const double betas[3] = {0.0, static_cast<double>(in.range(0, 100)) / 10.0, static_cast<double>(in.range(0, 1000))};
  const double shift = in.number(100.0);
  const asl::Boltzmann b = asl::boltzmann(z.data(), n, betas, 3, shift);
  for (const auto& point : b.points) {
    double total = 0;
    for (double w : point.weights) total += w;
    expect_close(total, 1.0, 1e-12 * n, 0, "boltzmann: weights do not sum to 1");
    expect(std::isfinite(point.entropy) && std::isfinite(point.one_minus_max_weight), "boltzmann: non-finite entropy");
  }
  // A common shift never changes the weights beyond float64 rounding of s + shift.
  expect(b.max_shift_change <= 1e-6, "boltzmann: the shift moved the weights", b.max_shift_change, 0);

  const asl::PeakWeightCap cap = asl::peak_weight_cap(in.range(2, 4096), std::fabs(in.number(40.0)));
  expect(std::isfinite(cap.max_weight) && cap.max_weight > 0 && cap.max_weight <= 1, "peak_weight_cap: weight outside (0, 1]",
         cap.max_weight, 1);
  expect(std::isfinite(cap.log10_one_minus_max_weight), "peak_weight_cap: non-finite log10(1 − max)");

  // The matrix normalised both ways, and the float32 kernel's rows beside the float64 ones (Lesson 4).
  const int rows = in.range(1, 6), cols = in.range(1, 6);
  std::vector<double> m(static_cast<std::size_t>(rows * cols));
  for (double& x : m) x = in.number(30.0);
  const asl::Normalisation both = asl::normalise_both_ways(m.data(), rows, cols, betas[1]);
  const asl::KernelRows kernel = asl::kernel_rows(m.data(), both);
  for (std::size_t i = 0; i < m.size(); ++i)
    expect_close(kernel.weights[i], both.by_row[i], 1e-4, 0, "kernel_rows: float32 kernel against float64 rows");
  expect(kernel.max_difference <= 1e-4, "kernel_rows: max difference", kernel.max_difference, 1e-4);

  // Weight drift on a tiny projection: every score scales by f², so the variance ratio is f⁴ (1 at f = 1), up to the
  // float32 rounding of the scores.
  asl::AssumptionConfig c;
  c.d_x = in.range(1, 6), c.d_k = in.range(1, 6), c.tokens = in.range(2, 4), c.samples = in.range(2, 4);
  c.seed = in.byte();
  const std::vector<double> drifts = {static_cast<double>(in.range(1, 10000)) / 100.0, in.byte() < 128 ? 1.0 : 0.5};
  const asl::WeightDrift w = asl::weight_drift(c, drifts);
  for (std::size_t i = 0; i < drifts.size(); ++i)
    expect_close(w.variance_ratio[i], std::pow(drifts[i], 4), 0, 1e-5, "weight_drift: variance ratio is not f⁴");

  const asl::Spread s = asl::spread_of(z.data(), z.size(), in.number(10.0));
  const double lo = *std::min_element(z.begin(), z.end()), hi = *std::max_element(z.begin(), z.end());
  expect(s.quartile1 <= s.median && s.median <= s.quartile3 && s.quartile3 <= s.p90 && s.p90 <= s.max,
         "spread_of: quantiles out of order", s.median, s.quartile3);
  expect(s.median >= lo && s.max == hi, "spread_of: median or max outside the values", s.max, hi);
  expect(s.fraction_below >= 0 && s.fraction_below <= 1, "spread_of: fraction outside [0, 1]", s.fraction_below, 0.5);
}

// Lesson 3's one-row panels (softmax_panels.h): the numerics panel's stable softmaxes are distributions at any β and
// agree with the naive one wherever that one is; the two-logit grid rises from 0 to 1 with slopes in [0, 1/4]; one
// row's weights sum to 1 and its Jacobian's rows to 0.
void panels(Input& in) {
  const int n = in.range(1, 40);
  const auto x = values(in, n, in.byte() < 200 ? 100.0f : 1e30f);
  const double beta = in.byte() < 32 ? 0.0 : static_cast<double>(in.range(0, 1000000)) / 100.0;
  const asl::SoftmaxNumerics s = asl::softmax_numerics(x.data(), n, beta);
  expect(s.stable32_ok && s.stable64_ok, "softmax_numerics: a stable softmax is not a distribution", beta, 0);
  expect(s.max_logit >= s.min_logit, "softmax_numerics: max logit below min logit", s.max_logit, s.min_logit);
  expect(s.overflow_at32 < s.overflow_at64, "softmax_numerics: overflow thresholds out of order");
  if (s.naive64_ok)
    for (int j = 0; j < n; ++j) expect_close(s.naive64[j], s.stable64[j], 1e-12, 1e-9, "softmax_numerics: naive64 against stable64");
  if (s.max_logit < 80 && s.min_logit > -80) expect(s.naive32_ok, "softmax_numerics: naive32 failed below overflow", s.max_logit, 80);

  const int points = in.range(2, 200);
  const asl::TwoLogitGrid g = asl::two_logit_grid(static_cast<double>(in.range(1, 100000)) / 100.0, points, in.number(1000.0));
  for (int i = 0; i < points; ++i) {
    expect(g.p[i] >= 0 && g.p[i] <= 1 && (i == 0 || g.p[i] >= g.p[i - 1]), "two_logit_grid: p outside [0, 1] or falling", g.p[i], 0.5);
    expect(g.slope[i] >= 0 && g.slope[i] <= 0.25, "two_logit_grid: a slope outside [0, 1/4]", g.slope[i], 0.25);
  }
  expect_close(g.gaps.back(), -g.gaps.front(), 0, 1e-15, "two_logit_grid: the grid is not symmetric");

  std::vector<double> scores(x.begin(), x.end());
  const int d_k = in.range(1, 4096);
  const asl::SoftmaxRow r = asl::softmax_row(scores, d_k, static_cast<double>(in.range(0, 1000)) / 100.0, in.byte() & 1);
  double sum = 0;
  for (double p : r.analysis.p) sum += p;
  expect_close(sum, 1.0, 1e-12 * n, 0, "softmax_row: weights do not sum to 1");
  for (int i = 0; i < n; ++i) {
    double row = 0;
    for (int j = 0; j < n; ++j) row += r.jacobian[static_cast<std::size_t>(i) * n + j];
    expect_close(row, 0.0, 1e-12, 0, "softmax_row: a Jacobian row does not sum to 0");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Input in(data, size);
  switch (in.byte() % 4) {
    case 0: kernels(in); break;
    case 1: attention(in); break;
    case 2: panels(in); break;
    default: float64(in); break;
  }
  return 0;
}
