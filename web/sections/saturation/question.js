// Lesson 3's prediction about sparsity: without scaling, do more or less than half of random rows pass almost no
// gradient, at d_k = 64 and at d_k = 512? The right choice follows the shares the engine measures (gradientSweep over
// SPARSE_DKS for the learner's n and seed), and the explanation prints them. A comparison with half, not a nearest
// fraction: the shares pass through every fraction as d_k grows, so "which fraction is nearest" flips with small moves.
import { question } from '../kit/lesson.js';
import { percent, count } from '../../format.js';
import { NEAR_ZERO, ASK_SPARSE } from './common.js';

const CHOICES = [['less-less', 'less at both'], ['less-more', 'less at 64, more at 512'], ['more-more', 'more at both'],
  ['more-less', 'more at 64, less at 512']];

/** The choice that the measured shares at ASK_SPARSE's two d_k make right (null without a measurement). */
export function sparseChoice(low, high) {
  if (!Number.isFinite(low) || !Number.isFinite(high)) return null;
  return `${low > 0.5 ? 'more' : 'less'}-${high > 0.5 ? 'more' : 'less'}`;
}

/**
 * latest() → { sweep, at } for the settings on screen: the engine.gradientSweep result whose dKs include ASK_SPARSE
 * and `at(d)`, the index of d in it; or null. `cover`: the figure that shows the answer. Returns { node, render(state) }.
 */
export function sparseQuestion(latest, cover) {
  const [low, high] = ASK_SPARSE;
  const shares = () => {
    const got = latest();
    return got ? [got.sweep.unscaled.fractionBelow[got.at(low)], got.sweep.scaled.fractionBelow[got.at(low)],
      got.sweep.unscaled.fractionBelow[got.at(high)], got.sweep.scaled.fractionBelow[got.at(high)], got.sweep] : null;
  };
  const q = question({
    id: 'saturation-sparse',
    cover,
    prompt: [`Raw logits: do more or less than half of random rows pass almost no gradient (‖J‖ < ${NEAR_ZERO}) at dₖ = ${low}, and at ${high}?`],
    choices: CHOICES,
    answer: () => {
      const s = shares();
      return s && sparseChoice(s[0], s[2]);
    },
    explain() {
      const s = shares();
      if (!s) return ['The engine has not measured these settings: see the notice above.'];
      const [u64, s64, u512, s512, sweep] = s;
      return [`Of ${count(sweep.trials)} rows of ${sweep.n} logits, the engine finds ${percent(u64)} below ${NEAR_ZERO} `
        + `at dₖ = ${low} and ${percent(u512)} at ${high} `,
        `without scaling (divided by √dₖ: ${percent(s64)} and ${percent(s512)}). A row passes gradient only while its top logits nearly tie, `,
        'and the wider the logits, the rarer such a tie: the share of rows that pass almost nothing grows with dₖ.'];
    },
  });
  return { node: q.node, render: (state) => q.render(state) };
}
