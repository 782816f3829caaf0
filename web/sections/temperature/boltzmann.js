// 4.1: the softmax read as a Boltzmann distribution, with β as the dial. The core is one row of scores, the β slider
// and the weights beside it, and a prediction about β → 0; a "Go deeper" section holds every β at once (weights and
// entropy along the whole track) and the shift invariance. Every number is engine.boltzmann's.
import { el } from '../../dom.js';
import { parsedInput, logSlider } from '../../controls.js';
import { chartBox } from '../../charts/chart-box.js';
import { xyChart, xyLegend } from '../../charts/xy-chart.js';
import { barChart } from '../../charts/bars.js';
import { SERIES } from '../../charts/palette.js';
import { precise, short, sig3 } from '../../format.js';
import { deeper, question } from '../kit/lesson.js';
import { term } from '../../glossary.js';
import { partPanel, setProse, statList, fill, refill, watcher, attempt, message, noticeBox, presetRow } from '../kit/parts.js';
import { beta, NOW_DARK, BETA_GRID } from './common.js';
import { markerAt, levelAt } from '../kit/markers.js';
import { TeX } from '../../math.js';

const LINE_COLORS = [SERIES.blue, SERIES.vermillion, SERIES.green, SERIES.orange, SERIES.purple, SERIES.sky, SERIES.grey];
const LINE_DASHES = [null, '6 3', '2 3', '8 3 2 3'];

const temperatureText = (t) => (t === Infinity ? '∞' : sig3(t));
const weightText = short; // 0.25, 1.00; a weight of 3e-5 prints 3×10⁻⁵, not 0.000

/** The prediction: what the weights become as β goes to 0, explained with the engine's weights at β = 0 and now. */
function hotQuestion(engine) {
  return question({
    id: 'temperature-hot',
    prompt: 'Turn β down towards 0 (a very hot system). What do the weights become?',
    choices: [['argmax', 'All the weight on the largest score'], ['uniform', 'Equal weights, 1/n each'],
      ['proportional', 'Weights proportional to the scores'], ['zero', 'All weights go to 0']],
    answer: 'uniform',
    explain(state) {
      let r;
      try {
        r = engine.boltzmann({ scores: state.tscores, betas: [0, state.tbeta] });
      } catch (error) {
        return ['The engine rejected these scores: ', message(error)];
      }
      const n = r.n;
      return [`At β = 0 every βsᵢ is 0 and every exponential is 1, so the engine gives each of the ${n} scores weight `,
        el('strong', {}, sig3(r.weights[0])), ` and entropy ${sig3(r.entropy[0])}, the largest possible (ln ${n} = ${sig3(r.maxEntropy)}). `,
        `At your β = ${state.tbeta}: largest weight ${sig3(r.maxWeight[1])}, entropy ${sig3(r.entropy[1])}. `,
        'The weights never reach 0: each is a positive number over a sum of positive numbers.'];
    },
  });
}

export function boltzmannPart(engine, store, number) {
  const part = partPanel({ id: 'boltzmann', number, title: 'Turn the dial: the softmax is a Boltzmann distribution',
    formula: TeX`p_i = \frac{e^{\beta s_i}}{\sum_{j} e^{\beta s_j}},\qquad T = \frac{1}{\beta}` });
  const { box, notices } = noticeBox();
  const problem = (key) => (text) => (text ? notices.show(key, text) : notices.clear(key));
  const scores = parsedInput(store, 'tscores', [term('score', 'Scores'), ' ', el('var', {}, 's'), ' (up to 12)'],
    { onProblem: problem('tscores'), placeholder: '3, 2, 0.5, −1' });
  const betaSlider = logSlider(store, 'tbeta', ['Inverse temperature ', term('beta'), ' (log track)'], { lo: 0.001, hi: 1000, integers: false });
  const temperature = el('output', { className: 'temperature-readout' });
  const betaBox = parsedInput(store, 'tbeta', [beta(), ' (0 is allowed)'], { number: true, step: 'any', onProblem: problem('tbeta'), extra: [temperature] });
  const presets = presetRow(store, 'Try:', [
    ['β = 0.001', { tbeta: 0.001 }, 'Set β to 0.001, nearly zero'],
    ['β = 1', { tbeta: 1 }, 'Set β to 1'],
    ['β = 1000', { tbeta: 1000 }, 'Set β to 1000'],
  ]);
  const weights = chartBox({ id: 'boltzmann-weights', kind: 'bars', maxWidth: 460 });
  fill(part.controls, el('div', { className: 'control-figure' },
    el('div', { className: 'panel control-panel' }, scores.node, betaSlider.node, betaBox.node, presets, box), el('div', {}, weights.node, part.stats)));
  const predict = hotQuestion(engine);
  const more = sweepSection(engine, store);
  fill(part.figures, predict.node, more.node);
  /** The prose of the reader's scores: several equal largest scores share the weight when cold instead of one taking it. */
  const coldProse = (scores) => {
    const top = Math.max(...scores);
    const tied = scores.filter((z) => z === top).length;
    setProse(part.prose, [[
      'β multiplies every score before the exponential, as 1/T does in physics. Cold (large β): ',
      tied > 1 ? `the ${tied} tied largest scores share nearly all the weight equally` : 'the largest score takes nearly all the weight',
      '; try β = 1000 and read the largest weight beside the chart.',
    ]]);
  };
  const controls = [scores, betaSlider, betaBox];
  const changed = watcher(store, ['tscores', 'tbeta']);

  return {
    node: part.node,
    render(state) {
      for (const c of controls) c.sync(state);
      predict.render(state);
      more.render(state);
      if (!changed(state)) return;
      const p = attempt(part, notices, 'The engine rejected these scores', () => engine.boltzmann({ scores: state.tscores, betas: [state.tbeta] }));
      if (!p) return;
      coldProse(state.tscores);
      const T = p.temperatures[0];
      refill(temperature, 'T = 1/', beta(), ' = ', el('strong', { dataset: { stat: 'temperature', value: T } }, temperatureText(T)));
      const labels = state.tscores.map((z) => precise(z)); // the reader's own scores, as typed
      weights.set({ title: ['Weights at ', beta(), ` = ${state.tbeta}`],
        draw: barChart({ id: 'boltzmann-weights', ariaLabel: `Weights at β = ${state.tbeta}: ${Array.from(p.weights, weightText).join(', ')}`,
          values: p.weights, labels, domain: [0, 1], color: SERIES.blue, valueText: weightText, yTicks: (v) => v.toFixed(1), height: 200 }) });
      fill(part.stats, statList('boltzmann', [
        ['maxweight', 'largest weight', sig3(p.maxWeight[0]), `(score ${sig3(p.scores[p.argmax[0]])})`, p.maxWeight[0]],
        ['entropy', 'entropy', sig3(p.entropy[0]), `(ln ${p.n} = ${sig3(p.maxEntropy)} when uniform)`, p.entropy[0]],
      ]));
    },
  };
}

/** "Go deeper": every β of the track at once (weights, entropy), and adding a constant to every score. */
function sweepSection(engine, store) {
  const { box, notices, problem } = noticeBox();
  const shift = parsedInput(store, 'tshift', ['Constant ', el('var', {}, 'c'), ' added to every score'], { number: true, step: 'any', onProblem: problem });
  const sweep = chartBox({ id: 'boltzmann-sweep', kind: 'xy', maxWidth: 620 });
  const entropy = chartBox({ id: 'boltzmann-entropy', kind: 'xy', maxWidth: 620 });
  const shifted = chartBox({ id: 'boltzmann-shifted', kind: 'bars', maxWidth: 460 });
  const prose = el('div', { className: 'part-prose' });
  const stats = el('div', { className: 'part-stats' });
  const section = deeper(store, 'tdeep', 'sweep', 'Every β at once, and why adding a constant changes nothing',
    el('div', { className: 'figure-row chart-row' }, sweep.node, entropy.node), prose,
    el('div', { className: 'panel control-panel' }, shift.node, box), shifted.node, stats);
  const changed = watcher(store, ['tscores', 'tbeta', 'tshift']);
  const gridChanged = watcher(store, ['tscores']);
  const owner = { node: section.node }; // attempt() dims this on an engine error
  let grid = null;

  setProse(prose, [[
    'Only differences between scores matter: adding ', el('var', {}, 'c'), ' to every score multiplies each exponential and ',
    'their sum by the same e', el('sup', {}, 'βc'), ', which cancels. The engine softmaxes the shifted scores below.',
  ]]);

  return {
    node: section.node,
    render(state) {
      section.sync(state);
      shift.sync(state);
      if (!changed(state)) return;
      const fresh = gridChanged(state);
      const r = attempt(owner, notices, 'The engine rejected these scores', () => ({
        now: engine.boltzmann({ scores: state.tscores, betas: [state.tbeta], shift: state.tshift }),
        grid: fresh || !grid ? engine.boltzmann({ scores: state.tscores, betas: BETA_GRID }) : grid,
      }));
      if (!r) return;
      grid = r.grid;
      const p = r.now;
      const n = p.n;
      const labels = state.tscores.map((z) => precise(z)); // the reader's own scores, as typed
      const betas = Array.from(grid.betas);
      const marker = (top) => markerAt(state.tbeta, [0, top], [betas[0], betas[betas.length - 1]], `β = ${state.tbeta}`, NOW_DARK);
      const sweepSeries = [...labels.map((label, i) => ({
        id: `w${i}`, label: `score ${label}`, kind: 'line', x: betas, y: betas.map((_, k) => grid.weights[k * n + i]),
        color: LINE_COLORS[i % LINE_COLORS.length], dash: LINE_DASHES[Math.floor(i / LINE_COLORS.length) % LINE_DASHES.length],
      })), ...marker(1)];
      sweep.set({ title: ['Each weight as ', beta(), ' runs from 10⁻³ to 10³'], legend: xyLegend(sweepSeries),
        draw: xyChart({ id: 'boltzmann-sweep', ariaLabel: `Softmax weights of the scores ${labels.join(', ')} against β on a log axis from 0.001 to 1000`,
          xLabel: 'β (log scale)', yLabel: 'weight', xScale: 'log', yDomain: [0, 1], series: sweepSeries, height: 260 }) });
      const entropySeries = [
        { id: 'entropy', label: 'entropy of the weights (nats)', kind: 'line', x: betas, y: grid.entropy, color: SERIES.purple },
        levelAt('max', `ln ${n}: uniform weights`, grid.maxEntropy, [betas[0], betas[betas.length - 1]], '#1b1f24', '6 4'),
        ...marker(grid.maxEntropy),
      ];
      entropy.set({ title: 'Entropy: ln n when hot, 0 when frozen onto one score', legend: xyLegend(entropySeries),
        draw: xyChart({ id: 'boltzmann-entropy', ariaLabel: `Entropy of the weights against β; ln ${n} = ${precise(grid.maxEntropy)} at small β`,
          xLabel: 'β (log scale)', yLabel: 'entropy (nats)', xScale: 'log', yFromZero: true, series: entropySeries, height: 260 }) });
      shifted.set({ title: ['softmax(', beta(), ` · (s + ${precise(state.tshift)}))`],
        draw: barChart({ id: 'boltzmann-shifted', ariaLabel: `Weights of the shifted scores: ${Array.from(p.shiftedWeights, weightText).join(', ')}`,
          values: p.shiftedWeights, labels: Array.from(p.shiftedScores, (z) => sig3(z)), domain: [0, 1], color: SERIES.green,
          valueText: weightText, yTicks: (v) => v.toFixed(1), height: 190 }) });
      fill(stats, statList('boltzmann-more', [
        ['effective', 'effective number of scores, e^entropy', sig3(p.effectiveKeys[0]), `(between 1 and ${n})`, p.effectiveKeys[0]],
        ['shiftchange', `largest change after adding ${precise(state.tshift)}`, sig3(p.shiftChange[0]), '(rounding only)', p.shiftChange[0]],
      ]));
    },
  };
}
