// A histogram drawn from bin edges and counts (the engine counts its dot products into bins; how many bins, and
// over which range, is the page's display choice). It maps numbers to pixels only.
import { max } from 'd3-array';
import { scaleLinear, scaleLog } from 'd3-scale';
import { create, select } from 'd3-selection';
import { attr, text } from './writes.js';
import { setAttr } from '../dom.js';
import { drawAxis } from './axis.js';

const MARGIN = { top: 10, right: 14, bottom: 40, left: 46 };

/** Powers of ten inside [lo, hi], thinned to at most `most` ticks, for a log axis that may span hundreds of decades. */
function decadeTicks(lo, hi, most) {
  const first = Math.ceil(Math.log10(lo) - 1e-9);
  const last = Math.floor(Math.log10(hi) + 1e-9);
  const stride = Math.max(1, Math.ceil((last - first + 1) / most));
  const ticks = [];
  for (let e = last; e >= first; e -= stride) ticks.unshift(10 ** e);
  return ticks;
}
const decade = (v) => {
  const e = Math.round(Math.log10(v));
  return e === 0 ? '1' : e === 1 ? '10' : `1e${e}`.replace('-', '\u2212');
};

// The frame (size, layers, labels: what the SVG's skeleton depends on) each drawn SVG was built with.
const FRAMES = new WeakMap();

/**
 * draw(width, previous) for chartBox (previous: the SVG it drew last, updated in place when its frame is the same, so
 * a new sample moves the bars and ticks instead of building the chart again). spec: { id, ariaLabel, edges (bins + 1),
 * counts (bins), color, yMax?, marker?: { value, label }, xLabel, yLabel? ('pairs'), height?, xScale?: 'linear' | 'log'
 * (edges > 0) } — or, for several histograms over the same edges drawn on top of each other, series: [{ id, label,
 * counts, color }] in place of counts and color.
 */
export function histogram(spec) {
  const series = spec.series ?? [{ id: 'counts', label: 'count', counts: spec.counts, color: spec.color }];
  const binsOf = (counts) => Array.from(counts, (count, i) => ({ x0: spec.edges[i], x1: spec.edges[i + 1], count }));
  const layers = series.map((s) => ({ ...s, bins: binsOf(s.counts) }));
  const domain = [spec.edges[0], spec.edges[spec.edges.length - 1]];
  const log = spec.xScale === 'log';
  const marked = Boolean(spec.marker && Number.isFinite(spec.marker.value));
  const draw = (width, previous = null) => {
    const height = spec.height ?? 220;
    const innerW = Math.max(100, width - MARGIN.left - MARGIN.right);
    const innerH = height - MARGIN.top - MARGIN.bottom;
    const x = (log ? scaleLog() : scaleLinear()).domain(domain).range([0, innerW]);
    const top = max(layers, (l) => max(l.bins, (b) => b.count));
    const y = scaleLinear().domain([0, spec.yMax ?? top ?? 1]).range([innerH, 0]).nice();

    const frame = JSON.stringify([width, height, spec.id, log, marked, spec.xLabel, spec.yLabel, layers.map((l) => [l.id, l.color, l.bins.length])]);
    const svg = previous && FRAMES.get(previous) === frame ? select(previous) : skeleton(innerW, innerH, height);
    FRAMES.set(svg.node(), frame);
    setAttr(svg.node(), 'aria-label', spec.ariaLabel);
    // Redrawn in place, a chart writes only what changed: a new sample moves some bars, and most ticks stay.
    drawAxis(svg.select('g.grid').node(), { orient: 'left', scale: y, ticks: [4], inner: -innerW, format: () => '' });
    svg.selectAll('g.bins').data(layers).each(function bars(layer) {
      setAttr(this, 'data-count', layer.bins.length);
      select(this).selectAll('rect').data(layer.bins).join('rect')
        .call(attr, 'data-count', (b) => b.count)
        .call(attr, 'x', (b) => x(b.x0) + 0.5)
        .call(attr, 'width', (b) => Math.max(1, x(b.x1) - x(b.x0) - 1))
        .call(attr, 'y', (b) => y(b.count))
        .call(attr, 'height', (b) => y(0) - y(b.count));
    });
    if (marked) {
      const mx = x(spec.marker.value);
      const right = mx > innerW * 0.7;
      svg.select('.hist-marker line').call(attr, 'x1', mx).call(attr, 'x2', mx);
      svg.select('.hist-marker text').call(attr, 'x', mx + (right ? -4 : 4)).call(attr, 'text-anchor', right ? 'end' : 'start').call(text, spec.marker.label);
    }
    const xTicks = log ? decadeTicks(domain[0], domain[1], Math.max(2, Math.floor(innerW / 60))) : Math.max(2, Math.floor(innerW / 70));
    drawAxis(svg.select('g.axis-x').node(),
      log ? { orient: 'bottom', scale: x, values: xTicks, format: decade } : { orient: 'bottom', scale: x, ticks: [xTicks] });
    drawAxis(svg.select('g.axis-y').node(), { orient: 'left', scale: y, ticks: [4] });
    return svg.node();
  };

  /** The parts of the chart that stay while its frame does; draw fills in the data. */
  function skeleton(innerW, innerH, height) {
    const svg = create('svg')
      .attr('class', 'histogram')
      .attr('width', innerW + MARGIN.left + MARGIN.right)
      .attr('height', height)
      .attr('role', 'img');
    const g = svg.append('g').attr('transform', `translate(${MARGIN.left},${MARGIN.top})`);
    g.append('g').attr('class', 'grid');
    for (const layer of layers) {
      // The paint is the same for every bin of a layer: set once on its group, which the bins inherit.
      g.append('g').attr('class', 'bins').attr('data-series', layer.id)
        .attr('fill', layer.color)
        .attr('fill-opacity', layers.length > 1 ? 0.7 : 1)
        .attr('stroke', '#1b1f24')
        .attr('stroke-width', 0.6);
    }
    if (marked) {
      const mark = g.append('g').attr('class', 'hist-marker');
      mark.append('line').attr('y1', 0).attr('y2', innerH);
      mark.append('text').attr('y', 10);
    }
    g.append('g').attr('class', 'axis axis-x').attr('transform', `translate(0,${innerH})`);
    g.append('g').attr('class', 'axis axis-y');
    svg.append('text').attr('class', 'axis-label').attr('x', MARGIN.left + innerW / 2).attr('y', height - 5)
      .attr('text-anchor', 'middle').text(spec.xLabel);
    svg.append('text').attr('class', 'axis-label').attr('transform', `translate(12,${MARGIN.top + innerH / 2}) rotate(-90)`)
      .attr('text-anchor', 'middle').text(spec.yLabel ?? 'pairs');
    return svg;
  }
  // The data behind the bins, for "Show data" and CSV export.
  draw.table = () => ({ columns: ['bin from', 'bin to', ...layers.map((l) => (layers.length > 1 ? l.label : 'count'))],
    rows: layers[0].bins.map((b, i) => [b.x0, b.x1, ...layers.map((l) => l.bins[i].count)]) });
  return draw;
}
