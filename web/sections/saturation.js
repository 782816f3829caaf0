// Lesson 3: wide scores make the softmax nearly one-hot, its Jacobian (the gradient path back to the scores)
// shrinks, and dividing by √d_k brings both back; plus the overflow of a softmax that skips the max shift.
// Every number shown comes from the engine; this module picks, labels and lays them out.
import { el, clear } from '../dom.js';
import { createNotices } from '../notices.js';
import { checkbox, select, parsedInput, logSlider, slider } from '../controls.js';
import { chartBox } from '../charts/chart-box.js';
import { xyChart, xyLegend } from '../charts/xy-chart.js';
import { barChart } from '../charts/bars.js';
import { heatmap } from '../charts/heatmap.js';
import { SERIES } from '../charts/palette.js';
import { precise, short, milliseconds } from '../format.js';
import { partPanel, setProse, statList, fill, watcher, dk, attempt, mountParts } from './parts.js';
import { sampleCount, estimateMs, timed, refineLater, joinPieces, pieces, sampleLabel } from './progressive.js';

export const LESSON = {
  id: 'saturation', number: 3, title: 'Softmax saturates; the gradient dies; scaling fixes it', mount,
  announce: ['row:maxweight', 'row:entropy', 'row:variance'], // read out by the live region when they change
};

// d_k values of the gradient sweep: powers of two and the points halfway between them (on a log axis), 1 … 4096.
const SWEEP_DKS = [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048, 3072, 4096];
const REPORT_DKS = [64, 512]; // the d_k the prose reports on
const POW2_TICKS = [1, 4, 16, 64, 256, 1024, 4096];
// A full gradient sweep estimated above this many milliseconds is computed a few d_k at a time, one engine call per
// task (the rows of one d_k do not depend on the other d_k of the call, so the pieces join into the same result).
const SWEEP_PIECE_MS = 60;

const vec = (v) => `[${Array.from(v, (x) => precise(x)).join(', ')}]`;
/** A weight as a percentage with two decimals, as the source notes print it (display only). */
const percent = (p) => (Number.isFinite(p) ? `${(p * 100).toFixed(2)}%` : short(p));
const three = (p) => (Number.isFinite(p) ? p.toFixed(3) : short(p));
const index = (n) => Array.from({ length: n }, (_, i) => String(i + 1));

function intro() {
  return [
    el('p', {}, 'Lesson 2 showed that raw scores spread out in proportion to the number of dimensions. ',
      'This lesson follows that spread into the softmax. When the scores of a row are far apart, the exponential ',
      'hands nearly all the weight to the largest one, and such a row is almost flat: nudging a score barely moves ',
      'any weight, so hardly any gradient reaches the queries and keys during training.'),
    el('p', {}, 'Dividing the scores by √dₖ undoes the spread before the softmax sees it. ',
      'The parts below show the effect on two numbers, on a random row of scores, on the gradient averaged over ',
      'thousands of rows, and finally what happens to a softmax written without its usual safety shift.'),
  ];
}

function noticeBox() {
  const box = el('div', { className: 'notices part-notices', attrs: { 'aria-live': 'polite' } });
  return { box, notices: createNotices(box) };
}

function mount(root, context) {
  mountParts(root, context, LESSON, intro(), [pairsPart, rowPart, gradientPart, numericsPart]);
}

/** One bar chart of softmax weights in a chartBox. */
function weightsChart(id) {
  return chartBox({ id, kind: 'bars', maxWidth: 420 });
}

/* ---- 3.1 the source texts' small examples ---- */

function pairsPart(engine, store, number) {
  const part = partPanel({ id: 'pairs', number, title: 'Two scores, before and after scaling',
    formula: 'p_i = \\frac{\\exp(z_i)}{\\sum_{k=1}^{n} \\exp(z_k)}' });
  const { box, notices } = noticeBox();
  const problem = (key) => (text) => (text ? notices.show(key, text) : notices.clear(key));
  const scores = parsedInput(store, 'sscores', 'Raw scores', { onProblem: problem('sscores'), placeholder: '14, 10' });
  const dkInput = parsedInput(store, 'sdk', [...dk(), ' used for scaling'], { number: true, step: '1', onProblem: problem('sdk') });
  const close = parsedInput(store, 'sclose', 'Scores that are close', { onProblem: problem('sclose'), placeholder: '4, 5' });
  const far = parsedInput(store, 'sfar', 'Scores that are far apart', { onProblem: problem('sfar'), placeholder: '1, 10' });
  fill(part.controls, el('div', { className: 'panel control-panel' },
    el('div', { className: 'control-grid' }, scores.node, dkInput.node, close.node, far.node), box));

  const raw = weightsChart('pair-raw');
  const scaled = weightsChart('pair-scaled');
  const closeChart = weightsChart('pair-close');
  const farChart = weightsChart('pair-far');
  fill(part.figures,
    el('div', { className: 'figure-row chart-row' }, raw.node, scaled.node),
    el('div', { className: 'figure-row chart-row' }, closeChart.node, farChart.node));
  const changed = watcher(store, ['sscores', 'sdk', 'sclose', 'sfar']);

  const bars = (chart, id, title, weights, labels, text, extra = {}) => chart.set({
    title,
    draw: barChart({ id, ariaLabel: `${typeof title === 'string' ? title : id}: ${Array.from(weights, text).join(', ')}`,
      values: weights, labels, domain: [0, 1], color: SERIES.blue, valueText: text, yTicks: (v) => v.toFixed(1), height: 190, ...extra }),
  });

  return {
    node: part.node,
    render(state) {
      for (const c of [scores, dkInput, close, far]) c.sync(state);
      if (!changed(state)) return;
      const got = attempt(part, notices, 'The engine rejected these scores', () => ({
        before: engine.softmaxStats({ scores: state.sscores, dK: state.sdk, scaled: false }),
        after: engine.softmaxStats({ scores: state.sscores, dK: state.sdk, scaled: true }),
        wClose: engine.softmax(state.sclose),
        wFar: engine.softmax(state.sfar),
      }));
      if (got === null) return;
      const { before, after, wClose, wFar } = got;
      const scaledScores = after.scaledScores;
      setProse(part.prose, [[
        'The softmax reacts to the gaps between scores, and it reacts exponentially: a gap of a few units already hands ',
        'nearly all the weight to the larger score. The example starts from raw scores 14 and 10 with ', ...dk(), ' = 4. ',
        'Dividing by √', ...dk(), ' shrinks every gap by the same factor, and the right-hand chart (scaled scores in its title, ',
        'as the engine computed them) gives the smaller score a real share again. Edit the scores or ', ...dk(), ' and watch the bars.',
      ], [
        'The second pair of charts makes the same point with percentages: the softmax cares about differences between scores, ',
        'so scores close together split the weight, while a wide gap hands almost everything to one key.',
      ]]);
      const labels = state.sscores.map((z) => precise(z));
      bars(raw, 'pair-raw', `softmax(${vec(state.sscores)})`, before.weights, labels, three);
      bars(scaled, 'pair-scaled', [`softmax(${vec(scaledScores)}), scores ÷ √${state.sdk}`], after.weights, Array.from(scaledScores, (z) => precise(z)), three,
        { color: SERIES.green });
      bars(closeChart, 'pair-close', `softmax(${vec(state.sclose)})`, wClose, state.sclose.map((z) => precise(z)), percent);
      bars(farChart, 'pair-far', `softmax(${vec(state.sfar)})`, wFar, state.sfar.map((z) => precise(z)), percent, { color: SERIES.vermillion });
      fill(part.stats, statList('pairs', [
        ['rawmax', 'largest weight, raw scores', three(before.maxWeight), null, before.maxWeight],
        ['scaledmax', `largest weight, scores ÷ √${state.sdk}`, three(after.maxWeight), null, after.maxWeight],
      ]));
    },
  };
}

/* ---- 3.2 a random row of n scores at a chosen d_k ---- */

function rowPart(engine, store, number) {
  const part = partPanel({ id: 'row', number, title: 'A random row of scores at a chosen dₖ',
    formula: 'J = \\frac{\\partial p}{\\partial z} = \\operatorname{diag}(p) - p\\,p^{\\top}' });
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
  fill(part.figures, el('div', { className: 'figure-row chart-row' }, scoresChart.node, weights.node), jacobianBox);
  const changed = watcher(store, ['gdk', 'gn', 'gseed', 'gscaled']);

  return {
    node: part.node,
    render(state) {
      for (const c of controls) c.sync(state);
      if (!changed(state)) return;
      const r = attempt(part, notices, 'The engine rejected these settings',
        () => engine.softmaxStats({ dK: state.gdk, n: state.gn, scaled: state.gscaled, seed: state.gseed }));
      if (r === null) return;
      const logits = r.logits;
      setProse(part.prose, [[
        `The engine draws a row of ${state.gn} raw scores from a normal distribution with variance `, ...dk(), ` = ${state.gdk}: `,
        'the spread that dot products of random queries and keys with unit-variance entries have. ',
        state.gscaled ? ['They are divided by √', ...dk(), ' before the softmax, which brings their variance back to 1.']
          : ['They go into the softmax as they are; tick the box to divide them by √', ...dk(), ' first.'],
      ], [
        'The heatmap is the softmax Jacobian: entry (i, j) says how much weight i moves when score j is nudged. ',
        'It is the only route by which a gradient can get from the weights back to the scores. ',
        'Push ', ...dk(), ' up with scaling off and the row turns one-hot, the entropy falls towards 0 and the Jacobian fades to nothing.',
      ]]);
      const maxAbs = Math.max(...Array.from(logits, (v) => Math.abs(v)).filter(Number.isFinite), 1e-9);
      scoresChart.set({
        title: [state.gscaled ? 'Scores after ÷ √' : 'Raw scores (not scaled), ', ...(state.gscaled ? dk() : []), state.gscaled ? ', into the softmax' : 'into the softmax'],
        draw: barChart({ id: 'row-scores', ariaLabel: `Scores fed to the softmax: ${Array.from(logits, short).join(', ')}`, values: logits,
          labels: index(state.gn), domain: [-maxAbs, maxAbs], color: SERIES.purple, height: 200 }),
      });
      weights.set({
        title: 'Softmax weights',
        draw: barChart({ id: 'row-weights', ariaLabel: `Softmax weights: ${Array.from(r.weights, (w) => w.toFixed(3)).join(', ')}`, values: r.weights,
          labels: index(state.gn), domain: [0, 1], color: SERIES.blue, valueText: (w) => (Number.isFinite(w) ? w.toFixed(2) : short(w)),
          yTicks: (v) => v.toFixed(1), height: 200 }),
      });
      fill(jacobianBox, heatmap({ id: 'jacobian', title: ['Jacobian diag(p) − p pᵀ'], values: r.jacobian, rows: state.gn, cols: state.gn,
        rowLabels: index(state.gn), colLabels: index(state.gn), rowAxis: 'weight i', colAxis: 'score j', palette: 'diverging', domain: 0.25,
        note: 'Colours span ±0.25, the largest magnitude an entry can reach, so a fading Jacobian shows as fading colour.' }));
      fill(part.stats, statList('row', [
        ['variance', 'variance of the scores fed to the softmax', state.gscaled ? '1' : String(state.gdk),
          state.gscaled ? ['(', ...dk(), ` = ${state.gdk}, then ÷ √`, ...dk(), ')'] : ['(= ', ...dk(), ')'], state.gscaled ? 1 : state.gdk],
        ['maxweight', 'largest weight', precise(r.maxWeight), null, r.maxWeight],
        ['entropy', 'entropy of the weights', precise(r.entropy), `nats (at most ln ${state.gn} = ${precise(r.maxEntropy)}, reached by equal weights)`, r.entropy],
        r.effectiveKeys !== undefined ? ['keys', 'keys it effectively attends to, e^entropy', precise(r.effectiveKeys), `of ${state.gn}`, r.effectiveKeys] : null,
        ['jnorm', 'Jacobian norm ‖J‖', precise(r.jacobianNorm), '(Frobenius)', r.jacobianNorm],
      ]));
    },
  };
}

/* ---- 3.3 the gradient, measured over many rows ---- */

function gradientPart(engine, store, number) {
  const part = partPanel({ id: 'gradient', number, title: 'How much gradient gets through, averaged over many rows' });
  const { box, notices } = noticeBox();
  const problem = (text) => (text ? notices.show('input', text) : notices.clear('input'));
  const trials = parsedInput(store, 'gtrials', 'Random rows per dₖ', { number: true, step: '100', onProblem: problem });
  fill(part.controls, el('div', { className: 'panel control-panel' },
    el('p', { className: 'control-hint' }, 'The row length n and the seed are the ones chosen above.'),
    el('div', { className: 'control-grid' }, trials.node), box));
  const chart = chartBox({ id: 'gradient', kind: 'xy', maxWidth: 720 });
  const time = el('p', { className: 'sweep-time' });
  const label = sampleLabel();
  const verdict = el('div', { className: 'verdict', attrs: { 'aria-live': 'polite' } });
  fill(part.figures, label.node, time, el('div', { className: 'figure-row chart-row' }, chart.node), verdict);
  const changed = watcher(store, ['gn', 'gseed', 'gtrials']);

  const perTrial = (state) => 2 * SWEEP_DKS.length * state.gn; // the engine's own work measure for the normal model
  /** The sweep over `dKs` with `trials` rows per d_k, and the milliseconds it took; null (and a notice) on failure. */
  const measure = (state, dKs, trials) => attempt(part, notices, 'The engine rejected these settings', () => {
    const t0 = performance.now(); // timing only
    const g = timed('gradientSweep', (trials * perTrial(state) * dKs.length) / SWEEP_DKS.length,
      () => engine.gradientSweep({ dKs, n: state.gn, trials, seed: state.gseed }));
    return { g, elapsed: performance.now() - t0 };
  });

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
          steps.push(() => {
            const piece = measure(state, dKs, state.gtrials);
            if (piece) done.push(piece);
            if (piece && done.length === groups.length) {
              draw(state, joinPieces(done.map((d) => d.g), 'dKs'), done.reduce((t, d) => t + d.elapsed, 0));
            }
            return Boolean(piece);
          });
        }
      }
      refineLater(part, part.node, steps);
      if (now) draw(state, now.g, now.elapsed);
    },
  };

  /** Draws a sweep of g.trials rows per d_k that took `elapsed` ms (in one call or several). */
  function draw(state, g, elapsed) {
    label.set({ samples: g.trials, full: state.gtrials, unit: 'rows per dₖ' });
    const dKs = g.dKs ?? SWEEP_DKS;
    fill(time, `${g.trials} rows of ${state.gn} scores at each of ${dKs.length} values of `, ...dk(), ', in ',
      el('strong', { dataset: { ms: elapsed } }, milliseconds(elapsed)), '.');
    setProse(part.prose, [[
      'One row can be lucky or unlucky, so the engine averages. For each ', ...dk(), ` it draws ${state.gtrials} random rows `,
      '(fewer, for a quick preview, while n is still changing), ',
      'computes the norm of each row’s softmax Jacobian, with and without the division by √', ...dk(), ', and plots the mean. ',
      'Both curves use the same rows, so the gap between them is the effect of the scaling alone. The axes are logarithmic.',
    ], [
      'The scaled curve is level: after dividing by √', ...dk(), ' every row has the same spread whatever ', ...dk(), ' is. ',
      'The unscaled curve first creeps slightly above it, because at very small ', ...dk(),
      ' the rows are flatter than the sharpness at which the Jacobian is largest; beyond that it falls steadily.',
    ]]);
    const series = [
      { id: 'unscaled', label: 'raw scores', kind: 'line', marker: true, x: dKs, y: g.unscaled.meanNorm, color: SERIES.vermillion, symbol: 'circle' },
      { id: 'scaled', label: 'scores ÷ √dₖ', kind: 'line', marker: true, x: dKs, y: g.scaled.meanNorm, color: SERIES.blue, symbol: 'square', dash: '7 3' },
    ];
    chart.set({ title: 'Mean Jacobian norm against dₖ (log–log)', legend: xyLegend(series),
      draw: xyChart({ id: 'gradient', ariaLabel: 'Mean norm of the softmax Jacobian against d_k on log–log axes, for raw and for scaled scores',
        xLabel: 'dₖ (log scale)', yLabel: 'mean ‖J‖ (log scale)', xScale: 'log', yScale: 'log', xTicks: POW2_TICKS, series, height: 320 }) });

    const at = (d) => dKs.indexOf(d);
    fill(verdict, REPORT_DKS.filter((d) => at(d) >= 0).map((d) => {
      const i = at(d);
      return el('p', { dataset: { report: d } }, 'At ', ...dk(), ` = ${d}: the unscaled mean norm is `,
        el('strong', { dataset: { stat: `unscaled${d}`, value: g.unscaled.meanNorm[i] } }, precise(g.unscaled.meanNorm[i])),
        ', against ', el('strong', { dataset: { stat: `scaled${d}`, value: g.scaled.meanNorm[i] } }, precise(g.scaled.meanNorm[i])),
        // "only" when less gets through (a preview's few rows, or a small d_k, can give a ratio above 1).
        g.ratio[i] < 1 ? ' with scaling: only ' : ' with scaling: ', el('strong', { dataset: { stat: `ratio${d}`, value: g.ratio[i] } }, percent(g.ratio[i])),
        ' of it gets through.');
    }));
    fill(part.stats, statList('gradient', [
      ['first', `mean norm at dₖ = ${dKs[0]} (both curves)`, precise(g.scaled.meanNorm[0]), null, g.scaled.meanNorm[0]],
      ['lastunscaled', `unscaled, dₖ = ${dKs[dKs.length - 1]}`, precise(g.unscaled.meanNorm[dKs.length - 1]), null, g.unscaled.meanNorm[dKs.length - 1]],
      ['lastscaled', `scaled, dₖ = ${dKs[dKs.length - 1]}`, precise(g.scaled.meanNorm[dKs.length - 1]), null, g.scaled.meanNorm[dKs.length - 1]],
    ]));
  }
}

/* ---- 3.4 numerics: the naive softmax overflows ---- */

function numericsPart(engine, store, number) {
  const part = partPanel({ id: 'numerics', number, title: 'When exp overflows',
    formula: '\\frac{e^{\\beta z_i}}{\\sum_j e^{\\beta z_j}} = \\frac{e^{\\beta z_i - m}}{\\sum_j e^{\\beta z_j - m}},\\quad m = \\max_j \\beta z_j' });
  const { box, notices } = noticeBox();
  const problem = (key) => (text) => (text ? notices.show(key, text) : notices.clear(key));
  const scores = parsedInput(store, 'nscores', 'Scores z', { onProblem: problem('nscores'), placeholder: '1, 2, 3, 4' });
  const beta = logSlider(store, 'nbeta', ['Multiplier ', el('var', {}, 'β'), ' (logarithmic track)'], { lo: 0.01, hi: 10000, integers: false });
  const betaBox = parsedInput(store, 'nbeta', [el('var', {}, 'β'), ' (type a value)'], { number: true, step: 'any', onProblem: problem('nbeta') });
  const precision = select(store, 'nprec', 'Precision', [['float32', 'float32 (the engine’s kernels)'], ['float64', 'float64']]);
  const controls = [scores, beta, betaBox, precision];
  fill(part.controls, el('div', { className: 'panel control-panel' },
    el('div', { className: 'control-grid' }, scores.node, beta.node, betaBox.node, precision.node), box));

  const naive = chartBox({ id: 'naive', kind: 'bars', maxWidth: 420 });
  const stable = chartBox({ id: 'stable', kind: 'bars', maxWidth: 420 });
  const table = el('div', { className: 'numerics-table' });
  fill(part.figures, el('div', { className: 'figure-row chart-row' }, naive.node, stable.node), table);
  const changed = watcher(store, ['nscores', 'nbeta', 'nprec']);

  return {
    node: part.node,
    render(state) {
      for (const c of controls) c.sync(state);
      if (!changed(state)) return;
      const r = attempt(part, notices, 'The engine could not compute this', () => engine.softmaxNumerics({ values: state.nscores, beta: state.nbeta }));
      if (r === null) return;
      const bits = state.nprec === 'float32' ? '32' : '64';
      const wNaive = r[`naive${bits}`];
      const wStable = r[`stable${bits}`];
      const limit = r[`overflowAt${bits}`];
      const broken = !r[`naive${bits}Ok`]; // the engine's check: every weight finite and the row summing to 1
      setProse(part.prose, [[
        'Written straight from the formula, the softmax first computes exp(β·zᵢ) for every score. ',
        'Past the overflow limit of the number format the exponential no longer fits and becomes ∞, ',
        'and ∞ divided by ∞ is NaN (“not a number”). The stable version subtracts the largest β·zⱼ first; ',
        'that changes nothing mathematically, as the second form of the formula shows, but every exponent is then at most 0.',
      ], [
        `In ${state.nprec} the limit is about ${precise(limit)}; the largest β·z here is ${precise(r.maxLogit)}. `,
        'Raise β, or type larger scores, until the left chart breaks, then switch the precision. ',
        broken ? el('strong', { className: 'broken', dataset: { broken: '1' } }, 'It has broken: the naive formula failed, the stable one is unaffected.')
          : el('span', { dataset: { broken: '0' } }, 'Right now both give the same weights.'),
      ]]);
      const labels = state.nscores.map((z) => precise(z));
      const text = (w) => (Number.isFinite(w) ? w.toFixed(2) : short(w));
      naive.set({ title: `Naive, ${state.nprec}`, draw: barChart({ id: 'naive', ariaLabel: `Naive softmax: ${Array.from(wNaive, text).join(', ')}`,
        values: wNaive, labels, domain: [0, 1], color: SERIES.vermillion, valueText: text, yTicks: (v) => v.toFixed(1), height: 180 }) });
      stable.set({ title: `Stable (maximum subtracted), ${state.nprec}`, draw: barChart({ id: 'stable', ariaLabel: `Stable softmax: ${Array.from(wStable, text).join(', ')}`,
        values: wStable, labels, domain: [0, 1], color: SERIES.blue, valueText: text, yTicks: (v) => v.toFixed(1), height: 180 }) });
      const columns = [['naive32', 'naive, float32'], ['stable32', 'stable, float32'], ['naive64', 'naive, float64'], ['stable64', 'stable, float64']];
      const cell = (v) => el('td', { className: `num${Number.isFinite(v) ? '' : ' bad'}`, dataset: { value: String(v) } }, precise(v));
      fill(table, el('p', { className: 'table-title' }, `Every weight as the engine returned it, in both precisions (β = ${state.nbeta})`),
        el('div', { className: 'table-scroll' }, el('table', { className: 'examples numerics', dataset: { table: 'numerics' } },
        el('thead', {}, el('tr', {}, el('th', { attrs: { scope: 'col' } }, 'score z'), columns.map(([, label]) => el('th', { attrs: { scope: 'col' } }, label)))),
        el('tbody', {}, state.nscores.map((z, i) => el('tr', {}, el('td', { className: 'num' }, precise(z)), columns.map(([key]) => cell(r[key][i]))))))));
      fill(part.stats, statList('numerics', [
        ['maxlogit', 'largest β·z', precise(r.maxLogit), null, r.maxLogit],
        ['limit32', 'exp overflows in float32 above', precise(r.overflowAt32), '(ln of the largest float32)', r.overflowAt32],
        ['limit64', 'exp overflows in float64 above', precise(r.overflowAt64), '(ln of the largest float64)', r.overflowAt64],
        ['broken', `naive softmax in ${state.nprec}`, broken ? 'failed (∞, NaN or not summing to 1)' : 'fine', null, broken ? 1 : 0],
      ]));
    },
  };
}
