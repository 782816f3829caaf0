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

let resolution = null;

/**
 * The smallest step performance.now() takes here, measured once (about 5 ms of polling): Firefox and WebKit clamp
 * it to 1 ms, Chromium steps by 0.1 ms or less. Timings are printed no finer than this.
 */
export function timerResolution() {
  if (resolution !== null) return resolution;
  let smallest = Infinity;
  let last = performance.now();
  const end = last + 5;
  for (let steps = 0; steps < 1e7; steps += 1) {
    const now = performance.now();
    if (now === last) continue;
    smallest = Math.min(smallest, now - last);
    last = now;
    if (now > end) break;
  }
  resolution = Number.isFinite(smallest) ? smallest : 1;
  return resolution;
}

/** A duration in ms as text with only the digits the clock can resolve: "2 ms" (1 ms clock), "2.35 ms", "< 1 ms". */
export function milliseconds(t, clock = timerResolution()) {
  if (!Number.isFinite(t)) return `${short(t)} ms`;
  if (t < clock) return `< ${clock >= 1 ? Math.round(clock) : Number(clock.toPrecision(1))} ms`;
  const digits = clock >= 1 ? 0 : clock >= 0.1 ? 1 : 2;
  return `${t.toFixed(t >= 10 ? Math.min(digits, 1) : digits)} ms`;
}
