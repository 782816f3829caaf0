// Lesson 3: wide logits make the softmax nearly one-hot, so most rows pass almost no gradient while a few near-ties
// pass a lot; dividing by √d_k brings the logits back to unit variance. The core path is one random row at the
// learner's d_k (3.1) and the spread of the gradient over many rows (3.2); the sweep over every d_k (3.3), the source
// texts' two-score examples (3.4) and the overflow of a naive softmax (3.5) are one click away (sdeep), as is the
// row's Jacobian inside 3.1. Every number comes from the engine; the parts lay them out.
import { el, clear } from '../../dom.js';
import { claim, deeper, renderShown } from '../../lesson-kit.js';
import { term } from '../../glossary.js';
import { rowPart } from './row.js';
import { distributionPart } from './distribution.js';
import { sweepPart } from './sweep.js';
import { pairsPart } from './pairs.js';
import { numericsPart } from './numerics.js';

export const LESSON = {
  id: 'saturation', number: 3, title: 'Softmax saturates, the gradient turns sparse, scaling fixes it', mount,
  announce: ['row:maxweight', 'row:entropy', 'row:variance'], // read out by the live region when they change
};

function intro() {
  return [
    claim('Wide ', term('logit', 'logits'), ' make the softmax nearly one-hot and its gradient sparse; dividing the scores by √dₖ brings them back to variance 1.'),
  ];
}

function mount(root, { engine, store }) {
  const n = (i) => `${LESSON.number}.${i}`;
  const row = rowPart(engine, store, n(1));
  let within = null; // below: the "Go deeper" sections, which need the parts' nodes
  const spread = distributionPart(engine, store, n(2), { queryShown: (state) => within.get(sweep).shows(state) });
  const sweep = sweepPart(engine, store, n(3));
  const pairs = pairsPart(engine, store, n(4));
  const numerics = numericsPart(engine, store, n(5));
  within = new Map([ // each part that sits in a "Go deeper" section, and that section
    [sweep, deeper(store, 'sdeep', 'distribution', `${n(3)} Every dₖ at once, and the gradient reaching the query`, sweep.node, spread.queryNode)],
    [pairs, deeper(store, 'sdeep', 'pairs', `${n(4)} The source texts’ examples: two scores before and after scaling`, pairs.node)],
    [numerics, deeper(store, 'sdeep', 'numerics', `${n(5)} When exp overflows: the softmax without its max shift`, numerics.node)],
  ]);
  const sections = [...within.values()];
  const parts = [row, spread, sweep, pairs, numerics];
  clear(root);
  root.append(
    el('h2', { className: 'lesson-title' }, `Lesson ${LESSON.number} · ${LESSON.title}`),
    el('div', { className: 'lesson-intro' }, intro()),
    el('div', { className: 'lesson-parts' }, row.node, spread.node, el('div', { className: 'deeper-group' }, sections.map((s) => s.node))));
  store.subscribe((state) => {
    for (const s of sections) s.sync(state);
    renderShown(parts, within, state);
  });
}
