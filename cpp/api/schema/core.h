// Generated from web/schema/ by build-scripts/schema-gen.mjs: do not edit (tests/js/schema.test.mjs fails when it
// differs). The options of the functions of cpp/bindings/core.cpp.
#pragma once

#include "../schema.h"

namespace asl::schema {

namespace attention {
enum : int { q, k, v, nQ, nK, dK, dV, heads, scale, causal, outputs, kCount };
namespace outputs_choice {
enum : int { scores, scaledScores, weights, output };
inline constexpr const char* names[] = {"scores", "scaledScores", "weights", "output"};
}  // namespace outputs_choice
inline constexpr Option options[] = {
    {"q", Kind::list, 0.0, 0.0, false, nullptr, 0, false, 0.0, -1, "required",
     "queries, `(nQ, heads·dK)` row-major"},
    {"k", Kind::list, 0.0, 0.0, false, nullptr, 0, false, 0.0, -1, "required",
     "keys, `(nK, heads·dK)`"},
    {"v", Kind::list, 0.0, 0.0, false, nullptr, 0, false, 0.0, -1, "required",
     "values, `(nK, heads·dV)`"},
    {"nQ", Kind::integer, 1.0, 4096.0, false, nullptr, 0, false, 0.0, -1, "required",
     "number of queries"},
    {"nK", Kind::integer, 1.0, 4096.0, false, nullptr, 0, false, 0.0, -1, "required",
     "number of keys (and values)"},
    {"dK", Kind::integer, 1.0, 4096.0, false, nullptr, 0, false, 0.0, -1, "required",
     "per-head width of queries and keys; `heads·dK` ≤ 4096"},
    {"dV", Kind::integer, 1.0, 4096.0, false, nullptr, 0, false, 0.0, -1, "required",
     "per-head width of values; `heads·dV` ≤ 4096"},
    {"heads", Kind::integer, 1.0, 64.0, false, nullptr, 0, true, 1.0, -1, "1",
     "number of heads; head `h` uses columns `h·dK … (h+1)·dK − 1` of `q` and `k`, and `h·dV …` of `v`; `heads·nQ·nK` ≤ 2²⁴"},
    {"scale", Kind::number, 0.0, 1e+30, false, nullptr, 0, false, 0.0, -1, "1/√dK",
     "the factor applied to the scores"},
    {"causal", Kind::boolean, 0.0, 0.0, false, nullptr, 0, true, 0.0, -1, "false",
     "query `i` sees only keys `j ≤ i` (as PyTorch's `is_causal`, aligned at the top left)"},
    {"outputs", Kind::subset, 0.0, 0.0, false, outputs_choice::names, 4, true, 15.0, -1, "all four",
     "the results to compute and return; the others are neither computed nor copied"},
};
inline constexpr Function function = {"attention", options, kCount};
}  // namespace attention

namespace softmax {
enum : int { values, beta, kCount };
inline constexpr Option options[] = {
    {"values", Kind::list, 0.0, 0.0, false, nullptr, 0, false, 0.0, -1, "required",
     "the row"},
    {"beta", Kind::number, 0.0, 1e+30, false, nullptr, 0, true, 1.0, -1, "1",
     "inverse temperature β; 0 gives uniform weights"},
};
inline constexpr Function function = {"softmax", options, kCount};
}  // namespace softmax

namespace softmax_naive {  // softmax's options, in the same slots
using namespace softmax;
inline constexpr Function function = {"softmaxNaive", options, kCount};
}  // namespace softmax_naive

namespace dot {
enum : int { a, b, kCount };
inline constexpr Option options[] = {
    {"a", Kind::list, 0.0, 0.0, false, nullptr, 0, false, 0.0, -1, "required",
     "the first vector"},
    {"b", Kind::list, 0.0, 0.0, false, nullptr, 0, false, 0.0, -1, "required",
     "the second, as long as `a`"},
};
inline constexpr Function function = {"dot", options, kCount};
}  // namespace dot

namespace random {
enum : int { seed, count, distribution, kCount };
namespace distribution_choice {
enum : int { uniform, normal };
inline constexpr const char* names[] = {"uniform", "normal"};
}  // namespace distribution_choice
inline constexpr Option options[] = {
    {"seed", Kind::seed, 0.0, 4294967295.0, false, nullptr, 0, true, 1.0, -1, "1",
     "the generator's seed"},
    {"count", Kind::integer, 1.0, 1048576.0, false, nullptr, 0, true, 16.0, -1, "16",
     "how many numbers"},
    {"distribution", Kind::choice, 0.0, 0.0, false, distribution_choice::names, 2, true, 0.0, -1, "uniform",
     "uniform on [0, 1) or standard normal"},
};
inline constexpr Function function = {"random", options, kCount};
}  // namespace random

namespace self_attention_example {
enum : int { sentence, dModel, dK, dV, seed, scaled, causal, embeddings, head, nearest, kCount };
namespace embeddings_choice {
enum : int { words, random };
inline constexpr const char* names[] = {"words", "random"};
}  // namespace embeddings_choice
namespace head_choice {
enum : int { meaningful, random };
inline constexpr const char* names[] = {"meaningful", "random"};
}  // namespace head_choice
inline constexpr Option options[] = {
    {"sentence", Kind::text, 0.0, 0.0, false, nullptr, 0, false, 0.0, -1, "money bank grows",
     "1 to 12 whitespace-separated words, each at most 40 bytes"},
    {"dModel", Kind::integer, 1.0, 4096.0, false, nullptr, 0, true, 8.0, -1, "8",
     "width of the static embeddings"},
    {"dK", Kind::integer, 1.0, 4096.0, false, nullptr, 0, true, 4.0, -1, "4",
     "width of queries and keys"},
    {"dV", Kind::integer, 1.0, 4096.0, false, nullptr, 0, false, 0.0, 1, "dModel",
     "width of values and contextual embeddings"},
    {"seed", Kind::seed, 0.0, 4294967295.0, false, nullptr, 0, true, 1.0, -1, "1",
     "seed of `W_q`, `W_k`, `W_v`"},
    {"scaled", Kind::boolean, 0.0, 0.0, false, nullptr, 0, true, 1.0, -1, "true",
     "divide the scores by `√dK`"},
    {"causal", Kind::boolean, 0.0, 0.0, false, nullptr, 0, true, 0.0, -1, "false",
     "causal mask"},
    {"embeddings", Kind::choice, 0.0, 0.0, false, embeddings_choice::names, 2, true, 0.0, -1, "words",
     "static embeddings: `words`, the loaded word vectors (`dModel` becomes their width, 100; a word they lack, or every word before they are loaded, gets its seeded vector, rescaled to their mean length), or `random`, a seeded vector per word"},
    {"head", Kind::choice, 0.0, 0.0, false, head_choice::names, 2, true, 0.0, -1, "meaningful",
     "`meaningful`: `W_q = W_k = W_v = I` (so `dK = dV = dModel`), each token's own score masked, and the residual `Z = X + AV`; `random`: seeded random `W_q`, `W_k`, `W_v` (a head at initialisation) and `Z = AV`"},
    {"nearest", Kind::integer, 0.0, 50.0, false, nullptr, 0, true, 5.0, -1, "5",
     "nearest words listed per contextual embedding, by cosine, leaving out the sentence's own words (only with loaded word vectors)"},
};
inline constexpr Function function = {"selfAttentionExample", options, kCount};
}  // namespace self_attention_example

}  // namespace asl::schema
