// Attention forward as numbered passes over each head: scores, scale, mask + softmax, weighted sum of values.
// It calls the kernels through asl::kern (SIMD where the target has it) and owns no memory.
#include "attention.h"

#include <algorithm>

#include "../kernels/kernels.h"

namespace asl {

void attention_forward(const float* q, const float* k, const float* v, const AttentionShape& shape, float scale,
                       bool causal, float* scores, float* scaled_scores, float* weights, float* output) {
  const int n_q = shape.n_q, n_k = shape.n_k, d_k = shape.d_k, d_v = shape.d_v, n_heads = shape.n_heads;
  const int ld_qk = n_heads * d_k, ld_v = n_heads * d_v;
  const long plane = static_cast<long>(n_q) * n_k;
  for (int h = 0; h < n_heads; ++h) {
    float* scores_h = scores + h * plane;
    float* scaled_h = scaled_scores + h * plane;
    float* weights_h = weights + h * plane;
    // 1. scores = Q_h · K_hᵀ
    kern::matmul_qkt(q + h * d_k, k + h * d_k, scores_h, n_q, n_k, d_k, ld_qk, ld_qk, n_k);
    // 2. scaled = scale · scores
    kern::scale(scores_h, scale, scaled_h, static_cast<int>(plane));
    // 3. mask and 4. softmax: a causal row i keeps keys 0 … min(i, n_k − 1); the rest are exactly 0.
    if (!causal) {
      kern::softmax_rows(scaled_h, 1.0f, weights_h, n_q, n_k, n_k);
    } else {
      for (int i = 0; i < n_q; ++i) {
        const int visible = std::min(i + 1, n_k);
        float* weights_i = weights_h + static_cast<long>(i) * n_k;
        kern::softmax_rows(scaled_h + static_cast<long>(i) * n_k, 1.0f, weights_i, 1, visible, n_k);
        std::fill(weights_i + visible, weights_i + n_k, 0.0f);
      }
    }
    // 5. output_h = weights · V_h, written into the head's columns of the concatenated output
    kern::matmul_wv(weights_h, v + h * d_v, output + h * d_v, n_q, n_k, d_v, n_k, ld_v, ld_v);
  }
}

long attention_forward_select(const float* q, const float* k, const float* v, const AttentionShape& shape,
                              float scale, bool causal, float* scores, float* scaled_scores, float* weights,
                              float* output, float* workspace, float* bad_score, long* bad_output) {
  const int n_q = shape.n_q, n_k = shape.n_k, d_k = shape.d_k, d_v = shape.d_v, n_heads = shape.n_heads;
  const int ld_qk = n_heads * d_k, ld_v = n_heads * d_v;
  const long plane = static_cast<long>(n_q) * n_k;
  float* ws_a = workspace;
  float* ws_b = workspace + static_cast<long>(kAttentionRowBlock) * n_k;
  const bool softmax = weights != nullptr || output != nullptr;
  if (output && !scores && !scaled_scores && !weights) {
    // Only the output: one fused pass per head over tiles of keys (kernels.h, attention_fused), no workspace.
    for (int h = 0; h < n_heads; ++h) {
      const int bad = kern::attention_fused(q + h * d_k, k + h * d_k, v + h * d_v, output + h * d_v, bad_score, scale,
                                            n_q, n_k, d_k, d_v, ld_qk, ld_qk, ld_v, ld_v, causal ? 0 : -1);
      if (bad >= 0) return h * plane + bad;
    }
    // The fused pass adds up exp(s − running max)·v before it divides by the row's sum, so a v within n_k of the
    // float32 limit can overflow there while weights·v does not: such a call is done again by the blocked passes.
    if (kern::first_nonfinite(output, n_q * ld_v) < 0) {
      if (bad_output) *bad_output = -1;
      return -1;
    }
  }
  for (int h = 0; h < n_heads; ++h) {
    for (int i0 = 0; i0 < n_q; i0 += kAttentionRowBlock) {
      const int rows = std::min(kAttentionRowBlock, n_q - i0);
      const long at = h * plane + static_cast<long>(i0) * n_k;
      const int block = rows * n_k;
      // Where each pass writes: the caller's matrix when it keeps that result, else the workspace.
      float* s_blk = scores ? scores + at : ws_a;
      float* sc_blk = scaled_scores ? scaled_scores + at : ws_a;
      float* w_blk = weights ? weights + at : scaled_scores ? ws_b : ws_a;
      // 1. scores = Q_h · K_hᵀ for these rows
      kern::matmul_qkt(q + static_cast<long>(i0) * ld_qk + h * d_k, k + h * d_k, s_blk, rows, n_k, d_k, ld_qk, ld_qk,
                       n_k);
      // 2. scaled = scale · scores, each checked: a score beyond float32 stops the call.
      kern::scale(s_blk, scale, sc_blk, block);
      const int bad = kern::first_nonfinite(sc_blk, block);
      if (bad >= 0) {
        *bad_score = sc_blk[bad];
        return at + bad;
      }
      if (!softmax) continue;
      // 3. mask and 4. softmax, as attention_forward does them
      if (!causal) {
        kern::softmax_rows(sc_blk, 1.0f, w_blk, rows, n_k, n_k);
      } else {
        for (int r = 0; r < rows; ++r) {
          const int visible = std::min(i0 + r + 1, n_k);
          float* w_r = w_blk + static_cast<long>(r) * n_k;
          kern::softmax_rows(sc_blk + static_cast<long>(r) * n_k, 1.0f, w_r, 1, visible, n_k);
          std::fill(w_r + visible, w_r + n_k, 0.0f);
        }
      }
      // 5. output rows = weights · V_h
      if (output)
        kern::matmul_wv(w_blk, v + h * d_v, output + static_cast<long>(i0) * ld_v + h * d_v, rows, n_k, d_v, n_k,
                        ld_v, ld_v);
    }
  }
  if (output && bad_output) *bad_output = kern::first_nonfinite(output, n_q * ld_v);
  return -1;
}

}  // namespace asl
