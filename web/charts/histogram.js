// A histogram drawn from bin edges and counts (the engine counts its dot products into bins; how many bins, and
// over which range, is the page's display choice). It maps numbers to pixels only.
import { create, scaleLinear, axisBottom, axisLeft, max } from 'd3';

const MARGIN = { top: 10, right: 14, bottom: 40, left: 46 };

/**
 * draw(width) for chartBox. spec: { id, ariaLabel, edges (bins + 1), counts (bins), yMax?, marker?: { value, label },
 * color, xLabel, height? }
 */
export function histogram(spec) {
  const bins = Array.from(spec.counts, (count, i) => ({ x0: spec.edges[i], x1: spec.edges[i + 1], count }));
  spec = { ...spec, bins, domain: [spec.edges[0], spec.edges[spec.edges.length - 1]] };
  const draw = (width) => {
    const height = spec.height ?? 220;
    const innerW = Math.max(100, width - MARGIN.left - MARGIN.right);
    const innerH = height - MARGIN.top - MARGIN.bottom;
    const x = scaleLinear().domain(spec.domain).range([0, innerW]);
    const y = scaleLinear().domain([0, spec.yMax ?? max(spec.bins, (b) => b.count) ?? 1]).range([innerH, 0]).nice();

    const svg = create('svg')
      .attr('class', 'histogram')
      .attr('width', innerW + MARGIN.left + MARGIN.right)
      .attr('height', height)
      .attr('role', 'img')
      .attr('aria-label', spec.ariaLabel);
    const g = svg.append('g').attr('transform', `translate(${MARGIN.left},${MARGIN.top})`);
    g.append('g').attr('class', 'grid').call(axisLeft(y).ticks(4).tickSize(-innerW).tickFormat(''));
    g.append('g').attr('class', 'bins').selectAll('rect').data(spec.bins).join('rect')
      .attr('data-count', (b) => b.count)
      .attr('x', (b) => x(b.x0) + 0.5)
      .attr('width', (b) => Math.max(1, x(b.x1) - x(b.x0) - 1))
      .attr('y', (b) => y(b.count))
      .attr('height', (b) => y(0) - y(b.count))
      .attr('fill', spec.color)
      .attr('stroke', '#1b1f24')
      .attr('stroke-width', 0.6);
    if (spec.marker && Number.isFinite(spec.marker.value)) {
      const mx = x(spec.marker.value);
      const mark = g.append('g').attr('class', 'hist-marker');
      mark.append('line').attr('x1', mx).attr('x2', mx).attr('y1', 0).attr('y2', innerH);
      mark.append('text').attr('x', mx + (mx > innerW * 0.7 ? -4 : 4)).attr('y', 10)
        .attr('text-anchor', mx > innerW * 0.7 ? 'end' : 'start').text(spec.marker.label);
    }
    g.append('g').attr('class', 'axis axis-x').attr('transform', `translate(0,${innerH})`)
      .call(axisBottom(x).ticks(Math.max(2, Math.floor(innerW / 70))));
    g.append('g').attr('class', 'axis axis-y').call(axisLeft(y).ticks(4));
    svg.append('text').attr('class', 'axis-label').attr('x', MARGIN.left + innerW / 2).attr('y', height - 5)
      .attr('text-anchor', 'middle').text(spec.xLabel);
    svg.append('text').attr('class', 'axis-label').attr('transform', `translate(12,${MARGIN.top + innerH / 2}) rotate(-90)`)
      .attr('text-anchor', 'middle').text('pairs');
    return svg.node();
  };
  // The data behind the bins, for "Show data" and CSV export.
  draw.table = () => ({ columns: ['bin from', 'bin to', 'count'], rows: spec.bins.map((b) => [b.x0, b.x1, b.count]) });
  return draw;
}
