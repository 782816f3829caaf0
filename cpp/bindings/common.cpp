// Result copies and the sentence check shared by the binding files (see common.h).
#include "common.h"

#include <emscripten/emscripten.h>

#include "engine/self_attention_example.h"

namespace asl::bindings {

val f32(const float* data, std::size_t n) {
  return val::global("Float32Array").new_(emscripten::typed_memory_view(n, data));  // a copy, not a heap view
}
val f64(const double* data, std::size_t n) {
  return val::global("Float64Array").new_(emscripten::typed_memory_view(n, data));
}
val f64(const std::vector<double>& v) { return f64(v.data(), v.size()); }
val i32(const std::vector<int>& v) {
  return val::global("Int32Array").new_(emscripten::typed_memory_view(v.size(), v.data()));
}
val matrix(const RowMatrixXf& m) { return f32(m.data(), static_cast<std::size_t>(m.size())); }

val strings(const std::vector<std::string>& items) {
  val a = val::array();
  for (std::size_t i = 0; i < items.size(); ++i) a.set(i, items[i]);
  return a;
}

std::vector<std::string> sentence_tokens(const std::string& sentence, const char* name, std::string* problem_text) {
  std::vector<std::string> tokens = tokenize(sentence);
  if (tokens.empty() || tokens.size() > kMaxSentenceWords) {
    *problem_text = std::string(name) + " has " + std::to_string(tokens.size()) + " words: allowed 1 to 12 words";
    return {};
  }
  for (const auto& t : tokens)
    if (t.size() > kMaxWordBytes) {
      *problem_text = std::string(name) + " has a word of " + std::to_string(t.size()) +
                      " bytes: allowed words of at most 40";
      return {};
    }
  return tokens;
}

void put(val& r, std::initializer_list<std::pair<const char*, double>> fields) {
  for (const auto& [name, value] : fields) r.set(std::string(name), value);
}

double now_ms() { return emscripten_get_now(); }

}  // namespace asl::bindings
