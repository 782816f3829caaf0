// Lesson 6.2: β and the weights do one job. β·QKᵀ = X(√β W_q)(√β W_k)ᵀXᵀ, so growing W_q and W_k sets the
// temperature too; the engine measures that on random weights (weightDrift). The dynamic β undoes every such growth,
// which caps how much one key can take (peakWeightCap); the reference runs show what that cost. Layout only.
import { el } from '../../dom.js';
import { createNotices } from '../../notices.js';
import { sig3 } from '../../format.js';
import { question } from '../kit/lesson.js';
import { term } from '../../glossary.js';
import { partPanel, refill, attempt, watcher } from '../kit/parts.js';
import { timed, sampleLabel, measureProgressively } from '../kit/progressive.js';
import { workOf } from '../temperature/common.js';
import { reference, pm, sig, inlineStat, W } from './strategies.js';
import { TeX } from '../../math.js';

const DRIFT_SAMPLES = 200;

/** The options of weightDrift for the settings: random weights of one head of a sequence of L tokens. */
const driftOptions = (state, samples = DRIFT_SAMPLES) => ({ dX: 64, dK: Math.max(1, Math.round(state.rlen / state.rheads)),
  tokens: Math.min(state.rlen, 64), samples, seed: 1, drifts: [1, 2] }); // ×2: exact in float32
/** The work of one sample at both factors, as Lesson 4's drift part counts it for the same engine call. */
const driftWork = (options) => options.drifts.length * workOf(options);

/** What the dynamic runs of the reference file reached, beside 1/√d_k in the same model. */
function dynamicRuns() {
  return ['encoder', 'attention'].map((model) => ({ model, dynamic: reference(model, 'dynamic'), base: reference(model, 'inverse-sqrt-dk'),
    fixed: reference(model, 'fixed 5') })).filter((r) => r.dynamic && r.base && r.dynamic.runs[0]?.curve?.beta?.length > 1);
}

function capQuestion(engine, cover) {
  return question({
    cover,
    id: 'training-dynamic-cap',
    prompt: ['Can a row of L keys (L of 6.4) whose logits have sd 1 over the row give 0.99 of its weight to one key?'],
    choices: [['yes', 'Yes'], ['no', 'No']],
    answer: (state) => (engine.peakWeightCap({ n: state.rlen, sd: 1 }).maxWeight >= 0.99 ? 'yes' : 'no'),
    explain(state) {
      const cap = engine.peakWeightCap({ n: state.rlen, sd: 1 });
      return [`With L = ${state.rlen} and sd 1 over the row, the engine’s cap is ${sig3(cap.maxWeight)}: one logit ${sig3(cap.gap)} above `,
        `${state.rlen - 1} equal others, which leaves ${sig3(cap.oneMinusMaxWeight)} of the weight on the wrong inputs. `,
        'A row can be spread wider than the batch’s unit variance only if others are narrower, so most rows stay under the cap.'];
    },
  });
}

/**
 * On the full page, a link-styled button to Lesson 4.6 (weight drift, a "Go deeper" section there): it opens that
 * section, keeps every other setting and scrolls to it once drawn. Null inside a custom element or an iframe.
 */
function driftLink(store) {
  const page = typeof document !== 'undefined' && !document.documentElement.classList.contains('embed') ? document : null;
  if (!page || !page.getElementById('lesson-temperature')) return null;
  const button = el('button', { type: 'button', className: 'link-button', dataset: { to: 'temperature:drift' } },
    'Lesson 4.6 turns that dial by hand.');
  button.addEventListener('click', () => {
    const open = store.get().tdeep;
    store.set({ lesson: 'temperature', tdeep: open.includes('drift') ? open : [...open, 'drift'] });
    store.whenRendered().then(() => page.querySelector('#lesson-temperature [data-part="drift"]')?.scrollIntoView({ block: 'start' }));
  });
  return button;
}

export function weightsPart(context, number) {
  const { engine, store } = context;
  const part = partPanel({ id: 'weights', number, title: 'β and the weights do one job',
    formula: TeX`\beta\,QK^\top = X(\sqrt{\beta}\,W_q)(\sqrt{\beta}\,W_k)^\top X^\top` });
  const noticeBox = el('div', { className: 'notices', attrs: { 'aria-live': 'polite' } });
  const notices = createNotices(noticeBox);
  // The second paragraph states the cap the question asks about: it stays covered until the learner answers.
  const first = el('p', { className: 'step-prose' });
  const second = el('p', { className: 'step-prose' });
  const ask = capQuestion(engine, second);
  part.prose.dataset.stats = 'weights';
  part.prose.append(first, second);
  part.controls.append(noticeBox);
  part.node.classList.add('split');
  part.figures.append(ask.node);
  const changed = watcher(store, ['rlen', 'rheads']);
  const toDrift = driftLink(store);
  const label = sampleLabel({ inline: true });
  // call: the engine call itself, or (the full count in a background engine) what it answered.
  const measure = (state, samples, call = () => engine.weightDrift(driftOptions(state, samples))) => attempt(part, notices,
    'The engine rejected these settings', () => timed('weightDrift', samples * driftWork(driftOptions(state)), call));

  return {
    node: part.node,
    render(state) {
      ask.render(state);
      if (!changed(state)) return;
      // At L = 64 the full count takes a long task of its own (about 140 ms in Chromium): a preview first, as in Lesson 4.
      const cap = attempt(part, notices, 'The engine rejected these settings', () => engine.peakWeightCap({ n: state.rlen, sd: 1 }));
      measureProgressively(part, { engine, kind: 'weightDrift', options: (samples) => driftOptions(state, samples), perSample: driftWork(driftOptions(state)),
        full: DRIFT_SAMPLES }, (samples, call) => cap && measure(state, samples, call), (drift, { samples }) => draw(state, drift, cap, samples));
    },
  };

  function draw(state, drift, cap, samples) {
    label.set({ samples, full: DRIFT_SAMPLES, unit: 'draws' });
    const runs = dynamicRuns();
    const both = (f) => runs.map((r) => `${f(r)} (${r.model === 'encoder' ? 'encoder' : 'attention only'})`).join(' and ');
    refill(first,
      'β multiplies every ', term('score'), ', and so do larger ', ...W('q'), ' and ', ...W('k'), ': doubling both (random weights, dₖ = ', String(drift.dK),
      ', ', label.node, ') takes the scores’ variance from ', inlineStat('variance1', sig3(drift.measured[0]), drift.measured[0]), ' to ',
      inlineStat('variance', sig3(drift.measured[1]), drift.measured[1]), ' and the β that restores unit variance from ',
      inlineStat('restoring1', sig3(drift.restoringBeta[0]), drift.restoringBeta[0]), ' to ',
      inlineStat('restoring', sig3(drift.restoringBeta[1]), drift.restoringBeta[1]),
      '. Training moves ', ...W('q'), ' and ', ...W('k'), ' too: the model sets its own temperature.',
      ...(toDrift ? [' ', toDrift] : []), ' In q · k = ‖q‖‖k‖ cos θ (Lesson 2.3), doubling the weights doubles both arrow lengths and turns neither.');
    refill(second,
      'The dynamic β takes back the common part of that: after every step it sets β to 1/sd of the batch’s raw scores, dividing away a scale ',
      'the weights give every row alike, not how rows differ. A row of ', String(cap.n), ' keys with sd 1 over the row gives one key at most ',
      inlineStat('cap', sig3(cap.maxWeight), cap.maxWeight), ' of its weight. ',
      runs.length ? `In our runs (seed 1) β fell from `
        + `${both((r) => `${sig(r.dynamic.runs[0].curve.beta[1])} to ${sig(r.dynamic.runs[0].beta)}`)} as the weights grew. `
        + `Token accuracy, ${runs.map((r) => (r.model === 'encoder' ? 'encoder' : 'attention only')).join(' then ')}: `
        + `dynamic ${runs.map((r) => pm(r.dynamic.tokenAccuracy)).join(' and ')}; β = 5, free to sharpen, `
        + `${runs.map((r) => (r.fixed ? pm(r.fixed.tokenAccuracy) : 'not run')).join(' and ')}; 1/√dₖ `
        + `${runs.map((r) => pm(r.base.tokenAccuracy)).join(' and ')}.` : '');
  }
}
