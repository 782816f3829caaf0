// Two arrows from the origin in the plane they span: q along the x axis, k at the angle θ the engine measured, both
// lengths to one scale, with k's shadow on q's line (‖k‖ cos θ) and a dashed circle of a reference radius. It maps
// numbers to pixels only; every length and angle is given.
import { create } from 'd3-selection';
import { scaleLinear } from 'd3-scale';
import { drawAxis } from './axis.js';

const MARGIN = { top: 14, right: 16, bottom: 34, left: 16 };

/**
 * draw(width) for chartBox. spec: { id, ariaLabel, lengthQ, lengthK, angle (radians, 0 … π), ring (radius of the
 * dashed circle, e.g. √dₖ), ringLabel, colors: { q, k, shadow }, height? }.
 */
export function arrows(spec) {
  const { lengthQ, lengthK, angle, ring } = spec;
  const kx = lengthK * Math.cos(angle);
  const ky = lengthK * Math.sin(angle);
  const draw = (width) => {
    const height = spec.height ?? 230;
    const innerW = Math.max(120, width - MARGIN.left - MARGIN.right);
    const innerH = height - MARGIN.top - MARGIN.bottom;
    // One scale for both axes (lengths and the angle stay true): the upper half-plane that holds both arrows and the circle.
    const reach = 1.08 * Math.max(lengthQ, lengthK, ring);
    const unit = Math.min(innerW / (2 * reach), innerH / reach);
    const x = scaleLinear().domain([-innerW / (2 * unit), innerW / (2 * unit)]).range([0, innerW]);
    const y = (v) => innerH - v * unit;
    const svg = create('svg').attr('class', 'arrows-chart').attr('width', width).attr('height', height)
      .attr('role', 'img').attr('aria-label', spec.ariaLabel).attr('data-chart-id', spec.id);
    const defs = svg.append('defs');
    for (const [name, color] of [['q', spec.colors.q], ['k', spec.colors.k]]) {
      defs.append('marker').attr('id', `${spec.id}-head-${name}`).attr('viewBox', '0 0 10 10').attr('refX', 9).attr('refY', 5)
        .attr('markerWidth', 7).attr('markerHeight', 7).attr('orient', 'auto-start-reverse')
        .append('path').attr('d', 'M0,0 L10,5 L0,10 z').attr('fill', color);
    }
    const g = svg.append('g').attr('transform', `translate(${MARGIN.left},${MARGIN.top})`);
    drawAxis(g.append('g').attr('class', 'axis axis-x').attr('transform', `translate(0,${innerH})`).node(),
      { orient: 'bottom', scale: x, ticks: [Math.max(3, Math.floor(innerW / 70))] });
    const x0 = x(0);
    // The reference circle (upper half) and its label.
    const r = ring * unit;
    g.append('path').attr('class', 'arrows-ring').attr('d', `M${x0 - r},${innerH} A${r},${r} 0 0 1 ${x0 + r},${innerH}`)
      .attr('fill', 'none').attr('stroke', 'currentColor').attr('stroke-dasharray', '4 4').attr('opacity', 0.55);
    g.append('text').attr('class', 'arrows-ring-label').attr('x', x0 - r * 0.71 - 4).attr('y', innerH - r * 0.71 - 4)
      .attr('text-anchor', 'end').attr('fill', 'currentColor').text(spec.ringLabel);
    // k's shadow on q's line: the dotted drop and the segment from 0 to ‖k‖ cos θ.
    g.append('line').attr('class', 'arrows-drop').attr('x1', x(kx)).attr('y1', y(ky)).attr('x2', x(kx)).attr('y2', innerH)
      .attr('stroke', spec.colors.shadow).attr('stroke-dasharray', '2 3');
    g.append('line').attr('class', 'arrows-shadow').attr('data-value', kx).attr('x1', x0).attr('y1', innerH).attr('x2', x(kx)).attr('y2', innerH)
      .attr('stroke', spec.colors.shadow).attr('stroke-width', 5).attr('opacity', 0.6);
    // The angle's arc, at a radius that fits inside the shorter arrow.
    const a = Math.max(10, Math.min(28, 0.35 * Math.min(lengthQ, lengthK) * unit));
    g.append('path').attr('class', 'arrows-angle')
      .attr('d', `M${x0 + a},${innerH} A${a},${a} 0 0 0 ${x0 + a * Math.cos(angle)},${innerH - a * Math.sin(angle)}`)
      .attr('fill', 'none').attr('stroke', 'currentColor');
    g.append('text').attr('x', x0 + (a + 6) * Math.cos(angle / 2)).attr('y', innerH - (a + 6) * Math.sin(angle / 2))
      .attr('fill', 'currentColor').attr('text-anchor', angle > Math.PI / 2 ? 'end' : 'start').text('θ');
    for (const [name, tipX, tipY, color] of [['q', lengthQ, 0, spec.colors.q], ['k', kx, ky, spec.colors.k]]) {
      g.append('line').attr('class', `arrow arrow-${name}`).attr('data-length', name === 'q' ? lengthQ : lengthK)
        .attr('x1', x0).attr('y1', innerH).attr('x2', x(tipX)).attr('y2', y(tipY))
        .attr('stroke', color).attr('stroke-width', 3).attr('marker-end', `url(#${spec.id}-head-${name})`);
      const label = g.append('text').attr('class', 'arrow-label').attr('font-weight', 'bold').attr('fill', color).text(name);
      if (name === 'q') label.attr('x', x(tipX)).attr('y', innerH - 12).attr('text-anchor', 'middle');
      else label.attr('x', x(tipX) + (angle > Math.PI / 2 ? -8 : 8)).attr('y', y(tipY) + 4).attr('text-anchor', angle > Math.PI / 2 ? 'end' : 'start');
    }
    return svg.node();
  };
  draw.table = () => ({
    columns: ['arrow', 'length', 'angle to q (degrees)', 'x', 'y'],
    rows: [['q', lengthQ, 0, lengthQ, 0], ['k', lengthK, (angle * 180) / Math.PI, kx, ky]],
  });
  return draw;
}
