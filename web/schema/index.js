// Every public function's schema, compiled for the validator, in the order docs/API.md lists them. The one place
// an option's name, type, range, default and meaning are written (see web/schema/types.js).
import * as core from './core.js';
import * as statistics from './statistics.js';
import * as softmaxLab from './softmax-lab.js';
import * as temperature from './temperature.js';
import * as heads from './heads.js';
import * as training from './training.js';
import * as beyond from './beyond.js';
import * as vocabulary from './vocabulary.js';
import { compile } from './validate.js';

/** The engine modules and their functions' schemas; cpp/bindings/<module>.cpp implements each. */
export const MODULES = [
  { module: 'core', functions: [core.attention, core.softmax, core.softmaxNaive, core.dot, core.random, core.selfAttentionExample] },
  {
    module: 'statistics',
    functions: [statistics.dotProducts, statistics.histogram, statistics.varianceSweep, statistics.scaleVariance, statistics.pairAngles, statistics.wordPairs],
  },
  {
    module: 'softmax_lab',
    functions: [
      softmaxLab.twoLogitCurve, softmaxLab.gapSpread, softmaxLab.softmaxStats, softmaxLab.gradientSweep, softmaxLab.gradientDistribution,
      softmaxLab.peakWeightCap, softmaxLab.softmaxNumerics,
    ],
  },
  {
    module: 'temperature',
    functions: [temperature.boltzmann, temperature.normalisationDemo, temperature.derivation, temperature.assumptionCheck, temperature.weightDrift],
  },
  { module: 'heads', functions: [heads.multiHeadExample, heads.multiHeadSweep] },
  {
    module: 'training',
    functions: [training.createTrainer, training.describeTrainer, training.trainerStep, training.trainerEvaluate, training.trainerAttention],
  },
  { module: 'beyond', functions: [beyond.lengthScaling, beyond.alignmentScaling, beyond.qkNormDemo] },
  { module: 'vocabulary', functions: [vocabulary.setVocabulary, vocabulary.nearestWords] },
];

/**
 * The function whose option list `fn` takes: the first one with that very list, so `fn` itself unless it shares one
 * (describeTrainer takes createTrainer's, softmaxNaive softmax's). The generated types and headers alias a shared list.
 */
export const optionsOwner = (fn) => MODULES.flatMap((m) => m.functions).find((g) => g.options === fn.options);

/** name → compiled schema */
export const SCHEMA = Object.fromEntries(MODULES.flatMap((m) => m.functions).map((f) => [f.name, compile(f)]));

/** One option's row: SCHEMA.createTrainer's beta is option('createTrainer', 'beta'). */
export function option(fn, name) {
  const row = SCHEMA[fn].options[SCHEMA[fn].index.get(name)];
  if (!row) throw new Error(`schema: ${fn} has no option ${name}`);
  return row;
}
