// Lesson 5.2's "Go deeper": the Monte Carlo over H drawn as two charts (per-head variance of the scaled scores and
// the mean largest weight, for the three scalings) and the numbers at the largest H, as engine.multiHeadSweep
// returns them.
import { el } from '../../dom.js';
import { chartBox } from '../../charts/chart-box.js';
import { xyChart, xyLegend } from '../../charts/xy-chart.js';
import { plusMinus as pm } from '../../format.js';
import { statList, fill } from '../kit/parts.js';
import { SCALINGS, SWEEP_SAMPLES, SWEEP_TOKENS } from './common.js';

/** "0.98 ± 0.024": the engine's mean of `field` for scaling `s` at index `i`, with its standard error. */
export const plusMinus = (sweep, s, field, i) => pm(sweep[s][field][i], sweep[s][`${field}StdError`][i]);
/** The same for the raw per-head score variance. */
export const rawPlusMinus = (sweep, i) => pm(sweep.scoreVariance[i], sweep.scoreVarianceStdError[i]);

/** The charts and numbers of the sweep. Returns { node, paint(sweep, state) }. */
export function sweepCharts() {
  const variance = chartBox({ id: 'heads-variance', kind: 'xy', maxWidth: 620 });
  const sharp = chartBox({ id: 'heads-sharpness', kind: 'xy', maxWidth: 620 });
  const stats = el('div', { className: 'part-stats' });
  const node = el('div', {}, el('div', { className: 'figure-row chart-row' }, variance.node, sharp.node), stats);
  return {
    node,
    paint(sweep, state) {
      const x = Array.from(sweep.heads);
      const band = (s, field) => ({ id: `${s.id}-band`, label: `± 1 standard error`, kind: 'band', x, color: s.color,
        y: Array.from(sweep[s.id][field], (v, i) => v - sweep[s.id][`${field}StdError`][i]), // drawn only: the engine's estimate ± its standard error
        y2: Array.from(sweep[s.id][field], (v, i) => v + sweep[s.id][`${field}StdError`][i]) });
      const line = (s, field) => ({ id: s.id, label: `÷ ${s.short}`, kind: 'line', marker: true, symbol: s.symbol, dash: s.dash, color: s.color,
        x, y: sweep[s.id][field], width: s.id === state.hscale ? 3 : 1.8 });
      const vSeries = SCALINGS.map((s) => line(s, 'scaledScoreVariance'));
      const mSeries = SCALINGS.map((s) => line(s, 'maxWeight'));
      const mBands = SCALINGS.map((s) => band(s, 'maxWeight'));
      variance.set({ title: 'Per-head variance of the scaled scores', legend: xyLegend(vSeries),
        note: `${sweep.samples < SWEEP_SAMPLES ? 'Preview: ' : ''}${sweep.samples} samples of ${SWEEP_TOKENS} random tokens `
          + `at d_model = ${state.hdmodel} for each H; the √dₖ line stays at 1, the √d_model line falls like 1/H.`,
        draw: xyChart({ id: 'heads-variance', ariaLabel: `Per-head variance of the scaled scores against H for the three scalings, d_model = ${state.hdmodel}`,
          xLabel: 'heads H (log scale)', yLabel: 'variance (log scale)', xScale: 'log', yScale: 'log', xTicks: x, series: vSeries, height: 260 }) });
      sharp.set({ title: 'Per-head sharpness: the mean largest weight of a row', legend: xyLegend(mSeries),
        note: `1/${SWEEP_TOKENS} would be uniform weights over ${SWEEP_TOKENS} tokens and 1 one-hot; the shaded bands are ± 1 standard error.`,
        draw: xyChart({ id: 'heads-sharpness', ariaLabel: `Mean largest weight per head against H for the three scalings, d_model = ${state.hdmodel}`,
          xLabel: 'heads H (log scale)', yLabel: 'mean largest weight', xScale: 'log', yDomain: [0, 1], xTicks: x,
          series: [...mBands, ...mSeries], height: 260 }) });
      const last = x.length - 1;
      fill(stats, statList('heads-sweep', [
        ['h', 'largest H that divides d_model', String(x[last]), `(dₖ = ${sweep.dK[last]})`, x[last]],
        ['rawvar', 'raw per-head score variance there', rawPlusMinus(sweep, last), `(about dₖ = ${sweep.dK[last]})`, sweep.scoreVariance[last]],
        ['dkvar', 'after ÷ √dₖ', plusMinus(sweep, 'dk', 'scaledScoreVariance', last), null, sweep.dk.scaledScoreVariance[last]],
        ['dmodelvar', 'after ÷ √d_model', plusMinus(sweep, 'dmodel', 'scaledScoreVariance', last),
          `(about 1/H = 1/${x[last]})`, sweep.dmodel.scaledScoreVariance[last]],
        ['dkmax', 'mean largest weight, ÷ √dₖ', plusMinus(sweep, 'dk', 'maxWeight', last), null, sweep.dk.maxWeight[last]],
        ['dmodelmax', 'mean largest weight, ÷ √d_model', plusMinus(sweep, 'dmodel', 'maxWeight', last), null, sweep.dmodel.maxWeight[last]],
        ['nonemax', 'mean largest weight, not scaled', plusMinus(sweep, 'none', 'maxWeight', last), null, sweep.none.maxWeight[last]],
      ]));
    },
  };
}
