// Lesson 3: wide logits make the softmax nearly one-hot, so more and more rows pass almost no gradient while a few
// near-ties pass a lot; dividing by √d_k brings the logits back to unit variance. The core path starts with two
// logits (3.1: σ(Δ), its slope and how wide a random gap is), then typical rows of n at the learner's d_k (3.2) and
// the spread of the gradient over many rows (3.3); the sweep over every d_k (3.4), the source texts' two-score
// examples (3.5) and the overflow of a naive softmax (3.6) are one click away (sdeep), as is one row in detail with its
// Jacobian inside 3.2. Every number comes from the engine; the parts lay them out.
import { el, clear } from '../../dom.js';
import { claim, deeper, renderShown } from '../kit/lesson.js';
import { term } from '../../glossary.js';
import { twoLogitPart } from './twologit.js';
import { rowPart } from './row.js';
import { distributionPart } from './distribution.js';
import { sweepPart } from './sweep.js';
import { pairsPart } from './pairs.js';
import { numericsPart } from './numerics.js';

export const LESSON = {
  id: 'saturation', number: 3, title: 'Softmax saturates, the gradient turns sparse, scaling fixes it', mount,
  announce: ['row:maxweight', 'row:entropy', 'row:variance', 'twologit:slope'], // read out by the live region when they change
};

function intro() {
  return [
    claim('Wide ', term('logit', 'logits'), ' make the softmax nearly one-hot and its gradient sparse; '
      + 'dividing the scores by √dₖ brings them back to variance 1.'),
  ];
}

function mount(root, { engine, store }) {
  const n = (i) => `${LESSON.number}.${i}`;
  const two = twoLogitPart(engine, store, n(1));
  const row = rowPart(engine, store, n(2));
  let within = null; // below: the "Go deeper" sections, which need the parts' nodes
  const spread = distributionPart(engine, store, n(3), { queryShown: (state) => within.get(sweep).shows(state) });
  const sweep = sweepPart(engine, store, n(4));
  const pairs = pairsPart(engine, store, n(5));
  const numerics = numericsPart(engine, store, n(6));
  within = new Map([ // each part that sits in a "Go deeper" section, and that section
    [sweep, deeper(store, 'sdeep', 'distribution', `${n(4)} ‖J‖ over many rows and every dₖ`, sweep.node, spread.queryNode)],
    [pairs, deeper(store, 'sdeep', 'pairs', `${n(5)} The source texts’ two-score examples`, pairs.node)],
    [numerics, deeper(store, 'sdeep', 'numerics', `${n(6)} When exp overflows`, numerics.node)],
  ]);
  const sections = [...within.values()];
  const parts = [two, row, spread, sweep, pairs, numerics];
  clear(root);
  root.append(
    el('h2', { className: 'lesson-title' }, `Lesson ${LESSON.number} · ${LESSON.title}`),
    el('div', { className: 'lesson-intro' }, intro()),
    el('div', { className: 'lesson-parts' }, two.node, row.node, spread.node, el('div', { className: 'deeper-group' }, sections.map((s) => s.node))));
  store.subscribe((state) => {
    for (const s of sections) s.sync(state);
    renderShown(parts, within, state);
  });
}
