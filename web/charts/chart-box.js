// A <figure> whose chart is drawn at the width its box has on screen, and drawn again when that width
// changes (a phone turned sideways, a window resized), so text in charts keeps its size instead of being
// shrunk with a viewBox. It knows nothing about what the chart shows.
import { el, clear, patch, mergeable } from '../dom.js';
import { svgDocument, pngBlob, csvText, download } from './export.js';
import { sectionOf, settingsSlug } from '../section-context.js';
import { whenSeen } from '../offscreen.js';
import { exact } from '../format.js';

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
  let shownWords = null; // the title, note and legend on screen
  // Export and "show data": the chart's own table comes with its draw function (draw.table()).
  const seen = whenSeen(box); // drawn now when in sight, else later (web/offscreen.js)
  node.append(chartTools(node, { id, svg: () => { seen.flush(); return box.querySelector('svg'); }, table: () => (draw && draw.table ? draw.table() : null),
    title: () => caption.textContent }));

  // The box's width as the ResizeObserver last reported it. A redraw uses it instead of reading clientWidth, which
  // after the section's other DOM changes would force a layout of the page in the middle of the update (the observer
  // redraws the chart when the width changes). clientWidth is read once, for the first drawing, and never again:
  // - once the observer has reported, its width stands even when it is 0 (a closed section, a hidden part);
  // - a box inside a closed <details> ("Go deeper") is never reported by Chromium's observer until it opens, yet
  //   reading its clientWidth laid out that hidden content on every redraw (4 such charts cost Lesson 2's seed about
  //   20 ms a change). When it opens, the observer reports and the chart is drawn at its real width.
  let observed = 0;
  let reported = false;
  const render = (force) => {
    if (!draw) return;
    if (!reported) {
      observed = box.clientWidth;
      reported = true;
    }
    const width = Math.floor(Math.min(maxWidth, observed > 0 ? observed : FALLBACK_WIDTH));
    if (!force && width === drawnWidth) return;
    drawnWidth = width;
    const previous = box.firstElementChild;
    const next = draw(width, previous); // a chart may update `previous` in place and return it
    if (next !== previous) box.replaceChildren(next);
  };
  // The redraw for a new width waits for the next frame: drawn inside the observer's callback, a chart whose height
  // changes with its width resized an observed box again in the same frame, and WebKit reported each such case as a
  // "ResizeObserver loop completed with undelivered notifications" error.
  let pending = 0;
  if (typeof ResizeObserver === 'function') {
    new ResizeObserver((entries) => {
      observed = entries[entries.length - 1].contentRect.width; // the box has no padding: its clientWidth, unrounded
      reported = true;
      if (pending || !draw) return;
      pending = requestAnimationFrame(() => {
        pending = 0;
        render(false);
      });
    }).observe(box);
  }

  return {
    node,
    /** Replaces the caption, legend and note, and draws now (at the fallback width until laid out). */
    set({ title, note = null, legend = null, draw: nextDraw }) {
      // Caption, legend and note are replaced only when they change: a chart redrawn four times a second during a
      // training run keeps them, and the page lays out nothing new around it.
      const words = JSON.stringify([title, note, legend].map((v) => (v instanceof Node ? v.outerHTML : v)));
      if (words !== shownWords) {
        shownWords = words;
        // Merged into what is shown (web/dom.js patch): a title whose number changed rewrites that number alone.
        patch(caption, [mergeable(el('span', { className: 'chart-title' }, title))]);
        patch(after, [legend && !legend.isConnected ? mergeable(legend) : legend, note ? mergeable(el('p', { className: 'chart-note' }, note)) : null]);
      }
      draw = nextDraw;
      seen.draw(() => render(true));
    },
  };
}

/**
 * The bar under every chart: PNG, SVG and CSV downloads, and a "Show data" table built when it is opened.
 * `svg()` gives the drawn SVG, `table()` the chart's data as { columns, rows }, `title()` its caption text.
 * File names say what they hold: lesson, chart and the settings that differ from the defaults.
 */
export function chartTools(figure, { id, svg, table, title }) {
  const name = (ext) => `${settingsSlug(sectionOf(figure), id)}.${ext}`;
  const what = () => title().trim() || id;
  const button = (label, ext, save) => {
    const b = el('button', { type: 'button', className: 'chart-tool', textContent: label, dataset: { export: ext },
      attrs: { 'aria-label': `Download ${ext === 'csv' ? 'the data of ' : ''}this chart as ${label}` } });
    b.addEventListener('click', async () => {
      const node = svg();
      if (!node && ext !== 'csv') return;
      try {
        await save(node);
      } catch (error) {
        b.dataset.error = error instanceof Error ? error.message : String(error);
      }
    });
    return b;
  };
  const png = button('PNG', 'png', async (node) => download(await pngBlob(node, what()), name('png')));
  const svgButton = button('SVG', 'svg', (node) => download(new Blob([svgDocument(node, what())], { type: 'image/svg+xml' }), name('svg')));
  const csv = button('CSV', 'csv', () => {
    const data = table();
    if (data) download(new Blob([csvText(data)], { type: 'text/csv' }), name('csv'));
  });
  const body = el('div', { className: 'chart-data-body' });
  const details = el('details', { className: 'chart-data' }, el('summary', {}, 'Show data'), body);
  details.addEventListener('toggle', () => {
    clear(body);
    if (details.open) body.append(dataTable(table(), what()));
  });
  return el('div', { className: 'chart-tools export-skip' },
    el('div', { className: 'chart-tool-row', attrs: { role: 'group', 'aria-label': 'Export' } },
      el('span', { className: 'chart-tool-label' }, 'Export'), png, svgButton, csv),
    details);
}

/** The data of a chart as an HTML table (first column as row headers), every digit of each number (web/format.js exact). */
function dataTable(data, caption) {
  if (!data) return el('p', {}, 'This chart has no data table.');
  return el('div', { className: 'table-scroll' }, el('table', { className: 'examples data-table' },
    el('caption', {}, caption),
    el('thead', {}, el('tr', {}, data.columns.map((c) => el('th', { attrs: { scope: 'col' } }, c)))),
    el('tbody', {}, data.rows.map((r) => el('tr', {}, r.map((v, i) => (i === 0
      ? el('th', { attrs: { scope: 'row' } }, exact(v))
      : el('td', { className: 'num' }, exact(v)))))))));
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
