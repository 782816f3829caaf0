// Generated from web/schema/ by build-scripts/schema-gen.mjs: do not edit (tests/js/schema.test.mjs fails when it
// differs). The options of the functions of cpp/bindings/training.cpp.
#pragma once

#include "../schema.h"

namespace asl::schema {

namespace create_trainer {
enum : int { model, L, R, trainSize, valSize, testSize, dModel, heads, betaStrategy, beta, lr, betaLr, batchSize, epochs, warmupSteps, clipNorm, seed, searchPowers, searchIterations, probeEpochs, kCount };
namespace model_choice {
enum : int { encoder, attention };
inline constexpr const char* names[] = {"encoder", "attention"};
}  // namespace model_choice
namespace betaStrategy_choice {
enum : int { inverse_sqrt_dk, fixed, search, dynamic, learned, qk_norm, qk_layernorm };
inline constexpr const char* names[] = {"inverse-sqrt-dk", "fixed", "search", "dynamic", "learned", "qk-norm", "qk-layernorm"};
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
     "attention heads, dividing dModel; d_k = dModel / heads"},
    {"betaStrategy", Kind::choice, 0.0, 0.0, false, betaStrategy_choice::names, 7, true, 0.0, -1, "inverse-sqrt-dk",
     "how β is set: 1/√d_k, fixed, searched, dynamic, learned, or by normalising q and k (QK-norm with a learned g per head, or LayerNorm then 1/√d_k)"},
    {"beta", Kind::number, 0.0001, 10000.0, false, nullptr, 0, false, 0.0, -1, "none",
     "β: required with `\"fixed\"`; the initial β with `\"learned\"` (default 1/√d_k); an error otherwise"},
    {"lr", Kind::number, 0.0, 1.0, true, nullptr, 0, true, 0.0005, -1, "0.0005",
     "Adam's peak learning rate"},
    {"betaLr", Kind::number, 0.0, 1.0, true, nullptr, 0, false, 0.0, -1, "lr",
     "`\"learned\"` only: the learning rate of ln β"},
    {"batchSize", Kind::integer, 1.0, 1024.0, false, nullptr, 0, true, 128.0, -1, "128",
     "sequences per step (a training set smaller than it is one batch)"},
    {"epochs", Kind::integer, 1.0, 1000.0, false, nullptr, 0, true, 10.0, -1, "10",
     "epochs of the main run"},
    {"warmupSteps", Kind::integer, 0.0, 100000.0, false, nullptr, 0, true, 50.0, -1, "50",
     "linear warm-up before the cosine decay"},
    {"clipNorm", Kind::number, 0.0, 1000000.0, false, nullptr, 0, true, 5.0, -1, "5",
     "gradient-norm clipping (0: none)"},
    {"seed", Kind::seed, 0.0, 4294967295.0, false, nullptr, 0, true, 1.0, -1, "1",
     "data, initial weights and batch order"},
    {"searchPowers", Kind::integer, 0.0, 4.0, false, nullptr, 0, true, 2.0, -1, "2",
     "`\"search\"` only: N, the first probes are β = 10^k for k = 0, 1, −1, …, N, −N"},
    {"searchIterations", Kind::integer, 0.0, 10.0, false, nullptr, 0, true, 3.0, -1, "3",
     "`\"search\"` only: bisection rounds, two probes each"},
    {"probeEpochs", Kind::integer, 1.0, 100.0, false, nullptr, 0, false, 0.0, -1, "⌈epochs/2⌉",
     "`\"search\"` only: epochs of one probe, at most `epochs`"},
};
inline constexpr Function function = {"createTrainer", options, kCount};
}  // namespace create_trainer

namespace describe_trainer {  // createTrainer's options, in the same slots
using namespace create_trainer;
inline constexpr Function function = {"describeTrainer", options, kCount};
}  // namespace describe_trainer

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

}  // namespace asl::schema
