// One small header that maps a 4-lane float vector onto the target's SIMD instructions, so each kernel in
// kernels_simd.cpp is written once: wasm_simd128.h under Emscripten with -msimd128, SSE2 natively.
// It deliberately offers only what the kernels use; targets with neither get no ASL_SIMD and use the scalar twins.
#pragma once

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#define ASL_SIMD 1
namespace asl::simd {
using f32x4 = v128_t;
using i32x4 = v128_t;
inline f32x4 load(const float* p) { return wasm_v128_load(p); }
inline void store(float* p, f32x4 v) { wasm_v128_store(p, v); }
inline f32x4 splat(float x) { return wasm_f32x4_splat(x); }
inline f32x4 add(f32x4 a, f32x4 b) { return wasm_f32x4_add(a, b); }
inline f32x4 sub(f32x4 a, f32x4 b) { return wasm_f32x4_sub(a, b); }
inline f32x4 mul(f32x4 a, f32x4 b) { return wasm_f32x4_mul(a, b); }
inline f32x4 div(f32x4 a, f32x4 b) { return wasm_f32x4_div(a, b); }
inline f32x4 max(f32x4 a, f32x4 b) { return wasm_f32x4_pmax(a, b); }
inline f32x4 min(f32x4 a, f32x4 b) { return wasm_f32x4_pmin(a, b); }
// a*b + c; WASM SIMD has no fused multiply-add, so this rounds twice (tests compare with abs + rel tolerance).
inline f32x4 madd(f32x4 a, f32x4 b, f32x4 c) { return wasm_f32x4_add(wasm_f32x4_mul(a, b), c); }
inline f32x4 floor(f32x4 a) { return wasm_f32x4_floor(a); }
inline i32x4 to_int(f32x4 a) { return wasm_i32x4_trunc_sat_f32x4(a); }
inline f32x4 to_float(i32x4 a) { return wasm_f32x4_convert_i32x4(a); }
// 2^n for integer lanes n in [-126, 127], built from the exponent bits.
inline f32x4 pow2i(i32x4 n) { return wasm_i32x4_shl(wasm_i32x4_add(n, wasm_i32x4_splat(127)), 23); }
// Each lane's bits shifted left by 23: an integer held in the low mantissa bits lands in the exponent field.
inline f32x4 bits_shl23(f32x4 a) { return wasm_i32x4_shl(a, 23); }
inline i32x4 half_floor(i32x4 n) { return wasm_i32x4_shr(n, 1); }
inline i32x4 isub(i32x4 a, i32x4 b) { return wasm_i32x4_sub(a, b); }
inline f32x4 less(f32x4 a, f32x4 b) { return wasm_f32x4_lt(a, b); }
inline bool any_nan(f32x4 a) { return wasm_v128_any_true(wasm_f32x4_ne(a, a)); }
inline f32x4 greater(f32x4 a, f32x4 b) { return wasm_f32x4_gt(a, b); }
inline f32x4 select(f32x4 mask, f32x4 if_true, f32x4 if_false) { return wasm_v128_bitselect(if_true, if_false, mask); }
inline float hsum(f32x4 v) {
  // (v0 + v2) + (v1 + v3): one fixed order, the same on every target.
  f32x4 s = wasm_f32x4_add(v, wasm_i32x4_shuffle(v, v, 2, 3, 0, 1));
  s = wasm_f32x4_add(s, wasm_i32x4_shuffle(s, s, 1, 0, 3, 2));
  return wasm_f32x4_extract_lane(s, 0);
}
inline float hmax(f32x4 v) {
  f32x4 s = wasm_f32x4_pmax(v, wasm_i32x4_shuffle(v, v, 2, 3, 0, 1));
  s = wasm_f32x4_pmax(s, wasm_i32x4_shuffle(s, s, 1, 0, 3, 2));
  return wasm_f32x4_extract_lane(s, 0);
}
// Sums of four vectors, lane i of the result = hsum(v_i).
inline f32x4 hsum4(f32x4 a, f32x4 b, f32x4 c, f32x4 d) {
  f32x4 ab_lo = wasm_i32x4_shuffle(a, b, 0, 4, 1, 5), ab_hi = wasm_i32x4_shuffle(a, b, 2, 6, 3, 7);
  f32x4 cd_lo = wasm_i32x4_shuffle(c, d, 0, 4, 1, 5), cd_hi = wasm_i32x4_shuffle(c, d, 2, 6, 3, 7);
  f32x4 ab = wasm_f32x4_add(ab_lo, ab_hi);  // a0+a2, b0+b2, a1+a3, b1+b3
  f32x4 cd = wasm_f32x4_add(cd_lo, cd_hi);
  f32x4 lo = wasm_i32x4_shuffle(ab, cd, 0, 1, 4, 5), hi = wasm_i32x4_shuffle(ab, cd, 2, 3, 6, 7);
  return wasm_f32x4_add(lo, hi);
}
// Two float64 lanes, for accumulators that must stay exact where float32 would round (the Gram matrix of the
// variance sweep). A float32·float32 product is exact in float64 (24 + 24 bits < 53).
using f64x2 = v128_t;
inline f64x2 load_f64(const double* p) { return wasm_v128_load(p); }
inline void store_f64(double* p, f64x2 v) { wasm_v128_store(p, v); }
inline f64x2 splat_f64(double x) { return wasm_f64x2_splat(x); }
inline f64x2 add_f64(f64x2 a, f64x2 b) { return wasm_f64x2_add(a, b); }
inline f64x2 sub_f64(f64x2 a, f64x2 b) { return wasm_f64x2_sub(a, b); }
inline f64x2 mul_f64(f64x2 a, f64x2 b) { return wasm_f64x2_mul(a, b); }
// Lanes 0, 1 (promote_lo) or 2, 3 (promote_hi) of a float32 vector, widened exactly to float64.
inline f64x2 promote_lo(f32x4 v) { return wasm_f64x2_promote_low_f32x4(v); }
inline f64x2 promote_hi(f32x4 v) { return wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(v, v, 2, 3, 2, 3)); }
inline double hsum_f64(f64x2 v) { return wasm_f64x2_extract_lane(v, 0) + wasm_f64x2_extract_lane(v, 1); }
}  // namespace asl::simd

#elif defined(__SSE2__)
#include <emmintrin.h>
#define ASL_SIMD 1
namespace asl::simd {
using f32x4 = __m128;
using i32x4 = __m128i;
inline f32x4 load(const float* p) { return _mm_loadu_ps(p); }
inline void store(float* p, f32x4 v) { _mm_storeu_ps(p, v); }
inline f32x4 splat(float x) { return _mm_set1_ps(x); }
inline f32x4 add(f32x4 a, f32x4 b) { return _mm_add_ps(a, b); }
inline f32x4 sub(f32x4 a, f32x4 b) { return _mm_sub_ps(a, b); }
inline f32x4 mul(f32x4 a, f32x4 b) { return _mm_mul_ps(a, b); }
inline f32x4 div(f32x4 a, f32x4 b) { return _mm_div_ps(a, b); }
// pmax/pmin semantics (b < a ? a : b), as wasm_f32x4_pmax.
inline f32x4 max(f32x4 a, f32x4 b) { return _mm_max_ps(b, a); }
inline f32x4 min(f32x4 a, f32x4 b) { return _mm_min_ps(b, a); }
inline f32x4 madd(f32x4 a, f32x4 b, f32x4 c) { return _mm_add_ps(_mm_mul_ps(a, b), c); }
inline f32x4 floor(f32x4 a) {
  // SSE2 has no floor: truncate, then step down where truncation went up (inputs here are bounded by the exp clamp).
  f32x4 t = _mm_cvtepi32_ps(_mm_cvttps_epi32(a));
  return _mm_sub_ps(t, _mm_and_ps(_mm_cmpgt_ps(t, a), _mm_set1_ps(1.0f)));
}
inline i32x4 to_int(f32x4 a) { return _mm_cvttps_epi32(a); }
inline f32x4 to_float(i32x4 a) { return _mm_cvtepi32_ps(a); }
inline f32x4 pow2i(i32x4 n) { return _mm_castsi128_ps(_mm_slli_epi32(_mm_add_epi32(n, _mm_set1_epi32(127)), 23)); }
inline f32x4 bits_shl23(f32x4 a) { return _mm_castsi128_ps(_mm_slli_epi32(_mm_castps_si128(a), 23)); }
inline i32x4 half_floor(i32x4 n) { return _mm_srai_epi32(n, 1); }
inline i32x4 isub(i32x4 a, i32x4 b) { return _mm_sub_epi32(a, b); }
inline f32x4 less(f32x4 a, f32x4 b) { return _mm_cmplt_ps(a, b); }
inline bool any_nan(f32x4 a) { return _mm_movemask_ps(_mm_cmpunord_ps(a, a)) != 0; }
inline f32x4 greater(f32x4 a, f32x4 b) { return _mm_cmpgt_ps(a, b); }
inline f32x4 select(f32x4 mask, f32x4 if_true, f32x4 if_false) {
  return _mm_or_ps(_mm_and_ps(mask, if_true), _mm_andnot_ps(mask, if_false));
}
inline float hsum(f32x4 v) {
  f32x4 s = _mm_add_ps(v, _mm_shuffle_ps(v, v, _MM_SHUFFLE(1, 0, 3, 2)));
  s = _mm_add_ps(s, _mm_shuffle_ps(s, s, _MM_SHUFFLE(2, 3, 0, 1)));
  return _mm_cvtss_f32(s);
}
inline float hmax(f32x4 v) {
  f32x4 s = max(v, _mm_shuffle_ps(v, v, _MM_SHUFFLE(1, 0, 3, 2)));
  s = max(s, _mm_shuffle_ps(s, s, _MM_SHUFFLE(2, 3, 0, 1)));
  return _mm_cvtss_f32(s);
}
inline f32x4 hsum4(f32x4 a, f32x4 b, f32x4 c, f32x4 d) {
  _MM_TRANSPOSE4_PS(a, b, c, d);
  return _mm_add_ps(_mm_add_ps(a, c), _mm_add_ps(b, d));
}
using f64x2 = __m128d;
inline f64x2 load_f64(const double* p) { return _mm_loadu_pd(p); }
inline void store_f64(double* p, f64x2 v) { _mm_storeu_pd(p, v); }
inline f64x2 splat_f64(double x) { return _mm_set1_pd(x); }
inline f64x2 add_f64(f64x2 a, f64x2 b) { return _mm_add_pd(a, b); }
inline f64x2 sub_f64(f64x2 a, f64x2 b) { return _mm_sub_pd(a, b); }
inline f64x2 mul_f64(f64x2 a, f64x2 b) { return _mm_mul_pd(a, b); }
inline f64x2 promote_lo(f32x4 v) { return _mm_cvtps_pd(v); }
inline f64x2 promote_hi(f32x4 v) { return _mm_cvtps_pd(_mm_movehl_ps(v, v)); }
inline double hsum_f64(f64x2 v) { return _mm_cvtsd_f64(_mm_add_sd(v, _mm_unpackhi_pd(v, v))); }
}  // namespace asl::simd
#endif
