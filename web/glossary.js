// One name per quantity across the page, and the glossary that explains each. A lesson writes term('logit') where
// the word first matters in a part; the reader sees the word underlined and its meaning on hover or keyboard focus
// (Escape hides it again). The names here are the only ones the lessons use for these quantities.
import { el, uniqueId } from './dom.js';

export const GLOSSARY = {
  score: { word: 'score', text: 'The dot product q · k of one query with one key, before any scaling. A row of scores holds one query against every key.' },
  logit: {
    word: 'logit',
    text: 'What enters the softmax: a score times β (with β = 1/√dₖ, the scaled score). ' +
      'The softmax only sees differences between the logits of a row.',
  },
  beta: {
    word: 'β',
    text: 'The inverse temperature: the factor in front of the scores, softmax(β · s). Large β sharpens the weights, small β flattens them. ' +
      'Standard attention uses β = 1/√dₖ. (Physics writes the same dial as a temperature T = 1/β; this page uses β.)',
  },
  dk: { word: 'dₖ', text: 'The length of each query and key vector. Lesson 2 draws random vectors of this length to see how their dot products spread.' },
  dmodel: { word: 'd_model', text: 'The length of each token’s embedding, the width of the model. With H heads, each head has dₖ = d_model / H.' },
  weight: {
    word: 'weight',
    text: 'One entry of the softmax of a row of logits: how much a query takes from one key’s value. ' +
      'A row of weights is positive and sums to 1.',
  },
  onehot: { word: 'one-hot', text: 'A row of weights with 1 on a single key and 0 everywhere else: the query copies one value and ignores the rest.' },
  entropy: {
    word: 'entropy',
    text: '−Σ p ln p of a row of weights, in nats: 0 for one-hot, ln n when all n keys get the same weight. ' +
      'exp(entropy) is how many keys a row effectively reads.',
  },
  jacobian: {
    word: 'Jacobian',
    text: 'The matrix of how each weight changes with each logit, diag(p) − p pᵀ. ' +
      'Its size says how much gradient flows back through the softmax.',
  },
  variance: {
    word: 'variance',
    text: 'The mean squared distance from the mean. ' +
      'Multiplying a quantity by c multiplies its variance by c², so dividing scores by √dₖ divides their variance by dₖ.',
  },
  head: {
    word: 'head',
    text: 'One attention computation with its own W_q, W_k and W_v. ' +
      'Several heads run side by side on slices of width dₖ = d_model / H and are concatenated.',
  },
};

/**
 * The word `id` of the glossary (or `text` in its place), as a focusable term whose meaning appears on hover and on
 * keyboard focus. The meaning is the button's accessible description, so a screen reader reads it on focus.
 */
export function term(id, text = null) {
  const entry = GLOSSARY[id];
  if (!entry) throw new Error(`term(): no glossary entry "${id}"`);
  const tipId = uniqueId(`term-${id}`);
  const tip = el('span', { className: 'term-tip', id: tipId, attrs: { role: 'tooltip' } }, entry.text);
  const word = el('button', { type: 'button', className: 'term-word', attrs: { 'aria-describedby': tipId } }, text ?? entry.word);
  const node = el('span', { className: 'term', dataset: { term: id } }, word, tip);
  const hide = (event) => {
    if (event.key === 'Escape') node.classList.add('term-dismissed');
  };
  word.addEventListener('keydown', hide);
  // A meaning opens under the word, from its left edge. Where it would run past the right edge of its lesson or of
  // the window it moves left to fit: a lesson clips what it paints (web/styles.css), and a phone's edge cuts it off.
  const place = () => {
    tip.style.transform = '';
    const box = tip.getBoundingClientRect();
    if (!box.width) return; // not shown
    const lesson = (node.closest('.lesson') ?? document.documentElement).getBoundingClientRect();
    const right = Math.min(lesson.right, document.documentElement.clientWidth) - 4;
    const shift = Math.min(box.right - right, box.left - Math.max(lesson.left, 0) - 4);
    if (shift > 0) tip.style.transform = `translateX(${-Math.round(shift)}px)`;
  };
  const open = () => {
    place();
    raise(node);
  };
  node.addEventListener('mouseenter', open);
  node.addEventListener('focusin', open);
  node.addEventListener('mouseleave', () => {
    node.classList.remove('term-dismissed');
    lower(node);
  });
  node.addEventListener('focusout', () => lower(node));
  word.addEventListener('blur', () => node.classList.remove('term-dismissed'));
  return node;
}

// A meaning that reaches past the edge of its part (or Lesson 1's step) must cover the next part, which comes later
// in the page and would paint over it: the part with an open meaning gets the class term-open, which raises it
// (web/styles.css). A CSS :has(.term:hover) rule did this before; Chromium then checked every part for it at each
// element a redraw put in or took out (252 checks in a trace of one change of Lesson 4's μ_X).
const PANEL = '.part-panel, .step-panel';
function raise(node) {
  const panel = node.closest(PANEL);
  for (const other of document.querySelectorAll('.term-open')) if (other !== panel) other.classList.remove('term-open');
  panel?.classList.add('term-open');
}
function lower(node) {
  const panel = node.closest(PANEL);
  // Still open when another of its terms is pointed at or focused (focusout comes before the next focusin).
  if (panel && !panel.querySelector('.term:hover, .term:focus-within')) panel.classList.remove('term-open');
}
