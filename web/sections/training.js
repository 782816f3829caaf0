// Lesson 6: the training lab. A small model learns to reverse sequences of integers, with the attention's β chosen
// one of five ways; one run with live curves and attention weights, a race of two to four β strategies on the same
// data, and a table of the paper's figures beside our reference runs and the learner's own. Every number comes from
// the engine (a trainer in a Web Worker, or in slices on this thread) or from web/data/reference-runs.json; this
// module lays them out and keeps the runs going.
import { el, clear, uniqueId } from '../dom.js';
import { createNotices } from '../notices.js';
import { slider, parsedInput, radioGroup } from '../controls.js';
import { chartBox } from '../charts/chart-box.js';
import { xyChart, xyLegend } from '../charts/xy-chart.js';
import { heatmap } from '../charts/heatmap.js';
import { SERIES } from '../charts/palette.js';
import { precise } from '../format.js';
import { partPanel, setProse, statList, fill, message, dk } from './parts.js';
import { createRunner, workerSupport } from '../training-run.js';
import { resultsPart } from './training-results.js';

export const LESSON = {
  id: 'training', number: 6, title: 'The training lab', mount,
  announce: ['run:tokenacc', 'run:seqacc', 'run:steps'],
};

export const STRATEGIES = [
  { id: 'inverse-sqrt-dk', label: '1/√dₖ', long: 'β = 1/√dₖ throughout', color: SERIES.blue, dash: null, symbol: 'circle' },
  { id: 'fixed', label: 'fixed β', long: 'β fixed at the value below', color: SERIES.vermillion, dash: '7 3', symbol: 'square' },
  { id: 'search', label: 'search', long: 'the paper’s search: powers of ten, then bisection on validation accuracy', color: SERIES.green, dash: '2 3', symbol: 'triangle' },
  { id: 'dynamic', label: 'dynamic', long: 'β re-measured after every step so the scores have unit variance', color: SERIES.orange, dash: '10 3 2 3', symbol: 'diamond' },
  { id: 'learned', label: 'learned', long: 'ln β trained with the weights, starting at 1/√dₖ', color: SERIES.purple, dash: '4 2', symbol: 'circle' },
];
export const STRATEGY = Object.fromEntries(STRATEGIES.map((s) => [s.id, s]));

const VAL_SIZE = 1000; // as source 003: 1,000 validation sequences
const TEST_SIZE = 10000; // source 003 used 100,000; 10,000 keep the final evaluation short in a browser
const ATTENTION_EXAMPLE = 0; // the validation sequence whose attention is drawn
const MAX_HEADS_DRAWN = 4;
const MAX_POINTS = 1200; // a loss curve longer than this is drawn through every k-th step
const DRAW_EVERY_MS = 250;

const MODELS = {
  encoder: {
    label: 'encoder block',
    words: ['one-hot tokens → Linear(R, d) plus sinusoidal positions → one post-LayerNorm Transformer encoder block ',
      '(fused Q/K/V projection, scores β·QKᵀ, softmax, output projection, residual and LayerNorm, feed-forward d → 2d → d ',
      'with ReLU, residual and LayerNorm) → Linear(d, d) → LayerNorm → ReLU → Linear(d, R).'],
  },
  attention: {
    label: 'attention only',
    words: ['token embedding plus learned positions → one attention layer (Q/K/V projection, scores β·QKᵀ, softmax, ',
      'output projection) → Linear(d, R). No residual path, LayerNorm or feed-forward: everything that reaches the output ',
      'went through the attention weights.'],
  },
};

const divisors = (n) => Array.from({ length: n }, (_, i) => i + 1).filter((h) => n % h === 0 && h <= 64);
const percent = (x) => (Number.isFinite(x) ? `${(100 * x).toFixed(x > 0.9995 || x < 0.0005 ? 1 : 2)} %` : '—');
const secondsText = (s) => (s >= 90 ? `${Math.floor(s / 60)} min ${Math.round(s % 60)} s` : `${s.toFixed(s < 10 ? 1 : 0)} s`);
const thousands = (n) => n.toLocaleString('en-GB');

/** The trainer options of the page's settings, for one β strategy. */
export function trainerOptions(state, strategy = state.rstrategy) {
  const options = { model: state.rmodel, L: state.rlen, R: state.rvals, trainSize: state.rtrain, valSize: VAL_SIZE, testSize: TEST_SIZE,
    dModel: state.rlen, heads: state.rheads, betaStrategy: strategy, lr: state.rlr, epochs: state.repochs, seed: state.rseed };
  if (strategy === 'fixed') options.beta = state.rbeta;
  if (strategy === 'learned') options.betaLr = state.rlr * state.rbetalr;
  return options;
}

/** "encoder block, L = 20, R = 100, 15,000 training sequences, 1 head, 10 epochs, lr 0.0005, seed 1". */
function configText(o) {
  return `${MODELS[o.model].label}, L = ${o.L}, R = ${o.R}, ${thousands(o.trainSize)} training sequences, ${o.heads} head${o.heads === 1 ? '' : 's'}, `
    + `${o.epochs} epoch${o.epochs === 1 ? '' : 's'}, learning rate ${o.lr}${o.betaLr !== undefined && o.betaLr !== o.lr ? ` (ln β: ${precise(o.betaLr)})` : ''}, seed ${o.seed}`;
}
export function strategyText(strategy, beta) {
  return strategy === 'fixed' ? `β fixed at ${beta}` : STRATEGY[strategy].long.replace(' the value below', '');
}

function intro() {
  return [
    el('p', {}, 'Lessons 1 to 5 looked at attention with its weights drawn at random, which is exactly the situation the ',
      'factor 1/√', ...dk(), ' was derived for. Training moves the weights away from that starting point, and the paper ',
      'behind this lab (source 003, sections 2 to 4) argues that the factor is then no longer right: it tunes β instead ',
      'and reports that a small model learns to reverse sequences of 20 numbers from 15,000 examples with β = 5, where ',
      '1/√', ...dk(), ' leaves it near chance.'),
    el('p', {}, 'Here the engine trains such a model in your browser, so you can watch that claim being tested. The ',
      'task: read L integers from 0 to R − 1 and write them out backwards. A model that has found the trick makes output ',
      'position i look at input position L − 1 − i, which shows up as a bright anti-diagonal in its attention weights.'),
  ];
}

function mount(root, { engine, store }) {
  const noticeBox = el('div', { className: 'notices lesson-notices', attrs: { 'aria-live': 'polite' } });
  const notices = createNotices(noticeBox);
  const problem = (key) => (text) => (text ? notices.show(key, text) : notices.clear(key));
  const model = radioGroup(store, 'rmodel', 'Model', [['encoder', 'encoder block'], ['attention', 'attention only']]);
  const length = slider(store, 'rlen', ['Sequence length ', el('var', {}, 'L'), ' (and ', el('var', {}, 'd'), ')']);
  const values = parsedInput(store, 'rvals', ['Values 0 … ', el('var', {}, 'R'), ' − 1'], { number: true, step: '1', onProblem: problem('rvals') });
  const train = parsedInput(store, 'rtrain', 'Training sequences', { number: true, step: '1', onProblem: problem('rtrain') });
  const heads = headsSelect(store);
  const epochs = slider(store, 'repochs', 'Epochs');
  const lr = parsedInput(store, 'rlr', 'Learning rate (Adam, peak)', { number: true, step: 'any', onProblem: problem('rlr') });
  const seed = parsedInput(store, 'rseed', 'Seed (data, weights, batches)', { number: true, step: '1', onProblem: problem('rseed') });
  const strategy = radioGroup(store, 'rstrategy', 'β strategy of the run', STRATEGIES.map((s) => [s.id, s.label]));
  const beta = parsedInput(store, 'rbeta', 'β when fixed', { number: true, step: 'any', onProblem: problem('rbeta') });
  const betaLr = parsedInput(store, 'rbetalr', 'Learning rate of a learned ln β, × the weights’ rate', { number: true, step: 'any', onProblem: problem('rbetalr') });
  const controls = [model, length, values, train, heads, epochs, lr, seed, strategy, beta, betaLr];
  const controlPanel = el('div', { className: 'panel control-panel' },
    el('h3', { className: 'panel-title' }, 'The experiment'),
    el('div', { className: 'control-grid' }, model.node, length.node, values.node, train.node, heads.node, epochs.node, lr.node, seed.node),
    el('div', { className: 'beta-row' }, strategy.node, beta.node, betaLr.node),
    noticeBox);

  const context = { engine, store, notices, mode: null, runs: [] };
  const task = taskPart(context, '6.1');
  const run = runPart(context, '6.2');
  const race = racePart(context, '6.3');
  const results = resultsPart(context, '6.4');
  context.onFinished = () => results.refresh();
  clear(root);
  root.append(
    el('h2', { className: 'lesson-title' }, `Lesson ${LESSON.number} · ${LESSON.title}`),
    el('div', { className: 'lesson-intro' }, intro()),
    controlPanel,
    el('div', { className: 'lesson-parts' }, task.node, run.node, race.node, results.node));

  // Which way runs go (a worker, or slices on this thread) is found out once, when the lesson comes near the screen
  // or a run is asked for, whichever is first: a worker loads its own copy of the engine.
  const modeKnown = () => workerSupport().then((found) => {
    context.mode = found;
    run.showMode(found);
    race.showMode(found);
    return found;
  });
  context.whenMode = modeKnown;
  if (typeof IntersectionObserver === 'function') {
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        seen.disconnect();
        modeKnown();
      }
    }, { rootMargin: '400px' });
    seen.observe(root);
  } else {
    modeKnown();
  }

  let corrected = null;
  store.subscribe((state) => {
    for (const c of controls) c.sync(state);
    beta.input.disabled = state.rstrategy !== 'fixed';
    betaLr.node.hidden = state.rstrategy !== 'learned' && !state.rrace.includes('learned');
    if (state.rlen % state.rheads !== 0) {
      // Heads must divide d = L: fall back to the largest divisor of L below the asked number, and say so.
      const fit = divisors(state.rlen).filter((h) => h <= state.rheads).pop() ?? 1;
      notices.show('heads', `${state.rheads} heads do not divide d = L = ${state.rlen}, so ${fit} head${fit === 1 ? ' is' : 's are'} used instead.`);
      corrected = `${state.rlen}|${fit}`;
      store.set({ rheads: fit });
      return;
    }
    if (corrected !== null && corrected !== `${state.rlen}|${state.rheads}`) {
      notices.clear('heads');
      corrected = null;
    }
    let info = null;
    try {
      // A trainer made and freed at once, for its description: the architecture, parameter count and step counts.
      const probe = engine.createTrainer(trainerOptions(state));
      info = probe.info;
      probe.delete();
      notices.clear('engine');
    } catch (error) {
      notices.show('engine', message(error), { tone: 'error', title: 'The engine rejected these settings' });
    }
    task.render(info, state);
    run.settingsChanged(info, state);
    race.settingsChanged(state, info);
  });
}

/** A drop-down of the head counts that divide d = L (rebuilt when L changes). */
function headsSelect(store) {
  const input = el('select', { dataset: { key: 'rheads' } });
  const id = uniqueId('control');
  input.id = id;
  input.addEventListener('change', () => store.set({ rheads: Number(input.value) }));
  let built = 0;
  return {
    node: el('div', { className: 'control control-select' }, el('label', { htmlFor: id }, 'Heads (they must divide d)'), input),
    input,
    sync(state) {
      if (built !== state.rlen) {
        clear(input);
        for (const h of divisors(state.rlen)) input.append(el('option', { value: String(h) }, `${h} (dₖ = ${state.rlen / h})`));
        built = state.rlen;
      }
      if (input.value !== String(state.rheads)) input.value = String(state.rheads);
    },
  };
}

/* ---- 6.1 the task and the model ---- */

function taskPart(context, number) {
  const part = partPanel({ id: 'task', number, title: 'The task and the model', formula: 'y_i = x_{L-1-i}' });
  const table = el('div', { className: 'architecture' });
  part.figures.append(table);
  return {
    node: part.node,
    render(info, state) {
      const m = MODELS[state.rmodel];
      setProse(part.prose, [[
        `Each example is ${state.rlen} integers drawn uniformly from 0 to ${state.rvals - 1}; the answer is the same list reversed. `,
        `The engine generates ${thousands(state.rtrain)} training, ${thousands(VAL_SIZE)} validation and ${thousands(TEST_SIZE)} test sequences `,
        `from the seed (the paper tested on 100,000). The model width is d = L = ${state.rlen}, as in the paper’s table, and `,
        'every position is scored on its own: the loss is the cross-entropy over the R possible values at each of the L outputs.',
      ], [
        el('strong', {}, `The ${m.label}: `), ...m.words,
        info ? ` At these settings it has ${thousands(info.modelParameterCount)} parameters (the engine’s count); the paper says only that its model has fewer than 8000.` : '',
      ], [
        'Training: Adam with the learning rate rising over 50 warm-up steps and then falling to zero along a cosine, batches of 128, ',
        'gradients clipped to norm 5. Two accuracies are reported, because the paper does not say which one it used: ',
        el('em', {}, 'token accuracy'), ' (the share of output positions that are right) and ', el('em', {}, 'sequence exact match'),
        ' (the share of sequences right at every position).',
      ]]);
      if (!info) {
        part.node.classList.add('stale');
        return;
      }
      part.node.classList.remove('stale');
      fill(table, el('p', { className: 'table-title' }, `Its tensors in forward order, as the engine lays them out: ${thousands(info.parameterCount)} parameters in all`),
        el('ol', { className: 'tensor-list', dataset: { table: 'parameters' } }, info.parameters.map((p) => el('li', { dataset: { tensor: p.name, count: p.count } },
          el('span', { className: 'mono tensor-name' }, p.name),
          el('span', { className: 'tensor-shape' }, `${p.shape[0]} × ${p.shape[1]}`),
          el('span', { className: 'tensor-count' }, thousands(p.count))))));
      const searchNote = info.betaStrategy === 'search'
        ? `(${info.probeEpochs}-epoch probes of the search included)` : null;
      fill(part.stats, statList('model', [
        ['params', 'parameters', thousands(info.parameterCount), info.parameterCount !== info.modelParameterCount ? '(with ln β)' : null, info.parameterCount],
        ['dk', 'd / heads = dₖ', `${info.dModel} / ${info.heads} = ${info.dK}`, null, info.dK],
        ['beta0', 'β at the first step', precise(info.beta), info.betaStrategy === 'dynamic' ? '(a placeholder until the first batch is measured)' : null, info.beta],
        ['spe', 'steps per epoch', thousands(info.stepsPerEpoch), `(${thousands(info.trainSize)} / batch ${info.batchSize}, rounded down)`, info.stepsPerEpoch],
        ['total', 'steps in all', thousands(info.totalSteps), searchNote, info.totalSteps],
        ...(info.betaReach ? [
          ['betalr', 'learning rate of ln β (peak)', precise(info.betaLr), info.betaLr === info.lr ? '(the weights’ own)' : null, info.betaLr],
          ['betalrsum', 'its learning rates summed over the run', precise(info.betaReach.lrSum), null, info.betaReach.lrSum],
          ['betaceiling', 'β if every step raises ln β by its full rate', precise(info.betaReach.ceiling), `(from ${precise(info.betaReach.initialBeta)})`, info.betaReach.ceiling],
          ['betabound', 'β that no gradients can take it past', precise(info.betaReach.bound), null, info.betaReach.bound],
        ] : []),
      ]));
    },
  };
}

/* ---- one run's record: what the updates brought, kept for drawing ---- */

function newRecord(options, label) {
  return { options, label, info: null, losses: [], evals: [], probes: [], attention: null, last: null, final: null,
    status: 'starting', runMs: 0, resumedAt: 0, window: [], error: null };
}

function absorb(record, update) {
  const t = performance.now();
  if (update.type === 'done') {
    record.final = update;
    record.attention = update.attention ?? record.attention;
    record.status = 'done';
  } else {
    for (let i = 0; i < update.losses.length; i += 1) record.losses.push(update.losses[i]);
    record.evals.push(...update.evals);
    record.probes.push(...update.probes);
    if (update.attention) record.attention = update.attention;
    record.last = update;
    if (update.phase === 'done' && record.status === 'running') record.status = 'evaluating';
    record.window.push({ t, step: update.step });
    while (record.window.length > 2 && t - record.window[0].t > 3000) record.window.shift();
  }
}

/** Steps per second over the last few seconds of updates, or null before there are two. */
function stepsPerSecond(record) {
  const w = record.window;
  if (w.length < 2 || w[w.length - 1].t - w[0].t < 200) return null;
  return (w[w.length - 1].step - w[0].step) / ((w[w.length - 1].t - w[0].t) / 1000);
}

/** Every k-th point of a long curve (and the last), so a chart draws at most MAX_POINTS of them. */
function thin(xs, ys) {
  const k = Math.max(1, Math.ceil(xs.length / MAX_POINTS));
  if (k === 1) return { x: xs, y: ys };
  const x = [];
  const y = [];
  for (let i = 0; i < xs.length; i += k) {
    x.push(xs[i]);
    y.push(ys[i]);
  }
  if ((xs.length - 1) % k !== 0) {
    x.push(xs[xs.length - 1]);
    y.push(ys[ys.length - 1]);
  }
  return { x, y };
}

function lossSeries(record, id, style) {
  const steps = record.losses.map((_, i) => i + 1);
  const { x, y } = thin(steps, record.losses);
  return { id, label: style.label, kind: 'line', x, y, color: style.color, dash: style.dash, width: 1.6 };
}

/** Redraws at most every DRAW_EVERY_MS, on an animation frame. */
function throttled(draw) {
  let last = 0;
  let pending = 0;
  const run = () => {
    pending = 0;
    last = performance.now();
    draw();
  };
  return (now = false) => {
    if (now) {
      if (pending) cancelAnimationFrame(pending);
      run();
      return;
    }
    if (pending) return;
    const wait = DRAW_EVERY_MS - (performance.now() - last);
    if (wait <= 0) pending = requestAnimationFrame(run);
    else pending = requestAnimationFrame(() => { pending = setTimeout(() => { pending = requestAnimationFrame(run); }, wait); });
  };
}

function modeText(found) {
  if (!found) return 'Checking whether this page may run training in a Web Worker…';
  if (found.mode === 'worker') return 'Runs go in a Web Worker with its own copy of the engine, so this page stays free while the model trains.';
  return `Runs go on this page’s own thread, in slices of about 8 ms with the page answering in between, because ${found.reason}. `
    + 'Served from a web server the page would use a Web Worker instead. The final test evaluation pauses the page for a moment.';
}

function buttons(specs) {
  const out = {};
  for (const [key, label, cls] of specs) out[key] = el('button', { type: 'button', className: `control-button ${cls ?? ''}`.trim(), textContent: label, dataset: { action: key } });
  return out;
}

/* ---- 6.2 one run ---- */

function runPart(context, number) {
  const { engine, store } = context;
  const part = partPanel({ id: 'run', number, title: 'One run, watched as it learns' });
  const b = buttons([['train', 'Train', 'primary'], ['stop', 'Stop'], ['resume', 'Resume', 'primary'], ['reset', 'Discard this run']]);
  const mode = el('p', { className: 'run-mode', dataset: { mode: '' } }, modeText(null));
  const bar = el('progress', { className: 'run-progress', max: 1, value: 0, attrs: { 'aria-label': 'Training progress' } });
  const status = el('p', { className: 'run-status', attrs: { 'aria-live': 'off' } }, 'Not started.');
  const what = el('p', { className: 'run-config' });
  const said = el('p', { className: 'visually-hidden', attrs: { role: 'status', 'aria-live': 'polite' } }); // start, stop, end: read out once
  const loss = chartBox({ id: 'run-loss', kind: 'xy', maxWidth: 620 });
  const accuracy = chartBox({ id: 'run-accuracy', kind: 'xy', maxWidth: 620 });
  const maps = el('div', { className: 'figure-row maps-row run-maps' });
  const sequence = el('div', { className: 'run-sequence' });
  const probes = chartBox({ id: 'run-probes', kind: 'xy', maxWidth: 620 });
  probes.node.hidden = true;
  part.controls.append(el('div', { className: 'run-buttons' }, b.train, b.stop, b.resume, b.reset), mode, bar, status, what, said);
  part.figures.append(el('div', { className: 'figure-row chart-row' }, loss.node, accuracy.node), probes.node, maps, sequence);
  setProse(part.prose, [[
    'Press Train to run the settings above. The loss (the mean cross-entropy of a batch, one point per step) and the validation ',
    'accuracy (twice an epoch) are drawn as they come in. Below them, the attention weights of validation example 1: each row is an ',
    'output position, each column the input it may read. At first they are a blur; a model that has learned to reverse the list ',
    'looks along the anti-diagonal.',
  ]]);

  let runner = null;
  let record = null;
  let info = null;
  let settings = null;

  const showButtons = () => {
    const s = record?.status;
    b.train.hidden = !(s === undefined || s === 'done' || s === 'failed');
    b.stop.hidden = !(s === 'running' || s === 'starting');
    b.resume.hidden = s !== 'paused';
    b.reset.hidden = !(s === 'paused' || s === 'done' || s === 'failed');
    part.node.dataset.status = s ?? 'idle';
  };

  const draw = throttled(() => {
    if (!record) return;
    const total = record.last?.totalSteps ?? record.info?.totalSteps ?? 1;
    const step = record.last?.step ?? 0;
    bar.max = total;
    bar.value = step;
    bar.setAttribute('aria-valuetext', `${step} of ${total} steps`);
    status.textContent = statusText(record);
    status.dataset.step = String(step);
    drawCurves(record);
    drawAttention(record);
    if (record.final) drawFinal(record);
    showButtons();
  });

  function statusText(r) {
    if (r.status === 'failed') return `The run failed: ${r.error}`;
    if (r.status === 'starting') return 'Starting…';
    const p = r.last;
    if (!p) return r.status === 'paused' ? 'Stopped before the first step.' : 'Starting…';
    const rate = stepsPerSecond(r);
    const phase = p.phase === 'search' ? `search probe ${Math.min(p.probe + 1, p.probeCount)} of ${p.probeCount}, ` : '';
    const parts = [`step ${thousands(p.step)} of ${thousands(p.totalSteps)}`, `${phase}epoch ${p.epoch} of ${p.epochs}`, `β = ${precise(p.beta)}`];
    if (r.status === 'done') return `Finished: ${parts[0]} in ${secondsText(r.runMs / 1000)} of running (${thousands(Math.round(p.step / (r.runMs / 1000)))} steps/s with the evaluations).`;
    if (r.status === 'evaluating') return `${parts[0]}: evaluating on the ${thousands(TEST_SIZE)} test sequences…`;
    if (rate) parts.push(`${thousands(Math.round(rate))} steps/s`, `about ${secondsText((p.totalSteps - p.step) / rate)} left`);
    return `${r.status === 'paused' ? 'Stopped at ' : ''}${parts.join(' · ')}`;
  }

  function drawCurves(r) {
    const style = STRATEGY[r.options.betaStrategy];
    const lossLine = lossSeries(r, 'loss', { label: 'training loss (per step)', color: style.color, dash: null });
    loss.set({ title: 'Training loss', legend: xyLegend([lossLine]),
      note: 'Chance is ln R (every value equally likely). Under the search, each probe starts again from the initial weights.',
      draw: xyChart({ id: 'run-loss', ariaLabel: 'Training loss against step', xLabel: 'optimizer step', yLabel: 'loss (log scale)',
        yScale: 'log', xDomain: [0, r.last?.totalSteps ?? r.info?.totalSteps ?? 1], series: [lossLine], height: 250 }) });
    const x = r.evals.map((e) => e.step);
    const acc = [
      { id: 'token', label: 'validation token accuracy', kind: 'line', marker: true, symbol: 'circle', x, y: r.evals.map((e) => e.tokenAccuracy), color: SERIES.blue },
      { id: 'sequence', label: 'validation sequence exact match', kind: 'line', marker: true, symbol: 'square', dash: '6 3', x, y: r.evals.map((e) => e.sequenceAccuracy), color: SERIES.vermillion },
    ];
    if (r.probes.length) {
      acc.push({ id: 'probes', label: 'search probes (token accuracy at the probe’s end)', kind: 'points', symbol: 'triangle', size: 40,
        x: r.probes.map((p) => p.step), y: r.probes.map((p) => p.tokenAccuracy), color: SERIES.green });
    }
    accuracy.set({ title: 'Validation accuracy', legend: xyLegend(acc),
      note: `${thousands(VAL_SIZE)} validation sequences; chance is 1/R for a token and practically 0 for a whole sequence.`,
      draw: xyChart({ id: 'run-accuracy', ariaLabel: 'Validation accuracy against step', xLabel: 'optimizer step', yLabel: 'accuracy',
        yDomain: [0, 1], xDomain: [0, r.last?.totalSteps ?? r.info?.totalSteps ?? 1], series: acc, height: 250 }) });
    if (r.last?.search) {
      probes.node.hidden = false;
      const s = r.last.search;
      const pts = { id: 'probe-acc', label: 'validation token accuracy of each probe', kind: 'points', symbol: 'triangle', size: 48,
        x: s.probes.map((p) => p.beta), y: s.probes.map((p) => p.val.tokenAccuracy), color: SERIES.green };
      probes.set({ title: 'The search’s probes', legend: xyLegend([pts]),
        note: s.finished ? `Chosen β = ${precise(s.beta)}, in the final bracket ${precise(s.bracket[0])} … ${precise(s.bracket[1])}; the run trains on from that probe.`
          : `Each probe is the first ${r.info?.probeEpochs ?? '?'} epochs of the run at one β, from the same initial weights.`,
        draw: xyChart({ id: 'run-probes', ariaLabel: 'Validation token accuracy of each search probe against its β', xLabel: 'β (log scale)',
          yLabel: 'token accuracy', xScale: 'log', yDomain: [0, 1], series: [pts], height: 220 }) });
    } else {
      probes.node.hidden = true;
    }
  }

  function drawAttention(r) {
    const a = r.attention;
    if (!a) return;
    const L = a.L;
    const cols = Array.from(a.inputs, (v) => String(v));
    const rows = Array.from({ length: L }, (_, i) => `out ${i + 1}`);
    const shown = Math.min(a.heads, MAX_HEADS_DRAWN);
    const figures = [];
    for (let h = 0; h < shown; h += 1) {
      figures.push(heatmap({ id: `run-attention-${h + 1}`, title: a.heads > 1 ? `Attention weights, head ${h + 1}` : 'Attention weights',
        values: a.weights.slice(h * L * L, (h + 1) * L * L), rows: L, cols: L, rowLabels: rows, colLabels: cols,
        rowAxis: 'output position', colAxis: 'input value at each position', palette: 'sequential', domain: [0, 1], maxValueCols: 6,
        note: h === 0 ? `Validation example 1 after ${thousands(a.step)} steps${a.heads > MAX_HEADS_DRAWN ? `; the first ${MAX_HEADS_DRAWN} of ${a.heads} heads` : ''}.` : null }));
    }
    fill(maps, figures);
    const right = Array.from(a.predicted, (p, i) => p === a.targets[i]);
    const rowOf = (label, list, mark) => el('tr', {}, el('th', { attrs: { scope: 'row' } }, label),
      Array.from(list, (v, i) => el('td', { className: mark && !right[i] ? 'num wrong' : 'num' }, String(v))));
    fill(sequence, el('p', { className: 'table-title' }, `Example 1 read by the model: ${right.filter(Boolean).length} of ${L} positions right`),
      el('div', { className: 'table-scroll' }, el('table', { className: 'examples sequence-table', dataset: { table: 'example' } },
        el('tbody', {}, rowOf('input', a.inputs), rowOf('reversed', a.targets), rowOf('model', a.predicted, true)))));
  }

  function drawFinal(r) {
    const f = r.final;
    fill(part.stats, statList('run', [
      ['tokenacc', 'test token accuracy', percent(f.test.tokenAccuracy), `(${thousands(f.test.count)} sequences)`, f.test.tokenAccuracy],
      ['seqacc', 'test sequence exact match', percent(f.test.sequenceAccuracy), null, f.test.sequenceAccuracy],
      ['valacc', 'validation token accuracy', percent(f.val.tokenAccuracy), null, f.val.tokenAccuracy],
      ['beta', 'β at the end', precise(f.beta), r.options.betaStrategy === 'search' && f.search ? `(search bracket ${precise(f.search.bracket[0])} … ${precise(f.search.bracket[1])})` : null, f.beta],
      ['steps', 'steps run', thousands(f.step), `in ${secondsText(r.runMs / 1000)} of running, evaluations included`, f.step],
      ['seconds', 'wall time of the run', secondsText(r.runMs / 1000), `(${r.mode === 'worker' ? 'Web Worker' : 'this thread, in slices'})`, r.runMs / 1000],
    ]));
  }

  const start = async () => {
    if (!settings) return;
    if (runner) runner.dispose();
    const found = context.mode ?? await context.whenMode();
    const options = trainerOptions(settings);
    record = newRecord(options, strategyText(options.betaStrategy, options.beta));
    record.mode = found.mode;
    const mine = record;
    what.textContent = `This run: ${configText(options)}; ${record.label}.`;
    clear(part.stats);
    runner = createRunner(engine, options, {
      mode: found.mode,
      loopOptions: { attentionIndex: ATTENTION_EXAMPLE },
      onUpdate(update) {
        if (record !== mine) return;
        absorb(mine, update);
        if (update.type === 'done') {
          mine.runMs += performance.now() - mine.resumedAt;
          context.runs.push({ source: 'run', options, final: update, seconds: mine.runMs / 1000, mode: runner.mode });
          said.textContent = `Training finished: test token accuracy ${percent(update.test.tokenAccuracy)}, sequence exact match ${percent(update.test.sequenceAccuracy)}.`;
          context.onFinished?.();
          draw(true);
        } else draw();
      },
      onError(error) {
        if (record !== mine) return;
        mine.status = 'failed';
        mine.error = error.message;
        said.textContent = `The run failed: ${error.message}`;
        draw(true);
      },
    });
    runner.info.then((i) => { mine.info = i; });
    const mineRunner = runner;
    mineRunner.ready.then(() => {
      mine.mode = mineRunner.mode;
      part.node.dataset.mode = mineRunner.mode;
    });
    record.status = 'running';
    record.resumedAt = performance.now();
    said.textContent = 'Training started.';
    runner.start();
    draw(true);
  };
  b.train.addEventListener('click', start);
  b.stop.addEventListener('click', () => {
    if (!runner || !record || record.status !== 'running') return;
    runner.pause();
    record.runMs += performance.now() - record.resumedAt;
    record.status = 'paused';
    said.textContent = `Training stopped at step ${record.last?.step ?? 0}.`;
    draw(true);
  });
  b.resume.addEventListener('click', () => {
    if (!runner || !record || record.status !== 'paused') return;
    record.status = 'running';
    record.resumedAt = performance.now();
    record.window = []; // steps per second from here on, not across the pause
    runner.start();
    draw(true);
  });
  b.reset.addEventListener('click', () => {
    if (runner) runner.dispose();
    runner = null;
    record = null;
    clear(maps);
    clear(sequence);
    clear(part.stats);
    what.textContent = '';
    bar.value = 0;
    status.textContent = 'Not started.';
    idleCharts();
    showButtons();
  });

  const idleCharts = () => {
    const empty = (id, title, yLabel, yScale) => ({ title, note: 'Press Train to start.',
      draw: xyChart({ id, ariaLabel: `${title} (no run yet)`, xLabel: 'optimizer step', yLabel, yScale, xDomain: [0, info?.totalSteps ?? 1],
        yDomain: yScale === 'log' ? [0.01, 10] : [0, 1], series: [], height: 250 }) });
    loss.set(empty('run-loss', 'Training loss', 'loss (log scale)', 'log'));
    accuracy.set(empty('run-accuracy', 'Validation accuracy', 'accuracy', 'linear'));
    probes.node.hidden = true;
  };
  showButtons();

  return {
    node: part.node,
    showMode(found) {
      mode.textContent = modeText(found);
      mode.dataset.mode = found.mode;
    },
    settingsChanged(nextInfo, state) {
      info = nextInfo;
      settings = nextInfo ? state : null;
      b.train.disabled = !nextInfo;
      if (!record) idleCharts();
      else if (record.status !== 'running') what.textContent = `This run: ${configText(record.options)}; ${record.label}.${
        JSON.stringify(record.options) !== JSON.stringify(trainerOptions(state)) ? ' (The settings above have changed since; Train starts a run with them.)' : ''}`;
    },
  };
}

/* ---- 6.3 the race ---- */

function racePart(context, number) {
  const { engine, store } = context;
  const part = partPanel({ id: 'race', number, title: 'A race of β strategies on the same data' });
  const picks = new Map();
  const pickList = el('div', { className: 'radio-options' }, STRATEGIES.map((s) => {
    const input = el('input', { type: 'checkbox', value: s.id, dataset: { race: s.id } });
    input.addEventListener('change', () => {
      const now = store.get().rrace;
      const next = input.checked ? [...now, s.id] : now.filter((x) => x !== s.id);
      const ordered = STRATEGIES.map((x) => x.id).filter((x) => next.includes(x));
      if (store.type('rrace').accepts(ordered)) store.set({ rrace: ordered });
      else input.checked = !input.checked;
    });
    picks.set(s.id, input);
    return el('label', { className: 'radio-option' }, input, el('span', {}, s.label));
  }));
  const b = buttons([['race', 'Start the race', 'primary'], ['stop', 'Stop'], ['resume', 'Resume', 'primary'], ['reset', 'Discard this race']]);
  const mode = el('p', { className: 'run-mode' }, modeText(null));
  const lanesBox = el('div', { className: 'race-lanes' });
  const loss = chartBox({ id: 'race-loss', kind: 'xy', maxWidth: 620 });
  const accuracy = chartBox({ id: 'race-accuracy', kind: 'xy', maxWidth: 620 });
  const table = el('div', { className: 'race-table' });
  part.controls.append(
    el('fieldset', { className: 'control control-radio race-picks' }, el('legend', {}, 'Strategies in the race (two to four)'), pickList),
    el('div', { className: 'run-buttons' }, b.race, b.stop, b.resume, b.reset), mode, lanesBox);
  part.figures.append(el('div', { className: 'figure-row chart-row' }, loss.node, accuracy.node), table);
  setProse(part.prose, [[
    'Every lane trains the model of the settings above, from the same seed: the same data, the same initial weights and the same ',
    'batches in the same order. Only β differs, so whatever separates the curves is β alone. A fixed lane uses the β of the settings ',
    'above; a learned lane starts at 1/√dₖ. A search lane spends most of its steps on probes before its main run, so its curves ',
    'finish last. With a Web Worker each lane gets its own, and two lanes can use the two cores of a small laptop at once.',
  ]]);

  let lanes = [];
  let settings = null;
  let status = 'idle';
  const laneLabel = (lane) => (lane.strategy === 'fixed' ? `fixed β = ${lane.record.options.beta}` : STRATEGY[lane.strategy].label);

  const showButtons = () => {
    b.race.hidden = !(status === 'idle' || status === 'done');
    b.stop.hidden = status !== 'running';
    b.resume.hidden = status !== 'paused';
    b.reset.hidden = !(status === 'paused' || status === 'done');
    part.node.dataset.status = status;
  };

  const draw = throttled(() => {
    fill(lanesBox, lanes.map((lane) => {
      const r = lane.record;
      const p = r.last;
      const rate = stepsPerSecond(r);
      const text = r.status === 'failed' ? `failed: ${r.error}`
        : r.status === 'done' ? `done: test token accuracy ${percent(r.final.test.tokenAccuracy)}, sequence ${percent(r.final.test.sequenceAccuracy)}`
          : p ? `step ${thousands(p.step)} of ${thousands(p.totalSteps)}${p.phase === 'search' ? ` (probe ${Math.min(p.probe + 1, p.probeCount)} of ${p.probeCount})` : ''} · β = ${precise(p.beta)}`
            + `${rate && r.status === 'running' ? ` · ${thousands(Math.round(rate))} steps/s · about ${secondsText((p.totalSteps - p.step) / rate)} left` : ''}${r.status === 'paused' ? ' · stopped' : ''}`
            : 'starting…';
      const style = STRATEGY[lane.strategy];
      return el('div', { className: 'race-lane', dataset: { lane: lane.strategy, status: r.status, step: p?.step ?? 0 } },
        el('span', { className: 'race-name' }, el('span', { className: `race-swatch swatch-${lane.strategy}` }), laneLabel(lane)),
        el('progress', { max: p?.totalSteps ?? 1, value: p?.step ?? 0, attrs: { 'aria-label': `${style.label}: progress` } }),
        el('span', { className: 'race-text' }, text));
    }));
    const losses = lanes.map((lane) => lossSeries(lane.record, lane.strategy, { ...STRATEGY[lane.strategy], label: laneLabel(lane) }));
    const maxSteps = Math.max(1, ...lanes.map((lane) => lane.record.last?.totalSteps ?? lane.record.info?.totalSteps ?? 1));
    loss.set({ title: 'Training loss, every lane', legend: xyLegend(losses),
      note: 'One line per strategy, against the optimizer steps each has spent (search probes included).',
      draw: xyChart({ id: 'race-loss', ariaLabel: 'Training loss of each lane against step', xLabel: 'optimizer step', yLabel: 'loss (log scale)',
        yScale: 'log', xDomain: [0, maxSteps], series: losses, height: 250 }) });
    const acc = lanes.map((lane) => {
      const s = STRATEGY[lane.strategy];
      return { id: lane.strategy, label: laneLabel(lane), kind: 'line', marker: true, symbol: s.symbol, dash: s.dash, color: s.color,
        x: lane.record.evals.map((e) => e.step), y: lane.record.evals.map((e) => e.tokenAccuracy) };
    });
    accuracy.set({ title: 'Validation token accuracy, every lane', legend: xyLegend(acc),
      note: 'Twice an epoch of each lane’s main run.',
      draw: xyChart({ id: 'race-accuracy', ariaLabel: 'Validation token accuracy of each lane against step', xLabel: 'optimizer step', yLabel: 'token accuracy',
        yDomain: [0, 1], xDomain: [0, maxSteps], series: acc, height: 250 }) });
    const finished = lanes.filter((lane) => lane.record.final);
    if (finished.length) {
      fill(table, el('p', { className: 'table-title' }, 'Results of the race (test set)'),
        el('div', { className: 'table-scroll' }, el('table', { className: 'examples stack', dataset: { table: 'race' } },
          el('thead', {}, el('tr', {}, ['strategy', 'β at the end', 'test token accuracy', 'test sequence exact match', 'steps', 'wall time'].map((h) => el('th', { attrs: { scope: 'col' } }, h)))),
          el('tbody', {}, finished.map((lane) => {
            const f = lane.record.final;
            return el('tr', { dataset: { lane: lane.strategy } },
              el('th', { attrs: { scope: 'row' } }, laneLabel(lane)),
              el('td', { className: 'num', dataset: { label: 'β at the end', value: f.beta } }, precise(f.beta)),
              el('td', { className: 'num', dataset: { label: 'test token accuracy', value: f.test.tokenAccuracy } }, percent(f.test.tokenAccuracy)),
              el('td', { className: 'num', dataset: { label: 'test sequence exact match', value: f.test.sequenceAccuracy } }, percent(f.test.sequenceAccuracy)),
              el('td', { className: 'num', dataset: { label: 'steps' } }, thousands(f.step)),
              el('td', { className: 'num', dataset: { label: 'wall time' } }, secondsText(lane.record.runMs / 1000)));
          })))));
    } else clear(table);
    showButtons();
  });

  const idleCharts = () => {
    const empty = (id, title, yLabel, yScale) => ({ title, note: 'Start the race to draw it.',
      draw: xyChart({ id, ariaLabel: `${title} (no race yet)`, xLabel: 'optimizer step', yLabel, yScale, xDomain: [0, Math.max(1, ...idleSteps)],
        yDomain: yScale === 'log' ? [0.01, 10] : [0, 1], series: [], height: 250 }) });
    loss.set(empty('race-loss', 'Training loss, every lane', 'loss (log scale)', 'log'));
    accuracy.set(empty('race-accuracy', 'Validation token accuracy, every lane', 'token accuracy', 'linear'));
  };
  let idleSteps = [1];
  idleCharts();

  const begin = async () => {
    if (!settings) return;
    for (const lane of lanes) lane.runner.dispose();
    const found = context.mode ?? await context.whenMode();
    const race = settings.rrace;
    status = 'running';
    lanes = race.map((strategy) => {
      const options = trainerOptions(settings, strategy);
      const record = newRecord(options, strategyText(strategy, options.beta));
      record.status = 'running';
      record.resumedAt = performance.now();
      record.mode = found.mode;
      const lane = { strategy, record, runner: null };
      lane.runner = createRunner(engine, options, {
        mode: found.mode,
        onUpdate(update) {
          if (!lanes.includes(lane)) return;
          absorb(record, update);
          if (update.type === 'done') {
            record.runMs += performance.now() - record.resumedAt;
            context.runs.push({ source: 'race', options, final: update, seconds: record.runMs / 1000, mode: lane.runner.mode });
            context.onFinished?.();
            if (lanes.every((l) => l.record.final || l.record.status === 'failed')) status = 'done';
            draw(true);
          } else draw();
        },
        onError(error) {
          record.status = 'failed';
          record.error = error.message;
          if (lanes.every((l) => l.record.final || l.record.status === 'failed')) status = 'done';
          draw(true);
        },
      });
      lane.runner.info.then((i) => { record.info = i; });
      lane.runner.start();
      return lane;
    });
    draw(true);
  };
  b.race.addEventListener('click', begin);
  b.stop.addEventListener('click', () => {
    if (status !== 'running') return;
    for (const lane of lanes) {
      if (lane.record.status !== 'running' && lane.record.status !== 'evaluating') continue;
      lane.runner.pause();
      lane.record.runMs += performance.now() - lane.record.resumedAt;
      lane.record.status = 'paused';
    }
    status = 'paused';
    draw(true);
  });
  b.resume.addEventListener('click', () => {
    if (status !== 'paused') return;
    for (const lane of lanes) {
      if (lane.record.status !== 'paused') continue;
      lane.record.status = 'running';
      lane.record.resumedAt = performance.now();
      lane.record.window = [];
      lane.runner.start();
    }
    status = 'running';
    draw(true);
  });
  b.reset.addEventListener('click', () => {
    for (const lane of lanes) lane.runner.dispose();
    lanes = [];
    status = 'idle';
    clear(lanesBox);
    clear(table);
    idleCharts();
    showButtons();
  });
  showButtons();

  return {
    node: part.node,
    showMode(found) {
      mode.textContent = modeText(found);
      mode.dataset.mode = found.mode;
    },
    settingsChanged(state, info) {
      settings = state;
      // Before a race, its charts span one main run (a search lane adds its probes to that once it starts).
      if (info && lanes.length === 0) {
        idleSteps = [info.stepsPerEpoch * info.epochs];
        idleCharts();
      }
      for (const [id, input] of picks) {
        input.checked = state.rrace.includes(id);
        input.disabled = (input.checked && state.rrace.length <= 2) || (!input.checked && state.rrace.length >= 4);
      }
    },
  };
}
