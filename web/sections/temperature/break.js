// 4.4: break one assumption at a time. The chain Var(q·k) = Σ Var(qᵢkᵢ) = Σ Var(qᵢ)Var(kᵢ) = dₖ rests on four
// assumptions; the learner picks one to break and the engine measures every line (derivation) or, for a token's query
// against its own key, the scores of Q = X·W_q, K = X·W_k on and off the diagonal (assumptionCheck). Only the chosen
// assumption is broken, whatever the other settings of 4.3 are. A prediction asks about correlated q and k first.
import { el } from '../../dom.js';
import { DisplayTeX, tex } from '../../math.js';
import { logSlider, slider, radioGroup } from '../../controls.js';
import { chartBox } from '../../charts/chart-box.js';
import { barChart } from '../../charts/bars.js';
import { SERIES } from '../../charts/palette.js';
import { sig3 } from '../../format.js';
import { question } from '../kit/lesson.js';
import { term } from '../../glossary.js';
import { partPanel, setProse, statList, fill, dk, attempt, message, noticeBox } from '../kit/parts.js';
import { timed, sampleLabel, measureProgressively } from '../kit/progressive.js';
import { sub, pm, ASSUMPTION_SAMPLES, workOf } from './common.js';

// Each way to break the chain: the state key of its amount, the value that breaks it when the key sits at its neutral
// value, and the line of the chain that gives way.
const BREAKS = {
  none: { label: 'none: all four hold' },
  mean: { label: 'mean ≠ 0', key: 'tdmean', neutral: 0, breaking: 1, fails: 2, needs: 'mean 0' },
  variance: { label: 'variance ≠ 1', key: 'tdsd', neutral: 1, breaking: 2, fails: 3, needs: 'variance 1' },
  aligned: { label: 'q and k correlated', key: 'tdcorr', neutral: 0, breaking: 0.5, fails: 2, needs: 'q independent of k' },
  diagonal: { label: 'a token’s own key', key: 'tdx', neutral: 64, breaking: 2, fails: 2, needs: 'q independent of k' },
};
// The diagonal case's budget: the work of the X · W part's samples at its defaults, and a cap on the count.
const DIAGONAL_WORK = ASSUMPTION_SAMPLES * workOf({ dX: 64, dK: 64, tokens: 8 });
const MAX_DIAGONAL_SAMPLES = 4000;
// The within-row spread under a mean: vectors drawn for the variance sweep (every pair is used). The rows share their
// keys, so with few vectors their common part is one small sample (60 vectors missed it by a quarter at seed 1).
const ROW_VECTORS = 200;
// The chain's four terms under their bars, each short enough (8 characters) that a phone's chart prints all four.
const CHAIN_LABELS = ['Var(q·k)', 'ΣVar(qk)', 'ΣVar·Var', 'dₖ'];
// The chain, each equals sign numbered (sign k joins term k − 1 and term k; CHAIN_LABELS names the terms): on one line,
// and one step a line for a phone (the one-line chain is wider than its screen); CSS shows one of the two.
const CHAIN = DisplayTeX`\textstyle \operatorname{Var}(q\cdot k)
  \overset{1}{=} \sum_{i=1}^{d_k} \operatorname{Var}(q_i k_i)
  \overset{2}{=} \sum_{i=1}^{d_k} \operatorname{Var}(q_i)\operatorname{Var}(k_i)
  \overset{3}{=} d_k`;
const CHAIN_LINES = DisplayTeX`\begin{aligned} \operatorname{Var}(q\cdot k)
  &\overset{1}{=} \textstyle \sum_{i=1}^{d_k} \operatorname{Var}(q_i k_i) \\
  &\overset{2}{=} \textstyle \sum_{i=1}^{d_k} \operatorname{Var}(q_i)\operatorname{Var}(k_i) \\
  &\overset{3}{=} \textstyle d_k \end{aligned}`;

/** The engine call for a state: which function, its options (only the chosen assumption broken) and its work. */
function plan(state) {
  if (state.tbreak === 'diagonal') {
    // Unit queries and keys: X with unit entries, weights with variance 1/dₓ, so each entry of q and k has variance 1.
    const options = { dX: state.tdx, dK: state.tdk, sigmaX: 1, sigmaWq: 1 / Math.sqrt(state.tdx), sigmaWk: 1 / Math.sqrt(state.tdx),
      meanX: 0, tokens: state.ttokens, seed: state.tseed };
    const perSample = workOf(options);
    // The ratio's error shrinks with the sample count; small dₓ makes samples cheap, so they get more, up to the time
    // the X · W part takes at its defaults (a display choice: the count is printed beside the numbers).
    const full = Math.min(MAX_DIAGONAL_SAMPLES, Math.max(ASSUMPTION_SAMPLES, Math.round(DIAGONAL_WORK / perSample)));
    return { kind: 'assumptionCheck', options, full, perSample };
  }
  const at = (mode, key, neutral) => (state.tbreak === mode ? state[key] : neutral);
  const mean = at('mean', 'tdmean', 0);
  const sd = at('variance', 'tdsd', 1);
  const options = { dK: state.tdk, seed: state.tseed, meanQ: mean, meanK: mean, sigmaQ: sd, sigmaK: sd, correlation: at('aligned', 'tdcorr', 0) };
  return { kind: 'derivation', options, full: state.tsamples, perSample: state.tdk };
}

// What a row sees when one of its keys is aligned with the query: one query and ROW_KEYS keys, ROW_SAMPLES rows.
const ROW_KEYS = 16;
const ROW_SAMPLES = 400;

/**
 * The prediction: is 1/√dₖ still right when qᵢ and kᵢ are correlated? Explained with the engine's measurement over
 * pairs (derivation) and, for a row with one aligned key among independent ones, the aligned key's lead
 * (alignmentScaling, the function Lesson 7.2 draws).
 */
function correlationQuestion(engine) {
  let cache = { key: null, r: null };
  const measure = (state) => {
    const rho = state.tdcorr !== 0 ? state.tdcorr : 0.5;
    const options = { dK: state.tdk, samples: state.tsamples, seed: state.tseed, correlation: rho };
    const key = JSON.stringify(options);
    if (cache.key !== key) {
      const row = engine.alignmentScaling({ dKs: [state.tdk], rho, n: ROW_KEYS, samples: ROW_SAMPLES, seed: state.tseed });
      cache = { key, r: engine.derivation(options), row, rho };
    }
    return cache;
  };
  return question({
    id: 'temperature-correlated',
    prompt: 'Give every qᵢ a correlation ρ = 0.5 with its kᵢ, leaving means and variances alone. Is 1/√dₖ still the right scale?',
    choices: [['same', 'Yes: Var(q·k) stays dₖ'], ['wider', 'No: Var(q·k) grows above dₖ'], ['narrower', 'No: Var(q·k) drops below dₖ']],
    answer: 'wider',
    explain(state) {
      let m;
      try {
        m = measure(state);
      } catch (error) {
        return ['The engine rejected these settings: ', message(error)];
      }
      const { r, row, rho } = m;
      const a = row.inverseSqrt;
      return [`At ρ = ${rho} and dₖ = ${r.dK} the engine measures Var(q·k) = ${pm(r.varDot.value, r.varDot.stdError)} `
        + `over pairs (theory ${sig3(r.varDot.theory)}), `,
        `so the logits q·k/√dₖ get variance ${pm(r.scaledVariance.value, r.scaledVariance.stdError)} instead of 1 `
          + `(theory 1 + ρ² = ${sig3(r.scaledVariance.theory)}): `,
        'each product qᵢkᵢ varies more when its two factors move together, whatever the sign of ρ. ',
        `The mean moves too, to ${pm(r.meanDot.value, r.meanDot.stdError)}, and in a row that matters more than the variance: `,
        `a query aligned with one of ${ROW_KEYS} keys gives that key the logit ${pm(a.alignedLogit[0], a.alignedLogitStdError[0])} `,
        `(ρ√dₖ = ${sig3(a.theoryMean[0])}) while the others spread with sd ${sig3(a.otherLogitSd[0])}, so it takes `,
        `${pm(a.alignedWeight[0], a.alignedWeightStdError[0])} of the weight. That lead grows like √dₖ, which 1/√dₖ does not hold back: `,
        'Lesson 7.2 shows μP’s 1/dₖ, which does.'];
    },
  });
}

export function breakPart(engine, store, number) {
  const part = partPanel({ id: 'break', number, title: 'Break one assumption' });
  const { box, notices } = noticeBox();
  // Choosing a way to break the chain also moves its amount off the neutral value, in the same state change.
  const choose = { ...store, set: (patch) => {
    const b = BREAKS[patch.tbreak];
    store.set(b && b.key && store.get()[b.key] === b.neutral ? { ...patch, [b.key]: b.breaking } : patch);
  } };
  const chooser = radioGroup(choose, 'tbreak', 'Break:', Object.entries(BREAKS).map(([id, b]) => [id, b.label]));
  const amounts = {
    mean: slider(store, 'tdmean', ['mean ', el('var', {}, 'μ'), ' of every qᵢ and kᵢ'], { step: 0.1 }),
    variance: slider(store, 'tdsd', ['their standard deviation ', el('var', {}, 'σ')], { step: 0.1 }),
    aligned: slider(store, 'tdcorr', ['correlation ', el('var', {}, 'ρ'), ' of qᵢ with kᵢ'], { step: 0.05 }),
    diagonal: logSlider(store, 'tdx', [...sub('d', 'x'), ', the length of the token vector x']),
  };
  const dkSlider = logSlider(store, 'tdk', [term('dk'), ' (log track)']);
  const chart = chartBox({ id: 'break-chain', kind: 'bars', maxWidth: 420 });
  const label = sampleLabel();
  const legend = el('p', { className: 'control-hint chain-legend' },
    'Each = needs: 1 independent entries · 2 mean 0 and q independent of k · 3 variance 1.');
  const predict = correlationQuestion(engine);
  // The chain as a display formula, one step a line on a narrow screen, its legend below.
  part.node.insertBefore(tex(CHAIN, { className: 'chain-formula chain-wide' }), part.prose);
  part.node.insertBefore(tex(CHAIN_LINES, { className: 'chain-formula chain-lines' }), part.prose);
  part.node.insertBefore(legend, part.prose);
  setProse(part.prose, [['Break one: the engine measures every line, and a bar off dₖ means q·k/√dₖ no longer has variance 1 over all pairs.']]);
  fill(part.controls, predict.node, el('div', { className: 'control-figure' },
    el('div', { className: 'panel control-panel' }, chooser.node, Object.values(amounts).map((a) => a.node), dkSlider.node, box),
    el('div', {}, chart.node, label.node, part.stats)));
  const controls = [chooser, dkSlider, ...Object.values(amounts)];
  let last = null;
  // With a mean, what one query's row of logits spreads by (the softmax ignores the row's common offset): the
  // variance sweep's within-row spread of scaled scores at dₖ, kept per setting.
  let rowCache = { key: null, sweep: null };
  const rowSpread = (state) => {
    const options = { maxDim: Math.max(2, state.tdk), vectors: ROW_VECTORS, distribution: 'normal', mean: state.tdmean, std: 1,
      seed: state.tseed, scaled: true };
    const key = JSON.stringify(options);
    if (rowCache.key !== key) rowCache = { key, sweep: engine.varianceSweep(options) };
    return rowCache.sweep;
  };

  return {
    node: part.node,
    render(state) {
      for (const c of controls) c.sync(state);
      for (const [mode, a] of Object.entries(amounts)) a.node.hidden = mode !== state.tbreak;
      predict.render(state);
      const p = plan(state);
      const key = JSON.stringify([p.kind, p.options, p.full]);
      if (key === last) return;
      last = key;
      const options = (samples) => ({ ...p.options, samples });
      measureProgressively(part, { ...p, engine, options }, (samples, call = () => engine[p.kind](options(samples))) => attempt(part, notices,
        'The engine rejected these settings', () => timed(p.kind, samples * p.perSample, call)), (r) => draw(state, p, r));
    },
  };

  function draw(state, p, r) {
    const b = BREAKS[state.tbreak];
    const diagonal = p.kind === 'assumptionCheck';
    label.set({ samples: r.samples, full: p.full, unit: diagonal ? 'draws of X and the weights' : 'pairs (q, k)' });
    // A line whose exact value differs from the one before it is where the chain breaks (a comparison, for colour).
    const off = (a, want) => Math.abs(a - want) > 1e-9 * (1 + Math.abs(want));
    const values = diagonal ? [r.measuredOffDiagonal, r.measuredDiagonal, r.dK] : [r.varDot.value, r.sumVarProducts.value, r.sumVarQVarK.value, r.dK];
    const theory = diagonal ? [r.predictedOffDiagonal, r.predictedDiagonal, r.dK] : [r.varDot.theory, r.sumVarProducts.theory, r.sumVarQVarK.theory, r.dK];
    const labels = diagonal ? ['other key', 'own key', 'dₖ'] : CHAIN_LABELS;
    chart.set({ title: diagonal ? ['Score variance: another token’s key, its own key, and ', ...dk()]
        : ['Each line of the chain, measured, at ', ...dk(), ` = ${r.dK}`],
      draw: barChart({ id: 'break-chain', ariaLabel: `${labels.map((l, i) => `${l}: ${sig3(values[i])}`).join('; ')}`,
        values, labels, color: SERIES.blue, colors: theory.map((t) => (off(t, r.dK) ? SERIES.vermillion : SERIES.blue)),
        valueText: sig3, yTicks: sig3, // 1026 reads 1,030, not short()'s 1×10³
        height: 200 }) });
    const where = b.fails ? `equals sign ${b.fails} fails: it needs ${b.needs}` : 'every equals sign holds';
    const row = state.tbreak === 'mean' && state.tdmean !== 0 ? attempt(part, notices, 'The engine rejected these settings', () => rowSpread(state)) : null;
    const within = row ? [['rowvar', 'within one query’s row (what the softmax sees)', sig3(row.rowVariance[state.tdk - 1]),
      `(theory (μ² + 1)·1 = ${sig3(row.theoryRowVariance[state.tdk - 1])}, level in dₖ: Lesson 2.4)`, row.rowVariance[state.tdk - 1]]] : [];
    fill(part.stats, statList('break', diagonal ? [
      ['diagratio', 'own key ÷ other key, variance', pm(r.diagonalRatio, r.diagonalRatioStdError),
        `(theory 1 + 2/dₓ = ${sig3(r.predictedDiagonalRatio)})`, r.diagonalRatio],
      ['fails', 'where it breaks', `${where}: the two are uncorrelated, yet both grow with |x|²`, null],
    ] : [
      ['logitvar', 'variance of the logits q·k/√dₖ', pm(r.scaledVariance.value, r.scaledVariance.stdError),
        `(theory ${sig3(r.scaledVariance.theory)}; 1/√dₖ aims for 1)`, r.scaledVariance.value],
      ...within,
      ['fails', 'where it breaks', where, null],
    ]));
  }
}
