// Lesson 2: the scores q·k of random queries and keys spread in proportion to dₖ. The core path: histograms at three
// dₖ with a prediction, then the variance against dₖ with the engine's fitted line and the same after 1/√dₖ, then
// why: q·k = ‖q‖‖k‖ cos θ, lengths growing like √dₖ and cos θ shrinking like 1/√dₖ (the spine later lessons recall). "Go
// deeper" holds the fit's details, entries with a non-zero mean, dot products by hand, and Var(cX) = c²·Var(X).
// Every number shown comes from the engine; these modules pick, label and lay them out.
import { el } from '../../dom.js';
import { claim } from '../kit/lesson.js';
import { term } from '../../glossary.js';
import { mountParts } from '../kit/parts.js';
import { deeperPart } from './shared.js';
import { histogramsPart } from './histograms.js';
import { sweepPart } from './sweep.js';
import { spinePart } from './spine.js';
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
    el('p', {}, 'A ', term('score'), ' adds one product qᵢkᵢ for each of the ', term('dk'), ' dimensions; here q and k are random.'),
  ];
}

/** A side part in a collapsed "Go deeper" section (its open state is the entry `id` of vdeep). */
const side = (id, summary, make) => (engine, store, number) => deeperPart(store, id, summary, make(engine, store, number));

function mount(root, context) {
  // Parts render in order: the histograms and the sweeps hand their results to the parts after them.
  mountParts(root, context, LESSON, intro(), [
    histogramsPart,
    sweepPart,
    side('spine', 'Why: q · k = ‖q‖‖k‖ cos θ, lengths and an angle', spinePart),
    side('fit', 'How well the line fits, on log–log axes', fitPart),
    side('uniform', 'Entries with a mean: a drift the softmax ignores', uniformPart),
    side('byhand', 'Dot products by hand, and hand-picked sets', examplesPart),
    side('scalecheck', 'Var(cX) = c²·Var(X): doubling q and k', scaleCheckPart),
  ]);
}
