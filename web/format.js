// Number formatting for display: a fixed small width so values fit in heatmap cells.
// Only formatting and descriptive statistics of arrays the engine returned; no model math.

const MINUS = '\u2212';

/** 3 significant-ish characters: 0.43, 4.37, 43.7, 437; a true minus sign; ±∞ and NaN spelled out. */
export function short(v) {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return '∞';
  if (v === -Infinity) return `${MINUS}∞`;
  const a = Math.abs(v);
  let s;
  if (a >= 1000) s = v.toExponential(0).replace('e+', 'e');
  else if (a >= 100) s = v.toFixed(0);
  else if (a >= 10) s = v.toFixed(1);
  else s = v.toFixed(2);
  if (/^-0(\.0*)?$/.test(s)) s = s.slice(1); // "-0.00" reads as noise
  return s.replace('-', MINUS);
}

/** A longer form for tooltips and prose: up to 5 significant digits. */
export function precise(v) {
  if (!Number.isFinite(v)) return short(v);
  return Number(v.toPrecision(5)).toString().replace('-', MINUS);
}

/** Largest absolute finite value, 0 for an empty array: used to centre diverging colour scales. */
export function maxAbs(values) {
  let m = 0;
  for (const x of values) if (Number.isFinite(x) && Math.abs(x) > m) m = Math.abs(x);
  return m;
}
