// What the parts of Lesson 3 share: the d_k values of the gradient sweep, the threshold below which a row counts as
// passing almost no gradient, number formats and a part's notice box. Constants and layout only.
import { el } from '../../dom.js';
import { createNotices } from '../../notices.js';
import { short } from '../../format.js';

// d_k values of the gradient sweep: powers of two and the points halfway between them (on a log axis), 1 … 4096.
export const SWEEP_DKS = [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048, 3072, 4096];
export const REPORT_DKS = [64, 512]; // the d_k the sweep's report names
export const POW2_TICKS = [1, 4, 16, 64, 256, 1024, 4096];
/** A row whose Jacobian norm is below this passes "almost no gradient" (the engine's default threshold). */
export const NEAR_ZERO = 0.01;

/** A share or weight as a percentage with two decimals (display only). */
export const percent = (p) => (Number.isFinite(p) ? `${(p * 100).toFixed(2)}%` : short(p));
/** A share as a whole or one-decimal percentage, for prose. */
export const share = (p) => (Number.isFinite(p) ? `${(p * 100).toFixed(p < 0.1 && p > 0 ? 1 : 0)} %` : short(p));
export const three = (p) => (Number.isFinite(p) ? p.toFixed(3) : short(p));
/** Labels 1 … n. */
export const index = (n) => Array.from({ length: n }, (_, i) => String(i + 1));

/** A part's own notice box: { box, notices }. */
export function noticeBox() {
  const box = el('div', { className: 'notices part-notices', attrs: { 'aria-live': 'polite' } });
  return { box, notices: createNotices(box) };
}
