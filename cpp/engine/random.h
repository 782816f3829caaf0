// The engine's own seeded random numbers: xoshiro256** seeded by splitmix64, with its own uniform [0,1) and
// standard normal transforms. Standard-library distributions differ between libstdc++ and libc++, so none is used:
// the same seed gives the same numbers natively and in WASM (normals may differ in the last bit of log()).
#pragma once

#include <cstdint>
#include <string_view>

namespace asl {

// splitmix64: one step of Steele, Lea and Flood's mixer; used to seed and to derive independent streams.
std::uint64_t splitmix64(std::uint64_t& state);

// FNV-1a over bytes: a stable 64-bit hash of a word (for its static embedding).
std::uint64_t fnv1a64(std::string_view bytes);

class Rng {
 public:
  explicit Rng(std::uint64_t seed);
  // An independent stream for (seed, a, b): e.g. (seed, matrix id, column) so a W column stays put when d_k grows.
  static Rng stream(std::uint64_t seed, std::uint64_t a, std::uint64_t b = 0);

  std::uint64_t next_u64();
  // Uniform on [0, 1): the top 53 bits as a double.
  double uniform();
  // Standard normal by Marsaglia's polar method (uses only log and sqrt); the second value is kept for next time.
  double normal();
  double normal(double mean, double std) { return mean + std * normal(); }

 private:
  std::uint64_t s_[4];
  double spare_ = 0.0;
  bool has_spare_ = false;
};

}  // namespace asl
