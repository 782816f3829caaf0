// Lesson 3.1: the softmax of two logits [Δ, 0] before any row of sixteen. engine.twoLogitCurve gives p = σ(Δ) and its
// slope p(1 − p) over Δ and at the learner's Δ; engine.gapSpread measures how wide the gap q·k − q·k′ between two
// random scores is at d_k = 4, 64 and 512 (raw and ÷ √d_k) and how many such pairs land where the slope is flat.
// The learner predicts the slope at a typical raw gap first, then drags Δ and picks d_k.
import { el } from '../../dom.js';
import { slider, radioGroup } from '../../controls.js';
import { chartBox } from '../../charts/chart-box.js';
import { xyChart, xyLegend } from '../../charts/xy-chart.js';
import { SERIES, INK } from '../../charts/palette.js';
import { question } from '../kit/lesson.js';
import { TeX } from '../../math.js';
import { partPanel, setProse, statList, fill, refill, watcher, dk, attempt, noticeBox } from '../kit/parts.js';
import { refineLater, offStep } from '../kit/progressive.js';
import { sig2, sig3, percent, count } from '../../format.js';
import { GAP_DKS, FLAT } from './common.js';

const HALF_WIDTH = 40; // the chart's Δ axis, ±40: wide enough for ±1 sd of a raw gap at d_k = 512 (about 32)
const ASK_DK = 512; // the d_k of the prediction
const PAIRS = 1000; // random (q, k, k′) per d_k

// The prediction's choices and the slopes that separate them (display choices, on a log scale of the slope).
const CHOICES = [['quarter', 'as much as at Δ = 0 (slope 0.25)'], ['tenth', 'about a tenth of that'],
  ['none', 'almost nothing (slope < 0.001)']];
export function slopeChoice(slope) {
  if (!Number.isFinite(slope)) return null;
  return slope >= 0.1 ? 'quarter' : slope >= 0.001 ? 'tenth' : 'none';
}

export function twoLogitPart(engine, store, number) {
  const part = partPanel({ id: 'twologit', number, title: 'Two logits: the softmax is a logistic curve',
    formula: TeX`p = \sigma(\Delta) = \frac{1}{1 + e^{-\Delta}},\qquad \frac{dp}{d\Delta} = p\,(1 - p)` });
  const { box, notices } = noticeBox();
  const gap = slider(store, 'sgap', 'Gap Δ between the two logits', { step: 0.5 });
  const pick = radioGroup(store, 'spairdk', [...dk(), ' of the random pair'], GAP_DKS.map((d) => [String(d), String(d)]));
  const chart = chartBox({ id: 'two-logits', kind: 'xy', maxWidth: 720 });
  const stats = el('div', {});
  const takeaway = el('p', { className: 'step-prose takeaway' });
  // The controls sit beside the curve, under the cover with it: dragging Δ to the answer before predicting would give it away.
  const answer = el('div', { className: 'twologit-answer' }, chart.node, el('div', { className: 'twologit-side' },
    el('div', { className: 'panel control-panel' }, gap.node, pick.node), stats), takeaway);
  let spread = null; // engine.gapSpread, measured once per page (it depends on nothing the learner sets)
  let atSd = null; // engine.twoLogitCurve at the measured raw sd for ASK_DK: the prediction's answer
  let asked = false; // gapSpread requested (about 3M normal draws: off the page's thread when it can be)
  let curve = null; // the last engine.twoLogitCurve drawn

  const ask = question({
    id: 'saturation-gap',
    cover: answer,
    prompt: ['At ', ...dk(), ` = ${ASK_DK}, two random raw scores differ by about one sd of their gap. Nudge that gap: how far does p move?`],
    choices: CHOICES,
    answer: () => slopeChoice(atSd?.slopeAt),
    explain() {
      if (!spread || !atSd) return ['The engine has not measured the pairs: see the notice above.'];
      const i = GAP_DKS.indexOf(ASK_DK);
      return [`Over ${count(spread.pairs)} random pairs at `, ...dk(), ` = ${ASK_DK} the engine measures a gap sd of ${sig3(spread.unscaled.sd[i])} `,
        `(√(2·${ASK_DK}) = ${sig3(spread.unscaled.expectedSd[i])}). There the slope p(1 − p) is ${sig2(atSd.slopeAt)}: `,
        `the curve is flat, so the gradient reaching the gap is almost zero. Divided by √`, ...dk(), `, the gap has sd ${sig3(spread.scaled.sd[i])} and `,
        `the median pair has slope ${sig2(spread.scaled.medianSlope[i])}.`];
    },
  });
  fill(part.controls, ask.node, box);
  fill(part.figures, answer);
  const changed = watcher(store, ['sgap', 'spairdk']);

  return {
    node: part.node,
    render(state) {
      gap.sync(state);
      pick.sync(state);
      if (!changed(state)) {
        ask.render(state);
        return;
      }
      if (!asked) {
        asked = true;
        refineLater(part, part.node, [offStep(engine, 'gapSpread', { dKs: GAP_DKS, pairs: PAIRS, seed: 1, threshold: FLAT }, (get) => {
          spread = attempt(part, notices, 'The engine could not measure the random pairs', get);
          if (!spread) return false;
          atSd = engine.twoLogitCurve({ halfWidth: HALF_WIDTH, points: 2, at: spread.unscaled.sd[GAP_DKS.indexOf(ASK_DK)] });
          if (curve) draw(store.get(), curve);
          ask.render(store.get());
          return true;
        })]);
      }
      const got = attempt(part, notices, 'The engine could not compute the two-logit curve',
        () => engine.twoLogitCurve({ halfWidth: HALF_WIDTH, points: 321, at: state.sgap }));
      if (got) draw(state, got);
      ask.render(state);
    },
  };

  /** Draws `next` (engine.twoLogitCurve) with the random pairs' marks once engine.gapSpread has answered. */
  function draw(state, next) {
    curve = next;
    const d = Number(state.spairdk);
    const i = GAP_DKS.indexOf(d);
    const sd = spread ? spread.unscaled.sd[i] : NaN;
    const sdScaled = spread ? spread.scaled.sd[i] : NaN;
    setProse(part.prose, [[
      'With two logits, p = σ(Δ), and a nudge to their gap Δ moves p by the slope p(1 − p).',
    ]]);
    const band = (id, label, half, color) => ({ id, label, kind: 'band', x: [-half, half], y: [0, 0], y2: [1, 1], color });
    const marks = !spread ? [] : GAP_DKS.flatMap((dd, j) => [1, -1].map((side) => ({
      id: `sd${dd}${side > 0 ? '' : '-'}`, label: `raw sd at ${dd}`, kind: 'line',
      x: [side * spread.unscaled.sd[j], side * spread.unscaled.sd[j]], y: [0, 1], color: SERIES.grey, dash: '3 3' })));
    const series = [
      ...(spread ? [band('raw', `raw ±1 sd, dₖ = ${d}`, sd, SERIES.vermillion), band('scaled', '÷ √dₖ: ±1 sd', sdScaled, SERIES.blue)] : []),
      ...marks,
      { id: 'p', label: 'p = σ(Δ)', kind: 'line', x: curve.gaps, y: curve.p, color: SERIES.purple },
      { id: 'slope', label: 'p(1 − p)', kind: 'line', x: curve.gaps, y: curve.slope, color: SERIES.green, dash: '7 3' },
      { id: 'here', label: 'your Δ', kind: 'points', x: [curve.at, curve.at], y: [curve.pAt, curve.slopeAt], color: INK, symbol: 'circle' },
    ];
    const legendOf = series.filter((s) => (!s.id.startsWith('sd') || s.id === 'sd4') && s.id !== 'here'); // the dot is "at Δ" in the numbers beside
    chart.set({ title: spread ? `σ(Δ) and its slope; marks from ${count(spread.pairs)} random pairs per dₖ` : 'σ(Δ) and its slope against the gap Δ',
      legend: xyLegend(legendOf.map((s) => (s.id === 'sd4' ? { ...s, label: 'raw sd, dₖ = 4, 64, 512' } : s))),
      draw: xyChart({ id: 'two-logits',
        ariaLabel: `p = σ(Δ) and its slope p(1 − p) for Δ from −${HALF_WIDTH} to ${HALF_WIDTH}; `
          + `at Δ = ${curve.at}: p ${curve.pAt}, slope ${curve.slopeAt}; raw gap sd ${sd} at d_k = ${d}`,
        xLabel: 'gap Δ', yLabel: 'p and dp/dΔ', xDomain: [-HALF_WIDTH, HALF_WIDTH], yDomain: [0, 1], series, height: 160 }) });
    fill(stats, statList('twologit', [
      ['p', `at Δ = ${curve.at}: p`, sig3(curve.pAt), null, curve.pAt],
      ['slope', 'slope p(1 − p)', sig3(curve.slopeAt), null, curve.slopeAt],
    ]));
    if (!spread) {
      refill(takeaway, 'The engine is measuring random pairs of scores…');
      return;
    }
    const strong = (key, value, text) => el('strong', { dataset: { stat: key, value } }, text);
    refill(takeaway, 'The gap q·k − q·k′ of two random raw scores has sd √(2', ...dk(), `) = ${sig3(spread.unscaled.expectedSd[i])} at `, ...dk(),
      ` = ${d}; over ${count(spread.pairs)} pairs the engine measured `, strong('sd', sd, sig3(sd)), ', and ',
      strong('flat', spread.unscaled.flat[i], percent(spread.unscaled.flat[i])),
      ` of pairs sit where the slope is below ${FLAT}. Divided by √`, ...dk(),
      `: sd ${sig3(sdScaled)} (√2 = ${sig3(spread.scaled.expectedSd[i])} at any `, ...dk(), '), ',
      strong('flats', spread.scaled.flat[i], percent(spread.scaled.flat[i])), '.');
  }
}
