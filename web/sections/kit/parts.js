// Building blocks of a lesson's parts: a numbered part panel, a list of printed statistics, a per-part change
// detector, a part's notice box and the engine-error notice, a row of preset buttons. Layout only.
import { el, clear, patch, patchFresh, mergeable } from '../../dom.js';
import { createNotices } from '../../notices.js';
import { tex } from '../../math.js';
import { precise } from '../../format.js';

/**
 * A part of a lesson: number, title, a formula, then prose, its controls, its figures and its numbers.
 * Returns { node, prose, controls, figures, stats } (all elements the part fills).
 */
export function partPanel({ id, number, title, formula = null }) {
  const prose = el('div', { className: 'part-prose' });
  const controls = el('div', { className: 'part-controls' });
  const figures = el('div', { className: 'part-figures' });
  const stats = el('div', { className: 'part-stats' });
  const node = el('section', { className: 'part-panel', dataset: { part: id }, attrs: { 'aria-label': `${number} ${title}` } },
    el('header', { className: 'step-header' },
      el('span', { className: 'part-number' }, number),
      el('h3', { className: 'step-title' }, title),
      formula ? tex(formula, { className: 'step-tex' }) : null),
    prose, controls, figures, stats);
  return { node, prose, controls, figures, stats };
}

/**
 * Replaces the paragraphs of `box`; each paragraph is an array of strings and nodes. A paragraph of text and plain
 * elements is merged into the one it replaces (web/dom.js `patch`): a redraw with the same words writes nothing.
 */
export function setProse(box, paragraphs) {
  patch(box, paragraphs.map((p) => mergeable(el('p', { className: 'step-prose' }, p))));
}

/**
 * A <dl> of printed numbers: rows are [key, label, value text, note?, raw value?]. Each value sits in
 * <dd data-stat=key data-value=raw> so tests read the number the page shows and the number behind it; a numeric raw
 * value is also its tooltip, to five digits (web/format.js precise), where the list prints two or three.
 */
export function statList(id, rows) {
  return mergeable(el('dl', { className: 'stats', dataset: { stats: id } }, rows.filter(Boolean).map(([key, label, value, note, raw]) => [
    el('dt', {}, label),
    el('dd', { dataset: { stat: key, value: raw === undefined ? '' : String(raw) } },
      el('span', { className: 'stat-value', attrs: tooltip(raw, value) }, value), note ? [' ', note] : null),
  ])));
}

/**
 * The full-precision tooltip of a printed number, as el()'s attrs: { title } with its raw value to five digits, or
 * undefined (no attribute) when that would add nothing.
 */
export function tooltip(raw, printed) {
  if (typeof raw !== 'number' || !Number.isFinite(raw)) return undefined;
  const full = precise(raw);
  return full === printed ? undefined : { title: full };
}

/**
 * Fills `box` with `children` (replacing what was there): a node already there stays, and a list of numbers
 * (statList) or other mergeable node is merged into the one in its place (web/dom.js `patch`).
 */
export function fill(box, ...children) {
  patch(box, children);
}

/**
 * Fills `box` with `children` made just now for this draw and kept by nobody (a table of numbers, a line of text):
 * each is merged into the node in its place (web/dom.js `patchFresh`), so a redraw rewrites only the words and
 * numbers that changed, and the browser lays out again only those. A node already on the page is put in as it is.
 */
export function refill(box, ...children) {
  patchFresh(box, children);
}

/**
 * A change detector for one part: returns true when any of `keys` has a different value (as the state table
 * writes it) than at the previous call, so a part recomputes only when its own inputs moved.
 */
export function watcher(store, keys) {
  let last = null;
  return (state) => {
    const now = keys.map((k) => store.type(k).format(state[k])).join('&');
    if (now === last) return false;
    last = now;
    return true;
  };
}

/**
 * A part's own polite notice box: { box, notices, problem }, where problem(text) shows the part's input problem
 * (or clears it when text is empty).
 */
export function noticeBox() {
  const box = el('div', { className: 'notices part-notices', attrs: { 'aria-live': 'polite' } });
  const notices = createNotices(box);
  const problem = (text) => (text ? notices.show('input', text) : notices.clear('input'));
  return { box, notices, problem };
}

/** A row of buttons that set state values ("Try: β = 0.001 · 1 · 1000"); presets are [label, patch, spoken hint]. */
export function presetRow(store, hint, presets) {
  return el('div', { className: 'preset-row' }, el('span', { className: 'control-hint' }, hint), presets.map(([label, patch, aria]) => {
    // The spoken name starts with the visible label (WCAG 2.5.3, label in name), then says what the button does.
    const b = el('button', { type: 'button', className: 'control-button small', textContent: label, attrs: aria ? { 'aria-label': `${label}: ${aria}` } : {} });
    b.addEventListener('click', () => store.set(patch));
    return b;
  }));
}

/** The text of an engine error, for a notice. */
export const message = (error) => (error instanceof Error ? error.message : String(error));

/** d with subscript k, as HTML (for prose and labels). */
export const dk = () => [el('var', {}, 'd'), el('sub', {}, 'k')];

/**
 * Runs `fn` (a part's engine calls) and returns its value; clears the part's engine notice, or on an error shows the
 * engine's message under `title`, dims the part (its last good result stays on screen) and returns null.
 */
export function attempt(part, notices, title, fn) {
  try {
    const value = fn();
    notices.clear('engine');
    part.node.classList.remove('stale');
    return value;
  } catch (error) {
    // A trap is the engine's fault, not the settings' (web/engine.js says so in its message).
    notices.show('engine', message(error), { tone: 'error', title: error instanceof WebAssembly.RuntimeError ? 'The engine failed' : title });
    part.node.classList.add('stale'); // the last good result stays, dimmed
    return null;
  }
}

/**
 * Mounts a lesson made of parts: its title, its introduction and each part in order, numbered `<lesson>.<i>`, then
 * renders every part on each state change. `shared` is passed to every render, so a part can hand its result to a
 * later one (parts render in order).
 */
export function mountParts(root, { engine, store }, lesson, intro, makers) {
  const parts = makers.map((make, i) => make(engine, store, `${lesson.number}.${i + 1}`));
  clear(root);
  root.append(
    el('h2', { className: 'lesson-title' }, `Lesson ${lesson.number} · ${lesson.title}`),
    el('div', { className: 'lesson-intro' }, intro),
    el('div', { className: 'lesson-parts' }, parts.map((p) => p.node)));
  // What parts hand to the parts after them; refresh() renders them all again with the current state, for a part
  // whose later refinement (web/sections/kit/progressive.js) changed what it handed on.
  const shared = { refresh: () => render(store.get()) };
  const render = (state) => {
    for (const p of parts) p.render(state, shared);
  };
  store.subscribe(render);
}
