// 7.4: learning-rate sensitivity (Wortsman et al.'s measure) on Lesson 6's task: final test accuracy, largest |logit|
// and lowest attention entropy against the learning rate for five strategies, from web/data/lr-sweep.json (made by
// `attention-lab lr-sweep --preset full`), and points of it that the learner retrains here (rates-run.js). The
// trainer's numbers are the CLI's; this module averages a point's seeds for the line and lays them out.
import { el } from '../../dom.js';
import { select } from '../../controls.js';
import { chartBox } from '../../charts/chart-box.js';
import { xyChart, xyLegend } from '../../charts/xy-chart.js';
import { precise } from '../../format.js';
import { partPanel, setProse, statList, fill } from '../parts.js';
import { question } from '../../lesson-kit.js';
import { STRATEGY } from '../training/helpers.js';
import { sources, beyondPart, explainWith, markerAt, quietTitle } from './shared.js';
import { sweepRunner } from './rates-run.js';
import { rateKey } from './sweep-config.js';
import SWEEP from '../../data/lr-sweep.json';

export { SWEEP };
const RATES = SWEEP.rates;
const RANGE = [RATES[0], RATES[RATES.length - 1]];
const DEFAULT_LR = SWEEP.config.lr;
const two = (x) => precise(Number(x.toPrecision(2)));
const pct = (x) => `${Math.round(100 * x)} %`;

// What the chart can show: each from a run's record in the data file; seeds averaged, or their extreme named.
const METRICS = {
  accuracy: { label: 'test token accuracy', of: (r) => r.test.tokenAccuracy, pool: 'mean', yScale: 'linear', yDomain: [0, 1], text: pct },
  logit: { label: 'largest |logit|', of: (r) => r.maxLogit, pool: 'max', yScale: 'log', text: two },
  entropy: { label: 'lowest attention entropy (nats)', of: (r) => r.minEntropy, pool: 'min', yScale: 'linear', yFromZero: true,
    text: (x) => (x < 1e-3 ? '< 0.001' : two(x)) },
};
const POOL = { mean: (xs) => xs.reduce((s, x) => s + x, 0) / xs.length, max: (xs) => Math.max(...xs), min: (xs) => Math.min(...xs) };

const runsAt = (strategy, lr) => SWEEP.runs.filter((r) => r.strategy === strategy && r.lr === lr);
/** One strategy's value of a metric at each rate, its seeds pooled as the metric says. */
const curve = (strategy, metric) => RATES.map((lr) => POOL[metric.pool](runsAt(strategy, lr).map(metric.of)));
/** The largest rate at which a strategy's mean accuracy is at least `level`, or null. */
const lastGood = (strategy, level = 0.9) => [...RATES].reverse().find((lr) => curve(strategy, METRICS.accuracy)[RATES.indexOf(lr)] >= level) ?? null;
/** Mean test token accuracy of a strategy's seeds at one rate of the sweep. */
export const meanAccuracy = (strategy, lr) => curve(strategy, METRICS.accuracy)[RATES.indexOf(lr)];
/** The sweep's rate below its largest: where the strategies part ways. */
export const EDGE = RATES[RATES.length - 2];
const styleOf = (s) => ({ ...STRATEGY[s.betaStrategy], ...(s.betaStrategy === 'fixed' ? { label: `β = ${s.beta}` } : {}) });

/**
 * Sentences on the strategies that fail at `lr` while others learn there: how far each one's logits grew and its
 * entropy fell, and whether either number sets the failing runs apart from the learning ones.
 */
function failing(lr) {
  const ids = SWEEP.strategies.map((s) => s.id);
  const bad = ids.filter((id) => meanAccuracy(id, lr) < 0.9);
  const good = ids.filter((id) => meanAccuracy(id, lr) >= 0.9);
  if (!bad.length || !good.length) return [];
  const logit = (id) => curve(id, METRICS.logit)[RATES.indexOf(lr)];
  const entropy = (id) => curve(id, METRICS.entropy)[RATES.indexOf(lr)];
  const name = (id) => styleOf(SWEEP.strategies.find((s) => s.id === id)).label;
  const say = (id) => `${name(id)} ${two(logit(id))} and ${METRICS.entropy.text(entropy(id))}`;
  const out = [`At ${rateKey(lr)}, largest |logit| and lowest entropy of the runs that fail: ${bad.map(say).join('; ')}; of those that learn: `,
    `${good.map(say).join('; ')}. `];
  const biggest = good.reduce((a, b) => (logit(b) > logit(a) ? b : a));
  const flattest = good.reduce((a, b) => (entropy(b) < entropy(a) ? b : a));
  if (bad.some((id) => logit(id) < logit(biggest)) && bad.some((id) => entropy(id) > entropy(flattest))) {
    out.push(`Neither number alone marks a failing run on this task: ${name(biggest)} learns with logits of ${two(logit(biggest))}, and `,
      'reversing needs nearly one-hot rows, so a low entropy is the goal here rather than a warning.');
  }
  return out;
}

export function ratesPart(engine, store, number) {
  const part = partPanel({ id: 'rates', number, title: 'Learning rate: where each strategy breaks' });
  const rate = select(store, 'blr', 'Learning rate', RATES.map((lr) => [rateKey(lr), `${rateKey(lr)}${lr === DEFAULT_LR ? ' (Lesson 6’s)' : ` (${two(lr / DEFAULT_LR)}× Lesson 6’s)`}`]));
  const show = select(store, 'blrshow', 'Show', Object.entries(METRICS).map(([id, m]) => [id, m.label]));
  const chart = chartBox({ id: 'rates-accuracy', kind: 'xy', maxWidth: 600 });
  const edge = EDGE;
  const at = meanAccuracy;
  const ask = question({
    id: 'beyond-rates',
    prompt: `At a learning rate ${two(edge / DEFAULT_LR)}× Lesson 6’s (${rateKey(edge)}), which still learns the task?`,
    choices: [['inverse-sqrt-dk', '1/√dₖ'], ['learned', 'learned β'], ['qk-norm', 'QK-norm']],
    answer: () => ['inverse-sqrt-dk', 'learned', 'qk-norm'].reduce((best, id) => (at(id, edge) > at(best, edge) ? id : best)),
    cover: chart.node,
    explain: explainWith(() => null, () => [
      `Mean test token accuracy over ${SWEEP.presets.full.seeds} seeds at ${rateKey(edge)}: 1/√dₖ ${pct(at('inverse-sqrt-dk', edge))}, `,
      `learned β ${pct(at('learned', edge))}, QK-norm ${pct(at('qk-norm', edge))}. The learned β’s largest |logit| reached `,
      `${two(curve('learned', METRICS.logit)[RATES.indexOf(edge)])} and QK-norm’s ${two(curve('qk-norm', METRICS.logit)[RATES.indexOf(edge)])}: `,
      'dividing q and k by their lengths caps the logits at g, so a large step cannot blow them up.'],
    ),
  });
  const runner = sweepRunner(engine, SWEEP, { onChange: () => redraw(), label: (id) => styleOf(SWEEP.strategies.find((s) => s.id === id)).label });
  let last = null; // the state of the last drawing, for redraws when a learner's run finishes

  const view = beyondPart(store, {
    part, controls: [rate, show], ask, chart, cite: sources('wortsman', 'henry', 'dehghani'), keys: ['blr', 'blrshow'],
    compute: () => SWEEP,
    draw(_, state, boxes) {
      last = { state, boxes };
      drawAll(state, boxes);
    },
  });
  const redraw = () => {
    if (last) drawAll(last.state, last.boxes);
  };

  function drawAll(state, { prose, stats }) {
    const metric = METRICS[state.blrshow];
    const lr = RATES.find((x) => rateKey(x) === state.blr) ?? DEFAULT_LR;
    const i = RATES.indexOf(lr);
    const series = SWEEP.strategies.map((s) => {
      const st = styleOf(s);
      return { id: s.id, label: st.label, kind: 'line', marker: true, symbol: st.symbol, dash: st.dash, color: st.color, x: RATES, y: curve(s.id, metric) };
    });
    const mine = runner.finished();
    if (mine.length) {
      series.push({ id: 'yours', label: 'your runs (seed 1)', kind: 'points', symbol: 'circle', size: 90, color: '#1b1f24',
        x: mine.map((m) => m.lr), y: mine.map((m) => metric.of(m)) });
    }
    const ys = series.flatMap((x) => x.y).filter((y) => metric.yScale !== 'log' || y > 0);
    series.push(...markerAt(lr, metric.yDomain ?? [metric.yScale === 'log' ? Math.min(...ys) : 0, Math.max(...ys)], RANGE, `lr ${rateKey(lr)}`));
    chart.set({ title: quietTitle(`${metric.label} against the learning rate`), legend: xyLegend(series),
      draw: xyChart({ id: 'rates-accuracy', ariaLabel: `${metric.label} against the learning rate from ${RATES[0]} to ${RANGE[1]} on a log axis, one line per strategy`,
        xLabel: 'learning rate', yLabel: metric.label, xScale: 'log', yScale: metric.yScale, yDomain: metric.yDomain, yFromZero: metric.yFromZero,
        xTicks: RATES.filter((_, k) => k % 2 === 0), series, height: 200 }) });
    fill(stats, statList('rates', SWEEP.strategies.map((s) => {
      const runs = runsAt(s.id, lr);
      const v = POOL[metric.pool](runs.map(metric.of));
      return [s.id, `${styleOf(s).label} at ${rateKey(lr)}`, metric.text(v), `(${metric.pool === 'mean' ? 'mean of' : `${metric.pool} of`} ${runs.length} seeds)`, v];
    })));
    setProse(prose, [[
      `Wortsman et al. ask how far final accuracy holds as the learning rate grows. Here: Lesson 6’s task, ${SWEEP.presets.full.seeds} seeds a point. `,
      'Highest rate with mean accuracy ≥ 90 %: ',
      SWEEP.strategies.map((s) => `${styleOf(s).label} ${lastGood(s.id) ? rateKey(lastGood(s.id)) : 'none'}`).join(', '),
      `. At ${rateKey(RANGE[1])} every strategy fails.`,
    ], failing(EDGE)]);
    runner.describe(prose, lr);
  }
  return view;
}
