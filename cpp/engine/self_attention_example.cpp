// Builds every matrix of Lesson 1 with Eigen (projections) and the attention kernels (the rest); the self-masked
// head's softmax is written out here because the kernels know only the causal mask. It does not load word vectors.
#include "self_attention_example.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>

#include "attention.h"
#include "random.h"
#include "statistics.h"
#include "vocabulary.h"

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

// The vocabulary's mean vector norm, remembered for the vocabulary it was measured on.
double mean_norm(const Vocabulary& vocab) {
  static const Vocabulary* measured = nullptr;
  static double norm = 0.0;
  if (measured != &vocab) {
    double sum = 0.0;
    for (int i = 0; i < vocab.size(); ++i) {
      const float* x = vocab.vector(i);
      double s = 0.0;
      for (int c = 0; c < vocab.dim; ++c) s += static_cast<double>(x[c]) * x[c];
      sum += std::sqrt(s);
    }
    norm = vocab.size() > 0 ? sum / vocab.size() : 1.0;
    measured = &vocab;
  }
  return norm;
}

// Attention with identity projections whose query i may not see key i (nor keys j > i when causal): the passes of
// attention_forward with one more mask. A row with no key left gets weights 0 and a zero mix.
void self_masked_forward(SelfAttentionExample& ex, bool causal) {
  const int n = static_cast<int>(ex.tokens.size());
  // 1. scores: S = QKᵀ (every entry, the masked ones too, so the page can show the self-score)
  ex.scores.noalias() = ex.q * ex.k.transpose();
  // 2. scale
  ex.scaled_scores = ex.scores * ex.scale;
  for (int i = 0; i < n; ++i) {
    const float* scores_i = ex.scaled_scores.row(i).data();
    float* weights_i = ex.weights.row(i).data();
    const auto seen = [&](int j) { return j != i && !(causal && j > i); };
    // 3. mask, 4. softmax over the keys left, shifted by their largest score
    float top = -std::numeric_limits<float>::infinity();
    for (int j = 0; j < n; ++j)
      if (seen(j)) top = std::max(top, scores_i[j]);
    double sum = 0.0;
    for (int j = 0; j < n; ++j) {
      weights_i[j] = seen(j) ? std::exp(scores_i[j] - top) : 0.0f;
      sum += weights_i[j];
    }
    for (int j = 0; j < n; ++j) weights_i[j] = sum > 0 ? static_cast<float>(weights_i[j] / sum) : 0.0f;
  }
  // 5. weighted sum of the values
  ex.mix.noalias() = ex.weights * ex.v;
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
  ExampleOptions o;
  o.d_model = d_model;
  o.d_k = d_k;
  o.d_v = d_v;
  o.seed = seed;
  o.scaled = scaled;
  o.causal = causal;
  return self_attention_example(tokens, o);
}

SelfAttentionExample self_attention_example(const std::vector<std::string>& tokens, const ExampleOptions& o) {
  SelfAttentionExample ex;
  const int n = static_cast<int>(tokens.size());
  const Vocabulary* vocab = o.words ? vocabulary() : nullptr;
  ex.tokens = tokens;
  ex.word_vectors = vocab != nullptr;
  ex.vocabulary_size = vocabulary() ? vocabulary()->size() : 0;
  ex.d_model = vocab ? vocab->dim : o.d_model;
  ex.self_masked = ex.residual = o.meaningful_head;
  ex.d_k = o.meaningful_head ? ex.d_model : o.d_k;
  ex.d_v = o.meaningful_head || vocab ? ex.d_model : o.d_v;  // real words keep d_v = d_model: Z has nearest words
  const int d_model = ex.d_model, d_k = ex.d_k, d_v = ex.d_v;
  ex.scale = o.scaled ? static_cast<float>(1.0 / std::sqrt(static_cast<double>(d_k))) : 1.0f;

  ex.embeddings.resize(n, d_model);
  ex.in_vocabulary.assign(static_cast<std::size_t>(n), false);
  std::vector<int> rows;  // the sentence's words in the vocabulary: left out of its nearest words
  if (vocab) ex.unknown_scale = static_cast<float>(mean_norm(*vocab) / std::sqrt(static_cast<double>(d_model)));
  for (int i = 0; i < n; ++i) {
    const int row = vocab ? vocab->find(embedding_key(tokens[i])) : -1;
    if (row >= 0) {
      std::copy(vocab->vector(row), vocab->vector(row) + d_model, ex.embeddings.row(i).data());
      ex.in_vocabulary[static_cast<std::size_t>(i)] = true;
      rows.push_back(row);
    } else {
      static_embedding(tokens[i], d_model, ex.embeddings.row(i).data());
      ex.embeddings.row(i) *= ex.unknown_scale;
    }
  }
  if (o.meaningful_head) {
    ex.w_q = RowMatrixXf::Identity(d_model, d_model);
    ex.w_k = ex.w_q;
    ex.w_v = ex.w_q;
  } else {
    ex.w_q = random_projection(o.seed, kStreamWq, d_model, d_k);
    ex.w_k = random_projection(o.seed, kStreamWk, d_model, d_k);
    ex.w_v = random_projection(o.seed, kStreamWv, d_model, d_v);
  }

  ex.q.resize(n, d_k);
  ex.k.resize(n, d_k);
  ex.v.resize(n, d_v);
  ex.q.noalias() = ex.embeddings * ex.w_q;
  ex.k.noalias() = ex.embeddings * ex.w_k;
  ex.v.noalias() = ex.embeddings * ex.w_v;

  ex.scores.resize(n, n);
  ex.scaled_scores.resize(n, n);
  ex.weights.resize(n, n);
  ex.mix.resize(n, d_v);
  if (o.meaningful_head) {
    self_masked_forward(ex, o.causal);
  } else {
    AttentionShape shape;
    shape.n_q = n;
    shape.n_k = n;
    shape.d_k = d_k;
    shape.d_v = d_v;
    attention_forward(ex.q.data(), ex.k.data(), ex.v.data(), shape, ex.scale, o.causal, ex.scores.data(),
                      ex.scaled_scores.data(), ex.weights.data(), ex.mix.data());
  }
  ex.contextual = ex.residual ? RowMatrixXf(ex.embeddings + ex.mix) : ex.mix;

  ex.score_variance = moments(ex.scores.data(), static_cast<std::size_t>(ex.scores.size())).variance;
  ex.scaled_score_variance = moments(ex.scaled_scores.data(), static_cast<std::size_t>(ex.scaled_scores.size())).variance;
  ex.max_weight = ex.weights.maxCoeff();
  double sum = 0.0;
  for (int i = 0; i < n; ++i) {
    const int keys = (o.causal ? i + 1 : n) - (ex.self_masked ? 1 : 0);
    if (keys < 2) continue;
    sum += ex.weights.row(i).maxCoeff();
    ex.rows_with_choice += 1;
  }
  if (ex.rows_with_choice > 0) ex.mean_row_max = sum / ex.rows_with_choice;

  ex.nearest.assign(static_cast<std::size_t>(n), {});
  ex.nearest_cosines.assign(static_cast<std::size_t>(n), {});
  if (vocab && o.nearest > 0 && d_v == vocab->dim) {
    for (int i = 0; i < n; ++i) {
      for (const Neighbour& nb : nearest_words(*vocab, ex.contextual.row(i).data(), o.nearest, rows)) {
        ex.nearest[static_cast<std::size_t>(i)].push_back(vocab->words[static_cast<std::size_t>(nb.index)]);
        ex.nearest_cosines[static_cast<std::size_t>(i)].push_back(nb.cosine);
      }
    }
  }
  return ex;
}

}  // namespace asl
