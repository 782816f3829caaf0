// Lesson 5.3 (in "Go deeper"): the heads' outputs side by side, W^O, and their product, as engine.multiHeadExample
// returns them.
import { el } from '../../dom.js';
import { DisplayTeX, tex } from '../../math.js';
import { placeHeatmaps } from '../../charts/heatmap.js';
import { partPanel, setProse } from '../kit/parts.js';
import { tokenLabels } from '../self-attention/steps.js';
import { dmodel } from './common.js';

const dims = (d) => Array.from({ length: d }, (_, i) => String(i + 1));

export function combinePart(engine, store, number) {
  const part = partPanel({ id: 'combine', number, title: 'Concatenate the heads, then mix them with Wᴼ' });
  const row = el('div', { className: 'figure-row maps-row' });
  part.figures.append(tex(DisplayTeX`\operatorname{MultiHead}(Q, K, V) = \operatorname{Concat}(\text{head}_1, \ldots, \text{head}_H)\,W^{O}`,
    { className: 'multihead-formula' }), row);
  return {
    node: part.node,
    render(r) {
      const labels = tokenLabels(r.tokens);
      const n = r.tokens.length;
      setProse(part.prose, [[
        `Each head returns ${n} rows of ${r.dV} numbers: its weights applied to its own slice of the values. `,
        'Placing the heads’ outputs side by side gives a matrix as wide as the model again, ', ...dmodel(), ` = ${r.heads} × ${r.dV}; `,
        'the column labels say which head each block came from. On their own the heads never exchange information; ',
        'the output projection W', el('sup', {}, 'O'), ' is where they are combined, every output column drawing on every head.',
      ]]);
      const headOf = (c) => `h${Math.floor(c / r.dV) + 1}·${(c % r.dV) + 1}`;
      const concatLabels = Array.from({ length: r.dModel }, (_, c) => headOf(c));
      placeHeatmaps(row, [
        { id: 'concat', title: ['Concat(head', el('sub', {}, '1'), ' … head', el('sub', {}, 'H'), ')'], values: r.concat, rows: n,
          cols: r.dModel, rowLabels: labels, colLabels: concatLabels,
          rowAxis: 'token', colAxis: 'head · dimension', palette: 'diverging' },
        { id: 'wo', title: ['W', el('sup', {}, 'O')], values: r.wO, rows: r.dModel, cols: r.dModel, rowLabels: concatLabels, colLabels: dims(r.dModel),
          rowAxis: 'head · dimension', colAxis: 'output dimension', palette: 'diverging' },
        { id: 'mh-output', title: 'Output = Concat · Wᴼ', values: r.output, rows: n, cols: r.dModel, rowLabels: labels, colLabels: dims(r.dModel),
          rowAxis: 'token', colAxis: 'output dimension', palette: 'diverging' }]);
    },
  };
}
