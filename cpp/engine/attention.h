// Scaled dot-product attention, forward only, with every intermediate a lesson shows. It writes into buffers the
// caller owns and never allocates; shapes are validated by the caller (the bindings, or tests).
#pragma once

namespace asl {

struct AttentionShape {
  int n_q = 1, n_k = 1;  // queries, keys (= values)
  int d_k = 1, d_v = 1;  // per head
  int n_heads = 1;
};

// q is (n_q, n_heads·d_k), k is (n_k, n_heads·d_k), v is (n_k, n_heads·d_v), all row-major; head h uses columns
// h·d_k … (h+1)·d_k − 1 of q and k and h·d_v … of v.
// scores and scaled_scores are (n_heads, n_q, n_k) before the mask; weights (n_heads, n_q, n_k) after mask and
// softmax, masked entries exactly 0; output is (n_q, n_heads·d_v), heads side by side.
// causal: query i sees keys j <= i (PyTorch's is_causal, aligned at the top left).
void attention_forward(const float* q, const float* k, const float* v, const AttentionShape& shape, float scale,
                       bool causal, float* scores, float* scaled_scores, float* weights, float* output);

// The same passes, computing only what the caller keeps: any of scores, scaled_scores, weights and output may be
// null, and a block of kAttentionRowBlock query rows at a time goes through every pass while it is in cache. The
// results it writes equal attention_forward's bit for bit, except when the output alone is asked for: that is one
// fused pass over tiles of keys with an online softmax (kern::attention_fused), which never stores the scores and
// equals attention_forward's output up to rounding (the sums run in another order). workspace holds
// attention_workspace_floats(shape) floats (the fused pass needs none). Returns −1, or the index in (heads, n_q, n_k) order of the first scaled score that is not finite (its
// value in *bad_score); it then stops, and the outputs are incomplete. When it returns −1 and both output and
// bad_output are given, *bad_output is the index of the first output entry that is not finite, or −1 (the fused pass
// has looked already, so a caller that must refuse such an output need not scan it again).
constexpr int kAttentionRowBlock = 8;
inline long attention_workspace_floats(const AttentionShape& shape) { return 2L * kAttentionRowBlock * shape.n_k; }
long attention_forward_select(const float* q, const float* k, const float* v, const AttentionShape& shape,
                              float scale, bool causal, float* scores, float* scaled_scores, float* weights,
                              float* output, float* workspace, float* bad_score, long* bad_output = nullptr);

}  // namespace asl
