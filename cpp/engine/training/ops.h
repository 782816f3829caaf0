// The few dense operations the training models are built from, for float (the engine's SIMD kernels; natively, Eigen's
// cache-blocked products for the large ones) and for double (Eigen, used only by the gradient check). One name per
// operation, so the model code is written once for both. Every matrix is row-major. Scratch buffers come from the
// caller's workspace; Eigen's products keep their packing blocks on the stack (EIGEN_STACK_ALLOCATION_LIMIT, set by
// the native build), so nothing here allocates.
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

// Natively, a float product of at least this many multiply-adds (m·k·n) goes to Eigen, whose packed, cache-blocked
// kernels use the CPU's widest vectors and FMA (the native build compiles for the building machine): the 4-lane
// kernels stream the whole right-hand matrix once per 4×8 output tile, which at L = 200 is memory-bound. Smaller
// products (one head's L×L scores at L = 20) stay on the kernels, where Eigen's packing costs more than it saves.
// WebAssembly always uses the kernels. A product's summation order depends only on its shape, so results do not
// depend on the thread count.
#if !defined(__EMSCRIPTEN__) && !defined(ASL_FORCE_SCALAR)
inline bool eigen_product(int m, int k, int n) { return static_cast<double>(m) * k * n >= 32768.0; }
#else
inline bool eigen_product(int, int, int) { return false; }
#endif

template <class T>
void eigen_nn(const T* a, const T* b, T* c, int m, int k, int n, int lda, int ldb, int ldc) {
  StridedMap<T>(c, m, n, Eigen::OuterStride<>(ldc)).noalias() =
      ConstStridedMap<T>(a, m, k, Eigen::OuterStride<>(lda)) * ConstStridedMap<T>(b, k, n, Eigen::OuterStride<>(ldb));
}
template <class T>
void eigen_nt(const T* a, const T* b, T* c, int m, int k, int n, int lda, int ldb, int ldc) {
  StridedMap<T>(c, m, n, Eigen::OuterStride<>(ldc)).noalias() =
      ConstStridedMap<T>(a, m, k, Eigen::OuterStride<>(lda)) *
      ConstStridedMap<T>(b, n, k, Eigen::OuterStride<>(ldb)).transpose();
}
template <class T>
void eigen_tn(const T* a, const T* b, T* c, int m, int k, int n, int lda, int ldb, int ldc) {
  StridedMap<T>(c, m, n, Eigen::OuterStride<>(ldc)).noalias() =
      ConstStridedMap<T>(a, k, m, Eigen::OuterStride<>(lda)).transpose() *
      ConstStridedMap<T>(b, k, n, Eigen::OuterStride<>(ldb));
}

// c = a·b: a is (m, k) with row stride lda, b is (k, n) with stride ldb, c is (m, n) with stride ldc (overwritten).
inline void matmul_nn(const float* a, const float* b, float* c, int m, int k, int n, int lda, int ldb, int ldc) {
  if (eigen_product(m, k, n)) eigen_nn(a, b, c, m, k, n, lda, ldb, ldc);
  else kern::matmul_wv(a, b, c, m, k, n, lda, ldb, ldc);
}
inline void matmul_nn(const double* a, const double* b, double* c, int m, int k, int n, int lda, int ldb, int ldc) {
  eigen_nn(a, b, c, m, k, n, lda, ldb, ldc);
}

// c = a·bᵀ: a is (m, k) with stride lda, b is (n, k) with stride ldb, c is (m, n) with stride ldc (overwritten).
inline void matmul_nt(const float* a, const float* b, float* c, int m, int k, int n, int lda, int ldb, int ldc) {
  if (eigen_product(m, k, n)) eigen_nt(a, b, c, m, k, n, lda, ldb, ldc);
  else kern::matmul_qkt(a, b, c, m, n, k, lda, ldb, ldc);
}
inline void matmul_nt(const double* a, const double* b, double* c, int m, int k, int n, int lda, int ldb, int ldc) {
  eigen_nt(a, b, c, m, k, n, lda, ldb, ldc);
}

// y = c·x for n values (y may be x).
inline void scale(const float* x, float c, float* y, long n) { kern::scale(x, c, y, static_cast<int>(n)); }
inline void scale(const double* x, double c, double* y, long n) {
  for (long i = 0; i < n; ++i) y[i] = c * x[i];
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

// c = aᵀ·b: a is (k, m) with stride lda, b is (k, n) with stride ldb, c is (m, n) with stride ldc (overwritten).
// On the kernels aᵀ is first copied into scratch (m·k values).
inline void matmul_tn(const float* a, const float* b, float* c, int m, int k, int n, int lda, int ldb, int ldc,
                      float* scratch) {
  if (eigen_product(m, k, n)) {
    eigen_tn(a, b, c, m, k, n, lda, ldb, ldc);
    return;
  }
  transpose(a, scratch, k, m, lda);
  kern::matmul_wv(scratch, b, c, m, k, n, k, ldb, ldc);
}
inline void matmul_tn(const double* a, const double* b, double* c, int m, int k, int n, int lda, int ldb, int ldc,
                      double*) {
  eigen_tn(a, b, c, m, k, n, lda, ldb, ldc);
}

}  // namespace asl::training::ops
