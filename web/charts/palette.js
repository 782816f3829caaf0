// Colour scales for matrices: diverging (signed values, centred on 0) and sequential ([0, 1]).
// Both palettes are readable with the common colour-vision deficiencies (RdBu, viridis).
import { lab } from 'd3-color';
import { scaleDiverging, scaleSequential } from 'd3-scale';
import { interpolateRdBu, interpolateViridis } from 'd3-scale-chromatic';

/** Blue for negative, white at 0, red for positive; domain is symmetric [-m, m]. */
export function divergingScale(m) {
  const half = m > 0 ? m : 1;
  return scaleDiverging((t) => interpolateRdBu(1 - t)).domain([-half, 0, half]).clamp(true);
}

/** Dark purple at lo to yellow at hi (weights live in [0, 1]). */
export function sequentialScale(lo = 0, hi = 1) {
  return scaleSequential(interpolateViridis).domain([lo, hi]).clamp(true);
}

/** Dark text on light fills, light text on dark fills. */
export function inkFor(fill) {
  return lab(fill).l > 58 ? '#111' : '#fff';
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
