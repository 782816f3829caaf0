// Lesson 4: softmax read as a Boltzmann distribution with inverse temperature β, which index it normalises, the
// derivation of Var(q·k) = d_k with every step measured, what happens to it when Q = X·W_q and K = X·W_k break its
// assumptions, and weight drift. Every number shown comes from the engine; this module picks, labels and lays them out.
import { el, clear } from '../dom.js';
import { tex } from '../math.js';
import { createNotices } from '../notices.js';
import { parsedInput, logSlider, slider } from '../controls.js';
import { chartBox } from '../charts/chart-box.js';
import { xyChart, xyLegend } from '../charts/xy-chart.js';
import { barChart } from '../charts/bars.js';
import { heatmap } from '../charts/heatmap.js';
import { SERIES } from '../charts/palette.js';
import { precise, short } from '../format.js';
import { partPanel, setProse, statList, fill, watcher, dk, attempt, mountParts } from './parts.js';
import { sampleCount, estimateMs, timed, refineLater, joinPieces, slicePiece, pieces, sampleLabel, DIRECT_MS } from './progressive.js';

export const LESSON = {
  id: 'temperature', number: 4, title: 'Temperature, and where 1/√dₖ comes from', mount,
  announce: ['boltzmann:temperature', 'boltzmann:maxweight', 'assumptions:scaled', 'drift:measured'], // read out by the live region
};

// The β grid of the sweep chart: 10^(k/10) for k = −30 … 30, so ten points per decade from 10⁻³ to 10³.
const BETA_GRID = Array.from({ length: 61 }, (_, k) => 10 ** ((k - 30) / 10));
// Drift factors of the drift charts: 0.25 … 4 on a log grid (three points per octave), 1 among them.
const DRIFT_GRID = Array.from({ length: 13 }, (_, k) => 2 ** ((k - 6) / 3));
const DRIFT_TICKS = [0.25, 0.5, 1, 2, 4];
// While the learner drags a 4.4 setting the drift chart is previewed on one factor per octave (0.25, 0.5, 1, 2, 4) …
const PREVIEW_DRIFTS = DRIFT_GRID.filter((_, k) => k % 3 === 0);
// … and the full grid is then computed a few factors per engine call, each call estimated at about this many ms.
const DRIFT_PIECE_MS = 100;
// Independent draws of X, W_q and W_k per setting: a display choice that keeps a slider move near 0.1 s at the
// defaults, with standard errors of about 1.5 % on the variances (they are printed).
const ASSUMPTION_SAMPLES = 150;
const LINE_COLORS = [SERIES.blue, SERIES.vermillion, SERIES.green, SERIES.orange, SERIES.purple, SERIES.sky, SERIES.grey];
const LINE_DASHES = [null, '6 3', '2 3', '8 3 2 3'];
const QUERY = ['q₁', 'q₂', 'q₃'];
const KEY = ['k₁', 'k₂', 'k₃'];

const beta = () => el('var', {}, 'β');
const sub = (base, s) => [el('var', {}, base), el('sub', {}, s)];
const sigma = (s) => [el('var', {}, 'σ'), el('sub', {}, s)];
const three = (p) => (Number.isFinite(p) ? p.toFixed(3) : short(p));
/** "12.34 ± 0.56": a Monte Carlo estimate with its standard error (formatting only). */
const pm = (value, se) => `${precise(value)} ± ${Number.isFinite(se) ? Number(se.toPrecision(2)).toString().replace('-', '\u2212') : short(se)}`;
const temperatureText = (t) => (t === Infinity ? '∞' : precise(t));

function intro() {
  return [
    el('p', {}, 'Physicists met the softmax long before machine learning did. A system in contact with a heat bath sits ',
      'in state i with a probability proportional to e', el('sup', {}, '−Eᵢ/kT'), ': low-energy states are favoured, and how strongly ',
      'depends on the temperature T. Read a score as a negative energy and 1/T as a dial β in front of the scores, ',
      'and the attention weights are exactly such a distribution. Dividing by √dₖ is one particular setting of that dial.'),
    el('p', {}, 'This lesson turns the dial, then asks where the setting β = 1/√dₖ comes from. It rests on a short ',
      'variance calculation with four assumptions behind it; the engine measures each line of that calculation, then ',
      'builds queries and keys the way a real layer does and shows which assumptions hold, which fail, and by how much.'),
  ];
}

function noticeBox() {
  const box = el('div', { className: 'notices part-notices', attrs: { 'aria-live': 'polite' } });
  return { box, notices: createNotices(box) };
}


function mount(root, context) {
  // 4.4 hands its result to 4.5 (the sharpness with β reset for unit variance, the same at every drift factor).
  mountParts(root, context, LESSON, intro(), [boltzmannPart, normalisationPart, derivationPart, assumptionsPart, driftPart]);
}

/** A row of buttons that set state values ("Try: β = 0.001 · 1 · 1000"). */
function presetRow(store, hint, presets) {
  return el('div', { className: 'preset-row' }, el('span', { className: 'control-hint' }, hint), presets.map(([label, patch, aria]) => {
    // The spoken name starts with the visible label (WCAG 2.5.3, label in name), then says what the button does.
    const b = el('button', { type: 'button', className: 'control-button small', textContent: label, attrs: aria ? { 'aria-label': `${label}: ${aria}` } : {} });
    b.addEventListener('click', () => store.set(patch));
    return b;
  }));
}

/* ---- 4.1 softmax as a Boltzmann distribution ---- */

function boltzmannPart(engine, store, number) {
  const part = partPanel({ id: 'boltzmann', number, title: 'The softmax is a Boltzmann distribution',
    formula: 'p_i = \\frac{e^{\\beta s_i}}{\\sum_{j} e^{\\beta s_j}},\\qquad T = \\frac{1}{\\beta}' });
  const { box, notices } = noticeBox();
  const problem = (key) => (text) => (text ? notices.show(key, text) : notices.clear(key));
  const scores = parsedInput(store, 'tscores', ['Scores ', el('var', {}, 's'), ' (up to 12)'], { onProblem: problem('tscores'), placeholder: '3, 2, 0.5, −1' });
  const betaSlider = logSlider(store, 'tbeta', ['Inverse temperature ', beta(), ' (logarithmic track, 10⁻³ … 10³)'],
    { lo: 0.001, hi: 1000, integers: false });
  const temperature = el('output', { className: 'temperature-readout' });
  const betaBox = parsedInput(store, 'tbeta', [beta(), ' (type a value; 0 is allowed)'], { number: true, step: 'any', onProblem: problem('tbeta'), extra: [temperature] });
  const shift = parsedInput(store, 'tshift', ['Constant ', el('var', {}, 'c'), ' added to every score'], { number: true, step: 'any', onProblem: problem('tshift') });
  const presets = presetRow(store, 'Try:', [
    ['β = 0.001', { tbeta: 0.001 }, 'Set β to 0.001, nearly zero'],
    ['β = 1', { tbeta: 1 }, 'Set β to 1'],
    ['β = 1000', { tbeta: 1000 }, 'Set β to 1000'],
  ]);
  const controls = [scores, betaSlider, betaBox, shift];
  fill(part.controls, el('div', { className: 'panel control-panel' },
    el('div', { className: 'control-grid control-grid-2' }, scores.node, shift.node),
    el('div', { className: 'beta-row' }, betaSlider.node, betaBox.node), presets, box));

  const weights = chartBox({ id: 'boltzmann-weights', kind: 'bars', maxWidth: 460 });
  const shifted = chartBox({ id: 'boltzmann-shifted', kind: 'bars', maxWidth: 460 });
  const sweep = chartBox({ id: 'boltzmann-sweep', kind: 'xy', maxWidth: 620 });
  const entropy = chartBox({ id: 'boltzmann-entropy', kind: 'xy', maxWidth: 620 });
  fill(part.figures, el('div', { className: 'figure-row chart-row' }, weights.node, shifted.node),
    el('div', { className: 'figure-row chart-row' }, sweep.node, entropy.node));
  const changed = watcher(store, ['tscores', 'tbeta', 'tshift']);
  const gridChanged = watcher(store, ['tscores']);
  let grid = null;

  return {
    node: part.node,
    render(state) {
      for (const c of controls) c.sync(state);
      if (!changed(state)) return;
      const fresh = gridChanged(state);
      const r = attempt(part, notices, 'The engine rejected these scores', () => ({
        now: engine.boltzmann({ scores: state.tscores, betas: [state.tbeta], shift: state.tshift }),
        grid: fresh || !grid ? engine.boltzmann({ scores: state.tscores, betas: BETA_GRID }) : grid,
      }));
      if (!r) return;
      grid = r.grid;
      const p = r.now;
      const n = p.n;
      const T = p.temperatures[0];
      fill(temperature, 'Temperature ', el('var', {}, 'T'), ' = 1/', beta(), ' = ',
        el('strong', { dataset: { stat: 'temperature', value: T } }, temperatureText(T)));

      setProse(part.prose, [[
        'The scores play the part of negative energies, and ', beta(), ' = 1/', el('var', {}, 'T'), ' multiplies them before ',
        'the exponential. A hot system (', beta(), ' near 0) barely distinguishes its states, so the weights approach ',
        `1/${n} each; a cold one (large `, beta(), ') settles into its lowest-energy state, so all the weight goes to ',
        'the largest score. Drag the slider across six decades and watch the bars, and the curves below, move between the two.',
      ], [
        'Only differences between scores matter: adding ', el('var', {}, 'c'), ' to every score multiplies each exponential and ',
        'their sum by the same factor e', el('sup', {}, 'βc'), ', which cancels. The green chart feeds the ',
        'shifted scores to the engine and gets the same bars back; the largest difference it found is printed below.',
      ]]);

      const labels = state.tscores.map((z) => precise(z));
      const text = (w) => (Number.isFinite(w) ? w.toFixed(3) : short(w));
      weights.set({ title: ['softmax(', beta(), ' · s) at ', beta(), ` = ${state.tbeta}`],
        draw: barChart({ id: 'boltzmann-weights', ariaLabel: `Weights at β = ${state.tbeta}: ${Array.from(p.weights, text).join(', ')}`,
          values: p.weights, labels, domain: [0, 1], color: SERIES.blue, valueText: text, yTicks: (v) => v.toFixed(1), height: 190 }) });
      shifted.set({ title: ['softmax(', beta(), ` · (s + ${precise(state.tshift)}))`],
        draw: barChart({ id: 'boltzmann-shifted', ariaLabel: `Weights of the shifted scores: ${Array.from(p.shiftedWeights, text).join(', ')}`,
          values: p.shiftedWeights, labels: Array.from(p.shiftedScores, (z) => precise(z)), domain: [0, 1], color: SERIES.green,
          valueText: text, yTicks: (v) => v.toFixed(1), height: 190 }) });

      const betas = Array.from(grid.betas);
      const weightSeries = labels.map((label, i) => ({
        id: `w${i}`, label: `score ${label}`, kind: 'line', x: betas, y: betas.map((_, k) => grid.weights[k * n + i]),
        color: LINE_COLORS[i % LINE_COLORS.length], dash: LINE_DASHES[Math.floor(i / LINE_COLORS.length) % LINE_DASHES.length],
      }));
      const onTrack = state.tbeta >= betas[0] && state.tbeta <= betas[betas.length - 1];
      const marker = (top) => (onTrack ? [{ id: 'now', label: `β = ${state.tbeta}`, kind: 'line', x: [state.tbeta, state.tbeta], y: [0, top],
        color: '#1b1f24', dash: '3 3', width: 1.2 }] : []);
      const sweepSeries = [...weightSeries, ...marker(1)];
      sweep.set({ title: ['Each weight as ', beta(), ' runs from 10⁻³ to 10³'], legend: xyLegend(sweepSeries),
        draw: xyChart({ id: 'boltzmann-sweep', ariaLabel: `Softmax weights of the scores ${labels.join(', ')} against β on a log axis from 0.001 to 1000`,
          xLabel: 'β (log scale)', yLabel: 'weight', xScale: 'log', yDomain: [0, 1], series: sweepSeries, height: 260 }) });
      const entropySeries = [
        { id: 'entropy', label: 'entropy of the weights (nats)', kind: 'line', x: betas, y: grid.entropy, color: SERIES.purple },
        { id: 'max', label: `ln ${n}: uniform weights`, kind: 'line', x: [betas[0], betas[betas.length - 1]], y: [grid.maxEntropy, grid.maxEntropy],
          color: '#1b1f24', dash: '6 4', width: 1.4 },
        ...marker(grid.maxEntropy),
      ];
      entropy.set({ title: 'Entropy: ln n when hot, 0 when frozen onto one score', legend: xyLegend(entropySeries),
        draw: xyChart({ id: 'boltzmann-entropy', ariaLabel: `Entropy of the weights against β; ln ${n} = ${precise(grid.maxEntropy)} at small β`,
          xLabel: 'β (log scale)', yLabel: 'entropy (nats)', xScale: 'log', yFromZero: true, series: entropySeries, height: 260 }) });

      fill(part.stats, statList('boltzmann', [
        ['beta', 'β', String(state.tbeta), null, state.tbeta],
        ['temperature', 'T = 1/β', temperatureText(T), null, T],
        ['maxweight', 'largest weight', precise(p.maxWeight[0]), `(score ${precise(p.scores[p.argmax[0]])})`, p.maxWeight[0]],
        ['entropy', 'entropy', precise(p.entropy[0]), `(ln ${n} = ${precise(p.maxEntropy)} is the uniform limit)`, p.entropy[0]],
        ['effective', 'effective number of scores, e^entropy', precise(p.effectiveKeys[0]), `(between 1 and ${n})`, p.effectiveKeys[0]],
        ['shiftchange', `largest change after adding ${precise(state.tshift)}`, precise(p.shiftChange[0]), '(rounding only)', p.shiftChange[0]],
      ]));
    },
  };
}

/* ---- 4.2 which index is normalised ---- */

/** Nine number boxes for a 3×3 list key, row by row; a box with a value the table rejects is reported on leaving it. */
function matrixEditor(store, key, onProblem) {
  const type = store.type(key);
  const inputs = [];
  const grid = el('div', { className: 'matrix-editor', attrs: { role: 'group', 'aria-label': 'Scores, query rows by key columns' } },
    el('span', {}), KEY.map((k) => el('span', { className: 'matrix-head' }, k)));
  for (let i = 0; i < 3; i += 1) {
    grid.append(el('span', { className: 'matrix-head' }, QUERY[i]));
    for (let j = 0; j < 3; j += 1) {
      const at = 3 * i + j;
      const input = el('input', { type: 'number', step: 'any', inputMode: 'decimal', dataset: { key, cell: at },
        attrs: { 'aria-label': `score of ${QUERY[i]} against ${KEY[j]}` } });
      const write = (report) => {
        const next = [...store.get()[key]];
        next[at] = Number(input.value);
        if (input.value.trim() !== '' && type.accepts(next)) {
          if (next[at] !== store.get()[key][at]) store.set({ [key]: next });
          onProblem(null);
        } else if (report) {
          onProblem(`The score of ${QUERY[i]} against ${KEY[j]}, ${JSON.stringify(input.value)}, is not allowed (expected a number from −1000 to 1000).`);
        }
      };
      input.addEventListener('input', () => write(false));
      input.addEventListener('change', () => write(true));
      inputs.push(input);
      grid.append(input);
    }
  }
  return {
    node: el('div', { className: 'control control-matrix' }, el('span', { className: 'control-label' }, 'Scores S (rows: queries, columns: keys)'), grid),
    sync(state) {
      inputs.forEach((input, at) => {
        const v = state[key][at];
        const focused = input.getRootNode().activeElement === input; // (the root is a shadow root inside a custom element)
        if (focused && (input.value.trim() === '' || Number(input.value) === v)) return; // mid-edit
        if (input.value !== String(v)) input.value = String(v);
      });
    },
  };
}

function normalisationPart(engine, store, number) {
  const part = partPanel({ id: 'normalisation', number, title: 'Which index does the softmax normalise over?' });
  const { box, notices } = noticeBox();
  const problem = (text) => (text ? notices.show('input', text) : notices.clear('input'));
  const matrix = matrixEditor(store, 'tmatrix', problem);
  const presets = presetRow(store, 'Try:', [
    ['symmetric', { tmatrix: [2, 1, 0, 1, 3, 1, 0, 1, 2] }, 'Load a symmetric score matrix'],
    ['one large score', { tmatrix: [0, 0, 0, 0, 5, 0, 0, 0, 0] }, 'Load a matrix with one large score'],
    ['the default', { tmatrix: [2, 0, 1, 4, 1, 0, 1, 3, 2] }, 'Load the default matrix'],
  ]);
  fill(part.controls, el('div', { className: 'panel control-panel' },
    el('p', { className: 'control-hint' }, 'β is the one chosen in 4.1.'), el('div', { className: 'control-grid' }, matrix.node, presets), box));

  const rowsFormula = [el('p', { className: 'formula-label' }, 'Over the last index, the keys (what attention does):'),
    tex('w_{ij} = \\frac{e^{\\beta s_{ij}}}{\\sum_{m=1}^{n} e^{\\beta s_{im}}}', { display: true })];
  const columnsFormula = [el('p', { className: 'formula-label' }, 'Over the first index, the queries (the paper’s formula as printed):'),
    tex('w_{ij} = \\frac{e^{\\beta s_{ij}}}{\\sum_{m=1}^{N} e^{\\beta s_{mj}}}', { display: true })];
  const maps = el('div', { className: 'figure-row maps-row' });
  const sums = el('div', { className: 'sums-table' });
  fill(part.figures, maps, sums);
  const changed = watcher(store, ['tmatrix', 'tbeta']);

  setProse(part.prose, [[
    'Attention turns a matrix of scores into weights, and a matrix has two indices to normalise over. ',
    'Row i of S holds query i’s scores against every key, and attention asks each query to share out one unit of ',
    'weight among the keys: the softmax runs along each row, over the last index, and every row of the weights sums to 1.',
  ], [
    'The paper these lessons follow says the same in words (the softmax acts on the last dimension), but the formula ',
    'it prints sums over the first index i₁ with the column j held fixed, so each column would sum to 1 instead: ',
    'every key would share out its weight among the queries. The engine computes both from the same scores. ',
    'They differ, and only the first one is attention; for a symmetric S the second is the transpose of the first, ',
    'which is why a symmetric example can hide the slip.',
  ]]);

  return {
    node: part.node,
    render(state) {
      matrix.sync(state);
      if (!changed(state)) return;
      const r = attempt(part, notices, 'The engine rejected this matrix', () => engine.normalisationDemo({ scores: state.tmatrix, rows: 3, cols: 3, beta: state.tbeta }));
      if (!r) return;
      const map = (id, title, values, palette, extra = {}) => heatmap({ id, title, values, rows: 3, cols: 3, rowLabels: QUERY, colLabels: KEY,
        rowAxis: 'query', colAxis: 'key', palette, ...extra });
      fill(maps,
        el('div', { className: 'map-column' }, el('p', { className: 'formula-label' }, 'The scores, as typed above:'), el('div', { className: 'tex-display map-spacer' }),
          map('norm-scores', 'Scores S', r.scores, 'diverging')),
        el('div', { className: 'map-column' }, rowsFormula,
          map('norm-rows', 'Rows sum to 1', r.byRow, 'sequential', { domain: [0, 1] })),
        el('div', { className: 'map-column' }, columnsFormula,
          map('norm-columns', 'Columns sum to 1', r.byColumn, 'sequential', { domain: [0, 1] })));
      const cells = (values, stat) => Array.from(values, (v, i) => el('td', { className: 'num', dataset: { stat: `${stat}${i}`, value: v } }, precise(v)));
      const head = el('tr', {}, el('th', { attrs: { scope: 'col' } }, 'normalised'), [1, 2, 3].map((i) => el('th', { attrs: { scope: 'col' } }, String(i))));
      fill(sums, el('p', { className: 'table-title' }, `Sums the engine reports for the two weight matrices (β = ${state.tbeta})`),
        el('div', { className: 'table-scroll' }, el('table', { className: 'examples', dataset: { table: 'sums' } },
          el('thead', {}, head),
          el('tbody', {},
            el('tr', {}, el('th', { attrs: { scope: 'row' } }, 'over keys, row sums'), cells(r.byRowRowSums, 'rr')),
            el('tr', {}, el('th', { attrs: { scope: 'row' } }, 'over keys, column sums'), cells(r.byRowColumnSums, 'rc')),
            el('tr', {}, el('th', { attrs: { scope: 'row' } }, 'over queries, row sums'), cells(r.byColumnRowSums, 'cr')),
            el('tr', {}, el('th', { attrs: { scope: 'row' } }, 'over queries, column sums'), cells(r.byColumnColumnSums, 'cc'))))));
      fill(part.stats, statList('normalisation', [
        ['maxdiff', 'largest difference between the two weight matrices', precise(r.maxDifference),
          r.maxDifference < 1e-12 ? '(they agree here)' : '(they are different matrices)', r.maxDifference],
        ['kernel', 'the engine’s float32 attention softmax against “over the keys”', precise(r.kernelMaxDifference),
          '(largest difference: float32 rounding; the kernel normalises rows)', r.kernelMaxDifference],
      ]));
    },
  };
}

/* ---- 4.3 the derivation, measured ---- */

function derivationPart(engine, store, number) {
  const part = partPanel({ id: 'derivation', number, title: 'Var(q · k) = dₖ, one line at a time' });
  const { box, notices } = noticeBox();
  const problem = (text) => (text ? notices.show('input', text) : notices.clear('input'));
  const num = (key, label, step) => parsedInput(store, key, label, { number: true, step, onProblem: problem });
  const dkSlider = logSlider(store, 'tdk', [...dk(), ' (logarithmic track)']);
  const controls = [
    dkSlider,
    num('tdk', [...dk(), ' (type a value)'], '1'),
    num('tsamples', 'Random (q, k) pairs', '100'),
    num('tseed', 'Seed (every random part of this lesson)', '1'),
    slider(store, 'tdmean', ['mean of every qᵢ and kᵢ, ', el('var', {}, 'μ')], { step: 0.1 }),
    slider(store, 'tdsd', ['their standard deviation, ', el('var', {}, 'σ')], { step: 0.1 }),
    slider(store, 'tdcorr', ['correlation of qᵢ with kᵢ, ', el('var', {}, 'ρ')], { step: 0.05 }),
  ];
  const presets = presetRow(store, 'Break one assumption:', [
    ['none', { tdmean: 0, tdsd: 1, tdcorr: 0 }, 'Every assumption holds'],
    ['μ = 1', { tdmean: 1, tdsd: 1, tdcorr: 0 }, 'Means of 1'],
    ['σ = 2', { tdmean: 0, tdsd: 2, tdcorr: 0 }, 'Standard deviation 2'],
    ['ρ = 0.5', { tdmean: 0, tdsd: 1, tdcorr: 0.5 }, 'Correlation 0.5 between qᵢ and kᵢ'],
  ]);
  fill(part.controls, el('div', { className: 'panel control-panel' },
    el('div', { className: 'control-grid' }, controls.map((c) => c.node), presets), box));
  const steps = el('div', { className: 'derivation' });
  const assumptions = el('div', { className: 'assumption-table' });
  const label = sampleLabel();
  fill(part.figures, label.node, steps, assumptions);
  const changed = watcher(store, ['tdk', 'tsamples', 'tseed', 'tdmean', 'tdsd', 'tdcorr']);

  // The engine's draws are nested (more samples keep the first ones), so a preview is the start of the full run.
  const measure = (state, samples) => attempt(part, notices, 'The engine rejected these settings', () => timed('derivation', samples * state.tdk,
    () => engine.derivation({ dK: state.tdk, samples, seed: state.tseed, meanQ: state.tdmean, meanK: state.tdmean,
      sigmaQ: state.tdsd, sigmaK: state.tdsd, correlation: state.tdcorr })));

  return {
    node: part.node,
    render(state) {
      for (const c of controls) c.sync(state);
      if (!changed(state)) return;
      const plan = sampleCount('derivation', state.tdk, state.tsamples);
      const r = measure(state, plan.samples);
      refineLater(part, part.node, r && plan.preview ? [() => {
        const full = measure(state, state.tsamples);
        if (full) draw(state, full);
        return Boolean(full);
      }] : null);
      if (r) draw(state, r);
    },
  };

  function draw(state, r) {
    label.set({ samples: r.samples, full: state.tsamples, unit: 'pairs' });
    const holds = state.tdmean === 0 && state.tdsd === 1 && state.tdcorr === 0;
    setProse(part.prose, [[
      'Where does √dₖ come from? Suppose each of the ', ...dk(), ' components of a query and of a key is a random number ',
      'with mean 0 and variance 1, and that all of them are independent of one another. Then the variance of their dot ',
      'product takes four lines to work out. The engine draws ', String(state.tsamples), ' such pairs at ', ...dk(), ` = ${state.tdk} `,
      '(fewer, for a quick preview, while a value is still changing) and measures the quantity on every line directly, ',
      'so each equals sign can be checked against numbers. ',
      'Each measurement carries its standard error, roughly how far it would move with another seed.',
    ], [
      'Every line leans on an assumption. The second needs the ', ...dk(), ' products qᵢkᵢ to be uncorrelated with each other; ',
      'the third needs zero means and qᵢ independent of kᵢ, because even for independent factors ',
      'Var(qk) = Var(q)Var(k) + Var(q)(E k)² + Var(k)(E q)²; the last needs unit variances. ',
      'The second table measures each of those properties on the same draws. Dividing the scores by the square root of ',
      'the result, √', ...dk(), ', is what brings their variance back to 1.',
    ], holds ? [
      'Use the buttons below to break one assumption at a time and see which equals sign stops holding.',
    ] : [
      `With μ = ${state.tdmean}, σ = ${state.tdsd} and ρ = ${state.tdcorr} the exact column shows where the chain breaks: `,
      'a line marked ≠ no longer equals the one before it. Components still do not influence one another, so the ',
      'first equals sign survives every setting here; what gives way is the product rule (a mean or a correlation) ',
      'or the last line (a σ other than 1).',
    ]]);
    // A line whose exact value differs from the previous line's is marked (a comparison of engine numbers, for the label).
    const differs = (a, b) => Math.abs(a - b) > 1e-9 * (1 + Math.abs(b));
    const lines = [
      ['vardot', '\\operatorname{Var}(q\\cdot k) = \\operatorname{Var}\\Big(\\sum_{i=1}^{d_k} {\\textstyle q_i k_i}\\Big)', r.varDot, 'the definition of the dot product'],
      ['sumvarprod', '\\sum_{i=1}^{d_k} \\operatorname{Var}(q_i k_i)', r.sumVarProducts, 'the products qᵢkᵢ are uncorrelated'],
      ['sumvarvar', '\\sum_{i=1}^{d_k} \\operatorname{Var}(q_i)\\,\\operatorname{Var}(k_i)', r.sumVarQVarK, 'zero means; qᵢ independent of kᵢ'],
      ['dk', `\\sum_{i=1}^{d_k} 1\\cdot 1 = d_k = ${state.tdk}`, { value: state.tdk, stdError: 0, theory: state.tdk }, 'unit variances'],
    ];
    const rows = lines.map(([id, formula, q, why], i) => {
      const broken = i > 0 && differs(q.theory, lines[i - 1][2].theory);
      const relation = i === 0 ? '' : broken ? '≠' : '=';
      return el('tr', { dataset: { step: id, broken: broken ? '1' : '0' }, className: broken ? 'broken-line' : '' },
        el('td', { className: 'relation', attrs: { 'aria-label': broken ? 'not equal to the line above' : i ? 'equal to the line above' : '' } }, relation),
        el('td', { className: 'derivation-tex' }, tex(formula)),
        el('td', { className: 'num', dataset: { stat: id, value: q.value, label: 'measured' } }, el('strong', {}, id === 'dk' ? String(state.tdk) : pm(q.value, q.stdError))),
        el('td', { className: 'num', dataset: { stat: `${id}theory`, value: q.theory, label: 'exact' } }, precise(q.theory)),
        el('td', { className: 'derivation-why' }, why));
    });
    fill(steps, el('p', { className: 'table-title' }, `Each line measured by the engine at dₖ = ${state.tdk} (${r.samples} pairs)`),
      el('div', { className: 'table-scroll' }, el('table', { className: 'examples derivation-table stack', dataset: { table: 'derivation' } },
        el('thead', {}, el('tr', {}, ['', 'line', 'measured ± standard error', 'exact', 'what it uses']
          .map((h) => el('th', { attrs: { scope: 'col' } }, h)))),
        el('tbody', {}, rows))));
    // A property whose exact value is not what the proof needs is marked (a comparison of engine numbers, for the label).
    const arow = (id, label, q, required) => el('tr', { dataset: { assumption: id, holds: differs(q.theory, Number(required)) ? '0' : '1' },
      className: differs(q.theory, Number(required)) ? 'broken-line' : '' },
      el('td', {}, tex(label)),
      el('td', { className: 'num', dataset: { stat: id, value: q.value, label: 'measured' } }, pm(q.value, q.stdError)),
      el('td', { className: 'num', dataset: { stat: `${id}theory`, value: q.theory, label: 'exact' } }, precise(q.theory)),
      el('td', { className: 'num', dataset: { label: 'the proof needs' } }, required));
    fill(assumptions, el('p', { className: 'table-title' }, 'The assumptions, measured on the same draws'),
      el('div', { className: 'table-scroll' }, el('table', { className: 'examples stack', dataset: { table: 'assumptions' } },
        el('thead', {}, el('tr', {}, ['property', 'measured', 'exact for these settings', 'the proof needs'].map((h) => el('th', { attrs: { scope: 'col' } }, h)))),
        el('tbody', {},
          arow('meanq', '\\operatorname{E}(q_i)', r.meanQ, '0'),
          arow('meank', '\\operatorname{E}(k_i)', r.meanK, '0'),
          arow('varq', '\\operatorname{Var}(q_i)', r.varQ, '1'),
          arow('vark', '\\operatorname{Var}(k_i)', r.varK, '1'),
          arow('covqk', '\\operatorname{Cov}(q_i, k_i)', r.covQK, '0'),
          state.tdk > 1 ? arow('covqq', '\\operatorname{Cov}(q_i, q_j),\\ i\\ne j', r.pairCovQ, '0') : null,
          state.tdk > 1 ? arow('covkk', '\\operatorname{Cov}(k_i, k_j),\\ i\\ne j', r.pairCovK, '0') : null,
          arow('covsum', '\\sum_{i\\ne j}\\operatorname{Cov}(q_i k_i,\\, q_j k_j)', r.covarianceSum, '0')))));
    fill(part.stats, statList('derivation', [
      ['vardot', 'Var(q · k), measured', pm(r.varDot.value, r.varDot.stdError), `(exact ${precise(r.varDot.theory)})`, r.varDot.value],
      ['time', 'engine time', `${r.computeMs.toFixed(1)} ms`, null, r.computeMs],
    ]));
  }
}

/* ---- 4.4 when the assumptions fail ---- */

/** The settings of 4.4 as the engine's options (4.5 adds its drift factors); `samples` is less only for a preview. */
const assumptionOptions = (state, samples = ASSUMPTION_SAMPLES) => ({ dX: state.tdx, dK: state.tkdim, sigmaX: state.tsx, sigmaWq: state.tswq,
  sigmaWk: state.tswk, meanX: state.tmx, tokens: state.ttokens, samples, seed: state.tseed });
const ASSUMPTION_KEYS = ['tdx', 'tkdim', 'tsx', 'tswq', 'tswk', 'tmx', 'ttokens', 'tseed'];
/** The work of one sample of X, W_q and W_k (and of one drift factor), the measure the engine's own limit uses. */
const workPerSample = (state) => state.ttokens * state.tkdim * (2 * state.tdx + state.ttokens) + state.ttokens * state.tdx + 2 * state.tdx * state.tkdim;

function assumptionsPart(engine, store, number) {
  const part = partPanel({ id: 'assumptions', number, title: 'When queries and keys come from X · W', formula: 'Q = XW_q,\\quad K = XW_k' });
  const relaxed = tex('\\operatorname{Var}(q\\cdot k) \\approx (d_x\\,\\sigma^2_X\\,\\sigma^2_{W_q})\\,(d_x\\,\\sigma^2_X\\,\\sigma^2_{W_k})\\;d_k',
    { display: true, className: 'relaxed-formula' });
  const { box, notices } = noticeBox();
  const problem = (text) => (text ? notices.show('input', text) : notices.clear('input'));
  const num = (key, label, step) => parsedInput(store, key, label, { number: true, step, onProblem: problem });
  const sig = (key, label, lo, hi) => logSlider(store, key, label, { lo, hi, integers: false });
  const controls = [
    logSlider(store, 'tdx', [...sub('d', 'x'), ', the width of X']),
    logSlider(store, 'tkdim', [...dk(), ', the width of W', el('sub', {}, 'q'), ' and W', el('sub', {}, 'k')]),
    sig('tsx', ['spread of X, ', ...sigma('X')], 0.05, 10),
    sig('tswq', ['spread of W', el('sub', {}, 'q'), ', ', ...sigma('Wq')], 0.005, 10),
    sig('tswk', ['spread of W', el('sub', {}, 'k'), ', ', ...sigma('Wk')], 0.005, 10),
    slider(store, 'tmx', ['mean of the entries of X, ', el('var', {}, 'μ'), el('sub', {}, 'X')], { step: 0.1 }),
    num('ttokens', 'tokens (rows of X)', '1'),
  ];
  const presets = presetRow(store, 'Settings:', [
    ['unit queries and keys', { tsx: 1, tswq: 0.125, tswk: 0.125, tmx: 0, tdx: 64, tkdim: 64 }, 'σ_X = 1 and σ_W = 1/√64: the assumptions hold'],
    ['unit weights', { tsx: 1, tswq: 1, tswk: 1, tmx: 0 }, 'σ_W = 1: queries and keys have variance d_x'],
    ['X with mean 1', { tsx: 1, tswq: 0.125, tswk: 0.125, tmx: 1 }, 'entries of X with mean 1'],
    ['narrow X', { tsx: 0.5, tswq: 0.125, tswk: 0.125, tmx: 0 }, 'σ_X = 0.5'],
  ]);
  fill(part.controls, el('div', { className: 'panel control-panel' },
    el('div', { className: 'control-grid' }, controls.map((c) => c.node), presets), box));
  const table = el('div', { className: 'prediction-table' });
  const maps = el('div', { className: 'figure-row maps-row' });
  const label = sampleLabel();
  fill(part.figures, relaxed, label.node, table, maps);
  const changed = watcher(store, ASSUMPTION_KEYS);

  // Sample 0 is the same whatever the count, so the heatmaps of the first draw do not change when the preview is refined.
  const measure = (state, samples) => attempt(part, notices, 'The engine rejected these settings', () => timed('assumptionCheck',
    samples * workPerSample(state), () => engine.assumptionCheck(assumptionOptions(state, samples))));

  return {
    node: part.node,
    render(state, shared) {
      for (const c of controls) c.sync(state);
      if (!changed(state)) return;
      const plan = sampleCount('assumptionCheck', workPerSample(state), ASSUMPTION_SAMPLES);
      const r = measure(state, plan.samples);
      refineLater(part, part.node, r && plan.preview ? [() => {
        const full = measure(state, ASSUMPTION_SAMPLES);
        if (full) draw(state, full, shared);
        return Boolean(full);
      }] : null);
      if (r) draw(state, r, shared);
    },
  };

  function draw(state, r, shared) {
    shared.check = r; // 4.5 draws its "β reset" level from it
    label.set({ samples: r.samples, full: ASSUMPTION_SAMPLES, unit: 'draws of X and the weights' });
    setProse(part.prose, [[
      'In a real layer nobody draws q and k directly: they are rows of Q = X·W', el('sub', {}, 'q'), ' and K = X·W', el('sub', {}, 'k'), ', ',
      'and their spread follows from the spread of the inputs and of the weights. The paper’s answer for that case ',
      'is the product below: each query component has variance about ', ...sub('d', 'x'), ...sigma('X'), '²', ...sigma('Wq'), '², each key ',
      'component about ', ...sub('d', 'x'), ...sigma('X'), '²', ...sigma('Wk'), '², and ', ...dk(), ' such products are added. Only when both ',
      'factors are 1 is the variance ', ...dk(), ' and 1/√', ...dk(), ' the right scale.',
    ], [
      'The engine draws ', String(ASSUMPTION_SAMPLES), ` independent sets of X (${state.ttokens} tokens), W`, el('sub', {}, 'q'), ' and W', el('sub', {}, 'k'),
      ' (fewer, for a quick preview, while a value is still changing) and measures the scores. ',
      'It treats two kinds of score separately, which the paper does not. ',
      'Off the diagonal, query i meets the key of another token, built from a different row of X. ',
      'On the diagonal, query i meets the key of its own token: both come from the same row x, so the two factors of ',
      'every product are correlated and the variance is larger than the formula says, even when nothing else is wrong. ',
      'A non-zero mean in X is a second failure the formula cannot see, since it counts only ', ...sigma('X'), ': every row of X is then ',
      'a shared mean plus noise, so queries and keys come out larger than predicted and those of different tokens share a common part.',
    ], state.tmx === 0 ? [
      'Set the mean of X to 1, or shrink ', ...sub('d', 'x'), ' to a handful, to see each effect grow.',
    ] : [
      `With a mean of ${state.tmx}, part of the extra spread is an offset that every key of a row shares. The softmax ignores `,
      'such an offset, so the spread within one row (the row the table singles out) grows far less than the spread of all scores, ',
      'and a β chosen from all the scores overcorrects: compare the mean largest weight with the restoring β to the unit-variance level.',
    ]]);
    const rowOf = (id, label, predicted, value, se, note = '') => el('tr', { dataset: { row: id } },
      el('th', { attrs: { scope: 'row' } }, label),
      el('td', { className: 'num', dataset: { stat: `${id}predicted`, value: predicted ?? '', label: 'predicted' } }, predicted === null ? '—' : precise(predicted)),
      el('td', { className: 'num', dataset: { stat: `${id}measured`, value, label: 'measured' } }, el('strong', {}, pm(value, se))),
      el('td', { className: 'note-cell' }, note));
    fill(table, el('p', { className: 'table-title' },
      `Score variance: prediction beside measurement (${r.samples} draws, dₖ = ${state.tkdim})`),
      el('div', { className: 'table-scroll' }, el('table', { className: 'examples prediction stack', dataset: { table: 'prediction' } },
        el('thead', {}, el('tr', {}, ['scores', 'predicted', 'measured ± standard error', ''].map((h) => el('th', { attrs: { scope: 'col' } }, h)))),
        el('tbody', {},
          rowOf('paper', 'all, the paper’s relaxed formula', r.predicted, r.measured, r.measuredStdError, 'the product above'),
          rowOf('all', 'all, exact closed form', r.predictedAll, r.measured, r.measuredStdError, 'diagonal and off-diagonal mixed'),
          rowOf('off', 'off the diagonal, qᵢ · kⱼ (i ≠ j)', r.predictedOffDiagonal, r.measuredOffDiagonal, r.measuredOffDiagonalStdError, 'different tokens'),
          rowOf('diag', 'on the diagonal, qᵢ · kᵢ', r.predictedDiagonal, r.measuredDiagonal, r.measuredDiagonalStdError, 'a token with itself'),
          rowOf('row', 'within one row, over the keys', r.predictedWithinRow, r.withinRowVariance, r.withinRowVarianceStdError, 'the spread the softmax sees'),
          rowOf('meanoff', 'mean off the diagonal', null, r.meanOffDiagonal, r.meanOffDiagonalStdError),
          rowOf('meandiag', 'mean on the diagonal', null, r.meanDiagonal, r.meanDiagonalStdError)))));
    const n = r.tokens;
    const labels = Array.from({ length: n }, (_, i) => String(i + 1));
    fill(maps,
      heatmap({ id: 'assume-scores', title: 'Scores of the first draw, qᵢ · kⱼ', values: r.firstScores, rows: n, cols: n, rowLabels: labels, colLabels: labels,
        rowAxis: 'query token', colAxis: 'key token', palette: 'diverging' }),
      heatmap({ id: 'assume-weights', title: ['Their weights with ', beta(), ' = 1/√', ...dk()], values: r.firstWeights, rows: n, cols: n, rowLabels: labels,
        colLabels: labels, rowAxis: 'query token', colAxis: 'key token', palette: 'sequential', domain: [0, 1] }));
    fill(part.stats, statList('assumptions', [
      ['scaled', 'variance after dividing by √dₖ', pm(r.scaledVariance, r.scaledVarianceStdError),
        `(1 only when the assumptions hold; the paper’s formula says ${precise(r.scaledPredicted)})`, r.scaledVariance],
      ['standardbeta', 'β = 1/√dₖ', precise(r.standardBeta), null, r.standardBeta],
      ['restoringbeta', 'β that gives the measured scores variance 1', precise(r.restoringBeta), `(from the closed form: ${precise(r.predictedRestoringBeta)})`, r.restoringBeta],
      ['sharpscaled', 'mean largest weight of a row, β = 1/√dₖ', pm(r.scaled.maxWeight, r.scaled.maxWeightStdError), null, r.scaled.maxWeight],
      ['sharprestored', 'the same with the restoring β', pm(r.restored.maxWeight, r.restored.maxWeightStdError), null, r.restored.maxWeight],
      ['sharpassumed', 'the same for unit-variance logits', pm(r.assumed.maxWeight, r.assumed.maxWeightStdError), '(what 1/√dₖ aims for)', r.assumed.maxWeight],
    ]));
  }
}

/* ---- 4.5 weight drift ---- */

function driftPart(engine, store, number) {
  const part = partPanel({ id: 'drift', number, title: 'Training moves the weights; 1/√dₖ stays put',
    formula: '\\operatorname{Var}(f^2\\, q\\cdot k) = f^4\\operatorname{Var}(q\\cdot k)' });
  const { box, notices } = noticeBox();
  const problem = (text) => (text ? notices.show('input', text) : notices.clear('input'));
  const drift = logSlider(store, 'tdrift', ['Factor ', el('var', {}, 'f'), ' on W', el('sub', {}, 'q'), ' and W', el('sub', {}, 'k'), ' (logarithmic track)'],
    { lo: 0.25, hi: 4, integers: false });
  const driftBox = parsedInput(store, 'tdrift', [el('var', {}, 'f'), ' (type a value)'], { number: true, step: 'any', onProblem: problem });
  const controls = [drift, driftBox];
  fill(part.controls, el('div', { className: 'panel control-panel' },
    el('p', { className: 'control-hint' }, 'X, the weights before drift and the seed are the ones chosen in 4.4.'),
    el('div', { className: 'control-grid' }, drift.node, driftBox.node), box));
  const variance = chartBox({ id: 'drift-variance', kind: 'xy', maxWidth: 620 });
  const sharp = chartBox({ id: 'drift-sharpness', kind: 'xy', maxWidth: 620 });
  const label = sampleLabel();
  fill(part.figures, label.node, el('div', { className: 'figure-row chart-row' }, variance.node, sharp.node));
  const changed = watcher(store, [...ASSUMPTION_KEYS, 'tdrift']);

  // The engine uses the same draws of X and W for every factor, and the numbers of one factor do not depend on which
  // others are in the same call. So the chart's grid is kept while only f moves, the chosen factor is computed on
  // its own and set after it, and the full grid is computed a few factors per call: joined, the pieces are exactly
  // one call on [grid…, f].
  let grid = null; // { draws, samples, complete, result }: the grid the chart shows and the 4.4 settings it was drawn for
  let done = null; // { draws, results }: pieces of the full grid computed so far (a new f does not throw them away)
  const drawsOf = (state) => ASSUMPTION_KEYS.map((k) => store.type(k).format(state[k])).join('&');
  const measure = (state, drifts, samples) => attempt(part, notices, 'The engine rejected these settings', () => timed('weightDrift',
    samples * drifts.length * workPerSample(state), () => engine.weightDrift({ ...assumptionOptions(state, samples), drifts })));

  return {
    node: part.node,
    render(state, shared) {
      for (const c of controls) c.sync(state);
      if (!changed(state)) return;
      const draws = drawsOf(state);
      const per = workPerSample(state);
      if (grid && grid.draws !== draws) grid = null;
      if (done && done.draws !== draws) done = null;
      let chosen = null;
      let chosenSamples = ASSUMPTION_SAMPLES;
      if (!grid && estimateMs('weightDrift', per * ASSUMPTION_SAMPLES * DRIFT_GRID.length) <= DIRECT_MS) {
        // New draws, and the whole grid is cheap: computed now with every sample.
        const result = measure(state, DRIFT_GRID, ASSUMPTION_SAMPLES);
        if (result) grid = { draws, samples: ASSUMPTION_SAMPLES, complete: true, result };
      } else if (!grid) {
        // New draws: a preview on one factor per octave and the chosen one, all from the same few samples (one call).
        chosenSamples = sampleCount('weightDrift', per * (PREVIEW_DRIFTS.length + 1), ASSUMPTION_SAMPLES).samples;
        const result = measure(state, [...PREVIEW_DRIFTS, state.tdrift], chosenSamples);
        if (result) {
          grid = { draws, samples: chosenSamples, complete: false, result: slicePiece(result, 'drifts', 0, PREVIEW_DRIFTS.length) };
          chosen = slicePiece(result, 'drifts', PREVIEW_DRIFTS.length, PREVIEW_DRIFTS.length + 1);
        }
      }
      if (grid && !chosen) {
        // The chart's grid holds; the chosen factor alone.
        chosenSamples = sampleCount('weightDrift', per, ASSUMPTION_SAMPLES).samples;
        chosen = measure(state, [state.tdrift], chosenSamples);
      }
      if (!grid || !chosen) {
        refineLater(part, part.node, null);
        return;
      }
      draw(state, joinPieces([grid.result, chosen], 'drifts'), shared, { samples: chosenSamples, grid });

      // Then, once the learner has settled: what is missing, with every sample, one engine call per task.
      const steps = [];
      if (!grid.complete) {
        const perFactor = estimateMs('weightDrift', per * ASSUMPTION_SAMPLES);
        if (!done) done = { draws, results: [], size: Math.min(DRIFT_GRID.length, Math.max(1, Math.floor(DRIFT_PIECE_MS / perFactor))) };
        const gridPieces = pieces(DRIFT_GRID, done.size);
        gridPieces.forEach((drifts, i) => {
          if (done.results[i]) return;
          steps.push(() => {
            const r = measure(state, drifts, ASSUMPTION_SAMPLES);
            if (!r) return false;
            done.results[i] = r;
            if (gridPieces.every((_, k) => done.results[k])) {
              grid = { draws, samples: ASSUMPTION_SAMPLES, complete: true, result: joinPieces(done.results, 'drifts') };
            }
            return true;
          });
        });
      }
      if (steps.length || chosenSamples < ASSUMPTION_SAMPLES) {
        steps.push(() => {
          const last = chosenSamples < ASSUMPTION_SAMPLES ? measure(state, [state.tdrift], ASSUMPTION_SAMPLES) : chosen;
          if (last && grid.complete) draw(state, joinPieces([grid.result, last], 'drifts'), shared, { samples: ASSUMPTION_SAMPLES, grid });
          return Boolean(last && grid.complete);
        });
      }
      refineLater(part, part.node, steps);
    },
  };

  /**
   * Draws the grid of factors and, at the last index, the chosen one, computed from `samples` draws; `grid` says how
   * the chart's factors were computed (a preview grid has fewer factors, and maybe fewer samples than the chosen one).
   */
  function draw(state, r, shared, { samples, grid: from }) {
    const chart = from.complete ? (samples < ASSUMPTION_SAMPLES ? `for f = ${state.tdrift}; the curves already use all ${from.samples}` : '')
      : from.samples === samples ? `at ${PREVIEW_DRIFTS.length} of the ${DRIFT_GRID.length} factors`
        : `for f = ${state.tdrift}; the curves: ${from.samples} at ${PREVIEW_DRIFTS.length} of the ${DRIFT_GRID.length} factors`;
    label.set({ samples, full: ASSUMPTION_SAMPLES, unit: 'draws of X and the weights', preview: !from.complete || samples < ASSUMPTION_SAMPLES,
      note: chart, then: from.complete ? undefined : `${ASSUMPTION_SAMPLES} at every factor` });
    const g = r.drifts.length - 1; // the chosen factor's results sit at index g
    const upto = (a) => Array.from(a).slice(0, g);
    const f = upto(r.drifts);
    setProse(part.prose, [[
      'The scale 1/√', ...dk(), ' is fixed when the model is built, but the weights it was chosen for do not stay put. ',
      'Gradient descent moves every entry of W', el('sub', {}, 'q'), ' and W', el('sub', {}, 'k'), ', and their spread moves with them. ',
      'Multiplying both by a factor f multiplies every query and every key by f, so every score by f², and the score ',
      'variance by f⁴: doubling the weights makes it sixteen times larger. With β still at 1/√', ...dk(), ' the logits are then ',
      'four times as wide as planned and the rows sharpen towards one-hot; with f below 1 they melt towards uniform.',
    ], [
      'The left chart shows the measured score variance against f on log–log axes, beside the closed form (a line of slope 4). ',
      'The right chart shows how peaked the rows are: the mean of each row’s largest weight with β = 1/√', ...dk(), ', against the ',
      'level that unit-variance logits give. Measuring the spread again and resetting β to match, the remedy the paper ',
      'proposes, undoes f² exactly and keeps the rows where they were at f = 1.',
    ]]);
    const onTrack = state.tdrift >= f[0] && state.tdrift <= f[g - 1];
    const marker = (lo, hi) => (onTrack ? [{ id: 'now', label: `f = ${state.tdrift}`, kind: 'line', x: [state.tdrift, state.tdrift], y: [lo, hi],
      color: '#1b1f24', dash: '3 3', width: 1.2 }] : []);
    const measured = upto(r.measured);
    const closed = upto(r.predictedAll);
    const paper = upto(r.predicted);
    const positive = [...measured, ...closed, ...paper].filter((v) => v > 0);
    const vSeries = [
      { id: 'measured', label: 'measured variance of all scores', kind: 'points', x: f, y: measured, color: SERIES.blue, symbol: 'circle' },
      { id: 'closed', label: 'closed form', kind: 'line', x: f, y: closed, color: SERIES.vermillion },
      { id: 'paper', label: 'the paper’s formula', kind: 'line', x: f, y: paper, color: '#1b1f24', dash: '6 4', width: 1.4 },
      ...marker(Math.min(...positive), Math.max(...positive)),
    ];
    variance.set({ title: 'Score variance against the factor f', legend: xyLegend(vSeries),
      draw: xyChart({ id: 'drift-variance', ariaLabel: `Score variance against the drift factor f from 0.25 to 4, log–log; at f = ${state.tdrift} measured ${precise(r.measured[g])}`,
        xLabel: 'factor f (log scale)', yLabel: 'score variance (log scale)', xScale: 'log', yScale: 'log', xTicks: DRIFT_TICKS, series: vSeries, height: 270 }) });
    const level = (id, label, value, color, dash) => ({ id, label, kind: 'line', x: [f[0], f[g - 1]], y: [value, value], color, dash, width: 1.4 });
    const sSeries = [
      { id: 'scaled', label: 'β = 1/√dₖ', kind: 'line', marker: true, symbol: 'circle', x: f, y: upto(r.maxWeight), color: SERIES.blue },
      level('assumed', 'unit-variance logits', r.assumed.maxWeight, '#1b1f24', '2 3'),
      shared.check ? level('restored', 'β reset for unit variance (the same at every f)', shared.check.restored.maxWeight, SERIES.green, '6 3') : null,
      ...marker(0, 1),
    ].filter(Boolean);
    sharp.set({ title: 'Sharpness: the mean largest weight of a row', legend: xyLegend(sSeries),
      draw: xyChart({ id: 'drift-sharpness', ariaLabel: `Mean largest weight against the drift factor; at f = ${state.tdrift} it is ${precise(r.maxWeight[g])} with β = 1/√d_k`,
        xLabel: 'factor f (log scale)', yLabel: 'mean largest weight', xScale: 'log', yDomain: [0, 1], xTicks: DRIFT_TICKS, series: sSeries, height: 270 }) });
    fill(part.stats, statList('drift', [
      ['drift', 'factor f', String(state.tdrift), null, state.tdrift],
      ['measured', 'score variance, measured', pm(r.measured[g], r.measuredStdError[g]), `(closed form ${precise(r.predictedAll[g])}; the paper’s formula ${precise(r.predicted[g])})`, r.measured[g]],
      ['scaled', 'variance after dividing by √dₖ', pm(r.scaledVariance[g], r.scaledVarianceStdError[g]), null, r.scaledVariance[g]],
      ['restoringbeta', 'β that restores variance 1', precise(r.restoringBeta[g]), `(against 1/√dₖ = ${precise(r.standardBeta)})`, r.restoringBeta[g]],
      ['maxweight', 'mean largest weight, β = 1/√dₖ', pm(r.maxWeight[g], r.maxWeightStdError[g]), `(unit-variance logits: ${pm(r.assumed.maxWeight, r.assumed.maxWeightStdError)})`, r.maxWeight[g]],
      ['entropy', 'mean entropy of a row, β = 1/√dₖ', pm(r.entropy[g], r.entropyStdError[g]), `(unit-variance logits: ${pm(r.assumed.entropy, r.assumed.entropyStdError)}; ln ${r.tokens} = ${precise(r.maxEntropy)})`, r.entropy[g]],
    ]));
  }
}
