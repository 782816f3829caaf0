// The statistics every benchmark reports: medians, quartiles and maxima of per-run samples. Pure functions of the
// numbers, with no Node or DOM import, so the in-browser half of bench/api/ can use them too.

/** Quantile q in [0, 1] of sorted numbers, linear between neighbours. */
export function quantile(sorted, q) {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at), hi = Math.ceil(at);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
}

/** Count, median, quartiles and minimum of samples. */
export function summarize(samples) {
  const sorted = Float64Array.from(samples).sort();
  return {
    samples: sorted.length,
    median: quantile(sorted, 0.5),
    p25: quantile(sorted, 0.25),
    p75: quantile(sorted, 0.75),
    min: sorted[0],
  };
}

/** The median (the mean of the middle two for an even count); NaN for no numbers. */
export function median(xs) {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** The largest number; NaN for no numbers. */
export const max = (xs) => (xs.length ? Math.max(...xs) : NaN);
