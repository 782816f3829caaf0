// Generated from web/schema/ by build-scripts/schema-gen.mjs: do not edit (tests/js/schema.test.mjs fails when it
// differs). The options of the functions of cpp/bindings/vocabulary.cpp.
#pragma once

#include "../schema.h"

namespace asl::schema {

namespace set_vocabulary {
enum : int { size, dim, words, codes, scales, kCount };
inline constexpr Option options[] = {
    {"size", Kind::integer, 1.0, 50000.0, false, nullptr, 0, false, 0.0, -1, "required",
     "number of words"},
    {"dim", Kind::integer, 1.0, 1024.0, false, nullptr, 0, false, 0.0, -1, "required",
     "width of each word's vector; `size·dim` ≤ 2²⁴"},
    {"words", Kind::text, 0.0, 0.0, false, nullptr, 0, false, 0.0, -1, "required",
     "`size` different words separated by single spaces, each 1 to 40 lower-case letters a–z, most frequent first"},
    {"codes", Kind::list, 0.0, 0.0, false, nullptr, 0, false, 0.0, -1, "required",
     "the quantised vectors, `(size, dim)` row-major, integers −127 … 127 (an Int8Array will do)"},
    {"scales", Kind::list, 0.0, 0.0, false, nullptr, 0, false, 0.0, -1, "required",
     "one factor per word: its vector is its codes times its scale"},
};
inline constexpr Function function = {"setVocabulary", options, kCount};
}  // namespace set_vocabulary

namespace nearest_words {
enum : int { word, vector, k, exclude, kCount };
inline constexpr Option options[] = {
    {"word", Kind::text, 0.0, 0.0, false, nullptr, 0, false, 0.0, -1, "none",
     "a word of the vocabulary (give `word` or `vector`)"},
    {"vector", Kind::list, 0.0, 0.0, false, nullptr, 0, false, 0.0, -1, "none",
     "a vector as wide as the vocabulary's, not all zeros (give `word` or `vector`)"},
    {"k", Kind::integer, 1.0, 100.0, false, nullptr, 0, true, 10.0, -1, "10",
     "how many words"},
    {"exclude", Kind::text, 0.0, 0.0, false, nullptr, 0, false, 0.0, -1, "",
     "words to leave out, separated by spaces (a `word` is not left out unless listed here); words outside the vocabulary are ignored"},
};
inline constexpr Function function = {"nearestWords", options, kCount};
}  // namespace nearest_words

}  // namespace asl::schema
