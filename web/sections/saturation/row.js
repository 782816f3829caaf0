// Lesson 3.2: a typical row of scores at the learner's d_k, fed to the softmax raw or divided by √d_k. Of 1,000 random
// rows (engine.gradientDistribution) the learner picks the one at the 25th, 50th or 75th percentile of the raw ‖J‖
// (its quartileRows), so the row on screen is typical rather than whichever came first; then its scores, weights and
// how peaked they are (engine.softmaxStats with that row), its variance before and after the division
// (engine.scaleVariance), and in "Go deeper" its softmax Jacobian.
import { el } from '../../dom.js';
import { checkbox, parsedInput, logSlider, slider, radioGroup } from '../../controls.js';
import { chartBox } from '../../charts/chart-box.js';
import { barChart } from '../../charts/bars.js';
import { placeHeatmaps } from '../../charts/heatmap.js';
import { SERIES } from '../../charts/palette.js';
import { deeper } from '../kit/lesson.js';
import { term } from '../../glossary.js';
import { precise, sig3, short, fixed, count, maxAbs } from '../../format.js';
import { partPanel, setProse, statList, fill, watcher, dk, attempt, noticeBox } from '../kit/parts.js';
import { sampleCount, timed, refineLater, offStep } from '../kit/progressive.js';
import { index, TYPICAL_ROWS, ROW_QUARTILES, ROW_CHOICES } from './common.js';

// The side of the Jacobian's square of cells, whatever n: 24-px cells at the default 16 scores. A new n then moves
// nothing below the map (a taller map made the browser lay out and paint again all that it pushed down).
const JACOBIAN_PX = 384;
const PREVIEW_ROWS = 100; // rows a preview picks its typical row from (display choice)

export function rowPart(engine, store, number) {
  const part = partPanel({ id: 'row', number, title: 'A row of n logits: a typical one at a chosen dₖ' });
  const { box, notices } = noticeBox();
  const problem = (text) => (text ? notices.show('input', text) : notices.clear('input'));
  const dkSlider = logSlider(store, 'gdk', [...dk(), ' (logarithmic track)']);
  const dkBox = parsedInput(store, 'gdk', [...dk(), ' (type a value)'], { number: true, step: '1', onProblem: problem });
  const n = slider(store, 'gn', 'Scores in the row, n');
  const seed = parsedInput(store, 'gseed', 'Seed', { number: true, step: '1', onProblem: problem });
  const scaled = checkbox(store, 'gscaled', ['Divide the scores by √', ...dk()]);
  const which = radioGroup(store, 'grow', `Row of ${count(TYPICAL_ROWS)}, by raw ‖J‖ (percentile)`, ROW_CHOICES);
  const controls = [dkSlider, dkBox, n, seed, scaled, which];
  fill(part.controls, el('div', { className: 'panel control-panel' },
    el('div', { className: 'control-grid' }, dkSlider.node, dkBox.node, n.node, seed.node, which.node, scaled.node), box));

  const scoresChart = chartBox({ id: 'row-scores', kind: 'bars', maxWidth: 560 });
  const weights = chartBox({ id: 'row-weights', kind: 'bars', maxWidth: 560 });
  const jacobianBox = el('div', { className: 'jacobian-box' });
  const jacobianProse = el('div', {});
  const more = deeper(store, 'sdeep', 'jacobian', 'This row in detail: its logits, and the Jacobian that carries the gradient back to them',
    scoresChart.node, jacobianProse, jacobianBox);
  fill(part.figures, el('div', { className: 'figure-row chart-row' }, weights.node, part.stats)); // the numbers beside the weights
  part.node.append(more.node);
  const changed = watcher(store, ['gdk', 'gn', 'gseed', 'gscaled', 'grow']);
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
      // The row is picked from TYPICAL_ROWS rows; while the learner drags, from the first PREVIEW_ROWS of them at most
      // (3.3's preview below spends the frame's Monte Carlo budget; two full budgets doubled a drag's work), then from all.
      const fit = sampleCount('gradientSweep', 2 * state.gn, TYPICAL_ROWS, { min: PREVIEW_ROWS });
      const plan = fit.preview ? { samples: Math.min(fit.samples, PREVIEW_ROWS), preview: true } : fit;
      const options = (trials) => ({ dK: state.gdk, n: state.gn, trials, seed: state.gseed, bins: 1 });
      const rows = attempt(part, notices, 'The engine rejected these settings',
        () => timed('gradientSweep', 2 * plan.samples * state.gn, () => engine.gradientDistribution(options(plan.samples))));
      refineLater(part, part.node, rows && plan.preview ? [offStep(engine, 'gradientDistribution', options(TYPICAL_ROWS), (get) => {
        const all = attempt(part, notices, 'The engine rejected these settings', get);
        return Boolean(all && show(state, all));
      })] : []);
      if (rows) show(state, rows);
    },
  };

  /** Draws the row of `rows` (a gradientDistribution) that state.grow names; false when the engine failed. */
  function show(state, rows) {
    const r = attempt(part, notices, 'The engine rejected these settings', () => {
      const at = ROW_QUARTILES.findIndex(([value]) => value === state.grow);
      const options = { dK: state.gdk, n: state.gn, seed: state.gseed, row: rows.jacobian.unscaled.quartileRows[at] };
      const divided = engine.softmaxStats({ ...options, scaled: true }); // the same row; its scale is the engine's 1/√d_k
      const row = state.gscaled ? divided : engine.softmaxStats({ ...options, scaled: false });
      return { row, spread: engine.scaleVariance({ c: divided.scale, values: row.scores }) };
    });
    if (r === null) return false;
    const { row, spread } = r;
    setProse(part.prose, [[
      `Of ${count(rows.trials)} rows of ${state.gn} raw `, term('score', 'scores'), ` (variance `, ...dk(), `), row ${row.row}, the `,
      `${ROW_QUARTILES.find(([v]) => v === state.grow)[1]} by ‖J‖`, state.gscaled ? [', divided by √', ...dk(), '.'] : ['.'],
    ]]);
    scoresChart.set({
      title: state.gscaled ? ['Scores ÷ √', ...dk(), ': the logits'] : 'Raw scores: the logits',
      draw: barChart({ id: 'row-scores', ariaLabel: `Logits fed to the softmax: ${Array.from(row.logits, short).join(', ')}`, values: row.logits,
        labels: index(state.gn), domain: [-maxAbs(row.logits) || -1, maxAbs(row.logits) || 1], color: SERIES.purple, height: 190 }),
    });
    weights.set({
      title: 'Softmax weights',
      draw: barChart({ id: 'row-weights', ariaLabel: `Softmax weights: ${Array.from(row.weights, (w) => precise(w)).join(', ')}`, values: row.weights,
        labels: index(state.gn), domain: [0, 1], color: SERIES.blue, valueText: (w) => fixed(w, 2),
        yTicks: (v) => v.toFixed(1), height: 140 }),
    });
    const variance = state.gscaled ? spread.varCX : spread.varX;
    fill(part.stats, statList('row', [
      ['variance', 'variance of this row’s logits', sig3(variance),
        state.gscaled ? `(raw: ${sig3(spread.varX)})` : `(÷ √${state.gdk} would give ${sig3(spread.varCX)})`, variance],
      ['maxweight', 'largest weight', sig3(row.maxWeight), null, row.maxWeight],
      ['entropy', 'entropy of the weights', sig3(row.entropy), `nats (at most ln ${state.gn} = ${sig3(row.maxEntropy)})`, row.entropy],
      ['jnorm', 'Jacobian norm ‖J‖', sig3(row.jacobianNorm), '(the gradient it passes back)', row.jacobianNorm],
    ]));
    unshown = { row, state };
    jacobianWhenShown(state);
    return true;
  }

  /** The Jacobian heatmap, its colours spanning its own largest entry so that a nearly one-hot row still shows its pattern. */
  function drawJacobian(row, state) {
    const largest = maxAbs(row.jacobian);
    setProse(jacobianProse, [[
      'Entry (i, j) of diag(p) − p pᵀ says how much weight i moves when logit j is nudged; every gradient from the weights ',
      'to the scores goes through it. For a nearly ', term('onehot', 'one-hot'), ' row it is nearly zero: all but the winner’s weights are tiny, ',
      'and the winner’s is pinned near 1.',
    ]]);
    placeHeatmaps(jacobianBox, [{ id: 'jacobian', title: ['Jacobian diag(p) − p pᵀ'], values: row.jacobian, rows: state.gn, cols: state.gn,
      rowLabels: index(state.gn), colLabels: index(state.gn), rowAxis: 'weight i', colAxis: 'logit j', palette: 'diverging',
      domain: largest || 1, size: JACOBIAN_PX,
      note: `Colours span ±${sig3(largest)}, this row’s largest entry; no entry of any row can pass 0.25.` }]);
  }
}
