// A bar chart with every value printed on its bar, for short rows (softmax weights, scores). Values that are
// not finite (the NaN and ∞ of an overflowing softmax) get a hatched bar and their name instead of a height.
// It maps numbers to pixels and text; it computes nothing about the lesson.
import { scaleLinear, scaleBand } from 'd3-scale';
import { create, select } from 'd3-selection';
import { attr, text as textOf } from './writes.js';
import { drawAxis } from './axis.js';
import { uniqueId } from '../dom.js';
import { short } from '../format.js';

const MARGIN = { top: 20, right: 10, bottom: 26, left: 46 };

// The chart each drawn SVG was built for: another chart's SVG is never reused.
const DRAWN_FOR = new WeakMap();

/**
 * draw(width, previous) for chartBox (previous: the SVG it drew last, updated in place: a new bar count, width or set
 * of labels moves and adds or removes bars and labels, and writes only what changed).
 * spec: { id, ariaLabel, values, labels, domain?: [lo, hi] (else from the finite values and 0), color,
 * colors?: [per-bar colour], valueText?: (v) => string, height?, yTicks?: (v) => string, highlight?: index }
 */
export function barChart(spec) {
  const draw = (width, previous = null) => {
    const n = spec.values.length;
    const height = spec.height ?? 200;
    const innerH = height - MARGIN.top - MARGIN.bottom;
    const innerW = Math.max(60, Math.min(width - MARGIN.left - MARGIN.right, n * 64));
    const finite = Array.from(spec.values).filter(Number.isFinite);
    const [lo, hi] = spec.domain ?? [Math.min(0, ...finite), Math.max(0, ...finite, 1e-12)];
    const y = scaleLinear().domain([lo, hi]).range([innerH, 0]);
    const x = scaleBand().domain(Array.from({ length: n }, (_, i) => i)).range([0, innerW]).padding(n > 24 ? 0.12 : 0.2);
    const text = spec.valueText ?? short;
    const rotate = x.bandwidth() < 30; // vertical value labels when bars are narrow, in a band above the plot
    // Under narrow bars every k-th label, so that labels never touch (about 7 px a character at 11 px); on bars
    // narrower than a turned number (about 12 px) no value labels: they would overlap, and "Show data" has them.
    const labelChars = Math.max(1, ...spec.labels.map((t) => String(t).length));
    const labelStride = Math.max(1, Math.ceil((labelChars * 7 + 4) / x.step()));
    const printValues = x.step() >= 12;

    const svg = previous && DRAWN_FOR.get(previous) === spec.id ? select(previous) : skeleton();
    DRAWN_FOR.set(svg.node(), spec.id);
    svg.call(attr, 'width', innerW + MARGIN.left + MARGIN.right).call(attr, 'height', height + (rotate ? 18 : 0))
      .call(attr, 'aria-label', spec.ariaLabel);
    svg.select('g.plot').call(attr, 'transform', `translate(${MARGIN.left},${MARGIN.top + (rotate ? 18 : 0)})`);
    // Redrawn in place, a chart writes only what changed (see ./writes.js).
    const fmtTick = spec.yTicks ?? ((v) => short(v));
    drawAxis(svg.select('g.grid').node(), { orient: 'left', scale: y, ticks: [4], inner: -innerW, format: () => '' });
    drawAxis(svg.select('g.axis-y').node(), { orient: 'left', scale: y, ticks: [4], format: fmtTick });
    const zero = y(Math.max(lo, Math.min(hi, 0)));
    svg.select('line.bar-baseline').call(attr, 'x2', innerW).call(attr, 'y1', zero).call(attr, 'y2', zero);

    const hatch = svg.select('pattern').attr('id');
    const bars = svg.select('g.bars').selectAll('g').data(Array.from(spec.values)).join((enter) => {
      const bar = enter.append('g');
      bar.append('rect');
      bar.append('text').attr('class', 'bar-value');
      return bar;
    })
      .call(attr, 'transform', (_, i) => `translate(${x(i)},0)`)
      .call(attr, 'data-index', (_, i) => i)
      .call(attr, 'class', (v) => (Number.isFinite(v) ? 'bar' : 'bar bad'))
      .call(attr, 'data-value', (v) => String(v));
    const clampY = (v) => y(Math.max(lo, Math.min(hi, v)));
    bars.select('rect')
      .call(attr, 'width', x.bandwidth())
      .call(attr, 'y', (v) => (Number.isFinite(v) ? Math.min(clampY(v), zero) : 0))
      .call(attr, 'height', (v) => (Number.isFinite(v) ? Math.max(1, Math.abs(clampY(v) - zero)) : innerH))
      .call(attr, 'fill', (v, i) => (Number.isFinite(v)
        ? spec.colors?.[i] ?? (i === spec.highlight ? spec.highlightColor ?? spec.color : spec.color)
        : `url(#${hatch})`))
      .call(attr, 'stroke', (v) => (Number.isFinite(v) ? 'none' : '#a4262c'));
    const label = bars.select('text.bar-value').call(textOf, (v) => (printValues ? text(v) : '')).call(attr, 'text-anchor', rotate ? 'start' : 'middle');
    if (rotate) {
      label.call(attr, 'x', null).call(attr, 'y', null)
        .call(attr, 'transform', (v) => `translate(${x.bandwidth() / 2 + 4},${Number.isFinite(v) ? Math.min(clampY(v), zero) - 4 : -4}) rotate(-90)`);
    } else {
      label.call(attr, 'transform', null).call(attr, 'x', x.bandwidth() / 2)
        .call(attr, 'y', (v) => (Number.isFinite(v) ? (v >= 0 ? Math.min(clampY(v), zero) - 4 : Math.max(clampY(v), zero) + 12) : innerH / 2));
    }
    svg.select('g.bar-labels').selectAll('text').data(spec.labels).join('text')
      .call(attr, 'x', (_, i) => x(i) + x.bandwidth() / 2).call(attr, 'y', innerH + 16).call(attr, 'text-anchor', 'middle')
      .call(textOf, (t, i) => (i % labelStride ? '' : t));
    return svg.node();
  };

  /** The parts of the chart that every drawing keeps; draw sizes them and fills in the values. */
  function skeleton() {
    const svg = create('svg').attr('class', 'bar-chart').attr('role', 'img');
    svg.append('defs').append('pattern').attr('id', uniqueId('bad')).attr('width', 6).attr('height', 6)
      .attr('patternUnits', 'userSpaceOnUse').attr('patternTransform', 'rotate(45)')
      .call((p) => {
        p.append('rect').attr('width', 6).attr('height', 6).attr('fill', '#fde7e9');
        p.append('line').attr('x1', 0).attr('y1', 0).attr('x2', 0).attr('y2', 6).attr('stroke', '#a4262c').attr('stroke-width', 2);
      });
    const g = svg.append('g').attr('class', 'plot');
    g.append('g').attr('class', 'grid');
    g.append('g').attr('class', 'axis axis-y');
    g.append('line').attr('class', 'bar-baseline').attr('x1', 0);
    g.append('g').attr('class', 'bars');
    g.append('g').attr('class', 'bar-labels');
    return svg;
  }
  // The data behind the bars, for "Show data" and CSV export.
  draw.table = () => ({ columns: ['label', 'value'], rows: Array.from(spec.values, (v, i) => [spec.labels[i], v]) });
  return draw;
}
