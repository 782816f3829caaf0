// Small helpers shared by the native tests: seeded test data and a tolerance check with readable failures.
#pragma once

#include <cmath>
#include <vector>

#include "engine/random.h"

namespace asl_test {

// n normal values from the engine's own generator (mean 0, std `std`), so failures reproduce exactly.
inline std::vector<float> normals(std::size_t n, std::uint64_t seed, double std = 1.0) {
  asl::Rng rng(seed);
  std::vector<float> out(n);
  for (float& x : out) x = static_cast<float>(rng.normal(0.0, std));
  return out;
}

// |got - want| <= abs + rel·|want|
inline bool close(double got, double want, double abs, double rel) {
  return std::fabs(got - want) <= abs + rel * std::fabs(want);
}

// float32 unit roundoff
constexpr double kEps = 5.9604644775390625e-8;

}  // namespace asl_test
