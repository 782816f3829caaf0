// 4.3 (Go deeper): the derivation Var(q·k) = Σ Var(qᵢkᵢ) = Σ Var(qᵢ)Var(kᵢ) = dₖ with every line measured by the
// engine (derivation) beside its exact value, and the properties each line assumes, measured on the same draws.
// Means, σ and the correlation of qᵢ with kᵢ can be set to see which equals sign gives way. Progressive refinement:
// a preview from fewer pairs while a value changes, the full count once it settles.
import { el } from '../../dom.js';
import { TeX, tex } from '../../math.js';
import { parsedInput, logSlider, slider } from '../../controls.js';
import { milliseconds, sig3 } from '../../format.js';
import { partPanel, setProse, statList, fill, refill, watcher, dk, attempt, tooltip, noticeBox, presetRow } from '../kit/parts.js';
import { timed, sampleLabel, measureProgressively } from '../kit/progressive.js';
import { pm } from './common.js';

/** The engine options of the derivation for a state (`samples` fewer for a preview). */
export const derivationOptions = (state, samples) => ({ dK: state.tdk, samples, seed: state.tseed, meanQ: state.tdmean, meanK: state.tdmean,
  sigmaQ: state.tdsd, sigmaK: state.tdsd, correlation: state.tdcorr });

export function derivationPart(engine, store, number) {
  const part = partPanel({ id: 'derivation', number, title: 'Var(q · k) = dₖ, one line at a time' });
  const { box, notices, problem } = noticeBox();
  const num = (key, label, step) => parsedInput(store, key, label, { number: true, step, onProblem: problem });
  const dkSlider = logSlider(store, 'tdk', [...dk(), ' (logarithmic track)']);
  const controls = [
    dkSlider,
    num('tdk', [...dk(), ' (type a value)'], '1'),
    num('tsamples', 'Random (q, k) pairs', '100'),
    num('tseed', 'Seed (every random part of this lesson)', '1'),
    slider(store, 'tdmean', ['mean of every qᵢ and kᵢ, ', el('var', {}, 'μ')], { step: 0.1 }),
    slider(store, 'tdsd', ['their standard deviation, ', el('var', {}, 'σ')], { step: 0.1 }),
    slider(store, 'tdcorr', ['correlation of qᵢ with kᵢ, ', el('var', {}, 'ρ')], { step: 0.05 }),
  ];
  const presets = presetRow(store, 'Break one assumption:', [
    ['none', { tdmean: 0, tdsd: 1, tdcorr: 0 }, 'Every assumption holds'],
    ['μ = 1', { tdmean: 1, tdsd: 1, tdcorr: 0 }, 'Means of 1'],
    ['σ = 2', { tdmean: 0, tdsd: 2, tdcorr: 0 }, 'Standard deviation 2'],
    ['ρ = 0.5', { tdmean: 0, tdsd: 1, tdcorr: 0.5 }, 'Correlation 0.5 between qᵢ and kᵢ'],
  ]);
  fill(part.controls, el('div', { className: 'panel control-panel' },
    el('div', { className: 'control-grid' }, controls.map((c) => c.node), presets), box));
  const steps = el('div', { className: 'derivation' });
  const assumptions = el('div', { className: 'assumption-table' });
  const label = sampleLabel();
  fill(part.figures, label.node, steps, assumptions);
  const changed = watcher(store, ['tdk', 'tsamples', 'tseed', 'tdmean', 'tdsd', 'tdcorr']);

  // The engine's draws are nested (more samples keep the first ones), so a preview is the start of the full run.
  // call: the engine call itself, or (the full count in a background engine) what it answered.
  const measure = (state, samples, call = () => engine.derivation(derivationOptions(state, samples))) => attempt(part, notices,
    'The engine rejected these settings', () => timed('derivation', samples * state.tdk, call));

  return {
    node: part.node,
    render(state) {
      for (const c of controls) c.sync(state);
      if (!changed(state)) return;
      measureProgressively(part, { engine, kind: 'derivation', options: (samples) => derivationOptions(state, samples),
        perSample: state.tdk, full: state.tsamples },
        (samples, call) => measure(state, samples, call), (r) => draw(state, r));
    },
  };

  function draw(state, r) {
    label.set({ samples: r.samples, full: state.tsamples, unit: 'pairs' });
    const holds = state.tdmean === 0 && state.tdsd === 1 && state.tdcorr === 0;
    setProse(part.prose, [[
      'Where does √dₖ come from? Suppose each of the ', ...dk(), ' components of a query and of a key is a random number ',
      'with mean 0 and variance 1, and that all of them are independent of one another. Then the variance of their dot ',
      'product takes four lines to work out. The engine draws ', String(state.tsamples), ' such pairs at ', ...dk(), ` = ${state.tdk} `,
      '(fewer, for a quick preview, while a value is still changing) and measures the quantity on every line directly, ',
      'so each equals sign can be checked against numbers. ',
      'Each measurement carries its standard error, roughly how far it would move with another seed.',
    ], [
      'Every line leans on an assumption. The second needs the ', ...dk(), ' products qᵢkᵢ to be uncorrelated with each other; ',
      'the third needs zero means and qᵢ independent of kᵢ, because even for independent factors ',
      'Var(qk) = Var(q)Var(k) + Var(q)(E k)² + Var(k)(E q)²; the last needs unit variances. ',
      'The second table measures each of those properties on the same draws. Dividing the scores by the square root of ',
      'the result, √', ...dk(), ', is what brings their variance back to 1.',
    ], holds ? [
      'Use the buttons below to break one assumption at a time and see which equals sign stops holding.',
    ] : [
      `With μ = ${state.tdmean}, σ = ${state.tdsd} and ρ = ${state.tdcorr} the exact column shows where the chain breaks: `,
      'a line marked ≠ no longer equals the one before it. Components still do not influence one another, so the ',
      'first equals sign survives every setting here; what gives way is the product rule (a mean or a correlation) ',
      'or the last line (a σ other than 1).',
    ]]);
    // A line whose exact value differs from the previous line's is marked (a comparison of engine numbers, for the label).
    const differs = (a, b) => Math.abs(a - b) > 1e-9 * (1 + Math.abs(b));
    const lines = [
      ['vardot', TeX`\operatorname{Var}(q\cdot k) = \operatorname{Var}\Big(\sum_{i=1}^{d_k} {\textstyle q_i k_i}\Big)`, r.varDot,
        'the definition of the dot product'],
      ['sumvarprod', TeX`\sum_{i=1}^{d_k} \operatorname{Var}(q_i k_i)`, r.sumVarProducts, 'the products qᵢkᵢ are uncorrelated'],
      ['sumvarvar', TeX`\sum_{i=1}^{d_k} \operatorname{Var}(q_i)\,\operatorname{Var}(k_i)`, r.sumVarQVarK, 'zero means; qᵢ independent of kᵢ'],
      // The last line is a count, not a measurement: its measured cell stays empty.
      ['dk', TeX`\sum_{i=1}^{d_k} 1\cdot 1 = d_k`, { value: null, stdError: null, theory: state.tdk }, 'unit variances'],
    ];
    const rows = lines.map(([id, formula, q, why], i) => {
      const broken = i > 0 && differs(q.theory, lines[i - 1][2].theory);
      const relation = i === 0 ? '' : broken ? '≠' : '=';
      return el('tr', { dataset: { step: id, broken: broken ? '1' : '0' }, className: broken ? 'broken-line' : '' },
        el('td', { className: 'relation', attrs: { 'aria-label': broken ? 'not equal to the line above' : i ? 'equal to the line above' : '' } }, relation),
        el('td', { className: 'derivation-tex' }, tex(formula)),
        q.value === null ? el('td', { className: 'num', dataset: { label: 'measured' } }, '— (a count)')
          : el('td', { className: 'num', dataset: { stat: id, value: q.value, label: 'measured' }, attrs: tooltip(q.value) },
            el('strong', {}, pm(q.value, q.stdError))),
        el('td', { className: 'num', dataset: { stat: `${id}theory`, value: q.theory, label: 'exact' }, attrs: tooltip(q.theory, sig3(q.theory)) },
          sig3(q.theory)),
        el('td', { className: 'derivation-why' }, why));
    });
    refill(steps, el('p', { className: 'table-title' }, `Each line measured by the engine at dₖ = ${state.tdk} (${r.samples} pairs)`),
      el('div', { className: 'table-scroll' }, el('table', { className: 'examples derivation-table stack', dataset: { table: 'derivation' } },
        el('thead', {}, el('tr', {}, ['', 'line', 'measured ± standard error', 'exact', 'what it uses']
          .map((h) => el('th', { attrs: { scope: 'col' } }, h)))),
        el('tbody', {}, rows))));
    // A property whose exact value is not what the proof needs is marked (a comparison of engine numbers, for the label).
    const arow = (id, label, q, required) => el('tr', { dataset: { assumption: id, holds: differs(q.theory, Number(required)) ? '0' : '1' },
      className: differs(q.theory, Number(required)) ? 'broken-line' : '' },
      el('td', {}, tex(label)),
      el('td', { className: 'num', dataset: { stat: id, value: q.value, label: 'measured' }, attrs: tooltip(q.value) }, pm(q.value, q.stdError)),
      el('td', { className: 'num', dataset: { stat: `${id}theory`, value: q.theory, label: 'exact' }, attrs: tooltip(q.theory, sig3(q.theory)) },
        sig3(q.theory)),
      el('td', { className: 'num', dataset: { label: 'the proof needs' } }, required));
    refill(assumptions, el('p', { className: 'table-title' }, 'The assumptions, measured on the same draws'),
      el('div', { className: 'table-scroll' }, el('table', { className: 'examples stack', dataset: { table: 'assumptions' } },
        el('thead', {}, el('tr', {}, ['property', 'measured', 'exact for these settings', 'the proof needs']
          .map((h) => el('th', { attrs: { scope: 'col' } }, h)))),
        el('tbody', {},
          arow('meanq', TeX`\operatorname{E}(q_i)`, r.meanQ, '0'),
          arow('meank', TeX`\operatorname{E}(k_i)`, r.meanK, '0'),
          arow('varq', TeX`\operatorname{Var}(q_i)`, r.varQ, '1'),
          arow('vark', TeX`\operatorname{Var}(k_i)`, r.varK, '1'),
          arow('covqk', TeX`\operatorname{Cov}(q_i, k_i)`, r.covQK, '0'),
          state.tdk > 1 ? arow('covqq', TeX`\operatorname{Cov}(q_i, q_j),\ i\ne j`, r.pairCovQ, '0') : null,
          state.tdk > 1 ? arow('covkk', TeX`\operatorname{Cov}(k_i, k_j),\ i\ne j`, r.pairCovK, '0') : null,
          arow('covsum', TeX`\sum_{i\ne j}\operatorname{Cov}(q_i k_i,\, q_j k_j)`, r.covarianceSum, '0')))));
    fill(part.stats, statList('derivation', [
      ['vardot', 'Var(q · k), measured', pm(r.varDot.value, r.varDot.stdError), `(exact ${sig3(r.varDot.theory)})`, r.varDot.value],
      ['scaled', 'variance of the logits q · k/√dₖ, measured', pm(r.scaledVariance.value, r.scaledVariance.stdError),
        `(exact ${sig3(r.scaledVariance.theory)}; 1 when every line holds)`, r.scaledVariance.value],
      ['time', 'engine time', milliseconds(r.computeMs), null, r.computeMs],
    ]));
  }
}

