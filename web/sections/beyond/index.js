// Lesson 7: what trained transformers do about attention's temperature, after Lesson 6's fixed and tuned β. Three
// published fixes, each beside the engine's measurement on random rows: QK-norm against growing queries and keys
// (7.1), μP's 1/d_k against aligned ones (7.2) and s·ln n against longer rows (7.3); and, last and one click deeper, how
// each strategy of Lesson 6's trainer takes a growing learning rate (7.4, from the CLI's sweep and the learner's runs).
import { claim, deeper } from '../kit/lesson.js';
import { mountParts } from '../kit/parts.js';
import { growthPart } from './growth.js';
import { widthPart } from './width.js';
import { lengthPart } from './length.js';
import { ratesPart, sweepSummary } from './rates.js';
import './beyond.css';

export const LESSON = {
  id: 'beyond', number: 7, title: 'Beyond 1/√dₖ: later fixes for attention’s temperature', mount,
  element: 'attention-beyond', // <attention-beyond bdrift="2" bg="8"></attention-beyond>
  announce: ['growth:standard', 'growth:qknorm', 'width:sqrt', 'width:mup', 'length:plain', 'length:scaled', 'rates:qk-norm'], // read out by the live region
};

function intro() {
  return [
    claim('1/√dₖ suits random queries and keys; for grown, aligned or longer rows, later work rescales the logits.'),
  ];
}

/**
 * 7.4, the learning-rate sweep, last and one click deeper: a "part" whose node is its "Go deeper" bar, saying what
 * the sweep shows, rendered with the others but drawn only while open (closed, its chart has no width yet).
 */
function sweepBehindBar(engine, store, number) {
  const rates = ratesPart(engine, store, number);
  const more = deeper(store, 'bdeep', 'lrsweep', `${number} ${sweepSummary()}`, rates.node);
  more.node.addEventListener('toggle', () => {
    if (more.node.open) rates.render(store.get());
  });
  return {
    node: more.node,
    render(state) {
      more.sync(state);
      if (more.node.open) rates.render(state);
    },
  };
}

function mount(root, context) {
  mountParts(root, context, LESSON, intro(), [growthPart, widthPart, lengthPart, sweepBehindBar]);
}
