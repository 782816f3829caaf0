// Lesson 5: multi-head attention on Lesson 1's sentence. The core path is the heads themselves (H and d_model change
// them) and the scaling each head needs (√d_k, against the mistake √d_model and no scaling); the concatenation with
// W^O and the sweep over H are one click away. Every number shown comes from the engine; these modules pick, label
// and lay them out.
import { el, clear, patchFresh } from '../../dom.js';
import { createNotices } from '../../notices.js';
import { slider, textInput, parsedInput, radioGroup } from '../../controls.js';
import { claim, deeper } from '../kit/lesson.js';
import { term } from '../../glossary.js';
import { whenSeen } from '../../offscreen.js';
import { watcher, message } from '../kit/parts.js';
import { HEADS, SCALINGS, dmodel, divides } from './common.js';
import { headsPart } from './grid.js';
import { scalingPart } from './scaling.js';
import { combinePart } from './combine.js';

export const LESSON = {
  id: 'heads', number: 5, title: 'Several heads', mount,
  // Lesson 1's sentence is the learner's sentence for the whole page: one link carries it, and typing it here or
  // in Lesson 1 changes both. The lesson's own keys are the h… rows of web/state.js.
  keys: ['sentence', 'hdmodel', 'hheads', 'hscale', 'hseed', 'hdeep'],
  announce: ['heads-scaling:dkvar', 'heads-scaling:dmodelvar'], // read out by the live region when they change
};

function intro() {
  return [
    claim('Each of H heads has queries and keys of length dₖ = d_model / H, so it must divide its scores by √dₖ, not √d_model.'),
    el('p', {}, 'Multi-head attention cuts the ', ...dmodel(), ' columns of W', el('sub', {}, 'q'), ', W', el('sub', {}, 'k'), ' and W', el('sub', {}, 'v'),
      ' into H slices; each slice is a ', term('head'), ' that runs Lesson 1’s attention on its own. Change H and ', ...dmodel(), ':'),
  ];
}

/** The controls of the heads picture: width, H, the scaling, and the sentence and seed the heads read. */
function controlPanel(store, notices) {
  const seedProblem = (text) => (text ? notices.show('seed', text) : notices.clear('seed'));
  const width = slider(store, 'hdmodel', [...dmodel(), ' (model width)']);
  const heads = radioGroup(store, 'hheads', ['Heads ', el('var', {}, 'H')], HEADS.map((h) => [String(h), String(h)]));
  const scaleBy = radioGroup(store, 'hscale', 'Divide each head’s scores by', SCALINGS.map((s) => [s.id, s.label]));
  const sentence = textInput(store, 'sentence', 'Sentence (shared with Lesson 1)', { placeholder: 'money bank grows' });
  const seed = parsedInput(store, 'hseed', ['Seed of the weights'], { number: true, step: '1', onProblem: seedProblem });
  const tokenList = el('ol', { className: 'tokens', attrs: { 'aria-label': 'Tokens' } });
  const node = el('div', { className: 'panel control-panel heads-controls' },
    el('div', { className: 'control-grid' }, width.node, heads.node, scaleBy.node, sentence.node, seed.node,
      el('div', { className: 'token-row' }, el('span', { className: 'token-row-label' }, 'Tokens:'), tokenList)));
  return { node, heads, tokenList, controls: [width, heads, scaleBy, sentence, seed] };
}

function mount(root, { engine, store }) {
  const noticeBox = el('div', { className: 'notices lesson-notices', attrs: { 'aria-live': 'polite' } });
  const notices = createNotices(noticeBox);
  const panel = controlPanel(store, notices);

  const [grid, scaling, combine] = [headsPart, scalingPart, combinePart].map((make, i) => make(engine, store, `5.${i + 1}`));
  grid.controls.append(panel.node, noticeBox);
  const more = deeper(store, 'hdeep', 'combine', ['How the heads are joined again: Concat and W', el('sup', {}, 'O')], combine.node);
  clear(root);
  root.append(
    el('h2', { className: 'lesson-title' }, `Lesson ${LESSON.number} · ${LESSON.title}`),
    el('div', { className: 'lesson-intro' }, intro()),
    el('div', { className: 'lesson-parts' }, grid.node, scaling.node, more.node));
  const parts = [grid, scaling, combine];

  const changed = watcher(store, ['sentence', 'hdmodel', 'hheads', 'hscale', 'hseed']);
  // The Concat and W^O maps (up to 64 × 64) are drawn only while their section is open: closed, they cost every
  // change of d_model the rebuild of up to 576 SVG cells out of sight. Opening it draws the result on screen. Open but
  // out of the window, they draw once the page is quiet or they scroll in (web/offscreen.js): in Chromium CPU profiles
  // of d_model's first frame, with the section open below the window, they took about 3 of its 9 ms of script.
  const combineSeen = whenSeen(combine.node);
  let combined = null; // the result the combine part shows, or will once it is drawn
  let shown = null; // the last result drawn, kept on screen (dimmed) when an input is rejected
  let corrected = null; // "d_model|H" after H was lowered to fit d_model; the note goes when either moves on
  store.subscribe((state) => {
    for (const c of panel.controls) c.sync(state);
    more.sync(state);
    scaling.sync(state);
    for (const [value, input] of panel.heads.inputs) input.disabled = !divides(Number(value), state.hdmodel);
    const h = Number(state.hheads);
    if (!divides(h, state.hdmodel)) {
      // H must divide d_model: fall back to the largest head count below it that does, and say so.
      const fit = HEADS.filter((x) => x <= h && divides(x, state.hdmodel)).pop() ?? 1;
      notices.show('heads', `H = ${h} does not divide d_model = ${state.hdmodel}, so H = ${fit} is used instead.`);
      corrected = `${state.hdmodel}|${fit}`;
      store.set({ hheads: String(fit) });
      return;
    }
    if (corrected !== null && corrected !== `${state.hdmodel}|${state.hheads}`) {
      notices.clear('heads');
      corrected = null;
    }
    if (!changed(state)) {
      drawCombine(state);
      return;
    }
    let r = null;
    try {
      r = engine.multiHeadExample({ sentence: state.sentence, dModel: state.hdmodel, heads: h, seed: state.hseed, scaleBy: state.hscale });
      notices.clear('engine');
    } catch (error) {
      notices.show('engine', message(error), { tone: 'error', title: 'The engine rejected this input' });
    }
    for (const p of parts) p.node.classList.toggle('stale', r === null);
    if (r !== null) shown = { r, state };
    patchFresh(panel.tokenList, r ? r.tokens.map((t) => el('li', { className: 'token' }, t)) : []);
    if (!shown) return;
    grid.render(shown.r, shown.state);
    scaling.render(shown.r, shown.state);
    drawCombine(state);
  });

  function drawCombine(state) {
    if (!shown || combined === shown.r || !more.shows(state)) return;
    const { r } = shown;
    combined = r;
    combineSeen.draw(() => combine.render(r));
  }
}
