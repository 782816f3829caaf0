// Lesson 1's real word vectors: one vocabulary per module (lower-case words in frequency order, each with a dim-wide
// float vector, dequantised by the caller), set once, and the nearest words to a vector by cosine. It does not read
// files or know the data file's format: the bindings and the CLI hand it words and floats.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace asl {

struct Vocabulary {
  std::vector<std::string> words;  // frequency order; index i is row i of the matrices below
  int dim = 0;
  std::vector<float> vectors;      // (size(), dim) row-major, as given
  std::vector<float> unit;         // the same rows divided by their Euclidean norms (zero rows stay zero)
  std::vector<int> by_word;       // the rows in the order of their words (a sorted index: no hash table in the module)

  int size() const { return static_cast<int>(words.size()); }
  // The row of `word` spelled exactly as in the vocabulary (lower case), or -1.
  int find(std::string_view word) const;
  const float* vector(int i) const { return vectors.data() + static_cast<std::size_t>(i) * dim; }
};

// Replaces the module's vocabulary. Requires words.size() * dim == vectors.size() and dim > 0.
void set_vocabulary(std::vector<std::string> words, int dim, std::vector<float> vectors);
// The module's vocabulary, or nullptr until set_vocabulary is called.
const Vocabulary* vocabulary();

struct Neighbour {
  int index = -1;
  float cosine = 0.0f;
};

// The k rows of `vocab` whose vectors have the largest cosine with v (length vocab.dim), best first, ties broken by
// the lower index, skipping the rows listed in `exclude`. Fewer than k when the vocabulary is smaller.
std::vector<Neighbour> nearest_words(const Vocabulary& vocab, const float* v, int k, const std::vector<int>& exclude);

// The float32 rows of an int8-quantised vocabulary: row i is codes_i · scales[i] (codes as floats, one per entry;
// the page's data file stores them as int8). codes is (size, dim), scales is (size).
std::vector<float> dequantise_rows(const float* codes, const float* scales, int size, int dim);

// The k best of `cosines` (n), as nearest_words orders them: largest first, ties by the lower index, skipping the
// indices in `exclude`. nearest_words' second half, public for the tests' brute-force reference.
std::vector<Neighbour> top_k(const float* cosines, int n, int k, const std::vector<int>& exclude);

// The index of the first word that repeats an earlier one, or -1 when all differ (setVocabulary's check).
int first_repeated(const std::vector<std::string>& words);

}  // namespace asl
