// Number formatting for display: the page's one module of number formats (issue 33). Prose and stat lists print two
// or three significant digits (sig2, sig3, percent); tooltips and readouts print five (precise); data tables and
// exports print every digit (exact); a heatmap cell or a bar's label prints a short fixed width (short, fixed).
// No format prints a non-zero number as zero: a value too small for its format goes to scientific notation
// ("1.2×10⁻⁷"). Only formatting and descriptive statistics of arrays the engine returned here; no model math.

export const MINUS = '\u2212';
/** The space between a number and its unit or "%": no-break, so "12 %" never splits over two lines. */
export const UNIT_SPACE = '\u00a0';
const SUPERSCRIPT = {
  '-': '\u207b', 0: '\u2070', 1: '\u00b9', 2: '\u00b2', 3: '\u00b3', 4: '\u2074', 5: '\u2075', 6: '\u2076', 7: '\u2077', 8: '\u2078', 9: '\u2079',
};

/** ±∞ and NaN spelled out; null for a finite number. */
function notFinite(v) {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return '∞';
  if (v === -Infinity) return `${MINUS}∞`;
  return null;
}

/** A true minus sign for a leading "-", and "-0…" (a negative that rounded to zero) without its sign. */
const signed = (s) => (/^-0(\.0*)?$/.test(s) ? s.slice(1) : s.replace(/^-/, MINUS));

/** Drops the zeros after the decimal point ("2.50" → "2.5", "3.00" → "3"). */
const trimZeros = (s) => (s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s);

/** en-GB digit grouping of an integer's digits: "123456" → "123,456", "4096" → "4,096". */
const grouped = (digits) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * Scientific notation with `digits` significant digits in the mantissa: 1.2×10⁻⁷, −3×10⁸. Trailing zeros of the
 * mantissa are dropped only when they hide no rounding (1×10⁶ is exactly a million; 1.00×10⁶ is 1,000,400).
 */
export function scientific(v, digits = 2) {
  v = Number(v); // a numeric string reads as its number
  const bad = notFinite(v);
  if (bad) return bad;
  if (v === 0) return '0';
  const [m, e] = v.toExponential(Math.max(0, digits - 1)).split('e');
  const mantissa = Number(`${m}e${e}`) === v ? trimZeros(m) : m;
  const exponent = [...String(Number(e))].map((c) => SUPERSCRIPT[c]).join('');
  return signed(`${mantissa}×10${exponent}`);
}

/**
 * `digits` significant digits (1 to 6): sig(0.0094299, 3) = "0.00943", sig(55.798, 3) = "55.8", sig(123456, 3) =
 * "123,000". Below 0.001 and from a million up, scientific notation: sig(1e-7, 2) = "1×10⁻⁷". Trailing zeros stay
 * when they are digits of a rounded value (sig(0.99965, 3) = "1.00", sig(2.5, 3) = "2.5", sig(1, 3) = "1"), so a
 * printed "1" is exactly one. A true minus sign; "−0" never appears.
 */
export function sig(v, digits = 3) {
  v = Number(v); // a numeric string reads as its number
  const bad = notFinite(v);
  if (bad) return bad;
  if (v === 0) return '0';
  const n = Math.min(6, Math.max(1, Math.round(digits)));
  const r = Number(v.toPrecision(n)); // rounded to n significant digits: 99.95 → 100 at 2 or 3
  const a = Math.abs(r);
  if (a < 1e-3 || a >= 1e6) return scientific(v, n);
  const exponent = Number(r.toExponential().split('e')[1]);
  const isExact = r === v;
  if (exponent >= n - 1) { // no decimals: 123,000; 4,100; 100
    const s = Math.abs(r).toFixed(0);
    return signed(`${r < 0 ? '-' : ''}${grouped(s)}`);
  }
  const s = r.toFixed(n - 1 - exponent);
  return signed(isExact ? trimZeros(s) : s);
}

/** Two significant digits: prose (0.0094, 56, 0.87). */
export const sig2 = (v) => sig(v, 2);
/** Three significant digits: stat lists (0.00943, 55.8, 0.872). */
export const sig3 = (v) => sig(v, 3);

/**
 * A fraction as a percent with `digits` significant digits and a no-break space: percent(0.1234) = "12 %",
 * percent(0.0567) = "5.7 %", percent(0.5583, 3) = "55.8 %". A fraction that is not 1 never prints as "100 %"
 * (percent(0.9996) = "> 99 %", at 3 digits "> 99.9 %"); a tiny one goes to scientific notation like sig.
 */
export function percent(p, digits = 2) {
  p = Number(p);
  const bad = notFinite(p);
  if (bad) return bad === 'NaN' ? bad : `${bad}${UNIT_SPACE}%`;
  const x = Number((100 * p).toPrecision(15)); // 100 × 1e-7 is 9.999…e-6 in binary
  let s = sig(x, digits);
  if (p < 1 && p > 0.5 && Number(x.toPrecision(digits)) >= 100) s = `>${UNIT_SPACE}${(100 - 10 ** (2 - digits)).toFixed(Math.max(0, digits - 2))}`;
  return `${s}${UNIT_SPACE}%`;
}

/**
 * Fixed decimals for a value whose place the reader compares (a bar of weights, a cell): fixed(0.4567, 2) = "0.46",
 * but a non-zero value that would print as zero goes to scientific notation with one digit: fixed(1.2e-7, 2) =
 * "1×10⁻⁷", never "0.00".
 */
export function fixed(v, decimals = 2) {
  v = Number(v); // a numeric string reads as its number
  const bad = notFinite(v);
  if (bad) return bad;
  if (Math.abs(v) >= 1e21) return scientific(v, 3); // toFixed's own "e+21"
  const s = v.toFixed(decimals);
  if (v !== 0 && Number(s) === 0) return scientific(v, 1);
  return signed(s);
}

/**
 * A heatmap cell or a bar's label: about three significant characters (0.43, 4.37, 43.7, 437, 4×10³). A non-zero
 * value too small for two decimals prints as 5×10⁻⁸, never as 0.00.
 */
export function short(v) {
  v = Number(v); // a numeric string reads as its number
  const bad = notFinite(v);
  if (bad) return bad;
  const a = Math.abs(v);
  if (a >= 999.5) return scientific(v, 1);
  if (a >= 99.95) return fixed(v, 0);
  if (a >= 9.995) return fixed(v, 1);
  return fixed(v, 2);
}

/**
 * Tooltips and hover readouts: five significant digits (0.0094299, 55.798), or `digits` where the digits are the
 * point (Var(cX) beside c²·Var(X), agreeing to rounding). Zeros after the last digit are dropped.
 */
export function precise(v, digits = 5) {
  v = Number(v); // a numeric string reads as its number
  if (!Number.isFinite(v)) return notFinite(v);
  const s = Number(v.toPrecision(digits)).toString();
  return s.includes('e') ? scientific(v, digits) : signed(s); // JS writes 1e-7 and 1e+21 that way: the page writes 1×10⁻⁷
}

/** Data tables, CSV and JSON exports: every digit of the number (its shortest round-trip text), ASCII minus. */
export const exact = (v) => (typeof v === 'number' ? String(v) : String(v ?? ''));

/** A count, a size or an exact integer result, whole and grouped: 4,096; 100,000 (en-GB). */
export const count = (n) => (Number.isFinite(n) ? signed(grouped(Math.abs(Math.round(n)).toFixed(0)).replace(/^/, n < 0 ? '-' : '')) : notFinite(n));

/** A measured value and its spread or standard error: "55.8 ± 0.12" (three significant digits ± two). */
export const plusMinus = (value, spread) => `${sig3(value)} ± ${sig2(Math.abs(spread))}`;

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
