// Lesson 1: self-attention on a short sentence, stepped through the scaled dot-product block.
// It wires controls, the block diagram and the step panels to one engine call per state change;
// every number drawn comes from engine.selfAttentionExample. No model math happens here.
import { el, clear, patch, patchFresh, mergeable, setText } from '../../dom.js';
import { DisplayTeX, tex } from '../../math.js';
import { createNotices } from '../../notices.js';
import { slider, checkbox, numberInput, textInput } from '../../controls.js';
import { blockDiagram } from '../../charts/block-diagram.js';
import { drawnHeatmaps } from '../../charts/heatmap.js';
import { sig3 } from '../../format.js';
import { tooltip } from '../kit/parts.js';
import { STEPS, forDisplay, reusing } from './steps.js';
import { claim, deeper, question } from '../kit/lesson.js';
import { term } from '../../glossary.js';
import { wordControls, tokenItem, loadingText, whyProse, scalingProse, focusIndex } from './words.js';
import { whenVocabulary } from '../../vocabulary.js';

export const LESSON = {
  id: 'selfattention', number: 1, title: 'Self-attention, one step at a time', mount,
  element: 'attention-self-attention', // <attention-self-attention sentence="the cat sat" dk="16" step="6">
  announce: ['weights:maxweight', 'weights:variance'], // read out by the live region when they change
};

function intro() {
  return [
    claim('Each token rebuilds its vector as a blend of the tokens’ values, weighted by softmax(QKᵀ/√dₖ).'),
    el('p', {}, 'Alone, “bank” could be a riverside or a place that keeps money. In “money bank grows” its ',
      term('score', 'scores'), ' against the other words decide how much of “money” it takes in; step 7 shows where its new vector lands ',
      '(try “river bank grows”). Step 4, dividing by √dₖ, is what this lab is about.'),
  ];
}

/**
 * Lesson 1's prediction: what switching the division off does to the weights at the current settings. The
 * explanation runs the engine both ways for the learner's sentence, d_k and seed.
 */
/** The engine's options for Lesson 1's state (nearest words are asked for separately, a frame later). */
export const exampleOptions = (state, extra = {}) => ({
  sentence: state.sentence, dModel: state.dmodel, dK: state.dk, seed: state.seed, scaled: state.scaled, causal: state.causal,
  embeddings: state.emb, head: state.head, nearest: 0, ...extra,
});

function scalingQuestion(engine) {
  const both = (state) => {
    const options = exampleOptions(state);
    return { on: engine.selfAttentionExample({ ...options, scaled: true }), off: engine.selfAttentionExample({ ...options, scaled: false }) };
  };
  return question({
    id: 'selfattention-unscaled',
    prompt: ['Switch the division by √dₖ off. Do the rows of weights get sharper (closer to one weight near 1) or flatter?'],
    choices: [['sharper', 'Sharper'], ['flatter', 'Flatter'], ['same', 'No change']],
    // √1 = 1: nothing to undo. The meaningful head's d_k is d_model (100 with real words, 2 or more otherwise).
    answer: (state) => (state.head === 'random' && state.dk === 1 ? 'same' : 'sharper'),
    explain(state) {
      let r;
      try {
        r = both(state);
      } catch (error) {
        return ['The engine rejected these settings: ', error instanceof Error ? error.message : String(error)];
      }
      if (r.on.rowsWithChoice === 0) {
        return ['With a single token (or only the first token under the mask) there is nothing to choose between: type a longer sentence.'];
      }
      if (r.on.dK === 1) {
        return [`At dₖ = 1, √dₖ = 1, so dividing changes nothing: the rows’ largest weight is ${sig3(r.on.meanRowMax)} on average either way.`];
      }
      return [`At dₖ = ${r.on.dK} the engine finds the rows’ largest weight ${sig3(r.on.meanRowMax)} on average with the division and `,
        `${sig3(r.off.meanRowMax)} without it. Without it the scores keep their full variance (here ${sig3(r.off.scoreVariance)}, `,
        `against ${sig3(r.on.scaledScoreVariance)} after dividing), and wider scores let the softmax pick a winner. `,
        'At dₖ = 1 (the random head’s slider) √dₖ = 1 and the two would agree.'];
    },
  });
}

function mount(root, { engine, store }) {
  const noticeBox = el('div', { className: 'notices lesson-notices', attrs: { 'aria-live': 'polite' } });
  const notices = createNotices(noticeBox);
  const seedProblem = (message) => (message ? notices.show('seed', message) : notices.clear('seed'));

  const nextSeed = el('button', { type: 'button', className: 'control-button', textContent: 'Another seed' });
  nextSeed.addEventListener('click', () => {
    const { seed } = store.get();
    store.set({ seed: seed >= store.type('seed').max ? 0 : seed + 1 });
  });
  const sentence = textInput(store, 'sentence', 'Sentence (up to 12 words)', { placeholder: 'money bank grows' });
  const sliders = [
    slider(store, 'dk', [el('var', {}, 'd'), el('sub', {}, 'k'), ' (query and key size)']),
    slider(store, 'dmodel', [el('var', {}, 'd'), el('sub', {}, 'model'), ' (embedding size)']),
    numberInput(store, 'seed', ['Seed of W', el('sub', {}, 'q'), ', W', el('sub', {}, 'k'), ', W', el('sub', {}, 'v')],
      { onProblem: seedProblem, extra: [nextSeed] }),
  ];
  const toggles = [
    checkbox(store, 'scaled', ['Divide the scores by √', el('var', {}, 'd'), el('sub', {}, 'k')]),
    checkbox(store, 'causal', 'Causal mask'),
  ];
  const choices = wordControls(store);
  const controls = [sentence, ...choices, ...sliders, ...toggles];
  const loadingNote = el('span', { className: 'control-hint', dataset: { vectors: 'loading' }, attrs: { 'aria-live': 'polite' } });
  const tokenList = el('ol', { className: 'tokens', attrs: { 'aria-label': 'Tokens' } });
  const controlPanel = el('div', { className: 'panel control-panel' },
    el('h3', { className: 'panel-title' }, 'Try it'),
    el('div', { className: 'control-grid' }, sentence.node, choices.map((c) => c.node), sliders.map((c) => c.node),
      el('div', { className: 'control-toggles' }, toggles.map((c) => c.node))),
    el('div', { className: 'token-row' }, el('span', { className: 'token-row-label' }, 'Tokens:'), tokenList, loadingNote),
    noticeBox);

  let scrollToCurrent = false;
  const go = (step) => {
    scrollToCurrent = true;
    store.set({ step: Math.min(STEPS.length, Math.max(1, step)) });
  };
  const diagram = blockDiagram({ onSelect: go });
  const prev = el('button', { type: 'button', className: 'step-prev', textContent: '← Prev' });
  const next = el('button', { type: 'button', className: 'step-next', textContent: 'Next →' });
  prev.addEventListener('click', () => go(store.get().step - 1));
  next.addEventListener('click', () => go(store.get().step + 1));
  const dots = STEPS.map((s) => {
    const dot = el('button', { type: 'button', className: 'step-dot', textContent: String(s.n),
      attrs: { 'aria-label': `Step ${s.n}: ${s.title}` }, dataset: { step: s.n } });
    dot.addEventListener('click', () => go(s.n));
    return dot;
  });
  const stepLabel = el('p', { className: 'step-label', attrs: { 'aria-live': 'polite' } });
  const stepper = el('nav', { className: 'stepper', attrs: { 'aria-label': 'Steps of the computation' } },
    prev, el('div', { className: 'step-dots' }, dots), next);

  const aside = el('aside', { className: 'lesson-aside' },
    el('div', { className: 'panel diagram-panel' },
      el('h3', { className: 'panel-title' }, 'Scaled dot-product attention'),
      stepper, stepLabel, diagram.node,
      tex(
        DisplayTeX`\begin{aligned}&\operatorname{Attention}(Q,K,V)\\ &\quad= \operatorname{softmax}\left(\frac{QK^{\top}}{\sqrt{d_k}}\right)V\end{aligned}`)));

  const panels = STEPS.map((s) => {
    const body = el('div', { className: 'step-body' });
    const later = el('p', { className: 'step-later' }, 'Not computed yet: press Next.');
    const node = el('section', { className: 'step-panel', dataset: { step: s.n, stepId: s.id }, attrs: { 'aria-label': `Step ${s.n}: ${s.title}` } },
      el('header', { className: 'step-header' },
        el('span', { className: 'step-number' }, String(s.n)),
        el('h3', { className: 'step-title' }, s.title),
        tex(s.tex, { className: 'step-tex' })),
      later, body);
    return { step: s, node, body, later, formula: s.tex };
  });
  const stepsColumn = el('div', { className: 'lesson-steps' }, panels.map((p) => p.node));

  const predict = scalingQuestion(engine);
  const whyText = el('p', { className: 'step-prose', dataset: { why: 'head' } });
  const scalingText = el('p', { className: 'step-prose', dataset: { why: 'scaling' } });
  const why = deeper(store, 'adeep', 'why', 'Why this head works, and what √dₖ does to real words', whyText, scalingText,
    el('p', { className: 'control-hint' }, 'Tip: every matrix can be read with the keyboard: focus it, then use the arrow keys.'));
  clear(root);
  root.append(
    el('h2', { className: 'lesson-title' }, `Lesson ${LESSON.number} · ${LESSON.title}`),
    el('div', { className: 'lesson-intro' }, intro()),
    controlPanel,
    predict.node,
    why.node, // after the question: it shows the answer
    el('div', { className: 'lesson-layout' }, aside, stepsColumn),
  );

  let shown = null; // the last result drawn, kept on screen (marked stale) when an input is rejected

  function compute(state) {
    try {
      const result = engine.selfAttentionExample(exampleOptions(state));
      notices.clear('engine');
      return { ...forDisplay(result), nearest: null }; // the nearest words follow a frame later (followNearest)
    } catch (error) {
      notices.show('engine', error instanceof Error ? error.message : String(error), { tone: 'error', title: 'The engine rejected this input' });
      return null;
    }
  }

  function render(state) {
    for (const c of controls) c.sync(state);
    predict.render(state);
    const r = compute(state);
    stepsColumn.classList.toggle('stale', r === null);
    if (r !== null) shown = { r, state };
    drawTokens(r);
    if (r) root.dataset.embeddings = r.embeddingsUsed; // 'words' once the vectors are in use (tests and course pages read it)
    setText(loadingNote, loadingText(state, r) ?? '');
    // Controls that change nothing are hidden: d_model is the vectors' width with real words, and the meaningful head
    // has d_k = d_model and no random W's to seed.
    sliders[1].node.hidden = r?.embeddingsUsed === 'words';
    sliders[0].node.hidden = state.head === 'meaningful';
    sliders[2].node.hidden = state.head === 'meaningful';
    why.sync(state);
    if (r) drawDeeper(r, state);
    diagram.update(state);
    prev.disabled = state.step <= 1;
    next.disabled = state.step >= STEPS.length;
    dots.forEach((d, i) => {
      d.classList.toggle('current', i + 1 === state.step);
      d.classList.toggle('done', i + 1 < state.step);
      if (i + 1 === state.step) d.setAttribute('aria-current', 'step');
      else d.removeAttribute('aria-current');
    });
    stepLabel.textContent = `Step ${state.step} of ${STEPS.length}: ${STEPS[state.step - 1].title}`;
    for (const p of panels) drawPanel(p, state, shown, go);
    if (scrollToCurrent) {
      scrollToCurrent = false;
      const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      panels[state.step - 1].node.scrollIntoView({ block: 'nearest', behavior: still ? 'auto' : 'smooth' });
    }
  }

  function drawTokens(r) {
    patchFresh(tokenList, r ? r.tokens.map((_, i) => tokenItem(r, i)) : []);
  }

  // The open "Go deeper" sections read the drawn result; the comparison runs the engine once more without the division.
  function drawDeeper(r, state) {
    if (why.shows(state)) {
      const f = focusIndex(r);
      const n = r.tokens.length;
      const unmasked = engine.softmax(r.scaledScores.slice(f * n, f * n + n));
      patch(whyText, [mergeable(el('span', {}, whyProse(r, unmasked)))]);
    }
    if (why.shows(state)) {
      const off = engine.selfAttentionExample(exampleOptions(state, { scaled: false }));
      const on = state.scaled ? r : engine.selfAttentionExample(exampleOptions(state, { scaled: true }));
      patch(scalingText, [mergeable(el('span', {}, scalingProse(r, on, off)))]);
    }
  }

  // Nearest words follow a frame after the matrices: the search runs over the whole vocabulary.
  let nearestFrame = 0;
  function followNearest(state) {
    cancelAnimationFrame(nearestFrame);
    if (!shown || shown.state !== state || shown.r.embeddingsUsed !== 'words') return;
    nearestFrame = requestAnimationFrame(() => {
      if (!shown || shown.state !== state) return;
      try {
        shown.r.nearest = engine.selfAttentionExample(exampleOptions(state, { nearest: 5 })).nearest;
      } catch {
        return; // the same options were accepted a frame ago; nothing to add
      }
      drawPanel(panels[STEPS.length - 1], state, shown, go);
    });
  }

  store.subscribe((state) => {
    render(state);
    followNearest(state);
  });
  // The word vectors arrive after the first lesson is drawn (web/vocabulary.js): then Lesson 1 redraws with them.
  whenVocabulary().then(() => {
    const state = store.get();
    render(state);
    followNearest(state);
  });
}

function drawPanel(p, state, shown, go) {
  const { n } = p.step;
  const formula = p.step.texFor ? p.step.texFor(shown?.r ?? null, state) : p.formula;
  if (formula !== p.formula) { // this head's form of the step (Z = X + AV, its own position masked)
    p.formula = formula;
    p.node.querySelector('.step-tex').replaceWith(tex(formula, { className: 'step-tex' }));
  }
  const reached = n <= state.step;
  p.node.classList.toggle('current', n === state.step);
  p.node.classList.toggle('done', n < state.step);
  p.node.classList.toggle('future', !reached);
  p.later.hidden = n !== state.step + 1; // said once, on the next step; the later ones are their titles alone
  if (!reached) {
    clear(p.body);
    return;
  }
  if (!shown) {
    patch(p.body, [mergeable(el('p', { className: 'step-prose' }, 'Nothing to draw yet: the engine rejected the input above.'))]);
    return;
  }
  const { r } = shown;
  // The mask and scaling prose follow the inputs of the drawn result, not the latest (rejected) ones.
  const drawnState = shown.state;
  // Redrawn in place (web/dom.js patch): the rows, the figures in them and the button stay, and prose and numbers
  // change only where they differ, so the browser lays out again what changed and not the whole panel.
  const figures = reusing(drawnHeatmaps(p.body), () => p.step.figures(r, drawnState));
  p.rows ??= [];
  patch(p.body, [
    p.step.prose(r, drawnState).map((paragraph) => mergeable(el('p', { className: 'step-prose' }, paragraph))),
    figures.map((row, i) => patch(p.rows[i] ??= el('div', { className: 'figure-row' }), row)),
    p.step.stats ? stats(r, drawnState) : null,
    p.step.extra ? p.step.extra(r, drawnState) : null,
    n === state.step && n < STEPS.length ? (p.onward ??= onward(n, go)) : null,
  ]);
}

/** The button at the end of the current step's panel that goes on to the next step. */
function onward(n, go) {
  const button = el('button', { type: 'button', className: 'panel-next', textContent: `Next: ${STEPS[n].title} →` });
  button.addEventListener('click', () => go(n + 1));
  return button;
}

/** Live numbers under the weights: the scale the engine used and the spread of the scores. */
function stats(r, state) {
  const vRaw = r.scoreVariance;
  const vScaled = r.scaledScoreVariance;
  const row = (key, label, value, note, raw) => [el('dt', {}, label),
    el('dd', { dataset: { stat: key, value: String(raw) } },
      el('span', { className: 'stat-value', attrs: tooltip(raw, value) }, value), note ? ` ${note}` : '')];
  return mergeable(el('dl', { className: 'stats', dataset: { stats: 'weights' } },
    row('scale', 'scale used', sig3(r.scale), state.scaled ? `(1/√${r.dK})` : '(scaling off)', r.scale),
    row('rawvariance', 'variance of the raw scores S', sig3(vRaw), '', vRaw),
    row('variance', 'variance of the scaled scores', sig3(vScaled),
      state.scaled ? `(the raw variance times scale² = 1/${r.dK})` : '(equal to the raw variance: scaling is off)', vScaled),
    row('maxweight', 'largest weight', sig3(r.maxWeight), '', r.maxWeight),
  ));
}
