// Marks a lesson's x–y charts share: the dashed line at the learner's chosen setting and a horizontal reference
// level. Series objects for web/charts/xy-chart.js; no numbers are made here.

/** How the line at the chosen setting looks unless a lesson says otherwise: grey and long-dashed, so it never looks
 * like a dotted reference level in the legend. */
const NOW_STYLE = { color: '#8c959f', dash: '8 4', width: 1.4 };

/**
 * A vertical line `label` at x from lo to hi when x is on the chart's x range (else no series), in `style`
 * ({ color, dash, width }) or the grey long dashes.
 */
export function markerAt(x, [lo, hi], range, label, { color, dash, width } = NOW_STYLE) {
  if (!(x >= range[0] && x <= range[1])) return [];
  return [{ id: 'now', label, kind: 'line', x: [x, x], y: [lo, hi], color, dash, width }];
}

/** A horizontal reference line across the chart's x range. */
export function levelAt(id, label, y, range, color, dash) {
  return { id, label, kind: 'line', x: range, y: [y, y], color, dash, width: 1.4 };
}
