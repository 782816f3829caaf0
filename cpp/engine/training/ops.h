// The few dense operations the training models are built from, for float (the engine's SIMD kernels) and for double
// (Eigen, used only by the gradient check). One name per operation, so the model code is written once for both.
// Nothing here allocates: scratch buffers come from the caller's workspace. Every matrix is row-major.
#pragma once

#include <Eigen/Core>
#include <cmath>
#include <cstdint>

#include "../../kernels/kernels.h"

namespace asl::training::ops {

template <class T>
using RowMatrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
template <class T>
using StridedMap = Eigen::Map<RowMatrix<T>, 0, Eigen::OuterStride<>>;
template <class T>
using ConstStridedMap = Eigen::Map<const RowMatrix<T>, 0, Eigen::OuterStride<>>;

// c = a·b: a is (m, k) with row stride lda, b is (k, n) with stride ldb, c is (m, n) with stride ldc (overwritten).
inline void matmul_nn(const float* a, const float* b, float* c, int m, int k, int n, int lda, int ldb, int ldc) {
  kern::matmul_wv(a, b, c, m, k, n, lda, ldb, ldc);
}
inline void matmul_nn(const double* a, const double* b, double* c, int m, int k, int n, int lda, int ldb, int ldc) {
  StridedMap<double>(c, m, n, Eigen::OuterStride<>(ldc)).noalias() =
      ConstStridedMap<double>(a, m, k, Eigen::OuterStride<>(lda)) *
      ConstStridedMap<double>(b, k, n, Eigen::OuterStride<>(ldb));
}

// c = a·bᵀ: a is (m, k) with stride lda, b is (n, k) with stride ldb, c is (m, n) with stride ldc (overwritten).
inline void matmul_nt(const float* a, const float* b, float* c, int m, int k, int n, int lda, int ldb, int ldc) {
  kern::matmul_qkt(a, b, c, m, n, k, lda, ldb, ldc);
}
inline void matmul_nt(const double* a, const double* b, double* c, int m, int k, int n, int lda, int ldb, int ldc) {
  StridedMap<double>(c, m, n, Eigen::OuterStride<>(ldc)).noalias() =
      ConstStridedMap<double>(a, m, k, Eigen::OuterStride<>(lda)) *
      ConstStridedMap<double>(b, n, k, Eigen::OuterStride<>(ldb)).transpose();
}

// Each of `rows` rows of x (stride ld) becomes softmax(beta·row) in y (same stride), stable (row maximum first).
inline void softmax_rows(const float* x, float beta, float* y, int rows, int cols, int ld) {
  kern::softmax_rows(x, beta, y, rows, cols, ld);
}
inline void softmax_rows(const double* x, double beta, double* y, int rows, int cols, int ld) {
  for (int r = 0; r < rows; ++r) {
    const double* x_r = x + static_cast<long>(r) * ld;
    double* y_r = y + static_cast<long>(r) * ld;
    double row_max = x_r[0];
    for (int j = 1; j < cols; ++j) row_max = std::fmax(row_max, x_r[j]);
    double sum = 0.0;
    for (int j = 0; j < cols; ++j) sum += (y_r[j] = std::exp(beta * (x_r[j] - row_max)));
    for (int j = 0; j < cols; ++j) y_r[j] /= sum;
  }
}

// at (cols, rows) = aᵀ for a (rows, cols) with stride lda; at is dense. In blocks of 16 rows, so each row of at is
// written a cache line at a time (a row-by-row loop stores with a stride of `rows` floats, which for rows = 2560
// maps every store of a row to the same few L1 sets).
template <class T>
void transpose(const T* a, T* at, int rows, int cols, int lda) {
  constexpr int kBlock = 16;
  for (int r0 = 0; r0 < rows; r0 += kBlock) {
    const int r1 = r0 + kBlock < rows ? r0 + kBlock : rows;
    for (int c = 0; c < cols; ++c) {
      T* at_c = at + static_cast<long>(c) * rows;
      for (int r = r0; r < r1; ++r) at_c[r] = a[static_cast<long>(r) * lda + c];
    }
  }
}

}  // namespace asl::training::ops
