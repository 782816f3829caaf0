// What the parts of Lesson 5 share: the head counts offered, the three scalings with their colours and labels, and
// d_model written as HTML. Labels and constants only.
import { el } from '../../dom.js';
import { SERIES } from '../../charts/palette.js';

export const HEADS = [1, 2, 4, 8];
export const SWEEP_TOKENS = 8; // random tokens per sample in the Monte Carlo over H (a display choice)
export const SWEEP_SAMPLES = 200; // samples per point of that sweep

export const SCALINGS = [
  { id: 'dk', label: 'per-head √dₖ (correct)', short: '√dₖ', color: SERIES.blue, symbol: 'circle', dash: null },
  { id: 'dmodel', label: '√d_model (the mistake)', short: '√d_model', color: SERIES.vermillion, symbol: 'square', dash: '6 3' },
  { id: 'none', label: 'no scaling', short: '1 (none)', color: SERIES.orange, symbol: 'triangle', dash: '2 3' },
];
export const SCALING = Object.fromEntries(SCALINGS.map((s) => [s.id, s]));

/** d with subscript model, as HTML. */
export const dmodel = () => [el('var', {}, 'd'), el('sub', {}, 'model')];

/** Whether h heads split d columns evenly. */
export const divides = (h, d) => d % h === 0;
