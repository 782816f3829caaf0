// A labelled matrix heatmap: takes a flat row-major array, its shape and labels, returns a <figure>.
// It maps numbers to colours and text only; it computes nothing about the model. Each cell carries
// data-row, data-col, data-value (and data-masked) so tests and assistive code can read it.
import { create } from 'd3-selection';
import { attr, text } from './writes.js';
import { HATCH, paintCells, paintMarks } from './heatmap-paint.js';
import { el, uniqueId, patch, setAttr, setText } from '../dom.js';
import { chartTools } from './chart-box.js';
import { short, precise, maxAbs } from '../format.js';
import { divergingScale, sequentialScale, inkScale } from './palette.js';

const VALUE_CELL = { w: 46, h: 26 }; // big enough for "−12.3" at 11px
const LABEL_FONT_PX = 11;
const charWidth = (s) => s.length * LABEL_FONT_PX * 0.62 + 4;
const clip = (s, n) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * Above this many cells a matrix whose cells print no numbers (more than maxValueCols, 8 by default, columns or 16
 * rows; one that prints them has at most 128 cells) is painted on a canvas; its cells are still read by keyboard,
 * pointer, data table and CSV. Each SVG cell is three elements that the browser styles and paints: in Chromium traces
 * of Lesson 1's d_model set to 58 (five 3 × 58 matrices, 870 SVG cells while the bound was 576), style took 6.8–8.3
 * ms of the frame with them and at most 2.1 ms painted. WebKitGTK gives every canvas a compositing layer of its own,
 * which costs it a new matrix's frame on a machine without a GPU; a canvas of one pixel per cell keeps that small
 * (see paintCells; bench/page/trace.mjs measures it).
 */
export const PAINT_CELLS = 100;

/**
 * spec: { id, title (text, or an array of text and nodes such as <sub>), note?, values, rows, cols, rowLabels, colLabels, rowAxis, colAxis,
 *         palette: 'diverging'|'sequential', domain?: number (diverging half-width) or [lo, hi],
 *         masked?: (i, j) => boolean, maskedText?: string, maskedValue?: number, maxValueCols?: number,
 *         painted?: boolean (on a canvas at any size: a map redrawn many times a second),
 *         size?: number (px: the cells share a square this wide whatever their count; they print their numbers
 *         only when that leaves each as wide as a printed number needs) }
 * A matrix that prints its numbers, or has up to PAINT_CELLS cells, has an SVG <g class="cell"> per cell with data-row,
 * data-col, data-value (and data-masked); a larger one is painted on a canvas under the SVG of its labels, and its SVG
 * cells are made only for an export. Its numbers are in its data table and CSV either way.
 */
export function heatmap(spec) {
  const { id } = spec;
  const titleText = titleOf(spec);
  checkShape(spec);

  // What the drawing shows now: the spec, its colour scale and one record per cell (setData replaces all three), and
  // its geometry: the SVG of labels and cells, or the canvas, for the spec's shape and labels (made anew by reshape).
  const now = { spec, color: null, cells: [] };
  let geo = null;
  const valueOf = (d) => (d.masked && 'maskedValue' in now.spec ? now.spec.maskedValue : d.v);
  const textOf = (d) => (d.masked && now.spec.maskedText ? now.spec.maskedText : precise(d.v));
  const setData = (next) => {
    now.spec = next;
    now.color = colorOf(next);
    now.cells = cellsOf(next);
  };
  setData(spec);

  const shapeText = el('span', { className: 'heatmap-shape' });
  const caption = el('figcaption', {},
    el('span', { className: 'heatmap-title' }, spec.title),
    shapeText,
    spec.rowAxis ? el('span', { className: 'heatmap-axes' }, `rows: ${spec.rowAxis} · columns: ${spec.colAxis}`) : null,
  );
  const cellText = (d) => `row ${geo.rowLabels[d.i]}, column ${geo.colLabels[d.j]}: ${textOf(d)}`;
  // Empty until a cell is pointed at or focused; the keyboard hint is in the matrix's accessible name and said once
  // on the page (Lesson 1), not under every matrix.
  const readout = el('p', { className: 'heatmap-readout', id: uniqueId('readout'), attrs: { 'aria-live': 'polite' } });
  const scroller = el('div', { className: 'heatmap-scroll', tabIndex: 0, attrs: { role: 'application', 'aria-describedby': readout.id } });
  const layers = el('div', { className: 'heatmap-layers' });
  scroller.append(layers);
  const key = legend(spec.palette);
  key.update(now.color);
  let noteNode = spec.note ? el('p', { className: 'heatmap-note' }, spec.note) : null;
  const figure = el('figure', { className: 'heatmap', dataset: { matrix: id } }, caption, scroller, readout, key.node, noteNode);
  const reader = keyboardCells({ layers, scroller, readout, cells: () => now.cells, geo: () => geo, cellText });
  let exported = false; // a painted matrix's SVG cells exist for the data now shown

  // The numbers of now.cells into the geometry: cells painted, or SVG cells written (and, when new, made pointable).
  const draw = () => {
    if (geo.painted) {
      geo.paint(now);
      if (exported) geo.dropCells();
      exported = false;
    } else {
      geo.drawCells(now, valueOf, textOf);
    }
  };
  // A new shape (or new labels): a new geometry in the same figure, which keeps its caption, colour bar, note, export
  // tools and keyboard reader (a learner's focus stays on the matrix, at the nearest cell). It is drawn before it is
  // put in the page: cells made in a detached SVG cost the browser less than in one on the page.
  const reshape = (next) => {
    geo = geometry(next);
    exported = false;
    draw();
    reader.attach();
    layers.replaceChildren(...[geo.canvas, geo.marks?.node, geo.svg.node()].filter(Boolean));
    const { rows, cols } = next;
    figure.classList.toggle('heatmap-painted', geo.painted);
    figure.dataset.rows = String(rows);
    figure.dataset.cols = String(cols);
    shapeText.textContent = ` ${rows} × ${cols}`;
    geo.svg.attr('aria-label', `${titleText}: ${rows} by ${cols} matrix`);
    scroller.setAttribute('aria-label', `${titleText}: ${rows} by ${cols} matrix. Arrow keys read its cells.`);
  };
  reshape(spec);

  figure.append(chartTools(figure, { id, title: () => titleText,
    svg: () => {
      if (geo.painted && !exported) {
        geo.drawCells(now, valueOf, textOf);
        exported = true;
      }
      return geo.svg.node();
    },
    table: () => ({ columns: ['row \\ column', ...geo.colLabels],
      rows: geo.rowLabels.map((label, i) => [label, ...now.cells.slice(i * geo.cols, (i + 1) * geo.cols).map(valueOf)]) }) }));

  // The same kind of matrix (same id, title, palette and axes) with new numbers is redrawn in place; with a new shape or
  // new labels it gets a new geometry in the same figure. Any other change makes a new figure.
  updaters.set(figure, (next) => {
    if (next.palette !== spec.palette || titleOf(next) !== titleText || next.rowAxis !== spec.rowAxis || next.colAxis !== spec.colAxis) return false;
    checkShape(next);
    setData(next);
    if (geo.fits(next)) draw();
    else reshape(next);
    // The colour bar is written in place, and the note swapped only when it reads differently (a run's map is redrawn
    // four times a second).
    key.update(now.color);
    const nextNote = next.note ? el('p', { className: 'heatmap-note' }, next.note) : null;
    if (noteNode && nextNote) {
      if (noteNode.innerHTML !== nextNote.innerHTML) noteNode.replaceChildren(...nextNote.childNodes);
    } else {
      if (noteNode) noteNode.remove();
      else if (nextNote) key.node.after(nextNote);
      noteNode = nextNote;
    }
    reader.refresh();
    return true;
  });
  return figure;
}

/**
 * The drawing of a matrix of spec's shape and labels: an SVG with its row and column labels and a layer for SVG cells,
 * and for a painted matrix the canvas and the marks over it. drawCells(now, valueOf, textOf) writes now.cells into SVG
 * cells (making them the first time), dropCells() takes them out again; paint(now) paints them; fits(spec) says whether
 * another spec can be drawn into this geometry.
 */
function geometry(spec) {
  const { rows, cols, rowLabels, colLabels } = spec;
  const maxValueCols = spec.maxValueCols ?? 8;
  // With spec.size the figure keeps its size when the count of cells changes, so a control that changes it moves
  // nothing below the figure (which the browser would lay out and paint again). Cells are whole pixels, so a painted
  // matrix's canvas scales evenly; the square's few spare pixels are left blank.
  const { size } = spec;
  const showValues = cols <= maxValueCols && rows <= 16 && (!size || Math.floor(size / cols) >= VALUE_CELL.w);
  const cell = size ? { w: Math.floor(size / cols), h: Math.floor(size / rows) }
    : showValues ? VALUE_CELL : cols <= 16 && rows <= 16 ? { w: 24, h: 24 } : { w: 13, h: 13 };
  const painted = spec.painted ?? (!showValues && rows * cols > PAINT_CELLS);

  const rowText = rowLabels.map((s) => clip(s, 12));
  const colText = colLabels.map((s) => clip(s, 12));
  const left = Math.ceil(Math.max(...rowText.map(charWidth), 16)) + 6;
  const colStride = colText.length > 24 ? 8 : colText.length > 12 ? 4 : 1; // label every k-th column
  const widest = Math.max(...colText.map(charWidth));
  const rotate = widest > cell.w * colStride - 2;
  const top = Math.ceil(rotate ? widest * 0.71 + 8 : LABEL_FONT_PX + 8);
  const width = Math.ceil(left + (size ?? cols * cell.w) + (rotate ? widest * 0.71 + 4 : 12)); // room for the last column label
  const height = top + (size ?? rows * cell.h) + 2;

  const svg = create('svg')
    .attr('class', 'heatmap-svg')
    .attr('width', width)
    .attr('height', height)
    .attr('viewBox', `0 0 ${width} ${height}`)
    .attr('role', 'img');

  const hatch = uniqueId('hatch');
  svg.append('defs').append('pattern').attr('id', hatch).attr('width', 6).attr('height', 6)
    .attr('patternUnits', 'userSpaceOnUse').attr('patternTransform', 'rotate(45)')
    .call((p) => {
      p.append('rect').attr('width', 6).attr('height', 6).attr('fill', HATCH.back);
      p.append('line').attr('x1', 0).attr('y1', 0).attr('x2', 0).attr('y2', 6).attr('stroke', HATCH.line).attr('stroke-width', 2);
    });

  // Each label is <g><title>full text</title><text>clipped text</text></g>: the hover shows a long token whole.
  // Rows shorter than a label (a many-row matrix in a spec.size square) label every k-th row, as columns do.
  const rowStride = Math.ceil((LABEL_FONT_PX + 1) / cell.h);
  const rowLabelG = svg.append('g').attr('class', 'row-labels')
    .selectAll('g').data(rowText.map((t, i) => ({ t, i })).filter(({ i }) => i % rowStride === 0)).join('g');
  rowLabelG.append('title').text(({ i }) => rowLabels[i]);
  rowLabelG.append('text')
    .attr('x', left - 6).attr('y', ({ i }) => top + i * cell.h + cell.h / 2)
    .attr('text-anchor', 'end').attr('dominant-baseline', 'central')
    .text(({ t }) => t);

  const colLabelG = svg.append('g').attr('class', 'col-labels')
    .selectAll('g')
    .data(colText.map((t, j) => ({ t, j })).filter(({ j }) => j % colStride === 0 || (j === cols - 1 && j % colStride >= colStride / 2)))
    .join('g');
  colLabelG.append('title').text(({ j }) => colLabels[j]);
  colLabelG.append('text')
    .attr('transform', ({ j }) => {
      const x = left + j * cell.w + cell.w / 2;
      return rotate ? `translate(${x + 3},${top - 5}) rotate(-45)` : `translate(${x},${top - 5})`;
    })
    .attr('text-anchor', rotate ? 'start' : 'middle')
    .text(({ t }) => t);

  // The SVG cells: on screen for a small matrix; for a painted one only while an export needs them. A cell is
  // <g><rect/><title/><text/>?</g>, cloned from one made here, at a place that never changes within a geometry.
  const cellsLayer = svg.append('g').attr('class', 'cells');
  const proto = create('svg:g');
  proto.append('rect').attr('width', cell.w - 1).attr('height', cell.h - 1).attr('rx', 2);
  proto.append('title');
  if (showValues) {
    proto.append('text').attr('x', (cell.w - 1) / 2).attr('y', (cell.h - 1) / 2).attr('text-anchor', 'middle').attr('dominant-baseline', 'central');
  }
  let cellNodes = []; // row-major, as now.cells
  const drawCells = (now, valueOf, textOf) => {
    if (cellNodes.length !== now.cells.length) {
      // Clones in a fragment, put in at once, instead of d3's join with an append and attributes per part of each cell.
      const fragment = svg.node().ownerDocument.createDocumentFragment();
      cellNodes = now.cells.map((d) => {
        const g = proto.node().cloneNode(true);
        g.setAttribute('data-row', d.i);
        g.setAttribute('data-col', d.j);
        g.setAttribute('transform', `translate(${left + d.j * cell.w},${top + d.i * cell.h})`);
        fragment.append(g);
        return g;
      });
      cellsLayer.node().replaceChildren(fragment);
    }
    const ink = showValues ? inkScale(now.color) : null;
    // Parts are reached as siblings, not selected by name; only changes are written.
    now.cells.forEach((d, k) => {
      const g = cellNodes[k];
      const hatched = d.masked || !Number.isFinite(d.v);
      setAttr(g, 'class', d.masked ? 'cell masked' : 'cell');
      setAttr(g, 'data-value', String(valueOf(d)));
      setAttr(g, 'data-masked', d.masked ? '1' : null);
      const rect = g.firstChild;
      setAttr(rect, 'fill', hatched ? `url(#${hatch})` : now.color(d.v));
      setText(rect.nextSibling, `${rowLabels[d.i]} × ${colLabels[d.j]}: ${textOf(d)}`);
      if (showValues) {
        const label = rect.nextSibling.nextSibling;
        setAttr(label, 'fill', hatched ? '#444' : ink(d.v));
        setText(label, d.masked && now.spec.maskedText ? now.spec.maskedText : short(d.v));
      }
    });
  };
  /** The painted matrix's SVG cells go (an export made them): the next export makes them again. */
  const dropCells = () => {
    cellNodes = [];
    cellsLayer.node().replaceChildren();
  };
  // A painted matrix: a canvas of one pixel per cell, scaled up by CSS without smoothing, under a small SVG of the
  // gaps between cells and the hatching of masked cells (see paintCells).
  const canvas = painted ? el('canvas', { className: 'heatmap-canvas', attrs: { 'aria-hidden': 'true' } }) : null;
  const marks = painted ? paintMarks({ cell, rows, cols, left, top }) : null;
  if (painted) Object.assign(canvas.style, { left: `${left}px`, top: `${top}px`, width: `${cols * cell.w}px`, height: `${rows * cell.h}px` });
  const sameLabels = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
  return {
    svg, canvas, marks, painted, cell, left, top, rows, cols, rowLabels, colLabels, drawCells, dropCells,
    paint: (now) => marks.hatch(paintCells(canvas, { cells: now.cells, rows, cols, color: now.color })),
    fits: (next) => next.rows === rows && next.cols === cols && (next.maxValueCols ?? 8) === maxValueCols && next.size === size
      && (next.painted ?? null) === (spec.painted ?? null) && sameLabels(next.rowLabels, rowLabels) && sameLabels(next.colLabels, colLabels),
  };
}

const updaters = new WeakMap(); // figure → update(spec): true when it could redraw in place

/** `previous` (a figure made by heatmap(), or nothing) redrawn in place with the numbers of `spec` when it is the same kind of matrix, else a new figure. */
export function heatmapFrom(previous, spec) {
  return previous && updaters.get(previous)?.(spec) ? previous : heatmap(spec);
}

/** The figures of the heatmaps inside `node`, by matrix id (for heatmapFrom). */
export const drawnHeatmaps = (node) => new Map([...node.querySelectorAll('figure[data-matrix]')].map((f) => [f.dataset.matrix, f]));

/**
 * Shows one heatmap per spec in `box`, in order: a figure already there with the same id, title, palette and axes
 * takes the new numbers in place (with a new shape, a new drawing inside it); any other is made anew.
 */
export function placeHeatmaps(box, specs) {
  const old = drawnHeatmaps(box);
  patch(box, specs.map((spec) => heatmapFrom(old.get(spec.id), spec))); // a figure already in its place stays
}

function titleOf(spec) {
  return [spec.title].flat().map((t) => (typeof t === 'string' ? t : t.textContent)).join('');
}

function checkShape(spec) {
  if (spec.values.length !== spec.rows * spec.cols) {
    throw new Error(`heatmap ${spec.id}: ${spec.values.length} values for a ${spec.rows}×${spec.cols} matrix`);
  }
}

function colorOf(spec) {
  return spec.palette === 'sequential' ? sequentialScale(...(spec.domain ?? [0, 1])) : divergingScale(spec.domain ?? maxAbs(spec.values));
}

function cellsOf(spec) {
  const cells = new Array(spec.rows * spec.cols);
  for (let i = 0, k = 0; i < spec.rows; i += 1) {
    for (let j = 0; j < spec.cols; j += 1, k += 1) cells[k] = { i, j, v: spec.values[k], masked: spec.masked ? spec.masked(i, j) : false };
  }
  return cells;
}

/**
 * Keyboard and pointer reading of cells: a focus cell that the arrow keys (Home/End along a row, Page Up/Down along
 * a column) move, outlined in the SVG, whose row, column and value are written to the readout line, which a screen
 * reader announces. Pointing at a cell writes the same line, so no value is available only on hover. The pointer's
 * position says which cell it is over, for SVG cells and a painted matrix alike (one listener per matrix, none per
 * cell). geo() is the figure's geometry now. Returns { attach() (after a new geometry: its outline, the focus cell
 * kept within the shape), refresh() }.
 */
function keyboardCells({ layers, scroller, readout, cells, geo, cellText }) {
  let at = { i: 0, j: 0 };
  let shown = false;
  let focusBox = null;
  const show = (i, j, { scroll = false } = {}) => {
    const { cell, left, top, cols } = geo();
    at = { i, j };
    shown = true;
    const d = cells()[i * cols + j];
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
    const { rows, cols } = geo();
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
  // The cell under the pointer, from its position in the layers box (cells sit on a grid of the geometry's cell size).
  const under = (event) => {
    const { cell, left, top, rows, cols } = geo();
    const box = layers.getBoundingClientRect();
    const j = Math.floor((event.clientX - box.left - left) / cell.w);
    const i = Math.floor((event.clientY - box.top - top) / cell.h);
    return i >= 0 && i < rows && j >= 0 && j < cols ? { i, j } : null;
  };
  layers.addEventListener('pointermove', (event) => {
    const hit = under(event);
    if (hit && (hit.i !== at.i || hit.j !== at.j || !shown)) show(hit.i, hit.j);
  });
  layers.addEventListener('click', (event) => {
    const hit = under(event);
    if (!hit) return;
    scroller.focus();
    show(hit.i, hit.j);
  });
  return {
    attach() {
      const { svg, cell, rows, cols } = geo();
      const focused = scroller.ownerDocument.activeElement === scroller;
      focusBox = svg.append('rect').attr('class', 'cell-focus export-skip').attr('width', cell.w + 1).attr('height', cell.h + 1)
        .attr('rx', 3).attr('fill', 'none').attr('visibility', focused ? 'visible' : 'hidden');
      at = { i: Math.min(at.i, rows - 1), j: Math.min(at.j, cols - 1) };
    },
    /** New numbers: the line read out follows them. */
    refresh() {
      if (shown) show(at.i, at.j);
    },
  };
}

/**
 * A small colour bar with its end values (and 0 for a diverging scale). update(color) writes the stops' colours and the
 * end values of a new scale, only where they changed: the bar of a matrix redrawn in place stays the same element.
 */
function legend(palette) {
  const w = 132;
  const pad = 20; // half the width of a tick label such as −28.1
  const svg = create('svg').attr('class', 'legend').attr('width', w + 2 * pad).attr('height', 28).attr('aria-hidden', 'true');
  const grad = uniqueId('legend');
  const stops = svg.append('defs').append('linearGradient').attr('id', grad)
    .selectAll('stop').data([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]).join('stop')
    .attr('offset', (t) => `${t * 100}%`);
  svg.append('rect').attr('x', pad).attr('y', 2).attr('width', w).attr('height', 9).attr('rx', 2).attr('fill', `url(#${grad})`);
  const ticks = svg.append('g').selectAll('text').data(palette === 'sequential' ? ['lo', 'hi'] : ['lo', 'zero', 'hi']).join('text')
    .attr('y', 24).attr('text-anchor', 'middle');
  return {
    node: svg.node(),
    update(color) {
      const domain = color.domain();
      const [lo, hi] = [domain[0], domain[domain.length - 1]];
      const at = { lo, zero: 0, hi };
      stops.call(attr, 'stop-color', (t) => color(lo + t * (hi - lo)));
      ticks.call(attr, 'x', (k) => pad + ((at[k] - lo) / (hi - lo || 1)) * w)
        .call(text, (k) => short(at[k])); // tiny ends print as 5×10⁻⁸, not 0.00
    },
  };
}
