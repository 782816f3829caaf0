// A painted matrix (web/charts/heatmap.js): its cells as a canvas of one pixel per cell, and the SVG drawn over it
// (the gaps between cells and the hatching of masked ones).
import { rgb } from 'd3-color';
import { create } from 'd3-selection';
import { setAttr } from '../dom.js';

/** The hatching of masked and non-finite cells: its background and its lines. */
export const HATCH = { back: '#e9e9ee', line: '#b9b9c4' };

const LEVELS = 257; // colours a painted matrix uses: the scale sampled evenly over its domain (odd: 0 gets its own)

/**
 * Paints the cells on `canvas`, one pixel per cell (the CSS scales it up with `image-rendering: pixelated`): each cell
 * gets the nearest of LEVELS colours of the (linear, clamped) scale, a masked or non-finite cell the hatching's
 * background. One putImageData whatever the size; a 64 × 64 matrix drawn with one fillRect per cell took about 9 ms in
 * Chromium. Few pixels also keep the canvas small: WebKit's compositor (RenderLayerCompositor.cpp) gives a canvas
 * under 5,000 pixels no layer of its own on macOS and iOS, and WebKitGTK, which gives every canvas one, took less time
 * for a new matrix with it than with a full-size canvas (bench/page/trace.mjs measures it). Returns the
 * hatched cells. The SVG cells of an export keep the exact colours.
 */
export function paintCells(canvas, { cells, rows, cols, color }) {
  if (canvas.width !== cols) canvas.width = cols;
  if (canvas.height !== rows) canvas.height = rows;
  const ctx = canvas.getContext('2d');
  if (!ctx) return [];
  const image = ctx.createImageData(cols, rows);
  const pixels = new Uint32Array(image.data.buffer);
  const domain = color.domain();
  const lo = domain[0];
  const span = domain[domain.length - 1] - lo;
  const level = span > 0 ? (v) => Math.max(0, Math.min(LEVELS - 1, Math.round(((v - lo) / span) * (LEVELS - 1)))) : () => 0;
  const colours = new Map(); // level (−1: hatched) → the pixel value of its colour
  const hatched = [];
  for (const d of cells) {
    const masked = d.masked || !Number.isFinite(d.v);
    if (masked) hatched.push(d);
    const k = masked ? -1 : level(d.v);
    let value = colours.get(k);
    if (value === undefined) {
      value = pixelValue(k < 0 ? HATCH.back : color(lo + (span * k) / (LEVELS - 1)));
      colours.set(k, value);
    }
    pixels[d.i * cols + d.j] = value;
  }
  ctx.putImageData(image, 0, 0);
  return hatched;
}

/**
 * What a painted matrix draws over its canvas in SVG, in CSS pixels: the one-pixel gaps between cells, in the page's
 * colour as the SVG cells' gaps show it (written once: the shape never changes), and a diagonal across each hatched
 * cell (hatch(cells) rewrites it).
 */
export function paintMarks({ cell, rows, cols, left, top }) {
  const w = cols * cell.w;
  const h = rows * cell.h;
  const svg = create('svg').attr('class', 'heatmap-marks').attr('aria-hidden', 'true').attr('width', w).attr('height', h)
    .style('left', `${left}px`).style('top', `${top}px`);
  let gaps = '';
  for (let j = 1; j <= cols; j += 1) gaps += `M${j * cell.w - 0.5} 0V${h}`;
  for (let i = 1; i <= rows; i += 1) gaps += `M0 ${i * cell.h - 0.5}H${w}`;
  svg.append('path').attr('class', 'heatmap-gaps').attr('d', gaps);
  const hatches = svg.append('path').attr('class', 'heatmap-hatches').attr('stroke', HATCH.line);
  return {
    node: svg.node(),
    hatch(cells) {
      setAttr(hatches.node(), 'd',
        cells.map((c) => `M${c.j * cell.w} ${c.i * cell.h + cell.h - 1}L${c.j * cell.w + cell.w - 1} ${c.i * cell.h}`).join('') || null);
    },
  };
}

// The byte order of a Uint32Array over RGBA bytes: little-endian machines (all of today's) read them as ABGR.
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** A CSS colour as one pixel of ImageData (opaque), in the machine's byte order. */
function pixelValue(css) {
  const c = rgb(css);
  const [r, g, b] = [c.r, c.g, c.b].map((x) => Math.max(0, Math.min(255, Math.round(x))));
  return LITTLE_ENDIAN ? ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0 : ((r << 24) | (g << 16) | (b << 8) | 255) >>> 0;
}
