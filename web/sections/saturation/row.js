// Lesson 3.1: one random row of scores at the learner's d_k, fed to the softmax raw or divided by √d_k: the scores,
// the weights and how peaked they are (engine.softmaxStats), the row's variance before and after the division
// (engine.scaleVariance), and in "Go deeper" the row's softmax Jacobian.
import { el } from '../../dom.js';
import { checkbox, parsedInput, logSlider, slider } from '../../controls.js';
import { chartBox } from '../../charts/chart-box.js';
import { barChart } from '../../charts/bars.js';
import { placeHeatmaps } from '../../charts/heatmap.js';
import { SERIES } from '../../charts/palette.js';
import { deeper } from '../../lesson-kit.js';
import { term } from '../../glossary.js';
import { precise, short, maxAbs } from '../../format.js';
import { partPanel, setProse, statList, fill, watcher, dk, attempt } from '../parts.js';
import { index, noticeBox } from './common.js';

// The side of the Jacobian's square of cells, whatever n: 24-px cells at the default 16 scores. A new n then moves
// nothing below the map (a taller map made the browser lay out and paint again all that it pushed down).
const JACOBIAN_PX = 384;

export function rowPart(engine, store, number) {
  const part = partPanel({ id: 'row', number, title: 'A random row of scores at a chosen dₖ' });
  const { box, notices } = noticeBox();
  const problem = (text) => (text ? notices.show('input', text) : notices.clear('input'));
  const dkSlider = logSlider(store, 'gdk', [...dk(), ' (logarithmic track)']);
  const dkBox = parsedInput(store, 'gdk', [...dk(), ' (type a value)'], { number: true, step: '1', onProblem: problem });
  const n = slider(store, 'gn', 'Scores in the row, n');
  const seed = parsedInput(store, 'gseed', 'Seed', { number: true, step: '1', onProblem: problem });
  const scaled = checkbox(store, 'gscaled', ['Divide the scores by √', ...dk()]);
  const controls = [dkSlider, dkBox, n, seed, scaled];
  fill(part.controls, el('div', { className: 'panel control-panel' },
    el('div', { className: 'control-grid' }, dkSlider.node, dkBox.node, n.node, seed.node, el('div', { className: 'control-toggles' }, scaled.node)), box));

  const scoresChart = chartBox({ id: 'row-scores', kind: 'bars', maxWidth: 560 });
  const weights = chartBox({ id: 'row-weights', kind: 'bars', maxWidth: 560 });
  const jacobianBox = el('div', { className: 'jacobian-box' });
  const jacobianProse = el('div', {});
  const more = deeper(store, 'sdeep', 'jacobian', 'The row’s Jacobian: the only road from the weights back to the scores',
    jacobianProse, jacobianBox);
  fill(part.figures, el('div', { className: 'figure-row chart-row' }, scoresChart.node, weights.node));
  part.node.append(more.node);
  const changed = watcher(store, ['gdk', 'gn', 'gseed', 'gscaled']);
  // The Jacobian is drawn while its "Go deeper" section is open; a closed one keeps the latest row and draws it when
  // opened (a 16 × 16 map of SVG cells cost every change of this part about 4 ms, out of sight).
  let unshown = null; // { row, state } not drawn yet
  const jacobianWhenShown = (state) => {
    if (!unshown || !more.shows(state)) return;
    drawJacobian(unshown.row, unshown.state);
    unshown = null;
  };

  return {
    node: part.node,
    render(state) {
      for (const c of controls) c.sync(state);
      more.sync(state);
      if (!changed(state)) {
        jacobianWhenShown(state);
        return;
      }
      const r = attempt(part, notices, 'The engine rejected these settings', () => {
        const options = { dK: state.gdk, n: state.gn, seed: state.gseed };
        const divided = engine.softmaxStats({ ...options, scaled: true }); // the same row; its scale is the engine's 1/√d_k
        const row = state.gscaled ? divided : engine.softmaxStats({ ...options, scaled: false });
        return { row, spread: engine.scaleVariance({ c: divided.scale, values: row.scores }) };
      });
      if (r === null) return;
      const { row, spread } = r;
      setProse(part.prose, [[
        `The engine draws ${state.gn} raw `, term('score', 'scores'), ' with variance ', ...dk(), `, as dot products of random queries and keys have, and `,
        state.gscaled ? ['divides them by √', ...dk(), ' before the softmax.'] : ['feeds them to the softmax as they are. Tick the box to divide by √', ...dk(), '.'],
      ]]);
      scoresChart.set({
        title: state.gscaled ? ['Scores ÷ √', ...dk(), ': the logits'] : 'Raw scores: the logits',
        draw: barChart({ id: 'row-scores', ariaLabel: `Logits fed to the softmax: ${Array.from(row.logits, short).join(', ')}`, values: row.logits,
          labels: index(state.gn), domain: [-maxAbs(row.logits) || -1, maxAbs(row.logits) || 1], color: SERIES.purple, height: 190 }),
      });
      weights.set({
        title: 'Softmax weights',
        draw: barChart({ id: 'row-weights', ariaLabel: `Softmax weights: ${Array.from(row.weights, (w) => w.toFixed(3)).join(', ')}`, values: row.weights,
          labels: index(state.gn), domain: [0, 1], color: SERIES.blue, valueText: (w) => (Number.isFinite(w) ? w.toFixed(2) : short(w)),
          yTicks: (v) => v.toFixed(1), height: 190 }),
      });
      const variance = state.gscaled ? spread.varCX : spread.varX;
      fill(part.stats, statList('row', [
        ['variance', 'variance of this row’s logits', precise(variance), state.gscaled ? `(raw: ${precise(spread.varX)})` : `(÷ √${state.gdk} would give ${precise(spread.varCX)})`, variance],
        ['maxweight', 'largest weight', precise(row.maxWeight), null, row.maxWeight],
        ['entropy', 'entropy of the weights', precise(row.entropy), `nats (at most ln ${state.gn} = ${precise(row.maxEntropy)})`, row.entropy],
        ['jnorm', 'Jacobian norm ‖J‖', precise(row.jacobianNorm), '(the gradient it passes back)', row.jacobianNorm],
      ]));
      unshown = { row, state };
      jacobianWhenShown(state);
    },
  };

  /** The Jacobian heatmap, its colours spanning its own largest entry so that a nearly one-hot row still shows its pattern. */
  function drawJacobian(row, state) {
    const largest = maxAbs(row.jacobian);
    setProse(jacobianProse, [[
      'Entry (i, j) of diag(p) − p pᵀ says how much weight i moves when logit j is nudged; every gradient from the weights ',
      'to the scores goes through it. For a nearly ', term('onehot', 'one-hot'), ' row it is nearly zero: all but the winner’s weights are tiny, ',
      'and the winner’s is pinned near 1.',
    ]]);
    placeHeatmaps(jacobianBox, [{ id: 'jacobian', title: ['Jacobian diag(p) − p pᵀ'], values: row.jacobian, rows: state.gn, cols: state.gn,
      rowLabels: index(state.gn), colLabels: index(state.gn), rowAxis: 'weight i', colAxis: 'logit j', palette: 'diverging', domain: largest || 1, size: JACOBIAN_PX,
      note: `Colours span ±${precise(largest)}, this row’s largest entry; no entry of any row can pass 0.25.` }]);
  }
}
