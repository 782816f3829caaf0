// Lesson 6, the race: two to four β strategies trained side by side on the same data, seed and batches, their loss
// and validation curves overlaid and their test accuracies in a table. A session of session.js with one lane per
// strategy; this module lays out what the engine reports.
import { el, clear, setText } from '../../dom.js';
import { chartBox } from '../../charts/chart-box.js';
import { xyChart, xyLegend } from '../../charts/xy-chart.js';
import { sig3 } from '../../format.js';
import { setProse, fill, refill, tooltip } from '../kit/parts.js';
import { STRATEGIES, STRATEGY, trainerOptions, percent, secondsText, thousands, runLabel, scaleName } from './strategies.js';
import { stepsPerSecond, lossSeries, throttled } from './record.js';
import { modeText, buttons, createSession } from './session.js';
import { attentionCurves } from './attention-curves.js';

/** The race's controls, charts and table, for a "Go deeper" section (it has no part panel of its own). */
export function racePart(context) {
  const { store } = context;
  const node = el('section', { className: 'race-part', dataset: { part: 'race' }, attrs: { 'aria-label': 'A race of β strategies on the same data' } });
  const prose = el('div', { className: 'part-prose' });
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
  const curves = attentionCurves('race', { which: ', every lane' });
  const table = el('div', { className: 'race-table' });
  node.append(prose,
    el('fieldset', { className: 'control control-radio race-picks' }, el('legend', {}, 'Strategies in the race (two to four)'), pickList),
    el('div', { className: 'run-buttons' }, b.race, b.stop, b.resume, b.reset), mode, lanesBox,
    el('div', { className: 'figure-row chart-row' }, loss.node, accuracy.node), curves.node, table);
  setProse(prose, [[
    'Every lane trains the model of the settings of “Train it yourself” from the same seed: the same data, initial weights and ',
    'batches in the same order, so whatever separates the curves is β alone. A fixed lane uses the β of those settings; a learned ',
    'lane starts at 1/√dₖ. A search lane spends most of its steps on probes before its main run. With a Web Worker each lane gets its own.',
  ]]);

  let settings = null;
  let idleSteps = 1;

  const showButtons = () => {
    const status = session.status;
    b.race.hidden = !(status === 'idle' || status === 'done');
    b.stop.hidden = status !== 'running';
    b.resume.hidden = status !== 'paused';
    b.reset.hidden = !(status === 'paused' || status === 'done');
    node.dataset.status = status;
  };

  // One row per lane, made when a race starts (session.lanes is new then) and rewritten in place on every update.
  let rows = null;
  const laneRows = (lanes) => {
    if (rows?.lanes === lanes) return rows.list;
    rows = { lanes, list: lanes.map(({ options }) => {
      const id = options.betaStrategy;
      const progress = el('progress', { max: 1, value: 0, attrs: { 'aria-label': `${STRATEGY[id].label}: progress` } });
      const text = el('span', { className: 'race-text' });
      const node = el('div', { className: 'race-lane', dataset: { lane: id } },
        el('span', { className: 'race-name' }, el('span', { className: `race-swatch swatch-${id}` }), runLabel(options)), progress, text);
      return { node, progress, text };
    }) };
    fill(lanesBox, rows.list.map((row) => row.node));
    return rows.list;
  };
  let tableOf = ''; // the finished lanes the results table shows
  const maxStepsOf = (lanes) => Math.max(1, ...lanes.map(({ record }) => record.last?.totalSteps ?? record.info?.totalSteps ?? 1));

  const draw = throttled(() => {
    const lanes = session.lanes;
    const list = laneRows(lanes);
    lanes.forEach(({ record: r, options }, i) => {
      const p = r.last;
      const rate = stepsPerSecond(r);
      const text = r.status === 'failed' ? `failed: ${r.error}`
        : r.status === 'done' ? `done: test token accuracy ${percent(r.final.test.tokenAccuracy)}, sequence ${percent(r.final.test.sequenceAccuracy)}`
          : p ? `step ${thousands(p.step)} of ${thousands(p.totalSteps)}`
            + `${p.phase === 'search' ? ` (probe ${Math.min(p.probe + 1, p.probeCount)} of ${p.probeCount})` : ''}`
            + ` · ${scaleName(options.betaStrategy)} = ${sig3(p.beta)}`
            + `${rate && r.status === 'running'
              ? ` · ${thousands(Math.round(rate))} steps/s · about ${secondsText((p.totalSteps - p.step) / rate)} left` : ''}`
            + `${r.status === 'paused' ? ' · stopped' : ''}`
            : 'starting…';
      const row = list[i];
      Object.assign(row.node.dataset, { status: r.status, step: String(p?.step ?? 0) });
      row.progress.max = p?.totalSteps ?? 1;
      row.progress.value = p?.step ?? 0;
      setText(row.text, text);
    });
    const losses = lanes.map(({ record, options }) => lossSeries(record, options.betaStrategy,
      { ...STRATEGY[options.betaStrategy], label: runLabel(options) }));
    const maxSteps = maxStepsOf(lanes);
    loss.set({ title: 'Training loss, every lane', legend: xyLegend(losses),
      note: 'One line per strategy, against the optimizer steps each has spent (search probes included).',
      draw: xyChart({ id: 'race-loss', ariaLabel: 'Training loss of each lane against step', xLabel: 'optimizer step', yLabel: 'loss (log scale)',
        yScale: 'log', xDomain: [0, maxSteps], series: losses, height: 250 }) });
    showButtons();
  }, () => { // each further chart in a frame of its own (see throttled)
    const lanes = session.lanes;
    const maxSteps = maxStepsOf(lanes);
    const acc = lanes.map(({ record, options }) => {
      const s = STRATEGY[options.betaStrategy];
      return { id: options.betaStrategy, label: runLabel(options), kind: 'line', marker: true, symbol: s.symbol, dash: s.dash, color: s.color,
        x: record.evals.map((e) => e.step), y: record.evals.map((e) => e.tokenAccuracy) };
    });
    accuracy.set({ title: 'Validation token accuracy, every lane', legend: xyLegend(acc),
      note: 'Twice an epoch of each lane’s main run.',
      draw: xyChart({ id: 'race-accuracy', ariaLabel: 'Validation token accuracy of each lane against step', xLabel: 'optimizer step', yLabel: 'token accuracy',
        yDomain: [0, 1], xDomain: [0, maxSteps], series: acc, height: 250 }) });
  }, () => {
    const lanes = session.lanes;
    const maxSteps = maxStepsOf(lanes);
    curves.draw(lanes.map(({ record, options }) => ({ record, id: options.betaStrategy,
      style: { ...STRATEGY[options.betaStrategy], label: runLabel(options) } })), [0, maxSteps]);
  }, () => {
    const finished = session.lanes.filter((lane) => lane.record.final);
    const shows = finished.map(({ options }) => runLabel(options)).join('\u0000');
    if (shows === tableOf) return;
    tableOf = shows;
    if (finished.length) {
      refill(table, el('p', { className: 'table-title' }, 'Results of the race (test set)'),
        el('div', { className: 'table-scroll' }, el('table', { className: 'examples stack', dataset: { table: 'race' } },
          el('thead', {}, el('tr', {}, ['strategy', 'β (QK-norm: g) at the end', 'test token accuracy', 'test sequence exact match', 'steps', 'wall time']
            .map((h) => el('th', { attrs: { scope: 'col' } }, h)))),
          el('tbody', {}, finished.map(({ record, options }) => {
            const f = record.final;
            return el('tr', { dataset: { lane: options.betaStrategy } },
              el('th', { attrs: { scope: 'row' } }, runLabel(options)),
              el('td', { className: 'num', dataset: { label: 'β at the end', value: f.beta }, attrs: tooltip(f.beta, sig3(f.beta)) }, sig3(f.beta)),
              el('td', { className: 'num', dataset: { label: 'test token accuracy', value: f.test.tokenAccuracy } }, percent(f.test.tokenAccuracy)),
              el('td', { className: 'num', dataset: { label: 'test sequence exact match', value: f.test.sequenceAccuracy } }, percent(f.test.sequenceAccuracy)),
              el('td', { className: 'num', dataset: { label: 'steps' } }, thousands(f.step)),
              el('td', { className: 'num', dataset: { label: 'wall time' } }, secondsText(record.runMs / 1000)));
          })))));
    } else clear(table);
  });
  const session = createSession(context, { source: 'race', draw });

  const idleCharts = () => {
    const empty = (id, title, yLabel, yScale) => ({ title, note: 'Start the race to draw it.',
      draw: xyChart({ id, ariaLabel: `${title} (no race yet)`, xLabel: 'optimizer step', yLabel, yScale, xDomain: [0, idleSteps],
        yDomain: yScale === 'log' ? [0.01, 10] : [0, 1], series: [], height: 250 }) });
    loss.set(empty('race-loss', 'Training loss, every lane', 'loss (log scale)', 'log'));
    accuracy.set(empty('race-accuracy', 'Validation token accuracy, every lane', 'token accuracy', 'linear'));
    curves.idle([0, idleSteps], 'Start the race to draw it.');
  };
  // Not drawn here: the first settingsChanged draws them once the part is placed and, if it sits in a closed
  // section, when that opens (drawn while closed they took the fallback width, too wide for a phone).
  let idleStale = false;
  let watching = false;
  const shown = () => !node.closest('details') || node.closest('details').open;
  const idleWhenShown = () => {
    if (shown()) {
      idleCharts();
      idleStale = false;
      return;
    }
    idleStale = true;
    if (watching) return;
    watching = true;
    node.closest('details').addEventListener('toggle', () => {
      if (idleStale && shown() && session.lanes.length === 0) {
        idleCharts();
        idleStale = false;
      }
    });
  };

  b.race.addEventListener('click', () => {
    if (settings) session.start(settings.rrace.map((strategy) => trainerOptions(settings, strategy)));
  });
  b.stop.addEventListener('click', () => session.stop());
  b.resume.addEventListener('click', () => session.resume());
  b.reset.addEventListener('click', () => {
    session.discard();
    clear(lanesBox);
    clear(table);
    rows = null;
    tableOf = '';
    idleCharts();
    showButtons();
  });
  showButtons();

  return {
    node,
    showMode(found) {
      mode.textContent = modeText(found);
      mode.dataset.mode = found.mode;
    },
    settingsChanged(state, info) {
      settings = state;
      // Before a race, its charts span one main run (a search lane adds its probes to that once it starts).
      // Redrawn only when that span changes, and only once they can be seen: two empty charts cost ~12 ms, and the
      // race sits in a closed "Go deeper" section by default (opening it draws them, see idleWhenShown).
      if (info && session.lanes.length === 0 && info.stepsPerEpoch * info.epochs !== idleSteps) {
        idleSteps = info.stepsPerEpoch * info.epochs;
        idleWhenShown();
      }
      for (const [id, input] of picks) {
        input.checked = state.rrace.includes(id);
        input.disabled = (input.checked && state.rrace.length <= 2) || (!input.checked && state.rrace.length >= 4);
      }
    },
  };
}
