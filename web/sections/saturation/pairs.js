// Lesson 3, in "Go deeper": the source texts' small examples, two scores before and after dividing by √d_k and a close
// and a far pair, with the weights engine.softmaxStats and engine.softmax return.
import { el } from '../../dom.js';
import { parsedInput } from '../../controls.js';
import { chartBox } from '../../charts/chart-box.js';
import { barChart } from '../../charts/bars.js';
import { SERIES } from '../../charts/palette.js';
import { precise, sig3, fixed, percent, UNIT_SPACE } from '../../format.js';
import { partPanel, setProse, statList, fill, watcher, dk, attempt, noticeBox } from '../kit/parts.js';

const three = (w) => fixed(w, 3); // a bar's label: three decimals, never 0.000 for a non-zero weight
const share = (w) => percent(w, 3);
import { TeX } from '../../math.js';

const vec = (v) => `[${Array.from(v, (x) => precise(x)).join(', ')}]`;

/** One bar chart of softmax weights in a chartBox. */
function weightsChart(id) {
  return chartBox({ id, kind: 'bars', maxWidth: 420 });
}

export function pairsPart(engine, store, number) {
  const part = partPanel({ id: 'pairs', number, title: 'Two scores, before and after scaling',
    formula: TeX`p_i = \frac{\exp(z_i)}{\sum_{k=1}^{n} \exp(z_k)}` });
  const { box, notices } = noticeBox();
  const problem = (key) => (text) => (text ? notices.show(key, text) : notices.clear(key));
  const scores = parsedInput(store, 'sscores', 'Raw scores', { onProblem: problem('sscores'), placeholder: '14, 10' });
  const dkInput = parsedInput(store, 'sdk', [...dk(), ' used for scaling'], { number: true, step: '1', onProblem: problem('sdk') });
  const close = parsedInput(store, 'sclose', 'Scores that are close', { onProblem: problem('sclose'), placeholder: '4, 5' });
  const far = parsedInput(store, 'sfar', 'Scores that are far apart', { onProblem: problem('sfar'), placeholder: '1, 10' });
  fill(part.controls, el('div', { className: 'panel control-panel' },
    el('div', { className: 'control-grid' }, scores.node, dkInput.node, close.node, far.node), box));

  const raw = weightsChart('pair-raw');
  const scaled = weightsChart('pair-scaled');
  const closeChart = weightsChart('pair-close');
  const farChart = weightsChart('pair-far');
  fill(part.figures,
    el('div', { className: 'figure-row chart-row' }, raw.node, scaled.node),
    el('div', { className: 'figure-row chart-row' }, closeChart.node, farChart.node));
  const changed = watcher(store, ['sscores', 'sdk', 'sclose', 'sfar']);

  const bars = (chart, id, title, weights, labels, text, extra = {}) => chart.set({
    title,
    draw: barChart({ id, ariaLabel: `${typeof title === 'string' ? title : id}: ${Array.from(weights, text).join(', ')}`,
      values: weights, labels, domain: [0, 1], color: SERIES.blue, valueText: text, yTicks: (v) => v.toFixed(1), height: 190, ...extra }),
  });

  return {
    node: part.node,
    render(state) {
      for (const c of [scores, dkInput, close, far]) c.sync(state);
      if (!changed(state)) return;
      const got = attempt(part, notices, 'The engine rejected these scores', () => ({
        before: engine.softmaxStats({ scores: state.sscores, dK: state.sdk, scaled: false }),
        after: engine.softmaxStats({ scores: state.sscores, dK: state.sdk, scaled: true }),
        wClose: engine.softmax(state.sclose),
        wFar: engine.softmax(state.sfar),
      }));
      if (got === null) return;
      const { before, after, wClose, wFar } = got;
      const scaledScores = after.scaledScores;
      // "score → weight", kept on one line (share's own space is UNIT_SPACE already)
      const split = (scores, weights) => Array.from(weights, (w, i) => `${precise(scores[i])}${UNIT_SPACE}→${UNIT_SPACE}${share(w)}`).join(', ');
      setProse(part.prose, [[
        'The softmax reacts to the gaps between scores, and exponentially. Raw scores ', vec(state.sscores), ' give a largest ',
        'weight of ', sig3(before.maxWeight), '. Dividing by √', ...dk(), ' = √', String(state.sdk), ' multiplies every score, and so every ',
        'gap, by ', sig3(after.scale), ': the scores become ', vec(scaledScores), ' and the largest weight ', sig3(after.maxWeight),
        ' (green bars). The defaults are the source texts’ example, 14 and 10 with ', ...dk(), ' = 4; edit them and watch the bars.',
      ], [
        'The lower pair gives two more rows in percentages: ', split(state.sclose, wClose), ' for the close scores; ',
        split(state.sfar, wFar), ' for the far ones.',
      ]]);
      const labels = state.sscores.map((z) => precise(z));
      bars(raw, 'pair-raw', `softmax(${vec(state.sscores)})`, before.weights, labels, three);
      bars(scaled, 'pair-scaled', [`softmax(${vec(scaledScores)}), scores ÷ √${state.sdk}`], after.weights, Array.from(scaledScores, (z) => precise(z)), three,
        { color: SERIES.green });
      const percentTicks = { yTicks: (v) => percent(v, 2) };
      bars(closeChart, 'pair-close', `softmax(${vec(state.sclose)})`, wClose, state.sclose.map((z) => precise(z)), share, percentTicks);
      bars(farChart, 'pair-far', `softmax(${vec(state.sfar)})`, wFar, state.sfar.map((z) => precise(z)), share,
        { ...percentTicks, color: SERIES.vermillion });
      fill(part.stats, statList('pairs', [
        ['rawmax', 'largest weight, raw scores', sig3(before.maxWeight), null, before.maxWeight],
        ['scaledmax', `largest weight, scores ÷ √${state.sdk}`, sig3(after.maxWeight), null, after.maxWeight],
      ]));
    },
  };
}
