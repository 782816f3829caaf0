// Colour scales for matrices: diverging (signed values, centred on 0) and sequential ([0, 1]).
// Both palettes are readable with the common colour-vision deficiencies (RdBu, viridis).
import { lab } from 'd3-color';
import { scaleDiverging, scaleSequential } from 'd3-scale';
import { interpolateRdBu, interpolateViridis } from 'd3-scale-chromatic';

/** Blue for negative, white at 0, red for positive; domain is symmetric [-m, m]. */
const BLUE_WHITE_RED = (t) => interpolateRdBu(1 - t);
export function divergingScale(m) {
  const half = m > 0 ? m : 1;
  return scaleDiverging(BLUE_WHITE_RED).domain([-half, 0, half]).clamp(true);
}

/** Dark purple at lo to yellow at hi (weights live in [0, 1]). */
export function sequentialScale(lo = 0, hi = 1) {
  return scaleSequential(interpolateViridis).domain([lo, hi]).clamp(true);
}

/** Dark text on light fills, light text on dark fills. */
export function inkFor(fill) {
  return lab(fill).l > 58 ? '#111' : '#fff';
}

const INK_STEPS = 1024; // positions along a palette at which its ink is known
const inkTables = new WeakMap(); // a palette's interpolator → the ink at each of INK_STEPS + 1 positions, filled as asked

/**
 * For a scale made by divergingScale or sequentialScale: value → inkFor(scale(value)), read from a table of the
 * palette's inks along its length instead of parsing each cell's colour. A matrix that prints its numbers asks for
 * every cell on each redraw, and parsing the colours and taking their CIELAB lightness was about a third of a heatmap's
 * redraw in a CPU profile of Lesson 4's μ_X. A value within 1/1024 of the palette's length of the light-to-dark
 * switch may get the other ink, which reads as well there.
 */
export function inkScale(scale) {
  const interpolate = scale.interpolator();
  let table = inkTables.get(interpolate);
  if (!table) {
    table = new Array(INK_STEPS + 1);
    inkTables.set(interpolate, table);
  }
  const domain = scale.domain();
  const lo = domain[0];
  const span = domain[domain.length - 1] - lo;
  return (value) => {
    const t = span > 0 ? Math.max(0, Math.min(1, (value - lo) / span)) : 0.5;
    const k = Math.round(t * INK_STEPS);
    if (table[k] === undefined) table[k] = inkFor(interpolate(k / INK_STEPS));
    return table[k];
  };
}

/** Series colours from the Okabe–Ito set, distinguishable with the common colour-vision deficiencies.
 *  Charts also vary dash and marker so no series is told apart by colour alone. */
export const SERIES = {
  blue: '#0072B2',
  vermillion: '#D55E00',
  green: '#009E73',
  orange: '#E69F00',
  purple: '#CC79A7',
  sky: '#56B4E9',
  grey: '#5b6470',
};

/** The page's ink (#1b1f24) is drawn as currentColor so that theory lines and markers follow the light or dark
 *  theme (the chart's CSS colour is the theme's ink); any other colour is used as given. */
export const INK = '#1b1f24';
export const themed = (color) => (color === INK ? 'currentColor' : color);
