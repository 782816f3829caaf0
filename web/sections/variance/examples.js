// Lesson 2, "Go deeper": dot products small enough to check by hand. The source's growing example, whose entries
// grow with d; the same start repeated, whose entries keep one size; the two hand-picked sets and why they say
// nothing about d; and a pair of the learner's own. Every product is engine.dot, every variance engine.scaleVariance.
import { el } from '../../dom.js';
import { parsedInput } from '../../controls.js';
import { sig3, count } from '../../format.js';

/** A dot product of whole numbers prints whole (12,496), any other to three digits. */
const dotText = (v) => (Number.isInteger(v) ? count(v) : sig3(v));
import { partPanel, setProse, fill, refill, watcher, message, tooltip, noticeBox } from '../kit/parts.js';
import { vec } from './shared.js';
import { TeX } from '../../math.js';

const LENGTHS = [2, 4, 6, 16, 32, 64];
const continued = (d) => [Array.from({ length: d }, (_, i) => i + 1), Array.from({ length: d }, (_, i) => i + 3)]; // [1…d]·[3…d+2]
const repeated = (d) => [Array.from({ length: d }, (_, i) => 1 + (i % 2)), Array.from({ length: d }, (_, i) => 3 + (i % 2))]; // [1, 2, 1, 2, …]·[3, 4, 3, 4, …]
const SETS = [
  { id: 'd2', title: 'Three pairs with d = 2', pairs: [[[1, 2], [2, 3]], [[1, 4], [5, 6]], [[8, 9], [10, 2]]] },
  { id: 'd3', title: 'Three pairs with d = 3', pairs: [[[1, 2, 3], [3, 2, 1]], [[3, 4, 5], [6, 7, 8]], [[10, 9, 11], [8, 7, 6]]] },
];
// The d = 3 pairs cut to their first two entries: d = 2 again, with the d = 3 set's numbers.
const CUT = { id: 'cut', title: 'The d = 3 pairs cut to their first two entries (d = 2 again)',
  pairs: SETS[1].pairs.map(([a, b]) => [a.slice(0, 2), b.slice(0, 2)]) };

export function examplesPart(engine, store, number) {
  const part = partPanel({ id: 'examples', number, title: 'Dot products by hand', formula: TeX`a\cdot b = \sum_{i=1}^{d} a_i b_i` });
  const { box, notices } = noticeBox();
  const problem = (key) => (text) => (text ? notices.show(key, text) : notices.clear(key));
  const inputs = [
    parsedInput(store, 'dota', ['Vector ', el('var', {}, 'a')], { onProblem: problem('dota'), placeholder: '1, 2' }),
    parsedInput(store, 'dotb', ['Vector ', el('var', {}, 'b')], { onProblem: problem('dotb'), placeholder: '3, 4' }),
  ];
  const result = el('p', { className: 'dot-result', attrs: { 'aria-live': 'polite' } });

  const edit = (a, b) => {
    const button = el('button', { type: 'button', className: 'control-button small', textContent: 'Edit',
      attrs: { 'aria-label': `Edit ${vec(a)} · ${vec(b)}` } });
    button.addEventListener('click', () => store.set({ dota: a, dotb: b }));
    return button;
  };
  const dot = ([a, b]) => engine.dot(a, b);
  const th = (text) => el('th', { attrs: { scope: 'col' } }, text);
  const group = (title) => el('tr', { className: 'group-row' }, el('th', { attrs: { colspan: 5, scope: 'rowgroup' } }, title));
  const row = ([a, b], value) => el('tr', { dataset: { example: `${a.join(',')}|${b.join(',')}` } },
    el('td', { className: 'mono' }, vec(a)), el('td', { className: 'mono' }, vec(b)), el('td', { className: 'num' }, String(a.length)),
    el('td', { className: 'num', dataset: { stat: 'dot', value } }, el('strong', {}, dotText(value))), el('td', {}, edit(a, b)));
  const table = (id, title, ...bodies) => [el('p', { className: 'table-title' }, title), el('div', { className: 'table-scroll' },
    el('table', { className: 'examples', dataset: { table: id } }, el('thead', {}, el('tr', {}, th('a'), th('b'), th('d'), th('a · b'),
      el('th', { attrs: { scope: 'col' } }, el('span', { className: 'visually-hidden' }, 'Load')))), bodies))];

  // Growth: the same start made longer two ways.
  const grow = LENGTHS.map((d) => ({ d, continued: dot(continued(d)), repeated: dot(repeated(d)) }));
  const at = (d) => grow.find((g) => g.d === d);
  // The hand-picked sets: their three products and the variance of those three.
  const sets = [...SETS, CUT].map((s) => {
    const dots = s.pairs.map(dot);
    return { ...s, dots, variance: engine.scaleVariance({ values: dots, c: 1 }).varX };
  });
  const [d2, d3, cut] = sets;

  setProse(part.prose, [[
    `[1, 2] · [3, 4] = ${dotText(at(2).continued)}. Continue both patterns and the product climbs fast: ${dotText(at(4).continued)} at d = 4, `,
    `${dotText(at(6).continued)} at d = 6. Much of that climb comes from the entries themselves growing: the i-th term is i(i + 2), so the `,
    `sum grows like d³/3, and each doubling of d multiplies it by a factor that approaches 2³ = 8 `
      + `(${dotText(at(16).continued)}, ${dotText(at(32).continued)}, `,
    `${dotText(at(64).continued)} at d = 16, 32, 64). Repeat [1, 2] and [3, 4] instead, so every entry keeps its size: each extra two `,
    `dimensions add the same ${dotText(at(2).repeated)}, and the product grows in proportion to d (${dotText(at(16).repeated)}, `,
    `${dotText(at(32).repeated)}, ${dotText(at(64).repeated)}). Only that second kind of growth is the lesson’s.`,
  ], [
    `The two hand-picked sets below seem to show the spread growing with d: the variance of three products is ${sig3(d2.variance)} `,
    `at d = 2 and ${sig3(d3.variance)} at d = 3. But the d = 3 set simply uses larger numbers. Cut its vectors to their first two `,
    `entries: d = 2 again, and the variance is ${sig3(cut.variance)}, still far above the d = 2 set’s. Three pairs chosen by hand show what the chosen `,
    'numbers do, not what d does; the experiments above draw their pairs at random at every d. Press “Edit” on a row to load it into your own pair.',
  ]]);
  const varianceRow = (s) => el('tr', { className: 'variance-row' }, el('td', { attrs: { colspan: 3 } }, 'variance of these three products'),
    el('td', { className: 'num', dataset: { stat: `setvar${s.id}`, value: s.variance }, attrs: tooltip(s.variance, sig3(s.variance)) },
      el('strong', {}, sig3(s.variance))), el('td', {}));
  fill(part.figures,
    table('examples', 'Dot products computed by the engine',
      el('tbody', {}, group('The same start continued: [1, 2, 3, …] · [3, 4, 5, …]'), LENGTHS.map((d) => row(continued(d), at(d).continued))),
      el('tbody', {}, group('The same start repeated: [1, 2, 1, 2, …] · [3, 4, 3, 4, …]'), LENGTHS.map((d) => row(repeated(d), at(d).repeated))),
      sets.map((s) => el('tbody', { dataset: { set: s.id } }, group(s.title), s.pairs.map((p, i) => row(p, s.dots[i])), varianceRow(s)))),
    el('div', { className: 'panel control-panel' }, el('h4', { className: 'panel-title' }, 'Your own pair'),
      el('div', { className: 'control-grid control-grid-2' }, inputs.map((c) => c.node)), result, box));

  const changed = watcher(store, ['dota', 'dotb']);
  return {
    node: part.node,
    render(state) {
      for (const c of inputs) c.sync(state);
      if (!changed(state)) return;
      try {
        const value = engine.dot(state.dota, state.dotb);
        notices.clear('engine');
        refill(result, el('span', { className: 'mono' }, `${vec(state.dota)} · ${vec(state.dotb)}`), ' = ',
          el('strong', { className: 'stat-value', dataset: { stat: 'mydot', value } }, dotText(value)), ` (d = ${state.dota.length})`);
      } catch (error) {
        notices.show('engine', message(error), { tone: 'error', title: 'The engine rejected this pair' });
        refill(result, 'No result: both vectors need the same number of entries.');
      }
    },
  };
}
