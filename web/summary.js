// The page's closing section: what a learner should take away, each point linked to the part where the engine
// measures it, and what to read next. Static text: every number behind these points is on the lesson it links to.
import { el } from './dom.js';

const TAKEAWAYS = [
  ['selfattention', 'Attention turns each query’s row of scores q · k into weights with a softmax and mixes the values with them: softmax(QKᵀ/√dₖ)V.'],
  ['variance', 'For query and key entries with mean 0 and variance 1, the variance of q · k equals dₖ: the scores spread in proportion to the width, not to its square root.'],
  ['saturation', 'Wide logits push the softmax towards one-hot, and then most rows pass almost no gradient while a few near-ties pass a lot; dividing by √dₖ brings the logits back to unit variance.'],
  ['temperature', '1/√dₖ is an inverse temperature β chosen so that the logits have unit variance at initialisation; the choice rests on independent, zero-mean, unit-variance entries and fails when they do not hold.'],
  ['training', 'Training changes the weights and with them the logits’ spread, so after initialisation β is an optimisation setting: the learning rate and the budget matter as much as the factor.'],
];

const READING = [
  ['The four texts this lab started from: a blog post and an article on scaled dot-product attention, lecture notes, and W. Chuang (2023), “The scaling factor in self-attention” (the Table 1 of Lesson 6).'],
  ['A. Vaswani et al. (2017), “Attention Is All You Need”: where the 1/√dₖ factor was introduced.'],
  ['A. Henry et al. (2020), “Query-Key Normalization for Transformers”: normalise q and k, learn the scale.'],
  ['G. Yang et al. (2022), “Tensor Programs V: Tuning Large Neural Networks via Zero-Shot Hyperparameter Transfer”: why μP scales attention by 1/dₖ.'],
  ['M. Dehghani et al. (2023), “Scaling Vision Transformers to 22 Billion Parameters”: logit growth, and LayerNorm on queries and keys.'],
  ['S. Zhai et al. (2023), “Stabilizing Transformer Training by Preventing Attention Entropy Collapse”.'],
  ['M. Wortsman et al. (2023), “Small-scale proxies for large-scale Transformer training instabilities”.'],
  ['D. Chiang and P. Cholak (2022), “Overcoming a Theoretical Limitation of Self-Attention”, and K. M. Nakanishi (2025), “Scalable-Softmax Is Superior for Attention”: logits scaled by s·log n for long rows.'],
];

/** <section class="summary"> with five takeaways and a reading list; a takeaway's link calls choose(lessonId). */
export function summarySection(choose) {
  const node = el('section', { className: 'lesson summary', id: 'summary', dataset: { lesson: 'summary' } },
    el('h2', { className: 'lesson-title' }, 'What to take away'),
    el('ul', { className: 'takeaways' }, TAKEAWAYS.map(([lesson, text]) => el('li', {}, text, ' ',
      el('a', { href: `#lesson=${lesson}`, className: 'takeaway-link', dataset: { lesson } }, 'See it measured')))),
    el('h3', {}, 'What to read next'),
    el('ul', { className: 'reading' }, READING.map(([text]) => el('li', {}, text))));
  node.addEventListener('click', (event) => {
    const link = event.target.closest('a[data-lesson]');
    if (!link) return;
    event.preventDefault();
    choose(link.dataset.lesson);
  });
  return node;
}
