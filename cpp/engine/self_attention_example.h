// Lesson 1's model: a short sentence → tokens → deterministic static embeddings → seeded W_q, W_k, W_v →
// Q, K, V → scaled dot-product attention → contextual embeddings. No training: the weights are random on purpose.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "matrix.h"

namespace asl {

constexpr int kMaxSentenceWords = 12;
constexpr int kMaxWordBytes = 40;

// Whitespace-separated words, kept as typed (the page shows them as text).
std::vector<std::string> tokenize(std::string_view sentence);

// The key a word's static embedding is drawn from: ASCII-lowercased, leading/trailing ASCII punctuation removed,
// so "Bank," and "bank" share one embedding.
std::string embedding_key(std::string_view token);

// d_model standard normal values that depend only on the word (and on nothing else: not on the seed).
void static_embedding(std::string_view token, int d_model, float* out);

struct SelfAttentionExample {
  std::vector<std::string> tokens;
  int d_model = 0, d_k = 0, d_v = 0;
  float scale = 1.0f;
  RowMatrixXf embeddings;               // (n, d_model)
  RowMatrixXf w_q, w_k, w_v;            // (d_model, d_k), (d_model, d_k), (d_model, d_v)
  RowMatrixXf q, k, v;                  // (n, d_k), (n, d_k), (n, d_v)
  RowMatrixXf scores, scaled_scores;    // (n, n)
  RowMatrixXf weights;                  // (n, n), rows sum to 1
  RowMatrixXf contextual;               // (n, d_v)
  // Population variances of all n² raw and scaled scores (before the mask), and the largest weight.
  double score_variance = 0.0, scaled_score_variance = 0.0;
  float max_weight = 0.0f;
  // The mean, over the rows that have a choice (two or more keys not masked), of each row's largest weight: 1 is
  // one-hot, 1/n even. 1.0 when no row has a choice (one token, or one token under the mask).
  double mean_row_max = 1.0;
  int rows_with_choice = 0;
};

// W entries are N(0, 1/d_model), so with unit-variance embeddings Q and K have unit-variance entries and the raw
// scores have variance ≈ d_k: exactly the situation the lesson is about. Column c of each W comes from its own
// random stream, so raising d_k adds columns without changing the existing ones.
SelfAttentionExample self_attention_example(const std::vector<std::string>& tokens, int d_model, int d_k, int d_v,
                                            std::uint64_t seed, bool scaled, bool causal);

}  // namespace asl
