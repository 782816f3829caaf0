// Lesson 3.2: how the gradient spreads over many rows at the learner's d_k. engine.gradientDistribution gives every
// row's Jacobian norm, raw and divided by √d_k, binned on a log axis (model "normal": logits exactly N(0, d_k)), and
// the gradient that reaches the query (model "dot": real random queries and keys, fewer rows since they cost d_k each).
// Both are refined progressively. The histogram of the query gradient is drawn into `queryNode` for "Go deeper".
import { el } from '../../dom.js';
import { chartBox, legendList } from '../../charts/chart-box.js';
import { histogram } from '../../charts/histogram.js';
import { SERIES } from '../../charts/palette.js';
import { precise, sig3, percent, count } from '../../format.js';
import { partPanel, setProse, fill, refill, watcher, dk, attempt, noticeBox } from '../kit/parts.js';
import { sampleCount, timed, refineLater, offStep, sampleLabel } from '../kit/progressive.js';
import { NEAR_ZERO, SPARSE_DKS, TYPICAL_ROWS, BINS, DOT_UNITS } from './common.js';
import { sparseQuestion } from './question.js';


const SERIES_OF = (what) => [
  { id: 'unscaled', label: 'raw logits', counts: what.unscaled.counts, color: SERIES.vermillion },
  { id: 'scaled', label: 'logits ÷ √dₖ', counts: what.scaled.counts, color: SERIES.blue },
];

/** `queryShown(state)`: whether the "Go deeper" section that holds `queryNode` is open; a closed one is drawn when opened. */
export function distributionPart(engine, store, number, { queryShown = () => true } = {}) {
  const part = partPanel({ id: 'histogram', number, title: 'Many rows: the gradient turns sparse, not uniformly small' });
  const { box, notices } = noticeBox();
  const chart = chartBox({ id: 'gradient-hist', kind: 'histogram', maxWidth: 620 });
  const table = el('div', { className: 'spread-table' });
  const note = el('p', { className: 'spread-note' });
  const trend = el('p', { className: 'step-prose spread-trend' });
  const label = sampleLabel();
  const answer = el('div', { className: 'spread-answer' }, trend, table);
  const queryTable = el('div', { className: 'spread-table' });
  const queryChart = chartBox({ id: 'query-hist', kind: 'histogram', maxWidth: 620 });
  // In "Go deeper" (3.4's section): the histogram of every row's ‖J‖, then the gradient that reaches the query.
  const queryNode = el('div', { className: 'query-hist' }, label.node, chart.node, queryTable, note, queryChart.node);
  let normal = null; // the rows on screen: engine.gradientDistribution, model "normal"
  let dot = null; // model "dot", for the gradient reaching q
  let queryDrawn = null; // the `dot` the query histogram shows (older than `dot` while its section is closed)
  let histDrawn = null; // the `normal` the ‖J‖ histogram shows (likewise)
  let sparse = null; // engine.gradientSweep over SPARSE_DKS, TYPICAL_ROWS rows each: the trend and the prediction
  let sparseFor = null; // the n and seed `sparse` was measured for
  const ask = sparseQuestion(() => sparse && { sweep: sparse, at: (d) => Array.from(sparse.dKs).indexOf(d) }, answer);
  fill(part.controls, ask.node);
  fill(part.figures, box, answer);
  const changed = watcher(store, ['gdk', 'gn', 'gseed', 'gtrials']);

  const dotRows = (state) => Math.max(1, Math.min(state.gtrials, Math.floor(DOT_UNITS / (state.gdk * (state.gn + 1)))));
  const options = (state, model, trials) => ({ dK: state.gdk, n: state.gn, trials, seed: state.gseed, ...(model === 'dot' ? { model } : {}), bins: BINS });
  // call: the engine call itself, or (a full count in a background engine) what it answered.
  const measure = (state, model, trials, call = () => engine.gradientDistribution(options(state, model, trials))) => attempt(part, notices,
    'The engine could not measure these rows', () => (model === 'dot'
      ? timed('gradientDot', trials * state.gdk * (state.gn + 1), call)
      : timed('gradientSweep', 2 * trials * state.gn, call)));
  const fullStep = (state, model, trials, use) => offStep(engine, 'gradientDistribution', options(state, model, trials),
    (get) => use(measure(state, model, trials, get)));

  return {
    node: part.node,
    queryNode,
    seenNodes: [queryNode], // in sight, it is drawn in the change's frame (see renderShown)
    render(state) {
      ask.render(state);
      if (!changed(state)) {
        drawQuery(state);
        return;
      }
      const pN = sampleCount('gradientSweep', 2 * state.gn, state.gtrials, { min: Math.min(10, state.gtrials) });
      const fullDot = dotRows(state);
      // A row of real queries and keys costs dₖ·(n + 1) draws: at dₖ = 8192 ten rows took 14 ms, a frame's worth, so
      // the preview may have as few as three (its median and 90th percentile are rough until the full count arrives).
      const pD = sampleCount('gradientDot', state.gdk * (state.gn + 1), fullDot, { min: Math.min(3, fullDot) });
      const nowN = measure(state, 'normal', pN.samples);
      const nowD = nowN && measure(state, 'dot', pD.samples);
      const steps = [];
      // The trend over SPARSE_DKS (4·1,000 rows) is computed off the page's thread, once per n and seed: it sits under
      // the cover until the prediction is answered, and the prediction waits for it.
      const trendKey = `${state.gn}:${state.gseed}`;
      if (sparseFor !== trendKey) {
        steps.push(offStep(engine, 'gradientSweep', { dKs: SPARSE_DKS, n: state.gn, trials: TYPICAL_ROWS, seed: state.gseed }, (get) => {
          const got = attempt(part, notices, 'The engine could not measure these rows', get);
          if (!got) return false;
          [sparse, sparseFor] = [got, trendKey];
          drawTrend();
          ask.render(store.get());
          return true;
        }));
      }
      if (nowN && pN.preview) steps.push(fullStep(state, 'normal', state.gtrials, (r) => Boolean(r && redraw(state, r, null))));
      if (nowD && pD.preview) steps.push(fullStep(state, 'dot', fullDot, (r) => Boolean(r && redraw(state, null, r))));
      refineLater(part, part.node, steps);
      if (nowN && nowD) redraw(state, nowN, nowD);
    },
  };

  /** Keeps the new results (null: keep the one on screen) and draws both. Returns false when a refinement failed. */
  function redraw(state, nextNormal, nextDot) {
    if (nextNormal) normal = nextNormal;
    if (nextDot) dot = nextDot;
    if (!normal || !dot) return false;
    draw(state);
    ask.render(state);
    return true;
  }

  /** The sentence of how the share of near-zero rows grows with d_k, from `sparse`. */
  function drawTrend() {
    if (!sparse) return;
    const dKs = Array.from(sparse.dKs);
    const at = (d) => el('strong', { dataset: { stat: `trend${d}`, value: sparse.unscaled.fractionBelow[dKs.indexOf(d)] } },
      percent(sparse.unscaled.fractionBelow[dKs.indexOf(d)]));
    const shares = dKs.map((d, i) => sparse.unscaled.fractionBelow[i]);
    const rising = shares.every((v, i) => i === 0 || v > shares[i - 1]); // said only when the engine's numbers show it
    refill(trend, rising ? `As dₖ grows, more raw rows pass almost nothing (‖J‖ < ${NEAR_ZERO}): ` : `Raw rows that pass almost nothing (‖J‖ < ${NEAR_ZERO}): `,
      dKs.flatMap((d, i) => [at(d), ` at ${d}`, i < dKs.length - 2 ? ', ' : i === dKs.length - 2 ? ' and ' : '']),
      ` (${count(sparse.trials)} rows of ${sparse.n} each); divided by √dₖ, `, percent(Math.max(...sparse.scaled.fractionBelow)), ' at any of these dₖ.');
  }

  function draw(state) {
    const j = normal.jacobian;
    const q = dot.query;
    const full = normal.trials === state.gtrials && dot.trials === dotRows(state);
    label.set({ samples: normal.trials, full: state.gtrials, preview: !full, unit: `rows (${dot.trials} for q)` });
    setProse(part.prose, [[
      'A row’s ‖J‖, the gradient it passes back, is near 0 once one logit wins by a wide gap.',
    ]]);
    const row = (key, what, u, s, text = sig3) => el('tr', {}, el('th', { attrs: { scope: 'row' } }, what),
      el('td', { className: 'num', dataset: { stat: `${key}u`, value: u, label: 'raw' } }, text(u)),
      el('td', { className: 'num', dataset: { stat: `${key}s`, value: s, label: '÷ √dₖ' } }, text(s)));
    const tableOf = (...rows) => el('div', { className: 'table-scroll' }, el('table', { className: 'examples stack', dataset: { table: 'spread' } },
      el('thead', {}, el('tr', {}, el('th', { attrs: { scope: 'col' } }, ''), el('th', { attrs: { scope: 'col' } }, 'raw'),
        el('th', { attrs: { scope: 'col' } }, '÷ √dₖ'))),
      el('tbody', {}, rows)));
    refill(table, tableOf(
      row('median', 'median ‖J‖', j.unscaled.median, j.scaled.median),
      row('below', `rows with ‖J‖ < ${NEAR_ZERO}`, j.unscaled.fractionBelow, j.scaled.fractionBelow, percent)));
    refill(queryTable, tableOf(
      row('mean', 'mean ‖J‖', j.unscaled.mean, j.scaled.mean),
      row('qmedian', 'gradient reaching q: median', q.unscaled.median, q.scaled.median),
      row('qp90', 'gradient reaching q: 90th percentile', q.unscaled.p90, q.scaled.p90)));
    // What the query rows show depends on d_k: say only what the engine's numbers on screen show.
    const sparse = q.unscaled.median < q.scaled.median;
    refill(note, 'The gradient reaching q is c·Kᵀ·J·g: it carries the keys (dₖ unit-variance entries, so length about √', ...dk(),
      ') and, raw, no 1/√', ...dk(), '. ',
      sparse ? `So most raw rows send q less than a scaled row does (median ${sig3(q.unscaled.median)}), while the near-ties send spikes `
        + `(90th percentile ${sig3(q.unscaled.p90)} against ${sig3(q.scaled.p90)} scaled).`
        : q.unscaled.median > q.scaled.median
          ? `Here the long keys still win even at the median (${sig3(q.unscaled.median)} raw against ${sig3(q.scaled.median)}); `
            + 'raise dₖ and watch the median against the 90th percentile.'
          // d_k = 1: dividing by √1 changes nothing, so the raw and scaled rows are the same rows.
          : `At this dₖ the two columns are the same rows (median ${sig3(q.unscaled.median)} both): `
            + 'raise dₖ and watch the median against the 90th percentile.');
    drawQuery(state);
  }

  /** The histograms of ‖J‖ and of the gradient reaching q, from the rows on screen, drawn while their section is open
   * (out of sight they cost each change 2-4 ms each) and when it opens. */
  function drawQuery(state) {
    if (!queryShown(state)) return;
    if (normal && histDrawn !== normal) drawHistogram();
    if (!dot || queryDrawn === dot) return;
    queryDrawn = dot;
    const q = dot.query;
    queryChart.set({ title: `Gradient reaching q, ${count(dot.trials)} rows of real queries and keys at dₖ = ${dot.dK}`, legend: legend(),
      note: `The median and 90th percentile of ${number} are read from these rows.`,
      draw: histogram({ id: 'query-hist', series: SERIES_OF(q), edges: q.edges, xScale: 'log', xLabel: 'c·‖KᵀJ‖ of a row (log scale)',
        yLabel: 'rows', height: 230,
        ariaLabel: `Histogram of the query-gradient norms of ${dot.trials} rows at d_k = ${dot.dK}: `
          + `median ${precise(q.unscaled.median)} raw, ${precise(q.scaled.median)} scaled` }) });
  }

  function drawHistogram() {
    histDrawn = normal;
    const j = normal.jacobian;
    const zeros = j.unscaled.zeros + j.scaled.zeros;
    chart.set({ title: `‖J‖ of ${count(normal.trials)} rows at dₖ = ${normal.dK}, n = ${normal.n}`, legend: legend(),
      note: zeros ? `${zeros} rows with ‖J‖ exactly 0 (every weight but one underflowed) are left off the log axis.` : null,
      draw: histogram({ id: 'gradient-hist', series: SERIES_OF(j), edges: j.edges, xScale: 'log', xLabel: '‖J‖ of a row (log scale)', yLabel: 'rows',
        marker: { value: NEAR_ZERO, label: `${NEAR_ZERO}` }, height: 230,
        ariaLabel: `Histogram of the Jacobian norms of ${normal.trials} rows at d_k = ${normal.dK}: `
          + `median ${precise(j.unscaled.median)} raw, ${precise(j.scaled.median)} scaled` }) });
  }
}

/** The key of both histograms: one bar swatch per series. */
const legend = () => legendList(SERIES_OF({ unscaled: {}, scaled: {} }).map((x) => ({ id: x.id, label: x.label, color: x.color, kind: 'bar' })));
