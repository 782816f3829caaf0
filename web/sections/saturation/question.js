// Lesson 3's prediction: at the learner's d_k and n, without scaling, what share of random rows pass almost no gradient.
// The right choice is the one nearest the share the engine measures for those settings, and the explanation prints
// the engine's numbers.
import { el } from '../../dom.js';
import { question } from '../../lesson-kit.js';
import { precise } from '../../format.js';
import { NEAR_ZERO, share } from './common.js';

const CHOICES = [['none', 0, 'none of them'], ['few', 0.05, 'about 5 %'], ['third', 1 / 3, 'about a third'],
  ['twothirds', 2 / 3, 'about two thirds'], ['nearly', 0.9, 'nearly all']];

/** The choice nearest a measured share (null without a measurement). */
export function nearestChoice(fraction) {
  if (!Number.isFinite(fraction)) return null;
  return CHOICES.reduce((best, c) => (Math.abs(c[1] - fraction) < Math.abs(best[1] - fraction) ? c : best))[0];
}

/**
 * latest() → the part's last engine.gradientDistribution result (model "normal") for the settings on screen, or null;
 * `cover`: the figure that shows the answer. Returns { node, render(state) }.
 */
export function sparseQuestion(latest, cover) {
  const dkText = el('span', { dataset: { echo: 'gdk' } });
  const nText = el('span', { dataset: { echo: 'gn' } });
  const q = question({
    id: 'saturation-sparse',
    cover,
    prompt: ['Without scaling, at dₖ = ', dkText, ' and n = ', nText, `: what share of random rows pass almost no gradient (‖J‖ below ${NEAR_ZERO})?`],
    choices: CHOICES.map(([value, , label]) => [value, label]),
    answer: () => nearestChoice(latest()?.jacobian.unscaled.fractionBelow),
    explain() {
      const d = latest();
      if (!d) return ['The engine has not measured these settings: see the notice above.'];
      const u = d.jacobian.unscaled;
      const s = d.jacobian.scaled;
      return [`Of ${d.trials} rows of ${d.n} logits at dₖ = ${d.dK}, the engine finds ${share(u.fractionBelow)} below ${NEAR_ZERO} without scaling `,
        `and ${share(s.fractionBelow)} after ÷ √dₖ. The unscaled median ‖J‖ is ${precise(u.median)} against ${precise(s.median)}, yet its mean is `,
        `${precise(u.mean)}: the few rows whose top logits nearly tie pass up to ${precise(u.max)}. A one-hot row has J = diag(p) − p pᵀ = 0 `,
        'exactly, so a row that is nearly one-hot passes nearly nothing.'];
    },
  });
  return {
    node: q.node,
    render(state) {
      dkText.textContent = String(state.gdk);
      nText.textContent = String(state.gn);
      q.render(state);
    },
  };
}
