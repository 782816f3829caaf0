// Generated from web/schema/ by build-scripts/schema-gen.mjs: do not edit (tests/js/schema.test.mjs fails when it
// differs). The options of the functions of cpp/bindings/beyond.cpp.
#pragma once

#include "../schema.h"

namespace asl::schema {

namespace length_scaling {
enum : int { ns, top, rest, s, kCount };
inline constexpr Option options[] = {
    {"ns", Kind::list, 0.0, 0.0, false, nullptr, 0, false, 0.0, -1, "required",
     "the row lengths n (closed form: n up to 10¹²)"},
    {"top", Kind::number, -1000.0, 1000.0, false, nullptr, 0, true, 3.0, -1, "3",
     "the one distinct logit (3 and −2 are Nakanishi's illustration)"},
    {"rest", Kind::number, -1000.0, 1000.0, false, nullptr, 0, true, -2.0, -1, "-2",
     "the other n − 1 logits"},
    {"s", Kind::number, 0.0, 100.0, false, nullptr, 0, true, 0.43, -1, "0.43",
     "the s of s·ln n"},
};
inline constexpr Function function = {"lengthScaling", options, kCount};
}  // namespace length_scaling

namespace alignment_scaling {
enum : int { dKs, rho, n, samples, baseDK, seed, kCount };
inline constexpr Option options[] = {
    {"dKs", Kind::list, 0.0, 0.0, false, nullptr, 0, false, 0.0, -1, "required",
     "the d_k values"},
    {"rho", Kind::number, -1.0, 1.0, false, nullptr, 0, true, 0.5, -1, "0.5",
     "coordinate correlation of the query with its aligned key"},
    {"n", Kind::integer, 2.0, 256.0, false, nullptr, 0, true, 16.0, -1, "16",
     "keys per row"},
    {"samples", Kind::integer, 2.0, 100000.0, false, nullptr, 0, true, 400.0, -1, "400",
     "rows per d_k; samples·(max(dKs) + n·dKs.length) ≤ 2²³"},
    {"baseDK", Kind::integer, 1.0, 4096.0, false, nullptr, 0, true, 1.0, -1, "1",
     "μP's base width: its scale is √baseDK/dK"},
    {"seed", Kind::seed, 0.0, 4294967295.0, false, nullptr, 0, true, 1.0, -1, "1",
     "the generator's seed"},
};
inline constexpr Function function = {"alignmentScaling", options, kCount};
}  // namespace alignment_scaling

namespace qk_norm_demo {
enum : int { dK, n, drifts, g, samples, seed, kCount };
inline constexpr Option options[] = {
    {"dK", Kind::integer, 2.0, 4096.0, false, nullptr, 0, true, 64.0, -1, "64",
     "d_k"},
    {"n", Kind::integer, 2.0, 256.0, false, nullptr, 0, true, 16.0, -1, "16",
     "keys per row"},
    {"drifts", Kind::list, 0.0, 0.0, false, nullptr, 0, false, 0.0, -1, "[0.25, 0.5, 1, 2, 4]",
     "the factors f on queries and keys"},
    {"g", Kind::number, 0.001, 1000.0, false, nullptr, 0, true, 8.0, -1, "8",
     "QK-norm's scale g: logits stay in [−g, g]"},
    {"samples", Kind::integer, 2.0, 100000.0, false, nullptr, 0, true, 200.0, -1, "200",
     "rows per factor; samples·drifts.length·n·dK ≤ 2²⁷"},
    {"seed", Kind::seed, 0.0, 4294967295.0, false, nullptr, 0, true, 1.0, -1, "1",
     "the generator's seed"},
};
inline constexpr Function function = {"qkNormDemo", options, kCount};
}  // namespace qk_norm_demo

}  // namespace asl::schema
