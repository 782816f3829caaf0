// Lesson 2: the scores q·k of random queries and keys spread in proportion to dₖ. The core path: histograms at three
// dₖ with a prediction, then the variance against dₖ with the engine's fitted line and the same after 1/√dₖ. "Go
// deeper" holds the fit's details, entries with a non-zero mean, dot products by hand, and Var(cX) = c²·Var(X).
// Every number shown comes from the engine; these modules pick, label and lay them out.
import { el } from '../../dom.js';
import { claim } from '../../lesson-kit.js';
import { term } from '../../glossary.js';
import { mountParts } from '../parts.js';
import { PAIRS, deeperPart } from './shared.js';
import { histogramsPart } from './histograms.js';
import { sweepPart } from './sweep.js';
import { fitPart } from './fit.js';
import { uniformPart } from './uniform.js';
import { examplesPart } from './examples.js';
import { scaleCheckPart } from './scalecheck.js';

export const LESSON = {
  id: 'variance', number: 2, title: 'Dot products grow with dimension', mount,
  // <attention-variance dims="3,100,1000" distribution="uniform">: friendlier names next to the link keys
  attributes: { dims: 'vdims', distribution: 'vdist', mean: 'vmean', std: 'vstd', seed: 'vseed', maxdim: 'vmaxdim', vectors: 'vvectors', c: 'vc' },
  announce: ['sweep:slope', 'sweep:variance', 'scalecheck:varcx'], // read out by the live region when they change
};

function intro() {
  return [
    claim('The variance of a score q · k grows in proportion to dₖ, the length of q and k.'),
    el('p', {}, 'A ', term('score'), ' adds one product qᵢkᵢ per dimension. Here q and k are random: for each length ',
      term('dk'), ' the engine draws ', String(PAIRS), ' pairs and sorts their scores into a histogram.'),
  ];
}

/** A side part in a collapsed "Go deeper" section (its open state is the entry `id` of vdeep). */
const side = (id, summary, make) => (engine, store, number) => deeperPart(store, id, summary, make(engine, store, number));

function mount(root, context) {
  // Parts render in order: the histograms and the sweeps hand their results to the parts after them.
  mountParts(root, context, LESSON, intro(), [
    histogramsPart,
    sweepPart,
    side('fit', 'How well the line fits: log–log axes, intercept, one sample’s spread', fitPart),
    side('uniform', 'Entries with a mean, like the source’s uniform [0, 1): the drift the softmax ignores', uniformPart),
    side('byhand', 'Dot products by hand: growing or same-size entries, hand-picked sets', examplesPart),
    side('scalecheck', 'Var(cX) = c²·Var(X), and what doubling q and k does', scaleCheckPart),
  ]);
}
