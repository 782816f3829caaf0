// Lesson 6: the training lab. A small model learns to reverse sequences of integers with the attention's β set one
// of five ways. The lesson's claim is that after initialisation β is an optimisation setting: 6.1 shows Table 1's gap
// closing with more steps or a larger learning rate, 6.2 that the weights can take over β's job (and the dynamic β
// undoes it), 6.3 how far Adam lets a learned β move, 6.4 a run (and a race, one click deeper) of the learner's own;
// the whole table and the commands behind every figure are one click deeper in 6.1. Every number comes from the engine
// (a trainer in a Web Worker, or in slices on this thread) or from web/data/reference-runs.json; these modules lay them
// out and keep the runs going.
import { el, clear } from '../../dom.js';
import { createNotices } from '../../notices.js';
import { claim, deeper } from '../kit/lesson.js';
import { workerSupport } from '../../training-run.js';
import { conclusionPart } from './conclusion.js';
import { weightsPart } from './weights.js';
import { learnedPart } from './learned.js';
import { experimentPanel } from './experiment.js';
import { runPart } from './run.js';
import { racePart } from './race.js';
import { resultsSections } from './results.js';

export { STRATEGIES, STRATEGY, trainerOptions, strategyText } from './strategies.js';

export const LESSON = {
  id: 'training', number: 6, title: 'The training lab', mount,
  announce: ['run:tokenacc', 'run:seqacc', 'run:steps'],
};

function intro() {
  return [claim('After initialisation, β is one more optimisation setting: it changes how fast a model learns, and the weights can do its job.')];
}

function mount(root, { engine, store }) {
  const noticeBox = el('div', { className: 'notices lesson-notices', attrs: { 'aria-live': 'polite' } });
  const notices = createNotices(noticeBox);
  const context = { engine, store, notices, noticeBox, mode: null, runs: [] };
  const results = resultsSections(context);
  context.sources = results.nodes;
  context.onFinished = () => results.refresh();
  const experiment = experimentPanel(context);
  const conclusion = conclusionPart(context, '6.1');
  const weights = weightsPart(context, '6.2');
  const learned = learnedPart(context, '6.3');
  const run = runPart(context, '6.4', experiment.node);
  const race = racePart(context);
  const raceMore = deeper(store, 'rdeep', 'race', 'A race of two to four β strategies on the same data', race.node);
  run.node.append(raceMore.node);
  clear(root);
  root.append(
    el('h2', { className: 'lesson-title' }, `Lesson ${LESSON.number} · ${LESSON.title}`),
    el('div', { className: 'lesson-intro' }, intro()),
    el('div', { className: 'lesson-parts' }, conclusion.node, weights.node, learned.node, run.node));

  // Which way runs go (a worker, or slices on this thread) is found out once, when the lesson comes near the screen
  // or a run is asked for, whichever is first: a worker loads its own copy of the engine.
  const modeKnown = () => workerSupport().then((found) => {
    context.mode = found;
    run.showMode(found);
    race.showMode(found);
    return found;
  });
  context.whenMode = modeKnown;
  if (typeof IntersectionObserver === 'function') {
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        seen.disconnect();
        modeKnown();
      }
    }, { rootMargin: '400px' });
    seen.observe(root);
  } else {
    modeKnown();
  }

  store.subscribe((state) => {
    const described = experiment.render(state);
    if (described.corrected) return; // the store renders again with the corrected head count
    conclusion.render(state);
    weights.render(state);
    learned.render(state);
    raceMore.sync(state);
    results.render(state);
    run.settingsChanged(described.info, state);
    race.settingsChanged(state, described.info);
  });
}
