// What is out of sight draws after the change (web/offscreen.js): the frame that answers a control redraws the
// charts in the window; one below it keeps its drawing until the page is quiet, then shows the same picture a fresh
// page at the new settings draws. Needs build/page/app.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { problems, nextFrame, refined, browserSession } from './harness.mjs';

const session = browserSession();

/**
 * Opens Lesson 2 with its seed's field in the middle of the window (the histograms in sight, the sweep's chart below)
 * and installs two helpers: pictures(), what the first histogram and the sweep's measured points show, and
 * changeSeed(value, print), which types the seed and resolves in the microtask right after the section's update,
 * before any timer can run, with the pictures then (after dispatching beforeprint first when `print`). Every update
 * of the section from then on is listed, by kind, in window.kinds.
 */
async function openAtSeed(hash = '') {
  const opened = await session.open(`${session.server.url}#lesson=variance${hash}`);
  const { page } = opened;
  await page.waitForSelector('[data-chart="sweep-linear"] svg');
  const where = await page.evaluate(() => {
    document.querySelector('input[data-key="vseed"]').scrollIntoView({ block: 'center' });
    const box = (id) => document.querySelector(`[data-chart="${id}"]`).getBoundingClientRect();
    window.pictures = () => ({
      bars: [...document.querySelectorAll('[data-chart="hist-0"] .bins rect')].map((r) => r.getAttribute('height')).join(','),
      sweep: document.querySelector('[data-chart="sweep-linear"] [data-series="variance"] path')?.getAttribute('d') ?? null,
    });
    window.changeSeed = (value, print) => new Promise((resolve) => {
      const root = document.querySelector('[data-asl-section="variance"]');
      window.kinds = [];
      new MutationObserver(() => {
        window.kinds.push(root.dataset.updateKind);
        if (window.kinds.length > 1) return;
        const waiting = root.dataset.drawing ?? null;
        if (print) window.dispatchEvent(new Event('beforeprint')); // as window.print() sends it
        resolve({ ...window.pictures(), waiting, drawing: root.dataset.drawing ?? null, kind: root.dataset.updateKind });
      }).observe(root, { attributes: true, attributeFilter: ['data-updates'] });
      const input = document.querySelector('input[data-key="vseed"]');
      input.value = String(value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    return { hist: box('hist-0').bottom, sweep: box('sweep-linear').top, window: innerHeight };
  });
  assert.ok(where.hist < where.window && where.sweep > where.window, `histogram in sight, sweep below it: ${JSON.stringify(where)}`);
  await nextFrame(page);
  await page.waitForTimeout(300); // the observer has reported where each chart is
  return opened;
}
const pictures = (page) => page.evaluate(() => window.pictures());

test('a change redraws the charts in sight in its frame; a chart below the window follows once the page is quiet', async () => {
  const { page, log } = await openAtSeed();
  const before = await pictures(page);

  const answered = await page.evaluate(() => window.changeSeed(2, false));
  assert.equal(answered.kind, 'render');
  assert.notEqual(answered.bars, before.bars, 'the histogram in sight is redrawn in the frame of the change');
  assert.equal(answered.sweep, before.sweep, 'the sweep below the window still shows the last drawing');
  assert.equal(answered.waiting, '1', 'the section says it has charts still to draw');

  await nextFrame(page); // waits for data-drawing to go
  assert.notEqual((await pictures(page)).sweep, before.sweep, 'the sweep was drawn once the page was quiet');
  assert.ok((await page.evaluate(() => window.kinds)).includes('offscreen'), 'the section stamped the later drawing');
  await refined(page); // the histograms' full sample counts, and the charts they redraw
  const later = await pictures(page);

  // The picture drawn later is the one a fresh page at seed 2 draws.
  const fresh = await openAtSeed('&vseed=2');
  await refined(fresh.page);
  assert.deepEqual(await pictures(fresh.page), later);
  assert.deepEqual([...problems(log), ...log.errors, ...problems(fresh.log), ...fresh.log.errors], []);
});

test('a chart waiting below the window is drawn before the page prints', async () => {
  const { page } = await openAtSeed();
  const before = await pictures(page);
  const printed = await page.evaluate(() => window.changeSeed(3, true));
  assert.equal(printed.waiting, '1');
  assert.notEqual(printed.sweep, before.sweep, 'drawn at beforeprint');
  assert.equal(printed.drawing, null);
});

test('a lesson part below the window (Lesson 3.3) computes and draws after the change; the part in sight answers at once', async () => {
  const open = async (hash) => {
    const opened = await session.open(`${session.server.url}#lesson=saturation${hash}`);
    await opened.page.waitForSelector('[data-table="spread"] [data-stat]', { state: 'attached' });
    await opened.page.evaluate(() => {
      window.shown = () => ({
        bars: document.querySelectorAll('[data-chart="row-weights"] .bars > g').length,
        spread: [...document.querySelectorAll('[data-table="spread"] [data-stat]')].map((n) => n.dataset.value).join(','),
      });
    });
    return opened;
  };
  const { page, log } = await open('');
  const where = await page.evaluate(() => {
    document.querySelector('input[data-key="gn"]').scrollIntoView({ block: 'center' });
    window.scrollBy(0, document.querySelector('[data-part="histogram"]').getBoundingClientRect().top - innerHeight - 40);
    return { row: document.querySelector('[data-chart="row-weights"]').getBoundingClientRect().bottom,
      spread: document.querySelector('[data-part="histogram"]').getBoundingClientRect().top, window: innerHeight };
  });
  assert.ok(where.row < where.window && where.spread > where.window, `3.2 in sight, 3.3 below it: ${JSON.stringify(where)}`);
  await nextFrame(page);
  await page.waitForTimeout(300);
  await refined(page);
  const before = await page.evaluate(() => window.shown());
  const answered = await page.evaluate(() => new Promise((resolve) => {
    const root = document.querySelector('[data-asl-section="saturation"]');
    new MutationObserver((_, observer) => {
      observer.disconnect();
      resolve({ ...window.shown(), waiting: root.dataset.drawing ?? null });
    }).observe(root, { attributes: true, attributeFilter: ['data-updates'] });
    const input = document.querySelector('input[data-key="gn"]');
    input.value = '8';
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }));
  assert.equal(before.bars, 16);
  assert.equal(answered.bars, 8, '3.2 drew the new row in the change\'s update');
  assert.equal(answered.spread, before.spread, '3.3 had not computed yet');
  assert.equal(answered.waiting, '1');
  await nextFrame(page);
  await refined(page);
  const later = await page.evaluate(() => window.shown());
  assert.notEqual(later.spread, before.spread, '3.3 computed once the page was quiet');

  const fresh = await open('&gn=8');
  await refined(fresh.page);
  assert.deepEqual(await fresh.page.evaluate(() => window.shown()), later, 'the same numbers as a fresh page with n = 8');
  assert.deepEqual([...problems(log), ...log.errors, ...problems(fresh.log), ...fresh.log.errors], []);
});

test('Lesson 5.3\'s Concat and Wᴼ, open below the window, follow a change of d_model once the page is quiet', async () => {
  const { page, log } = await session.open(`${session.server.url}#lesson=heads&hdeep=combine`);
  await page.waitForSelector('[data-part="combine"] figure[data-matrix="wo"]');
  const where = await page.evaluate(() => {
    window.shapes = () => [...document.querySelectorAll('[data-part="combine"] figure[data-matrix]')].map((f) => `${f.dataset.matrix} ${f.dataset.rows}×${f.dataset.cols}`).join(', ');
    document.querySelector('input[data-key="hdmodel"]').scrollIntoView({ block: 'center' });
    return { combine: document.querySelector('[data-part="combine"]').getBoundingClientRect().top, window: innerHeight };
  });
  assert.ok(where.combine > where.window, `the combine part is below the window: ${JSON.stringify(where)}`);
  await nextFrame(page);
  await page.waitForTimeout(300); // the observer has reported where the part is
  const before = await page.evaluate(() => window.shapes());
  assert.equal(before, 'concat 3×16, wo 16×16, mh-output 3×16');
  const answered = await page.evaluate(() => new Promise((resolve) => {
    const root = document.querySelector('[data-asl-section="heads"]');
    new MutationObserver((_, observer) => {
      observer.disconnect();
      resolve({ shapes: window.shapes(), waiting: root.dataset.drawing ?? null });
    }).observe(root, { attributes: true, attributeFilter: ['data-updates'] });
    const input = document.querySelector('input[data-key="hdmodel"]');
    input.value = '24';
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }));
  assert.equal(answered.shapes, before, 'the maps below the window keep their last drawing in the change\'s frame');
  assert.equal(answered.waiting, '1', 'the section says it has a part still to draw');
  await nextFrame(page);
  await page.waitForFunction(() => !document.querySelector('[data-asl-section="heads"]').dataset.drawing);
  assert.equal(await page.evaluate(() => window.shapes()), 'concat 3×24, wo 24×24, mh-output 3×24', 'drawn once the page was quiet');
  assert.deepEqual([...problems(log), ...log.errors], []);
});
