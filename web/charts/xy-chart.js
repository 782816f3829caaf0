// A line-and-points chart with linear or logarithmic axes: takes arrays of x and y per series and draws them.
// It maps numbers to pixels and nothing else. On a log axis, points that are not positive cannot be placed;
// they are left out and counted in the chart's data-hidden attribute.
import { format as d3format } from 'd3-format';
import { scaleLinear, scaleLog } from 'd3-scale';
import { create } from 'd3-selection';
import { symbol, symbolCircle, symbolSquare, symbolTriangle, symbolDiamond } from 'd3-shape';
import { legendList } from './chart-box.js';
import { setAttr, setText } from '../dom.js';
import { drawAxis } from './axis.js';
import { themed } from './palette.js';
import { marker, polyline, toPixels } from './paths.js';

const SYMBOLS = { circle: symbolCircle, square: symbolSquare, triangle: symbolTriangle, diamond: symbolDiamond };
const MARGIN = { top: 12, right: 16, bottom: 44, left: 62 };

/** The SVG path of a marker, for the chart and its legend. */
export function symbolPath(name, size = 36) {
  return symbol(SYMBOLS[name] ?? symbolCircle, size)();
}

/** The legend entries of `series` (see xyChart). */
export function xyLegend(series) {
  return legendList(series.map((s) => ({
    id: s.id, label: s.label, color: themed(s.color), dash: s.dash, kind: s.kind === 'band' ? 'bar' : s.kind, fill: s.kind === 'band' ? `${s.color}29` : null,
    symbolPath: s.kind === 'points' || s.marker ? symbolPath(s.symbol ?? 'circle', 30) : null,
  })));
}

// The frame (see xyChart's draw) each drawn SVG was built with.
const FRAMES = new WeakMap();

// A band is drawn between y (its lower edge) and y2 (its upper edge); its points carry both.
const pointsOf = (s) => Array.from(s.x, (x, i) => (s.kind === 'band' ? [x, s.y[i], s.y2[i]] : [x, s.y[i]]));

/**
 * The points of series `s` that the chart's axes can place (finite; positive on a log axis), as arrays of x, y and
 * (a band's upper edge) y2, and how many were left out.
 */
function placeablePoints(s, logX, logY) {
  const n = s.x.length;
  const band = s.kind === 'band';
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  const y2s = band ? new Float64Array(n) : ys;
  let m = 0;
  for (let i = 0; i < n; i += 1) {
    const x = s.x[i];
    const y = s.y[i];
    const y2 = band ? s.y2[i] : y;
    if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(y2) || (logX && x <= 0) || (logY && (y <= 0 || y2 <= 0))) continue;
    xs[m] = x;
    ys[m] = y;
    if (band) y2s[m] = y2;
    m += 1;
  }
  return { xs: xs.subarray(0, m), ys: ys.subarray(0, m), y2s: band ? y2s.subarray(0, m) : null, count: m, hidden: n - m };
}

/** The smallest and largest value of the arrays, or [undefined, undefined] when they are all empty. */
function extentOf(arrays) {
  let lo = Infinity;
  let hi = -Infinity;
  for (const a of arrays) {
    for (let i = 0; i < a.length; i += 1) {
      if (a[i] < lo) lo = a[i];
      if (a[i] > hi) hi = a[i];
    }
  }
  return lo <= hi ? [lo, hi] : [undefined, undefined];
}

/**
 * draw(width, previous) for chartBox (previous: the SVG it drew last, updated in place when only the series
 * changed). spec: { id, ariaLabel, xLabel, yLabel, xScale: 'linear'|'log', yScale: 'linear'|'log',
 * height?, xDomain?, yDomain?, yFromZero?, xTicks?, series: [{ id, label, kind: 'points'|'line', x, y, color,
 * dash?, symbol?, size?, marker? (markers on a line) } or { kind: 'band', x, y (lower edge), y2 (upper edge), … }] }
 */
export function xyChart(spec) {
  const draw = (width, previous = null) => {
    const height = spec.height ?? 300;
    const logX = spec.xScale === 'log';
    const logY = spec.yScale === 'log';
    const series = spec.series.map((s) => ({ ...s, ...placeablePoints(s, logX, logY) }));

    let [x0, x1] = spec.xDomain ?? extentOf(series.map((s) => s.xs));
    let [y0, y1] = spec.yDomain ?? extentOf(series.flatMap((s) => (s.y2s ? [s.ys, s.y2s] : [s.ys])));
    if (x0 === undefined) [x0, x1] = logX ? [1, 10] : [0, 1];
    if (y0 === undefined) [y0, y1] = logY ? [1, 10] : [0, 1];
    if (!spec.yDomain && spec.yFromZero && !logY) {
      [y0, y1] = [Math.min(0, y0), Math.max(0, y1)];
      // A hair below zero (Lesson 2's fitted line with 60 vectors, about 5 below zero on a chart of variances up to
      // 500) would make nice() add a whole tick below the axis, −200, for a fraction of a pixel: such a chart starts
      // at zero and the hair is drawn across the axis line.
      if (y0 < 0 && -y0 < 0.02 * (y1 - y0)) y0 = 0;
    }
    if (x0 === x1) [x0, x1] = logX ? [x0 / 2, x1 * 2] : [x0 - 1, x1 + 1];
    if (y0 === y1) [y0, y1] = logY ? [y0 / 2, y1 * 2] : [y0 - Math.max(1, Math.abs(y0) * 0.1), y1 + Math.max(1, Math.abs(y1) * 0.1)];

    const innerW = Math.max(120, width - MARGIN.left - MARGIN.right);
    const innerH = height - MARGIN.top - MARGIN.bottom;
    const x = (logX ? scaleLog() : scaleLinear()).domain([x0, x1]).range([0, innerW]);
    const y = (logY ? scaleLog() : scaleLinear()).domain([y0, y1]).range([innerH, 0]);
    const xTickCount = Math.max(2, Math.floor(innerW / 80));
    const yTickCount = Math.max(2, Math.floor(innerH / 45));
    // The y axis gets round ends that carry a labelled tick; x stays at the data's range (d = 1 … maxDim).
    if (!spec.yDomain) y.nice(yTickCount);

    // The skeleton (size, scales' kinds, labels, the series and their paint) is built once per frame; a change of the
    // data then rewrites only the paths and the axes whose ticks moved. Rebuilding all of it on each change of a seed
    // made Lesson 2's two sweep charts, with their axes and grid, new SVG objects for the browser to style and lay out.
    // The axis labels are not part of it: a label that counts the samples drawn so far is rewritten in place.
    const frame = JSON.stringify([width, height, spec.xScale, spec.yScale,
      spec.id, series.map((s) => [s.id, s.kind, themed(s.color), s.dash, s.width, s.marker, s.symbol, s.size, s.count > 300])]);
    const kept = previous && FRAMES.get(previous) === frame;
    const root = kept ? previous : skeleton(series, innerW, innerH, height, logX, logY).node();
    FRAMES.set(root, frame);
    setAttr(root, 'aria-label', spec.ariaLabel); // its numbers change with the data
    for (const [axis, words] of [['x', spec.xLabel], ['y', spec.yLabel]]) {
      const label = root.querySelector(`text.axis-label[data-axis="${axis}"]`);
      setText(label, words);
    }
    if (spec.xTicks) {
      const values = spec.xTicks.filter((t) => t >= x.domain()[0] && t <= x.domain()[1]);
      drawAxis(root.querySelector('g.axis-x'), { orient: 'bottom', scale: x, values, format: d3format('~g') });
    } else drawAxis(root.querySelector('g.axis-x'), { orient: 'bottom', scale: x, ticks: logX ? [xTickCount, '~g'] : [xTickCount] });
    drawAxis(root.querySelector('g.axis-y'), { orient: 'left', scale: y, ticks: logY ? [Math.max(2, Math.floor(innerH / 40)), '~g'] : [yTickCount] });
    // Grid lines: at the labelled ticks of a linear axis, at the powers of ten of a log axis.
    drawAxis(root.querySelector('g.grid'), { orient: 'left', scale: y, inner: -innerW, format: () => '',
      ...(logY ? { values: y.ticks().filter((v) => Math.abs(Math.log10(v) - Math.round(Math.log10(v))) < 1e-9) } : { ticks: [yTickCount] }) });

    // The path data of each part a series has (an empty series draws an empty path; a part it lacks is undefined).
    const paths = (s) => {
      const px = toPixels(x, s.xs, logX);
      const py = toPixels(y, s.ys, logY);
      const d = {};
      if (s.kind === 'band') {
        // Along the upper edge, then back along the lower one.
        const upper = polyline(px, toPixels(y, s.y2s, logY));
        d.band = s.count ? `${upper}${polyline(px, py, s.count - 1, -1, -1).replace('M', 'L')}Z` : '';
      }
      if (s.kind === 'line') d.line = polyline(px, py);
      if (s.kind === 'points' || s.marker) {
        const mark = marker(s.symbol ?? 'circle', s.size ?? (s.count > 300 ? 9 : 26));
        let marks = '';
        for (let i = 0; i < s.count; i += 1) marks += mark(px[i], py[i]);
        d.marks = marks;
      }
      return d;
    };
    const groups = root.querySelectorAll('g.series > g');
    series.forEach((s, i) => {
      const sg = groups[i];
      setAttr(sg, 'data-count', s.count);
      setAttr(sg, 'data-hidden', s.hidden);
      const d = paths(s);
      for (const part of ['band', 'line', 'marks']) if (d[part] !== undefined) setAttr(sg.querySelector(`path[data-part="${part}"]`), 'd', d[part]);
    });
    return root;
  };

  /** The parts of the chart that stay while its frame does (see draw): axes' groups, labels, the series' paths. */
  function skeleton(series, innerW, innerH, height, logX, logY) {
    const svg = create('svg')
      .attr('class', 'xy-chart')
      .attr('width', innerW + MARGIN.left + MARGIN.right)
      .attr('height', height)
      .attr('role', 'img')
      .attr('data-chart-id', spec.id)
      .attr('data-x-scale', logX ? 'log' : 'linear')
      .attr('data-y-scale', logY ? 'log' : 'linear');
    const g = svg.append('g').attr('transform', `translate(${MARGIN.left},${MARGIN.top})`);
    g.append('g').attr('class', 'grid');
    g.append('g').attr('class', 'axis axis-x').attr('transform', `translate(0,${innerH})`);
    g.append('g').attr('class', 'axis axis-y');
    svg.append('text').attr('class', 'axis-label').attr('data-axis', 'x').attr('x', MARGIN.left + innerW / 2).attr('y', height - 6)
      .attr('text-anchor', 'middle');
    svg.append('text').attr('class', 'axis-label').attr('data-axis', 'y').attr('transform', `translate(14,${MARGIN.top + innerH / 2}) rotate(-90)`)
      .attr('text-anchor', 'middle');

    const plot = g.append('g').attr('class', 'series');
    for (const s of series) {
      const sg = plot.append('g').attr('data-series', s.id);
      if (s.kind === 'band') {
        sg.append('path').attr('class', 'band').attr('data-part', 'band').attr('fill', themed(s.color)).attr('fill-opacity', 0.16)
          .attr('stroke', 'none');
      }
      if (s.kind === 'line') {
        sg.append('path').attr('data-part', 'line').attr('fill', 'none').attr('stroke', themed(s.color)).attr('stroke-width', s.width ?? 2.2)
          .attr('stroke-dasharray', s.dash ?? null);
      }
      if (s.kind === 'points' || s.marker) {
        // Every marker of a series in one path: a few thousand points stay one element to make, lay out and paint.
        sg.append('path').attr('class', 'marks').attr('data-part', 'marks').attr('fill', themed(s.color))
          .attr('fill-opacity', s.count > 300 ? 0.75 : 1);
      }
    }
    return svg;
  }
  // The data behind every series, one row per point, for "Show data" and CSV export (a band gives both edges).
  draw.table = () => ({
    columns: ['series', spec.xLabel, spec.yLabel, 'upper edge (bands)'],
    rows: spec.series.flatMap((s) => pointsOf(s).map((p) => [s.label, p[0], p[1], p.length > 2 ? p[2] : ''])),
  });
  return draw;
}
