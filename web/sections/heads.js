// Lesson 5: multi-head attention on Lesson 1's sentence. The model's d_model columns are split into H heads, each head
// attends on its own, the heads are concatenated and mixed by W^O; and the scaling mistake (√d_model instead of the
// per-head √d_k, or no scaling) measured per head and over H. Every number shown comes from the engine; this module
// picks, labels and lays them out.
import { el, clear } from '../dom.js';
import { tex } from '../math.js';
import { createNotices } from '../notices.js';
import { slider, textInput, parsedInput, radioGroup } from '../controls.js';
import { chartBox } from '../charts/chart-box.js';
import { xyChart, xyLegend } from '../charts/xy-chart.js';
import { heatmap } from '../charts/heatmap.js';
import { SERIES } from '../charts/palette.js';
import { precise } from '../format.js';
import { partPanel, setProse, statList, fill, watcher, message, dk, attempt } from './parts.js';
import { tokenLabels } from './self-attention-steps.js';
import { sampleCount, timed, refineLater, sampleLabel } from './progressive.js';

export const LESSON = {
  id: 'heads', number: 5, title: 'Several heads', mount,
  // Lesson 1's sentence is the learner's sentence for the whole page: one link carries it, and typing it here or
  // in Lesson 1 changes both. The lesson's own keys are the h… rows of web/state.js.
  keys: ['sentence', 'hdmodel', 'hheads', 'hscale', 'hseed'],
  announce: ['heads-sweep:dkvar', 'heads-sweep:dmodelvar'], // read out by the live region when they change
};

const HEADS = [1, 2, 4, 8];
const SWEEP_TOKENS = 8; // random tokens per sample in the Monte Carlo over H (a display choice)
const SWEEP_SAMPLES = 200; // samples per point of that sweep
const SCALINGS = [
  { id: 'dk', label: 'per-head √dₖ (correct)', short: '√dₖ', color: SERIES.blue, symbol: 'circle', dash: null },
  { id: 'dmodel', label: '√d_model (the mistake)', short: '√d_model', color: SERIES.vermillion, symbol: 'square', dash: '6 3' },
  { id: 'none', label: 'no scaling', short: '1 (none)', color: SERIES.orange, symbol: 'triangle', dash: '2 3' },
];
const SCALING = Object.fromEntries(SCALINGS.map((s) => [s.id, s]));

const dmodel = () => [el('var', {}, 'd'), el('sub', {}, 'model')];
const dims = (d) => Array.from({ length: d }, (_, i) => String(i + 1));
const divides = (h, d) => d % h === 0;

function intro() {
  return [
    el('p', {}, 'One attention pattern per layer is a narrow view: a token may need to look at its neighbour for one ',
      'reason and at a distant word for another. Multi-head attention runs several small attentions side by side. ',
      'The ', ...dmodel(), ' columns of the queries, keys and values are cut into H groups, each group (a head) computes its own ',
      'weights with its own ', ...dk(), ' = ', ...dmodel(), '/H columns, and the heads’ outputs are glued back together and mixed by one more matrix, W', el('sup', {}, 'O'), '.'),
    el('p', {}, 'Each head is the scaled dot-product attention of Lesson 1, so each head needs its own scale: the scores of a ',
      'head are sums of ', ...dk(), ' products, not of ', ...dmodel(), '. Code that divides by √', ...dmodel(), ' out of habit ',
      'makes every head too timid, and the effect grows with H. The sentence is the one from Lesson 1.'),
  ];
}

function mount(root, { engine, store }) {
  const noticeBox = el('div', { className: 'notices lesson-notices', attrs: { 'aria-live': 'polite' } });
  const notices = createNotices(noticeBox);
  const seedProblem = (text) => (text ? notices.show('seed', text) : notices.clear('seed'));
  const sentence = textInput(store, 'sentence', 'Sentence (shared with Lesson 1, up to 12 words)', { placeholder: 'money bank grows' });
  const width = slider(store, 'hdmodel', [...dmodel(), ' (model width)']);
  const heads = radioGroup(store, 'hheads', ['Heads ', el('var', {}, 'H')], HEADS.map((h) => [String(h), String(h)]));
  const scaleBy = radioGroup(store, 'hscale', 'Divide each head’s scores by', SCALINGS.map((s) => [s.id, s.label]));
  const seed = parsedInput(store, 'hseed', ['Seed of the weights'], { number: true, step: '1', onProblem: seedProblem });
  const controls = [sentence, width, heads, scaleBy, seed];
  const tokenList = el('ol', { className: 'tokens', attrs: { 'aria-label': 'Tokens' } });
  const controlPanel = el('div', { className: 'panel control-panel' },
    el('h3', { className: 'panel-title' }, 'Try it'),
    el('div', { className: 'control-grid' }, sentence.node, width.node, seed.node, heads.node, scaleBy.node),
    el('div', { className: 'token-row' }, el('span', { className: 'token-row-label' }, 'Tokens:'), tokenList),
    noticeBox);

  const parts = [headsPart, combinePart, scalingPart].map((make, i) => make(engine, store, `5.${i + 1}`));
  clear(root);
  root.append(
    el('h2', { className: 'lesson-title' }, `Lesson ${LESSON.number} · ${LESSON.title}`),
    el('div', { className: 'lesson-intro' }, intro()),
    controlPanel,
    el('div', { className: 'lesson-parts' }, parts.map((p) => p.node)));

  const changed = watcher(store, ['sentence', 'hdmodel', 'hheads', 'hscale', 'hseed']);
  let shown = null; // the last result drawn, kept on screen (dimmed) when an input is rejected
  let corrected = null; // "d_model|H" after H was lowered to fit d_model; the note goes when either moves on
  store.subscribe((state) => {
    for (const c of controls) c.sync(state);
    for (const [value, input] of heads.inputs) input.disabled = !divides(Number(value), state.hdmodel);
    const h = Number(state.hheads);
    if (!divides(h, state.hdmodel)) {
      // H must divide d_model: fall back to the largest head count below it that does, and say so.
      const fit = HEADS.filter((x) => x <= h && divides(x, state.hdmodel)).pop() ?? 1;
      notices.show('heads', `H = ${h} does not divide d_model = ${state.hdmodel}, so H = ${fit} is used instead.`);
      corrected = `${state.hdmodel}|${fit}`;
      store.set({ hheads: String(fit) });
      return;
    }
    if (corrected !== null && corrected !== `${state.hdmodel}|${state.hheads}`) {
      notices.clear('heads');
      corrected = null;
    }
    if (!changed(state)) return;
    let r = null;
    try {
      r = engine.multiHeadExample({ sentence: state.sentence, dModel: state.hdmodel, heads: h, seed: state.hseed, scaleBy: state.hscale });
      notices.clear('engine');
    } catch (error) {
      notices.show('engine', message(error), { tone: 'error', title: 'The engine rejected this input' });
    }
    for (const p of parts) p.node.classList.toggle('stale', r === null);
    if (r !== null) shown = { r, state };
    clear(tokenList);
    if (r) for (const t of r.tokens) tokenList.append(el('li', { className: 'token' }, t));
    if (!shown) return;
    for (const p of parts) p.render(shown.r, shown.state);
  });
}

/* ---- 5.1 the heads, one by one ---- */

function headsPart(engine, store, number) {
  const part = partPanel({ id: 'heads', number, title: 'H heads, each with dₖ = d_model / H',
    formula: '\\text{head}_h = \\operatorname{softmax}\\!\\Big(\\frac{Q_h K_h^{\\top}}{\\sqrt{d_k}}\\Big) V_h' });
  const grid = el('div', { className: 'head-grid' });
  part.figures.append(grid);
  return {
    node: part.node,
    render(r, state) {
      const labels = tokenLabels(r.tokens);
      const n = r.tokens.length;
      const s = SCALING[state.hscale];
      setProse(part.prose, [[
        `With `, ...dmodel(), ` = ${r.dModel} and H = ${r.heads}, each head owns ${r.dK} of the columns of W`, el('sub', {}, 'q'), ', W', el('sub', {}, 'k'),
        ' and W', el('sub', {}, 'v'), ': head 1 the first ', String(r.dK), ', head 2 the next, and so on. The weight matrices are the same ',
        'ones for every H (Lesson 1’s, drawn ', ...dmodel(), ' wide), so changing H only regroups their columns. ',
        'Each head then compares the tokens in its own ', String(r.dK), '-dimensional space and arrives at its own weights.',
      ], [
        state.hscale === 'dk' ? ['Every head divides its scores by √', ...dk(), ` = √${r.dK}, a factor of ${precise(r.scale)}.`]
          : state.hscale === 'dmodel' ? ['Every head divides by √', ...dmodel(), ` = √${r.dModel} (a factor of ${precise(r.scale)}), although its scores `,
            'only add up ', String(r.dK), ' products: the rows come out flatter than they should.']
            : ['No head scales its scores (a factor of 1), so their spread grows with ', ...dk(), '.'],
        ' Under each head: the variance of its raw and scaled scores, and how peaked its rows are.',
      ]]);
      clear(grid);
      for (let h = 0; h < r.heads; h += 1) {
        const slice = (a) => a.slice(h * n * n, (h + 1) * n * n);
        const raw = r.headScoreVariance[h];
        const scaled = r.headScaledScoreVariance[h];
        const peak = r.headMaxWeight[h];
        grid.append(el('div', { className: 'head-panel', dataset: { head: h + 1 } },
          heatmap({ id: `head-${h + 1}-weights`, title: [`Head ${h + 1}: weights`], values: slice(r.weights), rows: n, cols: n,
            rowLabels: labels, colLabels: labels, rowAxis: 'query', colAxis: 'key', palette: 'sequential', domain: [0, 1],
            maxValueCols: 6 }), // values printed in the cells up to 6 tokens; beyond that the cells stay small enough for a grid of heads
          statList(`head-${h + 1}`, [
            ['scorevar', 'variance of the raw scores', precise(raw), null, raw],
            ['scaledvar', `after ÷ ${s.short}`, precise(scaled), null, scaled],
            ['maxweight', `mean largest weight (uniform: 1/${n})`, precise(peak), null, peak],
          ])));
      }
    },
  };
}

/* ---- 5.2 concatenate and project ---- */

function combinePart(engine, store, number) {
  const part = partPanel({ id: 'combine', number, title: 'Concatenate the heads, then mix them with Wᴼ' });
  const row = el('div', { className: 'figure-row maps-row' });
  part.figures.append(tex('\\operatorname{MultiHead}(Q, K, V) = \\operatorname{Concat}(\\text{head}_1, \\ldots, \\text{head}_H)\\,W^{O}',
    { display: true, className: 'multihead-formula' }), row);
  return {
    node: part.node,
    render(r) {
      const labels = tokenLabels(r.tokens);
      const n = r.tokens.length;
      setProse(part.prose, [[
        `Each head returns ${n} rows of ${r.dV} numbers: its weights applied to its own slice of the values. `,
        'Placing the heads’ outputs side by side gives a matrix as wide as the model again, ', ...dmodel(), ` = ${r.heads} × ${r.dV}; `,
        'the column labels say which head each block came from. On their own the heads never exchange information; ',
        'the output projection W', el('sup', {}, 'O'), ' is where they are combined, every output column drawing on every head.',
      ]]);
      const headOf = (c) => `h${Math.floor(c / r.dV) + 1}·${(c % r.dV) + 1}`;
      const concatLabels = Array.from({ length: r.dModel }, (_, c) => headOf(c));
      fill(row,
        heatmap({ id: 'concat', title: ['Concat(head', el('sub', {}, '1'), ' … head', el('sub', {}, 'H'), ')'], values: r.concat, rows: n, cols: r.dModel, rowLabels: labels, colLabels: concatLabels,
          rowAxis: 'token', colAxis: 'head · dimension', palette: 'diverging' }),
        heatmap({ id: 'wo', title: ['W', el('sup', {}, 'O')], values: r.wO, rows: r.dModel, cols: r.dModel, rowLabels: concatLabels, colLabels: dims(r.dModel),
          rowAxis: 'head · dimension', colAxis: 'output dimension', palette: 'diverging' }),
        heatmap({ id: 'mh-output', title: 'Output = Concat · Wᴼ', values: r.output, rows: n, cols: r.dModel, rowLabels: labels, colLabels: dims(r.dModel),
          rowAxis: 'token', colAxis: 'output dimension', palette: 'diverging' }));
    },
  };
}

/* ---- 5.3 the scaling mistake ---- */

function scalingPart(engine, store, number) {
  const part = partPanel({ id: 'scaling', number, title: 'Scaling by √d_model instead of √dₖ',
    formula: '\\operatorname{Var}\\Big(\\frac{q_h\\cdot k_h}{\\sqrt{d_{\\text{model}}}}\\Big) = \\frac{d_k}{d_{\\text{model}}} = \\frac{1}{H}' });
  const { box, notices } = (() => {
    const b = el('div', { className: 'notices part-notices', attrs: { 'aria-live': 'polite' } });
    return { box: b, notices: createNotices(b) };
  })();
  const table = el('div', { className: 'scaling-table' });
  const variance = chartBox({ id: 'heads-variance', kind: 'xy', maxWidth: 620 });
  const sharp = chartBox({ id: 'heads-sharpness', kind: 'xy', maxWidth: 620 });
  const label = sampleLabel();
  fill(part.figures, box, table, label.node, el('div', { className: 'figure-row chart-row' }, variance.node, sharp.node));
  const sweepChanged = watcher(store, ['hdmodel', 'hseed']); // the engine runs the sweep again
  const redraw = watcher(store, ['hdmodel', 'hseed', 'hscale']); // the charts mark the chosen scaling
  let sweep = null;
  let shown = null; // { r, state } last drawn: the full sweep, when it arrives, is drawn with the settings of that moment

  // The work of one sample: its tokens, W_q and W_k, both projections, and every H's scores under three scalings.
  const workPerSample = (dModel, hs) => 2 * dModel * dModel * (SWEEP_TOKENS + 1) + hs.length * 3 * SWEEP_TOKENS * SWEEP_TOKENS * dModel;
  const measure = (state, hs, samples) => attempt(part, notices, 'The engine could not run the sweep over H',
    () => timed('multiHeadSweep', samples * workPerSample(state.hdmodel, hs),
      () => engine.multiHeadSweep({ dModel: state.hdmodel, heads: hs, tokens: SWEEP_TOKENS, samples, seed: state.hseed })));

  return {
    node: part.node,
    render(r, state) {
      shown = { r, state };
      let charts = redraw(state);
      if (charts && (sweepChanged(state) || !sweep)) {
        const hs = HEADS.filter((h) => divides(h, state.hdmodel));
        const plan = sampleCount('multiHeadSweep', workPerSample(state.hdmodel, hs), SWEEP_SAMPLES);
        const next = measure(state, hs, plan.samples);
        // The samples are nested: the preview's are the first of the full run's.
        refineLater(part, part.node, next && plan.preview ? [() => {
          const full = measure(state, hs, SWEEP_SAMPLES);
          if (full) {
            sweep = full;
            paint(shown.r, shown.state, true);
          }
          return Boolean(full);
        }] : null);
        if (next) sweep = next;
        else charts = false; // the last sweep stays on screen, dimmed
      }
      paint(r, state, charts && sweep !== null);
    },
  };

  /** The prose and the table of this sentence; with `charts`, the charts and numbers of the sweep too. */
  function paint(r, state, charts) {
    const n = r.tokens.length;
    setProse(part.prose, [[
      'A head’s raw scores are sums of ', ...dk(), ' products, so with unit-variance queries and keys their variance is about ', ...dk(), ' = ',
      ...dmodel(), '/H. Dividing by √', ...dk(), ' brings it to 1 whatever H is. Dividing by √', ...dmodel(), ' instead leaves a variance of ',
      'about 1/H: fine for one head, but with eight heads the logits are squeezed to an eighth of their intended variance and ',
      'every row drifts towards uniform weights. Not scaling at all leaves ', ...dk(), ', which hurts most with one wide head.',
    ], [
      `The table compares the three choices on the ${r.heads} head${r.heads === 1 ? '' : 's'} of this sentence. A sentence of ${n} words gives only `,
      `${n * n} scores per head, so those numbers are rough. The charts average over ${SWEEP_SAMPLES} random sets of ${SWEEP_TOKENS} tokens for every H `,
      '(fewer, for a quick preview, while ', ...dmodel(), ' is still changing), with standard errors, and show the trend the sentence only hints at.',
    ]]);
    const cell = (v, key) => el('td', { className: 'num', dataset: { stat: key, value: v } }, precise(v));
    fill(table, el('p', { className: 'table-title' }, 'This sentence, per head, under each scaling'),
      el('div', { className: 'table-scroll' }, el('table', { className: 'examples', dataset: { table: 'scaling' } },
        el('thead', {}, el('tr', {}, el('th', { attrs: { scope: 'col' } }, 'head'),
          SCALINGS.map((s) => el('th', { attrs: { scope: 'col', colspan: 2 }, className: s.id === state.hscale ? 'chosen' : '' }, `÷ ${s.short}`))),
        el('tr', {}, el('th', {}), SCALINGS.map(() => [el('th', { attrs: { scope: 'col' } }, 'score var.'), el('th', { attrs: { scope: 'col' } }, 'largest w.')]))),
        el('tbody', {}, Array.from({ length: r.heads }, (_, h) => el('tr', { dataset: { head: h + 1 } }, el('th', { attrs: { scope: 'row' } }, String(h + 1)),
          SCALINGS.map((s) => {
            const c = r.comparison[s.id];
            return [cell(c.scaledScoreVariance[h], `${s.id}var${h + 1}`), cell(c.maxWeight[h], `${s.id}max${h + 1}`)];
          })))))));

    if (!charts) return;
    label.set({ samples: sweep.samples, full: SWEEP_SAMPLES, unit: `samples of ${SWEEP_TOKENS} random tokens` });
    const x = Array.from(sweep.heads);
    const band = (s, field) => ({ id: `${s.id}-band`, label: `± 1 standard error`, kind: 'band', x, color: s.color,
      y: Array.from(sweep[s.id][field], (v, i) => v - sweep[s.id][`${field}StdError`][i]), // drawn only: the engine's estimate ± its standard error
      y2: Array.from(sweep[s.id][field], (v, i) => v + sweep[s.id][`${field}StdError`][i]) });
    const line = (s, field) => ({ id: s.id, label: `÷ ${s.short}`, kind: 'line', marker: true, symbol: s.symbol, dash: s.dash, color: s.color,
      x, y: sweep[s.id][field], width: s.id === state.hscale ? 3 : 1.8 });
    const vSeries = SCALINGS.map((s) => line(s, 'scaledScoreVariance'));
    const mSeries = SCALINGS.map((s) => line(s, 'maxWeight'));
    const mBands = SCALINGS.map((s) => band(s, 'maxWeight'));
    variance.set({ title: 'Per-head variance of the scaled scores', legend: xyLegend(vSeries),
      note: `${sweep.samples < SWEEP_SAMPLES ? 'Preview: ' : ''}${sweep.samples} samples of ${SWEEP_TOKENS} random tokens at d_model = ${state.hdmodel} for each H; the √dₖ line stays at 1, the √d_model line falls like 1/H.`,
      draw: xyChart({ id: 'heads-variance', ariaLabel: `Per-head variance of the scaled scores against H for the three scalings, d_model = ${state.hdmodel}`,
        xLabel: 'heads H (log scale)', yLabel: 'variance (log scale)', xScale: 'log', yScale: 'log', xTicks: x, series: vSeries, height: 260 }) });
    sharp.set({ title: 'Per-head sharpness: the mean largest weight of a row', legend: xyLegend(mSeries),
      note: `1/${SWEEP_TOKENS} would be uniform weights over ${SWEEP_TOKENS} tokens and 1 one-hot; the shaded bands are ± 1 standard error.`,
      draw: xyChart({ id: 'heads-sharpness', ariaLabel: `Mean largest weight per head against H for the three scalings, d_model = ${state.hdmodel}`,
        xLabel: 'heads H (log scale)', yLabel: 'mean largest weight', xScale: 'log', yDomain: [0, 1], xTicks: x, series: [...mBands, ...mSeries], height: 260 }) });
    const last = x.length - 1;
    const pmOf = (s, field) => `${precise(sweep[s][field][last])} ± ${Number(sweep[s][`${field}StdError`][last].toPrecision(2))}`;
    fill(part.stats, statList('heads-sweep', [
      ['h', 'largest H that divides d_model', String(x[last]), `(dₖ = ${sweep.dK[last]})`, x[last]],
      ['rawvar', 'raw per-head score variance there', `${precise(sweep.scoreVariance[last])} ± ${Number(sweep.scoreVarianceStdError[last].toPrecision(2))}`, `(about dₖ = ${sweep.dK[last]})`, sweep.scoreVariance[last]],
      ['dkvar', 'after ÷ √dₖ', pmOf('dk', 'scaledScoreVariance'), null, sweep.dk.scaledScoreVariance[last]],
      ['dmodelvar', 'after ÷ √d_model', pmOf('dmodel', 'scaledScoreVariance'), `(about 1/H = 1/${x[last]})`, sweep.dmodel.scaledScoreVariance[last]],
      ['dkmax', 'mean largest weight, ÷ √dₖ', pmOf('dk', 'maxWeight'), null, sweep.dk.maxWeight[last]],
      ['dmodelmax', 'mean largest weight, ÷ √d_model', pmOf('dmodel', 'maxWeight'), null, sweep.dmodel.maxWeight[last]],
      ['nonemax', 'mean largest weight, not scaled', pmOf('none', 'maxWeight'), null, sweep.none.maxWeight[last]],
    ]));
  }
}
