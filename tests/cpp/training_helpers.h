// What the training tests share: a small trainer configuration (L = 5, R = 10, d = 8, 512 training sequences in
// batches of 64, 8 steps an epoch, 2 epochs at lr 3·10⁻³; trains in milliseconds), a tiny model, perturbed initial
// weights and a random batch for the gradient checks.
#pragma once

#include <vector>

#include "engine/random.h"
#include "engine/training/model.h"
#include "engine/training/reversal_task.h"
#include "engine/training/trainer.h"

namespace asl_test {

inline asl::training::ModelConfig small_model(asl::training::ModelKind kind, int heads,
                                              asl::training::QkNorm qk = asl::training::QkNorm::none) {
  asl::training::ModelConfig m;
  m.kind = kind;
  m.qk_norm = qk;
  m.L = 4;
  m.R = 5;
  m.d_model = 6;
  m.n_heads = heads;
  return m;
}

// Initial weights plus N(0, 0.1²) noise, so that LayerNorm gains are not all 1 and no bias is exactly 0.
inline std::vector<double> noisy_parameters(const asl::training::ModelConfig& m, std::uint64_t seed) {
  std::vector<double> p(asl::training::parameter_count(m));
  asl::training::init_parameters(m, seed, p.data());
  asl::Rng rng(seed + 100);
  for (double& x : p) x += 0.1 * rng.normal();
  return p;
}

struct Batch {
  std::vector<asl::training::Token> inputs, targets;
};
inline Batch random_batch(const asl::training::ModelConfig& m, int batch, std::uint64_t seed) {
  const asl::training::ReversalData d = asl::training::make_reversal_data(m.L, m.R, batch, 1, 1, seed);
  return {d.train.inputs, d.train.targets};
}

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
