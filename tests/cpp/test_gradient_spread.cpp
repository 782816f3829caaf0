// How the softmax gradient spreads over rows: the quantile and log-histogram helpers by hand, the sweep's spread and
// gradient_distribution against the same rows computed one by one, and the gradient that reaches the query against
// finite differences and an explicit Monte Carlo over upstream gradients.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

#include "engine/random.h"
#include "engine/softmax_lab.h"
#include "engine/spread.h"
#include "helpers.h"

using asl_test::close;

namespace {

// Row `row` of a sweep at d_k, for the unscaled (side 0) or scaled (side 1) logits, computed directly.
struct DirectRow {
  double jacobian, query;
};
DirectRow direct_row(asl::ScoreModel model, int d_k, int n, std::uint64_t seed, int row, int side) {
  std::vector<double> raw(static_cast<std::size_t>(n)), logits(raw.size());
  asl::score_row(model, d_k, n, seed, static_cast<std::uint64_t>(row), raw.data());
  const double root = std::sqrt(static_cast<double>(d_k));
  for (int j = 0; j < n; ++j) logits[j] = side == 0 ? raw[j] : raw[j] / root;
  asl::SoftmaxAnalysis a;
  asl::analyze_softmax(logits.data(), n, a, false);
  DirectRow r{a.jacobian_frobenius, 0.0};
  if (model == asl::ScoreModel::dot) {
    std::vector<double> q(static_cast<std::size_t>(d_k)), keys_t(static_cast<std::size_t>(d_k) * n);
    asl::dot_row_vectors(d_k, n, seed, static_cast<std::uint64_t>(row), q.data(), keys_t.data());
    r.query = asl::query_gradient_norm(a, keys_t.data(), d_k, n) / (side == 0 ? 1.0 : root);
  }
  return r;
}

// The q-quantile of an odd-sized sample at an order statistic: (count − 1)·q is a whole number for these counts.
double order_statistic(std::vector<double> values, double q) {
  std::sort(values.begin(), values.end());
  return values[static_cast<std::size_t>(std::lround((values.size() - 1) * q))];
}

}  // namespace

TEST_CASE("quantiles interpolate between order statistics as numpy's default does", "[gradient_spread]") {
  // Sorted 1, 2, 3, 4: the q-quantile sits at position 3q, so the median is 2.5, the quartiles 1.75 and 3.25 and the
  // 90th percentile 3.7; "below 2" counts 1 strictly (2 itself is not below).
  const std::vector<double> x = {4, 1, 3, 2};
  const asl::Spread s = asl::spread_of(x.data(), x.size(), 2.0);
  REQUIRE(s.mean == 2.5);
  REQUIRE(s.median == 2.5);
  REQUIRE(close(s.quartile1, 1.75, 1e-15, 0));
  REQUIRE(close(s.quartile3, 3.25, 1e-15, 0));
  REQUIRE(close(s.p90, 3.7, 1e-15, 0));
  REQUIRE(s.max == 4);
  REQUIRE(s.fraction_below == 0.25);
  REQUIRE(x[0] == 4);  // the input is not reordered
  const std::vector<double> one = {0.3};
  const asl::Spread single = asl::spread_of(one.data(), 1, 0.5);
  REQUIRE((single.median == 0.3 && single.quartile1 == 0.3 && single.p90 == 0.3 && single.fraction_below == 1.0));
}

TEST_CASE("log-spaced edges run from a power of ten below the smallest norm to one above the largest; zeros apart",
          "[gradient_spread]") {
  const std::vector<double> a = {0.0, 3e-5, 0.2}, b = {0.5, 0.0};
  const std::vector<double> edges = asl::log_bin_edges({&a, &b}, 10);
  REQUIRE(edges.size() == 11);
  REQUIRE(close(edges.front(), 1e-5, 0, 1e-15));
  REQUIRE(close(edges.back(), 1.0, 0, 1e-15));
  for (std::size_t i = 1; i < edges.size(); ++i)  // each bin half a decade wide
    REQUIRE(close(edges[i] / edges[i - 1], std::sqrt(10.0), 0, 1e-12));
  std::vector<double> counts(10);
  REQUIRE(asl::log_histogram(a.data(), a.size(), edges, counts.data()) == 1);  // one zero
  double total = 0.0;
  for (double c : counts) total += c;
  REQUIRE(total == 2.0);
  REQUIRE(counts[0] == 1.0);  // 3e-5 in [1e-5, 10^-4.5)
  REQUIRE(counts[8] == 1.0);  // 0.2 in [10^-1, 10^-0.5)
  const std::vector<double> top = {1.0};  // the last edge itself falls in the last bin
  REQUIRE(asl::log_histogram(top.data(), 1, edges, counts.data()) == 0);
  REQUIRE(counts[9] == 1.0);
  const std::vector<double> zeros = {0.0, 0.0};
  const std::vector<double> fallback = asl::log_bin_edges({&zeros}, 3);
  REQUIRE((close(fallback.front(), 1e-3, 0, 1e-15) && close(fallback.back(), 1.0, 0, 1e-15)));
}

TEST_CASE("the sweep's median, quartiles and share below the threshold are those of its rows computed one by one",
          "[gradient_spread][gradient]") {
  const std::vector<int> d_ks = {1, 64, 512};
  const int n = 16, trials = 201;  // 201 rows: the median and quartiles are order statistics 100, 50 and 150
  for (auto model : {asl::ScoreModel::normal, asl::ScoreModel::dot}) {
    const asl::GradientSweep g = asl::gradient_sweep(model, d_ks, n, trials, 5, 0.01);
    REQUIRE(g.threshold == 0.01);
    for (std::size_t at = 0; at < d_ks.size(); ++at) {
      for (int side = 0; side < 2; ++side) {
        const asl::GradientCurve& curve = side == 0 ? g.unscaled : g.scaled;
        std::vector<double> norms, query;
        int below = 0;
        for (int r = 0; r < trials; ++r) {
          const DirectRow row = direct_row(model, d_ks[at], n, 5, r, side);
          norms.push_back(row.jacobian);
          query.push_back(row.query);
          below += row.jacobian < 0.01;
        }
        INFO("model " << static_cast<int>(model) << ", d_k = " << d_ks[at] << ", side " << side << ": median "
                      << curve.median_norm[at] << ", mean " << curve.mean_norm[at]);
        REQUIRE(curve.median_norm[at] == order_statistic(norms, 0.5));
        REQUIRE(curve.quartile1[at] == order_statistic(norms, 0.25));
        REQUIRE(curve.quartile3[at] == order_statistic(norms, 0.75));
        REQUIRE(curve.fraction_below[at] == static_cast<double>(below) / trials);
        if (model == asl::ScoreModel::normal) {
          REQUIRE(curve.mean_query_norm.empty());
          continue;
        }
        double sum = 0.0;
        for (double v : query) sum += v;
        REQUIRE(close(curve.mean_query_norm[at], sum / trials, 0, 1e-12));
        REQUIRE(curve.median_query_norm[at] == order_statistic(query, 0.5));
        REQUIRE(curve.p90_query_norm[at] == order_statistic(query, 0.9));
      }
    }
    // The mean hides the spread once unscaled rows are sharp: at d_k = 512 most rows pass far less than the mean.
    REQUIRE(g.unscaled.median_norm[2] < 0.2 * g.unscaled.mean_norm[2]);
    REQUIRE(g.scaled.median_norm[2] > 0.5 * g.scaled.mean_norm[2]);
    REQUIRE(g.unscaled.fraction_below[2] > g.scaled.fraction_below[2]);
  }
}

TEST_CASE("the query gradient's norm is the root mean square of finite-difference gradients over upstream g",
          "[gradient_spread]") {
  // L(q) = g·softmax(c·K·q). With g = e_i, ∇_q L is row i of (c·Kᵀ·J)ᵀ, so Σ_i ‖∇_q L_i‖² = c²·‖KᵀJ‖_F², which is
  // also E‖c·KᵀJ·g‖² for g ~ N(0, I): checked by central differences and by an explicit Monte Carlo over g.
  const int d_k = 3, n = 5;
  std::vector<double> q(d_k), keys_t(static_cast<std::size_t>(d_k) * n);
  asl::dot_row_vectors(d_k, n, 11, 0, q.data(), keys_t.data());
  const auto weights = [&](const std::vector<double>& query, double c) {
    std::vector<double> z(n, 0.0);
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < d_k; ++i) z[j] += c * query[i] * keys_t[static_cast<std::size_t>(i) * n + j];
    asl::SoftmaxAnalysis a;
    asl::analyze_softmax(z.data(), n, a, false);
    return a;
  };
  std::vector<double> scores(n);
  asl::score_row(asl::ScoreModel::dot, d_k, n, 11, 0, scores.data());
  for (int j = 0; j < n; ++j) {  // dot_row_vectors gives the q and keys behind score_row's dot-model row
    double z = 0.0;
    for (int i = 0; i < d_k; ++i) z += q[i] * keys_t[static_cast<std::size_t>(i) * n + j];
    // The same products summed in the same order; a build may fuse a multiply-add in one place and not the other.
    REQUIRE(std::abs(z - scores[j]) <= 1e-14 * std::max(1.0, std::abs(scores[j])));
  }
  for (double c : {1.0, 1.0 / std::sqrt(3.0), 4.0}) {
    const asl::SoftmaxAnalysis a = weights(q, c);
    const double closed = c * asl::query_gradient_norm(a, keys_t.data(), d_k, n);
    double fd2 = 0.0;
    const double h = 1e-6;
    for (int i = 0; i < n; ++i) {
      for (int dim = 0; dim < d_k; ++dim) {
        std::vector<double> up = q, down = q;
        up[dim] += h, down[dim] -= h;
        const double d = (weights(up, c).p[i] - weights(down, c).p[i]) / (2 * h);
        fd2 += d * d;
      }
    }
    INFO("c = " << c << ": closed form " << closed << ", finite differences " << std::sqrt(fd2));
    REQUIRE(close(closed, std::sqrt(fd2), 1e-9, 1e-7));

    std::vector<double> jac(static_cast<std::size_t>(n) * n);
    asl::softmax_jacobian(a, jac.data());
    asl::Rng rng(77);
    const int draws = 100000;
    double sum = 0.0, sum2 = 0.0;
    for (int s = 0; s < draws; ++s) {
      std::vector<double> g(n), jg(n, 0.0);
      for (double& x : g) x = rng.normal();
      for (int r = 0; r < n; ++r)
        for (int col = 0; col < n; ++col) jg[r] += jac[static_cast<std::size_t>(r) * n + col] * g[col];
      double sq = 0.0;
      for (int dim = 0; dim < d_k; ++dim) {
        double grad = 0.0;
        for (int j = 0; j < n; ++j) grad += c * keys_t[static_cast<std::size_t>(dim) * n + j] * jg[j];
        sq += grad * grad;
      }
      sum += sq, sum2 += sq * sq;
    }
    const double mean = sum / draws, se = std::sqrt((sum2 / draws - mean * mean) / draws);
    INFO("Monte Carlo E‖∂L/∂q‖² = " << mean << " ± " << se << ", closed form " << closed * closed);
    REQUIRE(std::fabs(mean - closed * closed) <= 4 * se);
  }
}

TEST_CASE("a sharp row's query gradient keeps full precision against the explicit product Kᵀ·J", "[gradient_spread]") {
  const int d_k = 512, n = 16;
  std::vector<double> q(d_k), keys_t(static_cast<std::size_t>(d_k) * n), raw(n);
  for (int row = 0; row < 20; ++row) {
    asl::dot_row_vectors(d_k, n, 4, static_cast<std::uint64_t>(row), q.data(), keys_t.data());
    asl::score_row(asl::ScoreModel::dot, d_k, n, 4, static_cast<std::uint64_t>(row), raw.data());
    asl::SoftmaxAnalysis a;
    asl::analyze_softmax(raw.data(), n, a, false);
    std::vector<double> jac(static_cast<std::size_t>(n) * n);
    asl::softmax_jacobian(a, jac.data());
    double frobenius2 = 0.0;
    for (int dim = 0; dim < d_k; ++dim)
      for (int col = 0; col < n; ++col) {
        double entry = 0.0;
        for (int j = 0; j < n; ++j) entry += keys_t[static_cast<std::size_t>(dim) * n + j] * jac[j * n + col];
        frobenius2 += entry * entry;
      }
    INFO("row " << row << ": 1 − p_max = " << a.complement[a.argmax]);
    REQUIRE(close(asl::query_gradient_norm(a, keys_t.data(), d_k, n), std::sqrt(frobenius2), 1e-300, 1e-9));
  }
}

TEST_CASE("the distribution at one d_k holds the sweep's rows, one histogram axis for both, zeros apart",
          "[gradient_spread][gradient]") {
  for (auto model : {asl::ScoreModel::normal, asl::ScoreModel::dot}) {
    const asl::GradientDistribution d = asl::gradient_distribution(model, 512, 16, 300, 8, 0.01, 24);
    const asl::GradientSweep g = asl::gradient_sweep(model, {64, 512}, 16, 300, 8, 0.01);
    const bool dot = model == asl::ScoreModel::dot;
    REQUIRE(d.jacobian.edges.size() == 25);
    REQUIRE(d.query.edges.size() == (dot ? 25u : 0u));
    REQUIRE(d.query.unscaled.values.size() == (dot ? 300u : 0u));
    for (int r : {0, 17, 299})
      for (int side = 0; side < 2; ++side) {
        const DirectRow row = direct_row(model, 512, 16, 8, r, side);
        REQUIRE((side == 0 ? d.jacobian.unscaled : d.jacobian.scaled).values[r] == row.jacobian);
        if (dot) REQUIRE((side == 0 ? d.query.unscaled : d.query.scaled).values[r] == row.query);
      }
    REQUIRE(d.jacobian.unscaled.spread.median == g.unscaled.median_norm[1]);
    REQUIRE(d.jacobian.scaled.spread.fraction_below == g.scaled.fraction_below[1]);
    REQUIRE(close(d.jacobian.unscaled.spread.mean, g.unscaled.mean_norm[1], 0, 1e-12));
    if (dot) REQUIRE(d.query.scaled.spread.median == g.scaled.median_query_norm[1]);
    for (const asl::NormPair* pair : {&d.jacobian, &d.query}) {
      if (pair->edges.empty()) continue;
      for (const asl::NormSample* s : {&pair->unscaled, &pair->scaled}) {
        double total = static_cast<double>(s->zeros);
        for (double c : s->counts) total += c;
        REQUIRE(total == 300.0);
        for (double v : s->values) REQUIRE((v == 0.0 || (v >= pair->edges.front() && v <= pair->edges.back())));
      }
    }
  }
}

TEST_CASE("the distribution names the rows at its quartiles: their norms are the sorted norms at nearest rank",
          "[gradient_spread][gradient]") {
  const int trials = 301;
  const asl::GradientDistribution d = asl::gradient_distribution(asl::ScoreModel::normal, 64, 16, trials, 1, 0.01, 24);
  for (const asl::NormSample* s : {&d.jacobian.unscaled, &d.jacobian.scaled}) {
    std::vector<double> sorted = s->values;
    std::sort(sorted.begin(), sorted.end());
    const double q[3] = {0.25, 0.5, 0.75};
    for (int i = 0; i < 3; ++i) {
      INFO("quartile " << q[i]);
      REQUIRE(s->quartile_rows[i] < static_cast<std::size_t>(trials));
      REQUIRE(s->values[s->quartile_rows[i]] == sorted[static_cast<std::size_t>(std::lround((trials - 1) * q[i]))]);
    }
    REQUIRE(s->values[s->quartile_rows[1]] == s->spread.median);  // odd count: the median is an order statistic
  }
  // Row r of the distribution is score_row's row r: the median row's own norm, analysed alone, is the same number.
  const std::size_t r = d.jacobian.unscaled.quartile_rows[1];
  std::vector<double> z(16);
  asl::score_row(asl::ScoreModel::normal, 64, 16, 1, r, z.data());
  asl::SoftmaxAnalysis a;
  asl::analyze_softmax(z.data(), 16, a, false);
  REQUIRE(a.jacobian_frobenius == d.jacobian.unscaled.values[r]);
}
