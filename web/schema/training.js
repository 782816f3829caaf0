// The schemas of the training lab (Lesson 6; cpp/bindings/training.cpp and the CLI's train, table1 and dump, which
// read the same options through cpp/api/trainer_config.cpp). A new option or β strategy is one row here (and its
// field in cpp/engine/training/trainer.h); build-scripts/schema-gen.mjs carries it to the docs, the types and the CLI.
import { choice, fail, integer, number, seed } from './types.js';

export const BETA_STRATEGIES = ['inverse-sqrt-dk', 'fixed', 'search', 'dynamic', 'learned', 'qk-norm', 'qk-layernorm'];
export const MAX_TRAINERS = 16;

export const createTrainer = {
  name: 'createTrainer',
  summary: 'Lesson 6: a training run of the sequence-reversal task; the trainer holds WASM memory until its delete().',
  returns: 'Trainer',
  cli: true,
  // info.betaReach's ceiling and bound (learned β) are e^(Σ lr) and e^(Σ 7.27·lr) times β₀: Infinity once the sum
  // passes float64's e^709 (betaLr 1 over about 100 steps), meaning no limit. The fuzzer met one (describeTrainer
  // with betaLr 1, R 2, valSize 1).
  nonFinite: ['ceiling', 'bound'],
  options: [
    { name: 'model', type: choice('encoder', 'attention'), default: 'encoder', meaning: 'an encoder block, or attention alone' },
    { name: 'L', type: integer(2, 256), default: 20, meaning: 'sequence length' },
    { name: 'R', type: integer(2, 1000), default: 100, meaning: 'values 0 … R − 1' },
    { name: 'trainSize', type: integer(1, 100000), default: 15000, meaning: 'training sequences; (trainSize + valSize + testSize)·L ≤ 2²⁵' },
    { name: 'valSize', type: integer(1, 100000), default: 1000, meaning: 'validation sequences' },
    { name: 'testSize', type: integer(1, 100000), default: 10000, meaning: 'test sequences' },
    { name: 'dModel', type: integer(1, 512), default: { from: 'L' }, defaultText: 'L', meaning: 'model width (source 003\'s Table 1: d_model = d_k = L)' },
    { name: 'heads', type: integer(1, 64), default: 1, meaning: 'attention heads, dividing dModel; d_k = dModel / heads' },
    { name: 'betaStrategy', type: choice(...BETA_STRATEGIES), default: 'inverse-sqrt-dk', meaning: 'how β is set: 1/√d_k, fixed, searched, dynamic, learned, or by normalising q and k (QK-norm with a learned g per head, or LayerNorm then 1/√d_k)' },
    { name: 'beta', type: number(1e-4, 1e4), defaultText: 'none', meaning: 'β: required with `"fixed"`; the initial β with `"learned"` (default 1/√d_k); an error otherwise' },
    { name: 'lr', type: number(0, 1, { above: true }), default: 5e-4, meaning: 'Adam\'s peak learning rate' },
    { name: 'betaLr', type: number(0, 1, { above: true }), defaultText: 'lr', meaning: '`"learned"` only: the learning rate of ln β' },
    { name: 'batchSize', type: integer(1, 1024), default: 128, meaning: 'sequences per step (a training set smaller than it is one batch)' },
    { name: 'epochs', type: integer(1, 1000), default: 10, meaning: 'epochs of the main run' },
    { name: 'warmupSteps', type: integer(0, 100000), default: 50, meaning: 'linear warm-up before the cosine decay' },
    { name: 'clipNorm', type: number(0, 1e6), default: 5, meaning: 'gradient-norm clipping (0: none)' },
    { name: 'seed', type: seed(), default: 1, meaning: 'data, initial weights and batch order' },
    { name: 'searchPowers', type: integer(0, 4), default: 2, meaning: '`"search"` only: N, the first probes are β = 10^k for k = 0, 1, −1, …, N, −N' },
    { name: 'searchIterations', type: integer(0, 10), default: 3, meaning: '`"search"` only: bisection rounds, two probes each' },
    { name: 'probeEpochs', type: integer(1, 100), defaultText: '⌈epochs/2⌉', meaning: '`"search"` only: epochs of one probe, at most `epochs`' },
  ],
  rules(o, given) {
    if (o.betaStrategy === 'search') return;
    for (const name of ['searchPowers', 'searchIterations', 'probeEpochs']) {
      if (given[name]) fail(`${name} is not allowed with betaStrategy = "${o.betaStrategy}": only "search" uses it`);
    }
  },
};

/** The same options as createTrainer (one list, so the same slots): its info, without building a trainer. */
export const describeTrainer = {
  name: 'describeTrainer',
  summary: 'Lesson 6: the info createTrainer would answer for these options (id 0), without building data, network or optimiser; the configuration is checked, the memory a run needs is not.',
  returns: 'TrainerInfo',
  options: createTrainer.options,
  rules: createTrainer.rules,
  nonFinite: createTrainer.nonFinite,
};

export const trainerStep = {
  name: 'trainerStep',
  signature: 'trainer.step(steps = 1)',
  summary: 'Runs up to `steps` optimizer steps.',
  returns: 'TrainerStep',
  options: [{ name: 'steps', type: integer(0, 100000), default: 1, meaning: 'optimizer steps to run (fewer when training ends)' }],
};

export const trainerEvaluate = {
  name: 'trainerEvaluate',
  signature: 'trainer.evaluate(split = "test")',
  summary: 'The current model\'s accuracy on one split.',
  returns: 'TrainerEvaluation',
  options: [{ name: 'split', type: choice('test', 'val', 'train'), default: 'test', meaning: 'which sequences' }],
};

export const trainerAttention = {
  name: 'trainerAttention',
  signature: 'trainer.attentionFor(index)',
  summary: 'The attention weights of one validation example under the current model.',
  returns: 'TrainerAttention',
  options: [{ name: 'index', type: integer(0, (ctx) => ctx.valSize - 1, { maxText: 'valSize − 1' }), required: true, meaning: 'the validation example' }],
};
