// Generated from web/schema/ by build-scripts/schema-gen.mjs: do not edit (tests/js/schema.test.mjs fails when it
// differs). The options of the functions of cpp/bindings/statistics.cpp.
#pragma once

#include "../schema.h"

namespace asl::schema {

namespace dot_products {
enum : int { dim, pairs, distribution, mean, std, seed, bins, range, kCount };
namespace distribution_choice {
enum : int { uniform, normal };
inline constexpr const char* names[] = {"uniform", "normal"};
}  // namespace distribution_choice
inline constexpr Option options[] = {
    {"dim", Kind::integer, 1.0, 4096.0, false, nullptr, 0, false, 0.0, -1, "required",
     "dimension of the vectors; dim·pairs ≤ 2²⁴"},
    {"pairs", Kind::integer, 1.0, 100000.0, false, nullptr, 0, true, 1000.0, -1, "1000",
     "independent pairs (a, b)"},
    {"distribution", Kind::choice, 0.0, 0.0, false, distribution_choice::names, 2, true, 0.0, -1, "uniform",
     "entries uniform on [0, 1), or normal with `mean` and `std`"},
    {"mean", Kind::number, -1000.0, 1000.0, false, nullptr, 0, true, 0.0, -1, "0",
     "μ of normal entries (only with `\"normal\"`)"},
    {"std", Kind::number, 0.0, 1000.0, false, nullptr, 0, true, 1.0, -1, "1",
     "σ of normal entries (only with `\"normal\"`)"},
    {"seed", Kind::seed, 0.0, 4294967295.0, false, nullptr, 0, true, 1.0, -1, "1",
     "the generator's seed"},
    {"bins", Kind::integer, 1.0, 1000.0, false, nullptr, 0, true, 30.0, -1, "30",
     "histogram bins"},
    {"range", Kind::list, 0.0, 0.0, false, nullptr, 0, false, 0.0, -1, "[min, max] of the values",
     "the histogram's window `[lo, hi]`, lo < hi (one window for several panels shares an axis)"},
};
inline constexpr Function function = {"dotProducts", options, kCount};
}  // namespace dot_products

namespace histogram {
enum : int { values, bins, range, kCount };
inline constexpr Option options[] = {
    {"values", Kind::list, 0.0, 0.0, false, nullptr, 0, false, 0.0, -1, "required",
     "the values (float32)"},
    {"bins", Kind::integer, 1.0, 1000.0, false, nullptr, 0, true, 30.0, -1, "30",
     "histogram bins"},
    {"range", Kind::list, 0.0, 0.0, false, nullptr, 0, false, 0.0, -1, "[min, max] of the values",
     "the histogram's window `[lo, hi]`, lo < hi (one window for several panels shares an axis)"},
};
inline constexpr Function function = {"histogram", options, kCount};
}  // namespace histogram

namespace variance_sweep {
enum : int { maxDim, vectors, distribution, mean, std, seed, scaled, entries, kCount };
namespace distribution_choice {
enum : int { uniform, normal };
inline constexpr const char* names[] = {"uniform", "normal"};
}  // namespace distribution_choice
inline constexpr Option options[] = {
    {"maxDim", Kind::integer, 2.0, 4096.0, false, nullptr, 0, true, 512.0, -1, "512",
     "the sweep runs d = 1 … maxDim"},
    {"vectors", Kind::integer, 2.0, 1000.0, false, nullptr, 0, true, 100.0, -1, "100",
     "random vectors; vectors·(vectors + 1)/2·maxDim ≤ 2²⁸"},
    {"distribution", Kind::choice, 0.0, 0.0, false, distribution_choice::names, 2, true, 0.0, -1, "uniform",
     "entries uniform on [0, 1), or normal with `mean` and `std`"},
    {"mean", Kind::number, -1000.0, 1000.0, false, nullptr, 0, true, 0.0, -1, "0",
     "μ of normal entries (only with `\"normal\"`)"},
    {"std", Kind::number, 0.0, 1000.0, false, nullptr, 0, true, 1.0, -1, "1",
     "σ of normal entries (only with `\"normal\"`)"},
    {"seed", Kind::seed, 0.0, 4294967295.0, false, nullptr, 0, true, 1.0, -1, "1",
     "the generator's seed"},
    {"scaled", Kind::boolean, 0.0, 0.0, false, nullptr, 0, true, 0.0, -1, "false",
     "divide every dot product by √d"},
    {"entries", Kind::boolean, 0.0, 0.0, false, nullptr, 0, true, 0.0, -1, "false",
     "also return the vectors"},
};
inline constexpr Function function = {"varianceSweep", options, kCount};
}  // namespace variance_sweep

namespace scale_variance {
enum : int { c, values, count, seed, distribution, mean, std, kCount };
namespace distribution_choice {
enum : int { uniform, normal };
inline constexpr const char* names[] = {"uniform", "normal"};
}  // namespace distribution_choice
inline constexpr Option options[] = {
    {"c", Kind::number, -1000000.0, 1000000.0, false, nullptr, 0, false, 0.0, -1, "required",
     "the factor c"},
    {"values", Kind::list, 0.0, 0.0, false, nullptr, 0, false, 0.0, -1, "drawn",
     "the values X (float32); then `count`, `seed`, `distribution`, `mean` and `std` are errors"},
    {"count", Kind::integer, 1.0, 1048576.0, false, nullptr, 0, true, 1000.0, -1, "1000",
     "values drawn when `values` is not given (the same numbers as `engine.random` for uniform or standard normal)"},
    {"seed", Kind::seed, 0.0, 4294967295.0, false, nullptr, 0, true, 1.0, -1, "1",
     "the generator's seed"},
    {"distribution", Kind::choice, 0.0, 0.0, false, distribution_choice::names, 2, true, 0.0, -1, "uniform",
     "entries uniform on [0, 1), or normal with `mean` and `std`"},
    {"mean", Kind::number, -1000.0, 1000.0, false, nullptr, 0, true, 0.0, -1, "0",
     "μ of normal entries (only with `\"normal\"`)"},
    {"std", Kind::number, 0.0, 1000.0, false, nullptr, 0, true, 1.0, -1, "1",
     "σ of normal entries (only with `\"normal\"`)"},
};
inline constexpr Function function = {"scaleVariance", options, kCount};
}  // namespace scale_variance

namespace pair_angles {
enum : int { dim, pairs, pair, seed, kCount };
inline constexpr Option options[] = {
    {"dim", Kind::integer, 1.0, 4096.0, false, nullptr, 0, false, 0.0, -1, "required",
     "dimension d_k of q and k; dim·pairs ≤ 2²²"},
    {"pairs", Kind::integer, 1.0, 100000.0, false, nullptr, 0, true, 1000.0, -1, "1000",
     "independent pairs (q, k)"},
    {"pair", Kind::integer, 0.0, 99999.0, false, nullptr, 0, true, 0.0, -1, "0",
     "the pair whose entries, lengths and angle are returned; below `pairs`"},
    {"seed", Kind::seed, 0.0, 4294967295.0, false, nullptr, 0, true, 1.0, -1, "1",
     "the generator's seed"},
};
inline constexpr Function function = {"pairAngles", options, kCount};
}  // namespace pair_angles

namespace word_pairs {
enum : int { pairs, rows, n, seed, kCount };
inline constexpr Option options[] = {
    {"pairs", Kind::integer, 2.0, 100000.0, false, nullptr, 0, true, 5000.0, -1, "5000",
     "random pairs of different words"},
    {"rows", Kind::integer, 1.0, 2000.0, false, nullptr, 0, true, 200.0, -1, "200",
     "softmax rows: a query word and `n` other words, and as many rows of the random model"},
    {"n", Kind::integer, 2.0, 512.0, false, nullptr, 0, true, 16.0, -1, "16",
     "keys per row; below the vocabulary's size"},
    {"seed", Kind::seed, 0.0, 4294967295.0, false, nullptr, 0, true, 1.0, -1, "1",
     "the generator's seed (which words, and the random model's vectors)"},
};
inline constexpr Function function = {"wordPairs", options, kCount};
}  // namespace word_pairs

}  // namespace asl::schema
