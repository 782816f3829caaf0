// Lesson 6: the attention of a run, step by step, beside its loss: the mean entropy of the attention rows of each
// step's batch (nats) and the largest |logit| in it, both reported by the engine's trainer with every step. Together
// they show entropy collapse as it happens: logits that keep growing while the rows' entropy falls towards zero.
// One module for the single run and the race; it lays out the engine's numbers and computes none.
import { el } from '../../dom.js';
import { chartBox } from '../../charts/chart-box.js';
import { xyChart, xyLegend } from '../../charts/xy-chart.js';
import { stepSeries } from './record.js';

const HEIGHT = 200;

/**
 * Two charts, `${prefix}-entropy` and `${prefix}-logit`, side by side. draw(lanes, xDomain) plots each lane
 * ({ record, id, style: { label, color, dash } }); idle(xDomain, note) draws them empty.
 */
export function attentionCurves(prefix, { which = '' } = {}) {
  const entropy = chartBox({ id: `${prefix}-entropy`, kind: 'xy', maxWidth: 620 });
  const logit = chartBox({ id: `${prefix}-logit`, kind: 'xy', maxWidth: 620 });
  const titles = { entropy: `Attention entropy${which}`, logit: `Largest |logit|${which}` };
  const notes = {
    entropy: 'Mean over the rows of each step’s batch, in nats: a row spread evenly over L keys has ln L, a one-hot row 0.',
    logit: 'The largest |β·q·k| (QK-norm: |g·q̂·k̂|) in each step’s batch. Growing logits sharpen the rows and lower the entropy.',
  };
  const spec = (id, ariaLabel, yLabel, yScale, xDomain, series, yDomain) => xyChart({ id, ariaLabel, xLabel: 'optimizer step', yLabel,
    yScale, xDomain, yDomain, yFromZero: yScale !== 'log', series, height: HEIGHT });
  return {
    node: el('div', { className: 'figure-row chart-row attention-curves' }, entropy.node, logit.node),
    draw(lanes, xDomain) {
      const lines = (key) => lanes.map(({ record, id, style }) => stepSeries(record, key, id, style));
      const e = lines('entropies');
      const m = lines('maxLogits');
      entropy.set({ title: titles.entropy, legend: lanes.length > 1 ? xyLegend(e) : null, note: notes.entropy,
        draw: spec(`${prefix}-entropy`, `${titles.entropy} against step`, 'entropy (nats)', 'linear', xDomain, e) });
      logit.set({ title: titles.logit, legend: lanes.length > 1 ? xyLegend(m) : null, note: notes.logit,
        draw: spec(`${prefix}-logit`, `${titles.logit} against step`, 'largest |logit| (log scale)', 'log', xDomain, m) });
    },
    idle(xDomain, note) {
      entropy.set({ title: titles.entropy, note,
        draw: spec(`${prefix}-entropy`, `${titles.entropy} (no run yet)`, 'entropy (nats)', 'linear', xDomain, [], [0, 3]) });
      logit.set({ title: titles.logit, note,
        draw: spec(`${prefix}-logit`, `${titles.logit} (no run yet)`, 'largest |logit| (log scale)', 'log', xDomain, [], [0.1, 100]) });
    },
  };
}
