// The word-vector functions (web/schema/vocabulary.js): setVocabulary checks the words web/vocabulary.js hands over
// and makes them the module's vocabulary (cpp/engine/vocabulary.h); nearestWords ranks them by cosine to a word or
// a vector. Neither reads a file: the page's data arrives as codes and scales. Written small (the engine's size has
// a budget): one message builder, no containers of their own.
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "common.h"
#include "engine/vocabulary.h"

namespace asl::bindings {
namespace {

namespace sv = schema::set_vocabulary;
namespace nw = schema::nearest_words;

// The parts joined: the one place this file builds a message.
[[gnu::noinline]] val say(std::initializer_list<std::string_view> parts) {
  std::string s;
  for (const std::string_view p : parts) s.append(p.data(), p.size());
  return problem(s);
}

// `text` split at single spaces ("" gives no words).
std::vector<std::string> split_words(const std::string& text) {
  std::vector<std::string> words;
  std::size_t start = 0;
  while (start <= text.size() && !text.empty()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    words.emplace_back(text, start, end - start);
    start = end + 1;
  }
  return words;
}

bool lower_case_word(const std::string& w) {
  if (w.empty() || w.size() > 40) return false;
  for (const char c : w)
    if (c < 'a' || c > 'z') return false;
  return true;
}

std::string_view shown(const std::string& w) { return std::string_view(w).substr(0, 40); }

val set_vocabulary_binding(std::uintptr_t address) {
  const api::Slots a = slots_at(address);
  const int size = a.integer(sv::size), dim = a.integer(sv::dim);
  std::vector<std::string> words = split_words(a.text(sv::words));
  if (static_cast<int>(words.size()) != size)
    return say({"words has ", std::to_string(words.size()), " space-separated words: expected size = ", std::to_string(size)});
  for (std::size_t i = 0; i < words.size(); ++i)
    if (!lower_case_word(words[i]))
      return say({"words[", std::to_string(i), "] = \"", shown(words[i]), "\" is not allowed: allowed 1 to 40 lower-case letters a–z"});
  const int repeated = first_repeated(words);
  if (repeated >= 0)
    return say({"words[", std::to_string(repeated), "] = \"", shown(words[repeated]), "\" is not allowed: each word at most once"});
  const float* scales = a.f32(sv::scales);
  for (int i = 0; i < size; ++i)  // web/schema/vocabulary.js checked these already; the engine does not trust a caller
    if (!(scales[i] >= 0.0f)) return say({"scales[", std::to_string(i), "] is out of range: allowed a finite number from 0 up"});
  set_vocabulary(std::move(words), dim, dequantise_rows(a.f32(sv::codes), scales, size, dim));
  val r = val::object();
  r.set("size", size);
  r.set("dim", dim);
  return r;
}

val nearest_words_binding(std::uintptr_t address) {
  const api::Slots a = slots_at(address);
  const Vocabulary* vocab = vocabulary();
  if (!vocab) return say({"no vocabulary is loaded: call setVocabulary first (web/vocabulary.js's loadVocabulary does)"});
  std::vector<int> exclude;
  for (const std::string& w : split_words(a.text(nw::exclude))) {
    const int i = vocab->find(w);
    if (i >= 0) exclude.push_back(i);
  }
  const float* query = nullptr;
  if (a.given(nw::word)) {
    const std::string word = a.text(nw::word);
    const int i = vocab->find(word);
    if (i < 0)
      return say({"word = \"", shown(word), "\" is not in the vocabulary: allowed one of its ", std::to_string(vocab->size()), " lower-case words"});
    query = vocab->vector(i);
  } else {
    const int n = a.length(nw::vector);
    if (n != vocab->dim)
      return say({"vector has ", std::to_string(n), " values: expected the vocabulary's dim = ", std::to_string(vocab->dim)});
    query = a.f32(nw::vector);
    bool nonzero = false;
    for (int j = 0; j < n; ++j) nonzero = nonzero || query[j] != 0.0f;
    if (!nonzero) return say({"vector is all zeros: allowed a vector with a non-zero entry (a cosine needs a direction)"});
  }
  const std::vector<Neighbour> best = nearest_words(*vocab, query, a.integer(nw::k), exclude);
  val words = val::array();
  std::vector<float> cosines(best.size());
  std::vector<int> indices(best.size());
  for (std::size_t r = 0; r < best.size(); ++r) {
    words.set(r, vocab->words[static_cast<std::size_t>(best[r].index)]);
    cosines[r] = best[r].cosine;
    indices[r] = best[r].index;
  }
  val result = val::object();
  result.set("words", words);
  result.set("cosines", f32(cosines.data(), cosines.size()));
  result.set("indices", i32(indices));
  return result;
}

}  // namespace
}  // namespace asl::bindings

EMSCRIPTEN_BINDINGS(asl_vocabulary) {
  using namespace asl::bindings;
  emscripten::function("setVocabulary", &set_vocabulary_binding);
  emscripten::function("nearestWords", &nearest_words_binding);
}
