// A line-and-points chart with linear or logarithmic axes: takes arrays of x and y per series and draws them.
// It maps numbers to pixels and nothing else. On a log axis, points that are not positive cannot be placed;
// they are left out and counted in the chart's data-hidden attribute.
import { extent } from 'd3-array';
import { format as d3format } from 'd3-format';
import { scaleLinear, scaleLog } from 'd3-scale';
import { create } from 'd3-selection';
import { symbol, symbolCircle, symbolSquare, symbolTriangle, symbolDiamond } from 'd3-shape';
import { legendList } from './chart-box.js';
import { setAttr } from './writes.js';
import { drawAxis } from './axis.js';
import { themed } from './palette.js';

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

const r1 = (v) => Math.round(v * 10) / 10;

/** The outline of one marker of area `size` (as d3's symbols) centred on (cx, cy), as path commands. */
function marker(name, size) {
  if (name === 'square') {
    const a = Math.sqrt(size);
    return (cx, cy) => `M${r1(cx - a / 2)},${r1(cy - a / 2)}h${r1(a)}v${r1(a)}h${r1(-a)}z`;
  }
  if (name === 'triangle') {
    const a = Math.sqrt((4 * size) / Math.sqrt(3));
    const h = (a * Math.sqrt(3)) / 2;
    return (cx, cy) => `M${r1(cx)},${r1(cy - (2 * h) / 3)}l${r1(a / 2)},${r1(h)}h${r1(-a)}z`;
  }
  if (name === 'diamond') {
    const dy = Math.sqrt(size / (2 * Math.tan(Math.PI / 6)));
    const dx = dy * Math.tan(Math.PI / 6);
    return (cx, cy) => `M${r1(cx)},${r1(cy - dy)}l${r1(dx)},${r1(dy)}l${r1(-dx)},${r1(dy)}l${r1(-dx)},${r1(-dy)}z`;
  }
  const r = Math.sqrt(size / Math.PI);
  return (cx, cy) => `M${r1(cx + r)},${r1(cy)}a${r1(r)},${r1(r)} 0 1,1 ${r1(-2 * r)},0a${r1(r)},${r1(r)} 0 1,1 ${r1(2 * r)},0z`;
}

/**
 * Path data through `pts` (rounded to 0.1 px), as d3-shape's line() and area() give: a line from the first point on,
 * a band along its upper edge and back along its lower one. Built here because d3-path's per-point formatting cost
 * Lesson 2's two sweep charts (512 points each, with a band and two lines) about 4 ms a change.
 */
function polyline(pts, fx, fy) {
  let d = '';
  for (let i = 0; i < pts.length; i += 1) d += `${i ? 'L' : 'M'}${r1(fx(pts[i]))},${r1(fy(pts[i]))}`;
  return d;
}
function bandPath(pts, fx, fy0, fy1) {
  if (!pts.length) return '';
  return `${polyline(pts, fx, fy1)}${polyline(pts.slice().reverse(), fx, fy0).replace('M', 'L')}Z`;
}

// A band is drawn between y (its lower edge) and y2 (its upper edge); its points carry both.
const pointsOf = (s) => Array.from(s.x, (x, i) => (s.kind === 'band' ? [x, s.y[i], s.y2[i]] : [x, s.y[i]]));

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
    const placeable = ([x, y, y2 = y]) => Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(y2) && (!logX || x > 0) && (!logY || y > 0);
    const series = spec.series.map((s) => {
      const all = pointsOf(s);
      const pts = all.filter(placeable);
      return { ...s, pts, hidden: all.length - pts.length };
    });
    const allPts = series.flatMap((s) => s.pts);

    let [x0, x1] = spec.xDomain ?? extent(allPts, (p) => p[0]);
    let [y0, y1] = spec.yDomain ?? extent(allPts.flatMap((p) => p.slice(1)));
    if (x0 === undefined) [x0, x1] = logX ? [1, 10] : [0, 1];
    if (y0 === undefined) [y0, y1] = logY ? [1, 10] : [0, 1];
    if (!spec.yDomain && spec.yFromZero && !logY) [y0, y1] = [Math.min(0, y0), Math.max(0, y1)];
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
      spec.id, series.map((s) => [s.id, s.kind, themed(s.color), s.dash, s.width, s.marker, s.symbol, s.size, s.pts.length > 300])]);
    const kept = previous && FRAMES.get(previous) === frame;
    const root = kept ? previous : skeleton(series, innerW, innerH, height, logX, logY).node();
    FRAMES.set(root, frame);
    setAttr(root, 'aria-label', spec.ariaLabel); // its numbers change with the data
    for (const [axis, words] of [['x', spec.xLabel], ['y', spec.yLabel]]) {
      const label = root.querySelector(`text.axis-label[data-axis="${axis}"]`);
      if (label.textContent !== words) label.textContent = words;
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
    const marks = (s) => {
      const mark = marker(s.symbol ?? 'circle', s.size ?? (s.pts.length > 300 ? 9 : 26));
      return s.pts.map((p) => mark(x(p[0]), y(p[1]))).join('');
    };
    const paths = (s) => ({
      band: s.kind === 'band' ? bandPath(s.pts, (p) => x(p[0]), (p) => y(p[1]), (p) => y(p[2])) : undefined,
      line: s.kind === 'line' ? polyline(s.pts, (p) => x(p[0]), (p) => y(p[1])) : undefined,
      marks: s.kind === 'points' || s.marker ? marks(s) : undefined,
    });
    const groups = root.querySelectorAll('g.series > g');
    series.forEach((s, i) => {
      const sg = groups[i];
      setAttr(sg, 'data-count', s.pts.length);
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
          .attr('fill-opacity', s.pts.length > 300 ? 0.75 : 1);
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
