// Lesson 7: what trained transformers do about attention's temperature, after Lesson 6's fixed and tuned β. Three
// published fixes, each beside the engine's measurement on random rows: QK-norm against growing queries and keys
// (7.1), μP's 1/d_k against aligned ones (7.2) and s·ln n against longer rows (7.3). It trains nothing.
import { claim } from '../../lesson-kit.js';
import { mountParts } from '../parts.js';
import { growthPart } from './growth.js';
import { widthPart } from './width.js';
import { lengthPart } from './length.js';
import './beyond.css';

export const LESSON = {
  id: 'beyond', number: 7, title: 'Beyond 1/√dₖ: what trained transformers do about attention’s temperature', mount,
  element: 'attention-beyond', // <attention-beyond bdrift="2" bg="8"></attention-beyond>
  announce: ['growth:standard', 'growth:qknorm', 'width:sqrt', 'width:mup', 'length:plain', 'length:scaled'], // read out by the live region
};

function intro() {
  return [
    claim('1/√dₖ suits random queries and keys; for grown, aligned or longer rows, later work rescales the logits.'),
  ];
}

function mount(root, context) {
  mountParts(root, context, LESSON, intro(), [growthPart, widthPart, lengthPart]);
}
