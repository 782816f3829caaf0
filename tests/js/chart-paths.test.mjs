// web/charts/paths.js: a line's path leaves out only points that a drawn segment passes within 0.1 px of (plus the
// 0.1-px rounding), keeps its ends and its bends, and the pixels of a point are the d3 scale's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scaleLinear, scaleLog } from 'd3-scale';
import { polyline, toPixels, marker } from '../../web/charts/paths.js';

/** The vertices of path data made of M and L commands, as [x, y]. */
const vertices = (d) => d.match(/[ML][^ML]+/g).map((c) => c.slice(1).split(',').map(Number));

/** The distance from (x, y) to the segment from a to b. */
function toSegment([x, y], [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len2));
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
}

/** The largest distance from a point to the path drawn for it, and the path's vertices. */
function worstGap(px, py, d) {
  const v = vertices(d);
  let worst = 0;
  for (let i = 0; i < px.length; i += 1) {
    let near = Infinity;
    for (let s = 0; s + 1 < v.length; s += 1) near = Math.min(near, toSegment([px[i], py[i]], v[s], v[s + 1]));
    if (v.length === 1) near = Math.hypot(px[i] - v[0][0], py[i] - v[0][1]);
    worst = Math.max(worst, near);
  }
  return { worst, v };
}

const TOLERANCE = 0.1 + 0.05 * Math.SQRT2 + 1e-9; // left-out points, and the rounding of the points kept

/** A reproducible stream of numbers in [0, 1) (a linear congruential generator). */
function stream(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

test('a straight line of 512 points is one segment from its first point to its last', () => {
  const px = Float64Array.from({ length: 512 }, (_, i) => 3 + i * 1.17);
  const py = Float64Array.from(px, (x) => 180 - 0.31 * x);
  const d = polyline(px, py);
  assert.equal(d, `M3,179.1L600.9,-6.3`);
});

test('a curve keeps its bends: every point within 0.1 px (plus rounding) of the path, ends kept, fewer points', () => {
  for (const [name, f] of [['sine', (x) => 90 * Math.sin(x / 60)], ['square root', (x) => 200 - 12 * Math.sqrt(x)],
    ['1/x', (x) => 4000 / (x + 10)], ['kink', (x) => (x < 300 ? x * 0.2 : 60 - (x - 300) * 0.5)]]) {
    const px = Float64Array.from({ length: 512 }, (_, i) => i * 1.2);
    const py = Float64Array.from(px, f);
    const d = polyline(px, py);
    const { worst, v } = worstGap(px, py, d);
    assert.ok(worst <= TOLERANCE, `${name}: a point ${worst} px from the path`);
    assert.ok(v.length < 512, `${name}: ${v.length} vertices`);
    assert.deepEqual(v[0], [0, Math.round(py[0] * 10) / 10], `${name}: first point`);
    assert.deepEqual(v[v.length - 1], [Math.round(px[511] * 10) / 10, Math.round(py[511] * 10) / 10], `${name}: last point`);
  }
});

test('noisy measurements keep every point within tolerance, and a path that doubles back is not cut short', () => {
  const next = stream(7);
  const px = Float64Array.from({ length: 400 }, (_, i) => i * 1.5);
  const py = Float64Array.from(px, (x) => 100 + 0.1 * x + 20 * (next() - 0.5));
  assert.ok(worstGap(px, py, polyline(px, py)).worst <= TOLERANCE);
  // Out along a line and back along it: the turning point must stay.
  const bx = Float64Array.from([0, 10, 20, 30, 20, 10, 0]);
  const by = new Float64Array(7);
  assert.equal(polyline(bx, by), 'M0,0L30,0L0,0');
});

test('walked backwards (a band\'s lower edge) the path is the same line the other way; edge cases', () => {
  const px = Float64Array.from({ length: 50 }, (_, i) => i * 4);
  const py = Float64Array.from(px, (x) => 50 + 30 * Math.cos(x / 25));
  const forward = vertices(polyline(px, py));
  const backward = vertices(polyline(px, py, px.length - 1, -1, -1));
  assert.ok(worstGap(px, py, polyline(px, py, px.length - 1, -1, -1)).worst <= TOLERANCE);
  assert.deepEqual(backward[0], forward[forward.length - 1]);
  assert.deepEqual(backward[backward.length - 1], forward[0]);
  assert.equal(polyline(new Float64Array(0), new Float64Array(0)), '');
  assert.equal(polyline(Float64Array.of(1.26), Float64Array.of(2)), 'M1.3,2');
  assert.equal(polyline(Float64Array.of(1, 1, 1, 5), Float64Array.of(2, 2, 2, 2)), 'M1,2L5,2', 'repeated points');
});

test('toPixels gives the d3 scale\'s pixels, linear and log', () => {
  const values = Float64Array.from([1, 2.5, 7, 64, 300, 512]);
  const linear = scaleLinear().domain([0, 520]).range([0, 611]).nice();
  const log = scaleLog().domain([1, 512]).range([180, 0]);
  const a = toPixels(linear, values, false);
  const b = toPixels(log, values, true);
  values.forEach((v, i) => {
    assert.ok(Math.abs(a[i] - linear(v)) < 1e-9, `linear ${v}`);
    assert.ok(Math.abs(b[i] - log(v)) < 1e-9, `log ${v}`);
  });
});

test('a marker is a closed outline centred on its point', () => {
  assert.equal(marker('square', 16)(10, 20), 'M8,18h4v4h-4z');
  const circle = marker('circle', Math.PI * 9)(10, 20); // radius 3
  assert.equal(circle, 'M13,20a3,3 0 1,1 -6,0a3,3 0 1,1 6,0z');
});
