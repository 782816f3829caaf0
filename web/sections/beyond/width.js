// 7.2: when training aligns a query with a key, q·k grows like d_k: 1/√d_k lets that logit grow with the width, μP's
// 1/d_k keeps it level (and shrinks the unaligned ones). Every number is engine.alignmentScaling's. A change of ρ
// draws the lines from the first rows when all of them would not fit in a frame (each row has its own stream), and
// the full count follows in a background engine (web/sections/kit/progressive.js).
import { el } from '../../dom.js';
import { slider } from '../../controls.js';
import { chartBox } from '../../charts/chart-box.js';
import { xyChart, xyLegend } from '../../charts/xy-chart.js';
import { SERIES } from '../../charts/palette.js';
import { precise, sig3 } from '../../format.js';
import { partPanel, setProse, statList, fill, refill } from '../kit/parts.js';
import { sampleCount, learn, refineLater, offStep } from '../kit/progressive.js';
import { sources, beyondPart, quietTitle } from './shared.js';
import { WIDTH } from './setups.js';

// d_k = 4 … 1024, one query, 16 keys, 400 rows per d_k (setups.js).
const SETUP = WIDTH;
const DKS = SETUP.dKs;
const PER_ROW = DKS[DKS.length - 1] + DKS.length * SETUP.n; // normal draws per row: the query's entries and every step's key sums

const rho = () => el('var', {}, 'ρ');

export function widthPart(engine, store, number) {
  const part = partPanel({ id: 'width', number, title: 'Aligned queries and keys: μP’s 1/dₖ' });
  const alignment = slider(store, 'brho', ['Alignment ', rho(), ' of q with one key'], { step: 0.05 });
  const chart = chartBox({ id: 'width-logits', kind: 'xy', maxWidth: 600 });
  let unaligned = null; // ρ = 0 does not depend on any setting: computed once
  let full = null; // { rho, get }: a background engine's answer for every row at that ρ
  let drawnOnce = false;
  const cite = sources('yang');
  const view = beyondPart(store, {
    part, controls: [alignment], chart, cite, keys: ['brho'], proseBeside: true,
    lead: ['Aligned with a key, q·k grows like ', rho(), '·dₖ: its logit grows like ', rho(), '√dₖ under 1/√dₖ, not at all under μP’s 1/dₖ (4/dₖ here).'],
    deeperId: 'mup', deeperSummary: 'Every dₖ against theory',
    compute(state) {
      unaligned = unaligned ?? engine.alignmentScaling({ ...SETUP, rho: 0 });
      if (full && full.rho === state.brho) return full.get();
      // The first drawing has every row; later, when they would not all fit in a frame, the first rows come now.
      const plan = drawnOnce ? sampleCount('alignmentScaling', PER_ROW, SETUP.samples, { min: 20 }) : { samples: SETUP.samples, preview: false };
      const rho = state.brho;
      refineLater(part, part.node, plan.preview ? [offStep(engine, 'alignmentScaling', { ...SETUP, rho }, (get, ms) => {
        learn('alignmentScaling', PER_ROW * SETUP.samples, ms); // only full counts size the next preview
        if (store.get().brho !== rho) return false; // ρ moved on: its own refinement follows
        full = { rho, get };
        return view.redraw(store.get());
      })] : []);
      const result = engine.alignmentScaling({ ...SETUP, samples: plan.samples, rho });
      drawnOnce = true;
      return result;
    },
    draw(r, state, { prose, stats, deeper }) {
      const x = Array.from(r.dKs);
      const last = x.length - 1;
      const { inverseSqrt: a, mup: m } = r;
      const line = (id, label, y, color, dash, symbol) => ({ id, label, kind: 'line', x, y: Array.from(y), color, dash, marker: Boolean(symbol), symbol });
      const series = [
        line('sqrt-aligned', 'aligned, 1/√dₖ', a.alignedLogit, SERIES.blue, null, 'circle'),
        line('mup-aligned', 'aligned, μP', m.alignedLogit, SERIES.vermillion, null, 'square'),
        line('sqrt-others', 'others’ sd, 1/√dₖ', a.otherLogitSd, SERIES.blue, '5 4'),
        line('mup-others', 'others’ sd, μP', m.otherLogitSd, SERIES.vermillion, '5 4'),
      ];
      chart.set({ title: quietTitle('Logit of the aligned key and spread of the others against dₖ'), legend: xyLegend(series),
        draw: xyChart({ id: 'width-logits', ariaLabel: `Mean logit of the aligned key and spread of the others against d_k from 4 to 1024, ρ = ${state.brho}; `
          + `at d_k = 1024 the aligned logit is ${precise(a.alignedLogit[last])} with 1/√d_k and ${precise(m.alignedLogit[last])} with μP`,
        xLabel: r.samples < SETUP.samples ? `dₖ (lines from ${r.samples} of ${SETUP.samples} rows so far)` : 'dₖ', yLabel: 'logit',
        xScale: 'log', xTicks: [4, 16, 64, 256, 1024], yFromZero: true, series, height: 170 }) });

      fill(stats, statList('width', [
        ['sqrt', 'aligned logit, 1/√dₖ', `${sig3(a.alignedLogit[0])} → ${sig3(a.alignedLogit[last])}`, `(dₖ ${x[0]} → ${x[last]})`, a.alignedLogit[last]],
        ['mup', 'aligned logit, μP', `${sig3(m.alignedLogit[0])} → ${sig3(m.alignedLogit[last])}`, null, m.alignedLogit[last]],
        ['uniform', `largest weight, μP, ρ = 0, dₖ = ${x[last]}`, sig3(unaligned.mup.maxWeight[last]),
          `(uniform: ${sig3(unaligned.uniformWeight)})`, unaligned.mup.maxWeight[last]],
      ]));
      setProse(prose, [[
        'μP divides by dₖ for that reason', cite.ref('yang'), '; with ', rho(), ' = 0 it flattens the rows.',
      ]]);
      drawTable(deeper, r, unaligned);
    },
  });
  return view;
}

/** The "Go deeper" body: per d_k, measured against the closed forms, and what each scale does to a row. */
function drawTable(body, r, unaligned) {
  const { inverseSqrt: a, mup: m } = r;
  const x = Array.from(r.dKs);
  const last = x.length - 1;
  const head = ['dₖ', 'aligned logit, 1/√dₖ (theory)', 'largest weight', 'aligned logit, μP (theory)', 'largest weight, μP'];
  const rows = x.map((d, i) => [String(d), `${sig3(a.alignedLogit[i])} (${sig3(a.theoryMean[i])})`, precise(a.maxWeight[i]),
    `${sig3(m.alignedLogit[i])} (${sig3(m.theoryMean[i])})`, precise(m.maxWeight[i])]);
  // A phone scrolls the table sideways; the box is focusable so a keyboard can scroll it too.
  const grid = el('div', { className: 'table-scroll', attrs: { tabindex: '0', role: 'region', 'aria-label': 'Every dₖ against theory' } },
    el('table', { className: 'beyond-table', dataset: { table: 'width' } },
      el('thead', {}, el('tr', {}, head.map((h) => el('th', { attrs: { scope: 'col' } }, h)))),
      el('tbody', {}, rows.map((cells) => el('tr', {}, cells.map((c) => el('td', {}, c)))))));
  // Its prose and its table each redraw in place (web/dom.js patch), in two boxes made the first time.
  if (!body.firstChild) body.append(el('div'), el('div'));
  setProse(body.firstChild, [[
    `Each dₖ averages ${r.samples} rows of one query and ${r.n} keys with N(0, 1) entries; key 0 has correlation ρ = ${r.rho} `,
    'with the query in every coordinate, so E(q·k) = ρ·dₖ and Var(q·k) = dₖ(1 + ρ²); the other keys are independent of it. ',
    'The softmax ignores what all logits share, so only the aligned key’s lead over the others’ spread matters.',
    ' In q · k = ‖q‖‖k‖ cos θ (Lesson 2.3) alignment holds cos θ near ρ instead of letting it shrink like 1/√dₖ, '
      + 'so the score keeps ‖q‖‖k‖ ≈ dₖ: μP is the regime where cos θ stays large.',
  ], r.rho > 0 ? [
    `1/√dₖ keeps the unaligned logits at spread ${sig3(a.otherLogitSd[last])} at every width (Lessons 2–4) but lets the aligned one `,
    `grow like ρ√dₖ, so its row tends to one-hot: largest weight ${sig3(a.maxWeight[last])} at dₖ = ${x[last]}. μP keeps the aligned `,
    `logit level and shrinks the others like 1/√dₖ (spread ${sig3(m.otherLogitSd[last])}), so its row settles on a shape that no `,
    `longer depends on the width: the aligned key’s weight tends to ${sig3(r.mupLimit.topWeight)} (measured ${sig3(m.alignedWeight[last])}). `,
    `Without alignment μP’s rows flatten towards uniform (largest weight ${sig3(unaligned.mup.maxWeight[last])} against ${sig3(unaligned.uniformWeight)}).`,
  ] : [
    // ρ = 0: key 0 is one more random key, so no logit grows and neither row sharpens with the width.
    `At ρ = 0 key 0 is as random as the rest, so no logit grows: 1/√dₖ keeps all ${r.n} at spread ${sig3(a.otherLogitSd[last])} at every width `,
    `(Lessons 2–4), largest weight ${sig3(a.maxWeight[last])} at dₖ = ${x[last]}, and μP shrinks them like 1/√dₖ (spread ${sig3(m.otherLogitSd[last])}), `,
    `so its rows flatten towards uniform (largest weight ${sig3(m.maxWeight[last])} against ${sig3(unaligned.uniformWeight)}).`,
  ]]);
  refill(body.lastChild, grid);
}
