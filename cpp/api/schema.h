// Generated from web/schema/ by build-scripts/schema-gen.mjs: do not edit (tests/js/schema.test.mjs fails when it
// differs). Per public function: the index of each option in the slot block the bindings read (three float64 per
// option: value, given, length; cpp/api/slots.h), an enum of each choice option's values in schema order, and a
// table of the options with their ranges, defaults and meanings for the CLI's flags and --help.
#pragma once

#include <limits>

namespace asl::schema {

enum class Kind { integer, seed, number, boolean, choice, text, list, subset };

struct Option {
  const char* name;
  Kind kind;
  double min, max;  // integer, seed, number: the allowed range (kDynamic: it depends on the call)
  bool above;       // number: min itself is not allowed
  const char* const* choices;  // choice and subset: the allowed names, in the order of their indices
  int choice_count;
  bool has_default;      // a constant default (choice: its index; boolean: 0 or 1)
  double default_value;
  int default_from;      // >= 0: the default is that option's value
  const char* default_text;  // the default as the docs and --help print it
  const char* meaning;
};

struct Function {
  const char* name;
  const Option* options;
  int count;
};

constexpr int kSlots = 3;  // value, given, length
constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr double kDynamic = -1.0;

// ---- core ----
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

namespace softmax_naive {
enum : int { values, beta, kCount };
inline constexpr Option options[] = {
    {"values", Kind::list, 0.0, 0.0, false, nullptr, 0, false, 0.0, -1, "required",
     "the row"},
    {"beta", Kind::number, 0.0, 1e+30, false, nullptr, 0, true, 1.0, -1, "1",
     "inverse temperature β; 0 gives uniform weights"},
};
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
enum : int { sentence, dModel, dK, dV, seed, scaled, causal, kCount };
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
};
inline constexpr Function function = {"selfAttentionExample", options, kCount};
}  // namespace self_attention_example

// ---- statistics ----
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
     "values drawn when `values` is not given"},
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

// ---- softmax_lab ----
namespace softmax_stats {
enum : int { scores, dK, n, beta, scaled, seed, model, kCount };
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
    {"model", Kind::choice, 0.0, 0.0, false, model_choice::names, 2, true, 0.0, -1, "normal",
     "`\"normal\"`: scores = √dK·z, z standard normal; `\"dot\"`: scores = q·k_j for random standard normal q and keys in dK dimensions"},
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
     "`\"normal\"`: scores = √dK·z, z standard normal; `\"dot\"`: scores = q·k_j for random standard normal q and keys in dK dimensions"},
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
     "`\"normal\"`: scores = √dK·z, z standard normal; `\"dot\"`: scores = q·k_j for random standard normal q and keys in dK dimensions"},
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
     "their standard deviation"},
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

// ---- temperature ----
namespace boltzmann {
enum : int { scores, betas, shift, kCount };
inline constexpr Option options[] = {
    {"scores", Kind::list, 0.0, 0.0, false, nullptr, 0, false, 0.0, -1, "required",
     "one row of scores"},
    {"betas", Kind::list, 0.0, 0.0, false, nullptr, 0, false, 0.0, -1, "required",
     "the inverse temperatures β"},
    {"shift", Kind::number, -1000000.0, 1000000.0, false, nullptr, 0, true, 0.0, -1, "0",
     "a constant added to every score"},
};
inline constexpr Function function = {"boltzmann", options, kCount};
}  // namespace boltzmann

namespace normalisation_demo {
enum : int { scores, rows, cols, beta, kCount };
inline constexpr Option options[] = {
    {"scores", Kind::list, 0.0, 0.0, false, nullptr, 0, false, 0.0, -1, "required",
     "the matrix, `(rows, cols)` row-major"},
    {"rows", Kind::integer, 1.0, 16.0, false, nullptr, 0, true, 3.0, -1, "3",
     "rows of the matrix"},
    {"cols", Kind::integer, 1.0, 16.0, false, nullptr, 0, true, 3.0, -1, "3",
     "columns of the matrix"},
    {"beta", Kind::number, 0.0, 1000000.0, false, nullptr, 0, true, 1.0, -1, "1",
     "inverse temperature"},
};
inline constexpr Function function = {"normalisationDemo", options, kCount};
}  // namespace normalisation_demo

namespace derivation {
enum : int { dK, samples, seed, meanQ, meanK, sigmaQ, sigmaK, correlation, kCount };
inline constexpr Option options[] = {
    {"dK", Kind::integer, 1.0, 4096.0, false, nullptr, 0, true, 64.0, -1, "64",
     "d_k"},
    {"samples", Kind::integer, 2.0, 1000000.0, false, nullptr, 0, true, 10000.0, -1, "10000",
     "(q, k) pairs drawn; samples·dK ≤ 2²²"},
    {"seed", Kind::seed, 0.0, 4294967295.0, false, nullptr, 0, true, 1.0, -1, "1",
     "the generator's seed"},
    {"meanQ", Kind::number, -100.0, 100.0, false, nullptr, 0, true, 0.0, -1, "0",
     "mean of every qᵢ"},
    {"meanK", Kind::number, -100.0, 100.0, false, nullptr, 0, true, 0.0, -1, "0",
     "mean of every kᵢ"},
    {"sigmaQ", Kind::number, 0.0, 100.0, false, nullptr, 0, true, 1.0, -1, "1",
     "standard deviation of every qᵢ"},
    {"sigmaK", Kind::number, 0.0, 100.0, false, nullptr, 0, true, 1.0, -1, "1",
     "standard deviation of every kᵢ"},
    {"correlation", Kind::number, -1.0, 1.0, false, nullptr, 0, true, 0.0, -1, "0",
     "correlation of qᵢ with kᵢ"},
};
inline constexpr Function function = {"derivation", options, kCount};
}  // namespace derivation

namespace assumption_check {
enum : int { dX, dK, sigmaX, sigmaWq, sigmaWk, meanX, tokens, samples, seed, drift, kCount };
inline constexpr Option options[] = {
    {"dX", Kind::integer, 1.0, 1024.0, false, nullptr, 0, true, 64.0, -1, "64",
     "width of the random X"},
    {"dK", Kind::integer, 1.0, 1024.0, false, nullptr, 0, true, 64.0, -1, "64",
     "d_k of W_q and W_k"},
    {"sigmaX", Kind::number, 0.001, 100.0, false, nullptr, 0, true, 1.0, -1, "1",
     "σ of X's entries"},
    {"sigmaWq", Kind::number, 0.001, 100.0, false, nullptr, 0, true, 0.125, -1, "0.125",
     "σ of W_q's entries"},
    {"sigmaWk", Kind::number, 0.001, 100.0, false, nullptr, 0, true, 0.125, -1, "0.125",
     "σ of W_k's entries"},
    {"meanX", Kind::number, -10.0, 10.0, false, nullptr, 0, true, 0.0, -1, "0",
     "mean of X's entries"},
    {"tokens", Kind::integer, 2.0, 64.0, false, nullptr, 0, true, 8.0, -1, "8",
     "rows of X"},
    {"samples", Kind::integer, 2.0, 100000.0, false, nullptr, 0, true, 300.0, -1, "300",
     "draws of X, W_q, W_k; samples·(tokens·dX + 2·dX·dK) ≤ 2²⁵ and (drift factors)·samples·tokens·dK·(2·dX + tokens) ≤ 2³⁰"},
    {"seed", Kind::seed, 0.0, 4294967295.0, false, nullptr, 0, true, 1.0, -1, "1",
     "the generator's seed"},
    {"drift", Kind::number, 0.01, 100.0, false, nullptr, 0, true, 1.0, -1, "1",
     "a factor on W_q and W_k"},
};
inline constexpr Function function = {"assumptionCheck", options, kCount};
}  // namespace assumption_check

namespace weight_drift {
enum : int { drifts, dX, dK, sigmaX, sigmaWq, sigmaWk, meanX, tokens, samples, seed, kCount };
inline constexpr Option options[] = {
    {"drifts", Kind::list, 0.0, 0.0, false, nullptr, 0, false, 0.0, -1, "[0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4]",
     "the factors f on W_q and W_k (f = 1 is computed too, as the base of `varianceRatio`)"},
    {"dX", Kind::integer, 1.0, 1024.0, false, nullptr, 0, true, 64.0, -1, "64",
     "width of the random X"},
    {"dK", Kind::integer, 1.0, 1024.0, false, nullptr, 0, true, 64.0, -1, "64",
     "d_k of W_q and W_k"},
    {"sigmaX", Kind::number, 0.001, 100.0, false, nullptr, 0, true, 1.0, -1, "1",
     "σ of X's entries"},
    {"sigmaWq", Kind::number, 0.001, 100.0, false, nullptr, 0, true, 0.125, -1, "0.125",
     "σ of W_q's entries"},
    {"sigmaWk", Kind::number, 0.001, 100.0, false, nullptr, 0, true, 0.125, -1, "0.125",
     "σ of W_k's entries"},
    {"meanX", Kind::number, -10.0, 10.0, false, nullptr, 0, true, 0.0, -1, "0",
     "mean of X's entries"},
    {"tokens", Kind::integer, 2.0, 64.0, false, nullptr, 0, true, 8.0, -1, "8",
     "rows of X"},
    {"samples", Kind::integer, 2.0, 100000.0, false, nullptr, 0, true, 300.0, -1, "300",
     "draws of X, W_q, W_k; samples·(tokens·dX + 2·dX·dK) ≤ 2²⁵ and (drift factors)·samples·tokens·dK·(2·dX + tokens) ≤ 2³⁰"},
    {"seed", Kind::seed, 0.0, 4294967295.0, false, nullptr, 0, true, 1.0, -1, "1",
     "the generator's seed"},
};
inline constexpr Function function = {"weightDrift", options, kCount};
}  // namespace weight_drift

// ---- heads ----
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
     "divide each head's scores by √dK, by √dModel or by nothing"},
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

// ---- training ----
namespace create_trainer {
enum : int { model, L, R, trainSize, valSize, testSize, dModel, heads, betaStrategy, beta, lr, betaLr, batchSize, epochs, warmupSteps, clipNorm, seed, searchPowers, searchIterations, probeEpochs, kCount };
namespace model_choice {
enum : int { encoder, attention };
inline constexpr const char* names[] = {"encoder", "attention"};
}  // namespace model_choice
namespace betaStrategy_choice {
enum : int { inverse_sqrt_dk, fixed, search, dynamic, learned };
inline constexpr const char* names[] = {"inverse-sqrt-dk", "fixed", "search", "dynamic", "learned"};
}  // namespace betaStrategy_choice
inline constexpr Option options[] = {
    {"model", Kind::choice, 0.0, 0.0, false, model_choice::names, 2, true, 0.0, -1, "encoder",
     "an encoder block, or attention alone"},
    {"L", Kind::integer, 2.0, 256.0, false, nullptr, 0, true, 20.0, -1, "20",
     "sequence length"},
    {"R", Kind::integer, 2.0, 1000.0, false, nullptr, 0, true, 100.0, -1, "100",
     "values 0 … R − 1"},
    {"trainSize", Kind::integer, 1.0, 100000.0, false, nullptr, 0, true, 15000.0, -1, "15000",
     "training sequences; (trainSize + valSize + testSize)·L ≤ 2²⁵"},
    {"valSize", Kind::integer, 1.0, 100000.0, false, nullptr, 0, true, 1000.0, -1, "1000",
     "validation sequences"},
    {"testSize", Kind::integer, 1.0, 100000.0, false, nullptr, 0, true, 10000.0, -1, "10000",
     "test sequences"},
    {"dModel", Kind::integer, 1.0, 512.0, false, nullptr, 0, false, 0.0, 1, "L",
     "model width (source 003's Table 1: d_model = d_k = L)"},
    {"heads", Kind::integer, 1.0, 64.0, false, nullptr, 0, true, 1.0, -1, "1",
     "attention heads; they must divide dModel"},
    {"betaStrategy", Kind::choice, 0.0, 0.0, false, betaStrategy_choice::names, 5, true, 0.0, -1, "inverse-sqrt-dk",
     "how β is set: 1/√d_k, fixed, searched, dynamic or learned"},
    {"beta", Kind::number, 0.0001, 10000.0, false, nullptr, 0, false, 0.0, -1, "none",
     "β for \"fixed\" (required there); the initial β for \"learned\" (else 1/√d_k)"},
    {"lr", Kind::number, 0.0, 1.0, true, nullptr, 0, true, 0.0005, -1, "0.0005",
     "Adam's peak learning rate"},
    {"betaLr", Kind::number, 0.0, 1.0, true, nullptr, 0, false, 0.0, -1, "lr",
     "\"learned\": the learning rate of ln β"},
    {"batchSize", Kind::integer, 1.0, 1024.0, false, nullptr, 0, true, 128.0, -1, "128",
     "sequences per step"},
    {"epochs", Kind::integer, 1.0, 1000.0, false, nullptr, 0, true, 10.0, -1, "10",
     "epochs of the main run"},
    {"warmupSteps", Kind::integer, 0.0, 100000.0, false, nullptr, 0, true, 50.0, -1, "50",
     "linear warm-up before the cosine decay"},
    {"clipNorm", Kind::number, 0.0, 1000000.0, false, nullptr, 0, true, 5.0, -1, "5",
     "gradient-norm clipping (0: none)"},
    {"seed", Kind::seed, 0.0, 4294967295.0, false, nullptr, 0, true, 1.0, -1, "1",
     "data, initial weights and batch order"},
    {"searchPowers", Kind::integer, 0.0, 4.0, false, nullptr, 0, true, 2.0, -1, "2",
     "\"search\": the first probes are β = 10^k for |k| ≤ searchPowers"},
    {"searchIterations", Kind::integer, 0.0, 10.0, false, nullptr, 0, true, 3.0, -1, "3",
     "\"search\": bisection rounds, two probes each"},
    {"probeEpochs", Kind::integer, 1.0, 100.0, false, nullptr, 0, false, 0.0, -1, "⌈epochs/2⌉",
     "\"search\": epochs of one probe, at most `epochs`"},
};
inline constexpr Function function = {"createTrainer", options, kCount};
}  // namespace create_trainer

namespace trainer_step {
enum : int { steps, kCount };
inline constexpr Option options[] = {
    {"steps", Kind::integer, 0.0, 100000.0, false, nullptr, 0, true, 1.0, -1, "1",
     "optimizer steps to run (fewer when training ends)"},
};
inline constexpr Function function = {"trainerStep", options, kCount};
}  // namespace trainer_step

namespace trainer_evaluate {
enum : int { split, kCount };
namespace split_choice {
enum : int { test, val, train };
inline constexpr const char* names[] = {"test", "val", "train"};
}  // namespace split_choice
inline constexpr Option options[] = {
    {"split", Kind::choice, 0.0, 0.0, false, split_choice::names, 3, true, 0.0, -1, "test",
     "which sequences"},
};
inline constexpr Function function = {"trainerEvaluate", options, kCount};
}  // namespace trainer_evaluate

namespace trainer_attention {
enum : int { index, kCount };
inline constexpr Option options[] = {
    {"index", Kind::integer, 0.0, kDynamic, false, nullptr, 0, false, 0.0, -1, "required",
     "the validation example"},
};
inline constexpr Function function = {"trainerAttention", options, kCount};
}  // namespace trainer_attention

// ---- beyond ----
namespace length_scaling {
enum : int { ns, top, rest, s, kCount };
inline constexpr Option options[] = {
    {"ns", Kind::list, 0.0, 0.0, false, nullptr, 0, false, 0.0, -1, "required",
     "the row lengths n (closed form: n up to 10¹²)"},
    {"top", Kind::number, -1000.0, 1000.0, false, nullptr, 0, true, 3.0, -1, "3",
     "the one distinct logit"},
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
