// Lesson 7's engine: the closed-form two-level row against a direct softmax, the fading of the largest weight with n
// and what s·ln n does to it, aligned queries and keys under 1/√d_k and μP's 1/d_k against their closed forms, and
// queries and keys that grow under standard attention, QK-norm and qk-layernorm.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "engine/beyond.h"
#include "engine/random.h"
#include "engine/softmax_lab.h"
#include "helpers.h"

using asl_test::close;

namespace {

// The same row written out and put through the lab's stable softmax.
asl::SoftmaxAnalysis direct(int n, double top, double rest, int tops = 1) {
  std::vector<double> z(static_cast<std::size_t>(n), rest);
  for (int j = 0; j < tops; ++j) z[j] = top;
  asl::SoftmaxAnalysis a;
  asl::analyze_softmax(z.data(), n, a, false);
  return a;
}

// |value − want| <= k·se
bool within(const asl::Estimate& e, double want, double k = 4.0) { return std::fabs(e.value - want) <= k * e.std_error; }

}  // namespace

TEST_CASE("a two-level row in closed form equals the direct softmax of the written-out row", "[beyond]") {
  for (int n : {1, 2, 3, 16, 1000}) {
    for (double top : {3.0, 0.0, -1.5, 40.0}) {
      for (double rest : {-2.0, 0.0, 2.5}) {
        for (int tops : {1, 2, 7}) {
          if (tops > n) continue;
          const asl::TwoLevelRow r = asl::two_level_row(n, top, rest, tops);
          const asl::SoftmaxAnalysis a = direct(n, top, rest, tops);
          INFO("n = " << n << ", top = " << top << ", rest = " << rest << ", tops = " << tops);
          REQUIRE(close(r.top_weight, a.p[0], 1e-15, 1e-12));
          REQUIRE(close(r.max_weight, a.max_weight, 1e-15, 1e-12));
          REQUIRE(close(r.entropy, a.entropy, 1e-13, 1e-12));
        }
      }
    }
  }
}

TEST_CASE("with fixed logits the largest weight fades as n grows, like e^(top − rest)/n", "[beyond]") {
  std::vector<double> ns;
  for (double n = 2; n <= 1e9; n *= 10) ns.push_back(n);
  const asl::LengthScaling r = asl::length_scaling(ns.data(), static_cast<int>(ns.size()), 3.0, -2.0, 0.43);
  for (std::size_t i = 1; i < ns.size(); ++i) {
    INFO("n = " << ns[i]);
    REQUIRE(r.points[i].plain.max_weight < r.points[i - 1].plain.max_weight);
    REQUIRE(r.points[i].plain.entropy > r.points[i - 1].plain.entropy);
  }
  // The weight is e^5/(e^5 + n − 1): about e^5/n once n ≫ e^5.
  const double n = r.points.back().n;
  REQUIRE(close(r.points.back().plain.max_weight, std::exp(5.0) / (std::exp(5.0) + n - 1.0), 0, 1e-12));
  REQUIRE(close(r.points.back().plain.max_weight * n, std::exp(5.0), 0, 1e-5));
}

TEST_CASE("multiplying the logits by s·ln n gives the top weight 1/(1 + (n − 1)·n^(−s·(top − rest)))", "[beyond]") {
  const double top = 3.0, rest = -2.0;
  for (double s : {0.1, 0.2, 0.43, 1.0}) {
    std::vector<double> ns = {1, 2, 5, 37, 1e3, 1e6, 1e9};
    const asl::LengthScaling r = asl::length_scaling(ns.data(), static_cast<int>(ns.size()), top, rest, s);
    REQUIRE(r.s_gap == Approx(s * 5.0));
    for (const asl::LengthPoint& p : r.points) {
      const double want = 1.0 / (1.0 + (p.n - 1.0) * std::pow(p.n, -s * (top - rest)));
      INFO("s = " << s << ", n = " << p.n);
      REQUIRE(close(p.scaled.top_weight, want, 1e-15, 1e-12));
      REQUIRE(close(p.scale, s * std::log(p.n), 0, 1e-15));
    }
    if (s * (top - rest) < 10.0 && ns.size() > 2) {
      // The scaled row checked against a direct softmax where n is small enough to write out.
      const double c = s * std::log(37.0);
      REQUIRE(close(r.points[3].scaled.entropy, direct(37, c * top, c * rest).entropy, 1e-14, 1e-12));
    }
  }
}

TEST_CASE("with s·ln n the top weight tends to 1 when s·(top − rest) > 1, to 1/2 at 1 and to 0 below", "[beyond]") {
  std::vector<double> ns = {1e3, 1e6, 1e9, 1e12};
  const auto last = [&](double s) {
    return asl::length_scaling(ns.data(), static_cast<int>(ns.size()), 3.0, -2.0, s);
  };
  const asl::LengthScaling above = last(0.43), at = last(0.2), below = last(0.1);
  REQUIRE(above.scaled_limit == 1.0);
  REQUIRE(at.scaled_limit == 0.5);
  REQUIRE(below.scaled_limit == 0.0);
  REQUIRE(above.critical_s == Approx(0.2));
  REQUIRE(above.unit_scale_n == Approx(std::exp(1.0 / 0.43)));
  for (std::size_t i = 1; i < ns.size(); ++i) {
    REQUIRE(above.points[i].scaled.top_weight > above.points[i - 1].scaled.top_weight);  // rising to 1
    REQUIRE(below.points[i].scaled.top_weight < below.points[i - 1].scaled.top_weight);  // falling to 0
  }
  REQUIRE(above.points.back().scaled.top_weight > 1.0 - 1e-12);
  REQUIRE(close(at.points.back().scaled.top_weight, 0.5, 1e-11, 0));  // (n − 1)/n of the way to a tie
  // Below the threshold it still fades, but like n^(s·(top − rest) − 1) = n^(−1/2), far slower than 1/n.
  REQUIRE(below.points.back().scaled.top_weight > 1e3 * below.points.back().plain.top_weight);
}

TEST_CASE("aligned queries and keys: 1/√d_k logits grow like ρ·√d_k, μP's 1/d_k logits stay level", "[beyond]") {
  asl::AlignmentConfig c;
  c.d_ks = {4, 16, 64, 256, 1024};
  c.rho = 0.5;
  c.samples = 2000;
  c.base_d_k = 16;
  c.seed = 7;
  const asl::AlignmentScaling r = asl::alignment_scaling(c);
  REQUIRE(r.points.size() == c.d_ks.size());
  for (const asl::AlignmentPoint& p : r.points) {
    const double d = p.d_k;
    INFO("d_k = " << d);
    REQUIRE(p.inverse_sqrt.theory_mean == Approx(0.5 * std::sqrt(d)));
    REQUIRE(p.mup.theory_mean == Approx(0.5 * 4.0));  // ρ·√base_d_k at every d_k
    REQUIRE(within(p.inverse_sqrt.aligned_logit, p.inverse_sqrt.theory_mean));
    REQUIRE(within(p.mup.aligned_logit, p.mup.theory_mean));
    // Standard deviations: √(1 + ρ²) and √(base/d)·√(1 + ρ²); the others 1 and √(base/d). Relative error of an sd
    // from m draws is about 1/√(2m).
    REQUIRE(close(p.inverse_sqrt.aligned_logit_sd, std::sqrt(1.25), 0, 0.08));
    REQUIRE(close(p.mup.aligned_logit_sd, std::sqrt(1.25 * 16.0 / d), 0, 0.08));
    REQUIRE(close(p.inverse_sqrt.other_logit_sd, 1.0, 0, 0.03));
    REQUIRE(close(p.mup.other_logit_sd, std::sqrt(16.0 / d), 0, 0.03));
  }
  // 1/√d_k: the aligned key wins ever more clearly; μP: the row settles on the two-level limit.
  for (std::size_t t = 1; t < r.points.size(); ++t)
    REQUIRE(r.points[t].inverse_sqrt.max_weight.value > r.points[t - 1].inverse_sqrt.max_weight.value);
  REQUIRE(r.points.back().inverse_sqrt.max_weight.value > 0.999);
  REQUIRE(close(r.points.back().mup.aligned_weight.value, r.mup_limit.top_weight, 0.02, 0));
  REQUIRE(close(r.mup_limit.top_weight, std::exp(2.0) / (std::exp(2.0) + 15.0), 0, 1e-14));
}

TEST_CASE("unaligned queries and keys: μP's logits shrink like 1/√d_k and its rows turn uniform", "[beyond]") {
  asl::AlignmentConfig c;
  c.d_ks = {1, 16, 256, 4096};
  c.rho = 0.0;
  c.samples = 1000;
  const asl::AlignmentScaling r = asl::alignment_scaling(c);  // base_d_k = 1: plain 1/d_k
  for (const asl::AlignmentPoint& p : r.points) {
    INFO("d_k = " << p.d_k);
    REQUIRE(close(p.mup.other_logit_sd, 1.0 / std::sqrt(static_cast<double>(p.d_k)), 0, 0.04));
    REQUIRE(close(p.inverse_sqrt.other_logit_sd, 1.0, 0, 0.04));
    REQUIRE(within(p.inverse_sqrt.aligned_logit, 0.0));
  }
  REQUIRE(r.points.back().mup.max_weight.value < 1.0 / 16 * 1.1);  // within 10 % of uniform
  // 1/√d_k keeps the row as it was at d_k = 1: its largest weight does not drift with d_k.
  REQUIRE(std::fabs(r.points.back().inverse_sqrt.max_weight.value - r.points[1].inverse_sqrt.max_weight.value) < 0.03);
}

TEST_CASE("growing queries and keys: standard entropy falls, QK-norm and qk-layernorm do not move", "[beyond]") {
  asl::QkNormConfig c;
  c.d_k = 64;
  c.n = 16;
  c.g = 8.0;
  c.samples = 300;
  const std::vector<double> drifts = {0.25, 0.5, 1.0, 2.0, 4.0, 8.0};
  const asl::QkNormDemo r = asl::qk_norm_demo(c, drifts.data(), static_cast<int>(drifts.size()));
  REQUIRE(r.max_entropy == std::log(16.0));
  const asl::QkNormPoint& one = r.points[2];
  for (std::size_t t = 0; t < drifts.size(); ++t) {
    const asl::QkNormPoint& p = r.points[t];
    INFO("f = " << p.drift);
    if (t > 0) {
      REQUIRE(p.standard.entropy.value < r.points[t - 1].standard.entropy.value);
      REQUIRE(p.standard.max_weight.value > r.points[t - 1].standard.max_weight.value);
      // Logits grow like f².
      REQUIRE(close(p.standard.max_abs_logit, one.standard.max_abs_logit * p.drift * p.drift, 0, 1e-12));
    }
    // f cancels in q̂·k̂ and in LN: only rounding is left.
    REQUIRE(close(p.qk_norm.entropy.value, one.qk_norm.entropy.value, 0, 1e-12));
    REQUIRE(close(p.qk_norm.max_weight.value, one.qk_norm.max_weight.value, 0, 1e-12));
    REQUIRE(close(p.qk_layernorm.entropy.value, one.qk_layernorm.entropy.value, 0, 1e-12));
    REQUIRE(p.qk_norm.max_abs_logit <= c.g * (1 + 1e-12));
    REQUIRE(p.qk_layernorm.max_abs_logit <= std::sqrt(64.0) * (1 + 1e-12));
    REQUIRE(p.qk_norm.entropy.value >= r.min_entropy);
    REQUIRE(p.qk_norm.max_weight.value <= r.sharpest.max_weight);
  }
  REQUIRE(r.points.back().standard.entropy.value < 0.2);  // f = 8: logits 64 times wider, rows nearly one-hot
  // g = √d_k: q̂·k̂·√d_k = q·k/√d_k · d_k/(‖q‖‖k‖), and ‖q‖‖k‖ ≈ d_k, so QK-norm starts near standard attention at f = 1.
  REQUIRE(std::fabs(one.qk_norm.entropy.value - one.standard.entropy.value) < 0.05);
}

TEST_CASE("QK-norm's entropy floor is the lowest entropy any logits in [−g, g] reach", "[beyond]") {
  asl::Rng rng(11);
  for (int n : {2, 3, 8, 16}) {
    for (double g : {0.1, 0.5, 1.0, 3.0, 8.0}) {
      asl::QkNormConfig c;
      c.d_k = 4;
      c.n = n;
      c.g = g;
      c.samples = 2;
      const double f = 1.0;
      const asl::QkNormDemo r = asl::qk_norm_demo(c, &f, 1);
      INFO("n = " << n << ", g = " << g);
      REQUIRE(close(r.sharpest.max_weight, direct(n, g, -g).max_weight, 0, 1e-12));
      std::vector<double> z(static_cast<std::size_t>(n));
      asl::SoftmaxAnalysis a;
      for (int trial = 0; trial < 2000; ++trial) {
        for (double& x : z) x = trial % 2 ? g * (2.0 * rng.uniform() - 1.0) : (rng.uniform() < 0.5 ? g : -g);
        asl::analyze_softmax(z.data(), n, a, false);
        REQUIRE(a.entropy >= r.min_entropy - 1e-12);
        REQUIRE(a.max_weight <= r.sharpest.max_weight + 1e-12);
      }
      // It is reached: min_entropy_tops logits at +g, the rest at −g.
      REQUIRE(close(r.min_entropy, direct(n, g, -g, r.min_entropy_tops).entropy, 1e-14, 1e-12));
    }
  }
  // Large g: one key at +g is the sharpest row; small g: about half the keys at +g spread the logits most.
  asl::QkNormConfig c;
  c.n = 16;
  const double f = 1.0;
  c.g = 8.0;
  REQUIRE(asl::qk_norm_demo(c, &f, 1).min_entropy_tops == 1);
  c.g = 0.1;
  REQUIRE(asl::qk_norm_demo(c, &f, 1).min_entropy_tops >= 7);
}

TEST_CASE("what Lesson 7's functions report beside their rows: ln n, 1/n and √d_k", "[beyond]") {
  // lengthScaling({ ns: [2, 10, 1000], top: 1, rest: 2, s: 0.5 }), alignmentScaling(… n: 4 …) and qkNormDemo(… dK: 8 …)
  // before these left the bindings.
  const double ns[3] = {2, 10, 1000};
  const asl::LengthScaling l = asl::length_scaling(ns, 3, 1, 2, 0.5);
  REQUIRE(close(l.points[0].max_entropy, 0.6931471805599453, 0, 1e-15));
  REQUIRE(close(l.points[2].max_entropy, 6.907755278982137, 0, 1e-15));
  asl::AlignmentConfig a;
  a.d_ks = {16};
  a.n = 4;
  a.samples = 20;
  const asl::AlignmentScaling s = asl::alignment_scaling(a);
  REQUIRE(s.uniform_weight == 0.25);
  REQUIRE(close(s.max_entropy, 1.3862943611198906, 0, 1e-15));
  asl::QkNormConfig q;
  q.d_k = 8;
  q.samples = 20;
  const double drifts[1] = {1};
  REQUIRE(asl::qk_norm_demo(q, drifts, 1).layer_norm_bound == 2.8284271247461903);
}
