// Lesson 3.3 (in "Go deeper"): the gradient over every d_k from 1 to 4096. engine.gradientSweep gives, for the same
// random rows raw and divided by √d_k, the mean, median and quartiles of the Jacobian norm and the share of rows below
// the threshold; a long sweep is computed a few d_k at a time (progressive.js).
import { el } from '../../dom.js';
import { parsedInput } from '../../controls.js';
import { chartBox } from '../../charts/chart-box.js';
import { xyChart, xyLegend } from '../../charts/xy-chart.js';
import { SERIES } from '../../charts/palette.js';
import { sig3, percent, count, milliseconds } from '../../format.js';
import { partPanel, setProse, statList, fill, refill, watcher, dk, attempt, noticeBox } from '../kit/parts.js';
import { sampleCount, estimateMs, timed, refineLater, offStep, joinPieces, pieces, sampleLabel } from '../kit/progressive.js';
import { SWEEP_DKS, REPORT_DKS, POW2_TICKS, NEAR_ZERO } from './common.js';

// A full sweep estimated above this many milliseconds is computed a few d_k at a time, one engine call per task (the
// rows of one d_k do not depend on the other d_k of the call, so the pieces join into the same result).
const SWEEP_PIECE_MS = 60;

export function sweepPart(engine, store, number) {
  const part = partPanel({ id: 'gradient', number, title: 'Every dₖ from 1 to 4096: mean, median and quartiles of ‖J‖' });
  const { box, notices } = noticeBox();
  const problem = (text) => (text ? notices.show('input', text) : notices.clear('input'));
  const trials = parsedInput(store, 'gtrials', 'Random rows per dₖ (here and in the histograms)', { number: true, step: '100', onProblem: problem });
  fill(part.controls, el('div', { className: 'panel control-panel' },
    el('p', { className: 'control-hint' }, 'The row length n and the seed are those of the random row above.'),
    el('div', { className: 'control-grid' }, trials.node), box));
  const chart = chartBox({ id: 'gradient', kind: 'xy', maxWidth: 720 });
  const time = el('p', { className: 'sweep-time' });
  const label = sampleLabel();
  const verdict = el('div', { className: 'verdict', attrs: { 'aria-live': 'polite' } });
  fill(part.figures, label.node, time, el('div', { className: 'figure-row chart-row' }, chart.node), verdict);
  const changed = watcher(store, ['gn', 'gseed', 'gtrials']);

  const perTrial = (state) => 2 * SWEEP_DKS.length * state.gn; // the engine's own work measure for the normal model
  /** The sweep over `dKs` with `count` rows per d_k, and the milliseconds it took; null (and a notice) on failure. */
  const options = (state, dKs, count) => ({ dKs, n: state.gn, trials: count, seed: state.gseed });
  const measure = (state, dKs, count) => attempt(part, notices, 'The engine rejected these settings', () => {
    const t0 = performance.now(); // timing only
    const g = timed('gradientSweep', (count * perTrial(state) * dKs.length) / SWEEP_DKS.length,
      () => engine.gradientSweep(options(state, dKs, count)));
    return { g, elapsed: performance.now() - t0 };
  });
  /** A piece of the full sweep in a background engine (when there is one): its result, and the time the engine took. */
  const measured = (get, ms) => attempt(part, notices, 'The engine rejected these settings', () => ({ g: get(), elapsed: ms }));

  return {
    node: part.node,
    render(state) {
      trials.sync(state);
      if (!changed(state)) return;
      // While the learner drags, fewer rows per d_k (the first rows of the full run: the draws are nested).
      const plan = sampleCount('gradientSweep', perTrial(state), state.gtrials, { min: Math.min(10, state.gtrials) });
      const now = measure(state, SWEEP_DKS, plan.samples);
      const steps = [];
      if (now && plan.preview) {
        const estimate = estimateMs('gradientSweep', state.gtrials * perTrial(state));
        const size = Math.max(1, Math.ceil(SWEEP_DKS.length / Math.ceil(estimate / SWEEP_PIECE_MS)));
        const groups = pieces(SWEEP_DKS, size);
        const done = [];
        for (const dKs of groups) {
          steps.push(offStep(engine, 'gradientSweep', options(state, dKs, state.gtrials), (get, ms) => {
            const piece = measured(get, ms);
            if (piece) done.push(piece);
            if (piece && done.length === groups.length) {
              draw(state, joinPieces(done.map((d) => d.g), 'dKs'), done.reduce((t, d) => t + d.elapsed, 0));
            }
            return Boolean(piece);
          }));
        }
      }
      refineLater(part, part.node, steps);
      if (now) draw(state, now.g, now.elapsed);
    },
  };

  /** Draws a sweep of g.trials rows per d_k that took `elapsed` ms (in one call or several). */
  function draw(state, g, elapsed) {
    label.set({ samples: g.trials, full: state.gtrials, unit: 'rows per dₖ' });
    const dKs = Array.from(g.dKs ?? SWEEP_DKS);
    refill(time, `${count(g.trials)} rows of ${state.gn} logits at each of ${dKs.length} values of `, ...dk(), ', in ',
      el('strong', { dataset: { ms: elapsed } }, milliseconds(elapsed)), '.'); // only the digits this browser's clock resolves
    const top = g.ratio.reduce((best, r, i) => (r > g.ratio[best] ? i : best), 0); // where the raw mean is largest against the scaled
    setProse(part.prose, [[
      'Each point is a mean or a median over the same rows, raw and ÷ √', ...dk(),
      ', so the gap between the curves is the scaling alone; the shaded band holds ',
      'the middle half of the raw rows. Scaled, every ', ...dk(), ' gives the same spread of logits, so its curves are level. ',
      'Raw, the median falls far faster than the mean: the mean is carried by the few near-tie rows.',
    ], g.ratio[top] > 1 ? [
      `At small `, ...dk(), ` the raw mean even sits above the scaled one (${sig3(g.ratio[top])}× at `, ...dk(), ` = ${dKs[top]}): `,
      `the scaled logits, of variance 1, are flatter than the sharpness at which ‖J‖ is largest, and the raw ones, of variance ${dKs[top]}, sit closer to it.`,
    ] : []]);
    const series = [
      { id: 'unscaled-band', label: 'raw: middle half of the rows', kind: 'band', x: dKs, y: g.unscaled.quartile1, y2: g.unscaled.quartile3,
        color: SERIES.vermillion },
      { id: 'unscaled', label: 'raw: mean', kind: 'line', marker: true, x: dKs, y: g.unscaled.meanNorm, color: SERIES.vermillion, symbol: 'circle' },
      { id: 'unscaled-median', label: 'raw: median', kind: 'line', x: dKs, y: g.unscaled.medianNorm, color: SERIES.vermillion, dash: '2 3' },
      { id: 'scaled', label: '÷ √dₖ: mean', kind: 'line', marker: true, x: dKs, y: g.scaled.meanNorm, color: SERIES.blue, symbol: 'square', dash: '7 3' },
      { id: 'scaled-median', label: '÷ √dₖ: median', kind: 'line', x: dKs, y: g.scaled.medianNorm, color: SERIES.blue, dash: '2 3' },
    ];
    chart.set({ title: 'Jacobian norm ‖J‖ against dₖ (log–log)', legend: xyLegend(series),
      draw: xyChart({ id: 'gradient',
        ariaLabel: 'Mean, median and quartiles of the softmax Jacobian norm against d_k on log–log axes, for raw and for scaled logits',
        xLabel: 'dₖ (log scale)', yLabel: '‖J‖ (log scale)', xScale: 'log', yScale: 'log', xTicks: POW2_TICKS, series, height: 320 }) });

    const at = (d) => dKs.indexOf(d);
    refill(verdict, REPORT_DKS.filter((d) => at(d) >= 0).map((d) => {
      const i = at(d);
      const strong = (key, value, text) => el('strong', { dataset: { stat: `${key}${d}`, value } }, text);
      return el('p', { dataset: { report: d } }, 'At ', ...dk(), ` = ${d}, raw: mean ‖J‖ `,
        strong('unscaled', g.unscaled.meanNorm[i], sig3(g.unscaled.meanNorm[i])), ', which is ', strong('ratio', g.ratio[i], percent(g.ratio[i])),
        ` of the scaled ${sig3(g.scaled.meanNorm[i])}; median `, strong('median', g.unscaled.medianNorm[i], sig3(g.unscaled.medianNorm[i])),
        ` against ${sig3(g.scaled.medianNorm[i])}; `, strong('below', g.unscaled.fractionBelow[i], percent(g.unscaled.fractionBelow[i])),
        ` of the rows below ${NEAR_ZERO}.`);
    }));
    const last = dKs.length - 1;
    fill(part.stats, statList('gradient', [
      ['first', `mean ‖J‖ at dₖ = ${dKs[0]} (both curves)`, sig3(g.scaled.meanNorm[0]), null, g.scaled.meanNorm[0]],
      ['lastunscaled', `raw mean at dₖ = ${dKs[last]}`, sig3(g.unscaled.meanNorm[last]), `(median ${sig3(g.unscaled.medianNorm[last])})`,
        g.unscaled.meanNorm[last]],
      ['lastscaled', `scaled mean at dₖ = ${dKs[last]}`, sig3(g.scaled.meanNorm[last]), `(median ${sig3(g.scaled.medianNorm[last])})`, g.scaled.meanNorm[last]],
    ]));
  }
}
