// Lesson 5.2: the scale each head needs. The learner predicts what √d_model does, then sees this sentence's heads
// under the three scalings (engine.multiHeadExample's comparison) and the engine's averages over random tokens at
// their d_model and H (engine.multiHeadSweep, refined progressively); the sweep over every H is one click deeper.
import { el } from '../../dom.js';
import { deeper } from '../kit/lesson.js';
import { sig3 } from '../../format.js';
import { partPanel, setProse, statList, fill, refill, watcher, dk, attempt, tooltip, noticeBox } from '../kit/parts.js';
import { timed, sampleLabel, measureProgressively } from '../kit/progressive.js';
import { HEADS, SCALINGS, SWEEP_SAMPLES, SWEEP_TOKENS, dmodel, divides } from './common.js';
import { sweepCharts, plusMinus, rawPlusMinus } from './sweep.js';
import { flatterQuestion } from './question.js';
import { TeX } from '../../math.js';

export function scalingPart(engine, store, number) {
  const part = partPanel({ id: 'scaling', number, title: 'Each head’s scale: √dₖ, √d_model or none',
    formula: TeX`\operatorname{Var}\Big(\frac{q_h\cdot k_h}{\sqrt{d_{\text{model}}}}\Big) = \frac{d_k}{d_{\text{model}}} = \frac{1}{H}` });
  const { box, notices } = noticeBox();
  const table = el('div', { className: 'scaling-table' });
  const label = sampleLabel();
  const averages = el('div', {});
  const answer = el('div', { className: 'scaling-answer' }, table, el('div', {}, label.node, averages)); // covered until the learner predicts
  const charts = sweepCharts();
  const more = deeper(store, 'hdeep', 'sweep', 'Every H at once: variance and sharpness against the number of heads', charts.node);
  let sweep = null;
  let shown = null; // { r, state } last drawn: the full sweep, when it arrives, is drawn with the settings of that moment
  const ask = flatterQuestion(() => ({ r: shown?.r ?? null, sweep, state: shown?.state ?? null }), answer);
  fill(part.controls, ask.node);
  fill(part.figures, box, answer);
  fill(part.stats, more.node);

  const sweepChanged = watcher(store, ['hdmodel', 'hseed']); // the engine runs the sweep again
  const redraw = watcher(store, ['hdmodel', 'hseed', 'hscale', 'hheads']); // the numbers at H and the chosen scaling
  // The work of one sample: its tokens, W_q and W_k, both projections, and every H's scores under three scalings.
  const workPerSample = (dModel, hs) => 2 * dModel * dModel * (SWEEP_TOKENS + 1) + hs.length * 3 * SWEEP_TOKENS * SWEEP_TOKENS * dModel;
  const options = (state, hs, samples) => ({ dModel: state.hdmodel, heads: hs, tokens: SWEEP_TOKENS, samples, seed: state.hseed });
  // call: the engine call itself, or (a full run in a background engine) what it answered.
  const measure = (state, hs, samples, call = () => engine.multiHeadSweep(options(state, hs, samples))) => attempt(part, notices,
    'The engine could not run the sweep over H', () => timed('multiHeadSweep', samples * workPerSample(state.hdmodel, hs), call));

  return {
    node: part.node,
    sync: (state) => more.sync(state),
    render(r, state) {
      shown = { r, state };
      let fresh = redraw(state);
      if (fresh && (sweepChanged(state) || !sweep)) {
        const hs = HEADS.filter((h) => divides(h, state.hdmodel));
        let next = null;
        // The samples are nested: the preview's are the first of the full run's.
        measureProgressively(part, { engine, kind: 'multiHeadSweep', options: (samples) => options(state, hs, samples),
          perSample: workPerSample(state.hdmodel, hs), full: SWEEP_SAMPLES }, (samples, call) => measure(state, hs, samples, call), (result, { later }) => {
          sweep = result;
          if (later) paint(shown.r, shown.state, true);
          else next = result;
        });
        if (!next) fresh = false; // the last sweep stays on screen, dimmed
      }
      paint(r, state, fresh && sweep !== null);
    },
  };

  /** The prose, the question and the table of this sentence; with `averages`, the sweep's numbers and charts too. */
  function paint(r, state, withSweep) {
    setProse(part.prose, [[
      'A head’s raw scores add up ', ...dk(), ' products, so their variance is about ', ...dk(), '. Dividing by √', ...dk(), ' brings every head to about 1; ',
      'dividing by √', ...dmodel(), ' leaves only ', ...dk(), '/', ...dmodel(), ' = 1/H. No scaling keeps ', ...dk(), '.',
    ]]);
    ask.render(state);
    const cell = (v, key) => el('td', { className: 'num', dataset: { stat: key, value: v }, attrs: tooltip(v, sig3(v)) }, sig3(v));
    refill(table, el('p', { className: 'table-title' }, `Your sentence: each head’s mean largest weight (uniform: 1/${r.tokens.length})`),
      el('div', { className: 'table-scroll' }, el('table', { className: 'examples', dataset: { table: 'scaling' } },
        el('thead', {}, el('tr', {}, el('th', { attrs: { scope: 'col' } }, 'head'),
          SCALINGS.map((s) => el('th', { attrs: { scope: 'col' }, className: s.id === state.hscale ? 'chosen' : '' }, `÷ ${s.short}`)))),
        el('tbody', {}, Array.from({ length: r.heads }, (_, h) => el('tr', { dataset: { head: h + 1 } }, el('th', { attrs: { scope: 'row' } }, String(h + 1)),
          SCALINGS.map((s) => cell(r.comparison[s.id].maxWeight[h], `${s.id}max${h + 1}`))))))));

    if (!withSweep) return;
    const i = Array.from(sweep.heads).indexOf(r.heads);
    label.set({ samples: sweep.samples, full: SWEEP_SAMPLES, unit: `samples of ${SWEEP_TOKENS} random tokens, per head at H = ${r.heads}` });
    fill(averages, statList('heads-scaling', [
      ['rawvar', 'raw score variance', rawPlusMinus(sweep, i), `(dₖ = ${sweep.dK[i]})`, sweep.scoreVariance[i]],
      ['dkvar', 'after ÷ √dₖ', plusMinus(sweep, 'dk', 'scaledScoreVariance', i), null, sweep.dk.scaledScoreVariance[i]],
      ['dmodelvar', 'after ÷ √d_model', plusMinus(sweep, 'dmodel', 'scaledScoreVariance', i),
        `(dₖ/d_model = ${sweep.dK[i]}/${sweep.dModel})`, sweep.dmodel.scaledScoreVariance[i]],
    ]));
    charts.paint(sweep, state);
  }
}
