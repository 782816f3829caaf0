// Raw-pointer kernels of attention: a scalar reference (asl::scalar) and a SIMD twin (asl::simd) with the same
// signatures. Inputs come first as const float*, then outputs, then sizes. Kernels never allocate, throw or log;
// callers validate shapes. Every matrix is row-major; `ld_*` is the distance in floats between two rows.
#pragma once

namespace asl {

#define ASL_KERNEL_DECLARATIONS                                                                                   \
  /* a, b are (n); returns sum_i a[i]*b[i]. */                                                                    \
  float dot(const float* a, const float* b, int n);                                                               \
  /* q is (n_q, d_k) with row stride ld_q, k is (n_k, d_k) with row stride ld_k; scores = q·kᵀ is (n_q, n_k),  */ \
  /* row stride ld_s. */                                                                                          \
  void matmul_qkt(const float* q, const float* k, float* scores, int n_q, int n_k, int d_k, int ld_q, int ld_k,   \
                  int ld_s);                                                                                      \
  /* a is (rows, cols) with row stride ld_a, x is (cols); y = a·x is (rows): y[i] = a_i·x (nearest words: the  */ \
  /* vocabulary's unit rows against a query). */                                                                 \
  void matvec(const float* a, const float* x, float* y, int rows, int cols, int ld_a);                            \
  /* y = c·x, x and y are (n); y may be x. */                                                                     \
  void scale(const float* x, float c, float* y, int n);                                                           \
  /* The index of the first entry of x (n) that is NaN or ±infinity, or −1 when every entry is finite. */         \
  int first_nonfinite(const float* x, int n);                                                                     \
  /* Each of `rows` rows of x, (rows, cols) with stride ld, becomes softmax(beta·row) in y (same stride; y may  */ \
  /* be x). Stable: the row maximum is subtracted first, so no score overflows. beta >= 0; beta = 0 is uniform. */ \
  void softmax_rows(const float* x, float beta, float* y, int rows, int cols, int ld);                            \
  /* The textbook formula exp(beta·x_j) / sum exp(beta·x): overflows to inf/NaN once beta·x passes ~88.72 in */   \
  /* float32. It exists only so a lesson can show that overflow. */                                               \
  void softmax_rows_naive(const float* x, float beta, float* y, int rows, int cols, int ld);                      \
  /* w is (n_q, n_k) with stride ld_w, v is (n_k, d_v) with stride ld_v; out = w·v is (n_q, d_v), stride ld_o. */ \
  void matmul_wv(const float* w, const float* v, float* out, int n_q, int n_k, int d_v, int ld_w, int ld_v,       \
                 int ld_o);                                                                                       \
  /* The variance sweep's step from d to d + 1 dimensions. x is (n): entry d of each of n vectors; gram is    */ \
  /* (n, n) float64, row stride ld, of which only the upper triangle j >= i is read and written:              */ \
  /* gram[i][j] += x[i]·x[j]. A float32 product is exact in float64 and each entry is summed in the same      */ \
  /* order by both twins, so their gram entries are bit-identical. moments[0] and moments[1] receive the sums */ \
  /* over the off-diagonal entries j > i of (gram[i][j] − shift) and its square after the update (shift near  */ \
  /* their mean keeps the variance free of cancellation); these two are sums in different orders.             */ \
  /* row_sums is (2, n), overwritten: row_sums[i] and row_sums[n + i] are the same two sums over row i of the */ \
  /* symmetric matrix without its diagonal (entries j > i, and gram[j][i] for j < i), for per-row statistics. */ \
  void gram_rank1_upper(const float* x, double shift, double* gram, double* moments, double* row_sums, int n,     \
                        int ld);                                                                                  \
  /* Output-only attention of n_q query rows in one pass over tiles of keys with an online softmax (flash-     */ \
  /* attention style): out = softmax(scale·q·kᵀ, masked)·v, the (n_q, n_k) scores never stored whole. q is      */ \
  /* (n_q, d_k), k (n_k, d_k), v (n_k, d_v), out (n_q, d_v), with row strides ld_*. causal_from >= 0: row i     */ \
  /* sees keys j <= causal_from + i (masked keys' scores are still computed and checked); −1: no mask. Returns */ \
  /* −1, or i·n_k + j of the first scaled score in row-major order that is not finite (its value in            */ \
  /* *bad_score); out is then incomplete.                                                                      */ \
  int attention_fused(const float* q, const float* k, const float* v, float* out, float* bad_score, float scale,   \
                      int n_q, int n_k, int d_k, int d_v, int ld_q, int ld_k, int ld_v, int ld_o, int causal_from); \
  /* y = exp(x) for n values over the whole float range (±inf, NaN included); y may be x. The SIMD twin's      */ \
  /* polynomial is the one the softmax kernels use; results below ~1.2e-38 (x < −87.34) are flushed to 0.     */ \
  void exp_values(const float* x, float* y, int n);                                                               \
  /* The same for x <= 0 or NaN only, the arguments a stable softmax makes: the variant the softmax kernels and */ \
  /* attention_fused call. */                                                                                     \
  void exp_nonpositive(const float* x, float* y, int n);

namespace scalar {
ASL_KERNEL_DECLARATIONS
}  // namespace scalar

// The SIMD twins exist when the target has 4-lane float SIMD (wasm_simd128 or SSE2); kernels_simd.cpp is then built.
namespace simd {
ASL_KERNEL_DECLARATIONS
}  // namespace simd

#undef ASL_KERNEL_DECLARATIONS

// Which implementation the engine calls: the SIMD twins where the target has them, else the scalar reference
// (always, with -DASL_FORCE_SCALAR: the benchmark's "WASM scalar" build). `kernel_set()` names the choice.
#if (defined(__wasm_simd128__) || defined(__SSE2__)) && !defined(ASL_FORCE_SCALAR)
namespace kern = simd;
inline const char* kernel_set() {
#if defined(__wasm_simd128__)
  return "wasm_simd128";
#else
  return "sse2";
#endif
}
#else
namespace kern = scalar;
inline const char* kernel_set() { return "scalar"; }
#endif

// The widest vector instructions this build may use anywhere (natively Eigen's products follow the compiler's
// target, see cmake/native_isa.cmake): "avx512f+fma" | "avx2+fma" | "sse2" | "wasm_simd128" | "scalar".
inline const char* vector_isa() {
#if defined(ASL_FORCE_SCALAR)
  return "scalar";
#elif defined(__wasm_simd128__)
  return "wasm_simd128";
#elif defined(__AVX512F__) && defined(__FMA__)
  return "avx512f+fma";
#elif defined(__AVX2__) && defined(__FMA__)
  return "avx2+fma";
#elif defined(__SSE2__)
  return "sse2";
#else
  return "scalar";
#endif
}

}  // namespace asl
