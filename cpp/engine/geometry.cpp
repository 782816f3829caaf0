// Lesson 2's spine (see geometry.h): lengths, angle and dot product of random pairs. One workspace per call; every
// length and dot product goes through the SIMD kernels, the moments are summed in float64.
#include "geometry.h"

#include <cmath>

#include "../kernels/kernels.h"
#include "random.h"
#include "statistics.h"
#include "vocabulary.h"

namespace asl {
namespace {

constexpr std::uint64_t kAngleStreams = 0x4c32'616e'676cULL;  // angle_sample: one stream per pair ("L2angl")
constexpr std::uint64_t kWordStreams = 0x4c32'776f'7264ULL;   // word_pairs: pairs, word rows and model rows

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

// E‖x‖_d · E‖x‖_{d+1} = d (the Γ ratios telescope to Γ(d/2 + 1)/Γ(d/2) = d/2), from E‖x‖_1 = √(2/π): no lgamma
// (which would add kilobytes of libm to the WASM engine), d − 1 steps.
double chi_mean(int d) {
  double m = std::sqrt(2.0 / 3.14159265358979323846);
  for (int j = 1; j < d; ++j) m = j / m;
  return m;
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
  s.sqrt_dim = std::sqrt(static_cast<double>(dim));
  return s;
}

namespace {

// An index in [0, n), n >= 1 (the top bits of one draw: a bias below 2⁻³⁰ for a vocabulary of 50,000 words).
int index_below(Rng& rng, int n) { return static_cast<int>(rng.uniform() * n); }

// The largest weight and the entropy of softmax(logits) (n), in float64 from float32 logits.
void sharpness(const float* logits, int n, double* max_weight, double* entropy) {
  double top = logits[0];
  for (int j = 1; j < n; ++j) top = std::fmax(top, static_cast<double>(logits[j]));
  double sum = 0.0;
  for (int j = 0; j < n; ++j) sum += std::exp(logits[j] - top);
  double h = 0.0, best = 0.0;
  for (int j = 0; j < n; ++j) {
    const double p = std::exp(logits[j] - top) / sum;
    best = std::fmax(best, p);
    if (p > 0.0) h -= p * std::log(p);
  }
  *max_weight = best;
  *entropy = h;
}

}  // namespace

WordPairs word_pairs(const Vocabulary& vocab, int pairs, int rows, int n, std::uint64_t seed) {
  WordPairs w;
  const int size = vocab.size(), d = vocab.dim;
  w.size = size;
  w.dim = d;
  w.pairs = pairs;
  w.rows = rows;
  w.n = n;
  Running entries, lengths;
  for (int i = 0; i < size; ++i) {
    const float* x = vocab.vector(i);
    for (int c = 0; c < d; ++c) entries.add(x[c]);
    lengths.add(std::sqrt(static_cast<double>(kern::dot(x, x, d))));
  }
  w.entry_mean = entries.mean();
  w.entry_sd = entries.sd();
  w.length_mean = lengths.mean();

  std::vector<float> unit_q(static_cast<std::size_t>(d)), unit_k(unit_q.size());  // the workspace, once per call
  Running dots, cosines;
  Rng pick = Rng::stream(seed, kWordStreams, 0);
  for (int p = 0; p < pairs; ++p) {
    const int i = index_below(pick, size);
    int j = index_below(pick, size - 1);
    if (j >= i) ++j;  // a different word
    const PairGeometry g = pair_geometry(vocab.vector(i), vocab.vector(j), d, unit_q.data(), unit_k.data());
    dots.add(g.dot);
    cosines.add(g.cos);
  }
  w.dot_mean = dots.mean();
  w.dot_variance = dots.sd() * dots.sd();
  w.cos_mean = cosines.mean();
  w.cos_sd = cosines.sd();
  w.unit_variance = d;
  EntryDistribution own;
  own.kind = EntryDistribution::Kind::normal;
  own.mean = w.entry_mean;
  own.std = w.entry_sd;
  w.model_variance = d * own.product_variance();

  // Rows: a query word and n other words as keys (all different), scores ÷ √d; beside them rows of the random model,
  // a standard normal query and n standard normal keys in the same d.
  const float scale = static_cast<float>(1.0 / std::sqrt(static_cast<double>(d)));
  std::vector<float> logits(static_cast<std::size_t>(n)), q(static_cast<std::size_t>(d)), k(q.size());
  std::vector<int> chosen(static_cast<std::size_t>(n) + 1);
  EntryDistribution normal;
  normal.kind = EntryDistribution::Kind::normal;
  Running word_max, word_entropy, model_max, model_entropy;
  for (int r = 0; r < rows; ++r) {
    Rng rng = Rng::stream(seed, kWordStreams, 1 + static_cast<std::uint64_t>(r));
    for (int m = 0; m <= n; ++m) {  // n + 1 different words: the query first
      bool repeated = true;
      while (repeated) {
        chosen[m] = index_below(rng, size);
        repeated = false;
        for (int e = 0; e < m; ++e) repeated = repeated || chosen[e] == chosen[m];
      }
    }
    for (int j = 0; j < n; ++j) logits[j] = scale * kern::dot(vocab.vector(chosen[0]), vocab.vector(chosen[j + 1]), d);
    double top = 0.0, h = 0.0;
    sharpness(logits.data(), n, &top, &h);
    word_max.add(top);
    word_entropy.add(h);
    for (int c = 0; c < d; ++c) q[c] = normal.sample_f32(rng);
    for (int j = 0; j < n; ++j) {
      for (int c = 0; c < d; ++c) k[c] = normal.sample_f32(rng);
      logits[j] = scale * kern::dot(q.data(), k.data(), d);
    }
    sharpness(logits.data(), n, &top, &h);
    model_max.add(top);
    model_entropy.add(h);
  }
  w.words = {word_max.mean(), word_entropy.mean()};
  w.model = {model_max.mean(), model_entropy.mean()};
  w.max_entropy = std::log(static_cast<double>(n));
  w.uniform_weight = 1.0 / n;
  w.logit_variance = w.dot_variance / w.dim;
  w.sqrt_dim = std::sqrt(static_cast<double>(w.dim));
  w.theory_cos_sd = 1.0 / std::sqrt(static_cast<double>(w.dim));
  return w;
}

}  // namespace asl
