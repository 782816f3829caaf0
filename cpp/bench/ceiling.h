// The f32x4 multiply-add ceiling of this machine, as the benchmark's yardstick for the attention kernel's GFLOP/s:
// twelve independent chains c_i = c_i·m + a (madd from simd_mappings.h: one f32x4 multiply and one add in WASM SIMD,
// which has no fused multiply-add), no memory traffic. Each chain's multiply and add depend on its last round, so
// nothing can be hoisted or shared between chains (the previous version's eight chains all multiplied the same
// a·b, which a compiler computes once: it measured below the attention kernel). Twelve chains of a multiply and an
// add (latency 4 + 4 cycles on x86) keep both vector ports busy: 24 operations a round at 2 a cycle is 12 cycles,
// more than the 8 a chain needs. 12 + 2 live registers fit in the 16 of x86-64, so V8 spills none. It does no
// timing.
#pragma once

#include "../kernels/simd_mappings.h"

namespace asl::bench {

constexpr int kCeilingFlopsPerIteration = 12 * 4 * 2;  // chains × lanes × (multiply + add)

#if defined(ASL_SIMD)
// Runs `iterations` rounds; the returned sum keeps the compiler from dropping them. x and y should be about 1 and
// about 0 (0.999 and 0.001): the chains then stay near y / (1 − x), far from overflow and subnormals.
inline float madd_ceiling(long iterations, float x, float y) {
  using namespace asl::simd;
  const f32x4 m = splat(x), a = splat(y);
  f32x4 c0 = splat(0.0f), c1 = splat(0.1f), c2 = splat(0.2f), c3 = splat(0.3f), c4 = splat(0.4f), c5 = splat(0.5f);
  f32x4 c6 = splat(0.6f), c7 = splat(0.7f), c8 = splat(0.8f), c9 = splat(0.9f), c10 = splat(1.0f), c11 = splat(1.1f);
  for (long i = 0; i < iterations; ++i) {
    c0 = madd(c0, m, a), c1 = madd(c1, m, a), c2 = madd(c2, m, a), c3 = madd(c3, m, a);
    c4 = madd(c4, m, a), c5 = madd(c5, m, a), c6 = madd(c6, m, a), c7 = madd(c7, m, a);
    c8 = madd(c8, m, a), c9 = madd(c9, m, a), c10 = madd(c10, m, a), c11 = madd(c11, m, a);
  }
  return hsum(add(add(add(add(c0, c1), add(c2, c3)), add(add(c4, c5), add(c6, c7))), add(add(c8, c9), add(c10, c11))));
}
#endif

}  // namespace asl::bench
