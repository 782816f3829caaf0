// The variance sweep as the benchmark times it (build-scripts/bench, the "Variance sweep" table): the engine's
// incremental sweep (asl::variance_sweep: one float64 Gram matrix, one kern::gram_rank1_upper per d) against a
// DIRECT sweep, written here for the benchmark only, that recomputes every pairwise dot product from scratch at
// every d with the engine's dot kernel (kern::dot). Shared by the WASM benchmark binding (cpp/bindings/benchmark.cpp)
// and the native attention-bench, so both time the same thing. It does no timing itself.
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "../engine/statistics.h"
#include "../kernels/kernels.h"

namespace asl::bench {

enum class SweepMethod { incremental, direct };

inline bool parse_sweep_method(const std::string& name, SweepMethod* method) {
  if (name == "incremental") *method = SweepMethod::incremental;
  else if (name == "direct") *method = SweepMethod::direct;
  else return false;
  return true;
}

inline const char* sweep_method_name(SweepMethod method) {
  return method == SweepMethod::incremental ? "incremental" : "direct";
}

// The direct sweep: the same vectors as asl::variance_sweep (asl::sweep_vectors, drawn inside the call, as the
// incremental sweep draws its columns inside its loop), then for every d = 1 … max_dim the P = n(n−1)/2 dot products
// of the first d entries of every pair i < j, each by kern::dot (float32 products and sums: 4×4 SIMD accumulators
// where the build has SIMD), their mean and population variance (asl::moments, float64), the same 1/√d scaling and
// the same two line fits. Work: P·d multiply-adds at each d, P·max_dim(max_dim + 1)/2 in all, against
// n(n + 1)/2·max_dim for the incremental sweep (≈ 256× more at max_dim 512, ≈ 2000× at 4096, for 100 vectors).
// Its variances equal the incremental ones up to float32 rounding of the dot products (the incremental Gram entries
// are exact float64 sums of exact products); bench/kernels/run.mjs prints the largest difference.
inline VarianceSweep direct_variance_sweep(const EntryDistribution& dist, int max_dim, int vectors,
                                           std::uint64_t seed, bool scaled) {
  VarianceSweep s;
  s.max_dim = max_dim;
  s.vectors = vectors;
  s.scaled = scaled;
  const int n = vectors;
  s.pairs = static_cast<double>(n) * (n - 1) / 2.0;
  s.mean.resize(static_cast<std::size_t>(max_dim));
  s.variance.resize(s.mean.size());

  std::vector<float> x(static_cast<std::size_t>(n) * max_dim);  // row i = vector i, row stride max_dim
  sweep_vectors(dist, max_dim, n, seed, x.data());
  std::vector<float> dots(static_cast<std::size_t>(n) * (n - 1) / 2);
  for (int d = 1; d <= max_dim; ++d) {
    std::size_t p = 0;
    for (int i = 0; i < n; ++i) {
      const float* x_i = x.data() + static_cast<std::size_t>(i) * max_dim;
      for (int j = i + 1; j < n; ++j) dots[p++] = kern::dot(x_i, x.data() + static_cast<std::size_t>(j) * max_dim, d);
    }
    const Moments m = moments(dots.data(), dots.size());
    s.mean[d - 1] = scaled ? m.mean / std::sqrt(static_cast<double>(d)) : m.mean;
    s.variance[d - 1] = scaled ? m.variance / d : m.variance;
  }

  // The same fits as asl::variance_sweep, so both calls return the same kind of result.
  std::vector<double> dims(s.mean.size());
  for (std::size_t i = 0; i < dims.size(); ++i) dims[i] = static_cast<double>(i + 1);
  s.fit = fit_line(dims.data(), s.variance.data(), dims.size());
  std::vector<double> log_d, log_v;
  for (std::size_t i = 0; i < dims.size(); ++i)
    if (s.variance[i] > 0.0) {
      log_d.push_back(std::log(dims[i]));
      log_v.push_back(std::log(s.variance[i]));
    }
  s.log_log_slope = fit_line(log_d.data(), log_v.data(), log_d.size()).slope;
  return s;
}

// One benchmarked sweep, uniform [0, 1) or standard normal entries, unscaled (the page's first chart).
struct SweepCase {
  SweepMethod method;
  EntryDistribution dist;
  int max_dim, vectors;
  std::uint64_t seed;
  VarianceSweep result;

  SweepCase(SweepMethod method_, EntryDistribution::Kind kind, int max_dim_, int vectors_, std::uint64_t seed_)
      : method(method_), max_dim(max_dim_), vectors(vectors_), seed(seed_) {
    dist.kind = kind;
  }

  void run() {
    result = method == SweepMethod::incremental ? variance_sweep(dist, max_dim, vectors, seed, false)
                                                : direct_variance_sweep(dist, max_dim, vectors, seed, false);
  }
};

}  // namespace asl::bench
