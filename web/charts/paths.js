// Path data for line charts (web/charts/xy-chart.js): points through a scale into pixels, lines through them, and
// markers. Pure functions of numbers, so they are tested in Node (tests/js/chart-paths.test.mjs).

const r1 = (v) => Math.round(v * 10) / 10;

/** The outline of one marker of area `size` (as d3's symbols) centred on (cx, cy), as path commands. */
export function marker(name, size) {
  if (name === 'square') {
    const a = Math.sqrt(size);
    const rest = `h${r1(a)}v${r1(a)}h${r1(-a)}z`;
    return (cx, cy) => `M${r1(cx - a / 2)},${r1(cy - a / 2)}${rest}`;
  }
  if (name === 'triangle') {
    const a = Math.sqrt((4 * size) / Math.sqrt(3));
    const h = (a * Math.sqrt(3)) / 2;
    const rest = `l${r1(a / 2)},${r1(h)}h${r1(-a)}z`;
    return (cx, cy) => `M${r1(cx)},${r1(cy - (2 * h) / 3)}${rest}`;
  }
  if (name === 'diamond') {
    const dy = Math.sqrt(size / (2 * Math.tan(Math.PI / 6)));
    const dx = dy * Math.tan(Math.PI / 6);
    const rest = `l${r1(dx)},${r1(dy)}l${r1(-dx)},${r1(dy)}l${r1(-dx)},${r1(-dy)}z`;
    return (cx, cy) => `M${r1(cx)},${r1(cy - dy)}${rest}`;
  }
  const r = Math.sqrt(size / Math.PI);
  const rest = `a${r1(r)},${r1(r)} 0 1,1 ${r1(-2 * r)},0a${r1(r)},${r1(r)} 0 1,1 ${r1(2 * r)},0z`;
  return (cx, cy) => `M${r1(cx + r)},${r1(cy)}${rest}`;
}

const STRAIGHT_PX = 0.1; // a point this close to the segment drawn past it is left out of a line's path

/**
 * Path data through the points (px[i], py[i]) for i from `from` towards `to` (exclusive) by `step`, in pixels
 * rounded to 0.1 px, as d3-shape's line() gives, without the points that a straight segment of the path passes
 * within STRAIGHT_PX of: a theory line of 512 points is one segment, and a measured curve keeps every bend. A run
 * of points is replaced by one segment from its first point only when the segment's direction lies within every
 * point's tolerance as seen from that first point (the directions' intervals intersected, so errors cannot add up
 * along a gentle curve) and the points move away from it in order. Built here because d3-path's per-point
 * formatting cost Lesson 2's two sweep charts (512 points each, with a band and two lines) about 4 ms a change.
 */
export function polyline(px, py, from = 0, to = px.length, step = 1) {
  if (from === to) return '';
  let d = `M${r1(px[from])},${r1(py[from])}`;
  let k = from; // the last point written
  let ux = 0; // the direction from it to the first point after it (unit vector), angles are measured from it
  let uy = 0;
  let lo = -Infinity; // the directions from k (radians from u) that pass close to every point since k
  let hi = Infinity;
  let reach = 0; // the distance from k of the last point since k
  for (let i = from + step; i !== to; i += step) {
    let vx = px[i] - px[k];
    let vy = py[i] - py[k];
    let dist = Math.hypot(vx, vy);
    if (reach === 0) {
      if (dist === 0) continue; // on the point written
      ux = vx / dist;
      uy = vy / dist;
    }
    let angle = Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
    if (angle < lo || angle > hi || dist < reach) {
      // Point i cannot be reached straight past the points since k: the point before it ends this segment.
      k = i - step;
      d += `L${r1(px[k])},${r1(py[k])}`;
      vx = px[i] - px[k];
      vy = py[i] - py[k];
      dist = Math.hypot(vx, vy);
      lo = -Infinity;
      hi = Infinity;
      reach = 0;
      if (dist === 0) continue;
      ux = vx / dist;
      uy = vy / dist;
      angle = 0;
    }
    const spread = dist > STRAIGHT_PX ? Math.asin(STRAIGHT_PX / dist) : Math.PI;
    lo = Math.max(lo, angle - spread);
    hi = Math.min(hi, angle + spread);
    reach = dist;
  }
  const last = to - step;
  if (last !== k) d += `L${r1(px[last])},${r1(py[last])}`;
  return d;
}

/** Every value of `values` through the (linear or log) `scale`, into a new array: the scale's own arithmetic, inlined. */
export function toPixels(scale, values, log) {
  const [d0, d1] = scale.domain();
  const [r0, r1v] = scale.range();
  const out = new Float64Array(values.length);
  if (log) {
    const l0 = Math.log(d0);
    const k = (r1v - r0) / (Math.log(d1) - l0);
    for (let i = 0; i < values.length; i += 1) out[i] = r0 + (Math.log(values[i]) - l0) * k;
  } else {
    const k = (r1v - r0) / (d1 - d0);
    for (let i = 0; i < values.length; i += 1) out[i] = r0 + (values[i] - d0) * k;
  }
  return out;
}
