// Lesson 2: dot products of longer vectors spread wider. Worked examples, histograms of random pairs, the
// variance sweep over d with the engine's fitted line, the same sweep after 1/√d, and Var(cX) = c²·Var(X).
// Every number shown comes from one engine call per part; this module picks, labels and lays them out.
import { el, clear } from '../dom.js';
import { createNotices } from '../notices.js';
import { checkbox, select, parsedInput, logSlider, slider } from '../controls.js';
import { chartBox } from '../charts/chart-box.js';
import { xyChart, xyLegend } from '../charts/xy-chart.js';
import { histogram } from '../charts/histogram.js';
import { SERIES } from '../charts/palette.js';
import { precise } from '../format.js';
import { partPanel, setProse, statList, fill, watcher, message, attempt, mountParts } from './parts.js';

export const LESSON = {
  id: 'variance', number: 2, title: 'Dot products grow with dimension', mount,
  // <attention-variance dims="3,100,1000" distribution="uniform">: friendlier names next to the link keys
  attributes: { dims: 'vdims', distribution: 'vdist', mean: 'vmean', std: 'vstd', seed: 'vseed', maxdim: 'vmaxdim', vectors: 'vvectors', c: 'vc' },
  announce: ['sweep:slope', 'sweep:variance', 'scalecheck:varcx'], // read out by the live region when they change
};

const PAIRS = 1000; // random pairs per histogram, as in the source experiment
const BINS = 30; // histogram bins: a display choice
const PANEL_COLORS = [SERIES.green, SERIES.blue, SERIES.vermillion, SERIES.purple, SERIES.orange, SERIES.sky];

// The worked examples of the source texts: the same pattern made longer, then two sets of three pairs.
const GROWING = [[[1, 2], [3, 4]], [[1, 2, 3, 4], [3, 4, 5, 6]], [[1, 2, 3, 4, 5, 6], [3, 4, 5, 6, 7, 8]]];
const SETS = [
  { d: 2, pairs: [[[1, 2], [2, 3]], [[1, 4], [5, 6]], [[8, 9], [10, 2]]] },
  { d: 3, pairs: [[[1, 2, 3], [3, 2, 1]], [[3, 4, 5], [6, 7, 8]], [[10, 9, 11], [8, 7, 6]]] },
];

const vec = (v) => `[${v.join(', ')}]`;
const ms = (t) => (t < 10 ? t.toFixed(2) : t.toFixed(1));
const long = (v) => (Number.isFinite(v) ? Number(v.toPrecision(10)).toString().replace('-', '\u2212') : precise(v));

/** The engine's options for the chosen distribution, and how the page names it. */
export function distributionOf(state) {
  if (state.vdist === 'uniform') return { options: { distribution: 'uniform' }, name: 'uniform on [0, 1)', zeroMean: false };
  if (state.vdist === 'stdnormal') return { options: { distribution: 'normal', mean: 0, std: 1 }, name: 'standard normal N(0, 1)', zeroMean: true };
  return { options: { distribution: 'normal', mean: state.vmean, std: state.vstd },
    name: `normal with μ = ${state.vmean}, σ = ${state.vstd}`, zeroMean: state.vmean === 0 };
}

function intro() {
  return [
    el('p', {}, 'An attention score is a dot product: multiply the query and the key entry by entry, then add up the ',
      'products. Each extra dimension adds one more term, so with entries of a similar size the total drifts further from ',
      'zero as the vectors get longer, and different pairs land further apart from each other.'),
    el('p', {}, 'This lesson measures that spread. The worked examples are small enough to check by hand; after them the ',
      'engine draws thousands of random vectors, and a straight line through the measured variances shows how fast ',
      'the spread grows with the number of dimensions d.'),
  ];
}

function mount(root, context) {
  // The histograms hand their dot products to the Var(cX) check; the sweep hands its result to the scaled sweep.
  mountParts(root, context, LESSON, intro(), [examplesPart, histogramsPart, sweepPart, scaledSweepPart, scaleCheckPart]);
}

function noticeBox() {
  const box = el('div', { className: 'notices part-notices', attrs: { 'aria-live': 'polite' } });
  return { box, notices: createNotices(box) };
}

/* ---- 2.1 worked examples ---- */

function examplesPart(engine, store, number) {
  const part = partPanel({ id: 'examples', number, title: 'Longer vectors, larger dot products', formula: 'a\\cdot b = \\sum_{i=1}^{d} a_i b_i' });
  const { box, notices } = noticeBox();
  const problem = (key) => (text) => (text ? notices.show(key, text) : notices.clear(key));
  const inputs = [
    parsedInput(store, 'dota', ['Vector ', el('var', {}, 'a')], { onProblem: problem('dota'), placeholder: '1, 2' }),
    parsedInput(store, 'dotb', ['Vector ', el('var', {}, 'b')], { onProblem: problem('dotb'), placeholder: '3, 4' }),
  ];
  const result = el('p', { className: 'dot-result', attrs: { 'aria-live': 'polite' } });
  fill(part.controls, el('div', { className: 'panel control-panel' },
    el('h4', { className: 'panel-title' }, 'Your own pair'),
    el('div', { className: 'control-grid control-grid-2' }, inputs.map((c) => c.node)), result, box));

  setProse(part.prose, [[
    'Start with the example used to motivate the scaling: [1, 2] · [3, 4]. Extend both vectors with the next numbers ',
    'of the same pattern and the dot product climbs quickly, although no single entry got much bigger. ',
    'Below the three growing pairs are two sets of three hand-picked pairs, one set in two dimensions and one in three, ',
    'with the variance of each set’s three results. Press “Edit” on any row to load it into the editor, then change it.',
  ]]);

  const edit = (a, b) => {
    const button = el('button', { type: 'button', className: 'control-button small', textContent: 'Edit', attrs: { 'aria-label': `Edit ${vec(a)} · ${vec(b)}` } });
    button.addEventListener('click', () => store.set({ dota: a, dotb: b }));
    return button;
  };
  const row = (a, b, value) => el('tr', { dataset: { example: `${a.join(',')}|${b.join(',')}` } },
    el('td', { className: 'mono' }, vec(a)), el('td', { className: 'mono' }, vec(b)), el('td', { className: 'num' }, String(a.length)),
    el('td', { className: 'num', dataset: { stat: 'dot', value } }, el('strong', {}, precise(value))), el('td', {}, edit(a, b)));
  const head = () => el('tr', {}, el('th', { attrs: { scope: 'col' } }, 'a'), el('th', { attrs: { scope: 'col' } }, 'b'),
    el('th', { attrs: { scope: 'col' } }, 'd'), el('th', { attrs: { scope: 'col' } }, 'a · b'), el('th', { attrs: { scope: 'col' } }, el('span', { className: 'visually-hidden' }, 'Load')));
  const groups = [el('tbody', {}, el('tr', { className: 'group-row' }, el('th', { attrs: { colspan: 5, scope: 'rowgroup' } }, 'The same pattern, longer')),
    GROWING.map(([a, b]) => row(a, b, engine.dot(a, b))))];
  for (const set of SETS) {
    const dots = set.pairs.map(([a, b]) => engine.dot(a, b));
    const spread = engine.scaleVariance({ values: dots, c: 1 });
    groups.push(el('tbody', {}, el('tr', { className: 'group-row' }, el('th', { attrs: { colspan: 5, scope: 'rowgroup' } }, `Three pairs with d = ${set.d}`)),
      set.pairs.map(([a, b], i) => row(a, b, dots[i])),
      el('tr', { className: 'variance-row' }, el('td', { attrs: { colspan: 3 } }, `variance of these three dot products (d = ${set.d})`),
        el('td', { className: 'num', dataset: { stat: `setvar${set.d}`, value: spread.varX } }, el('strong', {}, precise(spread.varX))), el('td', {}))));
  }
  fill(part.figures, el('p', { className: 'table-title' }, 'Dot products computed by the engine'),
    el('div', { className: 'table-scroll' }, el('table', { className: 'examples', dataset: { table: 'examples' } }, el('thead', {}, head()), groups)),
  el('p', { className: 'chart-note' }, 'Three pairs are far too few to measure a variance reliably; the hand-picked sets only hint at the pattern. ',
    'The random experiments below use thousands.'));

  const changed = watcher(store, ['dota', 'dotb']);
  return {
    node: part.node,
    render(state) {
      for (const c of inputs) c.sync(state);
      if (!changed(state)) return;
      try {
        const value = engine.dot(state.dota, state.dotb);
        notices.clear('engine');
        fill(result, el('span', { className: 'mono' }, `${vec(state.dota)} · ${vec(state.dotb)}`), ' = ',
          el('strong', { className: 'stat-value', dataset: { stat: 'mydot', value } }, precise(value)), ` (d = ${state.dota.length})`);
      } catch (error) {
        notices.show('engine', message(error), { tone: 'error', title: 'The engine rejected this pair' });
        fill(result, 'No result: both vectors need the same number of entries.');
      }
    },
  };
}

/* ---- shared distribution controls (2.2 and 2.3 use the same entries) ---- */

function distributionControls(store, onProblem) {
  const dist = select(store, 'vdist', 'Entries of the random vectors', [
    ['uniform', 'uniform on [0, 1)'], ['stdnormal', 'standard normal N(0, 1)'], ['normal', 'normal N(μ, σ) of your choice']]);
  const mean = parsedInput(store, 'vmean', ['mean ', el('var', {}, 'μ')], { number: true, step: '0.1', onProblem });
  const std = parsedInput(store, 'vstd', ['standard deviation ', el('var', {}, 'σ')], { number: true, step: '0.1', onProblem });
  const seed = parsedInput(store, 'vseed', 'Seed', { number: true, step: '1', onProblem });
  return {
    nodes: [dist.node, mean.node, std.node, seed.node],
    sync(state) {
      for (const c of [dist, mean, std, seed]) c.sync(state);
      const custom = state.vdist === 'normal';
      mean.input.disabled = !custom;
      std.input.disabled = !custom;
    },
  };
}

/* ---- 2.2 histograms ---- */

function histogramsPart(engine, store, number) {
  const part = partPanel({ id: 'histograms', number, title: 'A thousand random pairs at each d' });
  const { box, notices } = noticeBox();
  const problem = (text) => (text ? notices.show('input', text) : notices.clear('input'));
  const dist = distributionControls(store, problem);
  const dims = parsedInput(store, 'vdims', 'Dimensions d, comma-separated (at most 6)', { onProblem: problem, placeholder: '3, 100, 1000' });
  const shared = checkbox(store, 'vshared', 'Same axes for every panel');
  fill(part.controls, el('div', { className: 'panel control-panel' },
    el('div', { className: 'control-grid' }, dist.nodes, dims.node, el('div', { className: 'control-toggles' }, shared.node)), box));

  const panelRow = el('div', { className: 'histogram-row' });
  part.figures.append(panelRow);
  const boxes = [];
  const changed = watcher(store, ['vdist', 'vmean', 'vstd', 'vseed', 'vdims', 'vshared']);

  return {
    node: part.node,
    render(state, out) {
      dist.sync(state);
      dims.sync(state);
      shared.sync(state);
      if (!changed(state)) return;
      const { options, name } = distributionOf(state);
      setProse(part.prose, [[
        `For each d below, the engine draws ${PAIRS} pairs of vectors with entries ${name}, seeded so the same settings `,
        'always give the same pairs, and computes each pair’s dot product. Compare how wide each histogram is, ',
        state.vshared ? 'all drawn on one shared pair of axes so the widths compare directly. ' : 'each on its own axes, so its shape is easier to see. ',
        'Under each panel are the mean and the variance the engine measured, next to what theory predicts for ',
        `endlessly many pairs; the dashed line marks the mean. The engine also sorts the values into ${BINS} bins for drawing.`,
      ]]);
      const results = attempt(part, notices, 'The engine rejected these settings', () => {
        const run = (range) => state.vdims.map((dim) => ({ dim, ...engine.dotProducts({ dim, pairs: PAIRS, seed: state.vseed, bins: BINS, ...options, ...(range ? { range } : {}) }) }));
        const first = run(null);
        if (!state.vshared || first.length < 2) return first;
        // One range for every panel: from the smallest to the largest value of any panel (the engine bins again).
        const lo = Math.min(...first.map((r) => r.min));
        const hi = Math.max(...first.map((r) => r.max));
        return lo < hi ? run([lo, hi]) : first;
      });
      if (results === null) return;
      out.histograms = { results, state };

      const yMax = state.vshared ? Math.max(...results.flatMap((r) => Array.from(r.histogram.counts))) : undefined;
      while (boxes.length < results.length) boxes.push({ chart: chartBox({ id: `hist-${boxes.length}`, kind: 'histogram', maxWidth: 520 }), stats: el('div') });
      clear(panelRow);
      results.forEach((r, i) => {
        const { chart, stats } = boxes[i];
        panelRow.append(el('div', { className: 'histogram-panel', dataset: { dim: r.dim } }, chart.node, stats));
        chart.set({
          title: [`d = ${r.dim}`],
          draw: histogram({ id: `hist-${r.dim}`, ariaLabel: `Histogram of ${PAIRS} dot products at d = ${r.dim}; mean ${precise(r.mean)}, variance ${precise(r.variance)}`,
            edges: r.histogram.edges, counts: r.histogram.counts, yMax, color: PANEL_COLORS[i % PANEL_COLORS.length],
            marker: { value: r.mean, label: 'mean' }, xLabel: 'dot product a · b' }),
        });
        fill(stats, statList(`hist-${r.dim}`, [
          ['mean', 'mean', precise(r.mean), `(theory ${precise(r.theoryMean)})`, r.mean],
          ['variance', 'variance', precise(r.variance), `(theory ${precise(r.theoryVariance)})`, r.variance],
        ]));
      });
    },
  };
}

/* ---- 2.3 the sweep ---- */

function sweepPart(engine, store, number) {
  const part = partPanel({ id: 'sweep', number, title: 'Variance against d, for every d up to a maximum',
    formula: '\\operatorname{Var}(a\\cdot b) = d\\,\\operatorname{Var}(a_i b_i) = d\\,(\\sigma^4 + 2\\mu^2\\sigma^2)' });
  const { box, notices } = noticeBox();
  const problem = (text) => (text ? notices.show('input', text) : notices.clear('input'));
  const maxDim = logSlider(store, 'vmaxdim', 'Largest d of the sweep');
  const maxDimBox = parsedInput(store, 'vmaxdim', 'Largest d (type a value)', { number: true, step: '1', onProblem: problem });
  const vectors = slider(store, 'vvectors', 'Random vectors (every pair is used)');
  fill(part.controls, el('div', { className: 'panel control-panel' },
    el('p', { className: 'control-hint' }, 'The entries and the seed are the ones chosen above.'),
    el('div', { className: 'control-grid' }, maxDim.node, maxDimBox.node, vectors.node), box));

  const linear = chartBox({ id: 'sweep-linear', kind: 'xy' });
  const loglog = chartBox({ id: 'sweep-loglog', kind: 'xy' });
  const meanChart = chartBox({ id: 'sweep-mean', kind: 'xy' });
  const time = el('p', { className: 'sweep-time', attrs: { 'aria-live': 'polite' } });
  fill(part.figures, time, el('div', { className: 'figure-row chart-row' }, linear.node, loglog.node),
    el('div', { className: 'figure-row chart-row' }, meanChart.node));
  const changed = watcher(store, ['vdist', 'vmean', 'vstd', 'vseed', 'vmaxdim', 'vvectors']);

  return {
    node: part.node,
    render(state, out) {
      maxDim.sync(state);
      maxDimBox.sync(state);
      vectors.sync(state);
      if (!changed(state)) return;
      const { options, name, zeroMean } = distributionOf(state);
      const request = { maxDim: state.vmaxdim, vectors: state.vvectors, seed: state.vseed, scaled: false, ...options };
      const timedSweep = attempt(part, notices, 'The engine rejected these settings', () => {
        const t0 = performance.now(); // timing only: how long the engine call took
        return { sweep: engine.varianceSweep(request), elapsed: performance.now() - t0 };
      });
      if (timedSweep === null) return;
      const { sweep, elapsed } = timedSweep;
      out.sweep = { sweep, request, name, zeroMean };
      const pairs = sweep.pairs ?? null;
      fill(time, 'The engine swept d = 1 … ', String(state.vmaxdim), pairs !== null ? ` over ${pairs === 1 ? 'the one pair' : `all ${pairs} pairs`} of ${state.vvectors} vectors` : ` for ${state.vvectors} vectors`,
        ' in ', el('strong', { dataset: { sweepTime: '', ms: elapsed } }, `${ms(elapsed)} ms`),
        sweep.computeMs !== undefined ? ` (${ms(sweep.computeMs)} ms of it inside the engine’s loop)` : '', '.');

      setProse(part.prose, [[
        `Here the engine draws ${state.vvectors} random vectors with entries ${name}, takes every pair of them, and records the `,
        'mean and the variance of their dot products using the first d entries, for every d from 1 to the maximum. ',
        'It does not redo the products for each d: going from d to d + 1 adds one term to every dot product, so the whole ',
        'table of products is updated in one pass per dimension. A least-squares line through the variances, fitted by ',
        'the engine, gives the growth per dimension, and theory predicts its slope from the distribution of one entry.',
      ], [
        zeroMean
          ? 'With zero-mean entries two pairs that share a vector are uncorrelated, so apart from chance the fitted slope lands on the theory. '
          : ['A caveat for entries whose mean is not zero: two pairs that share a vector rise and fall together, so the variance ',
            'measured over every pair of one sample comes out slightly below the theory line. The engine works out how far below ',
            'for this number of vectors: the expected slope printed under the charts',
            state.vdist === 'uniform' && state.vvectors === 100 ? ', about 2 % under 7/144 for 100 vectors. ' : '. '],
        'And one sample is only one draw: a different seed moves the fitted slope noticeably, because ',
        `${state.vvectors} vectors pin the variance down only roughly. The shaded band on the linear chart is the engine’s `,
        'prediction of that spread: one standard deviation either side of the expected variance.',
      ]]);

      const fitted = sweep.fitted; // the engine's least-squares line at each d
      // The band the engine predicts for one sample: expected variance ± one sd (added and subtracted only to draw it).
      const band = { id: 'expected', label: 'expected for this sample ± 1 sd', kind: 'band', x: sweep.dims, color: SERIES.sky,
        y: Array.from(sweep.expectedVariance, (v, i) => v - sweep.expectedVarianceSd[i]),
        y2: Array.from(sweep.expectedVariance, (v, i) => v + sweep.expectedVarianceSd[i]) };
      const series = [
        { id: 'variance', label: 'measured variance', kind: 'points', x: sweep.dims, y: sweep.variance, color: SERIES.blue, symbol: 'circle' },
        { id: 'fit', label: 'least-squares line (engine)', kind: 'line', x: sweep.dims, y: fitted, color: SERIES.vermillion },
        { id: 'theory', label: `theory, d × ${precise(sweep.theorySlope)}`, kind: 'line', x: sweep.dims, y: sweep.theoryVariance, color: 'currentColor', dash: '6 4', width: 1.6 },
      ];
      const aria = (scale) => `Variance of the dot products against d from 1 to ${state.vmaxdim}, ${scale} axes; fitted slope ${precise(sweep.slope)} per dimension, theory ${precise(sweep.theorySlope)}`;
      linear.set({ title: 'Linear axes', legend: xyLegend([band, ...series]),
        draw: xyChart({ id: 'sweep-linear', ariaLabel: aria('linear'), xLabel: 'dimension d', yLabel: 'variance of a · b', series: [band, ...series], yFromZero: true }) });
      loglog.set({ title: 'Log–log axes: a straight line of slope 1 means “proportional to d”', legend: xyLegend(series),
        note: 'On log–log axes any power law is a straight line, and variance ∝ d has slope 1 whatever the constant in front. '
          + 'The fitted line has an intercept, so it bends away at small d, where the intercept is not small next to the variance.',
        draw: xyChart({ id: 'sweep-loglog', ariaLabel: aria('log–log'), xLabel: 'dimension d (log scale)', yLabel: 'variance (log scale)', xScale: 'log', yScale: 'log', series }) });

      const meanSeries = [
        { id: 'mean', label: 'mean of a · b', kind: 'points', x: sweep.dims, y: sweep.mean, color: SERIES.orange, symbol: 'square' },
        { id: 'theory', label: 'theory, d × μ²', kind: 'line', x: sweep.dims, y: sweep.theoryMean, color: 'currentColor', dash: '6 4', width: 1.6 },
      ];
      meanChart.set({ title: 'The mean of the same dot products (linear axes)', legend: xyLegend(meanSeries),
        note: zeroMean ? 'Zero-mean entries give dot products that average zero at every d; only their spread grows.'
          : 'Entries with mean μ ≠ 0 make the average dot product grow in proportion to d as well.',
        draw: xyChart({ id: 'sweep-mean', ariaLabel: `Mean of the dot products against d from 1 to ${state.vmaxdim}`, xLabel: 'dimension d',
          yLabel: 'mean of a · b', series: meanSeries, yFromZero: true, height: 260 }) });

      const last = sweep.dims.length - 1;
      fill(part.stats, statList('sweep', [
        ['slope', 'fitted slope (variance per dimension)', precise(sweep.slope), null, sweep.slope],
        ['intercept', 'fitted intercept', precise(sweep.intercept), null, sweep.intercept],
        ['theory', 'theory slope', precise(sweep.theorySlope), state.vdist === 'uniform' ? '(7/144 for uniform [0, 1) entries)' : '(σ⁴ + 2μ²σ²)', sweep.theorySlope],
        sweep.expectedSlope !== undefined ? ['expected', `expected slope for all pairs of ${state.vvectors} vectors`, precise(sweep.expectedSlope), '(theory minus the shared-vector effect)', sweep.expectedSlope] : null,
        sweep.logLogSlope !== undefined ? ['loglog', 'slope on log–log axes', precise(sweep.logLogSlope), '(1 means proportional to d)', sweep.logLogSlope] : null,
        ['mean', `mean dot product at d = ${sweep.dims[last]}`, precise(sweep.mean[last]), null, sweep.mean[last]],
        ['variance', `variance at d = ${sweep.dims[last]}`, precise(sweep.variance[last]), null, sweep.variance[last]],
        ['expectedvar', `expected variance at d = ${sweep.dims[last]} (± sd across samples)`,
          `${precise(sweep.expectedVariance[last])} ± ${precise(sweep.expectedVarianceSd[last])}`, null, sweep.expectedVariance[last]],
      ]));
    },
  };
}

/* ---- 2.4 the sweep after 1/√d ---- */

function scaledSweepPart(engine, store, number) {
  const part = partPanel({ id: 'scaled', number, title: 'The same sweep after dividing by √d',
    formula: '\\operatorname{Var}\\!\\left(\\tfrac{a\\cdot b}{\\sqrt d}\\right) = \\tfrac{1}{d}\\operatorname{Var}(a\\cdot b)' });
  const { box, notices } = noticeBox();
  part.controls.append(box);
  const varianceChart = chartBox({ id: 'scaled-variance', kind: 'xy' });
  const meanChart = chartBox({ id: 'scaled-mean', kind: 'xy' });
  const time = el('p', { className: 'sweep-time' });
  fill(part.figures, time, el('div', { className: 'figure-row chart-row' }, varianceChart.node, meanChart.node));
  const changed = watcher(store, ['vdist', 'vmean', 'vstd', 'vseed', 'vmaxdim', 'vvectors']);

  return {
    node: part.node,
    render(state, out) {
      if (!changed(state) || !out.sweep) return;
      const { request, name, zeroMean } = out.sweep;
      const timedSweep = attempt(part, notices, 'The engine rejected these settings', () => {
        const t0 = performance.now(); // timing only
        return { sweep: engine.varianceSweep({ ...request, scaled: true }), elapsed: performance.now() - t0 };
      });
      if (timedSweep === null) return;
      const { sweep, elapsed } = timedSweep;
      fill(time, 'Scaled sweep: ', el('strong', { dataset: { ms: elapsed } }, `${ms(elapsed)} ms`), '.');
      setProse(part.prose, [[
        'Dividing every dot product by √d divides its variance by d, which cancels the growth measured above: ',
        'the variance of the scaled products stays level at the per-dimension value whatever d is. ',
      ], zeroMean ? [
        `With entries ${name} the mean is zero too, so both curves stay flat: this is the situation the `,
        'Transformer paper assumes for queries and keys, and the reason its authors divide by √dₖ.',
      ] : [
        `Be careful with entries ${name}: their mean is not zero, so the mean of a dot product grows like d times μ², `,
        'and after dividing by √d it still grows, like √d times μ². For uniform [0, 1) entries that is √d / 4: ',
        'the scaling fixes the spread but not the drift, as the chart of the mean shows. ',
        'In a trained Transformer the queries and keys are closer to zero-mean, which is why the fix works there.',
      ]]);
      const varianceSeries = [
        { id: 'variance', label: 'variance of a · b / √d', kind: 'points', x: sweep.dims, y: sweep.variance, color: SERIES.blue, symbol: 'circle' },
        { id: 'theory', label: `theory, level at ${precise(sweep.theorySlope)}`, kind: 'line', x: sweep.dims, y: sweep.theoryVariance, color: 'currentColor', dash: '6 4', width: 1.6 },
      ];
      const meanSeries = [
        { id: 'mean', label: 'mean of a · b / √d', kind: 'points', x: sweep.dims, y: sweep.mean, color: SERIES.orange, symbol: 'square' },
        { id: 'theory', label: 'theory, √d × μ²', kind: 'line', x: sweep.dims, y: sweep.theoryMean, color: 'currentColor', dash: '6 4', width: 1.6 },
      ];
      varianceChart.set({ title: 'Variance after dividing by √d', legend: xyLegend(varianceSeries),
        draw: xyChart({ id: 'scaled-variance', ariaLabel: `Variance of the scaled dot products against d, for entries ${name}`,
          xLabel: 'dimension d', yLabel: 'variance of a · b / √d', series: varianceSeries, yFromZero: true }) });
      meanChart.set({ title: 'Mean after dividing by √d', legend: xyLegend(meanSeries),
        draw: xyChart({ id: 'scaled-mean', ariaLabel: `Mean of the scaled dot products against d, for entries ${name}`,
          xLabel: 'dimension d', yLabel: 'mean of a · b / √d', series: meanSeries, yFromZero: true }) });
      const last = sweep.dims.length - 1;
      fill(part.stats, statList('scaled', [
        ['variance', `variance at d = ${sweep.dims[last]}`, precise(sweep.variance[last]), null, sweep.variance[last]],
        ['slope', 'fitted slope of the variance', precise(sweep.slope), '(near 0: level)', sweep.slope],
        ['mean', `mean at d = ${sweep.dims[last]}`, precise(sweep.mean[last]), null, sweep.mean[last]],
      ]));
    },
  };
}

/* ---- 2.5 Var(cX) = c²·Var(X) ---- */

function scaleCheckPart(engine, store, number) {
  const part = partPanel({ id: 'scalecheck', number, title: 'Scaling a variable scales its variance by the square',
    formula: '\\operatorname{Var}(cX) = c^2\\operatorname{Var}(X)' });
  const { box, notices } = noticeBox();
  const problem = (text) => (text ? notices.show('input', text) : notices.clear('input'));
  const c = parsedInput(store, 'vc', ['The factor ', el('var', {}, 'c')], { number: true, step: '0.05', onProblem: problem });
  const presets = el('div', { className: 'preset-row' }, el('span', { className: 'control-hint' }, 'Try:'), [0.5, 2, -1, 0.1].map((v) => {
    const b = el('button', { type: 'button', className: 'control-button small', textContent: String(v).replace('-', '\u2212') });
    b.addEventListener('click', () => store.set({ vc: v }));
    return b;
  }));
  fill(part.controls, el('div', { className: 'panel control-panel' }, el('div', { className: 'control-grid' }, c.node, presets), box));
  const changed = watcher(store, ['vc', 'vdist', 'vmean', 'vstd', 'vseed', 'vdims']);

  return {
    node: part.node,
    render(state, out) {
      c.sync(state);
      if (!out.histograms || !changed(state)) return;
      const { results } = out.histograms;
      const last = results[results.length - 1];
      const check = attempt(part, notices, 'The engine rejected this factor', () => engine.scaleVariance({ values: last.values, c: state.vc }));
      if (check === null) return;
      setProse(part.prose, [[
        `Take X to be the ${last.values.length} dot products of the right-most histogram above (d = ${last.dim}). `,
        'The engine multiplies every one of them by c and measures the variance of the result from scratch; ',
        'separately it multiplies the variance of X by c². The two agree to rounding for any c, including negative ones, ',
        'because the sign disappears in the square. With c = 1/√d this is exactly the scaling of attention.',
      ]]);
      fill(part.stats, statList('scalecheck', [
        ['varx', 'Var(X)', long(check.varX), null, check.varX],
        ['c', 'c', long(state.vc), null, state.vc],
        ['varcx', 'Var(cX), measured on the scaled values', long(check.varCX), null, check.varCX],
        ['c2varx', 'c² · Var(X)', long(check.c2VarX), null, check.c2VarX],
        check.difference !== undefined ? ['difference', 'Var(cX) − c² · Var(X)', precise(check.difference), '(rounding in the last digits only)', check.difference] : null,
      ]));
    },
  };
}

