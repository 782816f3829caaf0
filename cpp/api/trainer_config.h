// The trainer's configuration as the public API spells it, shared by the bindings (createTrainer) and the CLI
// (train, table1, dump): one reader from the schema's slots into a TrainerConfig and one JSON writer back. A new
// createTrainer option is one row in web/schema/training.js and one row in kFields (trainer_config.cpp).
#pragma once

#include <string>
#include <vector>

#include "engine/training/trainer.h"
#include "json.h"
#include "slots.h"

namespace asl::api {

// The configuration the slots describe (createTrainer's options, defaults filled in; dModel defaults to L).
training::TrainerConfig read_trainer_config(const Slots& slots);

// The configuration as a JSON object in schema order, plus dK; beta and betaLr are null when unset. `format`:
// kExactNumbers for the bindings, kFileNumbers for the CLI's files (json.h).
std::string trainer_config_json(const training::TrainerConfig& config, NumberFormat format);

}  // namespace asl::api
