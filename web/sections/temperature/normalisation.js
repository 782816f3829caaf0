// 4.2 (Go deeper): which index the softmax normalises. One 3×3 score matrix, normalised over the keys (each row sums
// to 1: attention) and over the queries (each column sums to 1: the source paper's formula as printed), both by the
// engine (normalisationDemo), with the sums it reports and its float32 attention kernel as a check.
import { el } from '../../dom.js';
import { DisplayTeX, tex } from '../../math.js';
import { placeHeatmaps } from '../../charts/heatmap.js';
import { sig3 } from '../../format.js';
import { partPanel, setProse, statList, fill, refill, watcher, attempt, tooltip, noticeBox, presetRow } from '../kit/parts.js';

const QUERY = ['q₁', 'q₂', 'q₃'];
const KEY = ['k₁', 'k₂', 'k₃'];


/** Nine number boxes for a 3×3 list key, row by row; a box with a value the table rejects is reported on leaving it. */
function matrixEditor(store, key, onProblem) {
  const type = store.type(key);
  const inputs = [];
  const grid = el('div', { className: 'matrix-editor', attrs: { role: 'group', 'aria-label': 'Scores, query rows by key columns' } },
    el('span', {}), KEY.map((k) => el('span', { className: 'matrix-head' }, k)));
  for (let i = 0; i < 3; i += 1) {
    grid.append(el('span', { className: 'matrix-head' }, QUERY[i]));
    for (let j = 0; j < 3; j += 1) {
      const at = 3 * i + j;
      const input = el('input', { type: 'number', step: 'any', inputMode: 'decimal', dataset: { key, cell: at },
        attrs: { 'aria-label': `score of ${QUERY[i]} against ${KEY[j]}` } });
      const write = (report) => {
        const next = [...store.get()[key]];
        next[at] = Number(input.value);
        if (input.value.trim() !== '' && type.accepts(next)) {
          if (next[at] !== store.get()[key][at]) store.set({ [key]: next });
          onProblem(null);
        } else if (report) {
          onProblem(`The score of ${QUERY[i]} against ${KEY[j]}, ${JSON.stringify(input.value)}, is not allowed (expected a number from −1000 to 1000).`);
        }
      };
      input.addEventListener('input', () => write(false));
      input.addEventListener('change', () => write(true));
      inputs.push(input);
      grid.append(input);
    }
  }
  return {
    node: el('div', { className: 'control control-matrix' }, el('span', { className: 'control-label' }, 'Scores S (rows: queries, columns: keys)'), grid),
    sync(state) {
      inputs.forEach((input, at) => {
        const v = state[key][at];
        const focused = input.getRootNode().activeElement === input; // (the root is a shadow root inside a custom element)
        if (focused && (input.value.trim() === '' || Number(input.value) === v)) return; // mid-edit
        if (input.value !== String(v)) input.value = String(v);
      });
    },
  };
}

export function normalisationPart(engine, store, number) {
  const part = partPanel({ id: 'normalisation', number, title: 'Which index does the softmax normalise over?' });
  const { box, notices, problem } = noticeBox();
  const matrix = matrixEditor(store, 'tmatrix', problem);
  const presets = presetRow(store, 'Try:', [
    ['symmetric', { tmatrix: [2, 1, 0, 1, 3, 1, 0, 1, 2] }, 'Load a symmetric score matrix'],
    ['one large score', { tmatrix: [0, 0, 0, 0, 5, 0, 0, 0, 0] }, 'Load a matrix with one large score'],
    ['the default', { tmatrix: [2, 0, 1, 4, 1, 0, 1, 3, 2] }, 'Load the default matrix'],
  ]);
  fill(part.controls, el('div', { className: 'panel control-panel' },
    el('p', { className: 'control-hint' }, 'β is the dial of 4.1.'), el('div', { className: 'control-grid' }, matrix.node, presets), box));

  const rowsFormula = [el('p', { className: 'formula-label' }, 'Over the last index, the keys (what attention does):'),
    tex(DisplayTeX`w_{ij} = \frac{e^{\beta s_{ij}}}{\sum_{m=1}^{n} e^{\beta s_{im}}}`)];
  const columnsFormula = [el('p', { className: 'formula-label' }, 'Over the first index, the queries (the paper’s formula as printed):'),
    tex(DisplayTeX`w_{ij} = \frac{e^{\beta s_{ij}}}{\sum_{m=1}^{N} e^{\beta s_{mj}}}`)];
  const maps = el('div', { className: 'figure-row maps-row' });
  const sums = el('div', { className: 'sums-table' });
  fill(part.figures, maps, sums);
  const changed = watcher(store, ['tmatrix', 'tbeta']);
  const mapBoxes = [0, 1, 2].map(() => el('div', { className: 'map-box' }));

  setProse(part.prose, [[
    'Attention turns a matrix of scores into weights, and a matrix has two indices to normalise over. ',
    'Row i of S holds query i’s scores against every key, and attention asks each query to share out one unit of ',
    'weight among the keys: the softmax runs along each row, over the last index, and every row of the weights sums to 1.',
  ], [
    'The paper these lessons follow says the same in words (the softmax acts on the last dimension), but the formula ',
    'it prints sums over the first index i₁ with the column j held fixed, so each column would sum to 1 instead: ',
    'every key would share out its weight among the queries. The engine computes both from the same scores. ',
    'They differ, and only the first one is attention; for a symmetric S the second is the transpose of the first, ',
    'which is why a symmetric example can hide the slip.',
  ]]);

  return {
    node: part.node,
    render(state) {
      matrix.sync(state);
      if (!changed(state)) return;
      const r = attempt(part, notices, 'The engine rejected this matrix',
        () => engine.normalisationDemo({ scores: state.tmatrix, rows: 3, cols: 3, beta: state.tbeta }));
      if (!r) return;
      const map = (id, title, values, palette, extra = {}) => ({ id, title, values, rows: 3, cols: 3, rowLabels: QUERY, colLabels: KEY,
        rowAxis: 'query', colAxis: 'key', palette, ...extra });
      // The three maps take the new numbers in place; their columns and formulas are made once.
      if (!maps.firstChild) {
        fill(maps,
          el('div', { className: 'map-column' }, el('p', { className: 'formula-label' }, 'The scores, as typed above:'),
            el('div', { className: 'tex-display map-spacer' }), mapBoxes[0]),
          el('div', { className: 'map-column' }, rowsFormula, mapBoxes[1]),
          el('div', { className: 'map-column' }, columnsFormula, mapBoxes[2]));
      }
      placeHeatmaps(mapBoxes[0], [map('norm-scores', 'Scores S', r.scores, 'diverging')]);
      placeHeatmaps(mapBoxes[1], [map('norm-rows', 'Rows sum to 1', r.byRow, 'sequential', { domain: [0, 1] })]);
      placeHeatmaps(mapBoxes[2], [map('norm-columns', 'Columns sum to 1', r.byColumn, 'sequential', { domain: [0, 1] })]);
      const cells = (values, stat) => Array.from(values,
        (v, i) => el('td', { className: 'num', dataset: { stat: `${stat}${i}`, value: v }, attrs: tooltip(v, sig3(v)) }, sig3(v)));
      const head = el('tr', {}, el('th', { attrs: { scope: 'col' } }, 'normalised'), [1, 2, 3].map((i) => el('th', { attrs: { scope: 'col' } }, String(i))));
      refill(sums, el('p', { className: 'table-title' }, `Sums the engine reports for the two weight matrices (β = ${state.tbeta})`),
        el('div', { className: 'table-scroll' }, el('table', { className: 'examples', dataset: { table: 'sums' } },
          el('thead', {}, head),
          el('tbody', {},
            el('tr', {}, el('th', { attrs: { scope: 'row' } }, 'over keys, row sums'), cells(r.byRowRowSums, 'rr')),
            el('tr', {}, el('th', { attrs: { scope: 'row' } }, 'over keys, column sums'), cells(r.byRowColumnSums, 'rc')),
            el('tr', {}, el('th', { attrs: { scope: 'row' } }, 'over queries, row sums'), cells(r.byColumnRowSums, 'cr')),
            el('tr', {}, el('th', { attrs: { scope: 'row' } }, 'over queries, column sums'), cells(r.byColumnColumnSums, 'cc'))))));
      fill(part.stats, statList('normalisation', [
        ['maxdiff', 'largest difference between the two weight matrices', sig3(r.maxDifference),
          r.maxDifference < 1e-12 ? '(they agree here)' : '(they are different matrices)', r.maxDifference],
        ['kernel', 'the engine’s float32 attention softmax against “over the keys”', sig3(r.kernelMaxDifference),
          '(largest difference: float32 rounding; the kernel normalises rows)', r.kernelMaxDifference],
      ]));
    },
  };
}

