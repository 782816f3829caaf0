// Lesson 2, "Go deeper": entries whose mean is not zero, such as the source's uniform [0, 1). The mean score drifts
// (d·μ², still √d·μ² after 1/√d), but the drift is common to a whole row, which the softmax ignores; the spread
// within a row, ‖q‖²σ², grows in proportion to dₖ and 1/√dₖ levels it. It draws the two sweeps of part 2 (their
// row statistics come from the engine) and asks the engine's softmax whether a shifted row changes its weights.
import { el } from '../../dom.js';
import { chartBox } from '../../charts/chart-box.js';
import { xyChart, xyLegend } from '../../charts/xy-chart.js';
import { SERIES } from '../../charts/palette.js';
import { sig3 } from '../../format.js';
import { term } from '../../glossary.js';
import { partPanel, setProse, statList, fill, attempt, noticeBox } from '../kit/parts.js';
import { TeX } from '../../math.js';

const SHIFT_SCORES = 8; // scores of the shift check: a short row is enough to show the weights do not move

const theoryLine = (id, label, x, y) => ({ id, label, kind: 'line', x, y, color: 'currentColor', dash: '6 4', width: 1.6 });

export function uniformPart(engine, store, number) {
  const part = partPanel({ id: 'uniform', number, title: 'Entries with a mean: the drift the softmax never sees',
    formula: TeX`\operatorname{Var}_j(q\cdot k_j) = \lVert q\rVert^2\sigma^2` });
  const { box, notices } = noticeBox();
  const toggle = el('button', { type: 'button', className: 'control-button', dataset: { action: 'entries' } });
  toggle.addEventListener('click', () => store.set({ vdist: store.get().vdist === 'uniform' ? 'stdnormal' : 'uniform' }));
  fill(part.controls, el('div', { className: 'preset-row' }, toggle), box);

  const rows = chartBox({ id: 'row-spread', kind: 'xy' });
  const rawMean = chartBox({ id: 'sweep-mean', kind: 'xy' });
  const scaledMean = chartBox({ id: 'scaled-mean', kind: 'xy' });
  fill(part.figures, rows.node, el('div', { className: 'figure-row chart-row' }, rawMean.node, scaledMean.node));
  let drawn = null;

  return {
    node: part.node,
    render(state, shared) {
      toggle.textContent = state.vdist === 'uniform' ? 'Back to standard normal entries' : 'Use the source’s uniform [0, 1) entries';
      if (!shared.sweep || !shared.scaled || !shared.histograms) return;
      if (drawn && drawn.sweep === shared.sweep && drawn.histograms === shared.histograms) return;
      drawn = { sweep: shared.sweep, histograms: shared.histograms };
      const { sweep: raw, name, zeroMean } = shared.sweep;
      const { sweep: scaled } = shared.scaled;
      const last = raw.dims.length - 1;
      const dMax = raw.dims[last];

      // The softmax of a few scores ÷√d, and of the same scores minus their mean: the engine's largest difference.
      const { results } = shared.histograms;
      const h = results[results.length - 1];
      const check = attempt(part, notices, 'The engine rejected the shift check', () => engine.boltzmann({
        scores: Array.from(h.values.subarray(0, SHIFT_SCORES)), betas: [1 / Math.sqrt(h.dim)], shift: -h.mean }));

      const uniform = state.vdist === 'uniform';
      setProse(part.prose, [[
        'The source draws every entry uniformly from [0, 1), whose mean μ = ½ is not zero. Then the average ',
        term('score'), ' grows too, like dₖμ², and dividing by √dₖ leaves √dₖ·μ², still growing: ',
        zeroMean ? `with the entries chosen now (${name}) μ = 0 and the mean stays near zero; press the button to see the drift.`
          : `with entries ${name} the engine’s mean score at dₖ = ${dMax} is ${sig3(raw.mean[last])}, `
            + `and ${sig3(scaled.mean[last])} after dividing (lower charts).`,
      ], [
        'The drift never reaches the weights. Fix one query q and write each key as μ + (k − μ): every score in q’s row ',
        'then contains the same q·μ, and a softmax ignores a constant added to a whole row (Lesson 4 shows why). ',
        // The engine subtracts the raw scores' mean, then multiplies by 1/√d_k (boltzmann's shift, then β): say it in that order.
        check ? `The engine checks it on ${SHIFT_SCORES} scores at dₖ = ${h.dim}: taking the mean raw score ${sig3(h.mean)} off every one `
          + `before dividing by √dₖ moves no weight by more than ${sig3(check.maxShiftChange)}. ` : '',
      ], [
        'What the softmax sees is the spread within one row, ‖q‖²σ², which averages dₖ·E[qᵢ²]·σ² over queries: ',
        `${sig3(raw.theoryRowSlope)} per unit of dₖ${uniform ? ' (1/3 · 1/12 = 1/36 for uniform entries)' : ''}, against `,
        `${sig3(raw.theorySlope)} for the variance over all pairs, which also counts how the offsets q·μ differ from query to query. `,
        'It grows in proportion to dₖ all the same, so dividing by √dₖ levels exactly what the softmax sees (upper chart), ',
        'whether or not the mean is zero. One sample pins it down only roughly: another seed moves the points.',
      ]]);

      const rowSeries = [
        { id: 'allpairs', label: 'over all pairs', kind: 'points', x: scaled.dims, y: scaled.variance, color: SERIES.blue, symbol: 'circle' },
        { id: 'row', label: 'within one row (mean over queries)', kind: 'points', x: scaled.dims, y: scaled.rowVariance,
          color: SERIES.green, symbol: 'square' },
        theoryLine('theory', `theory, all pairs ${sig3(scaled.theorySlope)}`, scaled.dims, scaled.theoryVariance),
        { ...theoryLine('rowtheory', `theory, one row ${sig3(scaled.theoryRowSlope)}`, scaled.dims, scaled.theoryRowVariance), dash: '2 3' },
      ];
      rows.set({ title: 'After dividing by √dₖ: variance over all pairs and within one row', legend: xyLegend(rowSeries),
        draw: xyChart({ id: 'row-spread',
          ariaLabel: `Variance of the scores divided by √dₖ, over all pairs and within one query's row, against dₖ, entries ${name}`,
          xLabel: 'dₖ', yLabel: 'variance of q · k / √dₖ', series: rowSeries, yFromZero: true, height: 260 }) });
      const meanSeries = (s, theory) => [
        { id: 'mean', label: 'measured mean', kind: 'points', x: s.dims, y: s.mean, color: SERIES.orange, symbol: 'square' },
        theoryLine('theory', theory, s.dims, s.theoryMean),
      ];
      const rawSeries = meanSeries(raw, 'theory, dₖ × μ²');
      const scaledSeries = meanSeries(scaled, 'theory, √dₖ × μ²');
      rawMean.set({ title: 'Mean of q · k', legend: xyLegend(rawSeries),
        draw: xyChart({ id: 'sweep-mean', ariaLabel: `Mean of the scores against dₖ from 1 to ${dMax}, entries ${name}`, xLabel: 'dₖ',
          yLabel: 'mean of q · k', series: rawSeries, yFromZero: true, height: 240 }) });
      scaledMean.set({ title: 'Mean of q · k / √dₖ', legend: xyLegend(scaledSeries),
        draw: xyChart({ id: 'scaled-mean', ariaLabel: `Mean of the scores divided by √dₖ against dₖ, entries ${name}`, xLabel: 'dₖ',
          yLabel: 'mean of q · k / √dₖ', series: scaledSeries, yFromZero: true, height: 240 }) });

      fill(part.stats, statList('uniform', [
        ['mean', `mean score at dₖ = ${dMax}`, sig3(raw.mean[last]), `(theory ${sig3(raw.theoryMean[last])})`, raw.mean[last]],
        ['scaledmean', 'its mean after ÷√dₖ', sig3(scaled.mean[last]), `(theory ${sig3(scaled.theoryMean[last])})`, scaled.mean[last]],
        ['rowvar', 'after ÷√dₖ, variance within one row', sig3(scaled.rowVariance[last]),
          `(expected for ${raw.vectors - 1} keys: ${sig3(scaled.expectedRowVariance[last])})`, scaled.rowVariance[last]],
        ['between', 'after ÷√dₖ, variance of the rows’ means', sig3(scaled.rowMeanVariance[last]), '(offsets the softmax ignores)',
          scaled.rowMeanVariance[last]],
        ['allpairs', 'after ÷√dₖ, variance over all pairs', sig3(scaled.variance[last]), '(the two lines above added)', scaled.variance[last]],
        ['rowslope', 'fitted slope of the within-row variance after ÷√dₖ', sig3(scaled.rowSlope), '(0 would be level)', scaled.rowSlope],
        check ? ['shift', 'largest change of a weight after the shift', sig3(check.maxShiftChange), '(rounding only)', check.maxShiftChange] : null,
      ]));
    },
  };
}
