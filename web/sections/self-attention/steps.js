// The seven steps of Lesson 1 as data: title, formula, prose and which matrices to draw, all
// read from one engine result. Steps only choose and label arrays; they compute nothing.
import { el } from '../../dom.js';
import { heatmapFrom } from '../../charts/heatmap.js';
import { maxAbs, sig3 } from '../../format.js';
import { TeX } from '../../math.js';
import { embeddingsProse, meaningfulProjectionProse, nearestList, focusIndex } from './words.js';

const dk = () => [el('var', {}, 'd'), el('sub', {}, 'k')];
const dmodel = () => [el('var', {}, 'd'), el('sub', {}, 'model')];
const dims = (d) => Array.from({ length: d }, (_, i) => String(i + 1));

/** Row labels for tokens; a repeated word gets its position so rows stay distinguishable. */
export function tokenLabels(tokens) {
  return tokens.map((t, i) => (tokens.indexOf(t) !== tokens.lastIndexOf(t) ? `${t} #${i + 1}` : t));
}

// While a panel is redrawn, its figures by matrix id: a matrix of the same kind takes the new numbers in place.
let pool = null;

/** Runs `make` (a step's figures) so that heatmaps reuse the figures in `figures` (a Map id → figure) where they fit. */
export function reusing(figures, make) {
  pool = figures;
  try {
    return make();
  } finally {
    pool = null;
  }
}

const heatmap = (spec) => heatmapFrom(pool?.get(spec.id), spec);

// Causal masking hides key j from query i when j > i: this is the definition of the mask the
// learner switched on, used only to mark cells; the engine applies it to the numbers.
const causalMasked = (i, j) => j > i;
const selfMasked = (i, j) => i === j;
// Step headers' formulas (typeset when the page is built; texFor picks the one for the head drawn).
const MASK_CAUSAL = TeX`\text{score}_{ij} \leftarrow -\infty \ \text{ for } j > i`;
const MASK_SELF = TeX`\text{score}_{ii} \leftarrow -\infty`;
const MASK_BOTH = TeX`\text{score}_{ij} \leftarrow -\infty \ \text{ for } j \ge i`;
const Z_PLAIN = TeX`Z = AV`;
const Z_RESIDUAL = TeX`Z = X + AV`;
const maskOf = (r, s) => (r.selfMasked && s.causal ? (i, j) => causalMasked(i, j) || selfMasked(i, j)
  : r.selfMasked ? selfMasked : causalMasked);

function tokenByDim(r, id, title, values, cols, extra = {}) {
  return heatmap({ id, title, values, rows: r.tokens.length, cols, rowLabels: r.labels, colLabels: dims(cols),
    rowAxis: 'token', colAxis: 'dimension', palette: 'diverging', ...extra });
}

function dimByDim(r, id, title, values, rows, cols) {
  return heatmap({ id, title, values, rows, cols, rowLabels: dims(rows), colLabels: dims(cols),
    rowAxis: 'input dimension', colAxis: 'output dimension', palette: 'diverging' });
}

function tokenByToken(r, id, title, values, extra = {}) {
  const n = r.tokens.length;
  return heatmap({ id, title, values, rows: n, cols: n, rowLabels: r.labels, colLabels: r.labels,
    rowAxis: 'query token', colAxis: 'key token', palette: 'diverging', ...extra });
}

export const STEPS = [
  {
    n: 1, id: 'embeddings', title: 'Static embeddings', tex: TeX`X,\ \text{one row per token:}\ n \times d_{\text{model}}`,
    prose: (r) => [r.embeddingsUsed === 'words' ? embeddingsProse(r) : [
      'Each token starts as a fixed vector of ', ...dmodel(), ` = ${r.dModel} numbers. The vector depends on the word alone: `,
      '“bank” gets the same row whether it sits next to “money” or “river”. ',
      'Here it is random but fixed, drawn from a generator seeded by the word (so “Bank,” and “bank” share one).',
    ]],
    figures: (r) => [[tokenByDim(r, 'embeddings', 'Embeddings X', r.embeddings, r.dModel)]],
  },
  {
    n: 2, id: 'projections', title: 'Projections to queries, keys and values', tex: TeX`Q = XW_q,\quad K = XW_k,\quad V = XW_v`,
    prose: (r) => [r.head === 'meaningful' ? meaningfulProjectionProse(r) : [
      'At initialisation the weights are random: this is what √dₖ protects. ',
      'Three weight matrices give every token three roles. Its query (a row of Q) describes what it is looking for, ',
      'its key (a row of K) what it can be found by, and its value (a row of V) what it passes on once it is chosen. ',
      'Queries and keys are compared with each other, so both have ', ...dk(), ` = ${r.dK} columns; values have `,
      el('var', {}, 'd'), el('sub', {}, 'v'), ` = ${r.dV}.`,
    ]],
    // The meaningful head's W's are identities and Q = K = V = X (step 1's matrix): the prose says so, no figure repeats it.
    figures: (r) => (r.head === 'meaningful' ? [] : [
      [dimByDim(r, 'wq', ['W', el('sub', {}, 'q')], r.wQ, r.dModel, r.dK), dimByDim(r, 'wk', ['W', el('sub', {}, 'k')], r.wK, r.dModel, r.dK),
        dimByDim(r, 'wv', ['W', el('sub', {}, 'v')], r.wV, r.dModel, r.dV)],
      [tokenByDim(r, 'q', 'Queries Q', r.q, r.dK), tokenByDim(r, 'k', 'Keys K', r.k, r.dK), tokenByDim(r, 'v', 'Values V', r.v, r.dV)],
    ]),
  },
  {
    n: 3, id: 'scores', title: 'MatMul: every query against every key', tex: TeX`S = QK^{\top}`,
    prose: (r) => [[
      'Entry (i, j) is the dot product of query i with key j: a sum of ', ...dk(),
      ' products. The more terms in that sum, the wider the scores spread. ',
      ...(r.head === 'random' ? ['Switch scaling off in the controls above and drag the ', ...dk(), ' slider to watch the colours saturate.']
        : [`Here `, ...dk(), ` = ${r.dK}; switch the head to random weights to drag `, ...dk(), ' yourself.']),
    ]],
    figures: (r) => [[tokenByToken(r, 'scores', 'Scores S = QKᵀ', r.scores, { domain: r.scoreRange })]],
  },
  {
    n: 4, id: 'scale', title: 'Scale by 1/√dₖ', tex: TeX`S/\sqrt{d_k}`,
    prose: (r, s) => [s.scaled ? [
      'The engine multiplies every score by ', `${sig3(r.scale)} = 1/√${r.dK}. `,
      'Scaling a number by c scales its variance by c², and the variance of a dot product grows in proportion to ', ...dk(),
      `, so this factor divides the scores’ variance by ${r.dK}: here it goes from ${sig3(r.scoreVariance)} to ${sig3(r.scaledScoreVariance)}. `,
      'This matrix uses the same colour scale as S above, which is why it looks paler.',
    ] : [
      'Scaling is switched off, so the engine uses a factor of 1 and the scores go on unchanged. ',
      'Switch it back on to compare the two matrices on the same colour scale.',
    ]],
    figures: (r) => [[tokenByToken(r, 'scaled', 'Scaled scores S/√dₖ', r.scaledScores, { domain: r.scoreRange })]],
  },
  {
    n: 5, id: 'mask', title: 'Mask (optional)', tex: TeX`\text{score}_{ij} \leftarrow -\infty \ \text{ for } j > i`,
    // The header's formula for the head drawn: this head masks the diagonal too (the causal mask adds j > i).
    texFor: (r, s) => (!r?.selfMasked ? MASK_CAUSAL : s.causal ? MASK_BOTH : MASK_SELF),
    prose: (r, s) => [...(r.selfMasked ? [[
      'This head also masks each token’s own position (the diagonal, −∞ before the softmax): with Q = K a word’s score with ',
      'itself is usually the largest in its row and would drown out the others. Open “Why this head works” above for the numbers.',
    ]] : []), s.causal ? [
      // With this head's masked diagonal a token may not look at itself either, and the first token has nothing left.
      r.selfMasked ? 'With the causal mask on, a token may look only at the tokens before it (its own score stays masked, so the first token sees none). '
        : 'With the causal mask on, a token may look only at itself and the tokens before it. ',
      'The cells to the right of the diagonal are set to −∞, and the softmax turns −∞ into a weight of exactly 0.',
    ] : [
      r.selfMasked ? 'The causal mask is off: apart from itself, each token may look at every other, later ones included. '
        : 'The mask is switched off: every token may look at every other token, including later ones. ',
      'Tick “causal mask” to see what a text-generating decoder does, where no token may peek ahead.',
    ]],
    figures: (r, s) => (s.causal || r.selfMasked ? [[tokenByToken(r, 'masked', 'Masked scores', r.scaledScores,
      { domain: r.scoreRange, masked: maskOf(r, s), maskedText: '−∞', maskedValue: -Infinity })]] : []),
  },
  {
    n: 6, id: 'softmax', title: 'SoftMax: scores become weights', tex: TeX`A = \operatorname{softmax}(QK^{\top}/\sqrt{d_k})`,
    prose: (r, s) => [[
      // A −∞ score (a masked cell) gets weight exactly 0; a row with every score −∞ (the first, under both masks) gets none.
      'Each row of scores turns into weights that add up to 1, positive except where a score is −∞',
      s.causal && r.selfMasked ? '; the first row, with no score left, gets no weight at all. ' : '. ',
      'A row whose scores are close together ',
      'gives an even spread; a row with one score far above the rest gives almost all its weight to one key. ',
      // Under the causal mask the second row has one visible key, so the largest weight is 1 before any change.
      ...(r.maxWeight > 0.995 ? ['The largest weight below is already 1: a row that sees a single key gives it all its weight.']
        : r.head === 'random' ? ['Set ', ...dk(), ' to 64 with scaling off and watch the largest weight below climb towards 1 as the scores spread.']
          : ['Switch scaling off and watch the largest weight below climb towards 1.']),
    ]],
    figures: (r) => [[heatmap({ id: 'weights', title: 'Attention weights A', values: r.weights, rows: r.tokens.length,
      cols: r.tokens.length, rowLabels: r.labels, colLabels: r.labels, rowAxis: 'query token', colAxis: 'key token',
      palette: 'sequential', domain: [0, 1] })]],
    stats: true,
  },
  {
    n: 7, id: 'contextual', title: 'MatMul with V: contextual embeddings', tex: TeX`Z = AV`,
    texFor: (r) => (r?.residual ? Z_RESIDUAL : Z_PLAIN),
    prose: (r, s) => [[
      'Each output row is a blend of the value rows, mixed in the proportions of that token’s weights. ',
      `So the new vector for “${r.tokens[focusIndex(r)]}” carries some of every token it attended to, `,
      `and, unlike its static embedding, it now depends on ${s.causal ? 'itself and the words before it' : 'the whole sentence'}.`,
      r.residual ? ' This head adds the blend to the token’s own vector (Z = X + AV, a residual connection), '
        + 'so the word keeps its meaning and gains its context’s.' : '',
    ]],
    figures: (r) => [[tokenByDim(r, 'contextual', r.residual ? 'Contextual embeddings Z = X + AV' : 'Contextual embeddings Z', r.contextual, r.dV)]],
    extra: (r) => nearestList(r, r.labels),
  },
];

/** The engine's result plus display-only fields: row labels and the colour range shared by S, S′
 *  and the masked scores (so scaling shows as fading colour). */
export function forDisplay(result) {
  return { ...result, labels: tokenLabels(result.tokens), scoreRange: maxAbs(result.scores) };
}
