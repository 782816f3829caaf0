// A chart's axis (or its grid lines) drawn into an SVG group and updated in place: the same elements and attributes
// as d3-axis makes (path.domain, then a g.tick per tick with a line and a text), but a redraw reuses the tick elements
// in order and writes only what changed (./writes.js). d3-axis, used before, joined its ticks by value and wrote
// every tick's transform, line, text position and text on each call: in a CPU profile of Lesson 2 (under load), its
// charts' axes took about 6.6 ms of each change of the seed.
import { setAttr, setText } from '../dom.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

function child(parent, tag, className = null, before = null) {
  const node = document.createElementNS(SVG_NS, tag);
  if (className) node.setAttribute('class', className);
  parent.insertBefore(node, before);
  return node;
}

/**
 * Draws the axis of `scale` into the <g> `group`. orient: 'bottom' or 'left'; ticks: the arguments of scale.ticks
 * and scale.tickFormat (a count, and a format specifier); values: the tick values instead; format: value → text
 * instead of the scale's; inner, outer: the length of the ticks and of the domain path's ends (grid lines: both
 * minus the plot's width, with format () => '').
 */
export function drawAxis(group, { orient, scale, ticks = [], values = null, format = null, inner = 6, outer = inner, padding = 3 }) {
  const left = orient === 'left';
  const k = left ? -1 : 1;
  const offset = window.devicePixelRatio > 1 ? 0 : 0.5; // crisp 1-px lines on a standard screen, as d3-axis
  const at = values ?? scale.ticks(...ticks);
  const text = format ?? scale.tickFormat(...ticks);
  const range = scale.range();
  const r0 = range[0] + offset;
  const r1 = range[range.length - 1] + offset;
  if (!group.hasAttribute('font-size')) {
    group.setAttribute('fill', 'none');
    group.setAttribute('font-size', '10');
    group.setAttribute('font-family', 'sans-serif');
    group.setAttribute('text-anchor', left ? 'end' : 'middle');
  }
  let domain = group.firstElementChild;
  if (!domain || !domain.classList.contains('domain')) {
    domain = child(group, 'path', 'domain', group.firstChild);
    domain.setAttribute('stroke', 'currentColor');
  }
  setAttr(domain, 'd', left ? `M${k * outer},${r0}H${offset}V${r1}H${k * outer}` : `M${r0},${k * outer}V${offset}H${r1}V${k * outer}`);

  const ticksNow = Array.from(group.children).filter((n) => n.classList.contains('tick'));
  for (const extra of ticksNow.splice(at.length)) extra.remove();
  while (ticksNow.length < at.length) {
    const tick = child(group, 'g', 'tick');
    child(tick, 'line').setAttribute('stroke', 'currentColor');
    const label = child(tick, 'text');
    label.setAttribute('fill', 'currentColor');
    label.setAttribute('dy', left ? '0.32em' : '0.71em');
    ticksNow.push(tick);
  }
  const spacing = Math.max(inner, 0) + padding;
  at.forEach((value, i) => {
    const tick = ticksNow[i];
    const p = scale(value) + offset;
    setAttr(tick, 'transform', left ? `translate(0,${p})` : `translate(${p},0)`);
    setAttr(tick.firstElementChild, left ? 'x2' : 'y2', k * inner);
    const label = tick.lastElementChild;
    setAttr(label, left ? 'x' : 'y', k * spacing);
    const words = String(text(value, i));
    setText(label, words);
  });
}
