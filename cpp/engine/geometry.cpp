// Lesson 2's spine (see geometry.h): lengths, angle and dot product of random pairs. One workspace per call; every
// length and dot product goes through the SIMD kernels, the moments are summed in float64.
#include "geometry.h"

#include <cmath>

#include "../kernels/kernels.h"
#include "random.h"
#include "statistics.h"

namespace asl {
namespace {

constexpr std::uint64_t kAngleStreams = 0x4c32'616e'676cULL;  // angle_sample: one stream per pair ("L2angl")

struct Running {  // sums for a mean and a population sd
  double n = 0.0, sum = 0.0, sq = 0.0;
  void add(double x) {
    n += 1.0;
    sum += x;
    sq += x * x;
  }
  double mean() const { return sum / n; }
  double sd() const { return std::sqrt(std::fmax(sq / n - mean() * mean(), 0.0)); }
};

}  // namespace

PairGeometry pair_geometry(const float* q, const float* k, int d, float* unit_q, float* unit_k) {
  PairGeometry g;
  g.length_q = std::sqrt(static_cast<double>(kern::dot(q, q, d)));
  g.length_k = std::sqrt(static_cast<double>(kern::dot(k, k, d)));
  g.dot = kern::dot(q, k, d);
  if (g.length_q > 0.0 && g.length_k > 0.0) {
    const float inv_q = static_cast<float>(1.0 / g.length_q), inv_k = static_cast<float>(1.0 / g.length_k);
    for (int c = 0; c < d; ++c) {
      unit_q[c] = q[c] * inv_q;
      unit_k[c] = k[c] * inv_k;
    }
    g.cos = std::fmax(-1.0, std::fmin(1.0, static_cast<double>(kern::dot(unit_q, unit_k, d))));
  }
  g.angle = std::acos(g.cos);
  g.product = g.length_q * g.length_k * g.cos;
  return g;
}

double chi_mean(int d) {
  const double half = 0.5 * d;
  return std::sqrt(2.0) * std::exp(std::lgamma(half + 0.5) - std::lgamma(half));
}

AngleSample angle_sample(int dim, int pairs, std::uint64_t seed, int shown) {
  AngleSample s;
  s.dim = dim;
  s.pairs = pairs;
  s.shown = shown;
  const std::size_t n = static_cast<std::size_t>(dim);
  std::vector<float> q(n), k(n), unit_q(n), unit_k(n);  // the workspace, once per call
  EntryDistribution normal;
  normal.kind = EntryDistribution::Kind::normal;
  Running lengths, cosines, dots;
  for (int p = 0; p < pairs; ++p) {
    Rng rng = Rng::stream(seed, kAngleStreams, static_cast<std::uint64_t>(p));
    for (std::size_t c = 0; c < n; ++c) {
      q[c] = normal.sample_f32(rng);
      k[c] = normal.sample_f32(rng);
    }
    const PairGeometry g = pair_geometry(q.data(), k.data(), dim, unit_q.data(), unit_k.data());
    lengths.add(g.length_q);
    lengths.add(g.length_k);
    cosines.add(g.cos);
    dots.add(g.dot);
    s.largest_gap = std::fmax(s.largest_gap, std::fabs(g.dot - g.product));
    s.largest_dot = std::fmax(s.largest_dot, std::fabs(g.dot));
    if (p == shown) {
      s.pair = g;
      s.q = q;
      s.k = k;
    }
  }
  s.length_mean = lengths.mean();
  s.length_sd = lengths.sd();
  s.cos_mean = cosines.mean();
  s.cos_sd = cosines.sd();
  s.dot_mean = dots.mean();
  s.dot_sd = dots.sd();
  s.theory_length_mean = chi_mean(dim);
  s.theory_length_sd = std::sqrt(std::fmax(dim - s.theory_length_mean * s.theory_length_mean, 0.0));
  s.theory_cos_sd = 1.0 / std::sqrt(static_cast<double>(dim));
  s.theory_dot_sd = std::sqrt(static_cast<double>(dim));
  return s;
}

}  // namespace asl
