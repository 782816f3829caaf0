// Pieces the parts of Lesson 7 share: the sources it cites (numbered footnotes) and a part's layout (a sentence of
// mechanism above its chart, the takeaway below, its controls and numbers beside). Layout only: every number comes
// from the engine or the data files.
import { el } from '../../dom.js';
import { deeper } from '../kit/lesson.js';
import { fill, watcher, attempt, message, noticeBox } from '../kit/parts.js';

/** The published work the lesson reports, as authors, year and title. */
export const SOURCES = {
  dehghani: ['Dehghani et al.', 2023, 'Scaling Vision Transformers to 22 Billion Parameters'],
  zhai: ['Zhai et al.', 2023, 'Stabilizing Transformer Training by Preventing Attention Entropy Collapse'],
  wortsman: ['Wortsman et al.', 2023, 'Small-scale proxies for large-scale Transformer training instabilities'],
  henry: ['Henry et al.', 2020, 'Query-Key Normalization for Transformers'],
  yang: ['Yang et al.', 2022, 'Tensor Programs V: Tuning Large Neural Networks via Zero-Shot Hyperparameter Transfer'],
  chiang: ['Chiang & Cholak', 2022, 'Overcoming a Theoretical Limitation of Self-Attention'],
  nakanishi: ['Nakanishi', 2025, 'Scalable-Softmax Is Superior for Attention'],
};

/**
 * A part's sources as numbered footnotes: { node, ref(id) }. node is "Sources ¹ Henry et al. 2020, Query-Key
 * Normalization for Transformers · ² …" under the part, each title in a <cite>; ref(id) is the superscript number
 * that stands for that source in the prose (its title attribute names it), so the main column names no authors.
 */
export function sources(...ids) {
  const label = (id) => `${SOURCES[id][0]} ${SOURCES[id][1]}`;
  const items = ids.map((id, i) => {
    const [, , title] = SOURCES[id];
    return el('li', { dataset: { source: id } }, el('sup', {}, String(i + 1)), ' ', `${label(id)}, `, el('cite', {}, title));
  });
  const node = el('div', { className: 'beyond-sources' }, el('span', { className: 'beyond-sources-label' }, 'Sources'), el('ol', {}, items));
  return {
    node,
    ref: (...refs) => el('sup', { className: 'source-ref', attrs: { title: refs.map(label).join('; ') } },
      refs.map((id) => String(ids.indexOf(id) + 1)).join(',')),
  };
}

/** The boxes a part fills when it draws: prose (its takeaway), stats and the "Go deeper" body. */
export const partBoxes = () => ({ prose: el('div', { className: 'part-prose' }), stats: el('div', { className: 'part-stats' }), deeper: el('div') });

/**
 * Lays out and runs one part: first its lead (one sentence of mechanism and formula, strings and nodes) across the
 * width, then on the left its chart and its prose (the takeaway), on the right its question (if any), controls, numbers
 * and "Go deeper" section (entry `deeperId` of `bdeep`; none without one), stacked on a phone; its sources below both. `proseBeside`
 * moves the prose to the right, under the numbers, for a part whose right column is short; `boxes` (partBoxes())
 * lets the caller hold them first, to cover some with a question. When
 * one of `keys` changes, compute(state) calls the engine and draw(result, state, { prose, stats, deeper }) fills
 * the boxes; an engine error is shown in the part and its last drawing stays, dimmed. Returns { node, render, redraw },
 * where redraw(state) computes and draws again whatever changed (a part's full sample count arrived).
 */
export function beyondPart(store, { part, lead = null, controls, ask = null, chart, cite, deeperId, deeperSummary, keys, compute, draw, proseBeside = false,
  boxes = partBoxes() }) {
  const { box: notes, notices } = noticeBox();
  // Without a deeperId the box is shown as it is (a part that itself sits behind a "Go deeper" bar).
  const more = deeperId ? deeper(store, 'bdeep', deeperId, deeperSummary, boxes.deeper) : { node: boxes.deeper, sync() {} };
  // The lead spans both columns: one line on a wide screen, and on a phone it comes before the question.
  const leadNode = lead ? el('p', { className: 'part-lead' }, lead) : null;
  fill(part.figures, leadNode, el('div', { className: 'beyond-layout' },
    el('div', { className: 'beyond-figure' }, chart.node, proseBeside ? null : boxes.prose),
    el('div', { className: 'beyond-side' }, ask ? ask.node : null, el('div', { className: 'control-grid' }, controls.map((c) => c.node)),
      notes, boxes.stats, proseBeside ? boxes.prose : null, more.node)), cite.node);
  const changed = watcher(store, keys);
  const redraw = (state) => {
    const result = attempt(part, notices, 'The engine rejected these settings', () => compute(state));
    if (result) draw(result, state, boxes);
    return Boolean(result);
  };
  return {
    node: part.node,
    render(state) {
      for (const c of controls) c.sync(state);
      if (ask) ask.render(state);
      more.sync(state);
      if (changed(state)) redraw(state);
    },
    redraw,
  };
}

/**
 * A question's explain(state): measure(state) calls the engine for the current settings and say(result, state) words
 * the answer with its numbers; an engine error is shown in their place.
 */
export function explainWith(measure, say) {
  return (state) => {
    let result;
    try {
      result = measure(state);
    } catch (error) {
      return [message(error)];
    }
    return say(result, state);
  };
}

/**
 * A chart title that takes no room: the axes and legend say what the chart shows, and the title stays for screen
 * readers and for the names of exported files.
 */
export const quietTitle = (text) => el('span', { className: 'visually-hidden' }, text);
