// The schemas of Lesson 4's functions (cpp/bindings/temperature.cpp): softmax at several temperatures, normalising
// over either index, the Var(q·k) = d_k derivation, and what its assumptions do to real projections.
import { atMost, fail, fmt, integer, list, number, seed } from './types.js';
import { MAX_DIM } from './core.js';

export const boltzmann = {
  name: 'boltzmann',
  summary: 'Lesson 4: softmax(β·scores) for each β (T = 1/β) with entropy and largest weight, and for scores + shift.',
  returns: 'LessonResult',
  options: [
    { name: 'scores', type: list({ elem: 'f64', minLength: 1, maxLength: 512, min: -1e6, max: 1e6 }), required: true, meaning: 'one row of scores' },
    { name: 'betas', type: list({ elem: 'f64', minLength: 1, maxLength: 256, min: 0, max: 1e6 }), required: true, meaning: 'the inverse temperatures β (a logarithmic slider from 10⁻³ to 10³ fits)' },
    { name: 'shift', type: number(-1e6, 1e6), default: 0, meaning: 'a constant added to every score (the shift-invariance demo)' },
  ],
  nonFinite: ['temperatures'], // T = 1/β is Infinity at β = 0, as documented
};

export const normalisationDemo = {
  name: 'normalisationDemo',
  summary: 'Lesson 4: one score matrix normalised over its last index (attention) and over its first.',
  returns: 'LessonResult',
  options: [
    { name: 'scores', type: list({ elem: 'f64', length: (o) => o.rows * o.cols, shape: (o) => `rows·cols = ${o.rows}·${o.cols}`, lengthName: 'rows·cols', min: -1e6, max: 1e6 }), required: true, meaning: 'the matrix, `(rows, cols)` row-major' },
    { name: 'rows', type: integer(1, 16), default: 3, meaning: 'rows of the matrix' },
    { name: 'cols', type: integer(1, 16), default: 3, meaning: 'columns of the matrix' },
    { name: 'beta', type: number(0, 1e6), default: 1, meaning: 'inverse temperature' },
  ],
};

export const derivation = {
  name: 'derivation',
  summary: 'Lesson 4: each step of Var(q·k) = Σ Var(qᵢkᵢ) = Σ Var(qᵢ)Var(kᵢ) = dK by Monte Carlo, beside its closed form.',
  returns: 'LessonResult',
  options: [
    { name: 'dK', type: integer(1, MAX_DIM), default: 64, meaning: 'd_k' },
    { name: 'samples', type: integer(2, 1000000), default: 10000, meaning: '(q, k) pairs drawn; samples·dK ≤ 2²²' },
    { name: 'seed', type: seed(), default: 1, meaning: 'the generator\'s seed' },
    { name: 'meanQ', type: number(-100, 100), default: 0, meaning: 'mean of every qᵢ' },
    { name: 'meanK', type: number(-100, 100), default: 0, meaning: 'mean of every kᵢ' },
    { name: 'sigmaQ', type: number(0, 100), default: 1, meaning: 'standard deviation of every qᵢ' },
    { name: 'sigmaK', type: number(0, 100), default: 1, meaning: 'standard deviation of every kᵢ' },
    { name: 'correlation', type: number(-1, 1), default: 0, meaning: 'correlation of qᵢ with kᵢ' },
  ],
  rules(o) {
    atMost('samples·dK', o.samples * o.dK, 4194304);
  },
};

/** The options assumptionCheck and weightDrift share: X and the two projections. */
const projectionOptions = () => [
  { name: 'dX', type: integer(1, 1024), default: 64, meaning: 'width of the random X' },
  { name: 'dK', type: integer(1, 1024), default: 64, meaning: 'd_k of W_q and W_k' },
  { name: 'sigmaX', type: number(0.001, 100), default: 1, meaning: 'σ of X\'s entries' },
  { name: 'sigmaWq', type: number(0.001, 100), default: 0.125, meaning: 'σ of W_q\'s entries (the defaults are the unit case at dX = 64: dX·σ_X²·σ_W² = 1)' },
  { name: 'sigmaWk', type: number(0.001, 100), default: 0.125, meaning: 'σ of W_k\'s entries' },
  { name: 'meanX', type: number(-10, 10), default: 0, meaning: 'mean of X\'s entries' },
  { name: 'tokens', type: integer(2, 64), default: 8, meaning: 'rows of X' },
  { name: 'samples', type: integer(2, 100000), default: 300, meaning: 'draws of X, W_q, W_k; samples·(tokens·dX + 2·dX·dK) ≤ 2²⁵ and (drift factors)·samples·tokens·dK·(2·dX + tokens) ≤ 2³⁰' },
  { name: 'seed', type: seed(), default: 1, meaning: 'the generator\'s seed' },
];

function projectionWork(o, drifts) {
  atMost('samples·(tokens·dX + 2·dX·dK)', o.samples * (o.tokens * o.dX + 2 * o.dX * o.dK), 33554432);
  const work = drifts * o.samples * o.tokens * o.dK * (2 * o.dX + o.tokens);
  atMost(drifts > 1 ? 'drifts.length·samples·tokens·dK·(2·dX + tokens)' : 'samples·tokens·dK·(2·dX + tokens)', work, 1073741824);
}

export const assumptionCheck = {
  name: 'assumptionCheck',
  summary: 'Lesson 4: score variances of Q = X·W_q, K = X·W_k predicted and measured, on and off the diagonal.',
  returns: 'LessonResult',
  options: [
    ...projectionOptions(),
    { name: 'drift', type: number(0.01, 100), default: 1, meaning: 'W_q and W_k multiplied by it' },
  ],
  rules(o) {
    projectionWork(o, 1);
  },
};

export const weightDrift = {
  name: 'weightDrift',
  summary: 'Lesson 4: W_q and W_k scaled by each drift factor: score variance and softmax sharpness.',
  returns: 'LessonResult',
  options: [
    { name: 'drifts', type: list({ elem: 'f64', minLength: 1, maxLength: 64, min: 0.01, max: 100 }), default: [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4], meaning: 'the factors f on W_q and W_k (f = 1 is computed too, as the base of `varianceRatio`)' },
    ...projectionOptions(),
  ],
  after(o) {
    // f = 1 from the same draws is the base of varianceRatio: one more factor when the list lacks it.
    projectionWork(o, o.drifts.length + (o.drifts.includes(1) ? 0 : 1));
  },
};

