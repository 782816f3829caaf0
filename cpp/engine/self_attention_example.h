// Lesson 1's model: a short sentence → tokens → static embeddings (the module's word vectors, or vectors seeded by
// the word) → a head (identity projections with the self-score masked, or seeded random W_q, W_k, W_v) → scaled
// dot-product attention → contextual embeddings and their nearest words. No training happens here.
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

// What the example is built from. `words` asks for the module's vocabulary (asl::vocabulary()); while none is set,
// or for a word it lacks, the seeded vector stands in. With `meaningful_head`, W_q = W_k = W_v = I (so d_k = d_v =
// d_model and the d_k, d_v options are not used), each token's own score is masked and Z = X + AV.
struct ExampleOptions {
  int d_model = 8, d_k = 4, d_v = 8;
  std::uint64_t seed = 1;
  bool scaled = true, causal = false;
  bool words = false;
  bool meaningful_head = false;
  int nearest = 0;  // nearest words listed per contextual row (0: none); needs the vocabulary and real words
};

struct SelfAttentionExample {
  std::vector<std::string> tokens;
  int d_model = 0, d_k = 0, d_v = 0;
  float scale = 1.0f;
  bool word_vectors = false;            // the rows of X are the vocabulary's vectors (for the words it has)
  int vocabulary_size = 0;              // words in the module's vocabulary (0 until it is set)
  std::vector<bool> in_vocabulary;      // per token: its row is the word's vector (false: the seeded stand-in)
  float unknown_scale = 1.0f;           // the factor applied to a stand-in's N(0, 1) entries (see below)
  bool self_masked = false;             // each token's own score was left out of its softmax (the diagonal of A is 0)
  bool residual = false;                // Z = X + AV rather than AV
  RowMatrixXf mix;                      // (n, d_v): AV, before the residual
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
  // Per token, the words nearest its contextual row by cosine, best first, leaving out the sentence's own words.
  std::vector<std::vector<std::string>> nearest;
  std::vector<std::vector<float>> nearest_cosines;
};

// W entries are N(0, 1/d_model), so with unit-variance embeddings Q and K have unit-variance entries and the raw
// scores have variance ≈ d_k: exactly the situation the lesson is about. Column c of each W comes from its own
// random stream, so raising d_k adds columns without changing the existing ones.
SelfAttentionExample self_attention_example(const std::vector<std::string>& tokens, int d_model, int d_k, int d_v,
                                            std::uint64_t seed, bool scaled, bool causal);

// A word missing from the vocabulary keeps its seeded N(0, 1) vector times unknown_scale = (the vocabulary's mean
// vector norm)/√dim, so its length is typical of the real vectors and its score does not swamp the row.
SelfAttentionExample self_attention_example(const std::vector<std::string>& tokens, const ExampleOptions& options);

}  // namespace asl
