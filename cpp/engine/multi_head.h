// Lesson 5: multi-head attention on Lesson 1's model. The same tokens, static embeddings and seeded W_q, W_k, W_v,
// taken d_model wide and split by columns into H heads of d_k = d_v = d_model/H; each head's attention by
// attention_forward; Multihead = Concat(head_1 … head_H)·W^O. Also the scaling mistake (√d_model instead of the
// per-head √d_k, or none) and its effect per head, for one sentence and by Monte Carlo over H. Forward only, no
// training; it never throws and does no I/O: callers validate sizes (H must divide d_model).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "matrix.h"

namespace asl {

// What the scores are divided by: √d_k (per head, correct), √d_model (the mistake), or nothing.
enum class HeadScale { d_k, d_model, none };
constexpr int kHeadScales = 3;  // the enum's values, in order
float head_scale(HeadScale by, int d_model, int n_heads);

struct HeadStats {
  double score_variance = 0.0;         // population variance of the head's n² raw scores
  double scaled_score_variance = 0.0;  // of scale·scores
  double mean_max_weight = 0.0;        // over the head's rows, of softmax(scale·row)
  double mean_entropy = 0.0;           // nats, over the head's rows
};

struct MultiHeadExample {
  std::vector<std::string> tokens;
  int d_model = 0, n_heads = 1, d_k = 0, d_v = 0;
  HeadScale scale_by = HeadScale::d_k;
  float scale = 1.0f;
  RowMatrixXf embeddings;                   // (n, d_model)
  RowMatrixXf w_q, w_k, w_v;                // (d_model, d_model): head h owns columns h·d_k … (h+1)·d_k − 1
  RowMatrixXf q, k, v;                      // (n, d_model), heads side by side
  std::vector<float> scores, scaled_scores, weights;  // (n_heads, n, n)
  RowMatrixXf concat;                       // (n, d_model) = Concat(head_1 … head_H)
  RowMatrixXf w_o;                          // (d_model, d_model)
  RowMatrixXf output;                       // (n, d_model) = concat·W^O
  std::vector<HeadStats> heads;             // (n_heads), with this example's scale
  std::vector<HeadStats> by_scale[kHeadScales];  // (n_heads) each: had the scores been scaled by √d_k, √d_model, 1
  float by_scale_factor[kHeadScales] = {1.0f, 1.0f, 1.0f};  // the factor each of those scalings multiplies by
  double max_entropy = 0.0;                 // ln n: a uniform row
};

// W_q, W_k, W_v are self_attention_example's with d_k = d_v = d_model (entries N(0, 1/d_model), column c from its
// own stream), so H = 1 with scale_by d_k is Lesson 1's example at d_k = d_v = d_model, and changing H only regroups
// the same columns. W^O has entries N(0, 1/d_model), column c from its own stream. tokens: 1 … 12 words.
MultiHeadExample multi_head_example(const std::vector<std::string>& tokens, int d_model, int n_heads,
                                    std::uint64_t seed, HeadScale scale_by);

// W^O alone (d_model, d_model), as multi_head_example draws it.
RowMatrixXf output_projection(std::uint64_t seed, int d_model);

// Monte Carlo over H: in sample s, `tokens` random token vectors with N(0, 1) entries and fresh W_q, W_k (entries
// N(0, 1/d_model), column c from stream (s, c), so every H regroups the same columns). For each H and each scaling,
// the mean over samples and heads of the per-head statistics, with standard errors over samples.
struct HeadScalingPoint {
  int n_heads = 1, d_k = 0;
  float scale[kHeadScales] = {1.0f, 1.0f, 1.0f};
  double score_variance = 0.0, score_variance_se = 0.0;  // raw per-head scores: ≈ d_k
  double scaled_variance[kHeadScales] = {}, scaled_variance_se[kHeadScales] = {};
  double mean_max_weight[kHeadScales] = {}, mean_max_weight_se[kHeadScales] = {};
  double mean_entropy[kHeadScales] = {}, mean_entropy_se[kHeadScales] = {};
};
struct HeadScalingSweep {
  int d_model = 0, tokens = 0, samples = 0;
  double max_entropy = 0.0;  // ln tokens
  std::vector<HeadScalingPoint> points;  // one per H, in the order given
};
// every H in heads divides d_model; tokens >= 2; samples >= 2.
HeadScalingSweep head_scaling_sweep(int d_model, const std::vector<int>& heads, int tokens, int samples,
                                    std::uint64_t seed);

}  // namespace asl
