// The trainer's answers as the public API spells them, written once for the bindings (trainerEvaluate, trainerStep's
// search, createTrainer's betaReach; JSON.parse'd there) and the CLI (train, table1, lr-sweep files).
#pragma once

#include <string>

#include "engine/training/trainer.h"
#include "json.h"

namespace asl::api {

// { tokenAccuracy, sequenceAccuracy, loss, count }
std::string evaluation_json(const training::Evaluation& e, NumberFormat format);

// The search so far, or null when betaStrategy is not "search": { finished, beta, bracket, probes: [{ beta,
// log10Beta, stage, val }] }. A number is given only once it is known: beta is null until the first probe has run
// (before it the engine's best β is a placeholder, 10⁰), and bracket [lo, hi] is null until the search has finished
// (before that it is a round's bracket, or a placeholder [1, 1] before the powers of ten are done, not the final one).
std::string search_json(const training::Trainer& t, NumberFormat format);

// learned_beta_reach(config) as { initialBeta, lrSum, ceiling, bound }, or null when β is not learned. ceiling and
// bound are Infinity (null in a file) once Σ lr passes float64's e^709.
std::string beta_reach_json(const training::TrainerConfig& c, NumberFormat format);

}  // namespace asl::api
