// Lesson 3's softmax lab (see softmax_lab.h): float64 softmax with exact complements, entropy, the Jacobian and its
// Frobenius and spectral norms in O(n), the query gradient's norm in O(n·d_k), the Monte Carlo gradient sweep and
// the distribution of its per-row norms at one d_k, and the float64 softmax pair.
#include "softmax_lab.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "random.h"

namespace asl {
namespace {

constexpr std::uint64_t kNormalRowStreams = 0x4c33'6e6f'726dULL;  // score_row, model normal: one stream per row
constexpr std::uint64_t kDotRowStreams = 0x4c33'646f'7473ULL;     // score_row, model dot: one stream per row

// Adds dimensions c = from … to − 1 of a dot-model row to sums (n), drawing q_c, k_0c, …, k_(n−1)c from rng. When
// given, query (to) and keys_t (to, n) receive the entries drawn (query[c], keys_t[c·n + j]).
void extend_dot_row(Rng& rng, int from, int to, int n, double* sums, double* query = nullptr,
                    double* keys_t = nullptr) {
  for (int c = from; c < to; ++c) {
    const double q_c = rng.normal();
    if (query) query[c] = q_c;
    for (int j = 0; j < n; ++j) {
      const double k_jc = rng.normal();
      if (keys_t) keys_t[static_cast<std::size_t>(c) * n + j] = k_jc;
      sums[j] += q_c * k_jc;
    }
  }
}

// The largest eigenvalue of J = diag(p) − p·pᵀ. J is a rank-1 downdate of diag(p), so its eigenvalues λ ∉ {p_i}
// solve the secular equation f(λ) = 1 − Σ_i p_i² / (p_i − λ) = 0, and they interlace with the p_i: the largest lies
// in (p₂, p₁), the two largest weights, where f falls monotonically from +∞ to −∞. With q₁ = 1 − p₁ the first term
// is rewritten without cancellation: 1 − p₁²/(p₁ − λ) = (p₁q₁ − λ)/(p₁ − λ). Bisection in the geometric mean
// finds λ to full relative precision even when it is 1e-30.
double spectral_norm(const SoftmaxAnalysis& a, int n) {
  if (n < 2) return 0.0;
  const int m = a.argmax;
  const double p1 = a.p[m], q1 = a.complement[m];
  double p2 = 0.0;
  for (int i = 0; i < n; ++i)
    if (i != m) p2 = std::max(p2, a.p[i]);
  if (p2 == 0.0) return 0.0;   // every other weight underflowed: J = 0
  if (p2 == p1) return p1;     // a tie at the top: e_1 − e_2 is an eigenvector with eigenvalue p₁
  const auto f = [&](double lambda) {
    double value = (p1 * q1 - lambda) / (p1 - lambda);
    for (int i = 0; i < n; ++i)
      if (i != m) value -= a.p[i] * a.p[i] / (a.p[i] - lambda);
    return value;
  };
  double lo = p2, hi = p1;
  for (int iteration = 0; iteration < 200 && hi > lo * (1.0 + 4.0 * DBL_EPSILON); ++iteration) {
    const double mid = std::sqrt(lo * hi);
    if (!(mid > lo && mid < hi)) break;
    if (f(mid) > 0.0) lo = mid;
    else hi = mid;
  }
  return 0.5 * (lo + hi);
}

}  // namespace

void score_row(ScoreModel model, int d_k, int n, std::uint64_t seed, std::uint64_t row, double* scores) {
  if (model == ScoreModel::normal) {
    Rng rng = Rng::stream(seed, kNormalRowStreams, row);
    const double spread = std::sqrt(static_cast<double>(d_k));
    for (int j = 0; j < n; ++j) scores[j] = spread * rng.normal();
    return;
  }
  Rng rng = Rng::stream(seed, kDotRowStreams, row);
  std::fill(scores, scores + n, 0.0);
  extend_dot_row(rng, 0, d_k, n, scores);
}

void dot_row_vectors(int d_k, int n, std::uint64_t seed, std::uint64_t row, double* query, double* keys_t) {
  Rng rng = Rng::stream(seed, kDotRowStreams, row);
  std::vector<double> scores(static_cast<std::size_t>(n), 0.0);
  extend_dot_row(rng, 0, d_k, n, scores.data(), query, keys_t);
}

void analyze_softmax(const double* z, int n, SoftmaxAnalysis& out, bool spectral) {
  out.p.resize(static_cast<std::size_t>(n));
  out.log_p.resize(out.p.size());
  out.complement.resize(out.p.size());
  int m = 0;
  for (int i = 1; i < n; ++i)
    if (z[i] > z[m]) m = i;
  out.argmax = m;
  // e_i = exp(z_i − max) ∈ (0, 1], e_m = 1; `others` = Σ_{i≠m} e_i is summed directly, never as total − 1.
  double others = 0.0;
  for (int i = 0; i < n; ++i) {
    out.p[i] = i == m ? 1.0 : std::exp(z[i] - z[m]);
    if (i != m) others += out.p[i];
  }
  const double total = 1.0 + others, log_total = std::log1p(others);
  for (int i = 0; i < n; ++i) {
    const double e_i = out.p[i];
    out.log_p[i] = (z[i] - z[m]) - log_total;
    out.complement[i] = i == m ? others / total : (total - e_i) / total;  // total − e_i >= e_m = 1: no cancellation
    out.p[i] = e_i / total;
  }
  out.max_weight = out.p[m];
  double entropy = 0.0;
  for (int i = 0; i < n; ++i) entropy -= out.p[i] * out.log_p[i];  // p = 0 (underflow) adds 0: log_p is finite
  out.entropy = std::max(entropy, 0.0);
  out.max_entropy = std::log(static_cast<double>(n));
  out.effective_keys = std::exp(out.entropy);

  // ‖J‖_F² = Σ_i p_i²(1 − p_i)² + Σ_i p_i² Σ_{j≠i} p_j², with Σ_{j≠i} p_j² from T = Σ_{j≠m} p_j² (no cancellation
  // at the largest weight, where the lesson's sharp rows live).
  double t = 0.0;
  for (int i = 0; i < n; ++i)
    if (i != m) t += out.p[i] * out.p[i];
  double frobenius2 = 0.0;
  for (int i = 0; i < n; ++i) {
    const double p_i = out.p[i], q_i = out.complement[i];
    const double rest = i == m ? t : t - p_i * p_i + out.p[m] * out.p[m];
    frobenius2 += p_i * p_i * (q_i * q_i + rest);
  }
  out.jacobian_frobenius = std::sqrt(frobenius2);
  out.jacobian_spectral = spectral ? spectral_norm(out, n) : 0.0;
}

void softmax_jacobian(const SoftmaxAnalysis& a, double* jacobian) {
  const int n = static_cast<int>(a.p.size());
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      jacobian[static_cast<std::size_t>(i) * n + j] = i == j ? a.p[i] * a.complement[i] : -a.p[i] * a.p[j];
}

double query_gradient_norm(const SoftmaxAnalysis& a, const double* keys_t, int d_k, int n) {
  const int m = a.argmax;
  const double p_m = a.p[m];
  double total = 0.0;
  for (int c = 0; c < d_k; ++c) {
    const double* k_c = keys_t + static_cast<std::size_t>(c) * n;
    double shift = 0.0;  // (k̄ − k_m)_c
    for (int i = 0; i < n; ++i)
      if (i != m) shift += a.p[i] * (k_c[i] - k_c[m]);
    double sum = p_m * p_m * shift * shift;  // j = m: k_m − k̄ = −shift
    for (int j = 0; j < n; ++j) {
      if (j == m) continue;
      const double u = (k_c[j] - k_c[m]) - shift;  // k_j − k̄
      sum += a.p[j] * a.p[j] * u * u;
    }
    total += sum;
  }
  return std::sqrt(total);
}

namespace {

// What row `trial` gives at d_ks[at], for the unscaled [0] and scaled [1] logits; query norms only for model dot.
struct RowResult {
  double jacobian[2], query[2], max_weight[2], entropy[2];
};

// Walks the rows of a gradient sweep, trials outer and d_ks inner (a dot-model row at a larger d_k extends the one
// at a smaller d_k), and calls visit(trial, at, result) for each. Allocates its buffers once.
template <class Visit>
void walk_gradient_rows(ScoreModel model, const std::vector<int>& d_ks, int n, int trials, std::uint64_t seed,
                        Visit&& visit) {
  const std::size_t k = d_ks.size(), row_size = static_cast<std::size_t>(n);
  const bool dot = model == ScoreModel::dot;
  std::vector<double> z_unit(row_size), raw(row_size), logits(row_size);
  std::vector<double> keys_t(dot ? static_cast<std::size_t>(d_ks.back()) * row_size : 0);
  SoftmaxAnalysis a;
  a.p.reserve(row_size), a.log_p.reserve(row_size), a.complement.reserve(row_size);
  RowResult result{};
  for (int trial = 0; trial < trials; ++trial) {
    Rng dot_rng = Rng::stream(seed, kDotRowStreams, static_cast<std::uint64_t>(trial));
    int dims_done = 0;
    if (dot) std::fill(raw.begin(), raw.end(), 0.0);
    else score_row(ScoreModel::normal, 1, n, seed, static_cast<std::uint64_t>(trial), z_unit.data());
    for (std::size_t at = 0; at < k; ++at) {
      const int d_k = d_ks[at];
      const double root = std::sqrt(static_cast<double>(d_k));
      if (dot) {
        extend_dot_row(dot_rng, dims_done, d_k, n, raw.data(), nullptr, keys_t.data());  // as score_row draws it
        dims_done = d_k;
      } else {
        for (int j = 0; j < n; ++j) raw[j] = root * z_unit[j];  // as score_row(normal, d_k, …) draws it
      }
      for (int side = 0; side < 2; ++side) {  // 0: logits = raw (c = 1); 1: logits = raw/√d_k (c = 1/√d_k)
        if (side == 1)
          for (int j = 0; j < n; ++j) logits[j] = raw[j] / root;
        analyze_softmax(side == 0 ? raw.data() : logits.data(), n, a, false);
        result.jacobian[side] = a.jacobian_frobenius;
        result.max_weight[side] = a.max_weight;
        result.entropy[side] = a.entropy;
        result.query[side] = dot ? query_gradient_norm(a, keys_t.data(), d_k, n) / (side == 0 ? 1.0 : root) : 0.0;
      }
      visit(trial, at, result);
    }
  }
}

}  // namespace

GradientSweep gradient_sweep(ScoreModel model, const std::vector<int>& d_ks, int n, int trials, std::uint64_t seed,
                             double threshold) {
  GradientSweep s;
  s.d_ks = d_ks;
  s.threshold = threshold;
  const std::size_t k = d_ks.size(), rows = static_cast<std::size_t>(trials);
  const bool dot = model == ScoreModel::dot;
  GradientCurve* curves[2] = {&s.unscaled, &s.scaled};
  for (GradientCurve* c : curves) {
    for (std::vector<double>* v : {&c->mean_norm, &c->std_error, &c->mean_max_weight, &c->mean_entropy,
                                   &c->median_norm, &c->quartile1, &c->quartile3, &c->fraction_below})
      v->assign(k, 0.0);
    if (dot)
      for (std::vector<double>* v : {&c->mean_query_norm, &c->median_query_norm, &c->p90_query_norm})
        v->assign(k, 0.0);
  }
  // Running sums of squared deviations (Welford), one per d_k and curve; the means live in mean_norm. Every row's
  // norms are kept as well, [at·trials + trial], for the quantiles.
  std::vector<double> m2[2] = {std::vector<double>(k, 0.0), std::vector<double>(k, 0.0)};
  std::vector<double> norms[2], query[2];
  for (int side = 0; side < 2; ++side) {
    norms[side].resize(k * rows);
    if (dot) query[side].resize(k * rows);
  }

  walk_gradient_rows(model, d_ks, n, trials, seed, [&](int trial, std::size_t at, const RowResult& row) {
    const double count = trial + 1.0;
    for (int side = 0; side < 2; ++side) {
      GradientCurve& curve = *curves[side];
      const double norm = row.jacobian[side];
      const double delta = norm - curve.mean_norm[at];
      curve.mean_norm[at] += delta / count;
      m2[side][at] += delta * (norm - curve.mean_norm[at]);
      curve.mean_max_weight[at] += (row.max_weight[side] - curve.mean_max_weight[at]) / count;
      curve.mean_entropy[at] += (row.entropy[side] - curve.mean_entropy[at]) / count;
      norms[side][at * rows + trial] = norm;
      if (dot) query[side][at * rows + trial] = row.query[side];
    }
  });

  const double t = trials;
  for (int side = 0; side < 2; ++side) {
    GradientCurve& curve = *curves[side];
    for (std::size_t at = 0; at < k; ++at) {
      curve.std_error[at] = trials > 1 ? std::sqrt(m2[side][at] / (t - 1.0) / t) : 0.0;
      const Spread spread = spread_of(norms[side].data() + at * rows, rows, threshold);
      curve.median_norm[at] = spread.median;
      curve.quartile1[at] = spread.quartile1;
      curve.quartile3[at] = spread.quartile3;
      curve.fraction_below[at] = spread.fraction_below;
      if (!dot) continue;
      const Spread q = spread_of(query[side].data() + at * rows, rows, threshold);
      curve.mean_query_norm[at] = q.mean;
      curve.median_query_norm[at] = q.median;
      curve.p90_query_norm[at] = q.p90;
    }
  }
  s.ratio.resize(k);
  for (std::size_t at = 0; at < k; ++at) s.ratio[at] = s.unscaled.mean_norm[at] / s.scaled.mean_norm[at];
  return s;
}

GradientDistribution gradient_distribution(ScoreModel model, int d_k, int n, int trials, std::uint64_t seed,
                                           double threshold, int bins) {
  GradientDistribution g;
  g.scale = 1.0 / std::sqrt(static_cast<double>(d_k));
  const bool dot = model == ScoreModel::dot;
  const std::size_t rows = static_cast<std::size_t>(trials);
  NormSample* jacobian[2] = {&g.jacobian.unscaled, &g.jacobian.scaled};
  NormSample* query[2] = {&g.query.unscaled, &g.query.scaled};
  for (int side = 0; side < 2; ++side) {
    jacobian[side]->values.resize(rows);
    if (dot) query[side]->values.resize(rows);
  }
  walk_gradient_rows(model, {d_k}, n, trials, seed, [&](int trial, std::size_t, const RowResult& row) {
    for (int side = 0; side < 2; ++side) {
      jacobian[side]->values[trial] = row.jacobian[side];
      if (dot) query[side]->values[trial] = row.query[side];
    }
  });
  for (NormPair* pair : {&g.jacobian, &g.query}) {
    if (pair->unscaled.values.empty()) continue;  // the query pair of model normal
    pair->edges = log_bin_edges({&pair->unscaled.values, &pair->scaled.values}, bins);
    for (NormSample* sample : {&pair->unscaled, &pair->scaled}) {
      sample->spread = spread_of(sample->values.data(), rows, threshold);
      sample->counts.resize(static_cast<std::size_t>(bins));
      sample->zeros = log_histogram(sample->values.data(), rows, pair->edges, sample->counts.data());
      std::vector<std::size_t> order(rows);
      for (std::size_t r = 0; r < rows; ++r) order[r] = r;
      std::stable_sort(order.begin(), order.end(),
                       [&](std::size_t x, std::size_t y) { return sample->values[x] < sample->values[y]; });
      const double quartiles[3] = {0.25, 0.5, 0.75};
      for (int i = 0; i < 3; ++i)
        sample->quartile_rows[i] = order[static_cast<std::size_t>(std::lround(static_cast<double>(rows - 1) * quartiles[i]))];
    }
  }
  return g;
}

void two_logit_curve(const double* gaps, int count, double* p, double* slope) {
  SoftmaxAnalysis a;
  for (int i = 0; i < count; ++i) {
    const double z[2] = {gaps[i], 0.0};
    analyze_softmax(z, 2, a, false);
    p[i] = a.p[0];
    slope[i] = a.p[0] * a.complement[0];  // J_00 of diag(p) − p·pᵀ
  }
}

GapSpread gap_spread(int d_k, int pairs, std::uint64_t seed, double threshold) {
  GapSpread g;
  g.d_k = d_k;
  g.pairs = pairs;
  const std::size_t count = static_cast<std::size_t>(pairs);
  const double root = std::sqrt(static_cast<double>(d_k));
  std::vector<double> gaps[2] = {std::vector<double>(count), std::vector<double>(count)};
  for (std::size_t r = 0; r < count; ++r) {
    double scores[2];
    score_row(ScoreModel::dot, d_k, 2, seed, r, scores);
    gaps[0][r] = scores[0] - scores[1];
    gaps[1][r] = gaps[0][r] / root;
  }
  double* sd[2] = {&g.sd_unscaled, &g.sd_scaled};
  double* flat[2] = {&g.flat_unscaled, &g.flat_scaled};
  double* median[2] = {&g.median_slope_unscaled, &g.median_slope_scaled};
  std::vector<double> p(count), slope(count);
  for (int side = 0; side < 2; ++side) {
    double mean = 0.0, m2 = 0.0;  // Welford
    for (std::size_t r = 0; r < count; ++r) {
      const double delta = gaps[side][r] - mean;
      mean += delta / static_cast<double>(r + 1);
      m2 += delta * (gaps[side][r] - mean);
    }
    *sd[side] = pairs > 1 ? std::sqrt(m2 / static_cast<double>(pairs - 1)) : 0.0;
    two_logit_curve(gaps[side].data(), pairs, p.data(), slope.data());
    const Spread s = spread_of(slope.data(), count, threshold);
    *flat[side] = s.fraction_below;
    *median[side] = s.median;
  }
  g.expected_sd_unscaled = std::sqrt(2.0 * d_k);
  g.expected_sd_scaled = std::sqrt(2.0);
  return g;
}

void softmax_naive_f64(const double* x, double beta, double* y, int n) {
  double sum = 0.0;
  for (int j = 0; j < n; ++j) {
    y[j] = std::exp(beta * x[j]);  // inf past ln(DBL_MAX) ≈ 709.78, on purpose
    sum += y[j];
  }
  for (int j = 0; j < n; ++j) y[j] /= sum;
}

void softmax_stable_f64(const double* x, double beta, double* y, int n) {
  if (beta == 0.0) {  // the β → 0 limit, as the float32 kernels define it
    for (int j = 0; j < n; ++j) y[j] = 1.0 / n;
    return;
  }
  const double top = *std::max_element(x, x + n);
  double sum = 0.0;
  for (int j = 0; j < n; ++j) {
    y[j] = std::exp(beta * (x[j] - top));  // argument <= 0
    sum += y[j];
  }
  for (int j = 0; j < n; ++j) y[j] /= sum;
}

double exp_overflow_threshold_f32() { return std::log(static_cast<double>(FLT_MAX)); }
double exp_overflow_threshold_f64() { return std::log(DBL_MAX); }

}  // namespace asl
