// Lesson 6.1: what Table 1 measured. The paper's gap between β = 1/√dₖ and β = 5, reproduced at its budget, then the
// same two β with more steps, a larger learning rate and another model, all from web/data/reference-runs.json (the
// native CLI's runs and their validation curves). Layout only: every figure is read from the data file.
import { el } from '../../dom.js';
import { radioGroup } from '../../controls.js';
import { chartBox } from '../../charts/chart-box.js';
import { xyChart, xyLegend } from '../../charts/xy-chart.js';
import { partPanel, setProse, dk } from '../kit/parts.js';
import { term } from '../../glossary.js';
import { REFERENCE, STRATEGY, reference, pm, percent, thousands } from './strategies.js';

// The two β of Table 1's first row, as the data file names them, with the styles of their strategies.
const METHODS = [
  { method: 'inverse-sqrt-dk', label: 'β = 1/√dₖ', style: STRATEGY['inverse-sqrt-dk'] },
  { method: 'fixed 5', label: 'β = 5 (the paper’s)', style: STRATEGY.fixed },
];
const CURVE_CHOICES = [['encoder', 'encoder, 10 epochs'], ['encoder-30-epochs', 'encoder, 30 epochs'], ['encoder-lr-2e-3', 'encoder, 4× learning rate'],
  ['attention', 'attention only, 10 epochs']];

/** The lesson's lead: the paper's gap at its budget, then what more steps, a larger rate and another model do to it. */
function conclusion() {
  const tok = (experiment, method) => {
    const g = reference(experiment, method);
    return g ? pm(g.tokenAccuracy) : 'not run';
  };
  const options = REFERENCE.experiments.find((e) => e.id === 'encoder-lr-2e-3')?.options ?? [];
  const fastLr = Number(options[options.indexOf('--lr') + 1]);
  const base = reference('encoder', 'inverse-sqrt-dk');
  return [[
    'Source 003 trains a small transformer to reverse lists of 20 numbers from 0 to 99 and reports 1.5 % test accuracy with β = 1/√', ...dk(),
    ` and 96 % with β = 5. Our runs of its setting, on one encoder block, agree: ${tok('encoder', 'inverse-sqrt-dk')} `
      + `against ${tok('encoder', 'fixed 5')} token accuracy `,
    `(mean ± sd, ${base?.runs.length ?? 0} seeds). But that compares two `, term('beta', 'β'),
    ` after one budget (${base?.config.epochs} epochs) at one learning rate `,
    `(${base?.config.lr}). With 30 epochs 1/√`, ...dk(), ` also reaches ${tok('encoder-30-epochs', 'inverse-sqrt-dk')}; `
      + `with ${base ? `${fastLr / base.config.lr}×` : 'a larger'} `,
    `the learning rate (${fastLr}), ${tok('encoder-lr-2e-3', 'inverse-sqrt-dk')}. In the attention-only model the ranking flips: `,
    `${tok('attention', 'inverse-sqrt-dk')} for 1/√dₖ, ${tok('attention', 'fixed 5')} for β = 5.`,
  ]];
}

export function conclusionPart(context, number) {
  const { store } = context;
  const part = partPanel({ id: 'conclusion', number, title: 'Table 1 measured one budget' });
  const pick = radioGroup(store, 'rcurves', 'Reference runs drawn', CURVE_CHOICES);
  const chart = chartBox({ id: 'reference-curves', kind: 'xy', maxWidth: 760 });
  part.node.classList.add('split');
  part.controls.append(pick.node);
  part.figures.append(chart.node);
  part.node.append(el('div', { className: 'part-deeper deeper-row' }, context.sources));
  setProse(part.prose, conclusion());

  let drawn = null;
  return {
    node: part.node,
    render(state) {
      pick.sync(state);
      if (drawn === state.rcurves) return;
      drawn = state.rcurves;
      const experiment = REFERENCE.experiments.find((e) => e.id === state.rcurves);
      const series = [];
      const legend = [];
      for (const { method, label, style } of METHODS) {
        const g = reference(state.rcurves, method);
        const runs = (g?.runs ?? []).filter((r) => r.curve);
        runs.forEach((r, i) => {
          const s = { id: `${method}-seed-${r.seed}`, label, kind: 'line', x: r.curve.step, y: r.curve.tokenAccuracy,
            color: style.color, dash: style.dash, width: 1.4 };
          series.push(s);
          if (i === 0) legend.push({ ...s, label: `${label}, seeds ${runs.map((x) => x.seed).join(', ')}` });
        });
      }
      const steps = series.length ? Math.max(...series.map((s) => s.x[s.x.length - 1])) : 1;
      const R = reference(state.rcurves, METHODS[0].method)?.config.R;
      chart.set({ title: `Validation token accuracy against step: ${experiment?.label ?? state.rcurves}`, legend: xyLegend(legend),
        note: series.length
          ? `One line per seed: ${thousands(series[0].x.length)} evaluations of the validation set each, from step 0; chance is ${percent(1 / R)}.`
          : 'The data file has no curves for these runs: rerun build-scripts/reference-runs.',
        draw: xyChart({ id: 'reference-curves', ariaLabel: 'Validation token accuracy of the reference runs against step', xLabel: 'optimizer step',
          yLabel: 'token accuracy', xDomain: [0, steps], yDomain: [0, 1], series, height: 220 }) });
    },
  };
}
