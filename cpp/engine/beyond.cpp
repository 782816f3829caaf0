// Lesson 7's measurements (see beyond.h): a two-level row in closed form for the length scaling, and two Monte Carlo
// experiments, aligned queries and keys under 1/√d_k and μP's 1/d_k, and queries and keys that grow under standard
// attention, QK-norm and qk-layernorm. Every row's softmax is analyze_softmax (float64, stable). Buffers are
// allocated once per call, before the sample loop.
#include "beyond.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "random.h"
#include "softmax_lab.h"

namespace asl {
namespace {

// Stream families: each experiment draws from its own, so none shifts another's numbers.
constexpr std::uint64_t kAlignmentStreams = 0x4c37'616c'6967ULL;  // one stream per row (sample)
constexpr std::uint64_t kQkNormStreams = 0x4c37'716b'6e6fULL;     // one stream per row (sample)

// ln(1 + e^x) without overflow for large x or loss of digits for very negative x.
double softplus(double x) { return x > 0.0 ? x + std::log1p(std::exp(-x)) : std::log1p(std::exp(x)); }

// The standard deviation of the values a RunningMean has seen (n − 1 in the denominator).
double sd(const RunningMean& m) { return m.count > 1.0 ? std::sqrt(m.m2 / (m.count - 1.0)) : 0.0; }

// Mean entropy, largest weight and (optionally) weight of key 0 over rows.
struct RowMeans {
  RunningMean entropy, max_weight, first_weight;
  double max_abs_logit = 0.0;
  void add(const double* z, int n, SoftmaxAnalysis& a) {
    analyze_softmax(z, n, a, false);
    entropy.add(a.entropy);
    max_weight.add(a.max_weight);
    first_weight.add(a.p[0]);
    for (int j = 0; j < n; ++j) max_abs_logit = std::max(max_abs_logit, std::fabs(z[j]));
  }
};

double dot(const double* a, const double* b, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i) s += a[i] * b[i];
  return s;
}

// x/‖x‖ into out (x = 0 stays 0).
void unit(const double* x, int n, double* out) {
  const double norm = std::sqrt(dot(x, x, n));
  for (int i = 0; i < n; ++i) out[i] = norm > 0.0 ? x[i] / norm : 0.0;
}

// (x − mean x)/sd x (population sd, no gain, no ε) into out; a constant x gives 0.
void layer_norm(const double* x, int n, double* out) {
  double mean = 0.0;
  for (int i = 0; i < n; ++i) mean += x[i];
  mean /= n;
  double var = 0.0;
  for (int i = 0; i < n; ++i) var += (x[i] - mean) * (x[i] - mean);
  const double inv = var > 0.0 ? 1.0 / std::sqrt(var / n) : 0.0;
  for (int i = 0; i < n; ++i) out[i] = (x[i] - mean) * inv;
}

}  // namespace

TwoLevelRow two_level_row(double n, double top, double rest, double tops) {
  TwoLevelRow r;
  if (tops >= n) {  // every key alike
    r.top_weight = r.max_weight = 1.0 / n;
    r.entropy = std::log(n);
    return r;
  }
  const double others = std::log(n - tops), shared = std::log(tops);
  const double u = others - shared - (top - rest);
  const double top_total = 1.0 / (1.0 + std::exp(u));    // tops·e^top / (tops·e^top + (n − tops)·e^rest)
  const double rest_total = 1.0 / (1.0 + std::exp(-u));  // 1 − top_total, without cancellation
  r.top_weight = top_total / tops;
  r.max_weight = std::max(r.top_weight, rest_total / (n - tops));
  // −P ln(P/tops) − (1 − P)·ln((1 − P)/(n − tops)) with ln P = −softplus(u) and ln(1 − P) = −softplus(−u).
  r.entropy = top_total * (softplus(u) + shared) + rest_total * (softplus(-u) + others);
  return r;
}

LengthScaling length_scaling(const double* ns, int count, double top, double rest, double s) {
  LengthScaling r;
  const double gap = top - rest;
  r.s_gap = s * gap;
  r.critical_s = gap > 0.0 ? 1.0 / gap : std::numeric_limits<double>::infinity();
  r.unit_scale_n = s > 0.0 ? std::exp(1.0 / s) : std::numeric_limits<double>::infinity();
  r.scaled_limit = gap <= 0.0 ? 0.0 : r.s_gap > 1.0 ? 1.0 : r.s_gap == 1.0 ? 0.5 : 0.0;
  r.points.resize(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    LengthPoint& p = r.points[i];
    p.n = ns[i];
    p.scale = s * std::log(ns[i]);
    p.max_entropy = std::log(p.n);
    p.plain = two_level_row(p.n, top, rest);
    p.scaled = two_level_row(p.n, p.scale * top, p.scale * rest);
  }
  return r;
}

AlignmentScaling alignment_scaling(const AlignmentConfig& c) {
  const int steps = static_cast<int>(c.d_ks.size());
  const int n = c.n;
  const double other = std::sqrt(std::fmax(1.0 - c.rho * c.rho, 0.0));
  // Running dot products of q with each key over the coordinates drawn so far.
  std::vector<double> sums(static_cast<std::size_t>(n)), logits(static_cast<std::size_t>(n));
  struct Acc {
    RunningMean aligned, others;
    RowMeans rows;
  };
  std::vector<Acc> inv_sqrt(static_cast<std::size_t>(steps)), mup(static_cast<std::size_t>(steps));
  SoftmaxAnalysis a;

  for (int s = 0; s < c.samples; ++s) {
    Rng rng = Rng::stream(c.seed, kAlignmentStreams, static_cast<std::uint64_t>(s));
    std::fill(sums.begin(), sums.end(), 0.0);
    int from = 0;
    for (int t = 0; t < steps; ++t) {
      const int to = c.d_ks[t];
      double block = 0.0;  // Σ q_i² over the new coordinates (from, to]
      for (int i = from; i < to; ++i) {
        const double q_i = rng.normal();
        block += q_i * q_i;
      }
      // Key 0: Σ q_i·(ρ q_i + √(1 − ρ²) z_i) = ρ·block + √(1 − ρ²)·N(0, block). The others: N(0, block).
      const double spread = std::sqrt(block);
      sums[0] += c.rho * block + other * spread * rng.normal();
      for (int j = 1; j < n; ++j) sums[j] += spread * rng.normal();
      from = to;

      const double d = to;
      const double scales[2] = {1.0 / std::sqrt(d), std::sqrt(static_cast<double>(c.base_d_k)) / d};
      Acc* accs[2] = {&inv_sqrt[t], &mup[t]};
      for (int m = 0; m < 2; ++m) {
        for (int j = 0; j < n; ++j) logits[j] = scales[m] * sums[j];
        accs[m]->aligned.add(logits[0]);
        for (int j = 1; j < n; ++j) accs[m]->others.add(logits[j]);
        accs[m]->rows.add(logits.data(), n, a);
      }
    }
  }

  AlignmentScaling r;
  r.points.resize(static_cast<std::size_t>(steps));
  // Closed forms: E(q·k) = ρd, Var(q·k) = d(1 + ρ²) for the aligned key; Var(q·k) = d for the others.
  const double rho = c.rho;
  for (int t = 0; t < steps; ++t) {
    AlignmentPoint& p = r.points[t];
    const double d = c.d_ks[t];
    p.d_k = c.d_ks[t];
    p.inverse_sqrt_scale = 1.0 / std::sqrt(d);
    p.mup_scale = std::sqrt(static_cast<double>(c.base_d_k)) / d;
    const double scales[2] = {p.inverse_sqrt_scale, p.mup_scale};
    ScaledRow* rows[2] = {&p.inverse_sqrt, &p.mup};
    const Acc* accs[2] = {&inv_sqrt[t], &mup[t]};
    for (int m = 0; m < 2; ++m) {
      ScaledRow& row = *rows[m];
      const Acc& acc = *accs[m];
      row.aligned_logit = acc.aligned.estimate();
      row.aligned_logit_sd = sd(acc.aligned);
      row.other_logit_sd = sd(acc.others);  // pooled over the n − 1 keys and the rows
      row.max_weight = acc.rows.max_weight.estimate();
      row.aligned_weight = acc.rows.first_weight.estimate();
      row.entropy = acc.rows.entropy.estimate();
      row.theory_mean = scales[m] * rho * d;
      row.theory_sd = scales[m] * std::sqrt(d * (1.0 + rho * rho));
      row.theory_other_sd = scales[m] * std::sqrt(d);
    }
  }
  r.mup_limit = two_level_row(n, rho * std::sqrt(static_cast<double>(c.base_d_k)), 0.0);
  r.uniform_weight = 1.0 / n;
  r.max_entropy = std::log(static_cast<double>(n));
  return r;
}

QkNormDemo qk_norm_demo(const QkNormConfig& c, const double* drifts, int count) {
  const int d = c.d_k, n = c.n;
  const std::size_t row = static_cast<std::size_t>(n) * d;
  std::vector<double> q(static_cast<std::size_t>(d)), k(row);             // the draws
  std::vector<double> fq(q.size()), fk(row), nq(q.size()), nk(row);     // scaled, then normalised
  std::vector<double> logits(static_cast<std::size_t>(n));
  std::vector<RowMeans> standard(static_cast<std::size_t>(count)), qk(standard.size()), ln(standard.size());
  SoftmaxAnalysis a;
  const double inv_sqrt_d = 1.0 / std::sqrt(static_cast<double>(d));

  for (int s = 0; s < c.samples; ++s) {
    Rng rng = Rng::stream(c.seed, kQkNormStreams, static_cast<std::uint64_t>(s));
    for (double& x : q) x = rng.normal();
    for (double& x : k) x = rng.normal();
    for (int t = 0; t < count; ++t) {
      const double f = drifts[t];
      for (int i = 0; i < d; ++i) fq[i] = f * q[i];
      for (std::size_t i = 0; i < row; ++i) fk[i] = f * k[i];
      // Standard: (f·q)·(f·k)/√d_k.
      for (int j = 0; j < n; ++j) logits[j] = dot(fq.data(), &fk[j * d], d) * inv_sqrt_d;
      standard[t].add(logits.data(), n, a);
      // QK-norm: g·q̂·k̂.
      unit(fq.data(), d, nq.data());
      for (int j = 0; j < n; ++j) unit(&fk[j * d], d, &nk[j * d]);
      for (int j = 0; j < n; ++j) logits[j] = c.g * dot(nq.data(), &nk[j * d], d);
      qk[t].add(logits.data(), n, a);
      // qk-layernorm: LN(f·q)·LN(f·k)/√d_k.
      layer_norm(fq.data(), d, nq.data());
      for (int j = 0; j < n; ++j) layer_norm(&fk[j * d], d, &nk[j * d]);
      for (int j = 0; j < n; ++j) logits[j] = dot(nq.data(), &nk[j * d], d) * inv_sqrt_d;
      ln[t].add(logits.data(), n, a);
    }
  }

  QkNormDemo r;
  r.points.resize(static_cast<std::size_t>(count));
  const auto sharpness = [](const RowMeans& m) {
    return RowSharpness{m.entropy.estimate(), m.max_weight.estimate(), m.max_abs_logit};
  };
  for (int t = 0; t < count; ++t) {
    r.points[t].drift = drifts[t];
    r.points[t].standard = sharpness(standard[t]);
    r.points[t].qk_norm = sharpness(qk[t]);
    r.points[t].qk_layernorm = sharpness(ln[t]);
  }
  r.sharpest = two_level_row(n, c.g, -c.g);
  r.min_entropy = r.sharpest.entropy;
  for (int m = 2; m < n; ++m) {
    const double h = two_level_row(n, c.g, -c.g, m).entropy;
    if (h < r.min_entropy) r.min_entropy = h, r.min_entropy_tops = m;
  }
  r.max_entropy = std::log(static_cast<double>(n));
  r.layer_norm_bound = std::sqrt(static_cast<double>(d));
  return r;
}

}  // namespace asl
