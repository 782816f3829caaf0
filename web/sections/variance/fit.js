// Lesson 2, "Go deeper": how well the straight line fits. The sweep of part 2 on log–log axes, how the engine
// computes it, why one sample's slope sits near (not on) the theory, and the time the engine took. It draws the
// result part 2 computed (shared.sweep) and calls the engine for nothing new.
import { el } from '../../dom.js';
import { chartBox } from '../../charts/chart-box.js';
import { xyChart, xyLegend } from '../../charts/xy-chart.js';
import { SERIES } from '../../charts/palette.js';
import { precise, milliseconds, sig3, plusMinus } from '../../format.js';
import { partPanel, setProse, statList, fill, refill } from '../kit/parts.js';


export function fitPart(engine, store, number) {
  const part = partPanel({ id: 'fit', number, title: 'How well does the straight line fit?' });
  const loglog = chartBox({ id: 'sweep-loglog', kind: 'xy' });
  const time = el('p', { className: 'sweep-time', attrs: { 'aria-live': 'polite' } });
  fill(part.figures, time, loglog.node);
  let drawn = null;

  return {
    node: part.node,
    render(state, shared) {
      if (!shared.sweep || shared.sweep === drawn) return;
      drawn = shared.sweep;
      const { sweep, elapsed, name, zeroMean } = shared.sweep;
      const { vectors, maxDim, pairs } = sweep;
      const allPairs = `${pairs === 1 ? 'the one pair' : `all ${pairs} pairs`} of ${vectors} vectors`;
      const last = sweep.dims.length - 1;
      refill(time, 'The engine swept d = 1 … ', String(maxDim), ` over ${allPairs}`,
        ' in ', el('strong', { dataset: { sweepTime: '', ms: elapsed } }, milliseconds(elapsed)),
        sweep.computeMs !== undefined ? ` (${milliseconds(sweep.computeMs)} of it inside the engine’s loop)` : '', '.');
      setProse(part.prose, [[
        'Going from d to d + 1 adds one product to every score, so the engine keeps the table of all pairwise scores and adds ',
        'one term per dimension; the least-squares line is the engine’s too.',
      ], [
        zeroMean
          ? `With zero-mean entries two pairs that share a vector are uncorrelated: for ${allPairs} the engine expects a slope of `
            + `${sig3(sweep.expectedSlope)}, the theory’s ${sig3(sweep.theorySlope)} less 1/${pairs} of it `
            + '(the variance is taken over the pairs themselves). '
          : `With entries ${name} the mean is not zero, and two pairs that share a vector rise and fall together: for ${allPairs} `
            + `the engine expects a slope of ${sig3(sweep.expectedSlope)}, below the theory’s ${sig3(sweep.theorySlope)}. `,
        `This sample’s least-squares slope is ${sig3(sweep.slope)}. One sample of ${vectors} vectors pins the variance down only roughly `,
        `(at dₖ = ${sweep.dims[last]} it measured ${sig3(sweep.variance[last])}, where the engine expects `,
        `${plusMinus(sweep.expectedVariance[last], sweep.expectedVarianceSd[last])} `,
        'across samples), so another seed moves the slope. The band on the linear chart above is that spread, ± 1 standard deviation.',
      ]]);
      const series = [
        { id: 'variance', label: 'measured variance', kind: 'points', x: sweep.dims, y: sweep.variance, color: SERIES.blue, symbol: 'circle' },
        { id: 'fit', label: 'least-squares line (engine)', kind: 'line', x: sweep.dims, y: sweep.fitted, color: SERIES.vermillion },
        { id: 'theory', label: `theory, d × ${sig3(sweep.theorySlope)}`, kind: 'line', x: sweep.dims, y: sweep.theoryVariance,
          color: 'currentColor', dash: '6 4', width: 1.6 },
      ];
      loglog.set({ title: 'Log–log axes: a straight line of slope 1 means “proportional to dₖ”', legend: xyLegend(series),
        note: 'Any power law is straight on log–log axes, and variance ∝ dₖ has slope 1. The fitted line has an intercept, '
          + 'so it bends away at small dₖ.',
        draw: xyChart({ id: 'sweep-loglog',
          ariaLabel: `Variance of the scores against dₖ from 1 to ${maxDim}, log–log axes; `
            + `fitted slope ${precise(sweep.slope)} per dimension, theory ${precise(sweep.theorySlope)}`,
          xLabel: 'dₖ (log scale)', yLabel: 'variance (log scale)', xScale: 'log', yScale: 'log', series }) });
      fill(part.stats, statList('fit', [
        ['intercept', 'fitted intercept', sig3(sweep.intercept), null, sweep.intercept],
        ['expected', `expected slope for all pairs of ${vectors} vectors`, sig3(sweep.expectedSlope),
          zeroMean ? `(theory less a share of 1/${pairs})` : `(theory less 1/${pairs} and the shared-vector effect)`,
          sweep.expectedSlope],
        ['loglog', 'slope on log–log axes', sig3(sweep.logLogSlope), '(1 means proportional to dₖ)', sweep.logLogSlope],
        ['expectedvar', `expected variance at dₖ = ${sweep.dims[last]} (± sd across samples)`,
          plusMinus(sweep.expectedVariance[last], sweep.expectedVarianceSd[last]), '(prediction)', sweep.expectedVariance[last]],
      ]));
    },
  };
}
