// 4.5 (Go deeper in 4.4): queries and keys built as Q = X·W_q, K = X·W_k from random X and weights, with every setting
// of the ensemble (d_x, d_k, σ_X, σ_W, the mean of X, tokens). The engine (assumptionCheck) measures the scores on and
// off the diagonal beside their closed forms and the source paper's product, and what they do to the softmax.
import { el, mergeable } from '../../dom.js';
import { DisplayTeX, TeX, tex } from '../../math.js';
import { parsedInput, logSlider, slider } from '../../controls.js';
import { placeHeatmaps } from '../../charts/heatmap.js';
import { sig3 } from '../../format.js';
import { partPanel, setProse, statList, fill, watcher, dk, attempt, tooltip, noticeBox, presetRow } from '../kit/parts.js';
import { timed, sampleLabel, measureProgressively } from '../kit/progressive.js';
import { beta, sub, sigma, pm, ASSUMPTION_SAMPLES, ASSUMPTION_KEYS, assumptionOptions, workPerSample } from './common.js';

// The side of each map's square of cells: 20 px cells at the most tokens (12), wide enough for their labels unturned.
const MAP_PX = 240;

export function assumptionsPart(engine, store, number) {
  const part = partPanel({ id: 'assumptions', number, title: 'Queries and keys from X · W: every setting', formula: TeX`Q = XW_q,\quad K = XW_k` });
  const relaxed = tex(DisplayTeX`\operatorname{Var}(q\cdot k) \approx (d_x\,\sigma^2_X\,\sigma^2_{W_q})\,(d_x\,\sigma^2_X\,\sigma^2_{W_k})\;d_k`,
    { className: 'relaxed-formula' });
  const { box, notices, problem } = noticeBox();
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
  // call: the engine call itself, or (the full count in a background engine) what it answered.
  const measure = (state, samples, call = () => engine.assumptionCheck(assumptionOptions(state, samples))) => attempt(part, notices,
    'The engine rejected these settings', () => timed('assumptionCheck', samples * workPerSample(state), call));

  return {
    node: part.node,
    render(state) {
      for (const c of controls) c.sync(state);
      if (!changed(state)) return;
      measureProgressively(part, { engine, kind: 'assumptionCheck', options: (samples) => assumptionOptions(state, samples), perSample: workPerSample(state),
        full: ASSUMPTION_SAMPLES }, (samples, call) => measure(state, samples, call), (r) => draw(state, r));
    },
  };

  function draw(state, r) {
    label.set({ samples: r.samples, full: ASSUMPTION_SAMPLES, unit: 'draws of X and the weights' });
    setProse(part.prose, [[
      'A real layer never draws q and k directly: they are rows of Q = X·W', el('sub', {}, 'q'), ' and K = X·W', el('sub', {}, 'k'), ', ',
      'so their spread follows from the spread of the inputs and of the weights. The source paper’s estimate is the product below: ',
      'each query component has variance about ', ...sub('d', 'x'), ...sigma('X'), '²', ...sigma('Wq'), '², each key component about ',
      ...sub('d', 'x'), ...sigma('X'), '²', ...sigma('Wk'), '², and ', ...dk(), ' products are added. Only when both factors are 1 is ',
      'the variance ', ...dk(), '. The engine draws ', String(ASSUMPTION_SAMPLES), ` independent sets of X (${state.ttokens} tokens), W`, el('sub', {}, 'q'),
      ' and W', el('sub', {}, 'k'), ' (fewer for a preview while a value changes) and measures the scores beside the closed forms.',
    ], [
      'It splits the scores in two, which the paper does not. Off the diagonal a query meets another token’s key. On the ',
      'diagonal it meets its own: q', el('sub', {}, 'i'), ' and k', el('sub', {}, 'i'), ' both come from the same x', el('sub', {}, 'i'), '. ',
      'Independent W', el('sub', {}, 'q'), ' and W', el('sub', {}, 'k'), ' keep every Cov(q', el('sub', {}, 'c'), ', k', el('sub', {}, 'c'),
      ') at 0, but the two are ',
      'still dependent: both scale with the length of x', el('sub', {}, 'i'), ', so a long x', el('sub', {}, 'i'), ' makes both long. ',
      'That widens the diagonal, by the factor printed below (1 + 2/', ...sub('d', 'x'), ' when X has mean 0). ',
      'A mean in X is a second failure the product cannot see: ',
      'every row of X is then a shared mean plus noise, so the scores come out wider and those of one row share a common part.',
    ], state.tmx === 0 ? [
      'Set the mean of X to 1, or shrink ', ...sub('d', 'x'), ' to a handful, to see each effect grow.',
    ] : [
      `With a mean of ${state.tmx}, part of the extra spread is an offset shared by every key of a row. The softmax ignores `,
      'such an offset, so the spread within one row grows far less than the spread of all scores, and a β chosen from all the ',
      'scores overcorrects: compare the mean largest weight with the restoring β to the unit-variance level.',
    ]]);
    const rowOf = (id, label, predicted, value, se, note = '') => el('tr', { dataset: { row: id } },
      el('th', { attrs: { scope: 'row' } }, label),
      el('td', { className: 'num', dataset: { stat: `${id}predicted`, value: predicted ?? '', label: 'closed form' },
        attrs: tooltip(predicted, sig3(predicted)) }, predicted === null ? '—' : sig3(predicted)),
      el('td', { className: 'num', dataset: { stat: `${id}measured`, value, label: 'measured' }, attrs: tooltip(value) }, el('strong', {}, pm(value, se))),
      el('td', { className: 'note-cell' }, note));
    // Merged into the table shown (web/dom.js `patch`): a redraw writes the numbers that changed, not a new table.
    fill(table, mergeable(el('p', { className: 'table-title' },
      `Score variance: prediction beside measurement (${r.samples} draws, dₖ = ${state.tkdim})`)),
      mergeable(el('div', { className: 'table-scroll' }, el('table', { className: 'examples prediction stack', dataset: { table: 'prediction' } },
        el('thead', {}, el('tr', {}, ['scores', 'closed form (theory)', 'measured ± standard error', ''].map((h) => el('th', { attrs: { scope: 'col' } }, h)))),
        el('tbody', {},
          rowOf('paper', 'all, the paper’s relaxed formula', r.predicted, r.measured, r.measuredStdError, 'the product above'),
          rowOf('all', 'all, exact closed form', r.predictedAll, r.measured, r.measuredStdError, 'diagonal and off-diagonal mixed'),
          rowOf('off', 'off the diagonal, qᵢ · kⱼ (i ≠ j)', r.predictedOffDiagonal, r.measuredOffDiagonal, r.measuredOffDiagonalStdError, 'different tokens'),
          rowOf('diag', 'on the diagonal, qᵢ · kᵢ', r.predictedDiagonal, r.measuredDiagonal, r.measuredDiagonalStdError, 'a token with itself'),
          // The engine's row variance leaves out the token's own key (j ≠ i), which the softmax of the weights below does see.
          rowOf('row', 'within one row, qᵢ · kⱼ (j ≠ i)', r.predictedWithinRow, r.withinRowVariance, r.withinRowVarianceStdError, 'other tokens’ keys only'),
          rowOf('meanoff', 'mean off the diagonal', null, r.meanOffDiagonal, r.meanOffDiagonalStdError),
          rowOf('meandiag', 'mean on the diagonal', null, r.meanDiagonal, r.meanDiagonalStdError))))));
    const n = r.tokens;
    const labels = Array.from({ length: n }, (_, i) => String(i + 1));
    // Redrawn in place while the number of tokens stays (web/charts/heatmap.js): no new elements per change. In a
    // square of MAP_PX whatever the count, so a new count moves nothing below the maps; from 6 tokens on (the default
    // is 8) the cells print no numbers, so a drag of any slider rewrites 2·n² fills and no text. The numbers are read
    // by pointer or keyboard, and in each map's data table.
    placeHeatmaps(maps, [
      { id: 'assume-scores', title: 'Scores of the first draw, qᵢ · kⱼ', values: r.firstScores, rows: n, cols: n, rowLabels: labels, colLabels: labels,
        rowAxis: 'query token', colAxis: 'key token', palette: 'diverging', size: MAP_PX },
      { id: 'assume-weights', title: ['Their weights with ', beta(), ' = 1/√', ...dk()], values: r.firstWeights, rows: n, cols: n, rowLabels: labels,
        colLabels: labels, rowAxis: 'query token', colAxis: 'key token', palette: 'sequential', domain: [0, 1], size: MAP_PX }]);
    fill(part.stats, statList('assumptions', [
      ['scaled', 'variance after dividing by √dₖ', pm(r.scaledVariance, r.scaledVarianceStdError),
        `(1 only when the assumptions hold; the paper’s formula says ${sig3(r.scaledPredicted)})`, r.scaledVariance],
      ['diagratio', 'diagonal ÷ off-diagonal variance', pm(r.diagonalRatio, r.diagonalRatioStdError),
        `(closed form ${sig3(r.predictedDiagonalRatio)}${state.tmx === 0 ? ' = 1 + 2/dₓ' : ''})`, r.diagonalRatio],
      ['standardbeta', 'β = 1/√dₖ', sig3(r.standardBeta), null, r.standardBeta],
      ['restoringbeta', 'β that gives the measured scores variance 1', sig3(r.restoringBeta),
        `(from the closed form: ${sig3(r.predictedRestoringBeta)})`, r.restoringBeta],
      ['sharpscaled', 'mean largest weight of a row, β = 1/√dₖ', pm(r.scaled.maxWeight, r.scaled.maxWeightStdError), null, r.scaled.maxWeight],
      ['sharprestored', 'the same with the restoring β', pm(r.restored.maxWeight, r.restored.maxWeightStdError), null, r.restored.maxWeight],
      ['sharpassumed', 'the same for unit-variance logits', pm(r.assumed.maxWeight, r.assumed.maxWeightStdError), '(what 1/√dₖ aims for)', r.assumed.maxWeight],
    ]));
  }
}

