// The module's vocabulary and nearest words by cosine (see vocabulary.h): the query against every unit row in one
// SIMD matrix-vector product (kern::matvec), then one pass that keeps the k best. It does not read files or decode
// the page's data format beyond int8 codes times a per-row scale.
#include "vocabulary.h"

#include <algorithm>
#include <cmath>
#include <memory>

#include "kernels/kernels.h"

namespace asl {
namespace {
std::unique_ptr<Vocabulary>& store() {
  static std::unique_ptr<Vocabulary> v;
  return v;
}
}  // namespace

namespace {
// The rows 0…n−1 of `words` in the order of their words, equal words by row.
std::vector<int> sorted_rows(const std::vector<std::string>& words) {
  std::vector<int> rows(words.size());
  for (std::size_t i = 0; i < rows.size(); ++i) rows[i] = static_cast<int>(i);
  std::sort(rows.begin(), rows.end(), [&](int a, int b) {
    const int c = words[static_cast<std::size_t>(a)].compare(words[static_cast<std::size_t>(b)]);
    return c < 0 || (c == 0 && a < b);
  });
  return rows;
}
}  // namespace

int Vocabulary::find(std::string_view word) const {
  const auto it = std::lower_bound(by_word.begin(), by_word.end(), word,
                                   [&](int row, std::string_view w) { return std::string_view(words[static_cast<std::size_t>(row)]) < w; });
  return it != by_word.end() && words[static_cast<std::size_t>(*it)] == word ? *it : -1;
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
  v->by_word = sorted_rows(v->words);
  store() = std::move(v);
}

const Vocabulary* vocabulary() { return store().get(); }

std::vector<float> dequantise_rows(const float* codes, const float* scales, int size, int dim) {
  std::vector<float> rows(static_cast<std::size_t>(size) * dim);
  for (int i = 0; i < size; ++i) {
    const float* codes_i = codes + static_cast<std::size_t>(i) * dim;
    float* rows_i = rows.data() + static_cast<std::size_t>(i) * dim;
    for (int j = 0; j < dim; ++j) rows_i[j] = codes_i[j] * scales[i];
  }
  return rows;
}

std::vector<Neighbour> top_k(const float* cosines, int n, int k, const std::vector<int>& exclude) {
  std::vector<Neighbour> best;  // sorted best first; at most k
  if (k <= 0) return best;
  best.reserve(static_cast<std::size_t>(k) + 1);
  for (int i = 0; i < n; ++i) {
    const float c = cosines[i];
    if (static_cast<int>(best.size()) == k && !(c > best.back().cosine)) continue;  // ties keep the lower index
    if (std::find(exclude.begin(), exclude.end(), i) != exclude.end()) continue;    // a few words: a plain scan
    // after every kept entry with a cosine >= c: an equal cosine met earlier has the lower index
    std::size_t at = best.size();
    while (at > 0 && best[at - 1].cosine < c) --at;
    best.insert(best.begin() + static_cast<std::ptrdiff_t>(at), Neighbour{i, c});
    if (static_cast<int>(best.size()) > k) best.pop_back();
  }
  return best;
}

int first_repeated(const std::vector<std::string>& words) {
  // In word order, equal words sit together by row: each run's rows after its first repeat an earlier word.
  const std::vector<int> rows = sorted_rows(words);
  int first = -1;
  for (std::size_t r = 1; r < rows.size(); ++r) {
    const int row = rows[r];
    if (words[static_cast<std::size_t>(row)] == words[static_cast<std::size_t>(rows[r - 1])] && (first < 0 || row < first)) first = row;
  }
  return first;
}

std::vector<Neighbour> nearest_words(const Vocabulary& vocab, const float* v, int k, const std::vector<int>& exclude) {
  // cos(u_i, v) = û_i·v̂: v made a unit vector first (in double, so no v's length overflows), then every unit row
  // against it in one matrix-vector product
  double s = 0;
  for (int j = 0; j < vocab.dim; ++j) s += static_cast<double>(v[j]) * v[j];
  const double inv = s > 0 ? 1.0 / std::sqrt(s) : 0.0;
  std::vector<float> v_hat(static_cast<std::size_t>(vocab.dim));
  for (int j = 0; j < vocab.dim; ++j) v_hat[j] = static_cast<float>(v[j] * inv);
  std::vector<float> cosines(static_cast<std::size_t>(vocab.size()));
  kern::matvec(vocab.unit.data(), v_hat.data(), cosines.data(), vocab.size(), vocab.dim, vocab.dim);
  return top_k(cosines.data(), vocab.size(), k, exclude);
}

}  // namespace asl
