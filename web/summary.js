// The page's closing section: what a learner should take away, each point linked to the part where the engine
// measures it, and what to read next. Its one pair of numbers (how many rows pass almost no gradient at two widths)
// is the engine's, measured as Lesson 3.2 measures it; every other number behind these points is on its lesson.
import { el } from './dom.js';
import { LESSONS } from './lessons.js';
import { percent } from './format.js';

const number = (id) => LESSONS.find((l) => l.id === id).number;

// Lesson 3.2's rows at its defaults (n = 16, 1,000 rows, seed 1, unscaled logits N(0, d_k)) at two widths.
export const SPARSE = { widths: [64, 512], n: 16, trials: 1000, seed: 1, threshold: 0.01 };

/**
 * The share of unscaled rows whose Jacobian norm ‖J‖ is below the threshold at each width, from
 * engine.gradientDistribution: [{ dK, share }]. Null without an engine or when it fails.
 */
export function sparseShares(engine) {
  if (!engine) return null;
  try {
    return SPARSE.widths.map((dK) => ({ dK, share: engine.gradientDistribution({ dK, n: SPARSE.n, trials: SPARSE.trials, seed: SPARSE.seed,
      threshold: SPARSE.threshold, bins: 1 }).jacobian.unscaled.fractionBelow }));
  } catch {
    return null;
  }
}

/** Takeaway 3's words: the measured shares when there are any, else where Lesson 3.2 measures them. */
function sparseText(shares) {
  const head = `Wide logits push the softmax towards one-hot: as dₖ grows, more rows pass almost no gradient (‖J‖ < ${SPARSE.threshold}`;
  if (!shares) return `${head}), a few near-ties a lot; Lesson 3.2 counts them at any dₖ.`;
  return el('span', { dataset: { stat: 'sparse' } }, `${head}, unscaled rows of ${SPARSE.n}): `, shares.map((x, i) => [i ? ', ' : '',
    el('span', { dataset: { dk: String(x.dK), value: String(x.share) } }, `${percent(x.share, 2)} at ${x.dK}`)]), '; a few near-ties pass a lot.');
}

// Each takeaway names the lessons where the engine measures it; a link per lesson.
const TAKEAWAYS = (shares) => [
  [['selfattention'], 'Attention weighs each key by a softmax of its score q · k and mixes the values: softmax(QKᵀ/√dₖ)V.'],
  [['variance'], 'With independent zero-mean, unit-variance entries Var(q · k) = dₖ, so scores spread like √dₖ and dividing by √dₖ ' +
    'keeps the logits at unit variance.'],
  [['saturation'], sparseText(shares)],
  [['temperature', 'heads', 'training'], '1/√dₖ is an inverse temperature set for initialisation, per head; ' +
    'training moves the query and key weights, and with them the temperature.'],
  [['beyond'], 'Beyond 1/√dₖ, some models adopt further proposals: QK-norm or qk-layernorm against growing logits, ' +
    'μP’s 1/dₖ once q and k align, log n scaling for long rows.'],
];

const READING = [
  ['The four texts this lab started from: a blog post and an article on scaled dot-product attention, lecture notes, ' +
    'and W. Chuang (2023), “The scaling factor in self-attention” (the Table 1 of Lesson 6).'],
  ['A. Vaswani et al. (2017), “Attention Is All You Need”: where the 1/√dₖ factor was introduced.'],
  ['A. Henry et al. (2020), “Query-Key Normalization for Transformers”: normalise q and k, learn the scale.'],
  ['G. Yang et al. (2022), “Tensor Programs V: Tuning Large Neural Networks via Zero-Shot Hyperparameter Transfer”: why μP scales attention by 1/dₖ.'],
  ['M. Dehghani et al. (2023), “Scaling Vision Transformers to 22 Billion Parameters”: logit growth, and LayerNorm on queries and keys.'],
  ['S. Zhai et al. (2023), “Stabilizing Transformer Training by Preventing Attention Entropy Collapse”: σReparam.'],
  ['M. Wortsman et al. (2023), “Small-scale proxies for large-scale Transformer training instabilities”.'],
  ['D. Chiang and P. Cholak (2022), “Overcoming a Theoretical Limitation of Self-Attention”, ' +
    'and K. M. Nakanishi (2025), “Scalable-Softmax Is Superior for Attention”: logits scaled by s·log n for long rows.'],
];

/**
 * <section class="summary"> with five takeaways and a reading list; a takeaway's link calls choose(lessonId). With
 * `engine`, takeaway 3 prints its measured shares (sparseShares).
 */
export function summarySection(choose, engine = null) {
  const node = el('section', { className: 'lesson summary', id: 'summary', dataset: { lesson: 'summary' } },
    el('h2', { className: 'lesson-title' }, 'What to take away'),
    el('ul', { className: 'takeaways' }, TAKEAWAYS(sparseShares(engine)).map(([lessons, text]) => el('li', {}, text, ' ',
      lessons.map((lesson, i) => [i ? ' · ' : '', el('a', { href: `#lesson=${lesson}`, className: 'takeaway-link', dataset: { lesson } },
        lessons.length === 1 ? 'See it measured' : `Lesson ${number(lesson)}`)])))),
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
