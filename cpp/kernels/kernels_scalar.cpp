// The scalar reference kernels: the plainest correct loops, used as the ground truth for the SIMD twins and as
// the "WASM scalar" build in the benchmark. No tricks here on purpose: clarity over speed.
#include <cmath>
#include <limits>

#include "kernels.h"

namespace asl::scalar {

float dot(const float* a, const float* b, int n) {
  float sum = 0.0f;
  for (int i = 0; i < n; ++i) sum += a[i] * b[i];
  return sum;
}

void matmul_qkt(const float* q, const float* k, float* scores, int n_q, int n_k, int d_k, int ld_q, int ld_k,
                int ld_s) {
  for (int i = 0; i < n_q; ++i) {
    const float* q_i = q + static_cast<long>(i) * ld_q;
    float* scores_i = scores + static_cast<long>(i) * ld_s;
    for (int j = 0; j < n_k; ++j) scores_i[j] = dot(q_i, k + static_cast<long>(j) * ld_k, d_k);
  }
}

void matvec(const float* a, const float* x, float* y, int rows, int cols, int ld_a) {
  for (int i = 0; i < rows; ++i) y[i] = dot(a + static_cast<long>(i) * ld_a, x, cols);
}

void scale(const float* x, float c, float* y, int n) {
  for (int i = 0; i < n; ++i) y[i] = c * x[i];
}

int first_nonfinite(const float* x, int n) {
  for (int i = 0; i < n; ++i)
    if (!(x[i] - x[i] == 0.0f)) return i;  // inf − inf and NaN − NaN are NaN
  return -1;
}

void softmax_rows(const float* x, float beta, float* y, int rows, int cols, int ld) {
  for (int r = 0; r < rows; ++r) {
    const float* x_r = x + static_cast<long>(r) * ld;
    float* y_r = y + static_cast<long>(r) * ld;
    if (beta == 0.0f) {  // 0·(x - max) can be 0·inf for extreme inputs; the limit is uniform.
      for (int j = 0; j < cols; ++j) y_r[j] = 1.0f / static_cast<float>(cols);
      continue;
    }
    float row_max = -std::numeric_limits<float>::infinity();
    for (int j = 0; j < cols; ++j) row_max = x_r[j] > row_max ? x_r[j] : row_max;
    float sum = 0.0f;
    for (int j = 0; j < cols; ++j) {
      y_r[j] = std::exp(beta * (x_r[j] - row_max));  // argument <= 0: never overflows
      sum += y_r[j];
    }
    const float inv = 1.0f / sum;  // sum >= 1: the maximum contributes exp(0)
    for (int j = 0; j < cols; ++j) y_r[j] *= inv;
  }
}

void softmax_rows_naive(const float* x, float beta, float* y, int rows, int cols, int ld) {
  for (int r = 0; r < rows; ++r) {
    const float* x_r = x + static_cast<long>(r) * ld;
    float* y_r = y + static_cast<long>(r) * ld;
    float sum = 0.0f;
    for (int j = 0; j < cols; ++j) {
      y_r[j] = std::exp(beta * x_r[j]);
      sum += y_r[j];
    }
    for (int j = 0; j < cols; ++j) y_r[j] /= sum;
  }
}

void matmul_wv(const float* w, const float* v, float* out, int n_q, int n_k, int d_v, int ld_w, int ld_v,
               int ld_o) {
  for (int i = 0; i < n_q; ++i) {
    const float* w_i = w + static_cast<long>(i) * ld_w;
    float* out_i = out + static_cast<long>(i) * ld_o;
    for (int c = 0; c < d_v; ++c) out_i[c] = 0.0f;
    for (int j = 0; j < n_k; ++j) {
      const float* v_j = v + static_cast<long>(j) * ld_v;
      for (int c = 0; c < d_v; ++c) out_i[c] += w_i[j] * v_j[c];
    }
  }
}

void gram_rank1_upper(const float* x, double shift, double* gram, double* moments, double* row_sums, int n, int ld) {
  double* row_sq = row_sums + n;
  for (int i = 0; i < n; ++i) row_sums[i] = row_sq[i] = 0.0;
  double sum = 0.0, sum_sq = 0.0;
  for (int i = 0; i < n; ++i) {
    const double x_i = x[i];
    double* gram_i = gram + static_cast<long>(i) * ld;
    gram_i[i] += x_i * x_i;
    double sum_i = 0.0, sq_i = 0.0;  // over j > i
    for (int j = i + 1; j < n; ++j) {
      gram_i[j] += x_i * static_cast<double>(x[j]);  // exact product, one rounding in the sum
      const double t = gram_i[j] - shift;
      sum_i += t;
      sq_i += t * t;
      row_sums[j] += t;  // the same entry, below the diagonal of row j
      row_sq[j] += t * t;
    }
    row_sums[i] += sum_i;
    row_sq[i] += sq_i;
    sum += sum_i;
    sum_sq += sq_i;
  }
  moments[0] = sum;
  moments[1] = sum_sq;
}

int attention_fused(const float* q, const float* k, const float* v, float* out, float* bad_score, float scale,
                    int n_q, int n_k, int d_k, int d_v, int ld_q, int ld_k, int ld_v, int ld_o, int causal_from) {
  // One row at a time, one key at a time: the running maximum m, the running sum l of exp(s − m), and the output
  // row as the running sum of exp(s − m)·v_j, all rescaled by exp(m_old − m_new) whenever the maximum grows.
  for (int i = 0; i < n_q; ++i) {
    const float* q_i = q + static_cast<long>(i) * ld_q;
    float* out_i = out + static_cast<long>(i) * ld_o;
    for (int c = 0; c < d_v; ++c) out_i[c] = 0.0f;
    float m = -std::numeric_limits<float>::infinity(), l = 0.0f;
    for (int j = 0; j < n_k; ++j) {
      const float s = scale * dot(q_i, k + static_cast<long>(j) * ld_k, d_k);
      if (!(s - s == 0.0f)) {
        *bad_score = s;
        return i * n_k + j;
      }
      if (causal_from >= 0 && j > causal_from + i) continue;  // masked: checked, not weighed
      if (s > m) {
        const float alpha = std::exp(m - s);  // exp(−inf) = 0 for the first key
        for (int c = 0; c < d_v; ++c) out_i[c] *= alpha;
        l *= alpha;
        m = s;
      }
      const float p = std::exp(s - m);
      l += p;
      const float* v_j = v + static_cast<long>(j) * ld_v;
      for (int c = 0; c < d_v; ++c) out_i[c] += p * v_j[c];
    }
    const float inv = 1.0f / l;  // l >= 1: the maximum contributes exp(0)
    for (int c = 0; c < d_v; ++c) out_i[c] *= inv;
  }
  return -1;
}

void exp_values(const float* x, float* y, int n) {
  for (int i = 0; i < n; ++i) y[i] = std::exp(x[i]);
}

void exp_nonpositive(const float* x, float* y, int n) {
  for (int i = 0; i < n; ++i) y[i] = std::exp(x[i]);
}

}  // namespace asl::scalar
