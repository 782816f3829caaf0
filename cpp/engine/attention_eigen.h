// The same attention forward and row softmax as attention.h and the kernels, written with Eigen expressions: the
// "Eigen" baseline of the benchmark. One head, no mask (what the benchmark measures); not used by the page.
// It writes into buffers the caller owns and never allocates (Eigen's product may use its own blocking workspace).
#pragma once

namespace asl {

// q is (n_q, d_k), k is (n_k, d_k), v is (n_k, d_v), row-major. scores and weights are (n_q, n_k); scores holds
// scale · q·kᵀ, weights its row-wise softmax; output = weights · v is (n_q, d_v).
void attention_forward_eigen(const float* q, const float* k, const float* v, int n_q, int n_k, int d_k, int d_v,
                             float scale, float* scores, float* weights, float* output);

// Each row of x, (rows, cols) contiguous, becomes softmax(row) in y (y may be x). Stable: the row maximum is
// subtracted first.
void softmax_rows_eigen(const float* x, float* y, int rows, int cols);

// The two products alone, for the benchmark's per-pass profile: scores = q·kᵀ, output = w·v.
void matmul_qkt_eigen(const float* q, const float* k, float* scores, int n_q, int n_k, int d_k);
void matmul_wv_eigen(const float* w, const float* v, float* output, int n_q, int n_k, int d_v);

// "SSE, SSE2" natively, "None" in WASM (Eigen 3.4 has no wasm_simd128 packet math): what Eigen vectorizes with.
const char* eigen_simd_in_use();

}  // namespace asl
