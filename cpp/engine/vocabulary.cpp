// The module's vocabulary and nearest words by cosine (see vocabulary.h). A first, plain version: one pass of
// cosines and a partial sort; the SIMD top-k kernel replaces the inner loop.
#include "vocabulary.h"

#include <algorithm>
#include <cmath>
#include <memory>

namespace asl {
namespace {
std::unique_ptr<Vocabulary>& store() {
  static std::unique_ptr<Vocabulary> v;
  return v;
}
}  // namespace

int Vocabulary::find(std::string_view word) const {
  const auto it = index.find(std::string(word));
  return it == index.end() ? -1 : it->second;
}

void set_vocabulary(std::vector<std::string> words, int dim, std::vector<float> vectors) {
  auto v = std::make_unique<Vocabulary>();
  v->words = std::move(words);
  v->dim = dim;
  v->vectors = std::move(vectors);
  v->unit = v->vectors;
  for (int i = 0; i < v->size(); ++i) {
    float* row = v->unit.data() + static_cast<std::size_t>(i) * dim;
    double s = 0;
    for (int j = 0; j < dim; ++j) s += static_cast<double>(row[j]) * row[j];
    const float inv = s > 0 ? static_cast<float>(1.0 / std::sqrt(s)) : 0.0f;
    for (int j = 0; j < dim; ++j) row[j] *= inv;
  }
  v->index.reserve(v->words.size());
  for (int i = 0; i < v->size(); ++i) v->index.emplace(v->words[i], i);
  store() = std::move(v);
}

const Vocabulary* vocabulary() { return store().get(); }

std::vector<Neighbour> nearest_words(const Vocabulary& vocab, const float* v, int k, const std::vector<int>& exclude) {
  double s = 0;
  for (int j = 0; j < vocab.dim; ++j) s += static_cast<double>(v[j]) * v[j];
  const double inv = s > 0 ? 1.0 / std::sqrt(s) : 0.0;
  std::vector<Neighbour> all;
  all.reserve(vocab.words.size());
  for (int i = 0; i < vocab.size(); ++i) {
    if (std::find(exclude.begin(), exclude.end(), i) != exclude.end()) continue;
    const float* u = vocab.unit.data() + static_cast<std::size_t>(i) * vocab.dim;
    double d = 0;
    for (int j = 0; j < vocab.dim; ++j) d += static_cast<double>(u[j]) * v[j];
    all.push_back({i, static_cast<float>(d * inv)});
  }
  const int m = std::min<int>(k, static_cast<int>(all.size()));
  std::partial_sort(all.begin(), all.begin() + m, all.end(), [](const Neighbour& a, const Neighbour& b) {
    return a.cosine != b.cosine ? a.cosine > b.cosine : a.index < b.index;
  });
  all.resize(static_cast<std::size_t>(std::max(m, 0)));
  return all;
}

}  // namespace asl
