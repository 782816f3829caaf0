// The small trainer configuration the training tests share: L = 5, R = 10, d = 8, 512 training sequences in batches
// of 64 (8 steps an epoch), 2 epochs at lr 3·10⁻³; trains in milliseconds.
#pragma once

#include "engine/training/trainer.h"

namespace asl_test {

inline asl::training::TrainerConfig small_trainer(asl::training::BetaStrategy strategy) {
  asl::training::TrainerConfig c;
  c.model.L = 5;
  c.model.R = 10;
  c.model.d_model = 8;
  c.train_size = 512;
  c.val_size = 128;
  c.test_size = 128;
  c.batch_size = 64;
  c.epochs = 2;
  c.lr = 3e-3;
  c.warmup_steps = 4;
  c.beta_strategy = strategy;
  if (strategy == asl::training::BetaStrategy::fixed) c.beta = 2.0;
  return c;
}

}  // namespace asl_test
