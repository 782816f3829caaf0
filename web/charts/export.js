// Turns a chart on screen into files: a standalone SVG (the page's CSS copied onto each element as presentation
// attributes), a PNG painted on a canvas from the same elements, and its data as CSV. Everything is drawn from the
// live SVG's geometry and computed colours, so the files show what the reader sees, in the theme they see it.
// It never loads an image from a blob: or data: URL, which the page's Content-Security-Policy (img-src 'self') forbids.

import { exact } from '../format.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const PROPS = ['fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-dasharray', 'opacity',
  'font-size', 'font-family', 'font-weight', 'font-style', 'text-anchor', 'dominant-baseline', 'visibility'];
const TITLE_H = 26; // a line above the chart that names it

const isShown = (style) => style.display !== 'none' && style.visibility !== 'hidden';
const skip = (node) => node.classList && node.classList.contains('export-skip');

function backgroundOf(node) {
  for (let n = node; n && n.nodeType === 1; n = n.parentElement ?? n.getRootNode().host) {
    const bg = getComputedStyle(n).backgroundColor;
    if (bg && bg !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(bg)) return bg;
  }
  return '#ffffff';
}

function inkOf(node) {
  return getComputedStyle(node).color || '#000000';
}

function size(svg) {
  const box = svg.getBoundingClientRect();
  const w = Number(svg.getAttribute('width')) || Math.ceil(box.width);
  const h = Number(svg.getAttribute('height')) || Math.ceil(box.height);
  return { w: Math.ceil(w), h: Math.ceil(h) };
}

/** A standalone SVG document of `svg` with `title` above it. */
export function svgDocument(svg, title) {
  const { w, h } = size(svg);
  const clone = svg.cloneNode(true);
  // Copy the computed look of every element onto its clone (the file has no stylesheet).
  const live = [svg, ...svg.querySelectorAll('*')];
  const copies = [clone, ...clone.querySelectorAll('*')];
  live.forEach((node, i) => {
    const copy = copies[i];
    if (skip(node)) {
      copy.remove();
      return;
    }
    if (copy.removeAttribute) copy.removeAttribute('tabindex');
    if (node.namespaceURI !== SVG_NS || node.tagName === 'title') return;
    const style = getComputedStyle(node);
    for (const prop of PROPS) {
      const value = style.getPropertyValue(prop);
      if (value && !(prop === 'visibility' && value === 'visible')) copy.setAttribute(prop, value);
    }
    if (!isShown(style)) copy.setAttribute('display', 'none');
  });
  const out = document.createElementNS(SVG_NS, 'svg');
  out.setAttribute('xmlns', SVG_NS);
  out.setAttribute('width', String(w));
  out.setAttribute('height', String(h + TITLE_H));
  out.setAttribute('viewBox', `0 0 ${w} ${h + TITLE_H}`);
  const bg = document.createElementNS(SVG_NS, 'rect');
  bg.setAttribute('width', '100%');
  bg.setAttribute('height', '100%');
  bg.setAttribute('fill', backgroundOf(svg));
  const heading = document.createElementNS(SVG_NS, 'text');
  heading.setAttribute('x', '4');
  heading.setAttribute('y', '17');
  heading.setAttribute('font-family', getComputedStyle(svg).fontFamily);
  heading.setAttribute('font-size', '13');
  heading.setAttribute('font-weight', '600');
  heading.setAttribute('fill', inkOf(svg));
  heading.textContent = title;
  clone.setAttribute('x', '0');
  clone.setAttribute('y', String(TITLE_H));
  clone.setAttribute('width', String(w));
  clone.setAttribute('height', String(h));
  clone.removeAttribute('class');
  const name = document.createElementNS(SVG_NS, 'title');
  name.textContent = title;
  out.append(name, bg, heading, clone);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(out)}\n`;
}

/* ---- PNG: paint the live SVG's elements on a canvas ---- */

function paintOf(value, node) {
  if (!value || value === 'none') return null;
  const ref = /url\(["']?#([^"')]+)["']?\)/.exec(value);
  if (!ref) return value;
  // A pattern or gradient: use its first stop or shape colour (hatched cells become their base colour).
  const target = node.ownerSVGElement && node.ownerSVGElement.querySelector(`#${CSS.escape(ref[1])}`);
  const first = target && target.querySelector('[fill]:not([fill="none"]), stop');
  if (!first) return '#cccccc';
  return first.tagName === 'stop' ? first.getAttribute('stop-color') : first.getAttribute('fill');
}

const length = (list) => (list && list.numberOfItems ? list.getItem(0).value : 0);

function paintText(ctx, node, style) {
  const fontSize = parseFloat(style.fontSize) || 11;
  ctx.font = `${style.fontStyle} ${style.fontWeight} ${fontSize}px ${style.fontFamily}`;
  ctx.textAlign = { middle: 'center', end: 'right' }[style.textAnchor] ?? 'left';
  ctx.textBaseline = style.dominantBaseline === 'central' || style.dominantBaseline === 'middle' ? 'middle' : 'alphabetic';
  const em = (attr) => {
    const raw = node.getAttribute(attr);
    if (!raw) return 0;
    return raw.endsWith('em') ? parseFloat(raw) * fontSize : parseFloat(raw) || 0;
  };
  const x = length(node.x && node.x.baseVal) + em('dx');
  const y = length(node.y && node.y.baseVal) + em('dy');
  const fill = paintOf(style.fill, node);
  if (fill) {
    ctx.fillStyle = fill;
    ctx.fillText(node.textContent, x, y);
  }
}

function paintShape(ctx, node, style) {
  let path;
  const tag = node.tagName;
  if (tag === 'path') path = new Path2D(node.getAttribute('d') || '');
  else if (tag === 'rect') {
    path = new Path2D();
    const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((a) => node[a].baseVal.value);
    const r = node.rx.baseVal.value;
    if (r > 0 && path.roundRect) path.roundRect(x, y, w, h, r);
    else path.rect(x, y, w, h);
  } else if (tag === 'line') {
    path = new Path2D();
    path.moveTo(node.x1.baseVal.value, node.y1.baseVal.value);
    path.lineTo(node.x2.baseVal.value, node.y2.baseVal.value);
  } else if (tag === 'circle') {
    path = new Path2D();
    path.arc(node.cx.baseVal.value, node.cy.baseVal.value, node.r.baseVal.value, 0, 2 * Math.PI);
  } else return;
  const fill = tag === 'line' ? null : paintOf(style.fill, node);
  if (fill) {
    ctx.globalAlpha *= Number(style.fillOpacity);
    ctx.fillStyle = fill;
    ctx.fill(path);
    ctx.globalAlpha /= Number(style.fillOpacity) || 1;
  }
  const stroke = paintOf(style.stroke, node);
  const width = parseFloat(style.strokeWidth);
  if (stroke && width > 0) {
    ctx.globalAlpha *= Number(style.strokeOpacity);
    ctx.strokeStyle = stroke;
    ctx.lineWidth = width;
    const dash = style.strokeDasharray && style.strokeDasharray !== 'none' ? style.strokeDasharray.split(/[ ,]+/).map(parseFloat) : [];
    ctx.setLineDash(dash);
    ctx.stroke(path);
    ctx.setLineDash([]);
  }
}

function paintTree(ctx, node, base, alpha) {
  if (skip(node) || ['defs', 'title', 'desc', 'marker', 'pattern', 'linearGradient', 'clipPath'].includes(node.tagName)) return;
  const style = getComputedStyle(node);
  if (style.display === 'none') return;
  const a = alpha * Number(style.opacity || 1);
  if (node.tagName === 'g' || node.tagName === 'svg') {
    for (const child of node.children) paintTree(ctx, child, base, a);
    return;
  }
  if (style.visibility === 'hidden') return;
  const m = node.getCTM();
  if (!m) return;
  ctx.save();
  ctx.setTransform(base.multiply(new DOMMatrix([m.a, m.b, m.c, m.d, m.e, m.f])));
  ctx.globalAlpha = a;
  if (node.tagName === 'text') paintText(ctx, node, style);
  else paintShape(ctx, node, style);
  ctx.restore();
}

/** Resolves to a PNG Blob of `svg` at `scale` × its size, with `title` above it. */
export function pngBlob(svg, title, scale = 2) {
  const { w, h } = size(svg);
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(w * scale);
  canvas.height = Math.ceil((h + TITLE_H) * scale);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = backgroundOf(svg);
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const svgStyle = getComputedStyle(svg);
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.fillStyle = inkOf(svg);
  ctx.font = `600 13px ${svgStyle.fontFamily}`;
  ctx.textBaseline = 'alphabetic';
  ctx.fillText(title, 4, 17);
  // getCTM() maps an element to the SVG's own user space; the base matrix adds the scale and the title line.
  const base = new DOMMatrix([scale, 0, 0, scale, 0, TITLE_H * scale]);
  paintTree(ctx, svg, base, 1);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG export failed'))), 'image/png'));
}

/* ---- CSV and downloads ---- */

const cell = (v) => {
  const s = exact(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** { columns, rows } as CSV text (numbers at full precision, as the engine returned them). */
export function csvText({ columns, rows }) {
  return `${[columns, ...rows].map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** Saves `blob` as `name` through a temporary link (works from file:// and inside a shadow root). */
export function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}
