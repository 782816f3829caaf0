// Generated from web/schema/ by build-scripts/schema-gen.mjs: do not edit (tests/js/schema.test.mjs fails when it
// differs). The options of the functions of cpp/bindings/temperature.cpp.
#pragma once

#include "../schema.h"

namespace asl::schema {

namespace boltzmann {
enum : int { scores, betas, shift, kCount };
inline constexpr Option options[] = {
    {"scores", Kind::list, 0.0, 0.0, false, nullptr, 0, false, 0.0, -1, "required",
     "one row of scores"},
    {"betas", Kind::list, 0.0, 0.0, false, nullptr, 0, false, 0.0, -1, "required",
     "the inverse temperatures β (a logarithmic slider from 10⁻³ to 10³ fits)"},
    {"shift", Kind::number, -1000000.0, 1000000.0, false, nullptr, 0, true, 0.0, -1, "0",
     "a constant added to every score (the shift-invariance demo)"},
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
     "σ of W_q's entries (the defaults are the unit case at dX = 64: dX·σ_X²·σ_W² = 1)"},
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
     "W_q and W_k multiplied by it"},
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
     "σ of W_q's entries (the defaults are the unit case at dX = 64: dX·σ_X²·σ_W² = 1)"},
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

}  // namespace asl::schema
