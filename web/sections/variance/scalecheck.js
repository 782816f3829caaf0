// Lesson 2, "Go deeper": Var(cX) = c²·Var(X), the rule behind dividing by √dₖ, checked by the engine on the scores of
// the right-most histogram, and the prediction "double every entry of q and k: how much more variance?".
import { el } from '../../dom.js';
import { parsedInput } from '../../controls.js';
import { sig3, precise, count } from '../../format.js';
import { question } from '../kit/lesson.js';
import { partPanel, setProse, statList, fill, watcher, attempt, message, noticeBox } from '../kit/parts.js';
import { TeX } from '../../math.js';

// Ten digits where the digits are the point: Var(cX) and c²·Var(X) agree to float rounding (a "Go deeper" part).
const long = (v) => precise(v, 10);
const doubled = (v) => v.map((x) => 2 * x); // the learner's question, as input for the engine

/** Doubling q and k: each score ×2·2 = 4, its variance ×16. The explanation runs both through the engine. */
function doublingQuestion(engine, latest) {
  return question({
    id: 'variance-double',
    prompt: 'Double every entry of q and of k. By what factor does the variance of the scores grow?',
    choices: [['2', '2×'], ['4', '4×'], ['16', '16×']],
    answer: '16',
    explain() {
      const h = latest();
      try {
        const a = [1, 2];
        const b = [3, 4];
        const before = engine.dot(a, b);
        const after = engine.dot(doubled(a), doubled(b));
        const parts = [`A score is a sum of products qᵢkᵢ, and doubling both factors makes each product, and so the score, 2 · 2 = 4 times larger: `,
          `[1, 2] · [3, 4] = ${count(before)} becomes [2, 4] · [6, 8] = ${count(after)}. Multiplying by c = 4 multiplies the variance by c² = 16`];
        if (!h) return [...parts, '.'];
        const check = engine.scaleVariance({ values: h.values, c: 4 });
        return [...parts, `: the engine’s ${h.values.length} scores at dₖ = ${h.dim} have variance ${sig3(check.varX)}, and `,
          el('strong', { dataset: { varcx: check.varCX } }, sig3(check.varCX)), ' once each is multiplied by 4.'];
      } catch (error) {
        return ['The engine rejected these settings: ', message(error)];
      }
    },
  });
}

export function scaleCheckPart(engine, store, number) {
  const part = partPanel({ id: 'scalecheck', number, title: 'Scaling a variable scales its variance by the square',
    formula: TeX`\operatorname{Var}(cX) = c^2\operatorname{Var}(X)` });
  const { box, notices } = noticeBox();
  const problem = (text) => (text ? notices.show('input', text) : notices.clear('input'));
  const c = parsedInput(store, 'vc', ['The factor ', el('var', {}, 'c')], { number: true, step: '0.05', onProblem: problem });
  const presets = el('div', { className: 'preset-row' }, el('span', { className: 'control-hint' }, 'Try:'), [0.5, 2, -1, 0.1].map((v) => {
    const b = el('button', { type: 'button', className: 'control-button small', textContent: String(v).replace('-', '\u2212') });
    b.addEventListener('click', () => store.set({ vc: v }));
    return b;
  }));
  let last = null; // the right-most histogram's { dim, values }
  let from = null; // the histograms' results those came from
  const predict = doublingQuestion(engine, () => last);
  part.node.insertBefore(predict.node, part.prose); // asked before the prose gives the rule away
  fill(part.controls, el('div', { className: 'panel control-panel' }, el('div', { className: 'control-grid' }, c.node, presets), box));
  const changed = watcher(store, ['vc', 'vdist', 'vmean', 'vstd', 'vseed', 'vdims']);

  return {
    node: part.node,
    render(state, out) {
      c.sync(state);
      const moved = changed(state);
      if (out.histograms && (moved || out.histograms !== from)) {
        from = out.histograms; // a preview's scores are replaced by the full count's (Lesson 2.1)
        const { results } = out.histograms;
        last = results[results.length - 1];
        const check = attempt(part, notices, 'The engine rejected this factor', () => engine.scaleVariance({ values: last.values, c: state.vc }));
        if (check !== null) {
          setProse(part.prose, [[
            `Take X to be the ${last.values.length} scores of the right-most histogram (dₖ = ${last.dim}). The engine multiplies every one `,
            'of them by c and measures the variance of the result from scratch; separately it multiplies the variance of X by c². ',
            'The two agree to rounding for any c, negative ones included, because the sign disappears in the square. ',
            'With c = 1/√dₖ this is the scaling of attention: the variance is divided by dₖ.',
          ]]);
          fill(part.stats, statList('scalecheck', [
            ['varx', 'Var(X)', long(check.varX), null, check.varX],
            ['c', 'c', long(state.vc), null, state.vc],
            ['varcx', 'Var(cX), measured on the scaled values', long(check.varCX), null, check.varCX],
            ['c2varx', 'c² · Var(X)', long(check.c2VarX), null, check.c2VarX],
            ['difference', 'Var(cX) − c² · Var(X)', sig3(check.difference), '(rounding in the last digits only)', check.difference],
          ]));
        }
      }
      predict.render(state);
    },
  };
}
