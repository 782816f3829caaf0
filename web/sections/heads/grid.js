// Lesson 5.1: the heads, one by one. Each head's weights for the learner's sentence, with the variance of its scaled
// scores and how peaked its rows are, as engine.multiHeadExample returns them.
import { el } from '../../dom.js';
import { heatmapFrom, drawnHeatmaps } from '../../charts/heatmap.js';
import { sig3 } from '../../format.js';
import { partPanel, setProse, statList, fill, dk } from '../kit/parts.js';
import { tokenLabels } from '../self-attention/steps.js';
import { SCALING, dmodel } from './common.js';
import { TeX } from '../../math.js';

export function headsPart(engine, store, number) {
  const part = partPanel({ id: 'heads', number, title: 'H heads, each with dₖ = d_model / H',
    formula: TeX`\text{head}_h = \operatorname{softmax}\Big(\frac{Q_h K_h^{\top}}{\sqrt{d_k}}\Big) V_h` });
  const grid = el('div', { className: 'head-grid' });
  const panels = []; // head h's panel, made once
  part.figures.append(grid);
  return {
    node: part.node,
    controls: part.controls,
    render(r, state) {
      const labels = tokenLabels(r.tokens);
      const n = r.tokens.length;
      const s = SCALING[state.hscale];
      const divisor = state.hscale === 'dk' ? ['√', ...dk(), ` = √${r.dK}`]
        : state.hscale === 'dmodel' ? ['√', ...dmodel(), ` = √${r.dModel}`] : ['nothing (no scaling)'];
      setProse(part.prose, [[
        `Each head gets ${r.dK} of the ${r.dModel} columns and divides by `, ...divisor, '; rows are queries, columns keys.',
      ]]);
      // A head's panel stays, and its map of the same size takes the new numbers in place (a slider drag keeps
      // their elements); its numbers are merged into the list shown (web/dom.js patch).
      const drawn = drawnHeatmaps(grid);
      const shown = [];
      for (let h = 0; h < r.heads; h += 1) {
        const slice = (a) => a.slice(h * n * n, (h + 1) * n * n);
        const scaled = r.headScaledScoreVariance[h];
        const peak = r.headMaxWeight[h];
        if (!panels[h]) panels[h] = el('div', { className: 'head-panel', dataset: { head: h + 1 } });
        fill(panels[h],
          heatmapFrom(drawn.get(`head-${h + 1}-weights`), {
            id: `head-${h + 1}-weights`, title: [`Head ${h + 1}: weights`], values: slice(r.weights), rows: n, cols: n,
            rowLabels: labels, colLabels: labels, palette: 'sequential', domain: [0, 1],
            maxValueCols: 6 }), // values printed in the cells up to 6 tokens; beyond that the cells stay small enough for a grid of heads
          statList(`head-${h + 1}`, [
            ['scaledvar', `variance of (scores ÷ ${s.short})`, sig3(scaled), null, scaled],
            ['maxweight', 'mean largest weight', sig3(peak), null, peak],
          ]));
        shown.push(panels[h]);
      }
      fill(grid, shown);
    },
  };
}
