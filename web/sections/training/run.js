// Lesson 6, one run of the page's settings, watched as it learns: progress, the loss and validation curves, the
// search's probes, the attention weights of one validation example and the final test accuracies. A one-lane session
// of session.js runs it; this module lays out what the engine reports.
import { el, clear, setText } from '../../dom.js';
import { chartBox } from '../../charts/chart-box.js';
import { xyChart, xyLegend } from '../../charts/xy-chart.js';
import { placeHeatmaps } from '../../charts/heatmap.js';
import { SERIES } from '../../charts/palette.js';
import { sig3 } from '../../format.js';
import { partPanel, setProse, statList, fill } from '../kit/parts.js';
import { STRATEGY, TEST_SIZE, VAL_SIZE, trainerOptions, configText, strategyText, percent, secondsText, thousands, scaleName } from './strategies.js';
import { stepsPerSecond, lossSeries, throttled } from './record.js';
import { modeText, buttons, createSession } from './session.js';
import { attentionCurves } from './attention-curves.js';

const ATTENTION_EXAMPLE = 0; // the validation sequence whose attention is drawn
const MAX_HEADS_DRAWN = 4;

export function runPart(context, number, experiment) {
  const part = partPanel({ id: 'run', number, title: 'Train it yourself' });
  const b = buttons([['train', 'Train', 'primary'], ['stop', 'Stop'], ['resume', 'Resume', 'primary'], ['reset', 'Discard this run']]);
  const mode = el('p', { className: 'run-mode', dataset: { mode: '' } }, modeText(null));
  const bar = el('progress', { className: 'run-progress', max: 1, value: 0, attrs: { 'aria-label': 'Training progress' } });
  const status = el('p', { className: 'run-status', attrs: { 'aria-live': 'off' } }, 'Not started.');
  const what = el('p', { className: 'run-config' });
  const said = el('p', { className: 'visually-hidden', attrs: { role: 'status', 'aria-live': 'polite' } }); // start, stop, end: read out once
  const loss = chartBox({ id: 'run-loss', kind: 'xy', maxWidth: 620 });
  const accuracy = chartBox({ id: 'run-accuracy', kind: 'xy', maxWidth: 620 });
  const curves = attentionCurves('run');
  const maps = el('div', { className: 'figure-row maps-row run-maps' });
  const sequence = el('div', { className: 'run-sequence' });
  const probes = chartBox({ id: 'run-probes', kind: 'xy', maxWidth: 620 });
  probes.node.hidden = true;
  b.train.disabled = true; // until the lesson has its settings and the engine's trainer info (settingsChanged)
  part.controls.append(experiment, el('div', { className: 'run-buttons' }, b.train, b.stop, b.resume, b.reset), mode, bar, status, what, said);
  part.figures.append(el('div', { className: 'figure-row chart-row' }, loss.node, accuracy.node), curves.node, probes.node, maps, sequence);
  setProse(part.prose, [[
    'Train these settings and watch the loss, the validation accuracy and the attention weights of one validation example: ',
    'a model that has learned to reverse reads along the anti-diagonal.',
  ]]);

  let info = null;
  let settings = null;
  let drawnAttention = null; // the attention map on screen (an update without a new one leaves it)
  let drawnEvals = ''; // the evaluations and probes the accuracy charts show, and of which run
  let evalsOf = null;
  const record = () => session.lanes[0]?.record ?? null;

  const showButtons = () => {
    const s = record()?.status;
    b.train.hidden = !(s === undefined || s === 'done' || s === 'failed');
    b.stop.hidden = !(s === 'running' || s === 'evaluating');
    b.resume.hidden = s !== 'paused';
    b.reset.hidden = !(s === 'paused' || s === 'done' || s === 'failed');
    part.node.dataset.status = s ?? 'idle';
    // Before the first run: no curves, maps or progress to show.
    for (const n of [part.figures, bar, status]) n.hidden = s === undefined;
  };

  const draw = throttled(() => {
    const r = record();
    if (!r) return;
    const total = r.last?.totalSteps ?? r.info?.totalSteps ?? 1;
    const step = r.last?.step ?? 0;
    bar.max = total;
    bar.value = step;
    bar.setAttribute('aria-valuetext', `${step} of ${total} steps`);
    status.textContent = statusText(r);
    status.dataset.step = String(step);
    drawLoss(r);
    if (r.final) drawFinal(r);
    if (r.status === 'done' && said.dataset.told !== 'done') {
      said.dataset.told = 'done';
      said.textContent = `Training finished: test token accuracy ${percent(r.final.test.tokenAccuracy)}, `
        + `sequence exact match ${percent(r.final.test.sequenceAccuracy)}.`;
    }
    if (r.status === 'failed') said.textContent = `The run failed: ${r.error}`;
    part.node.dataset.mode = r.mode ?? '';
    showButtons();
  }, () => { // each further chart in a frame of its own (see throttled)
    if (record()) curves.draw(...curveLanes(record()));
  }, () => {
    if (record()) drawEvaluations(record());
  }, () => {
    if (record()) drawAttention(record());
  });
  const session = createSession(context, { source: 'run', draw, loopOptions: { attentionIndex: ATTENTION_EXAMPLE } });

  function statusText(r) {
    if (r.status === 'failed') return `The run failed: ${r.error}`;
    const p = r.last;
    if (!p) return r.status === 'paused' ? 'Stopped before the first step.' : 'Starting…';
    const rate = stepsPerSecond(r);
    const phase = p.phase === 'search' ? `search probe ${Math.min(p.probe + 1, p.probeCount)} of ${p.probeCount}, ` : '';
    const parts = [`step ${thousands(p.step)} of ${thousands(p.totalSteps)}`, `${phase}epoch ${p.epoch} of ${p.epochs}`,
      `${scaleName(r.options.betaStrategy)} = ${sig3(p.beta)}`];
    if (r.status === 'done') return `Finished: ${parts[0]} in ${secondsText(r.runMs / 1000)} of running `
      + `(${thousands(Math.round(p.step / (r.runMs / 1000)))} steps/s with the evaluations).`;
    if (r.status === 'evaluating') return `${parts[0]}: evaluating on the ${thousands(TEST_SIZE)} test sequences…`;
    if (rate) parts.push(`${thousands(Math.round(rate))} steps/s`, `about ${secondsText((p.totalSteps - p.step) / rate)} left`);
    return `${r.status === 'paused' ? 'Stopped at ' : ''}${parts.join(' · ')}`;
  }

  const xDomainOf = (r) => [0, r.last?.totalSteps ?? r.info?.totalSteps ?? 1];
  const curveLanes = (r) => [[{ record: r, id: r.options.betaStrategy, style: { label: STRATEGY[r.options.betaStrategy].label,
    color: STRATEGY[r.options.betaStrategy].color, dash: null } }], xDomainOf(r)];

  function drawLoss(r) {
    const style = STRATEGY[r.options.betaStrategy];
    const xDomain = xDomainOf(r);
    const lossLine = lossSeries(r, 'loss', { label: 'training loss (per step)', color: style.color, dash: null });
    loss.set({ title: 'Training loss', legend: xyLegend([lossLine]),
      note: 'Chance is ln R (every value equally likely). Under the search, each probe starts again from the initial weights.',
      draw: xyChart({ id: 'run-loss', ariaLabel: 'Training loss against step', xLabel: 'optimizer step', yLabel: 'loss (log scale)',
        yScale: 'log', xDomain, series: [lossLine], height: 250 }) });
  }

  function drawEvaluations(r) {
    const xDomain = xDomainOf(r);
    // The accuracy and probe charts change only at an evaluation (twice an epoch) or a probe's end: redrawn then.
    const seen = `${r.evals.length}/${r.probes.length}/${xDomain[1]}/${r.last?.search?.finished ?? ''}/${r.options.betaStrategy}`;
    if (seen === drawnEvals && r === evalsOf) return;
    drawnEvals = seen;
    evalsOf = r;
    const x = r.evals.map((e) => e.step);
    const acc = [
      { id: 'token', label: 'validation token accuracy', kind: 'line', marker: true, symbol: 'circle', x, y: r.evals.map((e) => e.tokenAccuracy),
        color: SERIES.blue },
      { id: 'sequence', label: 'validation sequence exact match', kind: 'line', marker: true, symbol: 'square', dash: '6 3', x,
        y: r.evals.map((e) => e.sequenceAccuracy), color: SERIES.vermillion },
    ];
    if (r.probes.length) {
      acc.push({ id: 'probes', label: 'search probes (token accuracy at the probe’s end)', kind: 'points', symbol: 'triangle', size: 40,
        x: r.probes.map((p) => p.step), y: r.probes.map((p) => p.tokenAccuracy), color: SERIES.green });
    }
    accuracy.set({ title: 'Validation accuracy', legend: xyLegend(acc),
      note: `${thousands(VAL_SIZE)} validation sequences, twice an epoch; chance is 1/R for a token and practically 0 for a whole sequence.`,
      draw: xyChart({ id: 'run-accuracy', ariaLabel: 'Validation accuracy against step', xLabel: 'optimizer step', yLabel: 'accuracy',
        yDomain: [0, 1], xDomain, series: acc, height: 250 }) });
    if (r.last?.search) {
      probes.node.hidden = false;
      const s = r.last.search;
      const pts = { id: 'probe-acc', label: 'validation token accuracy of each probe', kind: 'points', symbol: 'triangle', size: 48,
        x: s.probes.map((p) => p.beta), y: s.probes.map((p) => p.val.tokenAccuracy), color: SERIES.green };
      probes.set({ title: 'The search’s probes', legend: xyLegend([pts]),
        note: s.finished ? `Chosen β = ${sig3(s.beta)}, in the final bracket ${sig3(s.bracket[0])} … ${sig3(s.bracket[1])}; the run trains on from that probe.`
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
    if (a === drawnAttention) return; // the map is redrawn when the run brings a new one, not with every update
    drawnAttention = a;
    const specs = [];
    for (let h = 0; h < Math.min(a.heads, MAX_HEADS_DRAWN); h += 1) {
      specs.push({ id: `run-attention-${h + 1}`, title: a.heads > 1 ? `Attention weights, head ${h + 1}` : 'Attention weights',
        values: a.weights.slice(h * L * L, (h + 1) * L * L), rows: L, cols: L, rowLabels: rows, colLabels: cols,
        rowAxis: 'output position', colAxis: 'input value at each position', palette: 'sequential', domain: [0, 1], maxValueCols: 6,
        // Redrawn four times a second while the run goes: on a canvas unless it is small enough to print its numbers.
        painted: L > 6,
        note: h === 0
          ? `Validation example 1 after ${thousands(a.step)} steps${a.heads > MAX_HEADS_DRAWN ? `; the first ${MAX_HEADS_DRAWN} of ${a.heads} heads` : ''}.`
          : null });
    }
    placeHeatmaps(maps, specs);
    drawSequence(a);
  }

  // The example's input, its reversal and the model's reading: a table made once per length, its cells rewritten.
  let cells = null;
  function drawSequence(a) {
    const L = a.L;
    if (!cells || cells.L !== L) {
      const title = el('p', { className: 'table-title' });
      const row = () => Array.from({ length: L }, () => el('td', { className: 'num' }));
      cells = { L, title, input: row(), reversed: row(), model: row() };
      const tr = (label, list) => el('tr', {}, el('th', { attrs: { scope: 'row' } }, label), list);
      fill(sequence, title, el('div', { className: 'table-scroll' }, el('table', { className: 'examples sequence-table', dataset: { table: 'example' } },
        el('tbody', {}, tr('input', cells.input), tr('reversed', cells.reversed), tr('model', cells.model)))));
    }
    let right = 0;
    for (let i = 0; i < L; i += 1) {
      const ok = a.predicted[i] === a.targets[i];
      right += ok ? 1 : 0;
      setText(cells.input[i], String(a.inputs[i]));
      setText(cells.reversed[i], String(a.targets[i]));
      setText(cells.model[i], String(a.predicted[i]));
      cells.model[i].classList.toggle('wrong', !ok);
    }
    setText(cells.title, `Example 1 read by the model: ${right} of ${L} positions right`);
  }

  function drawFinal(r) {
    const f = r.final;
    fill(part.stats, statList('run', [
      ['tokenacc', 'test token accuracy', percent(f.test.tokenAccuracy), `(${thousands(f.test.count)} sequences)`, f.test.tokenAccuracy],
      ['seqacc', 'test sequence exact match', percent(f.test.sequenceAccuracy), null, f.test.sequenceAccuracy],
      ['valacc', 'validation token accuracy', percent(f.val.tokenAccuracy), null, f.val.tokenAccuracy],
      ['beta', r.options.betaStrategy === 'qk-norm' ? 'g at the end (mean over heads)' : 'β at the end', sig3(f.beta),
        r.options.betaStrategy === 'search' && f.search ? `(search bracket ${sig3(f.search.bracket[0])} … ${sig3(f.search.bracket[1])})` : null,
        f.beta],
      ['steps', 'steps run', thousands(f.step), `in ${secondsText(r.runMs / 1000)} of running, evaluations included`, f.step],
      ['seconds', 'wall time of the run', secondsText(r.runMs / 1000), `(${r.mode === 'worker' ? 'Web Worker' : 'this thread, in slices'})`, r.runMs / 1000],
    ]));
  }

  const idleCharts = () => {
    const empty = (id, title, yLabel, yScale) => ({ title, note: 'Press Train to start.',
      draw: xyChart({ id, ariaLabel: `${title} (no run yet)`, xLabel: 'optimizer step', yLabel, yScale, xDomain: [0, info?.totalSteps ?? 1],
        yDomain: yScale === 'log' ? [0.01, 10] : [0, 1], series: [], height: 250 }) });
    loss.set(empty('run-loss', 'Training loss', 'loss (log scale)', 'log'));
    accuracy.set(empty('run-accuracy', 'Validation accuracy', 'accuracy', 'linear'));
    curves.idle([0, info?.totalSteps ?? 1], 'Press Train to start.');
    probes.node.hidden = true;
    idleDrawn = true;
  };
  let idleDrawn = false;

  b.train.addEventListener('click', () => {
    if (!settings) return;
    const options = trainerOptions(settings);
    what.textContent = `This run: ${configText(options)}; ${strategyText(options.betaStrategy, options.beta)}.`;
    clear(part.stats);
    said.dataset.told = '';
    said.textContent = 'Training started.';
    session.start([options]);
  });
  b.stop.addEventListener('click', () => {
    if (session.status !== 'running') return;
    session.stop();
    said.textContent = `Training stopped at step ${record().last?.step ?? 0}.`;
  });
  b.resume.addEventListener('click', () => session.resume());
  b.reset.addEventListener('click', () => {
    session.discard();
    clear(maps);
    drawnAttention = null;
    drawnEvals = '';
    clear(sequence);
    cells = null;
    clear(part.stats);
    what.textContent = '';
    bar.value = 0;
    status.textContent = 'Not started.';
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
    settingsChanged(nextInfo, state) {
      info = nextInfo;
      settings = nextInfo ? state : null;
      b.train.disabled = !nextInfo;
      const r = record();
      // The empty charts sit in part.figures, which stays hidden until a run starts (showButtons): they are drawn
      // once, not again on every settings change (that redraw cost ~16 ms of each change in Lesson 6).
      if (!r && !idleDrawn) idleCharts();
      else if (r) {
        if (r.status !== 'running') what.textContent = `This run: ${configText(r.options)}; ${r.label}.${
        JSON.stringify(r.options) !== JSON.stringify(trainerOptions(state)) ? ' (The settings have changed since; Train starts a run with them.)' : ''}`;
      }
    },
  };
}
