// A labelled matrix heatmap: takes a flat row-major array, its shape and labels, returns a <figure>.
// It maps numbers to colours and text only; it computes nothing about the model. Each cell carries
// data-row, data-col, data-value (and data-masked) so tests and assistive code can read it.
import { create } from 'd3';
import { el, uniqueId } from '../dom.js';
import { chartTools } from './chart-box.js';
import { short, precise, maxAbs } from '../format.js';
import { divergingScale, sequentialScale, inkFor } from './palette.js';

const VALUE_CELL = { w: 46, h: 26 }; // big enough for "−12.3" at 11px
const LABEL_FONT_PX = 11;
const charWidth = (s) => s.length * LABEL_FONT_PX * 0.62 + 4;
const clip = (s, n) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * spec: { id, title (text, or an array of text and nodes such as <sub>), note?, values, rows, cols, rowLabels, colLabels, rowAxis, colAxis,
 *         palette: 'diverging'|'sequential', domain?: number (diverging half-width) or [lo, hi],
 *         masked?: (i, j) => boolean, maskedText?: string, maskedValue?: number, maxValueCols?: number }
 */
export function heatmap(spec) {
  const { id, values, rows, cols, rowLabels, colLabels } = spec;
  const titleText = [spec.title].flat().map((t) => (typeof t === 'string' ? t : t.textContent)).join('');
  if (values.length !== rows * cols) {
    throw new Error(`heatmap ${id}: ${values.length} values for a ${rows}×${cols} matrix`);
  }
  const showValues = cols <= (spec.maxValueCols ?? 8) && rows <= 16;
  const cell = showValues ? VALUE_CELL : cols <= 16 && rows <= 16 ? { w: 24, h: 24 } : { w: 13, h: 13 };
  const color = spec.palette === 'sequential' ? sequentialScale(...(spec.domain ?? [0, 1])) : divergingScale(spec.domain ?? maxAbs(values));

  const rowText = rowLabels.map((s) => clip(s, 12));
  const colText = colLabels.map((s) => clip(s, 12));
  const left = Math.ceil(Math.max(...rowText.map(charWidth), 16)) + 6;
  const colStride = colText.length > 24 ? 8 : colText.length > 12 ? 4 : 1; // label every k-th column
  const widest = Math.max(...colText.map(charWidth));
  const rotate = widest > cell.w * colStride - 2;
  const top = Math.ceil(rotate ? widest * 0.71 + 8 : LABEL_FONT_PX + 8);
  const width = Math.ceil(left + cols * cell.w + (rotate ? widest * 0.71 + 4 : 12)); // room for the last column label
  const height = top + rows * cell.h + 2;

  const svg = create('svg')
    .attr('class', 'heatmap-svg')
    .attr('width', width)
    .attr('height', height)
    .attr('viewBox', `0 0 ${width} ${height}`)
    .attr('role', 'img')
    .attr('aria-label', `${titleText}: ${rows} by ${cols} matrix`);

  const hatch = uniqueId('hatch');
  svg.append('defs').append('pattern').attr('id', hatch).attr('width', 6).attr('height', 6)
    .attr('patternUnits', 'userSpaceOnUse').attr('patternTransform', 'rotate(45)')
    .call((p) => {
      p.append('rect').attr('width', 6).attr('height', 6).attr('fill', '#e9e9ee');
      p.append('line').attr('x1', 0).attr('y1', 0).attr('x2', 0).attr('y2', 6).attr('stroke', '#b9b9c4').attr('stroke-width', 2);
    });

  // Each label is <g><title>full text</title><text>clipped text</text></g>: the hover shows a long token whole.
  const rowLabelG = svg.append('g').attr('class', 'row-labels')
    .selectAll('g').data(rowText).join('g');
  rowLabelG.append('title').text((_, i) => rowLabels[i]);
  rowLabelG.append('text')
    .attr('x', left - 6).attr('y', (_, i) => top + i * cell.h + cell.h / 2)
    .attr('text-anchor', 'end').attr('dominant-baseline', 'central')
    .text((d) => d);

  const colLabelG = svg.append('g').attr('class', 'col-labels')
    .selectAll('g').data(colText.map((t, j) => ({ t, j })).filter(({ j }) => j % colStride === 0 || (j === cols - 1 && j % colStride >= colStride / 2))).join('g');
  colLabelG.append('title').text(({ j }) => colLabels[j]);
  colLabelG.append('text')
    .attr('transform', ({ j }) => {
      const x = left + j * cell.w + cell.w / 2;
      return rotate ? `translate(${x + 3},${top - 5}) rotate(-45)` : `translate(${x},${top - 5})`;
    })
    .attr('text-anchor', rotate ? 'start' : 'middle')
    .text(({ t }) => t);

  const cells = [];
  for (let i = 0; i < rows; i += 1) {
    for (let j = 0; j < cols; j += 1) {
      const masked = spec.masked ? spec.masked(i, j) : false;
      cells.push({ i, j, v: values[i * cols + j], masked });
    }
  }
  const g = svg.append('g').attr('class', 'cells')
    .selectAll('g').data(cells).join('g')
    .attr('class', (d) => (d.masked ? 'cell masked' : 'cell'))
    .attr('data-row', (d) => d.i)
    .attr('data-col', (d) => d.j)
    .attr('data-value', (d) => String(d.masked && 'maskedValue' in spec ? spec.maskedValue : d.v))
    .attr('data-masked', (d) => (d.masked ? '1' : null))
    .attr('transform', (d) => `translate(${left + d.j * cell.w},${top + d.i * cell.h})`);
  const fillOf = (d) => (d.masked || !Number.isFinite(d.v) ? `url(#${hatch})` : color(d.v));
  g.append('rect').attr('width', cell.w - 1).attr('height', cell.h - 1).attr('rx', 2).attr('fill', fillOf);
  g.append('title').text((d) => `${rowLabels[d.i]} × ${colLabels[d.j]}: ${d.masked && spec.maskedText ? spec.maskedText : precise(d.v)}`);
  if (showValues) {
    g.append('text')
      .attr('x', (cell.w - 1) / 2).attr('y', (cell.h - 1) / 2)
      .attr('text-anchor', 'middle').attr('dominant-baseline', 'central')
      .attr('fill', (d) => (d.masked || !Number.isFinite(d.v) ? '#444' : inkFor(color(d.v))))
      .text((d) => (d.masked && spec.maskedText ? spec.maskedText : short(d.v)));
  }

  const caption = el('figcaption', {},
    el('span', { className: 'heatmap-title' }, spec.title),
    el('span', { className: 'heatmap-shape' }, ` ${rows} × ${cols}`),
    spec.rowAxis ? el('span', { className: 'heatmap-axes' }, `rows: ${spec.rowAxis} · columns: ${spec.colAxis}`) : null,
  );
  const cellText = (d) => `row ${rowLabels[d.i]}, column ${colLabels[d.j]}: ${d.masked && spec.maskedText ? spec.maskedText : precise(d.v)}`;
  // Empty until a cell is pointed at or focused; the keyboard hint is in the matrix's accessible name and said once
  // on the page (Lesson 1), not under every matrix.
  const readout = el('p', { className: 'heatmap-readout', id: uniqueId('readout'), attrs: { 'aria-live': 'polite' } });
  const scroller = el('div', { className: 'heatmap-scroll', tabIndex: 0,
    attrs: { role: 'application', 'aria-label': `${titleText}: ${rows} by ${cols} matrix. Arrow keys read its cells.`, 'aria-describedby': readout.id } });
  scroller.append(svg.node());
  const figure = el('figure', { className: 'heatmap', dataset: { matrix: id, rows, cols } },
    caption, scroller, readout, legend(color, spec.palette), spec.note ? el('p', { className: 'heatmap-note' }, spec.note) : null);
  keyboardCells({ svg, g, cells, cell, left, top, rows, cols, scroller, readout, cellText });
  figure.append(chartTools(figure, { id, svg: () => svg.node(), title: () => titleText,
    table: () => ({ columns: ['row \\ column', ...colLabels],
      rows: rowLabels.map((label, i) => [label, ...cells.slice(i * cols, (i + 1) * cols).map((d) => (d.masked && 'maskedValue' in spec ? spec.maskedValue : d.v))]) }) }));
  return figure;
}

/**
 * Keyboard and pointer reading of cells: a focus cell that the arrow keys (Home/End along a row, Page Up/Down along
 * a column) move, outlined in the SVG, whose row, column and value are written to the readout line, which a screen
 * reader announces. Pointing at a cell writes the same line, so no value is available only on hover.
 */
function keyboardCells({ svg, g, cells, cell, left, top, rows, cols, scroller, readout, cellText }) {
  let at = { i: 0, j: 0 };
  const focusBox = svg.append('rect').attr('class', 'cell-focus export-skip').attr('width', cell.w + 1).attr('height', cell.h + 1)
    .attr('rx', 3).attr('fill', 'none').attr('visibility', 'hidden');
  const show = (i, j, { scroll = false } = {}) => {
    at = { i, j };
    const d = cells[i * cols + j];
    focusBox.attr('x', left + j * cell.w - 1).attr('y', top + i * cell.h - 1);
    readout.textContent = cellText(d);
    scroller.dataset.row = String(i);
    scroller.dataset.col = String(j);
    if (scroll) focusBox.node().scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };
  scroller.addEventListener('focus', () => {
    focusBox.attr('visibility', 'visible');
    show(at.i, at.j);
  });
  scroller.addEventListener('blur', () => focusBox.attr('visibility', 'hidden'));
  scroller.addEventListener('keydown', (event) => {
    const moves = {
      ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0],
      Home: [0, -cols], End: [0, cols], PageUp: [-rows, 0], PageDown: [rows, 0],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const i = Math.max(0, Math.min(rows - 1, at.i + move[0]));
    const j = Math.max(0, Math.min(cols - 1, at.j + move[1]));
    show(i, j, { scroll: true });
  });
  g.on('pointerenter', (event, d) => show(d.i, d.j))
    .on('click', (event, d) => {
      scroller.focus();
      show(d.i, d.j);
    });
}

/** A small colour bar with its end values (and 0 for a diverging scale). */
function legend(color, palette) {
  const w = 132;
  const [lo, hi] = [color.domain()[0], color.domain()[color.domain().length - 1]];
  const grad = uniqueId('legend');
  const pad = 20; // half the width of a tick label such as −28.1
  const svg = create('svg').attr('class', 'legend').attr('width', w + 2 * pad).attr('height', 28).attr('aria-hidden', 'true');
  svg.append('defs').append('linearGradient').attr('id', grad)
    .selectAll('stop').data([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]).join('stop')
    .attr('offset', (t) => `${t * 100}%`).attr('stop-color', (t) => color(lo + t * (hi - lo)));
  svg.append('rect').attr('x', pad).attr('y', 2).attr('width', w).attr('height', 9).attr('rx', 2).attr('fill', `url(#${grad})`);
  const ticks = palette === 'sequential' ? [lo, hi] : [lo, 0, hi];
  svg.append('g').selectAll('text').data(ticks).join('text')
    .attr('x', (v) => pad + ((v - lo) / (hi - lo || 1)) * w).attr('y', 24).attr('text-anchor', 'middle')
    .text((v) => (v !== 0 && Math.abs(v) < 0.005 ? v.toExponential(0).replace(/-/g, '\u2212') : short(v))); // tiny ends stay readable
  return svg.node();
}
