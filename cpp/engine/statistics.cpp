// Lesson 2's statistics (see statistics.h). The sweep is the only hot loop: one SIMD rank-1 update of the Gram
// matrix per dimension, which also returns the moments of the updated pairs and of each row, so each d costs one
// pass over memory.
#include "statistics.h"

#include <cmath>
#include <limits>

#include "../kernels/kernels.h"

namespace asl {
namespace {

// Stream ids: each experiment draws from its own family of streams, so none shifts another's numbers.
constexpr std::uint64_t kPairStreams = 0x4c32'7061'6972ULL;    // random_dot_products: one stream per pair
constexpr std::uint64_t kSweepStreams = 0x4c32'7377'6570ULL;   // sweep_vectors: one stream per column

}  // namespace

double EntryDistribution::product_variance() const {
  const double mu2 = entry_mean() * entry_mean(), s2 = entry_variance();
  return s2 * s2 + 2.0 * mu2 * s2;
}

double EntryDistribution::shared_covariance() const { return entry_mean() * entry_mean() * entry_variance(); }

double EntryDistribution::row_variance() const {
  return (entry_mean() * entry_mean() + entry_variance()) * entry_variance();
}

double EntryDistribution::sample(Rng& rng) const {
  return kind == Kind::uniform ? rng.uniform() : mean + std * rng.normal();
}

float EntryDistribution::sample_f32(Rng& rng) const {
  if (kind == Kind::uniform) {
    // The top 24 of the 53 random bits: an exact float32 in [0, 1) (rounding could give 1.0f).
    return static_cast<float>(std::floor(rng.uniform() * 16777216.0) * 0x1.0p-24);
  }
  return static_cast<float>(mean + std * rng.normal());
}

namespace {
template <class T>
Moments moments_of(const T* x, std::size_t n) {
  Moments m;
  if (n == 0) return m;
  double sum = 0.0;
  for (std::size_t i = 0; i < n; ++i) sum += x[i];
  m.mean = sum / static_cast<double>(n);
  double sq = 0.0;
  for (std::size_t i = 0; i < n; ++i) sq += (x[i] - m.mean) * (x[i] - m.mean);
  m.variance = sq / static_cast<double>(n);
  return m;
}
}  // namespace

Moments moments(const double* x, std::size_t n) { return moments_of(x, n); }
Moments moments(const float* x, std::size_t n) { return moments_of(x, n); }

LineFit fit_line(const double* x, const double* y, std::size_t n) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  if (n < 2) return {nan, nan};
  const Moments mx = moments(x, n), my = moments(y, n);
  double sxy = 0.0;
  for (std::size_t i = 0; i < n; ++i) sxy += (x[i] - mx.mean) * (y[i] - my.mean);
  if (!(mx.variance > 0.0)) return {nan, nan};
  LineFit f;
  f.slope = sxy / (static_cast<double>(n) * mx.variance);
  f.intercept = my.mean - f.slope * mx.mean;
  return f;
}

void random_dot_products(const EntryDistribution& dist, int dim, int pairs, std::uint64_t seed, float* values) {
  std::vector<float> a(static_cast<std::size_t>(dim)), b(a.size());  // once per call
  for (int p = 0; p < pairs; ++p) {
    Rng rng = Rng::stream(seed, kPairStreams, static_cast<std::uint64_t>(p));
    for (int c = 0; c < dim; ++c) {
      a[c] = dist.sample_f32(rng);
      b[c] = dist.sample_f32(rng);
    }
    values[p] = kern::dot(a.data(), b.data(), dim);
  }
}

std::size_t histogram(const float* values, std::size_t n, double lo, double hi, int bins, double* counts) {
  for (int b = 0; b < bins; ++b) counts[b] = 0.0;
  std::size_t outside = 0;
  const double width = (hi - lo) / bins;
  for (std::size_t i = 0; i < n; ++i) {
    const double v = values[i];
    if (!(v >= lo && v <= hi)) {
      ++outside;
      continue;
    }
    int b = static_cast<int>((v - lo) / width);
    if (b >= bins) b = bins - 1;  // v == hi, or rounding just below it
    counts[b] += 1.0;
  }
  return outside;
}

void sweep_column(const EntryDistribution& dist, int column, int vectors, std::uint64_t seed, float* x_c) {
  Rng rng = Rng::stream(seed, kSweepStreams, static_cast<std::uint64_t>(column));
  for (int i = 0; i < vectors; ++i) x_c[i] = dist.sample_f32(rng);
}

void sweep_vectors(const EntryDistribution& dist, int max_dim, int vectors, std::uint64_t seed, float* x) {
  std::vector<float> column(static_cast<std::size_t>(vectors));
  for (int c = 0; c < max_dim; ++c) {
    sweep_column(dist, c, vectors, seed, column.data());
    for (int i = 0; i < vectors; ++i) x[static_cast<std::size_t>(i) * max_dim + c] = column[i];
  }
}

// What the all-pairs variance of one sample should be, on average.
//
// Take n vectors x_1 … x_n in R^d whose entries are independent with mean μ and variance σ², the P = n(n−1)/2 dot
// products D_ij = x_i·x_j (i < j), their mean D̄ and their population variance S² = (1/P) Σ (D_ij − D̄)².
//
// 1. E[S²] = (1/P) Σ E[D_ij²] − E[D̄²] = (Var D + (E D)²) − (Var D̄ + (E D)²) = Var D − Var D̄.
// 2. Coordinates are independent, so Var D = d·v with v = Var(x·y) = E[x²]² − μ⁴ = σ⁴ + 2μ²σ² (x, y independent
//    entries). For uniform [0, 1): E[x²] = 1/3, μ = 1/2, v = 1/9 − 1/16 = 7/144.
// 3. Var D̄ = (1/P²) Σ_p Σ_q Cov(D_p, D_q) over pairs p, q of pairs. Per coordinate, Cov is v when p = q,
//    c = Cov(x·y, x·z) = E[x²]μ² − μ⁴ = μ²σ² when p and q share exactly one vector, and 0 when they share none.
//    Each pair shares one vector with 2(n − 2) other pairs, so Var D̄ = (d/P)·(v + 2(n − 2)·c).
// 4. Hence E[S²] = d·[v·(1 − 1/P) − 2(n − 2)·c/P] = d·[v·(1 − 1/P) − 4(n − 2)·μ²σ² / (n(n − 1))].
//
// The pairs are not independent samples: two dot products that share a vector move together when μ ≠ 0, and the
// spread around the common mean D̄ misses that shared part. For uniform [0, 1) entries (c/v = 3/7) and n = 100 the
// all-pairs variance sits 1.72 % below d·7/144 (1.70 % from sharing, 0.02 % from 1/P); for zero-mean entries only the
// 1/P term is left. With n = 2 there is one pair and E[S²] = 0, as it must be. Scaling by 1/√d divides by d.
double expected_pairs_slope(const EntryDistribution& dist, int vectors) {
  const double n = vectors, pairs = n * (n - 1.0) / 2.0;
  return dist.product_variance() * (1.0 - 1.0 / pairs) - 2.0 * (n - 2.0) * dist.shared_covariance() / pairs;
}

// Row i holds x_i·x_j for the n − 1 keys j ≠ i. Given x_i, those are independent with variance ‖x_i‖²σ², so a
// row's population variance averages (1 − 1/(n − 1))·‖x_i‖²σ², and E‖x_i‖² = d(μ² + σ²). The rest of the all-pairs
// variance, about d·μ²σ², is the spread of the rows' means x_i·μ from query to query.
double expected_row_slope(const EntryDistribution& dist, int vectors) {
  return dist.row_variance() * (1.0 - 1.0 / (vectors - 1.0));
}

namespace {

// The two variances of Hoeffding's decomposition for the kernel g(x, y) = (x·y − dμ²)², x and y independent
// d-dimensional vectors with entries of mean μ, variance σ², central moments κ₃, κ₄ (u = x − μ, A = Σu_k²,
// U = Σu_k, so that ‖x‖² = A + 2μU + dμ² and Σx_k − dμ = U).
//   ζ₁ = Var(E[g | x]). Given x, x·y has mean μ·Σx_k and variance σ²‖x‖², so E[g | x] = σ²‖x‖² + μ²U², and
//        Var(A) = d(κ₄ − σ⁴), Var(U) = dσ², Var(U²) = dκ₄ + 2d²σ⁴ − 3dσ⁴, Cov(A, U) = Cov(U, U²) = dκ₃,
//        Cov(A, U²) = d(κ₄ − σ⁴) give the sum below.
//   ζ₂ = Var(g) = E[W⁴] − (dv)² with W = Σ_k w_k, w_k = x_k·y_k − μ² independent with variance v and fourth moment
//        m₄ = M₄² − 4μ²M₃² + 6μ⁴M₂² − 3μ⁸ (M_j the raw moments of an entry): ζ₂ = 2d²v² + d(m₄ − 3v²).
struct Zetas {
  double zeta1, zeta2;
};
Zetas zetas(const EntryDistribution& dist, double d) {
  const double mu = dist.entry_mean(), s2 = dist.entry_variance(), s4 = s2 * s2;
  const double k3 = dist.central_moment3(), k4 = dist.central_moment4(), v = dist.product_variance();
  const double zeta1 = s4 * d * (k4 - s4) + 4.0 * s4 * s2 * mu * mu * d +
                       mu * mu * mu * mu * (d * k4 + 2.0 * d * d * s4 - 3.0 * d * s4) + 4.0 * s4 * mu * d * k3 +
                       2.0 * s2 * mu * mu * d * (k4 - s4) + 4.0 * s2 * mu * mu * mu * d * k3;
  const double m2 = s2 + mu * mu, m3 = k3 + 3.0 * mu * s2 + mu * mu * mu;
  const double m4 = k4 + 4.0 * mu * k3 + 6.0 * mu * mu * s2 + mu * mu * mu * mu;
  const double mu2 = mu * mu;
  const double w4 = m4 * m4 - 4.0 * mu2 * m3 * m3 + 6.0 * mu2 * mu2 * m2 * m2 - 3.0 * mu2 * mu2 * mu2 * mu2;
  return {zeta1, 2.0 * d * d * v * v + d * (w4 - 3.0 * v * v)};
}

}  // namespace

// The spread of S² from one set of n vectors to the next. The mean of g over all pairs is a U-statistic of order 2,
// whose variance is exactly (1/P)·(2(n − 2)·ζ₁ + ζ₂); S² differs from it by (D̄ − dμ²)², which changes the variance
// only at relative order 1/n. For uniform entries ζ₁ is dominated by μ⁴·2d²σ⁴: most of a dot product's spread comes
// from how far each vector's sum is from dμ (the a_i + a_j part of D_ij − dμ²), which 100 vectors sample only 100
// times, not 4950; hence the ≈ 12 % relative sd of one sweep's variance at n = 100 (2–6 % for zero-mean entries).
VariancePrediction predict_all_pairs_variance(const EntryDistribution& dist, int d, int vectors) {
  const double n = vectors, pairs = n * (n - 1.0) / 2.0;
  const Zetas z = zetas(dist, d);
  VariancePrediction p;
  p.theory = d * dist.product_variance();
  p.expected = d * expected_pairs_slope(dist, vectors);
  // Two vectors have one pair and S² = 0 exactly; otherwise the leading-order spread (measured within 5 % of the
  // spread over 1000 samples at n = 100, and 10–20 % too large at n = 10).
  p.sd = vectors == 2 ? 0.0 : std::sqrt(std::fmax((2.0 * (n - 2.0) * z.zeta1 + z.zeta2) / pairs, 0.0));
  return p;
}

// Independent pairs: S² is the population variance of P independent copies of D, E[S²] = (1 − 1/P)·Var D, and its
// variance is (E[W⁴] − (Var D)²)/P = ζ₂/P to leading order.
VariancePrediction predict_independent_pairs_variance(const EntryDistribution& dist, int d, int pairs) {
  VariancePrediction p;
  p.theory = d * dist.product_variance();
  p.expected = p.theory * (1.0 - 1.0 / pairs);
  p.sd = std::sqrt(std::fmax(zetas(dist, d).zeta2 / pairs, 0.0));  // ζ₂ = 0 for σ = 0, and rounding may dip below
  return p;
}

namespace {

// The law of total variance over the rows of the symmetric Gram matrix without its diagonal: every row has n − 1
// entries and every pair sits in two rows, so the all-pairs variance is the mean within-row variance plus the
// variance of the row means. row_sums (2, n) holds each row's sum and sum of squares of deviations from a shift
// (kern::gram_rank1_upper fills it); the shift drops out of both results.
void row_spread(const double* row_sums, int n, double* within, double* between) {
  const double m = n - 1.0;
  double w = 0.0, mean_of_means = 0.0, sq_of_means = 0.0;
  for (int i = 0; i < n; ++i) {
    const double mean_i = row_sums[i] / m;
    w += std::fmax(row_sums[n + i] / m - mean_i * mean_i, 0.0);
    mean_of_means += mean_i;
    sq_of_means += mean_i * mean_i;
  }
  mean_of_means /= n;
  *within = w / n;
  *between = std::fmax(sq_of_means / n - mean_of_means * mean_of_means, 0.0);
}

}  // namespace

VarianceSweep variance_sweep(const EntryDistribution& dist, int max_dim, int vectors, std::uint64_t seed,
                             bool scaled) {
  VarianceSweep s;
  s.max_dim = max_dim;
  s.vectors = vectors;
  s.scaled = scaled;
  const int n = vectors;
  s.pairs = static_cast<double>(n) * (n - 1) / 2.0;
  s.mean.resize(static_cast<std::size_t>(max_dim));
  s.variance.resize(s.mean.size());
  s.row_variance.resize(s.mean.size());
  s.row_mean_variance.resize(s.mean.size());

  // The workspace, allocated once: the Gram matrix (only its upper triangle is used), one column of entries and
  // the rows' sums.
  std::vector<double> gram(static_cast<std::size_t>(n) * n, 0.0), row_sums(2 * static_cast<std::size_t>(n));
  std::vector<float> column(static_cast<std::size_t>(n));
  double mean = 0.0;  // of the off-diagonal Gram entries at the previous d
  for (int d = 1; d <= max_dim; ++d) {
    sweep_column(dist, d - 1, n, seed, column.data());
    // The pairs' mean moves by the mean of the new products x_i·x_j, i < j: ((Σx)² − Σx²) / 2 / P. Used as the
    // kernel's shift, so the squared deviations it sums are small and the variance keeps its digits.
    double sum_x = 0.0, sum_xx = 0.0;
    for (int i = 0; i < n; ++i) {
      sum_x += column[i];
      sum_xx += static_cast<double>(column[i]) * column[i];
    }
    const double shift = mean + 0.5 * (sum_x * sum_x - sum_xx) / s.pairs;
    double m[2];
    kern::gram_rank1_upper(column.data(), shift, gram.data(), m, row_sums.data(), n, n);
    const double offset = m[0] / s.pairs;  // mean − shift, from the entries themselves: no drift across d
    mean = shift + offset;
    const double variance = std::fmax(m[1] / s.pairs - offset * offset, 0.0);
    // Scaling every dot product by 1/√d scales their mean by 1/√d and their variance by 1/d (Var(cX) = c²Var(X)).
    s.mean[d - 1] = scaled ? mean / std::sqrt(static_cast<double>(d)) : mean;
    s.variance[d - 1] = scaled ? variance / d : variance;
    double within = 0.0, between = 0.0;
    row_spread(row_sums.data(), n, &within, &between);
    s.row_variance[d - 1] = scaled ? within / d : within;
    s.row_mean_variance[d - 1] = scaled ? between / d : between;
  }

  std::vector<double> dims(s.mean.size());
  for (std::size_t i = 0; i < dims.size(); ++i) dims[i] = static_cast<double>(i + 1);
  s.fit = fit_line(dims.data(), s.variance.data(), dims.size());
  s.row_fit = fit_line(dims.data(), s.row_variance.data(), dims.size());
  std::vector<double> log_d, log_v;
  for (std::size_t i = 0; i < dims.size(); ++i)
    if (s.variance[i] > 0.0) {
      log_d.push_back(std::log(dims[i]));
      log_v.push_back(std::log(s.variance[i]));
    }
  s.log_log_slope = fit_line(log_d.data(), log_v.data(), log_d.size()).slope;
  return s;
}

void sample_values(const EntryDistribution& dist, std::size_t n, std::uint64_t seed, double* x) {
  Rng rng(seed);
  for (std::size_t i = 0; i < n; ++i) x[i] = dist.sample(rng);
}

ScaleCheck scale_variance(const double* x, std::size_t n, double c, double* cx) {
  for (std::size_t i = 0; i < n; ++i) cx[i] = c * x[i];
  const Moments mx = moments(x, n), mcx = moments(cx, n);
  ScaleCheck r;
  r.mean_x = mx.mean;
  r.var_x = mx.variance;
  r.mean_cx = mcx.mean;
  r.var_cx = mcx.variance;
  r.c2_var_x = c * c * mx.variance;
  r.difference = r.var_cx - r.c2_var_x;
  return r;
}

}  // namespace asl
