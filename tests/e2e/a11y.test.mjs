// Access and comfort in Chromium: axe-core on every section in the light and the dark theme, the theme toggle, a
// keyboard-only walk through Lesson 1 (focus ring on every stop, heatmap cells read with the arrow keys), the live
// region, phone width, reduced motion and print. Screenshots go to build/screenshots/. Needs build/page/app.js.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, problems, browserSession, settled } from './harness.mjs';

const AXE = fs.readFileSync(path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
const SHOTS = path.join(ROOT, 'build', 'screenshots');

const session = browserSession();

before(() => fs.mkdirSync(SHOTS, { recursive: true }));

async function load(hash = '', { viewport = { width: 1280, height: 900 }, colorScheme = 'light', reducedMotion = 'no-preference' } = {}) {
  const context = await session.newContext({ viewport, colorScheme, reducedMotion });
  const page = await context.newPage();
  const log = { console: [], errors: [] };
  page.on('console', (msg) => log.console.push({ type: msg.type(), text: msg.text() }));
  page.on('pageerror', (err) => log.errors.push(String(err)));
  await page.goto(session.server.url + hash);
  await page.waitForSelector('body[data-engine="ready"]', { timeout: 20000 });
  await page.waitForTimeout(300); // charts drawn on their first resize notification
  return { page, context, log };
}

const sectionIds = (page) => page.$$eval('#toc a[data-lesson]', (n) => n.map((a) => a.dataset.lesson));

/** axe-core's serious and critical violations inside `selector`, as readable lines. The script is passed to the
 *  page through the DevTools protocol (page.evaluate), which the page's CSP does not govern: nothing is fetched. */
async function axeViolations(page, selector) {
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(AXE);
  const result = await page.evaluate((sel) => window.axe.run(sel, { resultTypes: ['violations'] }), selector);
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

for (const theme of ['light', 'dark']) {
  test(`axe-core finds no serious or critical problem in any section, ${theme} theme`, async () => {
    // Lesson 1 stepped to the end so every one of its matrices is on the page.
    const { page } = await load('#step=7&causal=1', { colorScheme: theme });
    const background = await page.$eval('body', (n) => getComputedStyle(n).backgroundColor);
    assert.equal(background, theme === 'dark' ? 'rgb(20, 23, 27)' : 'rgb(255, 255, 255)', `the page follows prefers-color-scheme: ${theme}`);
    const ids = await sectionIds(page);
    assert.ok(ids.length >= 3);
    const found = [];
    for (const id of ids) for (const line of await axeViolations(page, `#lesson-${id}`)) found.push(`${id}: ${line}`);
    for (const line of await axeViolations(page, '.site-header')) found.push(`header: ${line}`);
    assert.deepEqual(found, [], `axe-core in the ${theme} theme`);
  });
}

test('axe-core finds no serious or critical problem in a custom element, in either theme', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const context = await session.newContext({ viewport: { width: 1100, height: 900 }, colorScheme });
    const page = await context.newPage();
    await page.goto(`${session.server.origin}/tests/e2e/fixtures/two-elements.html`);
    await page.waitForFunction(() => [...document.querySelectorAll('attention-saturation, attention-self-attention')].every((e) => e.dataset.engine === 'ready'));
    await page.waitForTimeout(300);
    assert.deepEqual(await axeViolations(page, 'body'), [], `axe-core on two elements, ${colorScheme}`);
  }
});

test('the theme toggle switches to dark and back, is remembered, and overrides the system setting', async () => {
  const { page, context } = await load('', { colorScheme: 'light' });
  const toggle = page.locator('.theme-toggle');
  assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
  assert.equal(await page.$eval('body', (n) => getComputedStyle(n).backgroundColor), 'rgb(20, 23, 27)');
  assert.equal(await page.evaluate(() => localStorage.getItem('attention-scale-lab:theme')), 'dark');
  assert.doesNotMatch(await page.evaluate(() => location.hash), /theme/, 'the theme is not part of the link');
  // A new page in the same browser profile starts dark although the system says light.
  const again = await context.newPage();
  await again.goto(session.server.url);
  await again.waitForSelector('body[data-engine="ready"]');
  assert.equal(await again.$eval('html', (n) => n.dataset.theme), 'dark');
  assert.equal(await again.locator('.theme-toggle').getAttribute('aria-pressed'), 'true');
  await again.locator('.theme-toggle').click();
  assert.equal(await again.$eval('body', (n) => getComputedStyle(n).backgroundColor), 'rgb(255, 255, 255)');
  await page.screenshot({ path: path.join(SHOTS, 'theme-dark-toggle-1280.png') });
});

/** The focused element, looking inside open shadow roots. */
const focused = (page) => page.evaluate(() => {
  let node = document.activeElement;
  while (node && node.shadowRoot && node.shadowRoot.activeElement) node = node.shadowRoot.activeElement;
  if (!node || node === document.body) return null;
  const style = getComputedStyle(node);
  return {
    tag: node.tagName.toLowerCase(), key: node.dataset?.key ?? null, cls: node.getAttribute('class') ?? '', block: node.dataset?.block ?? null,
    label: node.getAttribute('aria-label') ?? node.textContent.trim().slice(0, 40),
    ring: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
    inLesson: node.closest('[data-lesson]')?.dataset.lesson ?? null, matrix: node.closest('[data-matrix]')?.dataset.matrix ?? null,
  };
});

/** Presses Tab until `match(focus)` holds (at most `limit` times); every stop on the way must show a focus ring. */
async function tabTo(page, match, what, limit = 80, key = 'Tab') {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press(key);
    const f = await focused(page);
    assert.ok(f, 'focus stays on the page');
    assert.ok(f.ring, `a visible focus ring on ${f.tag}.${f.cls} "${f.label}"`);
    if (match(f)) return f;
  }
  throw new Error(`${what} not reached with ${limit} presses of Tab`);
}

test('keyboard only: a walk through Lesson 1 with Tab, arrows, Space and Enter, with a focus ring at every stop', async () => {
  const { page, log } = await load('#sentence=money%20bank%20grows&teacher=1&emb=random&head=random'); // the random model: its d_k slider shows
  // The header's controls come first: the theme toggle and the lessons.
  const first = await tabTo(page, () => true, 'the first control');
  assert.equal(first.cls, 'theme-toggle');
  await tabTo(page, (f) => f.key === 'dk', 'the d_k slider');
  await page.keyboard.press('ArrowRight');
  await settled(page, 'dk=5');
  await tabTo(page, (f) => f.key === 'causal', 'the causal mask');
  await page.keyboard.press('Space');
  await settled(page, 'causal=1');
  const next = await tabTo(page, (f) => f.cls.includes('step-next'), 'the Next button');
  assert.match(next.label, /Next/);
  for (let i = 0; i < 5; i += 1) await page.keyboard.press('Enter');
  await settled(page, 'step=6');
  // The diagram's blocks are buttons too.
  await tabTo(page, (f) => f.block === 'scale', 'the Scale block of the diagram');
  await page.keyboard.press('Enter');
  await settled(page, 'step=4');
  await tabTo(page, (f) => f.block === 'softmax', 'the SoftMax block, above Scale', 3, 'Shift+Tab');
  await page.keyboard.press('Enter');
  await settled(page, 'step=6');
  // Heatmap cells: arrow keys move a focus cell whose row, column and value are read out.
  const matrix = await tabTo(page, (f) => f.matrix === 'weights' && f.cls.includes('heatmap-scroll'), 'the weights heatmap');
  assert.match(matrix.label, /Attention weights A: 3 by 3 matrix/);
  const readout = page.locator('figure[data-matrix="weights"] .heatmap-readout');
  const cell = (i, j) => page.$eval(`figure[data-matrix="weights"] .cell[data-row="${i}"][data-col="${j}"]`, (n) => Number(n.dataset.value));
  assert.match(await readout.textContent(), /^row money, column money: /);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  const text = await readout.textContent();
  assert.match(text, /^row bank, column bank: /);
  assert.ok(Math.abs(Number(text.split(': ')[1]) - (await cell(1, 1))) < 1e-4, `${text} is the cell's value`);
  await page.keyboard.press('End');
  assert.match(await readout.textContent(), /^row bank, column grows: 0 ?/, 'the causal mask gives (bank, grows) a weight of 0');
  assert.equal(await readout.getAttribute('aria-live'), 'polite');
  assert.equal(await page.locator('figure[data-matrix="weights"] .cell-focus').getAttribute('visibility'), 'visible');
  // Its export buttons and "show data" follow it in the tab order.
  const png = await tabTo(page, (f) => f.cls === 'chart-tool', 'the PNG button', 3);
  assert.match(png.label, /PNG/);
  await tabTo(page, (f) => f.tag === 'summary', 'Show data', 4);
  await page.keyboard.press('Enter');
  assert.equal(await page.$eval('figure[data-matrix="weights"] details.chart-data', (n) => n.open), true);
  assert.deepEqual(problems(log), []);
  await page.screenshot({ path: path.join(SHOTS, 'keyboard-heatmap-1280.png') });
});

test('the live region reads the key numbers once the learner stops changing them, and not on load', async () => {
  const { page } = await load('#lesson=saturation');
  const region = page.locator('#lesson-saturation .live-numbers');
  assert.equal(await region.getAttribute('aria-live'), 'polite');
  assert.equal(await region.textContent(), '', 'nothing is announced on load');
  await page.evaluate(() => {
    window.__announced = [];
    const node = document.querySelector('#lesson-saturation .live-numbers');
    new MutationObserver(() => window.__announced.push(node.textContent)).observe(node, { childList: true, characterData: true, subtree: true });
  });
  const slider = page.locator('input[data-key="gn"]');
  await slider.focus();
  for (let i = 0; i < 6; i += 1) await page.keyboard.press('ArrowRight'); // six changes in quick succession
  await page.waitForFunction(() => window.__announced.length > 0, null, { timeout: 5000 });
  await page.waitForTimeout(1500);
  const announced = await page.evaluate(() => window.__announced);
  assert.equal(announced.length, 1, `one announcement for a burst of changes: ${JSON.stringify(announced)}`);
  const maxWeight = await page.$eval('[data-stats="row"] [data-stat="maxweight"] .stat-value', (n) => n.textContent);
  assert.match(announced[0], new RegExp(`largest weight ${maxWeight.replace('.', '\\.')}`));
  assert.match(announced[0], /entropy of the weights/);
});

test('at 375 px each section fits the phone, and a screenshot of each is saved', async () => {
  const { page } = await load('#step=7', { viewport: { width: 375, height: 800 } });
  const wide = [];
  for (const id of await sectionIds(page)) {
    const section = page.locator(`#lesson-${id}`);
    const width = await section.evaluate((n) => Math.max(n.scrollWidth, ...[...n.querySelectorAll('*')]
      .filter((c) => !c.closest('.heatmap-scroll, .table-scroll, .tex-display') && !(c instanceof SVGElement && c.ownerSVGElement))
      .map((c) => Math.ceil(c.getBoundingClientRect().right))));
    if (width > 375) wide.push(`${id}: ${width}px`);
    await section.screenshot({ path: path.join(SHOTS, `phone-375-${id}.png`) });
  }
  // The iframe mode at phone width too.
  const embed = await load('#lesson=variance&embed=1', { viewport: { width: 375, height: 800 } });
  await embed.page.screenshot({ path: path.join(SHOTS, 'embed-variance-375.png') });
  assert.ok(await embed.page.evaluate(() => document.documentElement.scrollWidth <= 375), 'the iframe mode fits');
  assert.deepEqual(wide, [], 'sections wider than the phone');
});

test('a glossary meaning stays inside its lesson and the window at 375 and 1280 px, pointed at or focused', async () => {
  for (const width of [375, 1280]) {
    const { page, context } = await load('', { viewport: { width, height: 800 } });
    const terms = page.locator('#lessons .term:visible');
    const count = await terms.count();
    assert.ok(count >= 10, `${count} terms at ${width} px`);
    const outside = [];
    for (let i = 0; i < count; i += 1) {
      const term = terms.nth(i);
      for (const how of ['pointer', 'keyboard']) {
        if (how === 'pointer') await term.locator('.term-word').hover();
        else await term.locator('.term-word').focus();
        const box = await term.evaluate((n) => {
          const tip = n.querySelector('.term-tip').getBoundingClientRect();
          const lesson = n.closest('.lesson').getBoundingClientRect();
          const panel = n.closest('.part-panel, .step-panel');
          return { tip: [tip.left, tip.right, tip.width], lesson: [lesson.left, lesson.right], window: document.documentElement.clientWidth,
            raised: panel ? getComputedStyle(panel).zIndex : '1' };
        });
        const [left, right, shown] = box.tip;
        if (!(shown > 0) || left < box.lesson[0] || right > Math.min(box.lesson[1], box.window)) outside.push(`${width} px, ${how}, term ${i}: ${JSON.stringify(box)}`);
        // Its part comes before the parts after it, which its meaning may reach over (web/glossary.js), and only while open.
        if (box.raised !== '1') outside.push(`${width} px, ${how}, term ${i}: its part is not raised (z-index ${box.raised})`);
        await page.mouse.move(0, 0);
        await page.evaluate(() => document.activeElement?.blur());
        const after = await term.evaluate((n) => { const panel = n.closest('.part-panel, .step-panel'); return panel ? getComputedStyle(panel).zIndex : 'auto'; });
        if (after !== 'auto') outside.push(`${width} px, ${how}, term ${i}: its part stays raised after (z-index ${after})`);
      }
    }
    assert.deepEqual(outside, []);
    await context.close();
  }
});

test('a focus ring fits inside its lesson, which clips what it paints: every control shown is 5 px or more inside, at 375 and 1280 px', async () => {
  for (const width of [375, 1280]) {
    const { page, context } = await load('', { viewport: { width, height: 800 } });
    const tight = await page.evaluate(() => {
      const ring = (node) => { const s = getComputedStyle(node); return parseFloat(s.outlineWidth) + parseFloat(s.outlineOffset); };
      const out = [];
      for (const lesson of document.querySelectorAll('#lessons > .lesson')) {
        if (getComputedStyle(lesson).contain === 'none') continue;
        for (const node of lesson.querySelectorAll('a, button, input, select, textarea, summary, [tabindex]')) {
          if (!node.checkVisibility({ visibilityProperty: true })) continue;
          node.focus({ focusVisible: true, preventScroll: true });
          const need = Math.max(5, ring(node)); // theme.css: 3 px, 2 px away
          node.blur();
          const [box, b] = [lesson.getBoundingClientRect(), node.getBoundingClientRect()];
          if (!b.width) continue;
          const room = Math.min(b.left - box.left, box.right - b.right, b.top - box.top, box.bottom - b.bottom);
          if (room < need) out.push(`${lesson.id} ${node.tagName.toLowerCase()} "${(node.textContent || node.dataset.key || '').trim().slice(0, 30)}": ${room.toFixed(1)} px`);
        }
      }
      return out;
    });
    assert.deepEqual(tight, [], `${width} px`);
    await context.close();
  }
});

test('prefers-reduced-motion turns animations, transitions and smooth scrolling off', async () => {
  const { page } = await load('', { reducedMotion: 'reduce' });
  const styles = await page.$eval('.step-next', (n) => {
    const s = getComputedStyle(n);
    return { transition: s.transitionDuration, animation: s.animationName, scroll: getComputedStyle(document.documentElement).scrollBehavior };
  });
  assert.deepEqual(styles, { transition: '0s', animation: 'none', scroll: 'auto' });
});

test('the print stylesheet prints the lessons on white without buttons, export bars or contents', async () => {
  const { page } = await load('#step=7&teacher=1', { colorScheme: 'dark' });
  await page.emulateMedia({ media: 'print' });
  const seen = await page.evaluate(() => ({
    toc: getComputedStyle(document.querySelector('.toc')).display,
    tools: getComputedStyle(document.querySelector('.chart-tools')).display,
    link: getComputedStyle(document.querySelector('.section-tools')).display,
    body: getComputedStyle(document.body).backgroundColor,
    ink: getComputedStyle(document.querySelector('.lesson-title')).color,
    // Printed, every part is laid out (none skips rendering), so it can break across pages.
    lazy: [...document.querySelectorAll('.part-panel, .step-panel')].filter((n) => getComputedStyle(n).contentVisibility !== 'visible').length,
  }));
  assert.deepEqual(seen, { toc: 'none', tools: 'none', link: 'none', body: 'rgb(255, 255, 255)', ink: 'rgb(0, 0, 0)', lazy: 0 });
  const pdf = await page.pdf({ format: 'A4' });
  assert.ok(pdf.length > 10000, 'the page prints');
  fs.writeFileSync(path.join(ROOT, 'build', 'screenshots', 'print.pdf'), pdf);
});
