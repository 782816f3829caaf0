// The scaled dot-product attention block diagram (MatMul, Scale, Mask (opt.), SoftMax, MatMul over
// inputs Q, K, V), drawn bottom-up as SVG. It highlights the block of a step and reports clicks;
// it knows the step numbers of its blocks and nothing else about the lesson.
import { create } from 'd3-selection';
import { uniqueId } from '../dom.js';

const W = 250;
const H = 372;
const BX = 34; // block left edge
const BW = 136; // block width
const BH = 34;

// Bottom-up like the original figure; y is the block's top edge.
const BLOCKS = [
  { id: 'matmul2', label: 'MatMul', step: 7, y: 34, kind: 'matmul' },
  { id: 'softmax', label: 'SoftMax', step: 6, y: 96, kind: 'softmax' },
  { id: 'mask', label: 'Mask (opt.)', step: 5, y: 158, kind: 'mask', optional: 'causal' },
  { id: 'scale', label: 'Scale', step: 4, y: 220, kind: 'scale', optional: 'scaled' },
  { id: 'matmul1', label: 'MatMul', step: 3, y: 282, kind: 'matmul' },
];
const INPUTS = [
  { id: 'q', label: 'Q', x: BX + 36 },
  { id: 'k', label: 'K', x: BX + BW - 36 },
  { id: 'v', label: 'V', x: BX + BW + 44 },
];
const INPUT_STEP = 2;
const INPUT_Y = 356;

/** onSelect(step) is called when a block (or the Q/K/V inputs) is clicked or activated by keyboard. */
export function blockDiagram({ onSelect }) {
  const arrow = uniqueId('arrow');
  const svg = create('svg')
    .attr('class', 'block-diagram')
    .attr('viewBox', `0 0 ${W} ${H}`)
    .attr('width', W)
    .attr('height', H)
    .attr('role', 'group')
    .attr('aria-label', 'Scaled dot-product attention, drawn from the inputs at the bottom to the output at the top');
  svg.append('defs').append('marker').attr('id', arrow).attr('viewBox', '0 0 10 10')
    .attr('refX', 9).attr('refY', 5).attr('markerWidth', 7).attr('markerHeight', 7).attr('orient', 'auto-start-reverse')
    .append('path').attr('d', 'M0,0 L10,5 L0,10 z').attr('class', 'diagram-arrowhead');

  const cx = BX + BW / 2;
  const wires = svg.append('g').attr('class', 'diagram-wires');
  const line = (x1, y1, x2, y2) => wires.append('path').attr('d', `M${x1},${y1} L${x2},${y2}`).attr('marker-end', `url(#${arrow})`);
  line(cx, BLOCKS[0].y, cx, 6); // output
  for (let b = 1; b < BLOCKS.length; b += 1) line(cx, BLOCKS[b].y, cx, BLOCKS[b - 1].y + BH);
  line(INPUTS[0].x, INPUT_Y - 14, INPUTS[0].x, BLOCKS[4].y + BH);
  line(INPUTS[1].x, INPUT_Y - 14, INPUTS[1].x, BLOCKS[4].y + BH);
  wires.append('path').attr('d', `M${INPUTS[2].x},${INPUT_Y - 14} L${INPUTS[2].x},${BLOCKS[0].y + BH / 2} L${BX + BW},${BLOCKS[0].y + BH / 2}`)
    .attr('marker-end', `url(#${arrow})`);
  svg.append('text').attr('class', 'diagram-output').attr('x', cx + 8).attr('y', 16).text('output');

  // stepOf(datum) gives the step a click leads to; works for a one-element or a data-bound selection.
  const activate = (sel, stepOf) => sel
    .attr('tabindex', 0)
    .attr('role', 'button')
    .on('click', (event, d) => onSelect(stepOf(d)))
    .on('keydown', (event, d) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        onSelect(stepOf(d));
      }
    });

  const blocks = svg.append('g').selectAll('g').data(BLOCKS).join('g')
    .attr('class', (d) => `diagram-block block-${d.kind}`)
    .attr('data-block', (d) => d.id)
    .attr('aria-label', (d) => `${d.label}: go to step ${d.step}`);
  activate(blocks, (d) => d.step);
  blocks.append('rect').attr('x', BX).attr('y', (d) => d.y).attr('width', BW).attr('height', BH).attr('rx', 6);
  blocks.append('text').attr('x', cx).attr('y', (d) => d.y + BH / 2).attr('text-anchor', 'middle')
    .attr('dominant-baseline', 'central').text((d) => d.label);

  const inputs = svg.append('g').attr('class', 'diagram-inputs').attr('data-block', 'inputs')
    .attr('aria-label', `QKV, the inputs Q, K and V: go to step ${INPUT_STEP}`); // starts with the visible text, as a spoken command would
  activate(inputs, () => INPUT_STEP);
  inputs.append('rect').attr('class', 'diagram-input-hit')
    .attr('x', BX).attr('y', INPUT_Y - 16).attr('width', INPUTS[2].x - BX + 20).attr('height', 20).attr('rx', 4);
  inputs.selectAll('text').data(INPUTS).join('text')
    .attr('x', (d) => d.x).attr('y', INPUT_Y).attr('text-anchor', 'middle').text((d) => d.label);

  return {
    node: svg.node(),
    /** Highlights the block of `step`; draws switched-off optional blocks dashed. */
    update({ step, scaled, causal }) {
      const on = { scaled, causal };
      blocks
        .classed('current', (d) => d.step === step)
        .classed('done', (d) => d.step < step)
        .classed('off', (d) => d.optional && !on[d.optional])
        .attr('aria-current', (d) => (d.step === step ? 'step' : null));
      inputs.classed('current', step === INPUT_STEP).classed('done', step > INPUT_STEP)
        .attr('aria-current', step === INPUT_STEP ? 'step' : null);
    },
  };
}
