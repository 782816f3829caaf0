// Lesson 3, in "Go deeper": a softmax written without the max shift overflows where the stable one does not, in float32
// and float64, as engine.softmaxNumerics computes it.
import { el } from '../../dom.js';
import { parsedInput, logSlider, select } from '../../controls.js';
import { chartBox } from '../../charts/chart-box.js';
import { barChart } from '../../charts/bars.js';
import { SERIES } from '../../charts/palette.js';
import { precise, sig3, fixed } from '../../format.js';
import { partPanel, setProse, statList, fill, refill, watcher, attempt, noticeBox } from '../kit/parts.js';
import { TeX } from '../../math.js';

export function numericsPart(engine, store, number) {
  const part = partPanel({ id: 'numerics', number, title: 'When exp overflows',
    formula: TeX`\frac{e^{\beta z_i}}{\sum_j e^{\beta z_j}} = \frac{e^{\beta z_i - m}}{\sum_j e^{\beta z_j - m}},\quad m = \max_j \beta z_j` });
  const { box, notices } = noticeBox();
  const problem = (key) => (text) => (text ? notices.show(key, text) : notices.clear(key));
  const scores = parsedInput(store, 'nscores', 'Scores z', { onProblem: problem('nscores'), placeholder: '1, 2, 3, 4' });
  const beta = logSlider(store, 'nbeta', ['Multiplier ', el('var', {}, 'β'), ' (logarithmic track)'], { lo: 0.01, hi: 10000, integers: false });
  const betaBox = parsedInput(store, 'nbeta', [el('var', {}, 'β'), ' (type a value)'], { number: true, step: 'any', onProblem: problem('nbeta') });
  const precision = select(store, 'nprec', 'Precision', [['float32', 'float32 (the engine’s kernels)'], ['float64', 'float64']]);
  const controls = [scores, beta, betaBox, precision];
  fill(part.controls, el('div', { className: 'panel control-panel' },
    el('div', { className: 'control-grid' }, scores.node, beta.node, betaBox.node, precision.node), box));

  const naive = chartBox({ id: 'naive', kind: 'bars', maxWidth: 420 });
  const stable = chartBox({ id: 'stable', kind: 'bars', maxWidth: 420 });
  const table = el('div', { className: 'numerics-table' });
  fill(part.figures, el('div', { className: 'figure-row chart-row' }, naive.node, stable.node), table);
  const changed = watcher(store, ['nscores', 'nbeta', 'nprec']);

  return {
    node: part.node,
    render(state) {
      for (const c of controls) c.sync(state);
      if (!changed(state)) return;
      const r = attempt(part, notices, 'The engine could not compute this', () => engine.softmaxNumerics({ values: state.nscores, beta: state.nbeta }));
      if (r === null) return;
      const bits = state.nprec === 'float32' ? '32' : '64';
      const wNaive = r[`naive${bits}`];
      const wStable = r[`stable${bits}`];
      const limit = r[`overflowAt${bits}`];
      const broken = !r[`naive${bits}Ok`]; // the engine's check: every weight finite and the row summing to 1
      setProse(part.prose, [[
        'Written straight from the formula, the softmax first computes exp(β·zᵢ) for every score. ',
        'Past the overflow limit of the number format the exponential no longer fits and becomes ∞, ',
        'and ∞ divided by ∞ is NaN (“not a number”). The stable version subtracts the largest β·zⱼ first; ',
        'that changes nothing mathematically, as the second form of the formula shows, but every exponent is then at most 0.',
      ], [
        `In ${state.nprec} the limit is about ${precise(limit)}; the largest β·z here is ${sig3(r.maxLogit)}. `,
        'Raise β, or type larger scores, until the left chart breaks, then switch the precision. ',
        // Below the overflow limit the naive formula breaks only from the other end: every exponential underflows to 0, and 0/0 is NaN.
        // Between 0 and the limit every exponential fits, and only their sum can overflow.
        broken ? el('strong', { className: 'broken', dataset: { broken: '1' } }, r.maxLogit >= limit
          ? 'It has broken: the naive formula failed, the stable one is unaffected.'
          : r.maxLogit < 0
            ? 'It has broken from below: every exp(β·zᵢ) underflows towards 0, where the format runs out of digits (0 divided by 0 is NaN); '
              + 'the stable one, whose largest exponent is 0, is unaffected.'
            : 'It has broken: each exp(β·zᵢ) fits, but their sum overflows to ∞; the stable one is unaffected.')
          : el('span', { dataset: { broken: '0' } }, 'Right now both give the same weights.'),
      ]]);
      const labels = state.nscores.map((z) => precise(z));
      const text = (w) => fixed(w, 2); // never 0.00 for a weight that is not 0
      naive.set({ title: `Naive, ${state.nprec}`, draw: barChart({ id: 'naive', ariaLabel: `Naive softmax: ${Array.from(wNaive, text).join(', ')}`,
        values: wNaive, labels, domain: [0, 1], color: SERIES.vermillion, valueText: text, yTicks: (v) => v.toFixed(1), height: 180 }) });
      stable.set({ title: `Stable (maximum subtracted), ${state.nprec}`,
        draw: barChart({ id: 'stable', ariaLabel: `Stable softmax: ${Array.from(wStable, text).join(', ')}`,
        values: wStable, labels, domain: [0, 1], color: SERIES.blue, valueText: text, yTicks: (v) => v.toFixed(1), height: 180 }) });
      const columns = [['naive32', 'naive, float32'], ['stable32', 'stable, float32'], ['naive64', 'naive, float64'], ['stable64', 'stable, float64']];
      const cell = (v) => el('td', { className: `num${Number.isFinite(v) ? '' : ' bad'}`, dataset: { value: String(v) } }, precise(v));
      refill(table, el('p', { className: 'table-title' }, `Every weight as the engine returned it, in both precisions (β = ${state.nbeta})`),
        el('div', { className: 'table-scroll' }, el('table', { className: 'examples numerics', dataset: { table: 'numerics' } },
        el('thead', {}, el('tr', {}, el('th', { attrs: { scope: 'col' } }, 'score z'),
          columns.map(([, label]) => el('th', { attrs: { scope: 'col' } }, label)))),
        el('tbody', {}, state.nscores.map((z, i) => el('tr', {}, el('td', { className: 'num' }, precise(z)), columns.map(([key]) => cell(r[key][i]))))))));
      fill(part.stats, statList('numerics', [
        ['maxlogit', 'largest β·z', sig3(r.maxLogit), null, r.maxLogit],
        ['limit32', 'exp overflows in float32 above', precise(r.overflowAt32), '(ln of the largest float32)', r.overflowAt32],
        ['limit64', 'exp overflows in float64 above', precise(r.overflowAt64), '(ln of the largest float64)', r.overflowAt64],
        ['broken', `naive softmax in ${state.nprec}`, broken ? 'failed (∞, NaN or not summing to 1)' : 'fine', null, broken ? 1 : 0],
      ]));
    },
  };
}
