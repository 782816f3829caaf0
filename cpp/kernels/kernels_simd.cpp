// The SIMD twins of kernels_scalar.cpp, written once against simd_mappings.h (wasm_simd128 in the browser, SSE2
// natively). Same signatures and results as the scalar reference up to rounding: summation order differs and exp
// is a polynomial, so tests compare with abs + rel tolerances. Register-blocked where it pays (the two matmuls).
#include <cmath>
#include <limits>

#include "kernels.h"
#include "simd_exp.h"
#include "simd_mappings.h"

#if defined(ASL_SIMD)

namespace asl::simd {

float dot(const float* a, const float* b, int n) {
  f32x4 acc0 = splat(0.0f), acc1 = splat(0.0f), acc2 = splat(0.0f), acc3 = splat(0.0f);
  int i = 0;
  for (; i + 16 <= n; i += 16) {
    acc0 = madd(load(a + i), load(b + i), acc0);
    acc1 = madd(load(a + i + 4), load(b + i + 4), acc1);
    acc2 = madd(load(a + i + 8), load(b + i + 8), acc2);
    acc3 = madd(load(a + i + 12), load(b + i + 12), acc3);
  }
  for (; i + 4 <= n; i += 4) acc0 = madd(load(a + i), load(b + i), acc0);
  float sum = hsum(add(add(acc0, acc1), add(acc2, acc3)));
  for (; i < n; ++i) sum += a[i] * b[i];
  return sum;
}

void matvec(const float* a, const float* x, float* y, int rows, int cols, int ld_a) {
  const int c4 = cols & ~3;
  int i = 0;
  // 4 rows per step: each load of x serves four rows, and the four sums leave in one hsum4.
  for (; i + 4 <= rows; i += 4) {
    const float* a_i0 = a + static_cast<long>(i) * ld_a;
    const float* a_i1 = a_i0 + ld_a;
    const float* a_i2 = a_i1 + ld_a;
    const float* a_i3 = a_i2 + ld_a;
    f32x4 acc0 = splat(0.0f), acc1 = splat(0.0f), acc2 = splat(0.0f), acc3 = splat(0.0f);
    for (int j = 0; j < c4; j += 4) {
      const f32x4 x_j = load(x + j);
      acc0 = madd(load(a_i0 + j), x_j, acc0);
      acc1 = madd(load(a_i1 + j), x_j, acc1);
      acc2 = madd(load(a_i2 + j), x_j, acc2);
      acc3 = madd(load(a_i3 + j), x_j, acc3);
    }
    f32x4 sums = hsum4(acc0, acc1, acc2, acc3);
    if (c4 < cols) {
      float tail[4] = {0.0f, 0.0f, 0.0f, 0.0f};
      for (int j = c4; j < cols; ++j) {
        tail[0] += a_i0[j] * x[j];
        tail[1] += a_i1[j] * x[j];
        tail[2] += a_i2[j] * x[j];
        tail[3] += a_i3[j] * x[j];
      }
      sums = add(sums, load(tail));
    }
    store(y + i, sums);
  }
  for (; i < rows; ++i) y[i] = dot(a + static_cast<long>(i) * ld_a, x, cols);
}

void matmul_qkt(const float* q, const float* k, float* scores, int n_q, int n_k, int d_k, int ld_q, int ld_k,
                int ld_s) {
  const int d4 = d_k & ~3;
  int i = 0;
  // 2 query rows × 4 key rows per tile: 8 accumulators, each q and k load reused 4 and 2 times.
  for (; i + 2 <= n_q; i += 2) {
    const float* q_i0 = q + static_cast<long>(i) * ld_q;
    const float* q_i1 = q_i0 + ld_q;
    float* scores_i0 = scores + static_cast<long>(i) * ld_s;
    float* scores_i1 = scores_i0 + ld_s;
    int j = 0;
    for (; j + 4 <= n_k; j += 4) {
      const float* k_j0 = k + static_cast<long>(j) * ld_k;
      const float* k_j1 = k_j0 + ld_k;
      const float* k_j2 = k_j1 + ld_k;
      const float* k_j3 = k_j2 + ld_k;
      f32x4 a00 = splat(0.0f), a01 = splat(0.0f), a02 = splat(0.0f), a03 = splat(0.0f);
      f32x4 a10 = splat(0.0f), a11 = splat(0.0f), a12 = splat(0.0f), a13 = splat(0.0f);
      for (int c = 0; c < d4; c += 4) {
        const f32x4 x0 = load(q_i0 + c), x1 = load(q_i1 + c);
        f32x4 y = load(k_j0 + c);
        a00 = madd(x0, y, a00);
        a10 = madd(x1, y, a10);
        y = load(k_j1 + c);
        a01 = madd(x0, y, a01);
        a11 = madd(x1, y, a11);
        y = load(k_j2 + c);
        a02 = madd(x0, y, a02);
        a12 = madd(x1, y, a12);
        y = load(k_j3 + c);
        a03 = madd(x0, y, a03);
        a13 = madd(x1, y, a13);
      }
      f32x4 s0 = hsum4(a00, a01, a02, a03);
      f32x4 s1 = hsum4(a10, a11, a12, a13);
      if (d4 < d_k) {  // the last d_k % 4 columns, lane by lane
        alignas(16) float t0[4] = {0, 0, 0, 0}, t1[4] = {0, 0, 0, 0};
        const float* k_rows[4] = {k_j0, k_j1, k_j2, k_j3};
        for (int jj = 0; jj < 4; ++jj)
          for (int c = d4; c < d_k; ++c) {
            t0[jj] += q_i0[c] * k_rows[jj][c];
            t1[jj] += q_i1[c] * k_rows[jj][c];
          }
        s0 = add(s0, load(t0));
        s1 = add(s1, load(t1));
      }
      store(scores_i0 + j, s0);
      store(scores_i1 + j, s1);
    }
    for (; j < n_k; ++j) {
      const float* k_j = k + static_cast<long>(j) * ld_k;
      scores_i0[j] = dot(q_i0, k_j, d_k);
      scores_i1[j] = dot(q_i1, k_j, d_k);
    }
  }
  for (; i < n_q; ++i) {
    const float* q_i = q + static_cast<long>(i) * ld_q;
    float* scores_i = scores + static_cast<long>(i) * ld_s;
    for (int j = 0; j < n_k; ++j) scores_i[j] = dot(q_i, k + static_cast<long>(j) * ld_k, d_k);
  }
}

void scale(const float* x, float c, float* y, int n) {
  const f32x4 cv = splat(c);
  int i = 0;
  for (; i + 4 <= n; i += 4) store(y + i, mul(cv, load(x + i)));
  for (; i < n; ++i) y[i] = c * x[i];
}

int first_nonfinite(const float* x, int n) {
  int i = 0;
  for (; i + 4 <= n; i += 4) {
    const f32x4 v = load(x + i);
    if (any_nan(sub(v, v))) break;  // x − x is 0 for a finite x and NaN otherwise; the scalar loop finds which
  }
  for (; i < n; ++i)
    if (!(x[i] - x[i] == 0.0f)) return i;
  return -1;
}

void softmax_rows(const float* x, float beta, float* y, int rows, int cols, int ld) {
  const int c4 = cols & ~3;
  for (int r = 0; r < rows; ++r) {
    const float* x_r = x + static_cast<long>(r) * ld;
    float* y_r = y + static_cast<long>(r) * ld;
    if (beta == 0.0f) {  // as in the scalar reference: the β → 0 limit, without 0·inf
      for (int j = 0; j < cols; ++j) y_r[j] = 1.0f / static_cast<float>(cols);
      continue;
    }
    // Pass 1: the row maximum.
    float row_max = -std::numeric_limits<float>::infinity();
    int j = 0;
    if (c4 > 0) {
      f32x4 m = load(x_r);
      for (j = 4; j < c4; j += 4) m = max(m, load(x_r + j));
      row_max = hmax(m);
    }
    for (; j < cols; ++j) row_max = x_r[j] > row_max ? x_r[j] : row_max;
    // Pass 2: e_j = exp(β·(x_j − max)) and their sum. The argument is <= 0, so nothing overflows.
    const f32x4 bv = splat(beta), mv = splat(row_max);
    f32x4 sumv = splat(0.0f);
    for (j = 0; j < c4; j += 4) {
      const f32x4 e = exp4_nonpositive(mul(bv, sub(load(x_r + j), mv)));
      store(y_r + j, e);
      sumv = add(sumv, e);
    }
    float sum = hsum(sumv);
    for (; j < cols; ++j) {
      y_r[j] = std::exp(beta * (x_r[j] - row_max));
      sum += y_r[j];
    }
    // Pass 3: normalise.
    const float inv = 1.0f / sum;
    scale(y_r, inv, y_r, cols);
  }
}

void softmax_rows_naive(const float* x, float beta, float* y, int rows, int cols, int ld) {
  const int c4 = cols & ~3;
  const f32x4 bv = splat(beta);
  for (int r = 0; r < rows; ++r) {
    const float* x_r = x + static_cast<long>(r) * ld;
    float* y_r = y + static_cast<long>(r) * ld;
    f32x4 sumv = splat(0.0f);
    int j = 0;
    for (; j < c4; j += 4) {
      const f32x4 e = exp4(mul(bv, load(x_r + j)));  // overflows to inf past ~88.72, on purpose
      store(y_r + j, e);
      sumv = add(sumv, e);
    }
    float sum = hsum(sumv);
    for (; j < cols; ++j) {
      y_r[j] = std::exp(beta * x_r[j]);
      sum += y_r[j];
    }
    const f32x4 sv = splat(sum);
    for (j = 0; j < c4; j += 4) store(y_r + j, div(load(y_r + j), sv));
    for (; j < cols; ++j) y_r[j] /= sum;
  }
}

void matmul_wv(const float* w, const float* v, float* out, int n_q, int n_k, int d_v, int ld_w, int ld_v,
               int ld_o) {
  int i = 0;
  // 4 output rows × 8 output columns per tile: 8 accumulators; each v load is reused by 4 rows.
  for (; i + 4 <= n_q; i += 4) {
    const float* w_i0 = w + static_cast<long>(i) * ld_w;
    const float* w_i1 = w_i0 + ld_w;
    const float* w_i2 = w_i1 + ld_w;
    const float* w_i3 = w_i2 + ld_w;
    float* out_i0 = out + static_cast<long>(i) * ld_o;
    float* out_i1 = out_i0 + ld_o;
    float* out_i2 = out_i1 + ld_o;
    float* out_i3 = out_i2 + ld_o;
    int c = 0;
    for (; c + 8 <= d_v; c += 8) {
      f32x4 a00 = splat(0.0f), a01 = splat(0.0f), a10 = splat(0.0f), a11 = splat(0.0f);
      f32x4 a20 = splat(0.0f), a21 = splat(0.0f), a30 = splat(0.0f), a31 = splat(0.0f);
      for (int j = 0; j < n_k; ++j) {
        const float* v_j = v + static_cast<long>(j) * ld_v + c;
        const f32x4 y0 = load(v_j), y1 = load(v_j + 4);
        f32x4 s = splat(w_i0[j]);
        a00 = madd(s, y0, a00);
        a01 = madd(s, y1, a01);
        s = splat(w_i1[j]);
        a10 = madd(s, y0, a10);
        a11 = madd(s, y1, a11);
        s = splat(w_i2[j]);
        a20 = madd(s, y0, a20);
        a21 = madd(s, y1, a21);
        s = splat(w_i3[j]);
        a30 = madd(s, y0, a30);
        a31 = madd(s, y1, a31);
      }
      store(out_i0 + c, a00);
      store(out_i0 + c + 4, a01);
      store(out_i1 + c, a10);
      store(out_i1 + c + 4, a11);
      store(out_i2 + c, a20);
      store(out_i2 + c + 4, a21);
      store(out_i3 + c, a30);
      store(out_i3 + c + 4, a31);
    }
    for (; c + 4 <= d_v; c += 4) {
      f32x4 a0 = splat(0.0f), a1 = splat(0.0f), a2 = splat(0.0f), a3 = splat(0.0f);
      for (int j = 0; j < n_k; ++j) {
        const f32x4 y = load(v + static_cast<long>(j) * ld_v + c);
        a0 = madd(splat(w_i0[j]), y, a0);
        a1 = madd(splat(w_i1[j]), y, a1);
        a2 = madd(splat(w_i2[j]), y, a2);
        a3 = madd(splat(w_i3[j]), y, a3);
      }
      store(out_i0 + c, a0);
      store(out_i1 + c, a1);
      store(out_i2 + c, a2);
      store(out_i3 + c, a3);
    }
    for (; c < d_v; ++c) {
      float s0 = 0, s1 = 0, s2 = 0, s3 = 0;
      for (int j = 0; j < n_k; ++j) {
        const float y = v[static_cast<long>(j) * ld_v + c];
        s0 += w_i0[j] * y;
        s1 += w_i1[j] * y;
        s2 += w_i2[j] * y;
        s3 += w_i3[j] * y;
      }
      out_i0[c] = s0;
      out_i1[c] = s1;
      out_i2[c] = s2;
      out_i3[c] = s3;
    }
  }
  for (; i < n_q; ++i) {
    const float* w_i = w + static_cast<long>(i) * ld_w;
    float* out_i = out + static_cast<long>(i) * ld_o;
    int c = 0;
    for (; c + 4 <= d_v; c += 4) {
      f32x4 a = splat(0.0f);
      for (int j = 0; j < n_k; ++j) a = madd(splat(w_i[j]), load(v + static_cast<long>(j) * ld_v + c), a);
      store(out_i + c, a);
    }
    for (; c < d_v; ++c) {
      float s = 0;
      for (int j = 0; j < n_k; ++j) s += w_i[j] * v[static_cast<long>(j) * ld_v + c];
      out_i[c] = s;
    }
  }
}

void gram_rank1_upper(const float* x, double shift, double* gram, double* moments, double* row_sums, int n, int ld) {
  // Four entries of a row per step: one float32 load of x[j…j+3], widened into two float64 pairs. Row i starts at
  // column i + 1, so loads are unaligned; the last (n − i − 1) % 4 entries go through the scalar tail. Each entry
  // also goes to row j's sums (its place below the diagonal), added in the same order as the scalar twin.
  double* row_sq = row_sums + n;
  for (int i = 0; i < n; ++i) row_sums[i] = row_sq[i] = 0.0;
  const f64x2 shift_v = splat_f64(shift);
  double sum = 0.0, sum_sq = 0.0;
  for (int i = 0; i < n; ++i) {
    const double x_i = x[i];
    double* gram_i = gram + static_cast<long>(i) * ld;
    gram_i[i] += x_i * x_i;
    const f64x2 x_i_v = splat_f64(x_i);
    f64x2 sum_a = splat_f64(0.0), sum_b = splat_f64(0.0), sq_a = splat_f64(0.0), sq_b = splat_f64(0.0);
    int j = i + 1;
    for (; j + 4 <= n; j += 4) {
      const f32x4 x_j = load(x + j);
      const f64x2 g0 = add_f64(load_f64(gram_i + j), mul_f64(x_i_v, promote_lo(x_j)));
      const f64x2 g1 = add_f64(load_f64(gram_i + j + 2), mul_f64(x_i_v, promote_hi(x_j)));
      store_f64(gram_i + j, g0);
      store_f64(gram_i + j + 2, g1);
      const f64x2 t0 = sub_f64(g0, shift_v), t1 = sub_f64(g1, shift_v);
      const f64x2 s0 = mul_f64(t0, t0), s1 = mul_f64(t1, t1);
      sum_a = add_f64(sum_a, t0);
      sum_b = add_f64(sum_b, t1);
      sq_a = add_f64(sq_a, s0);
      sq_b = add_f64(sq_b, s1);
      store_f64(row_sums + j, add_f64(load_f64(row_sums + j), t0));
      store_f64(row_sums + j + 2, add_f64(load_f64(row_sums + j + 2), t1));
      store_f64(row_sq + j, add_f64(load_f64(row_sq + j), s0));
      store_f64(row_sq + j + 2, add_f64(load_f64(row_sq + j + 2), s1));
    }
    double sum_i = hsum_f64(add_f64(sum_a, sum_b)), sq_i = hsum_f64(add_f64(sq_a, sq_b));
    for (; j < n; ++j) {
      gram_i[j] += x_i * static_cast<double>(x[j]);
      const double t = gram_i[j] - shift;
      sum_i += t;
      sq_i += t * t;
      row_sums[j] += t;
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

void exp_values(const float* x, float* y, int n) {
  int i = 0;
  for (; i + 4 <= n; i += 4) store(y + i, exp4(load(x + i)));
  if (i < n) {  // the last n % 4 through the same polynomial, padded
    alignas(16) float t[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    for (int j = i; j < n; ++j) t[j - i] = x[j];
    store(t, exp4(load(t)));
    for (int j = i; j < n; ++j) y[j] = t[j - i];
  }
}

void exp_nonpositive(const float* x, float* y, int n) {
  int i = 0;
  for (; i + 4 <= n; i += 4) store(y + i, exp4_nonpositive(load(x + i)));
  if (i < n) {
    alignas(16) float t[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    for (int j = i; j < n; ++j) t[j - i] = x[j];
    store(t, exp4_nonpositive(load(t)));
    for (int j = i; j < n; ++j) y[j] = t[j - i];
  }
}

}  // namespace asl::simd

#endif
