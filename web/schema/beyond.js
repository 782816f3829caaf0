// The schemas of Lesson 7's functions (cpp/bindings/beyond.cpp): s·ln n length scaling, μP's 1/d_k for aligned
// queries and keys, and QK-norm against growing queries and keys.
import { atMost, fmt, integer, list, number, seed } from './types.js';
import { MAX_DIM } from './core.js';
import { F64, I32, field, nullable, num, object } from './results.js';

/** A row of one top logit over equal others: the extreme a bound allows. */
const TWO_LEVEL = object([
  field('topWeight', num, 'The weight of the top logit.'),
  field('maxWeight', num, 'The largest weight in the row.'),
  field('entropy', num, 'The row\'s entropy in nats.'),
], 'TwoLevelRow');
/** Lesson 7's rows under one scaling of the logits, an entry per dK. */
const ALIGNMENT_ROWS = object([
  field('scale', F64, 'The factor q·k is multiplied by.'),
  field('alignedLogit', F64, 'Mean logit of the aligned key.'),
  field('alignedLogitStdError', F64, 'Its standard error.'),
  field('alignedLogitSd', F64, 'Sd of the aligned key\'s logit over the rows.'),
  field('otherLogitSd', F64, 'Sd of the other keys\' logits, pooled over them.'),
  field('maxWeight', F64, 'Mean largest weight of a row.'),
  field('maxWeightStdError', F64, 'Its standard error.'),
  field('alignedWeight', F64, 'Mean weight of the aligned key.'),
  field('alignedWeightStdError', F64, 'Its standard error.'),
  field('entropy', F64, 'Mean row entropy in nats.'),
  field('entropyStdError', F64, 'Its standard error.'),
  field('theoryMean', F64, 'scale·ρ·dK, the aligned logit\'s exact mean.'),
  field('theorySd', F64, 'scale·√(dK(1 + ρ²)), the aligned logit\'s exact sd.'),
  field('theoryOtherSd', F64, 'scale·√dK, the other logits\' exact sd.'),
], 'AlignmentRows');
/** Sharpness of qkNormDemo's rows under one kind of logit, an entry per drift factor. */
const NORM_ROWS = object([
  field('entropy', F64, 'Mean row entropy in nats.'),
  field('entropyStdError', F64, 'Its standard error.'),
  field('maxWeight', F64, 'Mean largest weight of a row.'),
  field('maxWeightStdError', F64, 'Its standard error.'),
  field('maxAbsLogit', F64, 'The largest |logit| met.'),
], 'QkNormRows');

export const lengthScaling = {
  name: 'lengthScaling',
  summary: 'Lesson 7: per n, the largest weight and entropy of one logit `top` among n − 1 logits `rest`, plain and times s·ln n.',
  returns: 'LengthScalingResult',
  results: [
    field('ns', F64, 'The row lengths n, as given; every array below has an entry per n.'),
    field('scale', F64, 's·ln n, the factor the scaled row\'s logits are multiplied by.'),
    field('plainMaxWeight', F64, 'Largest weight of the row as given.'),
    field('plainTopWeight', F64, 'Weight of the top logit in the row as given.'),
    field('plainEntropy', F64, 'Entropy of the row as given, in nats.'),
    field('scaledMaxWeight', F64, 'Largest weight of the row times s·ln n.'),
    field('scaledTopWeight', F64, 'Weight of the top logit in the scaled row.'),
    field('scaledEntropy', F64, 'Entropy of the scaled row, in nats.'),
    field('maxEntropy', F64, 'ln n, the entropy of an even row.'),
    field('sGap', num, 's·(top − rest).'),
    field('scaledLimit', num, 'The scaled top weight as n grows without end: 1 when sGap > 1, 1/2 at 1, 0 below or when top ≤ rest.'),
    field('criticalS', nullable(num), '1/(top − rest), the s past which the top logit keeps its weight; null when top ≤ rest.'),
    field('unitScaleN', nullable(num), 'e^(1/s), the n past which s·ln n exceeds 1; null when s = 0 or it overflows a double.'),
    field('top', num, 'The top logit, as given.'),
    field('rest', num, 'The other logits, as given.'),
    field('s', num, 'The factor s, as given.'),
  ],
  options: [
    {
      name: 'ns',
      type: list({
        elem: 'f64', minLength: 1, maxLength: 256, min: 1, max: 1e12,
        integer: (x, i, name) => `${name}[${i}] = ${fmt(x)} is not allowed: allowed an integer from 1 to 1000000000000 (a number of keys)`,
      }),
      required: true, meaning: 'the row lengths n (closed form: n up to 10¹²)',
    },
    { name: 'top', type: number(-1000, 1000), default: 3, meaning: 'the one distinct logit (3 and −2 are Nakanishi\'s illustration)' },
    { name: 'rest', type: number(-1000, 1000), default: -2, meaning: 'the other n − 1 logits' },
    { name: 's', type: number(0, 100), default: 0.43, meaning: 'the s of s·ln n' },
  ],
};

const dKs = () => list({ elem: 'i32', minLength: 1, maxLength: 32, min: 1, max: MAX_DIM, integer: true, increasing: true });

export const alignmentScaling = {
  name: 'alignmentScaling',
  summary: 'Lesson 7: per dK, a query\'s logits against an aligned key (correlation rho) and n − 1 others, under 1/√dK and μP\'s 1/dK.',
  returns: 'AlignmentScalingResult',
  results: [
    field('dKs', I32, 'The dimensions, as given; the rows below have an entry per dK.'),
    field('inverseSqrt', ALIGNMENT_ROWS, 'The logits q·k/√dK.'),
    field('mup', ALIGNMENT_ROWS, 'μP\'s logits q·k·√baseDK/dK.'),
    field('mupLimit', TWO_LEVEL, 'The row μP tends to as dK grows: the aligned logit ρ·√baseDK, the others 0.'),
    field('uniformWeight', num, '1/n, each weight of an even row.'),
    field('maxEntropy', num, 'ln n, the entropy of an even row.'),
    field('rho', num, 'The alignment ρ, as given.'),
    field('n', num, 'Keys per row, as given.'),
    field('samples', num, 'Rows per dK, as given.'),
    field('baseDK', num, 'The width where μP and 1/√dK agree, as given.'),
    field('computeMs', num, 'Milliseconds the sweep took inside the engine.'),
  ],
  options: [
    { name: 'dKs', type: dKs(), required: true, meaning: 'the d_k values' },
    { name: 'rho', type: number(-1, 1), default: 0.5, meaning: 'coordinate correlation of the query with its aligned key' },
    { name: 'n', type: integer(2, 256), default: 16, meaning: 'keys per row' },
    { name: 'samples', type: integer(2, 100000), default: 400, meaning: 'rows per d_k; samples·(max(dKs) + n·dKs.length) ≤ 2²³' },
    { name: 'baseDK', type: integer(1, MAX_DIM), default: 1, meaning: 'μP\'s base width: its scale is √baseDK/dK' },
    { name: 'seed', type: seed(), default: 1, meaning: 'the generator\'s seed' },
  ],
  after(o) {
    atMost('samples·(max(dKs) + n·dKs.length)', o.samples * (o.dKs[o.dKs.length - 1] + o.n * o.dKs.length), 8388608);
  },
};

export const qkNormDemo = {
  name: 'qkNormDemo',
  summary: 'Lesson 7: per drift factor f on queries and keys, row entropy and largest weight under 1/√dK, QK-norm and qk-layernorm.',
  returns: 'QkNormDemoResult',
  results: [
    field('drifts', F64, 'The factors f, as given; the rows below have an entry per f.'),
    field('standard', NORM_ROWS, 'Logits (f·q)·(f·k)/√dK, which grow like f².'),
    field('qkNorm', NORM_ROWS, 'QK-norm\'s logits g·q̂·k̂, within [−g, g].'),
    field('qkLayerNorm', NORM_ROWS, 'qk-layernorm\'s logits LN(f·q)·LN(f·k)/√dK, within [−√dK, √dK].'),
    field('sharpest', TWO_LEVEL, 'One logit at +g and the rest at −g: no row of QK-norm has a larger largest weight.'),
    field('minEntropy', num, 'The lowest entropy logits within [−g, g] allow.'),
    field('minEntropyTops', num, 'How many logits sit at +g (the rest at −g) in the row of lowest entropy.'),
    field('maxEntropy', num, 'ln n, the entropy of an even row.'),
    field('layerNormBound', num, '√dK, the bound on a qk-layernorm logit.'),
    field('dK', num, 'The dimension d_k, as given.'),
    field('g', num, 'QK-norm\'s gain g, as given.'),
    field('n', num, 'Keys per row, as given.'),
    field('samples', num, 'Rows, as given.'),
    field('computeMs', num, 'Milliseconds the demo took inside the engine.'),
  ],
  options: [
    { name: 'dK', type: integer(2, MAX_DIM), default: 64, meaning: 'd_k' },
    { name: 'n', type: integer(2, 256), default: 16, meaning: 'keys per row' },
    {
      name: 'drifts', type: list({ elem: 'f64', minLength: 1, maxLength: 64, min: 0.001, max: 1000 }), default: [0.25, 0.5, 1, 2, 4],
      meaning: 'the factors f on queries and keys',
    },
    { name: 'g', type: number(0.001, 1000), default: 8, meaning: 'QK-norm\'s scale g: logits stay in [−g, g]' },
    { name: 'samples', type: integer(2, 100000), default: 200, meaning: 'rows per factor; samples·drifts.length·n·dK ≤ 2²⁷' },
    { name: 'seed', type: seed(), default: 1, meaning: 'the generator\'s seed' },
  ],
  after(o) {
    atMost('samples·drifts.length·n·dK', o.samples * o.drifts.length * o.n * o.dK, 134217728);
  },
};
