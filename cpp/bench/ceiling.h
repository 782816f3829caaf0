// The f32x4 multiply-add ceiling of this machine, as the benchmark's yardstick for the attention kernel's GFLOP/s:
// eight independent accumulators c_i += a_i·b, the pattern of a matrix product's inner loop, with madd (simd_mappings.h:
// one f32x4 multiply and one add in WASM SIMD, which has no fused multiply-add) and no memory traffic; b moves by one
// add a round so nothing can be hoisted out of the loop. It does no timing.
#pragma once

#include "../kernels/simd_mappings.h"

namespace asl::bench {

constexpr int kCeilingFlopsPerIteration = 8 * 4 * 2;  // accumulators × lanes × (multiply + add)

#if defined(ASL_SIMD)
// Runs `iterations` rounds; the returned sum keeps the compiler from dropping them.
inline float madd_ceiling(long iterations, float x, float y) {
  using namespace asl::simd;
  const f32x4 a0 = splat(x), a1 = splat(y), step = splat(1e-7f);
  f32x4 b = splat(0.5f);
  f32x4 c0 = splat(0.0f), c1 = splat(0.0f), c2 = splat(0.0f), c3 = splat(0.0f);
  f32x4 c4 = splat(0.0f), c5 = splat(0.0f), c6 = splat(0.0f), c7 = splat(0.0f);
  for (long i = 0; i < iterations; ++i) {
    b = add(b, step);
    c0 = madd(a0, b, c0), c1 = madd(a1, b, c1), c2 = madd(a0, b, c2), c3 = madd(a1, b, c3);
    c4 = madd(a0, b, c4), c5 = madd(a1, b, c5), c6 = madd(a0, b, c6), c7 = madd(a1, b, c7);
  }
  return hsum(add(add(add(c0, c1), add(c2, c3)), add(add(c4, c5), add(c6, c7))));
}
#endif

}  // namespace asl::bench
