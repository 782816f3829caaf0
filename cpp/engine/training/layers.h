// LayerNorm forward and backward over rows with strides, for the encoder's three LayerNorms (model.cpp) and
// qk-layernorm's per-head LayerNorms of q and k (attention_layer.cpp). Plain loops; no allocation, no kernels.
#pragma once

#include <cmath>

namespace asl::training::layers {

constexpr double kLayerNormEps = 1e-5;  // PyTorch's nn.LayerNorm default

// For each of n rows of d values (row r of x at x + r·ld_x): x̂ = (x − mean)/√(var + eps) (population variance) and
// y = gain·x̂ + bias (bias may be null: none). Keeps x̂ (stride ld_hat) and rstd = 1/√(var + eps) (stride rstd_step).
template <class T>
void layer_norm_forward(const T* x, long ld_x, const T* gain, const T* bias, T* y, long ld_y, T* x_hat, long ld_hat,
                        T* rstd, long rstd_step, int n, int d) {
  for (int r = 0; r < n; ++r) {
    const T* x_r = x + r * ld_x;
    T* x_hat_r = x_hat + r * ld_hat;
    T* y_r = y + r * ld_y;
    T mean = 0;
    for (int c = 0; c < d; ++c) mean += x_r[c];
    mean /= static_cast<T>(d);
    T var = 0;
    for (int c = 0; c < d; ++c) var += (x_r[c] - mean) * (x_r[c] - mean);
    var /= static_cast<T>(d);
    const T rs = T(1) / std::sqrt(var + static_cast<T>(kLayerNormEps));
    rstd[r * rstd_step] = rs;
    for (int c = 0; c < d; ++c) {
      x_hat_r[c] = (x_r[c] - mean) * rs;
      y_r[c] = gain[c] * x_hat_r[c] + (bias ? bias[c] : T(0));
    }
  }
}

// Differentiates layer_norm_forward: with g = dy·gain, dx = rstd·(g − mean(g) − x̂·mean(g·x̂)) (overwritten);
// dgain += Σ dy·x̂ and dbias += Σ dy over the rows (dbias may be null; the caller zeroes both first).
template <class T>
void layer_norm_backward(const T* dy, long ld_dy, const T* gain, const T* x_hat, long ld_hat, const T* rstd,
                         long rstd_step, T* dx, long ld_dx, T* dgain, T* dbias, int n, int d) {
  for (int r = 0; r < n; ++r) {
    const T* dy_r = dy + r * ld_dy;
    const T* x_hat_r = x_hat + r * ld_hat;
    T* dx_r = dx + r * ld_dx;
    T mean_g = 0, mean_gx = 0;
    for (int c = 0; c < d; ++c) {
      const T g = dy_r[c] * gain[c];
      mean_g += g;
      mean_gx += g * x_hat_r[c];
      dgain[c] += dy_r[c] * x_hat_r[c];
      if (dbias) dbias[c] += dy_r[c];
    }
    mean_g /= static_cast<T>(d);
    mean_gx /= static_cast<T>(d);
    const T rs = rstd[r * rstd_step];
    for (int c = 0; c < d; ++c) dx_r[c] = rs * (dy_r[c] * gain[c] - mean_g - x_hat_r[c] * mean_gx);
  }
}

}  // namespace asl::training::layers
