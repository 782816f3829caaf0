// Lesson 4's Monte Carlo checks (see assumptions.h): the derivation of Var(q·k) = d_k step by step, and the scores of
// Q = X·W_q, K = X·W_k against closed forms, with softmax sharpness and weight drift. Projections by Eigen, scores by
// the matmul_qkt kernel, statistics in float64. Workspaces are allocated once per call, before the sample loop.
#include "assumptions.h"

#include <cmath>
#include <limits>

#include "../kernels/kernels.h"
#include "random.h"
#include "softmax_lab.h"

namespace asl {
namespace {

// Stream families: each experiment draws from its own, so none shifts another's numbers.
constexpr std::uint64_t kDerivationStreams = 0x4c34'6465'7276ULL;  // one stream per (q, k) sample
constexpr std::uint64_t kXStreams = 0x4c34'5f78'726fULL;           // X: one stream per (sample, token)
constexpr std::uint64_t kWqStreams = 0x4c34'5f77'7143ULL;          // W_q: one stream per (sample, column)
constexpr std::uint64_t kWkStreams = 0x4c34'5f77'6b43ULL;          // W_k: one stream per (sample, column)
constexpr std::uint64_t kReferenceStreams = 0x4c34'7265'6652ULL;   // the N(0, 1) reference rows: one per sample

// (sample, index) packed into one stream id; index < 2²⁰ (every size is at most 4096).
std::uint64_t sample_index(int sample, int index) {
  return (static_cast<std::uint64_t>(sample) << 20) | static_cast<std::uint64_t>(index);
}

// Means, variances and the covariance of two per-sample quantities (a, b), one add() per sample. Sums are kept
// relative to the first sample, so large means cost no digits.
struct PairMoments {
  double count = 0.0, a0 = 0.0, b0 = 0.0, sa = 0.0, sb = 0.0, saa = 0.0, sbb = 0.0, sab = 0.0;
  void add(double a, double b) {
    if (count == 0.0) a0 = a, b0 = b;
    const double da = a - a0, db = b - b0;
    count += 1.0;
    sa += da, sb += db, saa += da * da, sbb += db * db, sab += da * db;
  }
  double mean_a() const { return a0 + sa / count; }
  double mean_b() const { return b0 + sb / count; }
  double var_a() const { return (saa - sa * sa / count) / (count - 1.0); }
  double var_b() const { return (sbb - sb * sb / count) / (count - 1.0); }
  double cov() const { return (sab - sa * sb / count) / (count - 1.0); }
};

// A population variance pooled over blocks of equal size (one block per sample), V = mean(a) − mean(b)², where a
// and b are a block's mean of s² and of s. Entries within a block share their sample's X and W, so the standard
// error comes from the spread of whole blocks (the delta method on (ā, b̄)):
// Var(V) ≈ [Var(a) − 4b̄·Cov(a, b) + 4b̄²·Var(b)] / samples.
struct BlockMoments {
  PairMoments m;
  void add(double a, double b) { m.add(a, b); }
  Estimate variance() const {
    const double mean = m.mean_b();
    const double v = m.var_a() - 4.0 * mean * m.cov() + 4.0 * mean * mean * m.var_b();
    return {m.mean_a() - mean * mean, std::sqrt(std::fmax(v, 0.0) / m.count)};
  }
  Estimate mean() const { return {m.mean_b(), std::sqrt(std::fmax(m.var_b(), 0.0) / m.count)}; }
};

// The ratio R = top/bottom of two such variances from the same samples, given their per-sample mean squares
// (a, b) = (a₁, a₂). Its standard error is the delta method on (ā₁, ā₂); the squared means the variances subtract are
// O(1/samples) and left out of the error: Var(R) ≈ R²·[Var(a₁)/ā₁² + Var(a₂)/ā₂² − 2·Cov(a₁, a₂)/(ā₁ā₂)] / samples.
// Both come from each sample's X and W, so their covariance matters.
Estimate variance_ratio(const PairMoments& m, double top, double bottom) {
  const double a = m.mean_a(), b = m.mean_b(), r = top / bottom;
  const double rel = m.var_a() / (a * a) + m.var_b() / (b * b) - 2.0 * m.cov() / (a * b);
  return {r, std::fabs(r) * std::sqrt(std::fmax(rel, 0.0) / m.count)};
}

struct SharpnessAcc {
  RunningMean max_weight, entropy;
  Sharpness result() const { return {max_weight.estimate(), entropy.estimate()}; }
};

// Draws sample s of the derivation: component i's (qᵢ, kᵢ) into q[i], k[i].
void draw_pair(const DerivationConfig& c, int s, double* q, double* k) {
  Rng rng = Rng::stream(c.seed, kDerivationStreams, static_cast<std::uint64_t>(s));
  const double rho = c.correlation, rest = std::sqrt(std::fmax(1.0 - rho * rho, 0.0));
  for (int i = 0; i < c.d_k; ++i) {
    const double z1 = rng.normal(), z2 = rng.normal();
    q[i] = c.mean_q + c.sigma_q * z1;
    k[i] = c.mean_k + c.sigma_k * (rho * z1 + rest * z2);
  }
}

}  // namespace

// The derivation's quantities for q, k with independent components, qᵢ = μ_q + σ_q·a, kᵢ = μ_k + σ_k·b, (a, b)
// standard normal with correlation ρ. Expanding qᵢkᵢ = μ_qμ_k + μ_qσ_k·b + μ_kσ_q·a + σ_qσ_k·ab:
//   E(qᵢkᵢ) = μ_qμ_k + ρσ_qσ_k,
//   Var(qᵢkᵢ) = σ_q²σ_k²(1 + ρ²) + μ_q²σ_k² + μ_k²σ_q² + 2ρμ_qμ_kσ_qσ_k   (Var(ab) = E a²b² − ρ² = 1 + ρ²; the
//               odd moments E(a·ab), E(b·ab) vanish).
// Components are independent, so Var(q·k) = Σ Var(qᵢkᵢ) = d_k·Var(qᵢkᵢ) whatever μ and ρ are: step 2 holds. Step 3,
// Var(qᵢkᵢ) = Var(qᵢ)·Var(kᵢ) = σ_q²σ_k², needs μ_q = μ_k = 0 (or the matching σ = 0) and ρ = 0.
DerivationQuantities<double> derivation_theory(const DerivationConfig& c) {
  const double mq = c.mean_q, mk = c.mean_k, sq = c.sigma_q, sk = c.sigma_k, rho = c.correlation, d = c.d_k;
  DerivationQuantities<double> t;
  t.mean_q = mq;
  t.mean_k = mk;
  t.var_q = sq * sq;
  t.var_k = sk * sk;
  t.cov_qk = rho * sq * sk;
  t.pair_cov_q = c.d_k > 1 ? 0.0 : std::numeric_limits<double>::quiet_NaN();
  t.pair_cov_k = t.pair_cov_q;
  t.mean_product = mq * mk + rho * sq * sk;
  t.var_product = sq * sq * sk * sk * (1.0 + rho * rho) + mq * mq * sk * sk + mk * mk * sq * sq +
                  2.0 * rho * mq * mk * sq * sk;
  t.mean_dot = d * t.mean_product;
  t.var_dot = d * t.var_product;
  t.sum_var_products = d * t.var_product;
  t.covariance_sum = 0.0;
  t.sum_var_q_var_k = d * sq * sq * sk * sk;
  t.scaled_var_dot = t.var_dot / d;
  return t;
}

// Pass 1 finds the per-component means q̄ᵢ, k̄ᵢ, t̄ᵢ (t = qᵢkᵢ) and the mean dot product; pass 2 redraws the same samples
// and averages per-sample quantities around those means, so each estimate is a mean over samples and its standard
// error is the sd of that quantity over √samples. In sample s with dq = qᵢ − q̄ᵢ, dk = kᵢ − k̄ᵢ, dt = tᵢ − t̄ᵢ,
// D = q·k − mean dot product:
//   var_q ← (1/d_k)Σᵢ dq²,  cov_qk ← (1/d_k)Σᵢ dq·dk,  var_product ← (1/d_k)Σᵢ dt²,  var_dot ← D²,
//   covariance_sum ← D² − Σᵢ dt² (its mean is exactly var_dot − sum_var_products),
//   pair_cov_q ← ((Σᵢ dq)² − Σᵢ dq²) / (d_k(d_k − 1)).
// Step 3 multiplies two estimates per component; its error is the delta method's
// Var(v_q·v_k) ≈ v_k²·Var(v_q) + v_q²·Var(v_k) + 2v_q v_k·Cov(v_q, v_k), with Var(v_q) ≈ (m₄ − v_q²)/samples and
// Cov(v_q, v_k) ≈ (E dq²dk² − v_q v_k)/samples, summed over the independent components.
DerivationCheck derivation_check(const DerivationConfig& c) {
  DerivationCheck r;
  r.config = c;
  r.theory = derivation_theory(c);
  const int d = c.d_k, samples = c.samples;
  const std::size_t dims = static_cast<std::size_t>(d);
  std::vector<double> q(dims), k(dims), mean_q(dims, 0.0), mean_k(dims, 0.0), mean_t(dims, 0.0);
  double mean_dot = 0.0;
  for (int s = 0; s < samples; ++s) {
    draw_pair(c, s, q.data(), k.data());
    double dot = 0.0;
    for (int i = 0; i < d; ++i) {
      mean_q[i] += q[i];
      mean_k[i] += k[i];
      mean_t[i] += q[i] * k[i];
      dot += q[i] * k[i];
    }
    mean_dot += dot;
  }
  for (int i = 0; i < d; ++i) mean_q[i] /= samples, mean_k[i] /= samples, mean_t[i] /= samples;
  mean_dot /= samples;

  std::vector<double> sq2(dims, 0.0), sk2(dims, 0.0), sq4(dims, 0.0), sk4(dims, 0.0), sq2k2(dims, 0.0);
  RunningMean w_mean_q, w_mean_k, w_var_q, w_var_k, w_cov, w_pair_q, w_pair_k, w_mean_t, w_var_t, w_mean_dot, w_var_dot,
      w_cov_sum;
  const double pairs = static_cast<double>(d) * (d - 1.0);
  for (int s = 0; s < samples; ++s) {
    draw_pair(c, s, q.data(), k.data());
    double sum_q = 0, sum_k = 0, sum_t = 0, dot = 0, vq = 0, vk = 0, cqk = 0, vt = 0, lin_q = 0, lin_k = 0;
    for (int i = 0; i < d; ++i) {
      const double t = q[i] * k[i], dq = q[i] - mean_q[i], dk = k[i] - mean_k[i], dt = t - mean_t[i];
      sum_q += q[i], sum_k += k[i], sum_t += t, dot += t;
      vq += dq * dq, vk += dk * dk, cqk += dq * dk, vt += dt * dt, lin_q += dq, lin_k += dk;
      sq2[i] += dq * dq, sk2[i] += dk * dk, sq4[i] += dq * dq * dq * dq, sk4[i] += dk * dk * dk * dk;
      sq2k2[i] += dq * dq * dk * dk;
    }
    const double dd = dot - mean_dot;
    w_mean_q.add(sum_q / d);
    w_mean_k.add(sum_k / d);
    w_var_q.add(vq / d);
    w_var_k.add(vk / d);
    w_cov.add(cqk / d);
    if (d > 1) {
      w_pair_q.add((lin_q * lin_q - vq) / pairs);
      w_pair_k.add((lin_k * lin_k - vk) / pairs);
    }
    w_mean_t.add(sum_t / d);
    w_var_t.add(vt / d);
    w_mean_dot.add(dot);
    w_var_dot.add(dd * dd);
    w_cov_sum.add(dd * dd - vt);
  }

  DerivationQuantities<Estimate>& m = r.measured;
  m.mean_q = w_mean_q.estimate();
  m.mean_k = w_mean_k.estimate();
  m.var_q = w_var_q.estimate();
  m.var_k = w_var_k.estimate();
  m.cov_qk = w_cov.estimate();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  m.pair_cov_q = d > 1 ? w_pair_q.estimate() : Estimate{nan, nan};
  m.pair_cov_k = d > 1 ? w_pair_k.estimate() : Estimate{nan, nan};
  m.mean_product = w_mean_t.estimate();
  m.var_product = w_var_t.estimate();
  m.mean_dot = w_mean_dot.estimate();
  m.var_dot = w_var_dot.estimate();
  m.sum_var_products = {d * m.var_product.value, d * m.var_product.std_error};
  m.covariance_sum = w_cov_sum.estimate();
  m.scaled_var_dot = {m.var_dot.value / d, m.var_dot.std_error / d};
  double step3 = 0.0, step3_var = 0.0;
  const double n = samples;
  for (int i = 0; i < d; ++i) {
    const double vq = sq2[i] / n, vk = sk2[i] / n;
    const double var_vq = (sq4[i] / n - vq * vq) / n, var_vk = (sk4[i] / n - vk * vk) / n;
    const double cov = (sq2k2[i] / n - vq * vk) / n;
    step3 += vq * vk;
    step3_var += vk * vk * var_vq + vq * vq * var_vk + 2.0 * vq * vk * cov;
  }
  m.sum_var_q_var_k = {step3, std::sqrt(std::fmax(step3_var, 0.0))};
  return r;
}

// Closed forms for the scores of Q = X·W_q, K = X·W_k.
//
// Setting. Token vectors x, y ∈ R^{d_x} with independent N(μ, σ²) entries (μ = mean_x, σ = sigma_x); column c of
// W_q is a_c ∈ R^{d_x} with N(0, s_q²) entries, column c of W_k is b_c with N(0, s_k²) entries (s = drift·sigma_w),
// all independent. A score is q·k = Σ_c (x·a_c)(y·b_c): y is another token's vector off the diagonal and y = x on it.
// Write |x|² = Σ_j x_j²: E|x|² = d_x(σ² + μ²), and Var(x_j²) = E x_j⁴ − (E x_j²)² = 2σ⁴ + 4μ²σ² for a normal entry,
// so E|x|⁴ = Var|x|² + (E|x|²)² = d_x(2σ⁴ + 4μ²σ²) + d_x²(σ² + μ²)².
//
// Means. Given x and y, every a_c and b_c has mean 0 and they are independent, so E(q·k) = 0 on and off the
// diagonal, whatever μ is.
//
// Off the diagonal (x, y independent). Given x and y, x·a_c ~ N(0, s_q²|x|²) and y·b_c ~ N(0, s_k²|y|²) are
// independent, and terms with c ≠ c' are uncorrelated (a_c, a_c' independent with mean 0). Hence
//     Var(q_i·k_j) = d_k·s_q²s_k²·E|x|²·E|y|² = d_k·s_q²s_k²·d_x²(σ² + μ²)².
// With μ = 0 this is the paper's relaxed product (d_x σ² s_q²)(d_x σ² s_k²)·d_k; a mean multiplies it by
// (1 + μ²/σ²)².
//
// On the diagonal (y = x). Given x, x·a_c and x·b_c are still independent (W_q and W_k are), each of variance
// s²|x|², but both scale with the same |x|², so E[(q_i·k_i)² | x] = d_k·s_q²s_k²·|x|⁴ and
//     Var(q_i·k_i) = d_k·s_q²s_k²·E|x|⁴ = d_k·s_q²s_k²·[d_x²(σ² + μ²)² + d_x(2σ⁴ + 4μ²σ²)],
// larger than off the diagonal by the factor 1 + (2σ⁴ + 4μ²σ²)/(d_x(σ² + μ²)²): 1 + 2/d_x when μ = 0 (3 at d_x = 1).
// The query and the key of one token are not independent: they share the length of x.
//
// All tokens² scores. Every score has mean 0, so their pooled variance tends to
//     (1/n)·Var(diagonal) + (1 − 1/n)·Var(off-diagonal),   n = tokens.
//
// Within one row. Softmax ignores what is common to a row. Write x_j = μ·1 + u_j: given q_i and W_k, the keys
// k_j = W_kᵀx_j of tokens j ≠ i are independent copies, and q_i·k_j = μ·q_i·W_kᵀ1 + q_i·W_kᵀu_j, where the first
// term is the same for the whole row. The rest has variance σ²|W_k q_i|², and E|W_k q_i|² = d_x s_k²·E|q_i|² =
// d_x s_k²·d_k s_q² d_x(σ² + μ²). The population variance of the n − 1 off-diagonal scores of a row therefore has mean
//     (1 − 1/(n − 1))·d_k·s_q²s_k²·d_x²·σ²(σ² + μ²):
// a mean inflates the raw scores by (1 + μ²/σ²)², but what a row's softmax sees only by (1 + μ²/σ²).
ScoreVarianceForms score_variance_forms(const AssumptionConfig& c, double drift) {
  const double dx = c.d_x, dk = c.d_k, n = c.tokens;
  const double s2 = c.sigma_x * c.sigma_x, m2 = c.mean_x * c.mean_x;
  const double sq2 = drift * drift * c.sigma_wq * c.sigma_wq, sk2 = drift * drift * c.sigma_wk * c.sigma_wk;
  const double w = dk * sq2 * sk2, e2 = s2 + m2;
  ScoreVarianceForms f;
  f.paper = (dx * s2 * sq2) * (dx * s2 * sk2) * dk;
  f.off_diagonal = w * dx * dx * e2 * e2;
  f.diagonal = w * (dx * dx * e2 * e2 + dx * (2.0 * s2 * s2 + 4.0 * m2 * s2));
  f.all = f.diagonal / n + f.off_diagonal * (1.0 - 1.0 / n);
  f.within_row = (1.0 - 1.0 / (n - 1.0)) * w * dx * dx * s2 * e2;
  f.diagonal_ratio = f.diagonal / f.off_diagonal;
  return f;
}

AssumptionCheck assumption_check(const AssumptionConfig& c, const std::vector<double>& drifts) {
  AssumptionCheck r;
  r.config = c;
  const int n = c.tokens, d_x = c.d_x, d_k = c.d_k, samples = c.samples;
  const std::size_t n_drifts = drifts.size();
  r.max_entropy = std::log(static_cast<double>(n));
  const double standard_beta = 1.0 / std::sqrt(static_cast<double>(d_k));

  struct Acc {
    BlockMoments all, diagonal, off_diagonal;
    PairMoments diagonal_over_off;  // (mean square on the diagonal, off it)
    RunningMean within_row;
    SharpnessAcc scaled, restored;
    ScoreVarianceForms forms;
    double restore_beta = 0.0;
  };
  std::vector<Acc> acc(n_drifts);
  for (std::size_t f = 0; f < n_drifts; ++f) {
    acc[f].forms = score_variance_forms(c, drifts[f]);
    acc[f].restore_beta = 1.0 / std::sqrt(acc[f].forms.all);
  }

  // The workspace, allocated once.
  RowMatrixXf x(n, d_x), w_q(d_x, d_k), w_k(d_x, d_k), w_qf(d_x, d_k), w_kf(d_x, d_k), q(n, d_k), k(n, d_k);
  RowMatrixXf scores(n, n);
  std::vector<double> logits(static_cast<std::size_t>(n));
  SoftmaxAnalysis a;
  a.p.reserve(logits.size()), a.log_p.reserve(logits.size()), a.complement.reserve(logits.size());
  r.first_scores.resize(n, n);
  r.first_weights.resize(n, n);

  for (int s = 0; s < samples; ++s) {
    for (int t = 0; t < n; ++t) {
      Rng rng = Rng::stream(c.seed, kXStreams, sample_index(s, t));
      for (int j = 0; j < d_x; ++j) x(t, j) = static_cast<float>(rng.normal(c.mean_x, c.sigma_x));
    }
    for (int col = 0; col < d_k; ++col) {
      Rng rng_q = Rng::stream(c.seed, kWqStreams, sample_index(s, col));
      Rng rng_k = Rng::stream(c.seed, kWkStreams, sample_index(s, col));
      for (int j = 0; j < d_x; ++j) w_q(j, col) = static_cast<float>(rng_q.normal(0.0, c.sigma_wq));
      for (int j = 0; j < d_x; ++j) w_k(j, col) = static_cast<float>(rng_k.normal(0.0, c.sigma_wk));
    }
    for (std::size_t f = 0; f < n_drifts; ++f) {
      Acc& m = acc[f];
      // Weight drift: the weights themselves are scaled, then Q, K and the scores are computed again.
      const float drift = static_cast<float>(drifts[f]);
      w_qf = drift * w_q;
      w_kf = drift * w_k;
      q.noalias() = x * w_qf;
      k.noalias() = x * w_kf;
      kern::matmul_qkt(q.data(), k.data(), scores.data(), n, n, d_k, d_k, d_k, n);

      double diag_s = 0, diag_ss = 0, off_s = 0, off_ss = 0, within = 0;
      double scaled_max = 0, scaled_entropy = 0, restored_max = 0, restored_entropy = 0;
      for (int i = 0; i < n; ++i) {
        double row_s = 0, row_ss = 0;
        for (int j = 0; j < n; ++j) {
          const double v = scores(i, j);
          if (j == i) {
            diag_s += v, diag_ss += v * v;
          } else {
            row_s += v, row_ss += v * v;
          }
        }
        off_s += row_s, off_ss += row_ss;
        // The row's off-diagonal population variance, two passes over n − 1 values.
        const double row_mean = row_s / (n - 1);
        double dev = 0.0;
        for (int j = 0; j < n; ++j)
          if (j != i) dev += (scores(i, j) - row_mean) * (scores(i, j) - row_mean);
        within += dev / (n - 1);
        // Softmax sharpness of the whole row (the token attends to itself too), at β = 1/√d_k and the restoring β.
        for (int j = 0; j < n; ++j) logits[j] = standard_beta * scores(i, j);
        analyze_softmax(logits.data(), n, a, false);
        scaled_max += a.max_weight, scaled_entropy += a.entropy;
        if (s == 0 && f == 0)
          for (int j = 0; j < n; ++j) r.first_weights(i, j) = static_cast<float>(a.p[j]);
        for (int j = 0; j < n; ++j) logits[j] = m.restore_beta * scores(i, j);
        analyze_softmax(logits.data(), n, a, false);
        restored_max += a.max_weight, restored_entropy += a.entropy;
      }
      if (s == 0 && f == 0) r.first_scores = scores;
      const double n_all = static_cast<double>(n) * n, n_off = n_all - n;
      m.all.add((diag_ss + off_ss) / n_all, (diag_s + off_s) / n_all);
      m.diagonal.add(diag_ss / n, diag_s / n);
      m.off_diagonal.add(off_ss / n_off, off_s / n_off);
      m.diagonal_over_off.add(diag_ss / n, off_ss / n_off);
      m.within_row.add(within / n);
      m.scaled.max_weight.add(scaled_max / n);
      m.scaled.entropy.add(scaled_entropy / n);
      m.restored.max_weight.add(restored_max / n);
      m.restored.entropy.add(restored_entropy / n);
    }
  }

  // The reference: rows of n independent N(0, 1) logits, what the 1/√d_k scaling aims to produce.
  SharpnessAcc reference;
  for (int s = 0; s < samples; ++s) {
    Rng rng = Rng::stream(c.seed, kReferenceStreams, static_cast<std::uint64_t>(s));
    double max_weight = 0.0, entropy = 0.0;
    for (int i = 0; i < n; ++i) {
      for (double& z : logits) z = rng.normal();
      analyze_softmax(logits.data(), n, a, false);
      max_weight += a.max_weight, entropy += a.entropy;
    }
    reference.max_weight.add(max_weight / n);
    reference.entropy.add(entropy / n);
  }
  r.assumed = reference.result();

  r.points.resize(n_drifts);
  for (std::size_t f = 0; f < n_drifts; ++f) {
    const Acc& m = acc[f];
    AssumptionPoint& p = r.points[f];
    p.drift = drifts[f];
    p.predicted = m.forms;
    p.measured = m.all.variance();
    p.measured_diagonal = m.diagonal.variance();
    p.measured_off_diagonal = m.off_diagonal.variance();
    p.within_row = m.within_row.estimate();
    p.mean_diagonal = m.diagonal.mean();
    p.mean_off_diagonal = m.off_diagonal.mean();
    p.diagonal_ratio = variance_ratio(m.diagonal_over_off, p.measured_diagonal.value, p.measured_off_diagonal.value);
    p.scaled_variance = p.measured.value / d_k;
    p.scaled_variance_std_error = p.measured.std_error / d_k;
    p.scaled_predicted = p.predicted.paper / d_k;
    p.standard_beta = standard_beta;
    p.restoring_beta = 1.0 / std::sqrt(p.measured.value);
    p.predicted_restoring_beta = m.restore_beta;
    p.scaled = m.scaled.result();
    p.restored = m.restored.result();
  }
  return r;
}

}  // namespace asl
