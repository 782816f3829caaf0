// Lesson 5's prediction: what dividing each head's scores by √d_model instead of √d_k does to its rows. The
// explanation prints the engine's numbers for the learner's d_model and H: the sweep over random tokens and the
// learner's sentence.
import { question } from '../kit/lesson.js';
import { sig3 } from '../../format.js';
import { plusMinus } from './sweep.js';
import { SWEEP_TOKENS } from './common.js';

/**
 * latest() → { r, sweep, state }: the part's last multiHeadExample and multiHeadSweep results and their settings;
 * `cover`: the figure that shows the answer, covered until the learner predicts.
 */
export function flatterQuestion(latest, cover) {
  return question({
    id: 'heads-dmodel',
    cover,
    prompt: ['Divide each head’s scores by √d_model instead of √dₖ: do its rows of weights get sharper or flatter?'],
    choices: [['sharper', 'Sharper'], ['flatter', 'Flatter'], ['same', 'No change']],
    answer: (state) => (Number(state.hheads) === 1 ? 'same' : 'flatter'), // one head: d_k = d_model, the same divisor
    explain() {
      const { r, sweep, state } = latest();
      if (!r) return ['The engine has not run yet for these settings.'];
      const dk = r.comparison.dk;
      const dm = r.comparison.dmodel;
      const i = sweep ? Array.from(sweep.heads).indexOf(r.heads) : -1;
      if (r.heads === 1) {
        return [`With one head dₖ = d_model = ${r.dModel}, so both divisors are the same: the engine multiplies the scores by `,
          `${sig3(dk.scale)} either way, and head 1’s mean largest weight is ${sig3(dk.maxWeight[0])} both times. Choose H = 8 to see the mistake.`];
      }
      const random = i < 0 ? [] : [
        ` Over ${sweep.samples} samples of ${SWEEP_TOKENS} random tokens at d_model = ${state.hdmodel}, the per-head variance of the `,
        `scaled scores is ${plusMinus(sweep, 'dk', 'scaledScoreVariance', i)} after ÷ √dₖ and ${plusMinus(sweep, 'dmodel', 'scaledScoreVariance', i)} `,
        `after ÷ √d_model, and the mean largest weight falls from ${plusMinus(sweep, 'dk', 'maxWeight', i)} to ${plusMinus(sweep, 'dmodel', 'maxWeight', i)} `,
        `(uniform: 1/${SWEEP_TOKENS}).`];
      return [`At d_model = ${r.dModel} and H = ${r.heads} the engine multiplies each head’s scores by ${sig3(dm.scale)} instead of `,
        `${sig3(dk.scale)}, which multiplies their variance by dₖ/d_model = ${r.dK}/${r.dModel}.`, ...random,
        ` In your sentence head 1’s mean largest weight goes from ${sig3(dk.maxWeight[0])} to ${sig3(dm.maxWeight[0])}. It holds row by row: each weight `,
        'relative to the row’s largest, exp(β(sⱼ − s_max)), rises towards 1 as β falls, so a smaller β can only lower the largest weight.'];
    },
  });
}
