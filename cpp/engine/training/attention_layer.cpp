// Pass 3 of the models' forward (model.cpp) and its backward: every sequence's and head's attention, with q and k
// optionally normalised first (QK-norm, qk-layernorm), and the entropy and largest logit of its rows. Each backward
// line quotes the forward line it differentiates. Products run on ops.h; normalisations and statistics are plain loops.
#include <algorithm>
#include <cmath>

#include "layers.h"
#include "model.h"
#include "ops.h"

namespace asl::training {
namespace {

constexpr double kL2Eps = 1e-12;  // PyTorch's F.normalize: x / max(‖x‖, eps)

// One softmax row's entropy −Σ p·ln p and its logits' extremes, from its weights p and logits z = β·s: with
// z_max the largest logit, p_max = 1/Σ exp(z − z_max), so −Σ p·ln p = −ln p_max − Σ p·(z − z_max). One logarithm a
// row, not one a weight. Returns the entropy; raises *max_abs to the row's largest |z|.
template <class T>
double row_entropy(const T* p, const T* s, T beta, int n, double* max_abs) {
  double z_max = -HUGE_VAL, z_min = HUGE_VAL, p_max = 0.0, sum_pz = 0.0, sum_p = 0.0;
  for (int j = 0; j < n; ++j) {
    const double z = static_cast<double>(beta) * static_cast<double>(s[j]);
    z_max = std::max(z_max, z);
    z_min = std::min(z_min, z);
    p_max = std::max(p_max, static_cast<double>(p[j]));
    sum_pz += static_cast<double>(p[j]) * z;
    sum_p += static_cast<double>(p[j]);
  }
  *max_abs = std::max(*max_abs, std::max(std::fabs(z_max), std::fabs(z_min)));
  return -std::log(p_max) - (sum_pz - z_max * sum_p);
}

}  // namespace

// The scale of head h's scores: QK-norm's learned g_h, else the β of the strategy.
template <class T>
T Network<T>::head_beta(const T* params, int h, T beta) const {
  return config_.qk_norm == QkNorm::l2 ? params[layout_[qk_param_].offset + h] : beta;
}

// 3′. Each head's q and k (columns h·d_k … of the q and the k block of qkv) into qk_hat (rows, 2d), same columns:
//     QK-norm:       q̂ = q / max(‖q‖, eps)                       keeps 1/max(‖q‖, eps)
//     qk-layernorm:  q̃ = γ_q ⊙ (q − mean(q)) / √(var(q) + eps)   keeps x̂ = (q − mean)/√(var + eps) and 1/√(var + eps)
//     (and the same for k with γ_k)
template <class T>
void Network<T>::normalize_qk(const T* params, int rows) {
  const int d = config_.d_model, H = config_.n_heads, dk = config_.d_k();
  for (int part = 0; part < 2; ++part) {  // 0: q, 1: k
    for (int h = 0; h < H; ++h) {
      const long col = static_cast<long>(part) * d + static_cast<long>(h) * dk;
      const T* x = qkv_.data() + col;
      T* y = qk_hat_.data() + col;
      T* stat = qk_stat_.data() + part * H + h;
      if (config_.qk_norm == QkNorm::layer) {
        const T* gain = params + layout_[qk_param_ + part].offset;
        layers::layer_norm_forward(x, 3L * d, gain, static_cast<const T*>(nullptr), y, 2L * d, qk_xhat_.data() + col,
                                   2L * d, stat, 2L * H, rows, dk);
        continue;
      }
      for (int r = 0; r < rows; ++r) {
        const T* x_r = x + static_cast<long>(r) * 3 * d;
        T* y_r = y + static_cast<long>(r) * 2 * d;
        T sq = 0;
        for (int c = 0; c < dk; ++c) sq += x_r[c] * x_r[c];
        const T inv = T(1) / std::max(std::sqrt(sq), static_cast<T>(kL2Eps));
        stat[static_cast<long>(r) * 2 * H] = inv;
        for (int c = 0; c < dk; ++c) y_r[c] = x_r[c] * inv;
      }
    }
  }
}

// Differentiates 3′, from d_qk_hat into the q and k blocks of d_qkv (overwritten):
//   q̂ = q·u, u = 1/‖q‖        →  dq = u·(dq̂ − q̂·(q̂·dq̂))   (dq = u·dq̂ where the norm was clamped to eps)
//   q̃ = γ_q ⊙ x̂               →  layers::layer_norm_backward; dγ_q += Σ dq̃ ⊙ x̂ over rows and heads
template <class T>
void Network<T>::normalize_qk_backward(const T* params, T* grads, int rows) {
  const int d = config_.d_model, H = config_.n_heads, dk = config_.d_k();
  if (config_.qk_norm == QkNorm::layer)
    for (int part = 0; part < 2; ++part)
      std::fill_n(grads + layout_[qk_param_ + part].offset, dk, T(0));
  for (int part = 0; part < 2; ++part) {
    for (int h = 0; h < H; ++h) {
      const long col = static_cast<long>(part) * d + static_cast<long>(h) * dk;
      const T* dy = d_qk_hat_.data() + col;
      T* dx = d_qkv_.data() + col;
      const T* stat = qk_stat_.data() + part * H + h;
      if (config_.qk_norm == QkNorm::layer) {
        const std::size_t g = layout_[qk_param_ + part].offset;
        layers::layer_norm_backward(dy, 2L * d, params + g, qk_xhat_.data() + col, 2L * d, stat, 2L * H, dx, 3L * d,
                                    grads + g, static_cast<T*>(nullptr), rows, dk);
        continue;
      }
      const T* y = qk_hat_.data() + col;
      for (int r = 0; r < rows; ++r) {
        const T* dy_r = dy + static_cast<long>(r) * 2 * d;
        const T* y_r = y + static_cast<long>(r) * 2 * d;
        T* dx_r = dx + static_cast<long>(r) * 3 * d;
        const T inv = stat[static_cast<long>(r) * 2 * H];
        const bool clamped = inv >= static_cast<T>(0.5 / kL2Eps);
        T along = 0;
        for (int c = 0; c < dk; ++c) along += y_r[c] * dy_r[c];
        if (clamped) along = 0;
        for (int c = 0; c < dk; ++c) dx_r[c] = inv * (dy_r[c] - y_r[c] * along);
      }
    }
  }
}

// 3. Attention of every sequence and head, reading v from qkv (rows, 3d) and q, k from qkv or, normalised, qk_hat:
//    3′. (QK-norm, qk-layernorm) q, k → q̂, k̂ per head                see normalize_qk
//    3a. s = q_h·k_hᵀ                  (L, L), kept as raw_scores
//    3b. p = softmax(b_h·s) by rows    kept as attention_weights; b_h = β, or QK-norm's g_h
//    3c. o_h = p·v_h                   written into columns h·d_k … of att (rows, d)
// and the entropy and largest |b_h·s| of every row of p into stats_.
template <class T>
void Network<T>::attention_forward(const T* params, T beta, int batch) {
  const int L = config_.L, d = config_.d_model, H = config_.n_heads, dk = config_.d_k();
  const long LL = static_cast<long>(L) * L;
  const bool normalized = config_.qk_norm != QkNorm::none;
  if (normalized) normalize_qk(params, batch * L);  // 3′
  const T* qk = normalized ? qk_hat_.data() : qkv_.data();
  const int ld_qk = normalized ? 2 * d : 3 * d;  // k sits d columns after q in both
  stats_ = AttentionStats();
  for (int b = 0; b < batch; ++b) {
    const T* qk_b = qk + static_cast<long>(b) * L * ld_qk;
    const T* v_b = qkv_.data() + static_cast<long>(b) * L * 3 * d + 2 * d;
    T* att_b = att_.data() + static_cast<long>(b) * L * d;
    for (int h = 0; h < H; ++h) {
      const T bh = head_beta(params, h, beta);
      T* s = scores_.data() + (static_cast<long>(b) * H + h) * LL;
      T* p = weights_.data() + (static_cast<long>(b) * H + h) * LL;
      ops::matmul_nt(qk_b + h * dk, qk_b + d + h * dk, s, L, dk, L, ld_qk, ld_qk, L);  // 3a
      if (bh > T(0)) {
        ops::softmax_rows(s, bh, p, L, L, L);  // 3b (the kernel subtracts the row's largest s: right for b_h > 0)
      } else {  // QK-norm's g may turn negative: the logits first, so the largest logit is subtracted
        ops::scale(s, bh, p, LL);
        ops::softmax_rows(p, T(1), p, L, L, L);
      }
      ops::matmul_nn(p, v_b + h * dk, att_b + h * dk, L, L, dk, L, 3 * d, d);         // 3c
      for (int i = 0; i < L; ++i)
        stats_.entropy_sum += row_entropy(p + static_cast<long>(i) * L, s + static_cast<long>(i) * L, bh, L,
                                          &stats_.max_abs_logit);
    }
  }
  stats_.rows = static_cast<long>(batch) * H * L;
}

// Differentiates pass 3, from d_att into d_qkv; returns ∂loss/∂β. Under QK-norm ∂loss/∂g_h goes into grads instead
// (and 0 is returned); under qk-layernorm so do the gains' gradients.
template <class T>
T Network<T>::attention_backward(const T* params, T beta, T* grads, int batch) {
  const int L = config_.L, d = config_.d_model, H = config_.n_heads, dk = config_.d_k();
  const long LL = static_cast<long>(L) * L;
  const bool normalized = config_.qk_norm != QkNorm::none;
  const T* qk = normalized ? qk_hat_.data() : qkv_.data();
  T* d_qk = normalized ? d_qk_hat_.data() : d_qkv_.data();
  const int ld_qk = normalized ? 2 * d : 3 * d;
  T* d_g = config_.qk_norm == QkNorm::l2 ? grads + layout_[qk_param_].offset : nullptr;
  if (d_g) std::fill_n(d_g, H, T(0));
  double d_beta = 0.0;
  T* dp = d_p_.data();
  T* ds = d_s_.data();
  for (int b = 0; b < batch; ++b) {
    const T* qk_b = qk + static_cast<long>(b) * L * ld_qk;
    T* d_qk_b = d_qk + static_cast<long>(b) * L * ld_qk;
    const T* v_b = qkv_.data() + static_cast<long>(b) * L * 3 * d + 2 * d;
    T* d_v_b = d_qkv_.data() + static_cast<long>(b) * L * 3 * d + 2 * d;
    const T* datt_b = d_att_.data() + static_cast<long>(b) * L * d;
    for (int h = 0; h < H; ++h) {
      const T* q = qk_b + h * dk;
      const T* k = qk_b + d + h * dk;
      const T* s = scores_.data() + (static_cast<long>(b) * H + h) * LL;
      const T* p = weights_.data() + (static_cast<long>(b) * H + h) * LL;
      const T* d_o = datt_b + h * dk;
      const T bh = head_beta(params, h, beta);
      // 3c. o_h = p·v_h  →  dp = d_o·v_hᵀ,  dv_h = pᵀ·d_o
      ops::matmul_nt(d_o, v_b + h * dk, dp, L, dk, L, d, 3 * d, L);
      ops::matmul_tn(p, d_o, d_v_b + h * dk, L, L, dk, L, d, 3 * d, p_t_.data());
      // 3b. p = softmax(z), z = b_h·s  →  dz_ij = p_ij·(dp_ij − Σ_m p_im·dp_im);  db_h = Σ dz ⊙ s;  ds = b_h·dz
      double d_bh = 0.0;
      for (int i = 0; i < L; ++i) {
        const T* p_i = p + static_cast<long>(i) * L;
        const T* dp_i = dp + static_cast<long>(i) * L;
        const T* s_i = s + static_cast<long>(i) * L;
        T* ds_i = ds + static_cast<long>(i) * L;
        T row = 0;
        for (int j = 0; j < L; ++j) row += p_i[j] * dp_i[j];
        T acc = 0;
        for (int j = 0; j < L; ++j) {
          const T dz = p_i[j] * (dp_i[j] - row);
          acc += dz * s_i[j];
          ds_i[j] = bh * dz;
        }
        d_bh += static_cast<double>(acc);
      }
      if (d_g) d_g[h] += static_cast<T>(d_bh);
      else d_beta += d_bh;
      // 3a. s = q_h·k_hᵀ  →  dq_h = ds·k_h,  dk_h = dsᵀ·q_h   (q, k normalised or not)
      ops::matmul_nn(ds, k, d_qk_b + h * dk, L, L, dk, L, ld_qk, ld_qk);
      ops::matmul_tn(ds, q, d_qk_b + d + h * dk, L, L, dk, L, ld_qk, ld_qk, d_s_t_.data());
    }
  }
  if (normalized) normalize_qk_backward(params, grads, batch * L);  // 3′
  return static_cast<T>(d_beta);
}

// Network<T> itself is instantiated in model.cpp; these are its members defined here.
#define ASL_ATTENTION_LAYER(T)                                                         \
  template T Network<T>::head_beta(const T*, int, T) const;                            \
  template void Network<T>::normalize_qk(const T*, int);                               \
  template void Network<T>::normalize_qk_backward(const T*, T*, int);                  \
  template void Network<T>::attention_forward(const T*, T, int);                       \
  template T Network<T>::attention_backward(const T*, T, T*, int);
ASL_ATTENTION_LAYER(float)
ASL_ATTENTION_LAYER(double)
#undef ASL_ATTENTION_LAYER

}  // namespace asl::training
