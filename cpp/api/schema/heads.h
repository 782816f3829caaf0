// Generated from web/schema/ by build-scripts/schema-gen.mjs: do not edit (tests/js/schema.test.mjs fails when it
// differs). The options of the functions of cpp/bindings/heads.cpp.
#pragma once

#include "../schema.h"

namespace asl::schema {

namespace multi_head_example {
enum : int { sentence, dModel, heads, seed, scaleBy, kCount };
namespace scaleBy_choice {
enum : int { dk, dmodel, none };
inline constexpr const char* names[] = {"dk", "dmodel", "none"};
}  // namespace scaleBy_choice
inline constexpr Option options[] = {
    {"sentence", Kind::text, 0.0, 0.0, false, nullptr, 0, false, 0.0, -1, "money bank grows",
     "1 to 12 whitespace-separated words, each at most 40 bytes"},
    {"dModel", Kind::integer, 1.0, 1024.0, false, nullptr, 0, true, 8.0, -1, "8",
     "width of the embeddings"},
    {"heads", Kind::integer, 1.0, 64.0, false, nullptr, 0, true, 2.0, -1, "2",
     "H; it must divide dModel"},
    {"seed", Kind::seed, 0.0, 4294967295.0, false, nullptr, 0, true, 1.0, -1, "1",
     "seed of the projections"},
    {"scaleBy", Kind::choice, 0.0, 0.0, false, scaleBy_choice::names, 3, true, 0.0, -1, "dk",
     "`\"dk\"`: scores × 1/√dK per head (correct); `\"dmodel\"`: × 1/√dModel (a mistake found in real code); `\"none\"`: × 1"},
};
inline constexpr Function function = {"multiHeadExample", options, kCount};
}  // namespace multi_head_example

namespace multi_head_sweep {
enum : int { dModel, heads, tokens, samples, seed, kCount };
inline constexpr Option options[] = {
    {"dModel", Kind::integer, 1.0, 1024.0, false, nullptr, 0, true, 64.0, -1, "64",
     "width of the embeddings"},
    {"heads", Kind::list, 0.0, 0.0, false, nullptr, 0, false, 0.0, -1, "every power of two that divides dModel",
     "the head counts H, increasing, each dividing dModel"},
    {"tokens", Kind::integer, 2.0, 64.0, false, nullptr, 0, true, 8.0, -1, "8",
     "tokens per sequence"},
    {"samples", Kind::integer, 2.0, 10000.0, false, nullptr, 0, true, 200.0, -1, "200",
     "draws; samples·(tokens·dModel + 2·dModel²) ≤ 2²⁵"},
    {"seed", Kind::seed, 0.0, 4294967295.0, false, nullptr, 0, true, 1.0, -1, "1",
     "the generator's seed"},
};
inline constexpr Function function = {"multiHeadSweep", options, kCount};
}  // namespace multi_head_sweep

}  // namespace asl::schema
