// Builds every matrix of Lesson 1 with Eigen (projections) and the attention kernels (the rest).
#include "self_attention_example.h"

#include <cctype>
#include <cmath>

#include "attention.h"
#include "random.h"
#include "statistics.h"

namespace asl {
namespace {

bool is_space(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
bool is_ascii_punct(unsigned char c) { return c < 128 && std::ispunct(c); }

enum : std::uint64_t { kStreamWq = 1, kStreamWk = 2, kStreamWv = 3 };

RowMatrixXf random_projection(std::uint64_t seed, std::uint64_t stream, int d_model, int d_out) {
  RowMatrixXf w(d_model, d_out);
  const double std = 1.0 / std::sqrt(static_cast<double>(d_model));
  for (int c = 0; c < d_out; ++c) {
    Rng rng = Rng::stream(seed, stream, static_cast<std::uint64_t>(c));
    for (int r = 0; r < d_model; ++r) w(r, c) = static_cast<float>(rng.normal(0.0, std));
  }
  return w;
}

}  // namespace

std::vector<std::string> tokenize(std::string_view sentence) {
  std::vector<std::string> tokens;
  std::size_t i = 0;
  while (i < sentence.size()) {
    while (i < sentence.size() && is_space(static_cast<unsigned char>(sentence[i]))) ++i;
    const std::size_t start = i;
    while (i < sentence.size() && !is_space(static_cast<unsigned char>(sentence[i]))) ++i;
    if (i > start) tokens.emplace_back(sentence.substr(start, i - start));
  }
  return tokens;
}

std::string embedding_key(std::string_view token) {
  std::size_t begin = 0, end = token.size();
  while (begin < end && is_ascii_punct(static_cast<unsigned char>(token[begin]))) ++begin;
  while (end > begin && is_ascii_punct(static_cast<unsigned char>(token[end - 1]))) --end;
  if (begin == end) {  // a token of punctuation only keeps its characters
    begin = 0;
    end = token.size();
  }
  std::string key(token.substr(begin, end - begin));
  for (char& c : key)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return key;
}

void static_embedding(std::string_view token, int d_model, float* out) {
  Rng rng(fnv1a64(embedding_key(token)));
  for (int i = 0; i < d_model; ++i) out[i] = static_cast<float>(rng.normal());
}

SelfAttentionExample self_attention_example(const std::vector<std::string>& tokens, int d_model, int d_k, int d_v,
                                            std::uint64_t seed, bool scaled, bool causal) {
  SelfAttentionExample ex;
  const int n = static_cast<int>(tokens.size());
  ex.tokens = tokens;
  ex.d_model = d_model;
  ex.d_k = d_k;
  ex.d_v = d_v;
  ex.scale = scaled ? static_cast<float>(1.0 / std::sqrt(static_cast<double>(d_k))) : 1.0f;

  ex.embeddings.resize(n, d_model);
  for (int i = 0; i < n; ++i) static_embedding(tokens[i], d_model, ex.embeddings.row(i).data());
  ex.w_q = random_projection(seed, kStreamWq, d_model, d_k);
  ex.w_k = random_projection(seed, kStreamWk, d_model, d_k);
  ex.w_v = random_projection(seed, kStreamWv, d_model, d_v);

  ex.q.resize(n, d_k);
  ex.k.resize(n, d_k);
  ex.v.resize(n, d_v);
  ex.q.noalias() = ex.embeddings * ex.w_q;
  ex.k.noalias() = ex.embeddings * ex.w_k;
  ex.v.noalias() = ex.embeddings * ex.w_v;

  ex.scores.resize(n, n);
  ex.scaled_scores.resize(n, n);
  ex.weights.resize(n, n);
  ex.contextual.resize(n, d_v);
  AttentionShape shape;
  shape.n_q = n;
  shape.n_k = n;
  shape.d_k = d_k;
  shape.d_v = d_v;
  attention_forward(ex.q.data(), ex.k.data(), ex.v.data(), shape, ex.scale, causal, ex.scores.data(),
                    ex.scaled_scores.data(), ex.weights.data(), ex.contextual.data());
  ex.score_variance = moments(ex.scores.data(), static_cast<std::size_t>(ex.scores.size())).variance;
  ex.scaled_score_variance = moments(ex.scaled_scores.data(), static_cast<std::size_t>(ex.scaled_scores.size())).variance;
  ex.max_weight = ex.weights.maxCoeff();
  double sum = 0.0;
  for (int i = 0; i < n; ++i) {
    const int keys = causal ? i + 1 : n;
    if (keys < 2) continue;
    sum += ex.weights.row(i).maxCoeff();
    ex.rows_with_choice += 1;
  }
  if (ex.rows_with_choice > 0) ex.mean_row_max = sum / ex.rows_with_choice;
  return ex;
}

}  // namespace asl
