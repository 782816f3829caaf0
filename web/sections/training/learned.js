// Lesson 6.3: a learned β goes as far as Adam lets it. The engine reports, for the settings of 6.4, the learning
// rates ln β gets over the run (Σ), the β it reaches if every step moves it by its full rate (the ceiling) and the β
// no gradients can take it past (the bound); the reference runs show where learned β ended at 1×, 10× and 100× the
// weights' rate. The control sets ln β's own rate (rbetalr). Layout only.
import { el } from '../../dom.js';
import { createNotices } from '../../notices.js';
import { parsedInput } from '../../controls.js';
import { sig3 } from '../../format.js';
import { question, deeper } from '../kit/lesson.js';
import { partPanel, setProse, refill, attempt, message, watcher } from '../kit/parts.js';
import { REFERENCE, trainerOptions, reference, pm, sig, spanText, inlineStat } from './strategies.js';

const PAPER_BETA = 5; // Table 1's β for the first row

/**
 * The engine's description of a learned run of the settings (engine.describeTrainer: no trainer is built). The part,
 * its question's answer and its explanation all ask for the same settings in one update: the last answer is kept per
 * engine, so the engine is asked once per settings change, not three times.
 */
const lastInfo = new WeakMap(); // engine -> { key, info }
function learnedInfo(engine, state) {
  const options = trainerOptions(state, 'learned');
  const key = JSON.stringify(options);
  const kept = lastInfo.get(engine);
  if (kept && kept.key === key) return kept.info;
  const info = engine.describeTrainer(options);
  lastInfo.set(engine, { key, info });
  return info;
}

/** Reference groups of learned β: per model, the weights' own rate and the experiments with a larger one. */
function learnedRuns() {
  const rows = [];
  for (const model of ['encoder', 'attention']) {
    for (const exp of REFERENCE.experiments) {
      const g = reference(exp.id, 'learned');
      if (!g || g.config.model !== model || g.config.epochs !== 10 || g.config.lr !== 5e-4) continue;
      rows.push({ model, group: g, betaLr: g.config.betaLr ?? g.config.lr, ceiling: g.runs[0]?.betaReach?.ceiling ?? null });
    }
  }
  return rows.sort((a, b) => (a.model === b.model ? a.betaLr - b.betaLr : a.model === 'encoder' ? -1 : 1));
}

const verdict = (reach) => (reach.bound < PAPER_BETA ? 'no' : reach.ceiling < PAPER_BETA ? 'maybe' : 'yes');

function reachQuestion(engine, cover) {
  return question({
    cover,
    id: 'training-learned-reach',
    prompt: [`Learned from 1/√dₖ with the settings of 6.4 and ln β’s rate set below, can β reach the paper’s ${PAPER_BETA}?`],
    choices: [['no', 'No, not even with Adam’s longest steps'], ['maybe', 'Only if Adam steps further than its rate'], ['yes', 'Yes, the rates leave room']],
    answer: (state) => {
      try {
        return verdict(learnedInfo(engine, state).betaReach);
      } catch {
        return null;
      }
    },
    explain(state) {
      let info;
      try {
        info = learnedInfo(engine, state);
      } catch (error) {
        return ['The engine rejected these settings: ', message(error)];
      }
      const r = info.betaReach;
      return [`Its learning rates add up to Σ = ${sig3(r.lrSum)} over the ${info.totalSteps} steps, so a ln β that rises by its full rate every step `,
        `ends at ${sig3(r.initialBeta)}·exp(Σ) = ${sig3(r.ceiling)}; the engine’s bound for Adam’s longest possible steps is ${sig3(r.bound)}. `,
        r.bound < PAPER_BETA ? `Both are below ${PAPER_BETA}: the optimiser, not the task, decides where β stops.`
          : r.ceiling < PAPER_BETA ? `${PAPER_BETA} lies between them: only steps longer than the rate, `
              + 'which Adam takes while the gradient keeps growing, could get there.'
            : `The ceiling is above ${PAPER_BETA}: here the optimiser leaves β room to go where the loss pushes it.`];
    },
  });
}

/**
 * What the reference reruns reached: { atRate } the learned β's final values and accuracy at the weights' own rate
 * (shown), { faster } those at 10× and 100× (one click deeper).
 */
function rerunText(runs) {
  const model = (r) => (r.model === 'encoder' ? 'encoder' : 'attention only');
  const at = (r, label = '') => `${spanText(r.group.runs.map((x) => x.beta))} (${label}${pm(r.group.tokenAccuracy)})`;
  const faster = runs.filter((r) => r.betaLr !== r.group.config.lr);
  const atOne = runs.filter((r) => r.betaLr === r.group.config.lr);
  if (!atOne.length) return { atRate: [], faster: [] };
  const rows = (m) => faster.filter((r) => r.model === m);
  const ceiling = atOne[0].ceiling;
  const highest = Math.max(...atOne.flatMap((r) => r.group.runs.map((x) => x.beta)));
  return {
    atRate: [`At the defaults our learned runs end at β = ${atOne.map((r) => at(r, `${model(r)}, `)).join(' and ')}: `,
      ceiling === null ? '' : highest > ceiling
        ? `near their ceiling of ${sig(ceiling)} (one at ${sig(highest)}: Adam stepped past its rate).`
        : `at or below their ceiling of ${sig(ceiling)}.`],
    faster: faster.length ? [`Given ${[...new Set(faster.map((r) => `${sig(r.betaLr / r.group.config.lr)}×`))].join(' and ')} `,
      `the rate, the encoder’s β climbs to ${rows('encoder').map((r) => at(r)).join(' and ')}; `
        + `the attention-only model’s stops at ${rows('attention').map((r) => at(r)).join(' and ')}.`] : [],
  };
}

export function learnedPart(context, number) {
  const { engine, store } = context;
  const part = partPanel({ id: 'learned', number, title: 'A learned β goes as far as Adam lets it' });
  const noticeBox = el('div', { className: 'notices', attrs: { 'aria-live': 'polite' } });
  const notices = createNotices(noticeBox);
  const problem = (text) => (text ? notices.show('rbetalr', text) : notices.clear('rbetalr'));
  const rate = parsedInput(store, 'rbetalr', 'Learning rate of ln β, × the weights’ rate', { number: true, step: 'any', onProblem: problem });
  // The reach paragraph and the reruns at the weights' rate state the ceiling and where β ended, which the question
  // asks about: covered until the learner answers.
  const reach = el('p', { className: 'step-prose', dataset: { stats: 'learned' } });
  const reruns = rerunText(learnedRuns());
  const answers = el('div', { className: 'learned-answers' }, reach, el('p', { className: 'step-prose' }, reruns.atRate));
  const ask = reachQuestion(engine, answers);
  part.node.classList.add('split');
  part.figures.append(ask.node, el('div', { className: 'learned-rate' }, rate.node, noticeBox)); // the rate the question asks about, beside it
  const changed = watcher(store, ['rmodel', 'rlen', 'rvals', 'rtrain', 'rheads', 'repochs', 'rlr', 'rbetalr', 'rseed']);
  setProse(part.prose, [[
    'Training ln β looks like letting the model pick its temperature, but Adam moves ln β by about its learning rate per step ',
    '(more only while its gradient keeps growing), so β climbs about as far as those rates, summed over the run, allow.',
  ]]);
  const more = deeper(store, 'rdeep', 'reruns', 'Where learned β ends with a faster rate', el('p', { className: 'step-prose' }, reruns.faster));
  part.prose.append(answers, more.node);

  return {
    node: part.node,
    render(state) {
      rate.sync(state);
      ask.render(state);
      more.sync(state);
      if (!changed(state)) return;
      const info = attempt(part, notices, 'The engine rejected these settings', () => learnedInfo(engine, state));
      if (!info) return;
      const r = info.betaReach;
      refill(reach, 'For 6.4’s settings, ln β’s rate ', inlineStat('betalr', sig3(info.betaLr), info.betaLr),
        ` (${info.betaLr === info.lr ? 'the weights’ own' : `weights: ${sig3(info.lr)}`}) sums to Σ = `, inlineStat('betalrsum', sig3(r.lrSum), r.lrSum),
        ` over ${info.totalSteps} steps: β can rise from ${sig3(r.initialBeta)} to about ${sig3(r.initialBeta)}·exp(Σ) = `,
        inlineStat('betaceiling', sig3(r.ceiling), r.ceiling),
        ', and even Adam’s longest possible steps stop at ', inlineStat('betabound', sig3(r.bound), r.bound), '.');
    },
  };
}
