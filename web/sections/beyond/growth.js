// 7.1: queries and keys that grow during training sharpen 1/√d_k attention towards one-hot; QK-norm and qk-layernorm
// do not move. Every number is engine.qkNormDemo's; this module picks, labels and lays them out.
import { el } from '../../dom.js';
import { logSlider } from '../../controls.js';
import { chartBox } from '../../charts/chart-box.js';
import { xyChart, xyLegend } from '../../charts/xy-chart.js';
import { SERIES } from '../../charts/palette.js';
import { precise, sig3 } from '../../format.js';
import { partPanel, setProse, statList, fill } from '../kit/parts.js';
import { question } from '../kit/lesson.js';
import { term } from '../../glossary.js';
import { joinPieces, sampleCount, learn, refineLater, offStep } from '../kit/progressive.js';
import { sources, beyondPart, explainWith, quietTitle, partBoxes } from './shared.js';
import { markerAt, levelAt } from '../kit/markers.js';
import { SWEEP, EDGE, startingG } from './rates.js';
import { rateKey } from './sweep-config.js';
import { seedRuns } from './sweep-stats.js';
import { GROWTH, GROWTH_GRID } from './setups.js';

// The experiment (a query and 16 keys of length 64, 200 rows) and the growth factors of the chart: setups.js.
const SETUP = GROWTH;
const GRID = GROWTH_GRID;
const RANGE = [GRID[0], GRID[GRID.length - 1]];
const TICKS = [0.25, 0.5, 1, 2, 4];

const f = () => el('var', {}, 'f');
const g = () => el('var', {}, 'g');

export function growthPart(engine, store, number) {
  const part = partPanel({ id: 'growth', number, title: 'Growing queries and keys, collapsing entropy, and QK-norm' });
  const drift = logSlider(store, 'bdrift', ['Growth ', f(), ' of q and k'], { lo: RANGE[0], hi: RANGE[1], integers: false });
  const scale = logSlider(store, 'bg', ['QK-norm scale ', g()], { lo: 0.5, hi: 64, integers: false });
  const controls = [drift, scale];
  const run = (state, drifts) => engine.qkNormDemo({ ...SETUP, g: state.bg, drifts });
  const boxes = partBoxes();
  const cite = sources('dehghani', 'zhai', 'henry', 'wortsman');

  const ask = question({
    id: 'beyond-growth',
    prompt: 'Double q and k: the 1/√dₖ logits grow…',
    choices: [['2', '×2'], ['4', '×4'], ['16', '×16']],
    answer: '4',
    cover: boxes.stats, // its largest |logit| answers the question
    explain: explainWith((state) => run(state, [state.bdrift, 2 * state.bdrift]), (r, state) => {
      const s = r.standard;
      const q = r.qkNorm;
      return [`(2q)·(2k) = 4 q·k. The engine’s largest |logit| goes from ${sig3(s.maxAbsLogit[0])} at f = ${state.bdrift} to `,
        `${sig3(s.maxAbsLogit[1])} at f = ${2 * state.bdrift} (×${sig3(s.maxAbsLogit[1] / s.maxAbsLogit[0])}), and the mean entropy from `,
        `${sig3(s.entropy[0])} to ${sig3(s.entropy[1])}. Under QK-norm the entropy stays ${sig3(q.entropy[0])} → ${sig3(q.entropy[1])}: `,
        'q and k are divided by their lengths, so f cancels.'];
    }),
  });

  const chart = chartBox({ id: 'growth-entropy', kind: 'xy', maxWidth: 600 });
  let grid = null; // { g, result }: the chart's factors for this g
  let chosen = null; // { g, f, result }: the learner's f alone, for the numbers beside the chart
  let bounds = null; // trainedBounds(engine), made once
  const perRow = GRID.length * SETUP.n * SETUP.dK; // the work of one row at every factor (a unit per key entry)
  const perOne = SETUP.n * SETUP.dK; // one row at the chosen factor alone (its own kind: drawing the row dominates)
  /**
   * Every row has its own stream, whatever the factors, so fewer rows are the full count's first. The first drawing
   * has every row; after that, a call that would not fit in a frame is made with the first rows, and the full count
   * follows in a background engine, or in a later task from file://. Only full counts' timings size the next preview:
   * the first drawing runs while the page is loading, far slower.
   */
  const full = (options, kind, units, keep) => offStep(engine, 'qkNormDemo', { ...SETUP, ...options }, (get, ms) => {
    const result = get();
    learn(kind, units * SETUP.samples, ms);
    return keep(result) && view.redraw(store.get());
  });
  const gridAt = (state, first) => {
    const plan = first ? { samples: SETUP.samples } : sampleCount('qkNormDemo', perRow, SETUP.samples, { min: 10 });
    const options = { g: state.bg, drifts: GRID };
    return { g: state.bg, result: engine.qkNormDemo({ ...SETUP, ...options, samples: plan.samples }),
      step: full(options, 'qkNormDemo', perRow, (result) => {
        if (grid?.g !== options.g) return false; // g moved on: this count is for a grid no longer shown
        grid = { ...grid, result };
        return true;
      }) };
  };
  const chosenAt = (state, first) => {
    const plan = first ? { samples: SETUP.samples } : sampleCount('qkNormOne', perOne, SETUP.samples, { min: 10 });
    const options = { g: state.bg, drifts: [state.bdrift] };
    const mine = (c) => c?.g === options.g && c.f === options.drifts[0];
    return { g: state.bg, f: state.bdrift, result: engine.qkNormDemo({ ...SETUP, ...options, samples: plan.samples }),
      step: full(options, 'qkNormOne', perOne, (result) => {
        if (!mine(chosen)) return false; // the learner's f or g moved on
        chosen = { ...chosen, result };
        return true;
      }) };
  };
  const view = beyondPart(store, {
    part, controls, ask, chart, cite, keys: ['bdrift', 'bg'], boxes,
    lead: ['Training grows q and k (here ×', f(), '). What do the logits of 1/√dₖ, QK-norm’s ', g(), '·q̂·k̂ and qk-layernorm do?'],
    deeperId: 'collapse', deeperSummary: 'What g allows',
    // Every row is drawn from its own stream, whatever the factors: the grid's numbers depend only on g and are kept
    // while f moves, and the chosen f is computed alone (exactly what it would be at the end of the grid). A redraw
    // when a full count arrives computes nothing; a new computation here restarts the full counts still missing.
    compute(state) {
      const first = grid === null;
      const newGrid = !grid || grid.g !== state.bg;
      const newChosen = !chosen || chosen.g !== state.bg || chosen.f !== state.bdrift;
      if (newGrid) grid = gridAt(state, first);
      if (newChosen) chosen = chosenAt(state, first);
      if (newGrid || newChosen) refineLater(part, part.node, [grid, chosen].filter((x) => x.result.samples < SETUP.samples).map((x) => x.step));
      return { ...joinPieces([grid.result, chosen.result], 'drifts'), chosenSamples: chosen.result.samples };
    },
    draw(r, state, { prose, stats, deeper }) {
      const at = GRID.length; // the chosen factor sits after the grid
      const upto = (a) => Array.from(a).slice(0, at);
      const line = (id, label, y, color, dash, symbol, width) => ({ id, label, kind: 'line', x: GRID, y: upto(y), color, dash, marker: true, symbol, width });
      const series = [
        line('standard', '1/√dₖ', r.standard.entropy, SERIES.blue, null, 'circle'),
        // Drawn wide under the dashed qk-layernorm line: at some g the two entropies coincide.
        line('qknorm', 'QK-norm g·q̂·k̂', r.qkNorm.entropy, SERIES.vermillion, null, 'square', 3.5),
        line('layernorm', 'qk-layernorm', r.qkLayerNorm.entropy, SERIES.green, '6 3', 'diamond'),
        levelAt('uniform', 'uniform', r.maxEntropy, RANGE, '#1b1f24', '2 3'),
        ...markerAt(state.bdrift, [0, r.maxEntropy], RANGE, `f = ${state.bdrift}`),
      ];
      chart.set({ title: quietTitle('Mean entropy of a row against f'), legend: xyLegend(series),
        draw: xyChart({ id: 'growth-entropy', ariaLabel: `Mean row entropy against the growth factor f from 0.25 to 4 on a log axis; at f = ${state.bdrift}: `
          + `${precise(r.standard.entropy[at])} with 1/√d_k, ${precise(r.qkNorm.entropy[at])} with QK-norm`,
        xLabel: r.samples < SETUP.samples ? `growth f (lines from ${r.samples} of ${SETUP.samples} rows so far)` : 'growth f',
        yLabel: 'mean entropy (nats)', xScale: 'log', xTicks: TICKS, yDomain: [0, Math.ceil(r.maxEntropy)], series, height: 170 }) });

      const soFar = r.chosenSamples < SETUP.samples ? `; from ${r.chosenSamples} of ${SETUP.samples} rows so far` : '';
      fill(stats, statList('growth', [
        ['standard', `entropy at f = ${state.bdrift}, 1/√dₖ`, sig3(r.standard.entropy[at]),
          `(largest |logit| ${sig3(r.standard.maxAbsLogit[at])}${soFar})`, r.standard.entropy[at]],
        ['qknorm', 'entropy, QK-norm', sig3(r.qkNorm.entropy[at]), `(largest |logit| ${sig3(r.qkNorm.maxAbsLogit[at])} ≤ g${soFar})`, r.qkNorm.entropy[at]],
      ]));
      setProse(prose, [[
        'Growing logits and nearly ', term('onehot'), ' rows came before divergence in ViT-22B', cite.ref('dehghani'), '; QK-norm',
        cite.ref('henry'), ' and qk-layernorm', cite.ref('dehghani', 'wortsman'), ' normalise q and k. Low ', term('entropy'),
        ' is no fault: reversal needs one-hot rows (7.4).',
      ]]);
      bounds = bounds ?? trainedBounds(engine);
      drawDeeper(deeper, r, at, state, bounds, cite);
    },
  });
  return view;
}

/**
 * What training did to the bounds, from 7.4's runs (web/data/lr-sweep.json): QK-norm's learned g at the edge rate,
 * per seed, from its start (engine.describeTrainer), and the largest |logit| of any qk-layernorm run against √d_k.
 */
function trainedBounds(engine) {
  const config = SWEEP.config;
  const g0 = startingG(engine);
  const gs = seedRuns(SWEEP, 'qk-norm', EDGE).map((r) => r.qkScale[0]);
  const layer = SWEEP.runs.filter((r) => r.strategy === 'qk-layernorm');
  const widest = layer.reduce((a, b) => (b.maxLogit > a.maxLogit ? b : a));
  return { g0, gLow: Math.min(...gs), gHigh: Math.max(...gs), dK: config.dK, widest };
}

/** A cap on the largest weight: three significant digits, or seven when three would round a weight near 1 up to 1. */
const capText = (w) => (w < 0.99 ? sig3(w) : String(Number(w.toPrecision(7))));

/** The "Go deeper" body: the bounds g and √d_k put on the logits, g = √d_k at f = 1, and what is not measured. */
function drawDeeper(body, r, at, state, t, cite) {
  const one = GRID.indexOf(1);
  const cap = capText(r.sharpest.maxWeight);
  setProse(body, [[
    `QK-norm’s logits lie in [−g, g]. No row of ${r.n} such logits gives a key more weight than one key at +g and the rest at −g: `,
    ...(cap === '1'
      ? [`at g = ${state.bg} that row’s largest weight is 1 to seven digits and its entropy ${sig3(r.minEntropy)}, so this cap `,
        'does not bind: a row can be as one-hot as seven digits show. At a small g it binds, and a model that needs sharper rows must learn a larger g: ']
      : [`largest weight at most ${cap}; no row has entropy below ${sig3(r.minEntropy)} `,
        `(reached with ${r.minEntropyTops} of the ${r.n} keys at +g). A model that needs sharper rows must learn a larger g: `]),
    `the sharpness becomes a parameter instead of a side effect of growing weights. In training g is learned, so the cap moves: `,
    `in 7.4’s runs at lr ${rateKey(EDGE)} it went from ${sig3(t.g0)} to ${sig3(t.gLow)}–${sig3(t.gHigh)} (seeds 1–${SWEEP.presets.full.seeds}).`,
  ], [
    // Only g = √d_k starts QK-norm where 1/√d_k starts: at another g the prose does not say the entropies below agree.
    state.bg === r.layerNormBound
      ? `With g = √dₖ = ${sig3(r.layerNormBound)}, QK-norm starts where 1/√dₖ starts, because ‖q‖‖k‖ ≈ dₖ: at f = 1 the engine `
      : `It is g = √dₖ = ${sig3(r.layerNormBound)} that starts QK-norm where 1/√dₖ starts, because ‖q‖‖k‖ ≈ dₖ; here, at f = 1, the engine `,
    `measures entropy ${sig3(r.qkNorm.entropy[one])} with QK-norm (g = ${state.bg}) and ${sig3(r.standard.entropy[one])} with 1/√dₖ. `,
    `Without LayerNorm’s learned gain, as here, qk-layernorm’s logits are bounded by √dₖ = ${sig3(r.layerNormBound)} `,
    `(largest seen ${sig3(r.qkLayerNorm.maxAbsLogit[at])}) and its entropy is ${sig3(r.qkLayerNorm.entropy[at])} at every f. `,
    `Trained, the gain grows and the bound goes: a 7.4 run (lr ${rateKey(t.widest.lr)}, seed ${t.widest.seed}) reached |logit| ${sig3(t.widest.maxLogit)} `,
    `with dₖ = ${t.dK} (√${t.dK} = ${sig3(Math.sqrt(t.dK))}).`,
    ' Of q · k = ‖q‖‖k‖ cos θ (Lesson 2.3) QK-norm keeps only cos θ and learns g in place of the two lengths that weight growth stretches.',
  ], [
    'Low entropy that comes with unstable training is what Zhai et al. call entropy collapse; their remedy is σReparam, a spectral ',
    'rescaling of every linear layer', cite.ref('zhai'), ', not QK-norm. ',
    'Wortsman et al. report that qk-layernorm sharply reduces how sensitive small models are to the learning rate. ',
    'Lesson 6’s trainer has both as β strategies, with each step’s entropy and largest |logit| plotted beside the loss; ',
    '7.4 puts their accuracy against the learning rate beside 1/√dₖ’s.',
  ], [
    `Each point averages ${r.samples} rows of one query and ${r.n} keys with N(0, 1) entries in dₖ = ${r.dK} dimensions, all multiplied by f.`,
  ]]);
}
