// Lesson 2, part 2: the variance of the scores at every dₖ from 1 to a maximum with the engine's least-squares line,
// and beside it the same sweep after dividing every score by √dₖ, with the prediction "what does 1/√dₖ do?" asked
// before that chart shows it. Numbers: engine.varianceSweep, once unscaled and once scaled; later parts reuse both.
// A change whose two sweeps would not fit in a frame draws them from fewer vectors first (the first of the full set:
// each dimension's entries come from a stream of their own, so fewer vectors are a prefix of more), and the full
// count follows in a background engine (web/sections/kit/progressive.js).
import { el } from '../../dom.js';
import { parsedInput, logSlider, slider } from '../../controls.js';
import { chartBox } from '../../charts/chart-box.js';
import { xyChart, xyLegend } from '../../charts/xy-chart.js';
import { SERIES } from '../../charts/palette.js';
import { precise, sig3 } from '../../format.js';
import { question } from '../kit/lesson.js';
import { term } from '../../glossary.js';
import { partPanel, setProse, statList, fill, watcher, attempt, noticeBox } from '../kit/parts.js';
import { sampleCount, learn, refineLater, offStep, sampleLabel } from '../kit/progressive.js';
import { distributionOf } from './shared.js';
import { TeX } from '../../math.js';

const MIN_VECTORS = 5; // the fewest vectors a preview draws (10 pairs)

/** Three lengths to quote from a sweep of maxDim points: a sixteenth, a quarter and all of it. */
const quoted = (maxDim) => [...new Set([Math.max(1, Math.round(maxDim / 16)), Math.max(1, Math.round(maxDim / 4)), maxDim])];

/** The prediction about dividing by √dₖ; the explanation quotes both sweeps the part drew last. */
function scalingQuestion(latest, cover) {
  return question({
    id: 'variance-scaled',
    prompt: 'Now divide every score by √dₖ. What does the variance of the divided scores do as dₖ grows?',
    choices: [['grows', 'Still grows in proportion to dₖ'], ['root', 'Grows like √dₖ'], ['level', 'Stays level']],
    answer: 'level',
    cover,
    explain() {
      const shown = latest();
      if (!shown) return ['The engine has not drawn the sweep: see the notice above.'];
      const { raw, scaled } = shown;
      const list = el('ul', { className: 'question-numbers' }, quoted(raw.maxDim).map((d) => el('li', { dataset: { dim: d } },
        `dₖ = ${d}: variance ${sig3(raw.variance[d - 1])} before, `,
        el('strong', { dataset: { scaled: scaled.variance[d - 1] } }, sig3(scaled.variance[d - 1])), ' after')));
      return ['Dividing by √dₖ multiplies every score by c = 1/√dₖ and its variance by c² = 1/dₖ, which cancels the growth ',
        'in proportion to dₖ exactly. The engine’s sweep, before and after dividing:', list];
    },
  });
}

export function sweepPart(engine, store, number) {
  const part = partPanel({ id: 'sweep', number, title: 'The variance against dₖ, and dividing by √dₖ',
    formula: TeX`\operatorname{Var}(q\cdot k) \propto d_k` });
  const { box, notices } = noticeBox();
  const problem = (text) => (text ? notices.show('input', text) : notices.clear('input'));
  const maxDim = logSlider(store, 'vmaxdim', 'Largest dₖ of the sweep');
  const maxDimBox = parsedInput(store, 'vmaxdim', 'Largest dₖ (type a value)', { number: true, step: '1', onProblem: problem });
  const vectors = slider(store, 'vvectors', 'Random vectors (every pair is used)');
  fill(part.controls, el('div', { className: 'panel control-panel' },
    el('div', { className: 'control-grid' }, maxDim.node, maxDimBox.node, vectors.node), box));

  const linear = chartBox({ id: 'sweep-linear', kind: 'xy' });
  const scaledChart = chartBox({ id: 'scaled-variance', kind: 'xy' });
  // The scaled chart and its fitted slope answer the question: covered together until the learner answers.
  const scaledStats = el('div', { className: 'part-stats' });
  const scaledBlock = el('div', { className: 'chart-column' }, scaledChart.node, scaledStats);
  const linearStats = el('div', { className: 'part-stats' }); // under its chart, beside the scaled block: no row of its own
  let shown = null; // { raw, scaled }: the sweeps drawn last
  const predict = scalingQuestion(() => shown, scaledBlock);
  fill(part.figures, predict.node,
    el('div', { className: 'figure-row chart-row' }, el('div', { className: 'chart-column' }, linear.node, linearStats), scaledBlock));
  const changed = watcher(store, ['vdist', 'vmean', 'vstd', 'vseed', 'vmaxdim', 'vvectors']);
  const labels = [sampleLabel({ inline: true }), sampleLabel({ inline: true })];
  let drawnOnce = false;

  const requestOf = (state, vectors) => ({ maxDim: state.vmaxdim, vectors, seed: state.vseed, ...distributionOf(state).options });
  const units = (state, vectors) => ((vectors * (vectors - 1)) / 2) * state.vmaxdim; // one sweep's work: pairs × dimensions
  /**
   * The vectors to draw now: all of them on the first drawing or when both sweeps fit in a few milliseconds, else as
   * many as fit (the engine's work grows with the pairs, vectors·(vectors − 1)/2, so the pairs that fit are counted).
   */
  function plan(state) {
    const full = state.vvectors;
    if (!drawnOnce) return { vectors: full, preview: false };
    const pairs = sampleCount('varianceSweep', 2 * state.vmaxdim, (full * (full - 1)) / 2);
    if (!pairs.preview) return { vectors: full, preview: false };
    const vectors = Math.max(MIN_VECTORS, Math.min(full, Math.floor((1 + Math.sqrt(1 + 8 * pairs.samples)) / 2)));
    return { vectors, preview: vectors < full };
  }

  /**
   * Draws the sweeps of `vectors` vectors and hands them on; `answered` ({ raw, scaled }: { sweep, elapsed }) holds
   * what a background engine already computed. Returns false when the engine rejected the settings.
   */
  function draw(state, out, vectors, answered = {}) {
    const { name, zeroMean } = distributionOf(state);
    const request = requestOf(state, vectors);
    const timed = (scaled) => {
      const t0 = performance.now(); // timing only: how long the engine call took
      return { sweep: engine.varianceSweep({ ...request, scaled }), elapsed: performance.now() - t0 };
    };
    const both = attempt(part, notices, 'The engine rejected these settings',
      () => ({ raw: answered.raw ?? timed(false), scaled: answered.scaled ?? timed(true) }));
    if (both === null) return false;
    const raw = both.raw.sweep;
    const scaled = both.scaled.sweep;
    shown = { raw, scaled };
    out.sweep = { sweep: raw, elapsed: both.raw.elapsed, request, name, zeroMean };
    out.scaled = { sweep: scaled, elapsed: both.scaled.elapsed };
    for (const label of labels) label.set({ samples: vectors, full: state.vvectors, unit: 'vectors' });

    setProse(part.prose, [[
      'The ', term('variance'), ` of all ${raw.pairs} scores between ${vectors} random vectors lies on a line through zero.`,
    ]]);

    const band = { id: 'expected', label: 'expected ± 1 sd', kind: 'band', x: raw.dims, color: SERIES.sky,
      y: Array.from(raw.expectedVariance, (v, i) => v - raw.expectedVarianceSd[i]), // the engine's band, edges laid out
      y2: Array.from(raw.expectedVariance, (v, i) => v + raw.expectedVarianceSd[i]) };
    const series = [
      { id: 'variance', label: 'measured', kind: 'points', x: raw.dims, y: raw.variance, color: SERIES.blue, symbol: 'circle' },
      { id: 'fit', label: 'fitted line', kind: 'line', x: raw.dims, y: raw.fitted, color: SERIES.vermillion },
      { id: 'theory', label: 'theory', kind: 'line', x: raw.dims, y: raw.theoryVariance, color: 'currentColor', dash: '6 4', width: 1.6 },
    ];
    linear.set({ title: ['Variance of q · k · ', labels[0].node], legend: xyLegend([band, ...series]),
      draw: xyChart({ id: 'sweep-linear',
        ariaLabel: `Variance of the scores against dₖ from 1 to ${state.vmaxdim}, entries ${name}; `
          + `fitted slope ${precise(raw.slope)} per dimension, theory ${precise(raw.theorySlope)}`,
        xLabel: 'dₖ', yLabel: 'variance of q · k', series: [band, ...series], yFromZero: true, height: 205 }) });
    const scaledSeries = [
      { id: 'variance', label: 'measured', kind: 'points', x: scaled.dims, y: scaled.variance, color: SERIES.blue, symbol: 'circle' },
      { id: 'theory', label: 'theory', kind: 'line', x: scaled.dims, y: scaled.theoryVariance, color: 'currentColor', dash: '6 4', width: 1.6 },
    ];
    scaledChart.set({ title: ['Variance of q · k / √dₖ · ', labels[1].node], legend: xyLegend(scaledSeries),
      draw: xyChart({ id: 'scaled-variance',
        ariaLabel: `Variance of the scores divided by √dₖ against dₖ, entries ${name}; level at ${precise(scaled.theorySlope)}`,
        xLabel: 'dₖ', yLabel: 'variance of q · k / √dₖ', series: scaledSeries, yFromZero: true, height: 205 }) });

    const last = raw.dims.length - 1;
    fill(linearStats, statList('sweep', [
      ['slope', 'fitted slope: variance per unit of dₖ', sig3(raw.slope), `(theory σ⁴ + 2μ²σ² = ${sig3(raw.theorySlope)})`, raw.slope],
      ['variance', `variance at dₖ = ${raw.dims[last]}`, sig3(raw.variance[last]), `(theory ${sig3(raw.theoryVariance[last])})`, raw.variance[last]],
    ]));
    fill(scaledStats, statList('sweep-scaled', [
      ['scaledslope', 'after ÷√dₖ: fitted slope', sig3(scaled.slope), '(0 would be level)', scaled.slope],
    ]));
    return true;
  }

  /** The full count's two sweeps, each from a background engine when there is one; the second draws them. */
  function fullSteps(state, out) {
    const answered = {};
    const request = requestOf(state, state.vvectors);
    return ['raw', 'scaled'].map((which) => offStep(engine, 'varianceSweep', { ...request, scaled: which === 'scaled' }, (get, ms) => {
      const sweep = attempt(part, notices, 'The engine rejected these settings', get);
      if (!sweep) return false;
      learn('varianceSweep', units(state, state.vvectors), ms); // only full counts size the next preview
      answered[which] = { sweep, elapsed: ms };
      if (which === 'raw') return true;
      if (!draw(state, out, state.vvectors, answered)) return false;
      out.refresh(); // this part's question and the parts after it that use the sweeps
      return true;
    }));
  }

  return {
    node: part.node,
    render(state, out) {
      maxDim.sync(state);
      maxDimBox.sync(state);
      vectors.sync(state);
      if (changed(state)) {
        const now = plan(state);
        refineLater(part, part.node, now.preview ? fullSteps(state, out) : []);
        drawnOnce = draw(state, out, now.vectors) || drawnOnce;
      }
      predict.render(state);
    },
  };
}
