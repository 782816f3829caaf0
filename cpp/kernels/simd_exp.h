// The SIMD exponentials the softmax kernels share (kernels_simd.cpp, attention_fused_simd.cpp): a polynomial on
// f32x4 with range reduction. Within 1.5 ulp of the exact exp wherever exp(x) is a normal float (1.24 measured over
// every exponent band, tests/cpp/test_exp.cpp; expf: 0.50); +inf past 88.72, 0 below −87.34 (where exp(x) is
// subnormal), NaN for NaN. Included only where ASL_SIMD is defined.
#pragma once

#include "simd_mappings.h"

#if defined(ASL_SIMD)

namespace asl::simd {

// exp(x)·2^−n for n = round(x·log2 e), given as a float: the reduction r = x − n·ln2 in two exact parts, then
// 1 + r + r²·P(r) with Cephes' degree-5 P. Both exp variants below share it; they differ in how they get n and 2^n.
inline f32x4 exp_reduced(f32x4 x, f32x4 n) {
  f32x4 r = sub(x, mul(n, splat(0.693359375f)));
  r = sub(r, mul(n, splat(-2.12194440e-4f)));
  f32x4 p = splat(1.9875691500e-4f);
  p = madd(p, r, splat(1.3981999507e-3f));
  p = madd(p, r, splat(8.3334519073e-3f));
  p = madd(p, r, splat(4.1665795894e-2f));
  p = madd(p, r, splat(1.6666665459e-1f));
  p = madd(p, r, splat(5.0000001201e-1f));
  return madd(mul(p, r), r, add(r, splat(1.0f)));
}

// exp(x) for four lanes: Cephes-style range reduction x = n·ln2 + r, a degree-6 polynomial in r, then 2^n applied
// as two exact power-of-two factors so the result overflows to +inf past x ≈ 88.72 like expf. Below −87.3 the
// true value is subnormal; it is flushed to 0 (softmax weights that small are 0 for every purpose here).
inline f32x4 exp4(f32x4 x_in) {
  f32x4 x = min(x_in, splat(88.8f));  // beyond this exp is +inf anyway; keeps n small enough for pow2i
  x = max(x, splat(-88.0f));
  const f32x4 fx = floor(madd(x, splat(1.44269504088896341f), splat(0.5f)));
  f32x4 y = exp_reduced(x, fx);
  const i32x4 n = to_int(fx);
  const i32x4 n1 = half_floor(n);
  y = mul(mul(y, pow2i(n1)), pow2i(isub(n, n1)));
  return select(less(x_in, splat(-87.33654f)), splat(0.0f), y);
}

// exp(x) for x <= 0, the only arguments the stable softmax produces (β·(x − max)). The same reduction and
// polynomial as exp4, but n = round(x·log2 e) comes from adding 1.5·2^23 + 127: the sum's low mantissa bits then
// hold n + 127, and shifting them into the exponent field gives 2^n with no float→int conversion and no clamps
// (V8 lowers the conversion to a long sequence). Valid while n + 127 >= 1, i.e. x >= −87.3; below that the true
// value is subnormal and the result is 0, as in exp4.
inline f32x4 exp4_nonpositive(f32x4 x) {
  const f32x4 shifter = splat(12583039.0f);  // 1.5·2^23 + 127
  const f32x4 n_biased = madd(x, splat(1.44269504088896341f), shifter);
  const f32x4 two_n = bits_shl23(n_biased);
  const f32x4 y = exp_reduced(x, sub(n_biased, shifter));
  return select(less(x, splat(-87.33654f)), splat(0.0f), mul(y, two_n));
}


}  // namespace asl::simd

#endif
