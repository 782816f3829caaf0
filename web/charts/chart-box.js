// A <figure> whose chart is drawn at the width its box has on screen, and drawn again when that width
// changes (a phone turned sideways, a window resized), so text in charts keeps its size instead of being
// shrunk with a viewBox. It knows nothing about what the chart shows.
import { el, clear, append } from '../dom.js';

const FALLBACK_WIDTH = 520; // a box that is not laid out yet (hidden, detached)
const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * One figure, created once by a section and filled again on every change with set({ title, note, legend,
 * draw }), where draw(width) returns an SVG node. figure.dataset.chart is the id tests look for.
 */
export function chartBox({ id, kind, maxWidth = 640 }) {
  const caption = el('figcaption', {});
  const box = el('div', { className: 'chart-box' });
  const after = el('div', { className: 'chart-after' });
  const node = el('figure', { className: `chart chart-${kind}`, dataset: { chart: id } }, caption, box, after);
  let draw = null;
  let drawnWidth = 0;

  const render = (force) => {
    if (!draw) return;
    const measured = box.clientWidth;
    const width = Math.floor(Math.min(maxWidth, measured > 0 ? measured : FALLBACK_WIDTH));
    if (!force && width === drawnWidth) return;
    drawnWidth = width;
    clear(box);
    box.append(draw(width));
  };
  if (typeof ResizeObserver === 'function') new ResizeObserver(() => render(false)).observe(box);

  return {
    node,
    /** Replaces the caption, legend and note, and draws now (at the fallback width until laid out). */
    set({ title, note = null, legend = null, draw: nextDraw }) {
      clear(caption);
      append(caption, [el('span', { className: 'chart-title' }, title)]);
      clear(after);
      append(after, [legend, note ? el('p', { className: 'chart-note' }, note) : null]);
      draw = nextDraw;
      render(true);
    },
  };
}

/** A legend as an HTML list: each entry a small SVG key (line, dash, marker or box) and its visible text. */
export function legendList(items) {
  return el('ul', { className: 'chart-legend' }, items.map((item) => el('li', { dataset: { series: item.id } },
    keySwatch(item), el('span', {}, item.label))));
}

function svgEl(tag, attrs) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) node.setAttribute(k, String(v));
  return node;
}

function keySwatch({ color, dash = null, symbolPath = null, kind = 'line', fill = null }) {
  const svg = svgEl('svg', { width: 26, height: 12, 'aria-hidden': 'true', class: 'chart-key' });
  if (kind === 'bar') {
    svg.append(svgEl('rect', { x: 3, y: 1, width: 20, height: 10, rx: 2, fill: fill ?? color, stroke: color }));
    return svg;
  }
  if (kind !== 'points') svg.append(svgEl('line', { x1: 1, y1: 6, x2: 25, y2: 6, stroke: color, 'stroke-width': 2.5, 'stroke-dasharray': dash }));
  if (symbolPath) svg.append(svgEl('path', { d: symbolPath, transform: 'translate(13,6)', fill: color }));
  return svg;
}
