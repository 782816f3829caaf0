// Lesson 1: self-attention on a short sentence, stepped through the scaled dot-product block.
// It wires controls, the block diagram and the step panels to one engine call per state change;
// every number drawn comes from engine.selfAttentionExample. No model math happens here.
import { el, clear, patch, patchFresh, mergeable } from '../dom.js';
import { DisplayTeX, tex } from '../math.js';
import { createNotices } from '../notices.js';
import { slider, checkbox, numberInput, textInput } from '../controls.js';
import { blockDiagram } from '../charts/block-diagram.js';
import { drawnHeatmaps } from '../charts/heatmap.js';
import { sig3 } from '../format.js';
import { tooltip } from './parts.js';
import { STEPS, forDisplay, reusing } from './self-attention-steps.js';
import { claim, question } from '../lesson-kit.js';
import { term } from '../glossary.js';

export const LESSON = {
  id: 'selfattention', number: 1, title: 'Self-attention, one step at a time', mount,
  element: 'attention-self-attention', // <attention-self-attention sentence="the cat sat" dk="16" step="6">
  announce: ['weights:maxweight', 'weights:variance'], // read out by the live region when they change
};

function intro() {
  return [
    claim('Each token rebuilds its vector as a blend of the others’ values, weighted by softmax(QKᵀ/√dₖ).'),
    el('p', {}, 'Alone, “bank” could be a riverside or a place that keeps money. In “money bank grows” its row of ',
      term('score', 'scores'), ' against the other tokens decides how much of “money” it takes in. The engine runs this on a ',
      'tiny model with random, untrained weights: walk through it with Next. Step 4, the division by √dₖ, is what this lab is about.'),
    el('p', { className: 'control-hint' }, 'Tip: every matrix can be read with the keyboard: focus it, then use the arrow keys.'),
  ];
}

/**
 * Lesson 1's prediction: what switching the division off does to the weights at the current settings. The
 * explanation runs the engine both ways for the learner's sentence, d_k and seed.
 */
function scalingQuestion(engine) {
  const both = (state) => {
    const options = { sentence: state.sentence, dModel: state.dmodel, dK: state.dk, seed: state.seed, causal: state.causal };
    return { on: engine.selfAttentionExample({ ...options, scaled: true }), off: engine.selfAttentionExample({ ...options, scaled: false }) };
  };
  return question({
    id: 'selfattention-unscaled',
    prompt: ['Switch the division by √dₖ off. Do the rows of weights get sharper (closer to one weight near 1) or flatter?'],
    choices: [['sharper', 'Sharper'], ['flatter', 'Flatter'], ['same', 'No change']],
    answer: (state) => (state.dk === 1 ? 'same' : 'sharper'), // √1 = 1: nothing to undo
    explain(state) {
      let r;
      try {
        r = both(state);
      } catch (error) {
        return ['The engine rejected these settings: ', error instanceof Error ? error.message : String(error)];
      }
      if (r.on.rowsWithChoice === 0) return ['With a single token (or only the first token under the mask) there is nothing to choose between: type a longer sentence.'];
      return [`At dₖ = ${r.on.dK} the engine finds the rows’ largest weight ${sig3(r.on.meanRowMax)} on average with the division and `,
        `${sig3(r.off.meanRowMax)} without it. Without it the scores keep their full variance (here ${sig3(r.off.scoreVariance)}, `,
        `against ${sig3(r.on.scaledScoreVariance)} after dividing), and wider scores let the softmax pick a winner. `,
        'Try dₖ = 1: then √dₖ = 1 and the two agree.'];
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
    numberInput(store, 'seed', ['Seed of W', el('sub', {}, 'q'), ', W', el('sub', {}, 'k'), ', W', el('sub', {}, 'v')], { onProblem: seedProblem, extra: [nextSeed] }),
  ];
  const toggles = [
    checkbox(store, 'scaled', ['Divide the scores by √', el('var', {}, 'd'), el('sub', {}, 'k')]),
    checkbox(store, 'causal', 'Causal mask'),
  ];
  const controls = [sentence, ...sliders, ...toggles];
  const tokenList = el('ol', { className: 'tokens', attrs: { 'aria-label': 'Tokens' } });
  const controlPanel = el('div', { className: 'panel control-panel' },
    el('h3', { className: 'panel-title' }, 'Try it'),
    el('div', { className: 'control-grid' }, sentence.node, sliders.map((c) => c.node),
      el('div', { className: 'control-toggles' }, toggles.map((c) => c.node))),
    el('div', { className: 'token-row' }, el('span', { className: 'token-row-label' }, 'Tokens:'), tokenList),
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
    const dot = el('button', { type: 'button', className: 'step-dot', textContent: String(s.n), attrs: { 'aria-label': `Step ${s.n}: ${s.title}` }, dataset: { step: s.n } });
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
      tex(DisplayTeX`\begin{aligned}&\operatorname{Attention}(Q,K,V)\\ &\quad= \operatorname{softmax}\left(\frac{QK^{\top}}{\sqrt{d_k}}\right)V\end{aligned}`)));

  const panels = STEPS.map((s) => {
    const body = el('div', { className: 'step-body' });
    const later = el('p', { className: 'step-later' }, 'Not computed yet: press Next.');
    const node = el('section', { className: 'step-panel', dataset: { step: s.n, stepId: s.id }, attrs: { 'aria-label': `Step ${s.n}: ${s.title}` } },
      el('header', { className: 'step-header' },
        el('span', { className: 'step-number' }, String(s.n)),
        el('h3', { className: 'step-title' }, s.title),
        tex(s.tex, { className: 'step-tex' })),
      later, body);
    return { step: s, node, body, later };
  });
  const stepsColumn = el('div', { className: 'lesson-steps' }, panels.map((p) => p.node));

  const predict = scalingQuestion(engine);
  clear(root);
  root.append(
    el('h2', { className: 'lesson-title' }, `Lesson ${LESSON.number} · ${LESSON.title}`),
    el('div', { className: 'lesson-intro' }, intro()),
    controlPanel,
    predict.node,
    el('div', { className: 'lesson-layout' }, aside, stepsColumn),
  );

  let shown = null; // the last result drawn, kept on screen (marked stale) when an input is rejected

  function compute(state) {
    try {
      const result = engine.selfAttentionExample({
        sentence: state.sentence, dModel: state.dmodel, dK: state.dk, seed: state.seed, scaled: state.scaled, causal: state.causal,
      });
      notices.clear('engine');
      return forDisplay(result);
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
    drawTokens(r ? r.tokens : []);
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

  function drawTokens(tokens) {
    patchFresh(tokenList, tokens.map((t) => el('li', { className: 'token' }, t)));
  }

  store.subscribe(render);
}

function drawPanel(p, state, shown, go) {
  const { n } = p.step;
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
    el('dd', { dataset: { stat: key, value: String(raw) } }, el('span', { className: 'stat-value', attrs: tooltip(raw, value) }, value), note ? ` ${note}` : '')];
  return mergeable(el('dl', { className: 'stats', dataset: { stats: 'weights' } },
    row('scale', 'scale used', sig3(r.scale), state.scaled ? `(1/√${r.dK})` : '(scaling off)', r.scale),
    row('rawvariance', 'variance of the raw scores S', sig3(vRaw), '', vRaw),
    row('variance', 'variance of the scaled scores', sig3(vScaled), state.scaled ? `(the raw variance times scale² = 1/${r.dK})` : '(equal to the raw variance: scaling is off)', vScaled),
    row('maxweight', 'largest weight', sig3(r.maxWeight), '', r.maxWeight),
  ));
}
