// Lesson 7: what trained transformers do about attention's temperature, after Lesson 6's fixed and tuned β. Three
// published fixes, each beside the engine's measurement on random rows: QK-norm against growing queries and keys
// (7.1), μP's 1/d_k against aligned ones (7.2) and s·ln n against longer rows (7.3); and how each strategy of
// Lesson 6's trainer, QK-norm among them, takes a growing learning rate (7.4, from the CLI's sweep and the learner's runs).
import { claim, deeper } from '../../lesson-kit.js';
import { mountParts } from '../parts.js';
import { growthPart } from './growth.js';
import { widthPart } from './width.js';
import { lengthPart } from './length.js';
import { ratesPart } from './rates.js';
import './beyond.css';

export const LESSON = {
  id: 'beyond', number: 7, title: 'Beyond 1/√dₖ: what trained transformers do about attention’s temperature', mount,
  element: 'attention-beyond', // <attention-beyond bdrift="2" bg="8"></attention-beyond>
  announce: ['growth:standard', 'growth:qknorm', 'width:sqrt', 'width:mup', 'length:plain', 'length:scaled', 'rates:qk-norm'], // read out by the live region
};

function intro() {
  return [
    claim('1/√dₖ suits random queries and keys; for grown, aligned or longer rows, later work rescales the logits.'),
  ];
}

function mount(root, context) {
  const { engine, store } = context;
  mountParts(root, context, LESSON, intro(), [growthPart, widthPart, lengthPart]);
  // 7.4, the learning-rate sweep, one click deeper beside the lesson's claim (opened, it takes the full width): drawn
  // when its bar is opened (closed, its chart has no width yet).
  const rates = ratesPart(engine, store, `${LESSON.number}.4`);
  const more = deeper(store, 'bdeep', 'lrsweep', '7.4 Learning-rate sweep', rates.node);
  const claimRow = root.querySelector('.lesson-intro');
  claimRow.classList.add('beyond-intro');
  claimRow.append(more.node);
  const show = (state) => {
    more.sync(state);
    if (more.node.open) rates.render(state);
  };
  store.subscribe(show);
  more.node.addEventListener('toggle', () => show(store.get()));
}
