// 4.6 (Go deeper): weight drift. β·QKᵀ = X(√β W_q)(√β W_k)ᵀXᵀ, so β and the spread of the weights are one knob: a
// factor f on W_q and W_k multiplies the scores by f², as multiplying β by f² would, and their variance by f⁴. The
// engine (weightDrift) measures that on the same draws for a grid of factors and the chosen one, with the sharpness at
// β = 1/√d_k and at β reset for unit variance. Self-contained: it reads the X·W settings from the state, nothing from
// other parts, so it can be mounted in any lesson. Progressive refinement as described below.
import { el } from '../../dom.js';
import { parsedInput, logSlider } from '../../controls.js';
import { chartBox } from '../../charts/chart-box.js';
import { xyChart, xyLegend } from '../../charts/xy-chart.js';
import { SERIES } from '../../charts/palette.js';
import { precise, sig3 } from '../../format.js';
import { question } from '../kit/lesson.js';
import { partPanel, setProse, statList, fill, watcher, dk, attempt, noticeBox } from '../kit/parts.js';
import { sampleCount, estimateMs, timed, refineLater, offStep, joinPieces, slicePiece, pieces, sampleLabel, DIRECT_MS } from '../kit/progressive.js';
import { pm, ASSUMPTION_SAMPLES, ASSUMPTION_KEYS, assumptionOptions, workPerSample, NOW_DARK, DRIFT_GRID } from './common.js';
import { markerAt } from '../kit/markers.js';
import { TeX } from '../../math.js';

const DRIFT_TICKS = [0.25, 0.5, 1, 2, 4];
// While the learner drags a setting the drift chart is previewed on one factor per octave (0.25, 0.5, 1, 2, 4) …
const PREVIEW_DRIFTS = DRIFT_GRID.filter((_, k) => k % 3 === 0);
// … and the full grid is then computed a few factors per engine call, each call estimated at about this many ms.
const DRIFT_PIECE_MS = 100;
/** Factors the engine computes for a list: f = 1 is added when missing (the base of varianceRatio). */
const factors = (drifts) => drifts.length + (drifts.includes(1) ? 0 : 1);

/**
 * The prediction: what doubling W_q and W_k does to the scores. The explanation reads f = 1 and f = 2 (both on every
 * grid the chart uses, preview or full) from the result on screen, so it costs no engine call of its own.
 */
function doublingQuestion(result, cover) {
  return question({
    id: 'temperature-double-weights',
    prompt: ['Training doubles every entry of W', el('sub', {}, 'q'), ' and W', el('sub', {}, 'k'), ', and β stays 1/√dₖ. How much wider do the scores get?'],
    choices: [['2', 'Twice as wide (standard deviation ×2, variance ×4)'], ['4', 'Four times as wide (standard deviation ×4, variance ×16)'],
      ['16', 'Sixteen times as wide (standard deviation ×16)'], ['1', 'Not at all: 1/√dₖ takes care of it']],
    answer: '4',
    cover,
    explain() {
      const r = result();
      const at = r ? Array.from(r.drifts).indexOf(2) : -1;
      if (at < 0) return ['The engine is still measuring; the numbers appear here when it is done.'];
      return ['Each query and each key doubles, so each score q · k is multiplied by 2 · 2 = 4. From the same draws of X and the ',
        `weights the engine measures the scores ${sig3(r.sdRatio[at])} times as wide at f = 2 as at f = 1, and their variance `,
        `${sig3(r.varianceRatio[at])} times as large. β = 1/√${r.dK} does not look at the weights, so it corrects none of it.`];
    },
  });
}

export function driftPart(engine, store, number) {
  const part = partPanel({ id: 'drift', number, title: 'Weight drift: the model sets its own temperature',
    formula: TeX`\beta\,QK^{\top} = X\big(\sqrt{\beta}\,W_q\big)\big(\sqrt{\beta}\,W_k\big)^{\top}X^{\top}` });
  const { box, notices, problem } = noticeBox();
  const drift = logSlider(store, 'tdrift', ['Factor ', el('var', {}, 'f'), ' on W', el('sub', {}, 'q'), ' and W', el('sub', {}, 'k'), ' (logarithmic track)'],
    { lo: 0.25, hi: 4, integers: false });
  const driftBox = parsedInput(store, 'tdrift', [el('var', {}, 'f'), ' (type a value)'], { number: true, step: 'any', onProblem: problem });
  const controls = [drift, driftBox];
  fill(part.controls, el('div', { className: 'panel control-panel' },
    el('p', { className: 'control-hint' }, 'X, the weights before drift and the seed are those of the X · W settings.'),
    el('div', { className: 'control-grid' }, drift.node, driftBox.node), box));
  const variance = chartBox({ id: 'drift-variance', kind: 'xy', maxWidth: 620 });
  const sharp = chartBox({ id: 'drift-sharpness', kind: 'xy', maxWidth: 620 });
  const label = sampleLabel();
  const measuredProse = el('div', { className: 'part-prose' });
  // The measured paragraph and both charts answer the question: covered together until the learner answers.
  const answers = el('div', {}, measuredProse, el('div', { className: 'figure-row chart-row' }, variance.node, sharp.node));
  let shown = null; // the result on screen: the question's explanation reads f = 1 and f = 2 from it
  const predict = doublingQuestion(() => shown, answers);
  part.node.insertBefore(predict.node, part.controls);
  fill(part.figures, label.node, answers);
  const changed = watcher(store, [...ASSUMPTION_KEYS, 'tdrift']);
  setProse(part.prose, [[
    'β and the weights are one knob: the identity above moves β into W', el('sub', {}, 'q'), ' and W', el('sub', {}, 'k'), '. ',
    'So when gradient descent changes the spread of the weights, the model is in effect setting its own temperature, ',
    'while the β written into the layer stays at 1/√', ...dk(), '.',
    ' In q · k = ‖q‖‖k‖ cos θ (Lesson 2.3) the factor stretches both arrows and turns neither: weight growth lengthens q and k.',
  ]]);

  // The engine uses the same draws of X and W for every factor, and the numbers of one factor do not depend on which
  // others are in the same call. So the chart's grid is kept while only f moves, the chosen factor is computed on
  // its own and set after it, and the full grid is computed a few factors per call: joined, the pieces are exactly
  // one call on [grid…, f].
  let grid = null; // { draws, samples, complete, result }: the grid the chart shows and the X · W settings it was drawn for
  let done = null; // { draws, results }: pieces of the full grid computed so far (a new f does not throw them away)
  const drawsOf = (state) => ASSUMPTION_KEYS.map((k) => store.type(k).format(state[k])).join('&');
  const options = (state, drifts, samples) => ({ ...assumptionOptions(state, samples), drifts });
  // call: the engine call itself, or (a full count in a background engine) what it answered.
  const measure = (state, drifts, samples, call = () => engine.weightDrift(options(state, drifts, samples))) => attempt(part, notices,
    'The engine rejected these settings', () => timed('weightDrift', samples * factors(drifts) * workPerSample(state), call));
  const fullStep = (state, drifts, use) => offStep(engine, 'weightDrift', options(state, drifts, ASSUMPTION_SAMPLES),
    (get) => use(measure(state, drifts, ASSUMPTION_SAMPLES, get)));

  return {
    node: part.node,
    render(state) {
      for (const c of controls) c.sync(state);
      predict.render(state);
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
        chosenSamples = sampleCount('weightDrift', per * factors([state.tdrift]), ASSUMPTION_SAMPLES).samples;
        chosen = measure(state, [state.tdrift], chosenSamples);
      }
      if (!grid || !chosen) {
        refineLater(part, part.node, null);
        return;
      }
      draw(state, joinPieces([grid.result, chosen], 'drifts'), { samples: chosenSamples, grid });

      // Then, once the learner has settled: what is missing, with every sample, one engine call per task.
      const steps = [];
      if (!grid.complete) {
        const perFactor = estimateMs('weightDrift', per * ASSUMPTION_SAMPLES);
        if (!done) done = { draws, results: [], size: Math.min(DRIFT_GRID.length, Math.max(1, Math.floor(DRIFT_PIECE_MS / perFactor))) };
        const gridPieces = pieces(DRIFT_GRID, done.size);
        gridPieces.forEach((drifts, i) => {
          if (done.results[i]) return;
          steps.push(fullStep(state, drifts, (r) => {
            if (!r) return false;
            done.results[i] = r;
            if (gridPieces.every((_, k) => done.results[k])) {
              grid = { draws, samples: ASSUMPTION_SAMPLES, complete: true, result: joinPieces(done.results, 'drifts') };
            }
            return true;
          }));
        });
      }
      if (steps.length || chosenSamples < ASSUMPTION_SAMPLES) {
        const finish = (last) => {
          if (last && grid.complete) draw(state, joinPieces([grid.result, last], 'drifts'), { samples: ASSUMPTION_SAMPLES, grid });
          return Boolean(last && grid.complete);
        };
        steps.push(chosenSamples < ASSUMPTION_SAMPLES ? fullStep(state, [state.tdrift], finish) : () => finish(chosen));
      }
      refineLater(part, part.node, steps);
    },
  };

  /**
   * Draws the grid of factors and, at the last index, the chosen one, computed from `samples` draws; `grid` says how
   * the chart's factors were computed (a preview grid has fewer factors, and maybe fewer samples than the chosen one).
   */
  function draw(state, r, { samples, grid: from }) {
    const chart = from.complete ? (samples < ASSUMPTION_SAMPLES ? `for f = ${state.tdrift}; the curves already use all ${from.samples}` : '')
      : from.samples === samples ? `at ${PREVIEW_DRIFTS.length} of the ${DRIFT_GRID.length} factors`
        : `for f = ${state.tdrift}; the curves: ${from.samples} at ${PREVIEW_DRIFTS.length} of the ${DRIFT_GRID.length} factors`;
    label.set({ samples, full: ASSUMPTION_SAMPLES, unit: 'draws of X and the weights', preview: !from.complete || samples < ASSUMPTION_SAMPLES,
      note: chart, then: from.complete ? undefined : `${ASSUMPTION_SAMPLES} at every factor` });
    const g = r.drifts.length - 1; // the chosen factor's results sit at index g
    const upto = (a) => Array.from(a).slice(0, g);
    const f = upto(r.drifts);
    shown = r;
    predict.render(state);
    // The factor the prose quotes: the chosen one, or f = 2 from the grid while f = 1 (nothing drifted yet).
    const at = state.tdrift === 1 ? Array.from(r.drifts).indexOf(2) : g;
    setProse(measuredProse, [[
      'A factor ', el('var', {}, 'f'), ' on both weights multiplies every query and every key by ', el('var', {}, 'f'), ', so every score by ',
      el('var', {}, 'f'), '², exactly what multiplying β by ', el('var', {}, 'f'), '² would do, and the score variance by ', el('var', {}, 'f'), '⁴. ',
      `From the same draws, the engine measures the scores at f = ${r.drifts[at]} `, el('strong', {}, sig3(r.sdRatio[at])),
      ' times as wide as at f = 1 (variance ×', sig3(r.varianceRatio[at]), '). With β still 1/√', ...dk(), ' the rows sharpen ',
      'towards one-hot above 1 and flatten towards uniform below it. Measuring the spread again and resetting β to ',
      '1/√(variance), as the source paper’s dynamic β does, cancels ', el('var', {}, 'f'), '²: the green points, measured at every ',
      el('var', {}, 'f'), ', stay where ', el('var', {}, 'f'), ' = 1 put them. That is not neutral: a model that sharpens its ',
      'attention by growing its weights sees every such step divided away (Lesson 6.2 shows what that costs in training).',
    ]]);
    const marker = (lo, hi) => markerAt(state.tdrift, [lo, hi], [f[0], f[g - 1]], `f = ${state.tdrift}`, NOW_DARK);
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
      draw: xyChart({ id: 'drift-variance',
        ariaLabel: `Score variance against the drift factor f from 0.25 to 4, log–log; at f = ${state.tdrift} measured ${precise(r.measured[g])}`,
        xLabel: 'factor f (log scale)', yLabel: 'score variance (log scale)', xScale: 'log', yScale: 'log', xTicks: DRIFT_TICKS,
        series: vSeries, height: 270 }) });
    const level = (id, label, value, color, dash) => ({ id, label, kind: 'line', x: [f[0], f[g - 1]], y: [value, value], color, dash, width: 1.4 });
    const sSeries = [
      { id: 'scaled', label: 'β = 1/√dₖ', kind: 'line', marker: true, symbol: 'circle', x: f, y: upto(r.maxWeight), color: SERIES.blue },
      level('assumed', 'unit-variance logits', r.assumed.maxWeight, '#1b1f24', '2 3'),
      { id: 'restored', label: 'β reset for unit variance at each f', kind: 'points', x: f, y: upto(r.restoredMaxWeight),
        color: SERIES.green, symbol: 'square' },
      ...marker(0, 1),
    ];
    sharp.set({ title: 'Sharpness: the mean largest weight of a row', legend: xyLegend(sSeries),
      draw: xyChart({ id: 'drift-sharpness',
        ariaLabel: `Mean largest weight against the drift factor; at f = ${state.tdrift} it is ${precise(r.maxWeight[g])} with β = 1/√d_k`,
        xLabel: 'factor f (log scale)', yLabel: 'mean largest weight', xScale: 'log', yDomain: [0, 1], xTicks: DRIFT_TICKS, series: sSeries, height: 270 }) });
    fill(part.stats, statList('drift', [
      ['drift', 'factor f', String(state.tdrift), null, state.tdrift],
      ['measured', 'score variance, measured', pm(r.measured[g], r.measuredStdError[g]),
        `(closed form ${sig3(r.predictedAll[g])}; the paper’s formula ${sig3(r.predicted[g])})`, r.measured[g]],
      ['ratio', 'score variance ÷ its value at f = 1, measured', sig3(r.varianceRatio[g]), `(scores ${sig3(r.sdRatio[g])} times as wide)`, r.varianceRatio[g]],
      ['scaled', 'variance after dividing by √dₖ', pm(r.scaledVariance[g], r.scaledVarianceStdError[g]), null, r.scaledVariance[g]],
      ['restoringbeta', 'β that restores variance 1', sig3(r.restoringBeta[g]), `(against 1/√dₖ = ${sig3(r.standardBeta)})`, r.restoringBeta[g]],
      ['maxweight', 'mean largest weight, β = 1/√dₖ', pm(r.maxWeight[g], r.maxWeightStdError[g]),
        `(unit-variance logits: ${pm(r.assumed.maxWeight, r.assumed.maxWeightStdError)})`, r.maxWeight[g]],
      ['entropy', 'mean entropy of a row, β = 1/√dₖ', pm(r.entropy[g], r.entropyStdError[g]),
        `(unit-variance logits: ${pm(r.assumed.entropy, r.assumed.entropyStdError)}; ln ${r.tokens} = ${sig3(r.maxEntropy)})`, r.entropy[g]],
    ]));
  }
}
