// Attention forward and row softmax as Eigen expressions over Eigen::Map views of caller-owned row-major buffers.
// The passes match attention.cpp (scores, scale, softmax, weighted sum); the mask and several heads are left out.
#include "attention_eigen.h"

#include "matrix.h"

namespace asl {

void matmul_qkt_eigen(const float* q, const float* k, float* scores, int n_q, int n_k, int d_k) {
  const ConstMapMatrix q_m(q, n_q, d_k), k_m(k, n_k, d_k);
  MapMatrix scores_m(scores, n_q, n_k);
  scores_m.noalias() = q_m * k_m.transpose();
}

void matmul_wv_eigen(const float* w, const float* v, float* output, int n_q, int n_k, int d_v) {
  const ConstMapMatrix w_m(w, n_q, n_k), v_m(v, n_k, d_v);
  MapMatrix output_m(output, n_q, d_v);
  output_m.noalias() = w_m * v_m;
}

void softmax_rows_eigen(const float* x, float* y, int rows, int cols) {
  const ConstMapMatrix x_m(x, rows, cols);
  MapMatrix y_m(y, rows, cols);
  // Row by row, so no temporary vector of row maxima is allocated; a row of a row-major matrix is contiguous.
  for (int r = 0; r < rows; ++r) {
    const float row_max = x_m.row(r).maxCoeff();
    y_m.row(r) = (x_m.row(r).array() - row_max).exp().matrix();
    y_m.row(r) *= 1.0f / y_m.row(r).sum();
  }
}

void attention_forward_eigen(const float* q, const float* k, const float* v, int n_q, int n_k, int d_k, int d_v,
                             float scale, float* scores, float* weights, float* output) {
  const ConstMapMatrix q_m(q, n_q, d_k), k_m(k, n_k, d_k);
  MapMatrix scores_m(scores, n_q, n_k);
  // 1. scores = Q·Kᵀ and 2. the scale, which Eigen folds into the product (no separate pass)
  scores_m.noalias() = scale * (q_m * k_m.transpose());
  // 4. softmax of each row (no mask)
  softmax_rows_eigen(scores, weights, n_q, n_k);
  // 5. output = weights · V
  matmul_wv_eigen(weights, v, output, n_q, n_k, d_v);
}

const char* eigen_simd_in_use() { return Eigen::SimdInstructionSetsInUse(); }

}  // namespace asl
