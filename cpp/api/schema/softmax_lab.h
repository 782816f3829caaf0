// Generated from web/schema/ by build-scripts/schema-gen.mjs: do not edit (tests/js/schema.test.mjs fails when it
// differs). The options of the functions of cpp/bindings/softmax_lab.cpp.
#pragma once

#include "../schema.h"

namespace asl::schema {

namespace two_logit_curve {
enum : int { halfWidth, points, at, kCount };
inline constexpr Option options[] = {
    {"halfWidth", Kind::number, 0.01, 1000.0, false, nullptr, 0, true, 40.0, -1, "40",
     "the grid runs from −halfWidth to +halfWidth"},
    {"points", Kind::integer, 2.0, 4001.0, false, nullptr, 0, true, 321.0, -1, "321",
     "grid points, evenly spaced"},
    {"at", Kind::number, -1000.0, 1000.0, false, nullptr, 0, true, 0.0, -1, "0",
     "one gap Δ to evaluate as well (`pAt`, `slopeAt`)"},
};
inline constexpr Function function = {"twoLogitCurve", options, kCount};
}  // namespace two_logit_curve

namespace gap_spread {
enum : int { dKs, pairs, seed, threshold, kCount };
inline constexpr Option options[] = {
    {"dKs", Kind::list, 0.0, 0.0, false, nullptr, 0, false, 0.0, -1, "[4, 64, 512]",
     "the d_k values"},
    {"pairs", Kind::integer, 2.0, 100000.0, false, nullptr, 0, true, 1000.0, -1, "1000",
     "random (q, k, k') per d_k; pairs·Σ dKs·3 ≤ 2²⁵"},
    {"seed", Kind::seed, 0.0, 4294967295.0, false, nullptr, 0, true, 1.0, -1, "1",
     "the generator's seed"},
    {"threshold", Kind::number, 0.0, 1.0, false, nullptr, 0, true, 0.01, -1, "0.01",
     "`flat` counts the pairs whose slope p(1 − p) is strictly below it"},
};
inline constexpr Function function = {"gapSpread", options, kCount};
}  // namespace gap_spread

namespace softmax_stats {
enum : int { scores, dK, n, beta, scaled, seed, row, model, kCount };
namespace model_choice {
enum : int { normal, dot };
inline constexpr const char* names[] = {"normal", "dot"};
}  // namespace model_choice
inline constexpr Option options[] = {
    {"scores", Kind::list, 0.0, 0.0, false, nullptr, 0, false, 0.0, -1, "drawn",
     "this row (float32); then `n` and `model` are errors"},
    {"dK", Kind::integer, 1.0, 4096.0, false, nullptr, 0, true, 1.0, -1, "1",
     "d_k of the row"},
    {"n", Kind::integer, 1.0, 512.0, false, nullptr, 0, true, 16.0, -1, "16",
     "the row length when drawn"},
    {"beta", Kind::number, 0.0, 1000000.0, false, nullptr, 0, true, 1.0, -1, "1",
     "inverse temperature"},
    {"scaled", Kind::boolean, 0.0, 0.0, false, nullptr, 0, true, 1.0, -1, "true",
     "multiply the scores by 1/√dK"},
    {"seed", Kind::seed, 0.0, 4294967295.0, false, nullptr, 0, true, 1.0, -1, "1",
     "the generator's seed"},
    {"row", Kind::integer, 0.0, 99999.0, false, nullptr, 0, true, 0.0, -1, "0",
     "which row of this seed to draw: row r is gradientDistribution's row r (its `quartileRows` name typical ones)"},
    {"model", Kind::choice, 0.0, 0.0, false, model_choice::names, 2, true, 0.0, -1, "normal",
     "`\"normal\"`: scores = √dK·z, z standard normal (exactly N(0, dK); one z per seed, so a dK slider stretches one row, and scaled the row is z whatever dK is); `\"dot\"`: scores = q·k_j for a random query and keys with standard normal entries in dK dimensions (variance dK, nearly normal only for large dK)"},
};
inline constexpr Function function = {"softmaxStats", options, kCount};
}  // namespace softmax_stats

namespace gradient_sweep {
enum : int { dKs, n, trials, seed, model, threshold, kCount };
namespace model_choice {
enum : int { normal, dot };
inline constexpr const char* names[] = {"normal", "dot"};
}  // namespace model_choice
inline constexpr Option options[] = {
    {"dKs", Kind::list, 0.0, 0.0, false, nullptr, 0, false, 0.0, -1, "[1, 2, 4, …, 4096]",
     "the d_k values"},
    {"n", Kind::integer, 2.0, 1024.0, false, nullptr, 0, true, 16.0, -1, "16",
     "scores per row"},
    {"trials", Kind::integer, 1.0, 100000.0, false, nullptr, 0, true, 1000.0, -1, "1000",
     "rows per d_k; trials·dKs.length ≤ 2²⁰; \"normal\": 2·trials·dKs.length·n ≤ 2²⁶; \"dot\": trials·max(dKs)·(n + 1) ≤ 2²⁵"},
    {"seed", Kind::seed, 0.0, 4294967295.0, false, nullptr, 0, true, 1.0, -1, "1",
     "the generator's seed"},
    {"model", Kind::choice, 0.0, 0.0, false, model_choice::names, 2, true, 0.0, -1, "normal",
     "`\"normal\"`: scores = √dK·z, z standard normal (exactly N(0, dK); one z per seed, so a dK slider stretches one row, and scaled the row is z whatever dK is); `\"dot\"`: scores = q·k_j for a random query and keys with standard normal entries in dK dimensions (variance dK, nearly normal only for large dK)"},
    {"threshold", Kind::number, 0.0, 1000000.0, false, nullptr, 0, true, 0.01, -1, "0.01",
     "`fractionBelow` counts the rows whose norm is strictly below it"},
};
inline constexpr Function function = {"gradientSweep", options, kCount};
}  // namespace gradient_sweep

namespace gradient_distribution {
enum : int { dK, n, trials, seed, model, threshold, bins, kCount };
namespace model_choice {
enum : int { normal, dot };
inline constexpr const char* names[] = {"normal", "dot"};
}  // namespace model_choice
inline constexpr Option options[] = {
    {"dK", Kind::integer, 1.0, 4096.0, false, nullptr, 0, false, 0.0, -1, "required",
     "d_k of the rows"},
    {"n", Kind::integer, 2.0, 1024.0, false, nullptr, 0, true, 16.0, -1, "16",
     "scores per row"},
    {"trials", Kind::integer, 1.0, 100000.0, false, nullptr, 0, true, 1000.0, -1, "1000",
     "rows; \"normal\": 2·trials·n ≤ 2²⁶; \"dot\": trials·dK·(n + 1) ≤ 2²⁵"},
    {"seed", Kind::seed, 0.0, 4294967295.0, false, nullptr, 0, true, 1.0, -1, "1",
     "the generator's seed"},
    {"model", Kind::choice, 0.0, 0.0, false, model_choice::names, 2, true, 0.0, -1, "normal",
     "`\"normal\"`: scores = √dK·z, z standard normal (exactly N(0, dK); one z per seed, so a dK slider stretches one row, and scaled the row is z whatever dK is); `\"dot\"`: scores = q·k_j for a random query and keys with standard normal entries in dK dimensions (variance dK, nearly normal only for large dK)"},
    {"threshold", Kind::number, 0.0, 1000000.0, false, nullptr, 0, true, 0.01, -1, "0.01",
     "`fractionBelow` counts the rows whose norm is strictly below it"},
    {"bins", Kind::integer, 1.0, 1000.0, false, nullptr, 0, true, 40.0, -1, "40",
     "histogram bins, evenly spaced in log10"},
};
inline constexpr Function function = {"gradientDistribution", options, kCount};
}  // namespace gradient_distribution

namespace peak_weight_cap {
enum : int { n, sd, kCount };
inline constexpr Option options[] = {
    {"n", Kind::integer, 2.0, 4096.0, false, nullptr, 0, false, 0.0, -1, "required",
     "logits in the row"},
    {"sd", Kind::number, 0.0, 50.0, false, nullptr, 0, false, 0.0, -1, "required",
     "their standard deviation (Δ ≤ 3201, so every result stays finite in float64)"},
};
inline constexpr Function function = {"peakWeightCap", options, kCount};
}  // namespace peak_weight_cap

namespace softmax_numerics {
enum : int { values, beta, kCount };
inline constexpr Option options[] = {
    {"values", Kind::list, 0.0, 0.0, false, nullptr, 0, false, 0.0, -1, "required",
     "the row (float32)"},
    {"beta", Kind::number, 0.0, 1000000.0, false, nullptr, 0, true, 1.0, -1, "1",
     "inverse temperature"},
};
inline constexpr Function function = {"softmaxNumerics", options, kCount};
}  // namespace softmax_numerics

}  // namespace asl::schema
