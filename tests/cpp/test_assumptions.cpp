// Lesson 4's Monte Carlo checks against their closed forms, each within a tolerance set by the sample size: the
// derivation Var(q·k) = d_k step by step (standard errors from the normal moments), what a mean or a correlation breaks,
// the scores of Q = X·W_q, K = X·W_k (paper's relaxed product off the diagonal, its own closed form on it, non-zero
// means, within-row variance), that the reported standard errors match the spread over seeds, and weight drift.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "engine/assumptions.h"
#include "engine/statistics.h"
#include "helpers.h"

using asl_test::close;

namespace {

// |measured − want| <= k·se, with the numbers in the failure message.
bool within(const asl::Estimate& e, double want, double se, double k = 4.0) {
  return std::fabs(e.value - want) <= k * se;
}

asl::AssumptionConfig config(int d_x, int d_k, double sigma_x, double sigma_wq, double sigma_wk, double mean_x,
                             int tokens, int samples, std::uint64_t seed) {
  asl::AssumptionConfig c;
  c.d_x = d_x;
  c.d_k = d_k;
  c.sigma_x = sigma_x;
  c.sigma_wq = sigma_wq;
  c.sigma_wk = sigma_wk;
  c.mean_x = mean_x;
  c.tokens = tokens;
  c.samples = samples;
  c.seed = seed;
  return c;
}

}  // namespace

TEST_CASE("each step of Var(q·k) = Σ Var(qᵢkᵢ) = Σ Var(qᵢ)Var(kᵢ) = d_k is measured within 4 standard errors",
          "[assumptions][derivation]") {
  // Unit case, qᵢ, kᵢ independent N(0, 1). Standard errors from the normal moments and the sample size N:
  //   a variance of N normal draws: Var(z²) = 2;  one term t = qᵢkᵢ: Var(t) = 1, Var(t²) = E q⁴ E k⁴ − 1 = 8;
  //   the dot product S (variance d): Var(S²) = 2d² + 6d (as in test_softmax_lab.cpp);
  //   the covariance sum, per sample 2Σ_{i<j} tᵢtⱼ: variance 2d(d − 1);
  //   Σᵢ v_q·v_k: each term ≈ (2 + 2)/N;  pair covariance, per sample (2/(d(d−1)))Σ_{i<j} qᵢqⱼ: variance 2/(d(d−1)).
  const int n = 20000;
  for (int d : {1, 16, 64}) {
    asl::DerivationConfig c;
    c.d_k = d;
    c.samples = n;
    c.seed = 3;
    const asl::DerivationCheck r = asl::derivation_check(c);
    const auto& m = r.measured;
    const auto& t = r.theory;
    const double dn = static_cast<double>(d) * n;
    INFO("d_k = " << d << ": Var(q·k) = " << m.var_dot.value << " ± " << m.var_dot.std_error << ", Σ Var(qᵢkᵢ) = "
                  << m.sum_var_products.value << " ± " << m.sum_var_products.std_error << ", Σ Var qᵢ Var kᵢ = "
                  << m.sum_var_q_var_k.value << " ± " << m.sum_var_q_var_k.std_error << ", covariance sum "
                  << m.covariance_sum.value << " ± " << m.covariance_sum.std_error);
    REQUIRE(t.var_dot == d);
    REQUIRE(t.sum_var_products == d);
    REQUIRE(t.sum_var_q_var_k == d);
    REQUIRE(t.scaled_var_dot == 1.0);
    REQUIRE(within(m.scaled_var_dot, 1.0, m.scaled_var_dot.std_error));
    const struct {
      const char* name;
      asl::Estimate got;
      double want, se;
    } steps[] = {
        {"E qᵢ", m.mean_q, 0.0, std::sqrt(1.0 / dn)},
        {"E kᵢ", m.mean_k, 0.0, std::sqrt(1.0 / dn)},
        {"Var qᵢ", m.var_q, 1.0, std::sqrt(2.0 / dn)},
        {"Var kᵢ", m.var_k, 1.0, std::sqrt(2.0 / dn)},
        {"Cov(qᵢ, kᵢ)", m.cov_qk, 0.0, std::sqrt(1.0 / dn)},
        {"E qᵢkᵢ", m.mean_product, 0.0, std::sqrt(1.0 / dn)},
        {"Var qᵢkᵢ", m.var_product, 1.0, std::sqrt(8.0 / dn)},
        {"E q·k", m.mean_dot, 0.0, std::sqrt(d / double(n))},
        {"step 1: Var(q·k)", m.var_dot, double(d), std::sqrt((2.0 * d * d + 6.0 * d) / n)},
        {"step 2: Σ Var(qᵢkᵢ)", m.sum_var_products, double(d), std::sqrt(8.0 * d / n)},
        {"step 3: Σ Var(qᵢ)Var(kᵢ)", m.sum_var_q_var_k, double(d), std::sqrt(4.0 * d / n)},
    };
    for (const auto& s : steps) {
      INFO(s.name << " = " << s.got.value << " ± " << s.got.std_error << ", closed-form standard error " << s.se);
      REQUIRE(within(s.got, s.want, s.se));
      // The standard error the engine reports, from the sample itself, agrees with the closed form.
      REQUIRE(close(s.got.std_error, s.se, 0, 0.1));
    }
    if (d > 1) {
      const double se_cov = std::sqrt(2.0 * d * (d - 1.0) / n), se_pair = std::sqrt(2.0 / (d * (d - 1.0) * n));
      REQUIRE(within(m.covariance_sum, 0.0, se_cov));
      REQUIRE(close(m.covariance_sum.std_error, se_cov, 0, 0.1));
      REQUIRE(within(m.pair_cov_q, 0.0, se_pair));
      REQUIRE(within(m.pair_cov_k, 0.0, se_pair));
      REQUIRE(close(m.pair_cov_q.std_error, se_pair, 0, 0.1));
    } else {
      REQUIRE(std::isnan(m.pair_cov_q.value));
      REQUIRE(std::isnan(t.pair_cov_q));
    }
  }
}

TEST_CASE("the derivation's measured steps are consistent: step 1 = step 2 + the covariance sum", "[assumptions][derivation]") {
  asl::DerivationConfig c;
  c.d_k = 9;
  c.samples = 500;
  c.mean_q = 0.7;
  c.correlation = -0.3;
  const asl::DerivationCheck r = asl::derivation_check(c);
  REQUIRE(close(r.measured.var_dot.value, r.measured.sum_var_products.value + r.measured.covariance_sum.value, 1e-12,
                1e-12));
  REQUIRE(close(r.measured.sum_var_products.value, c.d_k * r.measured.var_product.value, 0, 1e-15));
  // The same seed gives the same numbers.
  REQUIRE(asl::derivation_check(c).measured.var_dot.value == r.measured.var_dot.value);
}

TEST_CASE("a mean or a correlation breaks step 3 (Var(qᵢkᵢ) = Var qᵢ·Var kᵢ) but not step 2", "[assumptions][derivation]") {
  struct Case {
    double mean_q, mean_k, sigma_q, sigma_k, rho, var_product;
  };
  // Var(qᵢkᵢ) = σ_q²σ_k²(1 + ρ²) + μ_q²σ_k² + μ_k²σ_q² + 2ρμ_qμ_kσ_qσ_k
  for (const Case& k : {Case{1.0, 1.0, 1.0, 1.0, 0.0, 3.0}, Case{0.0, 0.0, 1.0, 1.0, 0.5, 1.25},
                        Case{0.5, -2.0, 2.0, 0.5, 0.3, 1.0 * 1.09 + 0.25 * 0.25 + 4.0 * 4.0 - 2 * 0.3 * 1.0 * 1.0},
                        Case{0.0, 3.0, 1.5, 1.0, 0.0, 2.25 + 9.0 * 2.25}}) {
    asl::DerivationConfig c;
    c.d_k = 32;
    c.samples = 20000;
    c.seed = 17;
    c.mean_q = k.mean_q, c.mean_k = k.mean_k, c.sigma_q = k.sigma_q, c.sigma_k = k.sigma_k, c.correlation = k.rho;
    const asl::DerivationCheck r = asl::derivation_check(c);
    const auto& m = r.measured;
    INFO("μ = " << k.mean_q << ", " << k.mean_k << "; σ = " << k.sigma_q << ", " << k.sigma_k << "; ρ = " << k.rho
                << ": Var(q·k) = " << m.var_dot.value << " ± " << m.var_dot.std_error << ", step 3 "
                << m.sum_var_q_var_k.value << " ± " << m.sum_var_q_var_k.std_error);
    REQUIRE(close(r.theory.var_product, k.var_product, 0, 1e-14));
    REQUIRE(r.theory.var_dot == c.d_k * r.theory.var_product);
    // Every measurement sits on its own closed form (the reported standard errors were checked in the unit case).
    REQUIRE(within(m.var_dot, r.theory.var_dot, m.var_dot.std_error));
    REQUIRE(within(m.sum_var_products, r.theory.sum_var_products, m.sum_var_products.std_error));
    REQUIRE(within(m.sum_var_q_var_k, r.theory.sum_var_q_var_k, m.sum_var_q_var_k.std_error));
    // The logits q·k/√d_k: variance Var(qᵢkᵢ) instead of 1, the factor by which 1/√d_k misses.
    REQUIRE(close(r.theory.scaled_var_dot, k.var_product, 0, 1e-14));
    REQUIRE(m.scaled_var_dot.value == m.var_dot.value / c.d_k);
    REQUIRE(m.scaled_var_dot.std_error == m.var_dot.std_error / c.d_k);
    REQUIRE(within(m.cov_qk, k.rho * k.sigma_q * k.sigma_k, m.cov_qk.std_error));
    REQUIRE(within(m.mean_product, k.mean_q * k.mean_k + k.rho * k.sigma_q * k.sigma_k, m.mean_product.std_error));
    REQUIRE(within(m.covariance_sum, 0.0, m.covariance_sum.std_error));
    // ... and step 3 is far (> 10 of its standard errors) from step 2.
    REQUIRE(std::fabs(m.sum_var_q_var_k.value - m.sum_var_products.value) >
            10 * std::hypot(m.sum_var_q_var_k.std_error, m.sum_var_products.std_error));
  }
}

TEST_CASE("the closed forms of the score variances", "[assumptions][scores]") {
  // Unit case: the paper's product is d_k; the diagonal is larger by 1 + 2/d_x.
  auto f = asl::score_variance_forms(config(64, 32, 1.0, 0.125, 0.125, 0.0, 8, 2, 1), 1.0);
  REQUIRE(close(f.paper, 32.0, 0, 1e-15));
  REQUIRE(close(f.off_diagonal, 32.0, 0, 1e-15));
  REQUIRE(close(f.diagonal, 32.0 * (1 + 2.0 / 64), 0, 1e-15));
  REQUIRE(close(f.all, f.diagonal / 8 + f.off_diagonal * 7 / 8, 0, 1e-15));
  REQUIRE(close(f.within_row, 32.0 * (1 - 1.0 / 7), 0, 1e-15));
  REQUIRE(close(f.diagonal_ratio, 1 + 2.0 / 64, 0, 1e-15));
  // Drift f multiplies every form by f⁴.
  const auto g = asl::score_variance_forms(config(64, 32, 1.0, 0.125, 0.125, 0.0, 8, 2, 1), 3.0);
  REQUIRE(close(g.paper, 81.0 * f.paper, 0, 1e-14));
  REQUIRE(close(g.diagonal, 81.0 * f.diagonal, 0, 1e-14));
  // A mean: off-diagonal ×(1 + μ²/σ²)², within-row ×(1 + μ²/σ²), the paper's product unchanged.
  const auto h = asl::score_variance_forms(config(64, 32, 1.0, 0.125, 0.125, 2.0, 8, 2, 1), 1.0);
  REQUIRE(close(h.paper, f.paper, 0, 1e-15));
  REQUIRE(close(h.off_diagonal, 25.0 * f.off_diagonal, 0, 1e-14));
  REQUIRE(close(h.within_row, 5.0 * f.within_row, 0, 1e-14));
  // d_x = 1, μ = 0: the diagonal is 3 times the off-diagonal (E x⁴ = 3σ⁴).
  const auto one = asl::score_variance_forms(config(1, 4, 1.0, 1.0, 1.0, 0.0, 2, 2, 1), 1.0);
  REQUIRE(close(one.diagonal, 3.0 * one.off_diagonal, 0, 1e-15));
  REQUIRE(close(one.diagonal_ratio, 3.0, 0, 1e-15));
  REQUIRE(one.within_row == 0.0);  // two tokens: one key per row besides the token itself
}

TEST_CASE("unit case: Q = X·W_q, K = X·W_k scores have variance d_k off the diagonal, d_k(1 + 2/d_x) on it",
          "[assumptions][scores]") {
  const asl::AssumptionCheck r = asl::assumption_check(config(64, 64, 1.0, 0.125, 0.125, 0.0, 8, 1500, 5), {1.0});
  const asl::AssumptionPoint& p = r.points[0];
  INFO("off-diagonal " << p.measured_off_diagonal.value << " ± " << p.measured_off_diagonal.std_error << ", diagonal "
                       << p.measured_diagonal.value << " ± " << p.measured_diagonal.std_error << ", all "
                       << p.measured.value << " ± " << p.measured.std_error);
  REQUIRE(p.predicted.paper == 64.0);
  REQUIRE(within(p.measured_off_diagonal, 64.0, p.measured_off_diagonal.std_error));
  REQUIRE(within(p.measured_diagonal, 66.0, p.measured_diagonal.std_error));
  REQUIRE(within(p.measured, p.predicted.all, p.measured.std_error));
  REQUIRE(within(p.within_row, p.predicted.within_row, p.within_row.std_error));
  REQUIRE(within(p.mean_diagonal, 0.0, p.mean_diagonal.std_error));
  REQUIRE(within(p.mean_off_diagonal, 0.0, p.mean_off_diagonal.std_error));
  // A few per cent is all 1500 samples resolve.
  REQUIRE(p.measured.std_error < 0.05 * 64);
  REQUIRE(p.scaled_variance == p.measured.value / 64);
  REQUIRE(std::fabs(p.scaled_variance - 1.0) <= 4 * p.measured.std_error / 64);
  REQUIRE(p.standard_beta == 0.125);
  REQUIRE(p.restoring_beta == 1.0 / std::sqrt(p.measured.value));
  REQUIRE(close(p.predicted_restoring_beta, 1.0 / std::sqrt(p.predicted.all), 0, 1e-15));
  // Rows of the first sample's weights sum to 1.
  for (int i = 0; i < 8; ++i) REQUIRE(close(r.first_weights.row(i).cast<double>().sum(), 1.0, 1e-6, 0));
}

TEST_CASE("the relaxed prediction (d_x σ_X² σ_Wq²)(d_x σ_X² σ_Wk²)·d_k holds off the diagonal", "[assumptions][scores]") {
  // (16·4·0.25)·(16·4·0.0625)·8 = 16·4·8 = 512, and the scaled variance 512/8 = 64, far from 1.
  const asl::AssumptionCheck r = asl::assumption_check(config(16, 8, 2.0, 0.5, 0.25, 0.0, 6, 2000, 7), {1.0});
  const asl::AssumptionPoint& p = r.points[0];
  INFO("off-diagonal " << p.measured_off_diagonal.value << " ± " << p.measured_off_diagonal.std_error);
  REQUIRE(close(p.predicted.paper, 512.0, 0, 1e-15));
  REQUIRE(close(p.scaled_predicted, 64.0, 0, 1e-15));
  REQUIRE(within(p.measured_off_diagonal, 512.0, p.measured_off_diagonal.std_error));
  REQUIRE(within(p.measured_diagonal, 512.0 * (1 + 2.0 / 16), p.measured_diagonal.std_error));
  REQUIRE(std::fabs(p.scaled_variance - 64.0) <= 4 * p.measured.std_error / 8);
  // The restoring β brings the variance back to 1; 1/√d_k leaves it at 64.
  REQUIRE(close(p.restoring_beta * p.restoring_beta * p.measured.value, 1.0, 0, 1e-14));
}

TEST_CASE("the diagonal's own closed form: at d_x = 2 its variance is twice the off-diagonal one", "[assumptions][scores]") {
  // q_i·k_i uses the same x_i twice: Var = d_k s_q² s_k² E|x|⁴ with E|x|⁴ = d_x(d_x + 2)σ⁴, i.e. ×(1 + 2/d_x).
  const asl::AssumptionCheck r = asl::assumption_check(config(2, 16, 1.0, 0.7, 0.7, 0.0, 4, 20000, 11), {1.0});
  const asl::AssumptionPoint& p = r.points[0];
  const double off = 16 * 0.49 * 0.49 * 4, diag = 16 * 0.49 * 0.49 * 8;
  INFO("diagonal " << p.measured_diagonal.value << " ± " << p.measured_diagonal.std_error << " (closed form " << diag
                   << "), off-diagonal " << p.measured_off_diagonal.value << " ± "
                   << p.measured_off_diagonal.std_error << " (" << off << ")");
  REQUIRE(close(p.predicted.diagonal, diag, 0, 1e-14));
  REQUIRE(close(p.predicted.off_diagonal, off, 0, 1e-14));
  REQUIRE(within(p.measured_diagonal, diag, p.measured_diagonal.std_error));
  REQUIRE(within(p.measured_off_diagonal, off, p.measured_off_diagonal.std_error));
  // Treating the diagonal as an independent product (the off-diagonal form) is rejected by far.
  REQUIRE(!within(p.measured_diagonal, off, p.measured_diagonal.std_error, 10.0));
  REQUIRE(within(p.measured, p.predicted.all, p.measured.std_error));
  // The ratio of the two measured variances, against 1 + 2/d_x = 2; a ratio of 1 (no dependence) is far outside.
  INFO("ratio " << p.diagonal_ratio.value << " ± " << p.diagonal_ratio.std_error);
  REQUIRE(p.diagonal_ratio.value == p.measured_diagonal.value / p.measured_off_diagonal.value);
  REQUIRE(close(p.predicted.diagonal_ratio, 2.0, 0, 1e-15));
  REQUIRE(within(p.diagonal_ratio, 2.0, p.diagonal_ratio.std_error));
  REQUIRE(!within(p.diagonal_ratio, 1.0, p.diagonal_ratio.std_error, 10.0));
}

TEST_CASE("a mean of X inflates the scores by (1 + μ²/σ²)², a row's spread only by 1 + μ²/σ²", "[assumptions][scores]") {
  // d_x = 4, σ = 1, μ = 1, σ_W = 1/2, d_k = 8: w = d_k s_q² s_k² = 0.5;
  // off-diagonal w·d_x²(σ² + μ²)² = 0.5·16·4 = 32; diagonal w·[16·4 + 4·(2 + 4)] = 44;
  // within a row of 6 tokens (5 keys besides the token): (1 − 1/5)·w·d_x²·σ²(σ² + μ²) = 0.8·0.5·16·2 = 12.8;
  // the paper's product ignores the mean: 0.5·16 = 8.
  const asl::AssumptionCheck r = asl::assumption_check(config(4, 8, 1.0, 0.5, 0.5, 1.0, 6, 20000, 13), {1.0});
  const asl::AssumptionPoint& p = r.points[0];
  INFO("off " << p.measured_off_diagonal.value << " ± " << p.measured_off_diagonal.std_error << ", diagonal "
              << p.measured_diagonal.value << " ± " << p.measured_diagonal.std_error << ", within-row "
              << p.within_row.value << " ± " << p.within_row.std_error);
  REQUIRE(close(p.predicted.paper, 8.0, 0, 1e-15));
  REQUIRE(close(p.predicted.off_diagonal, 32.0, 0, 1e-15));
  REQUIRE(close(p.predicted.diagonal, 44.0, 0, 1e-15));
  REQUIRE(close(p.predicted.within_row, 12.8, 0, 1e-14));
  REQUIRE(within(p.measured_off_diagonal, 32.0, p.measured_off_diagonal.std_error));
  REQUIRE(within(p.measured_diagonal, 44.0, p.measured_diagonal.std_error));
  REQUIRE(within(p.within_row, 12.8, p.within_row.std_error));
  REQUIRE(within(p.mean_off_diagonal, 0.0, p.mean_off_diagonal.std_error));
  REQUIRE(!within(p.measured_off_diagonal, 8.0, p.measured_off_diagonal.std_error, 10.0));
}

TEST_CASE("the assumption check's standard errors match the spread of its estimates over seeds", "[assumptions][scores]") {
  // 60 independent runs of 100 samples: the sd of the 60 estimates against the mean reported standard error. The sd
  // of 60 values is itself uncertain by ≈ 1/√118 ≈ 9 % (more for heavy tails), so the band is [0.7, 1.4].
  const int runs = 60;
  std::vector<double> off(runs), diag(runs), within_row(runs), ratio(runs);
  double se_off = 0, se_diag = 0, se_within = 0, se_ratio = 0;
  for (int s = 0; s < runs; ++s) {
    const auto r = asl::assumption_check(config(8, 8, 1.0, 0.35, 0.35, 0.5, 5, 100, 1000 + s), {1.0});
    off[s] = r.points[0].measured_off_diagonal.value;
    diag[s] = r.points[0].measured_diagonal.value;
    within_row[s] = r.points[0].within_row.value;
    se_off += r.points[0].measured_off_diagonal.std_error / runs;
    se_diag += r.points[0].measured_diagonal.std_error / runs;
    se_within += r.points[0].within_row.std_error / runs;
    ratio[s] = r.points[0].diagonal_ratio.value;
    se_ratio += r.points[0].diagonal_ratio.std_error / runs;
  }
  const auto sd = [&](const std::vector<double>& v) {
    return std::sqrt(asl::moments(v.data(), v.size()).variance * runs / (runs - 1.0));
  };
  INFO("off-diagonal: sd " << sd(off) << " vs se " << se_off << "; diagonal: " << sd(diag) << " vs " << se_diag
                           << "; within-row: " << sd(within_row) << " vs " << se_within << "; diagonal ratio: "
                           << sd(ratio) << " vs " << se_ratio);
  REQUIRE(sd(off) / se_off > 0.7);
  REQUIRE(sd(off) / se_off < 1.4);
  REQUIRE(sd(diag) / se_diag > 0.7);
  REQUIRE(sd(diag) / se_diag < 1.4);
  REQUIRE(sd(within_row) / se_within > 0.7);
  REQUIRE(sd(within_row) / se_within < 1.4);
  REQUIRE(sd(ratio) / se_ratio > 0.7);
  REQUIRE(sd(ratio) / se_ratio < 1.4);
}

TEST_CASE("weight drift: scaling W_q and W_k by f multiplies the score variance by f⁴ and sharpens the softmax",
          "[assumptions][drift]") {
  const std::vector<double> drifts = {0.5, 1.0, 1.5, 2.0, 4.0};
  const asl::AssumptionCheck r = asl::assumption_check(config(32, 32, 1.0, 1 / std::sqrt(32.0), 1 / std::sqrt(32.0),
                                                              0.0, 10, 400, 21), drifts);
  REQUIRE(r.points.size() == drifts.size());
  const asl::AssumptionPoint& base = r.points[1];
  for (std::size_t i = 0; i < drifts.size(); ++i) {
    const asl::AssumptionPoint& p = r.points[i];
    const double f4 = std::pow(drifts[i], 4);
    INFO("f = " << drifts[i] << ": variance " << p.measured.value << ", max weight " << p.scaled.max_weight.value
                << ", entropy " << p.scaled.entropy.value);
    // The same draws at every f. Powers of two scale float32 exactly, so the ratio is f⁴ to float64 rounding; f = 1.5
    // rounds each weight and product once more (float32).
    const bool exact = drifts[i] != 1.5;
    REQUIRE(close(p.measured.value, f4 * base.measured.value, 0, exact ? 1e-12 : 1e-5));
    REQUIRE(close(p.measured_diagonal.value, f4 * base.measured_diagonal.value, 0, exact ? 1e-12 : 1e-5));
    REQUIRE(close(p.predicted.paper, f4 * base.predicted.paper, 0, 1e-14));
    REQUIRE(close(p.scaled_variance, f4 * base.scaled_variance, 0, exact ? 1e-12 : 1e-5));
    if (i > 0) {
      REQUIRE(p.scaled.entropy.value < r.points[i - 1].scaled.entropy.value);
      REQUIRE(p.scaled.max_weight.value > r.points[i - 1].scaled.max_weight.value);
    }
    // The restoring β undoes the drift: the restored rows do not depend on f (up to float32 rounding).
    REQUIRE(close(p.restored.entropy.value, base.restored.entropy.value, 0, 1e-5));
  }
  // At f = 1 the unit case is what 1/√d_k assumed: its rows are about as sharp as rows of N(0, 1) logits (not exactly:
  // a row's spread varies with |q_i|, and the diagonal is wider). At f = 4 (variance × 256) they are far sharper.
  INFO("f = 1: entropy " << base.scaled.entropy.value << " vs assumed " << r.assumed.entropy.value << "; f = 4: "
                         << r.points[4].scaled.entropy.value);
  REQUIRE(close(base.scaled.entropy.value, r.assumed.entropy.value, 0, 0.05));
  REQUIRE(close(base.scaled.max_weight.value, r.assumed.max_weight.value, 0, 0.1));
  REQUIRE(r.points[4].scaled.entropy.value < 0.3 * r.assumed.entropy.value);
  REQUIRE(r.points[4].scaled.max_weight.value > 0.8);
  REQUIRE(r.max_entropy == std::log(10.0));
}

TEST_CASE("the drift sweep's f = 1 point equals a plain check, and more tokens keep the first scores",
          "[assumptions][drift]") {
  const auto c = config(12, 6, 1.0, 0.3, 0.3, 0.2, 5, 50, 4);
  const asl::AssumptionCheck one = asl::assumption_check(c, {1.0});
  const asl::AssumptionCheck sweep = asl::assumption_check(c, {0.5, 1.0, 3.0});
  REQUIRE(sweep.points[1].measured.value == one.points[0].measured.value);
  REQUIRE(sweep.points[1].scaled.entropy.value == one.points[0].scaled.entropy.value);
  auto more = c;
  more.tokens = 7;
  const asl::AssumptionCheck bigger = asl::assumption_check(more, {1.0});
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 5; ++j) REQUIRE(close(bigger.first_scores(i, j), one.first_scores(i, j), 1e-6, 1e-6));
}
