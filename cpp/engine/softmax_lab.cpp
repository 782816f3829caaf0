// Lesson 3's softmax lab (see softmax_lab.h): float64 softmax with exact complements, entropy, the Jacobian and its
// Frobenius and spectral norms in O(n), the Monte Carlo gradient sweep, and the float64 softmax pair.
#include "softmax_lab.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "random.h"

namespace asl {
namespace {

constexpr std::uint64_t kNormalRowStreams = 0x4c33'6e6f'726dULL;  // score_row, model normal: one stream per row
constexpr std::uint64_t kDotRowStreams = 0x4c33'646f'7473ULL;     // score_row, model dot: one stream per row

// Adds dimensions c = from … to − 1 of a dot-model row to sums (n), drawing q_c, k_0c, …, k_(n−1)c from rng.
void extend_dot_row(Rng& rng, int from, int to, int n, double* sums) {
  for (int c = from; c < to; ++c) {
    const double q_c = rng.normal();
    for (int j = 0; j < n; ++j) sums[j] += q_c * rng.normal();
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

GradientSweep gradient_sweep(ScoreModel model, const std::vector<int>& d_ks, int n, int trials, std::uint64_t seed) {
  GradientSweep s;
  s.d_ks = d_ks;
  const std::size_t k = d_ks.size();
  for (GradientCurve* c : {&s.unscaled, &s.scaled}) {
    c->mean_norm.assign(k, 0.0);
    c->std_error.assign(k, 0.0);
    c->mean_max_weight.assign(k, 0.0);
    c->mean_entropy.assign(k, 0.0);
  }
  // Running sums of squared deviations (Welford), one per d_k and curve; the means live in mean_norm.
  std::vector<double> m2_unscaled(k, 0.0), m2_scaled(k, 0.0);
  std::vector<double> z_unit(static_cast<std::size_t>(n)), raw(z_unit.size()), logits(z_unit.size());
  SoftmaxAnalysis a;
  a.p.reserve(raw.size()), a.log_p.reserve(raw.size()), a.complement.reserve(raw.size());

  const auto add = [&](GradientCurve& curve, std::vector<double>& m2, std::size_t at, double count) {
    const double delta = a.jacobian_frobenius - curve.mean_norm[at];
    curve.mean_norm[at] += delta / count;
    m2[at] += delta * (a.jacobian_frobenius - curve.mean_norm[at]);
    curve.mean_max_weight[at] += (a.max_weight - curve.mean_max_weight[at]) / count;
    curve.mean_entropy[at] += (a.entropy - curve.mean_entropy[at]) / count;
  };

  for (int trial = 0; trial < trials; ++trial) {
    const double count = trial + 1.0;
    Rng dot_rng = Rng::stream(seed, kDotRowStreams, static_cast<std::uint64_t>(trial));
    int dims_done = 0;
    if (model == ScoreModel::normal) {
      score_row(ScoreModel::normal, 1, n, seed, static_cast<std::uint64_t>(trial), z_unit.data());
    } else {
      std::fill(raw.begin(), raw.end(), 0.0);
    }
    for (std::size_t at = 0; at < k; ++at) {
      const int d_k = d_ks[at];
      const double root = std::sqrt(static_cast<double>(d_k));
      if (model == ScoreModel::normal) {
        for (int j = 0; j < n; ++j) raw[j] = root * z_unit[j];  // as score_row(normal, d_k, …) draws it
      } else {
        extend_dot_row(dot_rng, dims_done, d_k, n, raw.data());  // as score_row(dot, d_k, …) draws it
        dims_done = d_k;
      }
      analyze_softmax(raw.data(), n, a, false);
      add(s.unscaled, m2_unscaled, at, count);
      for (int j = 0; j < n; ++j) logits[j] = raw[j] / root;
      analyze_softmax(logits.data(), n, a, false);
      add(s.scaled, m2_scaled, at, count);
    }
  }
  const double t = trials;
  for (std::size_t at = 0; at < k; ++at) {
    s.unscaled.std_error[at] = trials > 1 ? std::sqrt(m2_unscaled[at] / (t - 1.0) / t) : 0.0;
    s.scaled.std_error[at] = trials > 1 ? std::sqrt(m2_scaled[at] / (t - 1.0) / t) : 0.0;
  }
  s.ratio.resize(k);
  for (std::size_t at = 0; at < k; ++at) s.ratio[at] = s.unscaled.mean_norm[at] / s.scaled.mean_norm[at];
  return s;
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
