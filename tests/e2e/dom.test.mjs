// web/dom.js's patch() and patchFresh(), in Chromium: a redraw is merged into the elements already shown, so the
// browser lays out again only what changed; and two lessons whose redraws go through them keep their elements.
// Needs build/page/app.js (the page is opened for its origin; the module is imported from web/dom.js as served).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserSession, problems } from './harness.mjs';

const session = browserSession();

/** Runs `fn` (which imports web/dom.js itself) in a page of this origin; returns what it returns. */
async function inPage(fn) {
  const { page, log } = await session.open(session.server.url, { waitReady: false });
  const result = await page.evaluate(fn);
  assert.deepEqual(problems(log), []);
  return result;
}

test('patch merges a mergeable paragraph into the one shown, writing only the text that changed', async () => {
  const r = await inPage(async () => {
    const { el, patch, mergeable } = await import('/web/dom.js');
    const box = el('div');
    document.body.append(box);
    patch(box, [mergeable(el('p', { className: 'a', dataset: { x: '1' } }, 'score ', el('strong', {}, '1.5'), ' here'))]);
    const p = box.firstChild;
    const strong = p.querySelector('strong');
    const writes = [];
    const mo = new MutationObserver((list) => writes.push(...list.map((m) => `${m.type}:${m.attributeName ?? ''}`)));
    mo.observe(box, { subtree: true, childList: true, characterData: true, attributes: true });
    patch(box, [mergeable(el('p', { className: 'b' }, 'score ', el('strong', {}, '2.5'), ' here'))]);
    const seen = mo.takeRecords().map((m) => `${m.type}:${m.attributeName ?? ''}`);
    return { sameP: box.firstChild === p, sameStrong: p.querySelector('strong') === strong, text: p.textContent,
      className: p.className, x: p.dataset.x ?? null, writes: [...writes, ...seen].sort() };
  });
  assert.ok(r.sameP && r.sameStrong, 'the paragraph and its <strong> are the ones shown before');
  assert.equal(r.text, 'score 2.5 here');
  assert.equal(r.className, 'b');
  assert.equal(r.x, null, 'an attribute the new paragraph lacks is removed');
  assert.deepEqual(r.writes, ['attributes:class', 'attributes:data-x', 'characterData:'], 'one text and two attributes written, nothing put in');
});

test('patch puts in a node that is not mergeable, and moves a node already on the page as it is', async () => {
  const r = await inPage(async () => {
    const { el, patch } = await import('/web/dom.js');
    const box = el('div');
    const kept = el('span', {}, 'kept');
    document.body.append(box, el('div', {}, kept));
    patch(box, [el('p', {}, 'one')]);
    const first = box.firstChild;
    const second = el('p', {}, 'two');
    patch(box, [second, kept]);
    return { replaced: box.firstChild === second && !first.isConnected, moved: box.lastChild === kept, text: box.textContent };
  });
  assert.ok(r.replaced, 'a fresh node that is not marked mergeable replaces the old one');
  assert.ok(r.moved, 'a node on the page is moved in, not copied');
  assert.equal(r.text, 'twokept');
});

test('a merged paragraph takes a child that holds a button whole, keeps equal MathML; patchFresh merges plain nodes alone', async () => {
  const r = await inPage(async () => {
    const { el, patch, patchFresh, mergeable } = await import('/web/dom.js');
    const MATHML = 'http://www.w3.org/1998/Math/MathML';
    const math = (name) => {
      const m = document.createElementNS(MATHML, 'math');
      m.append(document.createElementNS(MATHML, 'mi'));
      m.firstChild.textContent = name;
      return m;
    };
    // A glossary-like term: its button's listener reaches the span it was made in.
    const term = (word) => {
      const span = el('span', { className: 'term' });
      const button = el('button', { type: 'button' }, word);
      button.addEventListener('click', () => span.classList.add('clicked'));
      span.append(button);
      return span;
    };
    const draw = (value, symbol) => [
      mergeable(el('p', {}, 'The ', term('score'), ` is ${value}, `, math(symbol), '.')),
      mergeable(el('table', {}, el('tbody', {}, el('tr', {}, el('td', {}, String(value)), el('td', {}, math(symbol)))))),
    ];
    const box = el('div');
    document.body.append(box);
    patch(box, draw(1, 'x'));
    const [p, table] = box.children;
    const [cell, mathCell] = table.querySelectorAll('td');
    const oldMath = p.querySelector('math');
    const oldTerm = p.querySelector('.term');
    const oldCellMath = mathCell.querySelector('math');
    patch(box, draw(2, 'x'));
    const keptMath = p.querySelector('math') === oldMath && mathCell.querySelector('math') === oldCellMath;
    const newTerm = p.querySelector('.term');
    newTerm.querySelector('button').click();
    patch(box, draw(3, 'y'));
    // patchFresh: each child is merged when plain all the way down, else put in whole.
    const line = el('p');
    document.body.append(line);
    const fresh = (v) => ['x = ', el('strong', {}, v), ' ', term('w')];
    patchFresh(line, fresh('1'));
    const [strong, lineTerm] = [line.querySelector('strong'), line.querySelector('.term')];
    patchFresh(line, fresh('2'));
    return {
      fresh: { strongKept: line.querySelector('strong') === strong, termNew: line.querySelector('.term') !== lineTerm, text: line.textContent },
      same: box.children[0] === p && box.children[1] === table && table.querySelector('td') === cell,
      cellText: cell.textContent, text: p.textContent,
      keptMath, changedMath: p.querySelector('math') !== oldMath && p.querySelector('mi').textContent === 'y',
      termReplaced: newTerm !== oldTerm && !oldTerm.isConnected, clickReachedShownTerm: newTerm.classList.contains('clicked'),
      order: [...p.childNodes].map((n) => n.nodeName).join(' '),
    };
  });
  assert.ok(r.same, 'the paragraph, table and cell are the ones first drawn');
  assert.equal(r.cellText, '3');
  assert.equal(r.text, 'The score is 3, y.');
  assert.ok(r.keptMath, 'MathML that reads the same stays');
  assert.ok(r.changedMath, 'MathML that differs is replaced');
  assert.ok(r.termReplaced, 'a child holding a button is put in whole');
  assert.ok(r.clickReachedShownTerm, 'so its listener acts on the term on the page');
  assert.equal(r.order, '#text SPAN #text math #text', 'the children stay in order');
  assert.deepEqual(r.fresh, { strongKept: true, termNew: true, text: 'x = 2 w' });
});

test('Lesson 4\'s derivation tables and Lesson 1\'s step panel redraw into the elements shown', async () => {
  const { page, log } = await session.open(`${session.server.url}#lesson=temperature&tdeep=derivation`);
  await page.waitForSelector('[data-table="derivation"] [data-stat="dktheory"]');
  await page.$eval('[data-part="derivation"]', (n) => n.scrollIntoView());
  await page.evaluate(() => document.querySelectorAll('[data-part="derivation"] td, [data-part="derivation"] math').forEach((n) => { n.aslMark = true; }));
  const before = await page.$eval('[data-table="derivation"] [data-stat="dktheory"]', (n) => n.dataset.value);
  await page.fill('[data-part="derivation"] input[data-key="tdk"][type="number"]', String(Number(before) * 2));
  await page.waitForFunction((v) => document.querySelector('[data-table="derivation"] [data-stat="dktheory"]')?.dataset.value === v, String(Number(before) * 2));
  const kept = await page.evaluate(() => {
    const nodes = [...document.querySelectorAll('[data-part="derivation"] td, [data-part="derivation"] math')];
    return { all: nodes.length, marked: nodes.filter((n) => n.aslMark).length };
  });
  assert.ok(kept.all > 40, `cells and formulas: ${kept.all}`);
  assert.equal(kept.marked, kept.all, 'every cell and formula is the one drawn before the change');

  await page.evaluate(() => { location.hash = '#lesson=selfattention&step=6&head=random'; }); // the seed moves the random W's
  await page.waitForSelector('.step-panel[data-step="6"] .step-body [data-matrix="weights"]');
  await page.evaluate(() => document.querySelectorAll('.step-panel .step-body *').forEach((n) => { n.aslMark = true; }));
  const shown = () => page.$eval('.step-panel[data-step="6"] [data-stat="maxweight"]', (n) => n.dataset.value);
  const max = await shown();
  await page.fill('input[data-key="seed"]', '7');
  await page.waitForFunction((v) => document.querySelector('.step-panel[data-step="6"] [data-stat="maxweight"]').dataset.value !== v, max);
  const panel = await page.evaluate(() => {
    const body = document.querySelector('.step-panel[data-step="6"] .step-body');
    return { figure: Boolean(body.querySelector('[data-matrix="weights"]').aslMark), rows: [...body.querySelectorAll('.figure-row')].every((n) => n.aslMark),
      prose: [...body.querySelectorAll('.step-prose')].every((n) => n.aslMark), stats: Boolean(body.querySelector('[data-stats="weights"]').aslMark) };
  });
  assert.deepEqual(panel, { figure: true, rows: true, prose: true, stats: true });
  assert.deepEqual(problems(log), []);
});
