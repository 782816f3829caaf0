// Numbers a learner can read (issue 33): the default page, nothing opened, at 1280 px in Chromium prints no number
// with more than three significant digits in its visible text, except the few on ALLOWED (constants whose digits are
// the point, sizes, seeds, years). Full precision belongs in tooltips, data tables and exports, which are not visible
// text until asked for. A failure lists every offending number with its lesson, part and surrounding words.
// Needs build/page/app.js (node web/build.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { refined, browserSession } from './harness.mjs';
import { short } from '../../web/format.js';

const session = browserSession({ engine: true });

// Printed as they are, on purpose. Each entry: the number as printed, and why.
export const ALLOWED = new Map([
  ['88.72', 'ln of float32’s largest value: the overflow threshold whose digits are the point (Lesson 3)'],
  ['709.78', 'ln of float64’s largest value, the same threshold in double precision'],
  ['4,096', 'a d_k setting (a size, exact)'],
  ['4096', 'a d_k setting (a size, exact)'],
  ['1,024', 'a size (exact)'],
  ['1024', 'a size (exact)'],
  ['2,048', 'a size (exact)'],
  ['2048', 'a size (exact)'],
]);
/** A year in a citation, "(2023)": four digits from 1900 to 2099 without a comma (sig3 and count always group four). */
const isYear = (n) => /^(19|20)\d\d$/.test(n);

// Every lesson is held to the rule; a lesson may be skipped here only while it is being converted.
const SKIP = new Set([]);

/** Significant digits of a number as printed: "0.00943" 3, "55.80" 4, "123,000" 3, "1.2×10⁻⁷" 2, "4096" 4. */
export function significantDigits(text) {
  const mantissa = text.replace(/^[−-]/, '').replace(/×10.*$/, '').replace(/,/g, '');
  if (mantissa.includes('.')) return mantissa.replace('.', '').replace(/^0+/, '').length || 1;
  return mantissa.replace(/^0+/, '').replace(/0+$/, '').length || 1;
}

/** Numbers in `text`: not a digit inside a word (W1, h2·3, 2D), a date or a version ("3.1.6"). */
export const NUMBER = /(?<![\p{L}\p{N}_.,:\/#-])[−-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\p{L}\p{N}_]|[.,:]\d)|(?<![\p{L}\p{N}_.,:\/#-])[−-]?\d+(?:\.\d+)?(?:×10[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)?(?![\p{L}\p{N}_]|[.,:\/-]\d)/gu;

export function longNumbers(text) {
  return [...text.matchAll(NUMBER)].map((m) => m[0]).filter((n) => significantDigits(n) > 3 && !ALLOWED.has(n.replace(/^[−-]/, '')) && !isYear(n));
}

test('significantDigits and longNumbers read printed numbers as a learner does', () => {
  assert.equal(significantDigits('0.00943'), 3);
  assert.equal(significantDigits('0.0094299'), 5);
  assert.equal(significantDigits('55.80'), 4);
  assert.equal(significantDigits('−1.23×10⁻⁷'), 3);
  assert.equal(significantDigits('123,000'), 3);
  assert.equal(significantDigits('4096'), 4);
  assert.equal(significantDigits('100'), 1);
  assert.deepEqual(longNumbers('mean 0.0094299 and 55.798 ± 0.12, 0.99965; d 4096, W1 3.1.6, 2026-11-28, 12.34 %'), ['0.0094299', '55.798', '0.99965', '12.34']);
  assert.deepEqual(longNumbers('−0.87184 and 1.2346×10⁻⁷ at seed 12345'), ['−0.87184', '1.2346×10⁻⁷', '12345']);
  assert.deepEqual(longNumbers('Zhai et al. (2023); 709.78 and 88.72; d 4,096; 2,056 and 2,060; 1.00 and 100.0'), ['2,056', '100.0']);
});

test('the default page at 1280 px prints no number with more than three significant digits outside its allow-list', async () => {
  const { page } = await session.open(session.server.url, { viewport: { width: 1280, height: 900 } });
  await page.waitForSelector('body[data-engine="ready"]');
  await refined(page);
  // Each visible text node with its lesson and part (or question): not inside a closed <details>, display:none,
  // visibility:hidden, a screen-reader-only line or KaTeX's MathML copy.
  const texts = await page.evaluate(() => {
    const out = [];
    const walker = document.createTreeWalker(document.querySelector('main') ?? document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!node.textContent.trim() || !parent) continue;
      if (parent.closest('.visually-hidden, .katex-mathml, script, style, [hidden]')) continue;
      if (!parent.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: false })) continue;
      const lesson = parent.closest('section[data-lesson]')?.dataset.lesson ?? '(page)';
      const where = parent.closest('[data-part]')?.dataset.part ?? parent.closest('[data-question]')?.dataset.question ?? '';
      out.push({ lesson, where, text: node.textContent });
    }
    return out;
  });
  const found = [];
  for (const { lesson, where, text } of texts) {
    for (const n of longNumbers(text)) found.push({ lesson, where, n, text: text.trim().slice(0, 90) });
  }
  const byLesson = new Map();
  for (const f of found) byLesson.set(f.lesson, [...(byLesson.get(f.lesson) ?? []), f]);
  console.log(`long numbers on the default page: ${found.length} (${[...byLesson].map(([l, fs]) => `${l} ${fs.length}`).join(', ') || 'none'})`);
  const report = (fs) => fs.map((f) => `  ${f.lesson}${f.where ? `/${f.where}` : ''}: ${f.n}   in “${f.text}”`).join('\n');
  const skipped = found.filter((f) => SKIP.has(f.lesson));
  if (skipped.length) console.log(`TODO (issue 33), not yet converted, skipped:\n${report(skipped)}`);
  const failing = found.filter((f) => !SKIP.has(f.lesson));
  assert.equal(failing.length, 0, `numbers with more than three significant digits:\n${report(failing)}`);
  assert.ok(texts.length > 200, `the page's text was read (${texts.length} text nodes)`);
});

test('Lesson 3’s 2 × 2 Jacobian prints its entries near 2e-7 in scientific notation, never as 0.00', async () => {
  // Lesson 3.2 shows the median row by raw ‖J‖ of 1,000 (row 288 here), whose entries are about 1.7e-7.
  const { page } = await session.open(`${session.server.url}#lesson=saturation&gn=2&gdk=256&gseed=1&gscaled=0&sdeep=jacobian`, { viewport: { width: 1280, height: 900 } });
  await page.waitForSelector('figure[data-matrix="jacobian"] .cell text');
  const cells = await page.$$eval('figure[data-matrix="jacobian"] .cell', (gs) => gs.map((g) => ({ value: Number(g.dataset.value), text: g.querySelector('text').textContent })));
  const median = session.engine.gradientDistribution({ dK: 256, n: 2, trials: 1000, seed: 1 }).jacobian.unscaled.quartileRows[1];
  const row = session.engine.softmaxStats({ dK: 256, n: 2, seed: 1, row: median, scaled: false });
  assert.equal(cells.length, 4);
  cells.forEach((c, i) => {
    assert.equal(c.value, row.jacobian[i], `entry ${i} is the engine's`);
    assert.ok(c.value !== 0 && Math.abs(c.value) < 1e-6, `entry ${i} is tiny and non-zero (${c.value}): the case this test is about`);
    assert.doesNotMatch(c.text, /^[−-]?0(\.0*)?$/, `entry ${i} (${c.value}) prints as "${c.text}"`);
    assert.equal(c.text, short(c.value));
    assert.match(c.text, /^−?2×10⁻⁷$/);
  });
});
