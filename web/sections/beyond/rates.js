// 7.4: learning-rate sensitivity on Lesson 6's task: for five strategies, test accuracy, final test loss (Wortsman et
// al.'s measure), largest |logit| and lowest attention entropy against the learning rate, seed by seed, from
// web/data/lr-sweep.json (made by `attention-lab lr-sweep --preset full`), and points of it that the learner retrains
// here (rates-run.js). Every verdict counts seeds (sweep-stats.js); a line joins each rate's median seed, a real run.
import { select } from '../../controls.js';
import { chartBox } from '../../charts/chart-box.js';
import { xyChart, xyLegend } from '../../charts/xy-chart.js';
import { sig2, sig3, percent } from '../../format.js';
import { partPanel, setProse, statList, fill } from '../kit/parts.js';
import { question } from '../kit/lesson.js';
import { STRATEGY } from '../training/strategies.js';
import { sources, beyondPart, quietTitle, partBoxes } from './shared.js';
import { markerAt, levelAt } from '../kit/markers.js';
import { sweepRunner } from './rates-run.js';
import { rateKey, sweepConfig } from './sweep-config.js';
import { LEARNS, seedRuns, seedCount, everySeedLearns, ratesEverySeed, failingRuns, separation } from './sweep-stats.js';
import SWEEP from '../../data/lr-sweep.json';

export { SWEEP };
const RATES = SWEEP.rates;
const RANGE = [RATES[0], RATES[RATES.length - 1]];
const DEFAULT_LR = SWEEP.config.lr;
const SEEDS = SWEEP.presets.full.seeds;
const LN_R = Math.log(SWEEP.config.R); // the test loss of an output that gives every one of the R tokens 1/R
const pct = (x) => percent(x, 2);
// Entropies below 0.001 (some a rounding error below zero) print as that bound, not as digits of noise.
const entropyText = (x) => (x < 1e-3 ? '< 0.001' : sig3(x));

// What the chart can show, each from a run's record in the data file.
const METRICS = {
  accuracy: { label: 'test token accuracy', of: (r) => r.test.tokenAccuracy, yScale: 'linear', yDomain: [0, 1], text: pct },
  loss: { label: 'final test loss', of: (r) => r.test.loss, yScale: 'linear', yFromZero: true, text: sig3, level: LN_R },
  logit: { label: 'largest |logit|', of: (r) => r.maxLogit, yScale: 'log', text: sig3 },
  entropy: { label: 'lowest attention entropy (nats)', of: (r) => r.minEntropy, yScale: 'linear', yFromZero: true, text: entropyText },
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The sweep's rate below its largest: where the strategies part ways. */
export const EDGE = RATES[RATES.length - 2];
const styleOf = (s) => ({ ...STRATEGY[s.betaStrategy], ...(s.betaStrategy === 'fixed' ? { label: `β = ${s.beta}` } : {}),
  ...(s.betaStrategy === 'learned' ? { label: 'learned β' } : {}) });
const name = (id) => styleOf(SWEEP.strategies.find((s) => s.id === id)).label;
const times = (lr) => `${Math.round(lr / DEFAULT_LR)}×`;
const seedList = (xs) => (xs.length === 1 ? `seed ${xs[0]}` : `seeds ${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);

/**
 * The runs that fail at `lr`, each with its own numbers: how many never left the uniform output, each run's accuracy,
 * largest |logit| and lowest entropy when there are few, and whether either number tells them from the runs that learn.
 */
export function failingText(lr) {
  const fails = failingRuns(SWEEP, lr);
  const total = SWEEP.runs.filter((r) => r.lr === lr).length;
  if (!fails.length) return [`At ${rateKey(lr)} all ${total} runs learn.`];
  const flat = fails.filter((f) => f.uniform).length;
  const counted = fails.length === total ? `all ${total} runs fail` : `${fails.length} of ${total} runs fail`;
  const left = flat === fails.length ? (flat === 1 ? 'it' : `all ${flat}`) : `${flat} of them`;
  const out = [`At ${rateKey(lr)}, ${counted}; ${left} never left the uniform output (loss ln ${SWEEP.config.R} = ${sig3(LN_R)} throughout)`];
  if (fails.length <= 4) {
    // Every failing run, each marked by what it did: stayed uniform, or left it and still failed.
    out.push('. The failing runs: ', fails.map((f) => `${name(f.strategy)} seed ${f.seed} (${f.uniform ? 'uniform' : 'left uniform'}): ${pct(f.accuracy)}, `
      + `|logit| ${sig3(f.maxLogit)}, entropy ${entropyText(f.minEntropy)}`).join('; '));
  }
  out.push('. ');
  const sep = separation(SWEEP, lr);
  if (sep.smallerLogits && sep.flatterLearner) {
    const widest = SWEEP.runs.filter((r) => r.lr === lr && r.test.tokenAccuracy >= LEARNS).reduce((a, b) => (b.maxLogit > a.maxLogit ? b : a));
    out.push(`Neither number marks a failing run: ${name(widest.strategy)} learns with |logit| ${sig3(widest.maxLogit)}, `
      + 'and reversal needs nearly one-hot rows.');
  }
  return out;
}

/** The answer's explanation: each strategy's seeds at the edge rate, and what the runs that failed there did. */
function edgeText(engine) {
  const counts = SWEEP.strategies.map((s) => seedCount(SWEEP, s.id, EDGE));
  const out = [`Seeds that learn at ${rateKey(EDGE)}: `,
    SWEEP.strategies.map((s, i) => `${name(s.id)} ${counts[i].learned} of ${counts[i].seeds}`).join(', '), '. '];
  const fails = failingRuns(SWEEP, EDGE);
  const sqrt = fails.filter((f) => f.strategy === 'inverse-sqrt-dk' && f.uniform);
  const five = seedRuns(SWEEP, 'fixed-5', EDGE);
  if (sqrt.length) {
    const f = sqrt[0];
    out.push(`1/√dₖ’s seed ${f.seed} never left the uniform output (${pct(f.accuracy)}, |logit| ${sig3(f.maxLogit)}, entropy ${sig3(f.minEntropy)}, `,
      `loss ${sig3(f.loss)} ≈ ln ${SWEEP.config.R}): nothing blew up, `
        + `while β = 5 learned with |logit| up to ${sig3(Math.max(...five.map((r) => r.maxLogit)))}. `);
  }
  const blown = fails.filter((f) => f.strategy === 'learned' && !f.uniform);
  if (blown.length) {
    const reach = (lr) => engine.describeTrainer(sweepConfig(SWEEP, 'learned', lr)).betaReach.ceiling;
    out.push(`Only learned β blew up: β ${blown.map((f) => sig3(f.finalBeta)).join(' and ')}, |logit| ${blown.map((f) => sig3(f.maxLogit)).join(' and ')} `,
      `on ${seedList(blown.map((f) => f.seed))}. That is 6.3’s mechanism: at ${times(EDGE)} Lesson 6’s rate Adam no longer holds ln β back `,
      `(the engine’s ceiling for β: ${sig3(reach(EDGE))}, against ${sig3(reach(DEFAULT_LR))} at Lesson 6’s). `);
  }
  const qk = seedRuns(SWEEP, 'qk-norm', EDGE).map((r) => r.qkScale[0]);
  const top = seedRuns(SWEEP, 'qk-norm', RANGE[1]);
  const [q, root] = [seedCount(SWEEP, 'qk-norm', EDGE), seedCount(SWEEP, 'inverse-sqrt-dk', EDGE)];
  out.push(`QK-norm’s g is learned too (${sig3(startingG(engine))} → ${sig3(Math.min(...qk))}–${sig3(Math.max(...qk))}), so its cap moves; its case here is `,
    `${q.learned} of ${q.seeds} seeds against 1/√dₖ’s ${root.learned} of ${root.seeds} at one rate, and at ${rateKey(RANGE[1])} `,
    `it fails like the rest (${top.filter((r) => r.test.tokenAccuracy >= LEARNS).length} of ${top.length} seeds learn, `
      + `|logit| ≤ ${sig3(Math.max(...top.map((r) => r.maxLogit)))}).`);
  return out;
}

/** QK-norm's g before training, in the sweep's configuration: the engine's (describeTrainer builds no trainer). */
export const startingG = (engine) => engine.describeTrainer(sweepConfig(SWEEP, 'qk-norm', EDGE)).beta;

/** 7.4's bar: what the sweep shows, computed from it: how many of the runs that fail at its two largest rates never left the uniform output. */
export function sweepSummary() {
  const high = RATES.filter((lr) => lr > RATES[RATES.length - 3]);
  const fails = high.flatMap((lr) => failingRuns(SWEEP, lr));
  return `Learning-rate sweep: above ${rateKey(RATES[RATES.length - 3])}, ${fails.filter((f) => f.uniform).length} of `
    + `${fails.length} failures are output collapse`;
}

export function ratesPart(engine, store, number) {
  const part = partPanel({ id: 'rates', number, title: 'Learning rate: where each strategy breaks' });
  const rate = select(store, 'blr', 'Learning rate', RATES.map((lr) => [rateKey(lr),
    `${rateKey(lr)}${lr === DEFAULT_LR ? ' (Lesson 6’s)' : ` (${sig2(lr / DEFAULT_LR)}× Lesson 6’s)`}`]));
  const show = select(store, 'blrshow', 'Show', Object.entries(METRICS).map(([id, m]) => [id, m.label]));
  const chart = chartBox({ id: 'rates-accuracy', kind: 'xy', maxWidth: 600 });
  const boxes = partBoxes();
  const cite = sources('wortsman', 'henry', 'dehghani');
  const ask = question({
    id: 'beyond-rates',
    multiple: true,
    prompt: `At ${rateKey(EDGE)}, ${times(EDGE)} Lesson 6’s rate, which learn (test accuracy ≥ ${Math.round(100 * LEARNS)} %) on all ${SEEDS} seeds? Tick all.`,
    choices: SWEEP.strategies.map((s) => [s.id, styleOf(s).label]),
    answer: () => everySeedLearns(SWEEP, EDGE),
    // The chart, the per-seed numbers and the prose all answer it.
    cover: [chart.node, boxes.stats, boxes.prose],
    explain: () => edgeText(engine),
  });
  const runner = sweepRunner(engine, SWEEP, { onChange: () => redraw(), label: name });
  let last = null; // the state of the last drawing, for redraws when a learner's run finishes

  const view = beyondPart(store, {
    part, controls: [rate, show], ask, chart, cite, keys: ['blr', 'blrshow'], boxes,
    lead: ['Adam moves each weight by about the learning rate per step, so too large a rate throws a model off before it learns; ',
      `each point is ${SEEDS} seeds of Lesson 6’s task, and a run learns at ≥ ${Math.round(100 * LEARNS)} % test accuracy.`],
    compute: () => SWEEP,
    draw(_, state, b) {
      last = { state, boxes: b };
      drawAll(state, b);
    },
  });
  const redraw = () => {
    if (last) drawAll(last.state, last.boxes);
  };

  function drawAll(state, { prose, stats, deeper }) {
    const metric = METRICS[state.blrshow];
    const lr = RATES.find((x) => rateKey(x) === state.blr) ?? DEFAULT_LR;
    const series = SWEEP.strategies.flatMap((s) => {
      const st = styleOf(s);
      const seeds = RATES.map((x) => seedRuns(SWEEP, s.id, x).map(metric.of));
      return [{ id: s.id, label: st.label, kind: 'line', marker: true, symbol: st.symbol, dash: st.dash, color: st.color, x: RATES, y: seeds.map(median) },
        { id: `${s.id}-seeds`, seedsOf: s.id, label: `${st.label}, each seed`, kind: 'points', symbol: st.symbol, size: 14, color: st.color,
          x: RATES.flatMap((x, i) => seeds[i].map(() => x)), y: seeds.flat() }];
    });
    const mine = runner.finished();
    if (mine.length) {
      series.push({ id: 'yours', label: 'your runs (seed 1)', kind: 'points', symbol: 'circle', size: 90, color: '#1b1f24',
        x: mine.map((m) => m.lr), y: mine.map((m) => metric.of(m)) });
    }
    const ys = series.flatMap((x) => x.y).filter((y) => metric.yScale !== 'log' || y > 0);
    if (metric.level) series.push(levelAt('uniform', `uniform output: ln ${SWEEP.config.R}`, metric.level, RANGE, '#1b1f24', '2 3'));
    series.push(...markerAt(lr, metric.yDomain ?? [metric.yScale === 'log' ? Math.min(...ys) : 0, Math.max(...ys)], RANGE, `lr ${rateKey(lr)}`));
    const legend = [...series.filter((x) => !x.seedsOf),
      { id: 'seeds', label: 'small marks: single seeds; lines: their median', kind: 'points', symbol: 'circle', color: '#8c959f' }];
    chart.set({ title: quietTitle(`${metric.label} against the learning rate`), legend: xyLegend(legend),
      draw: xyChart({ id: 'rates-accuracy',
        ariaLabel: `${metric.label} of every seed against the learning rate from ${RATES[0]} to ${RANGE[1]} on a log axis, `
          + 'a line per strategy through its median seed',
        xLabel: 'learning rate', yLabel: metric.label, xScale: 'log', yScale: metric.yScale, yDomain: metric.yDomain, yFromZero: metric.yFromZero,
        xTicks: RATES.filter((_, k) => k % 2 === 0), series, height: 200 }) });
    fill(stats, statList('rates', SWEEP.strategies.map((s) => {
      const c = seedCount(SWEEP, s.id, lr);
      return [s.id, `${styleOf(s).label}, seeds 1–${c.seeds}`, c.runs.map((r) => metric.text(metric.of(r))).join(' · '),
        `(${c.learned} of ${c.seeds} learn)`, c.learned];
    })));
    const reach = SWEEP.strategies.map((s) => [s.id, ratesEverySeed(SWEEP, s.id)]);
    const highest = (id) => reach.find(([x]) => x === id)[1].at(-1);
    const same = highest('fixed-5') !== undefined && highest('fixed-5') === highest('qk-norm') && highest('qk-norm') === highest('qk-layernorm');
    setProse(prose, [[
      `Highest rate at which every seed learns: `, reach.map(([id, rs]) => `${name(id)} ${rs.length ? rateKey(rs.at(-1)) : 'none'}`).join(', '), '. ',
      ...(same ? ['On this task β = 5 holds as far as QK-norm', cite.ref('henry'), ' and qk-layernorm', cite.ref('dehghani'), '. '] : []),
      'Final loss against the learning rate is the measure of small-scale instability studies', cite.ref('wortsman'), ' (Show).',
    ], failingText(lr)]);
    runner.describe(deeper, lr);
  }
  return view;
}
