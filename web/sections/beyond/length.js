// 7.3: with fixed logits the largest weight fades as the number of keys n grows; multiplying the logits by s·ln n
// keeps it. Every number is engine.lengthScaling's (closed form, so n can be large).
import { el } from '../../dom.js';
import { logSlider, slider } from '../../controls.js';
import { chartBox } from '../../charts/chart-box.js';
import { xyChart, xyLegend } from '../../charts/xy-chart.js';
import { SERIES } from '../../charts/palette.js';
import { precise, sig3, count } from '../../format.js';
import { partPanel, setProse, statList, fill } from '../kit/parts.js';
import { question } from '../kit/lesson.js';
import { sources, beyondPart, explainWith, quietTitle } from './shared.js';
import { markerAt } from '../kit/markers.js';
import { LENGTH } from './setups.js';

// Nakanishi's illustration: one logit at 3, every other at −2 (setups.js).
const ROW = LENGTH;
// n = 2 … 10⁵, ten points per decade.
const GRID = Array.from({ length: 48 }, (_, k) => Math.round(2 * 10 ** (k / 10))).filter((n, i, a) => n <= 1e5 && a.indexOf(n) === i);
const RANGE = [2, 1e5];
const TICKS = [2, 10, 100, 1000, 10000, 100000];

const n = () => el('var', {}, 'n');
const s = () => el('var', {}, 's');

export function lengthPart(engine, store, number) {
  const part = partPanel({ id: 'length', number, title: 'Longer rows, and s·ln n' });
  const keys = logSlider(store, 'bn', ['Keys ', n()], { lo: RANGE[0], hi: RANGE[1], format: count });
  const factor = slider(store, 'bs', [s(), ' in ', s(), '·ln ', n()], { step: 0.01 });
  const controls = [keys, factor];
  const run = (state, ns) => engine.lengthScaling({ ...ROW, s: state.bs, ns });

  const chart = chartBox({ id: 'length-weight', kind: 'xy', maxWidth: 600 });
  const ask = question({
    id: 'beyond-length',
    prompt: '10× more keys, same logits. The largest weight…',
    choices: [['grows', 'grows'], ['stays', 'stays'], ['shrinks', 'shrinks']],
    answer: 'shrinks',
    cover: chart.node,
    explain: explainWith((state) => run(state, [state.bn, 10 * state.bn]), (r, state) => [
      `The engine finds ${sig3(r.plainMaxWeight[0])} at n = ${count(state.bn)} and ${sig3(r.plainMaxWeight[1])} at n = `,
      `${count(10 * state.bn)}: the top key’s e³ is shared with ten times as many e⁻² terms. Multiplied by s·ln n `,
      `(s = ${state.bs}) the logits widen as n grows, and the weight goes ${sig3(r.scaledMaxWeight[0])} → ${sig3(r.scaledMaxWeight[1])}.`]),
  });

  const cite = sources('chiang', 'nakanishi');
  return beyondPart(store, {
    part, controls, ask, chart, cite, keys: ['bn', 'bs'],
    lead: ['Fixed logits give the top key 1/(1 + (', n(), ' − 1)·e^(−gap)), fading as ', n(), ' grows; times ', s(), '·ln ', n(), ', the gap grows too.'],
    deeperId: 'length', deeperSummary: 'When s·ln n helps',
    compute: (state) => run(state, [...GRID, state.bn]),
    draw(r, state, { prose, stats, deeper }) {
      const at = GRID.length;
      const upto = (a) => Array.from(a).slice(0, at);
      const series = [
        { id: 'plain', label: 'fixed logits', kind: 'line', x: GRID, y: upto(r.plainMaxWeight), color: SERIES.blue },
        { id: 'scaled', label: `× s·ln n, s = ${state.bs}`, kind: 'line', x: GRID, y: upto(r.scaledMaxWeight), color: SERIES.vermillion, dash: '7 3' },
        ...markerAt(state.bn, [0, 1], RANGE, `n = ${count(state.bn)}`),
      ];
      chart.set({ title: quietTitle('Largest weight of a row against n'), legend: xyLegend(series),
        draw: xyChart({ id: 'length-weight', ariaLabel: `Largest weight against the number of keys n from 2 to 100000 on a log axis; at n = ${state.bn}: `
          + `${precise(r.plainMaxWeight[at])} with fixed logits, ${precise(r.scaledMaxWeight[at])} multiplied by s·ln n`,
        xLabel: 'keys n', yLabel: 'largest weight', xScale: 'log', xTicks: TICKS, yDomain: [0, 1], series, height: 170 }) });

      fill(stats, statList('length', [
        ['plain', `largest weight at n = ${count(state.bn)}`, sig3(r.plainMaxWeight[at]), '(fixed logits)', r.plainMaxWeight[at]],
        ['scaled', '… with s·ln n', sig3(r.scaledMaxWeight[at]), `(→ ${r.scaledLimit} as n grows; s·gap = ${sig3(r.sGap)})`, r.scaledMaxWeight[at]],
      ]));
      setProse(prose, [[
        'Times ln ', n(), ' fixes attention that must pick one position and fails on longer strings', cite.ref('chiang'),
        '; Scalable-Softmax uses ', s(), '·ln ', n(), cite.ref('nakanishi'), ', and this row (3, then ', n(), ' − 1 at −2) is its example.',
      ]]);
      drawLimits(deeper, r, at, state);
    },
  });
}

/** The "Go deeper" body: the closed form, its limits and the entropies at the chosen n. */
function drawLimits(body, r, at, state) {
  setProse(body, [[
    'With the logits multiplied by s·ln n the top weight is 1/(1 + (n − 1)·n^(−5s)). '
      + `It tends to 1 when 5s > 1 (s > ${r.criticalS === null ? '∞' : sig3(r.criticalS)}), `,
    'to 1/2 at 5s = 1 and to 0 below, though then like n^(5s − 1) rather than 1/n. '
      + `Below n = e^(1/s) = ${r.unitScaleN === null ? '∞' : sig3(r.unitScaleN)} the factor `,
    's·ln n is under 1 and flattens the row', r.scaledMaxWeight[0] < r.plainMaxWeight[0]
      ? `: at n = ${r.ns[0]} the weight is ${sig3(r.scaledMaxWeight[0])} scaled against ${sig3(r.plainMaxWeight[0])} fixed.` : '.',
  ], [
    `Entropy at n = ${count(state.bn)}: ${sig3(r.plainEntropy[at])} with fixed logits and ${sig3(r.scaledEntropy[at])} with s·ln n `,
    `(uniform: ln n = ${sig3(r.maxEntropy[at])}).`,
  ], [
    'In Chiang & Cholak’s paper, confidence that fades on longer inputs is fixed by layer normalisation; scaling the logits by log n is ',
    'their remedy for a transformer that must attend to one position (the first bit, in their FIRST language) and fails to generalise to longer strings. ',
    'Nakanishi reports that language models trained with Scalable-Softmax keep attention on key tokens in long contexts.',
  ]]);
}
