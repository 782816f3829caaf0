// Lesson 4: temperature, and where 1/√dₖ comes from. The core path is the β dial (4.1) and breaking one assumption of
// Var(q·k) = dₖ at a time (4.4); which index the softmax normalises (4.2), the derivation line by line (4.3), every
// setting of Q = X·W_q, K = X·W_k (4.5) and weight drift (4.6) are one click away in "Go deeper" sections whose open
// state is in the link (tdeep). Every number comes from the engine; the parts lay them out.
import { el, clear } from '../../dom.js';
import { claim, deeper, renderShown } from '../kit/lesson.js';
import { term } from '../../glossary.js';
import { boltzmannPart } from './boltzmann.js';
import { normalisationPart } from './normalisation.js';
import { derivationPart } from './derivation.js';
import { breakPart } from './break.js';
import { assumptionsPart } from './xw.js';
import { driftPart } from './drift.js';

export const LESSON = {
  id: 'temperature', number: 4, title: 'Temperature, and where 1/√dₖ comes from', mount,
  announce: ['boltzmann:maxweight', 'boltzmann:entropy', 'break:logitvar', 'break:diagratio'], // read out by the live region
};

function intro() {
  return [
    claim('√dₖ is the standard deviation of q·k when the entries of q and k are independent, with mean 0 and variance 1, and q is ',
      'independent of k; so β = 1/√dₖ is the inverse temperature that gives ', term('logit', 'logits'), ' of variance 1.'),
  ];
}

function mount(root, { engine, store }) {
  const n = (i) => `${LESSON.number}.${i}`;
  const boltzmann = boltzmannPart(engine, store, n(1));
  const normalisation = normalisationPart(engine, store, n(2));
  const derivation = derivationPart(engine, store, n(3));
  const broken = breakPart(engine, store, n(4));
  const assumptions = assumptionsPart(engine, store, n(5));
  const drift = driftPart(engine, store, n(6));
  const within = new Map([ // each part that sits in a "Go deeper" section, and that section
    [normalisation, deeper(store, 'tdeep', 'normalisation', `${n(2)} Which index the softmax normalises: rows, not columns`, normalisation.node)],
    [derivation, deeper(store, 'tdeep', 'derivation', `${n(3)} The derivation line by line, every step measured`, derivation.node)],
    [assumptions, deeper(store, 'tdeep', 'xw', `${n(5)} Queries and keys from X · W: every setting`, assumptions.node)],
    [drift, deeper(store, 'tdeep', 'drift', `${n(6)} Weight drift: the model sets its own temperature`, drift.node)],
  ]);
  const sections = [...within.values()];
  const parts = [boltzmann, normalisation, derivation, broken, assumptions, drift];
  clear(root);
  root.append(
    el('h2', { className: 'lesson-title' }, `Lesson ${LESSON.number} · ${LESSON.title}`),
    el('div', { className: 'lesson-intro' }, intro()),
    el('div', { className: 'lesson-parts' }, boltzmann.node, el('div', { className: 'deeper-group' }, sections[0].node, sections[1].node),
      broken.node, el('div', { className: 'deeper-group' }, sections[2].node, sections[3].node)));
  store.subscribe((state) => {
    for (const s of sections) s.sync(state);
    renderShown(parts, within, state);
  });
}
