// The schemas of the training lab (Lesson 6; cpp/bindings/training.cpp and the CLI's train, table1 and dump, which
// read the same options through cpp/api/trainer_config.cpp). A new option or β strategy is one row here (and its
// field in cpp/engine/training/trainer.h); build-scripts/schema-gen.mjs carries it to the docs, the types and the CLI.
import { choice, fail, integer, number, seed } from './types.js';
import { F32, I32, answer, arrayOf, bool, field, leaf, nullable, num, object, oneOf, str } from './results.js';

/** Accuracy and loss of the current model on one split. */
const EVALUATION = [
  field('tokenAccuracy', num, 'Share of positions whose prediction equals the reversed input.'),
  field('sequenceAccuracy', num, 'Share of sequences right at every position.'),
  field('loss', num, 'Mean cross-entropy per position.'),
  field('count', num, 'Sequences evaluated.'),
];
const PARAMETER = object([
  field('name', str, 'The tensor\'s name, as PyTorch would print it.'),
  field('shape', arrayOf(num), '[rows, cols].'),
  field('count', num, 'Its number of entries.'),
], 'TrainerParameter');
const BETA_REACH = object([
  field('initialBeta', num, 'β at the first step.'),
  field('lrSum', num, 'The learning rates of ln β summed over the whole schedule.'),
  field('ceiling', num, 'initialBeta·e^lrSum: where β ends if every step raises ln β by its full rate (Infinity: no limit).'),
  field('bound', num, 'The β no gradients can take it past, from Adam\'s largest possible step (Infinity: no limit).'),
], 'BetaReach');
const SEARCH = object([
  field('finished', bool, 'Whether the search has settled on its β.'),
  field('beta', nullable(num), 'The best β probed so far; null before the first probe ends.'),
  field('bracket', nullable(arrayOf(num)), 'The final [low, high] bracket around the chosen β; null until the search is finished.'),
  field('probes', arrayOf(object([
    field('beta', num, 'The β this probe trained with.'),
    field('log10Beta', num, 'Its base-10 logarithm.'),
    field('stage', num, '1 for a power of ten, 2 for a bisection probe.'),
    field('val', object(EVALUATION, 'TrainerScore'), 'The probe\'s model on the validation split.'),
  ], 'SearchProbe')), 'The probes finished so far, in the order they ran.'),
], 'BetaSearch');

export const BETA_STRATEGIES = ['inverse-sqrt-dk', 'fixed', 'search', 'dynamic', 'learned', 'qk-norm', 'qk-layernorm'];
export const MAX_TRAINERS = 16;

export const createTrainer = {
  name: 'createTrainer',
  summary: 'Lesson 6: a training run of the sequence-reversal task; the trainer holds WASM memory until its delete().',
  returns: 'Trainer',
  answer: answer(leaf('Trainer', (v) => typeof v === 'object' && v !== null
      && ['step', 'evaluate', 'attentionFor', 'delete'].every((m) => typeof v[m] === 'function') && 'info' in v),
    'The trainer: its `info` (what describeTrainer answers for the same options), `step`, `evaluate`, `attentionFor` and `delete`, described below.'),
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
    {
      name: 'betaStrategy', type: choice(...BETA_STRATEGIES), default: 'inverse-sqrt-dk',
      meaning: 'how β is set: 1/√d_k, fixed, searched, dynamic, learned, or by normalising q and k (QK-norm with a learned g per head, ' +
        'or LayerNorm then 1/√d_k)',
    },
    {
      name: 'beta', type: number(1e-4, 1e4), defaultText: 'none',
      meaning: 'β: required with `"fixed"`; the initial β with `"learned"` (default 1/√d_k); an error otherwise',
    },
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
  summary: 'Lesson 6: the info createTrainer would answer for these options (id 0), without building data, network or optimiser; ' +
    'the configuration is checked, the memory a run needs is not.',
  returns: 'TrainerInfo',
  results: [
    field('id', num, 'The trainer\'s id in the engine\'s table (0 from describeTrainer).'),
    ...createTrainer.options.map((row) => field(row.name, row.type.kind === 'choice' ? oneOf(...row.type.choices) : num,
      `The option \`${row.name}\` as run, defaults filled in${row.name === 'beta' ? ' (the β of the first step)' : ''}.`)),
    field('dK', num, 'Each head\'s width, dModel/heads.'),
    field('stepsPerEpoch', num, '⌊trainSize/batchSize⌋: a last partial batch is dropped.'),
    field('totalSteps', num, 'Every step the trainer will run, search probes included.'),
    field('parameterCount', num, 'Trained numbers, ln β included when it is learned.'),
    field('modelParameterCount', num, 'Trained numbers of the network alone.'),
    field('betaReach', nullable(BETA_REACH), 'How far Adam can move a learned β in this run; null unless `betaStrategy` is `"learned"`.'),
    field('parameters', arrayOf(PARAMETER), 'One entry per trained tensor, in forward order: the architecture as the page prints it.'),
    field('memoryBytes', num, 'The estimate of the WASM memory the trainer holds.'),
    field('kernels', oneOf('wasm_simd128', 'scalar'), 'Which kernels this build runs.'),
  ],
  options: createTrainer.options,
  rules: createTrainer.rules,
  nonFinite: createTrainer.nonFinite,
};

export const trainerStep = {
  name: 'trainerStep',
  signature: 'trainer.step(steps = 1)',
  summary: 'Runs up to `steps` optimizer steps.',
  returns: 'TrainerStep',
  results: [
    field('stepsRun', num, 'Steps this call ran (fewer than asked at the end; 0 once done).'),
    field('loss', nullable(num), 'The last step\'s training loss, the mean cross-entropy per position; null when no step ran.'),
    field('meanLoss', nullable(num), 'The mean loss over this call\'s steps; null when no step ran.'),
    field('losses', F32, 'Each step\'s loss.'),
    field('betas', F32, 'The β each step used.'),
    field('entropies', F32, 'Each step\'s attention entropy −Σ p·ln p in nats, the mean over every attention row of its batch (sequences × heads × L).'),
    field('maxLogits', F32, 'Each step\'s largest |logit|: the score after its scale (β·q·k, or g·q̂·k̂ with QK-norm), before the softmax.'),
    field('attentionEntropy', nullable(num), 'The last step\'s attention entropy, in double precision; null when no step ran.'),
    field('maxLogit', nullable(num), 'The last step\'s largest |logit|; null when no step ran.'),
    field('qkScale', nullable(F32), 'QK-norm\'s g per head after the last step; null for the other strategies.'),
    field('step', num, 'Steps done so far, search probes included.'),
    field('totalSteps', num, 'Every step the trainer will run.'),
    field('runStep', num, 'Steps done within the current run (a probe, or the main run).'),
    field('runSteps', num, 'Steps of the current run.'),
    field('epoch', num, 'The 1-based epoch of the last step within its run.'),
    field('epochs', num, 'Epochs of the main run.'),
    field('beta', num, 'The β the next step will use (QK-norm: the mean of the heads\' g).'),
    field('lr', num, 'The last step\'s learning rate.'),
    field('betaLr', nullable(num), 'The last step\'s learning rate of ln β; null unless β is learned.'),
    field('gradNorm', num, 'The last step\'s gradient norm, before clipping.'),
    field('phase', oneOf('search', 'train', 'done'), 'Where the trainer is after this call.'),
    field('done', bool, 'Whether `phase` is `"done"`.'),
    field('probe', num, 'During the search: the index of the next probe.'),
    field('probeCount', num, 'During the search: the probes planned.'),
    field('search', nullable(SEARCH), 'The β search so far; null unless `betaStrategy` is `"search"`.'),
    field('computeMs', num, 'Milliseconds the steps took inside the engine.'),
  ],
  options: [{ name: 'steps', type: integer(0, 100000), default: 1, meaning: 'optimizer steps to run (fewer when training ends)' }],
};

export const trainerEvaluate = {
  name: 'trainerEvaluate',
  signature: 'trainer.evaluate(split = "test")',
  summary: 'The current model\'s accuracy on one split.',
  returns: 'TrainerEvaluation',
  results: [
    ...EVALUATION,
    field('split', oneOf('test', 'val', 'train'), 'The split evaluated, as asked.'),
    field('step', num, 'Steps done when evaluated.'),
    field('beta', num, 'The β the model uses now.'),
    field('computeMs', num, 'Milliseconds the evaluation took inside the engine.'),
  ],
  options: [{ name: 'split', type: choice('test', 'val', 'train'), default: 'test', meaning: 'which sequences' }],
};

export const trainerAttention = {
  name: 'trainerAttention',
  signature: 'trainer.attentionFor(index)',
  summary: 'The attention weights of one validation example under the current model.',
  returns: 'TrainerAttention',
  results: [
    field('index', num, 'The validation example, as asked.'),
    field('heads', num, 'The model\'s heads.'),
    field('L', num, 'Sequence length.'),
    field('weights', F32, '`(heads, L, L)`: row i of a head is query position i\'s softmax over the keys.'),
    field('inputs', I32, 'The example\'s input sequence.'),
    field('targets', I32, 'What it should produce: the inputs reversed.'),
    field('predicted', I32, 'What the current model produces.'),
    field('beta', num, 'The β the model uses now.'),
    field('step', num, 'Steps done so far.'),
  ],
  options: [{ name: 'index', type: integer(0, (ctx) => ctx.valSize - 1, { maxText: 'valSize − 1' }), required: true, meaning: 'the validation example' }],
};
