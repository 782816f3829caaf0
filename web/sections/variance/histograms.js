// Lesson 2, part 1: a thousand random query–key pairs at each chosen dₖ, their scores as histograms, and the
// prediction "how much wider from dₖ = 100 to 1000?" asked before the histograms show it. Numbers: engine.dotProducts,
// and engine.histogram when the panels share an axis.
import { el } from '../../dom.js';
import { parsedInput } from '../../controls.js';
import { chartBox } from '../../charts/chart-box.js';
import { histogram } from '../../charts/histogram.js';
import { SERIES } from '../../charts/palette.js';
import { precise, sig3 } from '../../format.js';
import { question } from '../kit/lesson.js';
import { partPanel, statList, fill, watcher, message, attempt, noticeBox } from '../kit/parts.js';
import { sampleCount, learn, refineLater, offStep, sampleLabel } from '../kit/progressive.js';
import { PAIRS, BINS, distributionOf, entryControls } from './shared.js';

const PANEL_COLORS = [SERIES.green, SERIES.blue, SERIES.vermillion, SERIES.purple, SERIES.orange, SERIES.sky];
const ASKED = [100, 1000]; // the two lengths of the question

const KEPT = 16; // draws remembered: the panels, the question's two lengths, a few earlier settings and previews

/**
 * The engine's scores at each d of `dims` for the current entries and seed, `pairs` pairs each: one dotProducts call
 * per d not drawn before (a change of another d, of the shared-axis box, or the question's answer draws nothing
 * again). The pairs are nested (one random stream per pair), so a preview's pairs are the first of the full count's.
 * at(state, dim, pairs, call?) makes the call (or takes its answer) when it is not kept; has() says whether it is.
 */
function scoreDraws(engine) {
  const kept = new Map();
  const keyOf = (state, dim, pairs) => JSON.stringify([dim, pairs, state.vseed, distributionOf(state).options]);
  const request = (state, dim, pairs) => ({ dim, pairs, seed: state.vseed, bins: BINS, ...distributionOf(state).options });
  const at = (state, dim, pairs = PAIRS, call = () => engine.dotProducts(request(state, dim, pairs))) => {
    const key = keyOf(state, dim, pairs);
    let r = kept.get(key);
    if (!r) {
      r = { dim, ...call() };
      if (kept.size >= KEPT) kept.delete(kept.keys().next().value);
    }
    kept.delete(key);
    kept.set(key, r); // the most recent last
    return r;
  };
  return { at, request, has: (state, dim, pairs = PAIRS) => kept.has(keyOf(state, dim, pairs)) };
}

/** The same scores binned on one window, from the smallest to the largest of any panel (engine.histogram). */
function onSharedAxis(engine, results) {
  const lo = Math.min(...results.map((r) => r.min));
  const hi = Math.max(...results.map((r) => r.max));
  if (!(lo < hi)) return results;
  return results.map((r) => ({ ...r, histogram: engine.histogram({ values: r.values, bins: BINS, range: [lo, hi] }).histogram }));
}

/**
 * The prediction. Width is the standard deviation; the explanation prints the engine's standard deviations and
 * variances at the learner's dₖ and at 100 and 1000, for the entries and seed chosen now.
 */
function widthQuestion(draws, shownPairs, cover) {
  return question({
    id: 'variance-width',
    cover,
    prompt: 'In theory the variance grows tenfold from dₖ = 100 to dₖ = 1000. How much wider does the histogram get?',
    choices: [['10', '10 times as wide'], ['sqrt10', '√10 ≈ 3.16 times as wide'], ['same', 'Equally wide']],
    answer: 'sqrt10',
    explain(state) {
      const dims = [...new Set([...state.vdims, ...ASKED])].sort((a, b) => a - b);
      let results;
      try {
        results = dims.map((dim) => draws.at(state, dim, shownPairs()));
      } catch (error) {
        return ['The engine rejected these settings: ', message(error)];
      }
      const list = el('ul', { className: 'question-numbers' }, results.map((r) => el('li', { dataset: { dim: r.dim } },
        `dₖ = ${r.dim}: width (standard deviation) `, el('strong', { dataset: { sd: r.sd } }, sig3(r.sd)),
        `, variance ${sig3(r.variance)} (theory ${sig3(r.theoryVariance)}, give or take ${sig3(r.expectedVarianceSd)} for one sample)`)));
      return ['A histogram’s width scales with the standard deviation, the square root of the variance, so ten times the ',
        'variance makes it √10 ≈ 3.16 times as wide, not ten times. The engine’s ', String(shownPairs()), ' scores per length, for the entries ',
        'and seed chosen above:', list];
    },
  });
}

export function histogramsPart(engine, store, number) {
  const part = partPanel({ id: 'histograms', number, title: 'A thousand random scores at each dₖ' });
  const { box, notices } = noticeBox();
  const problem = (text) => (text ? notices.show('input', text) : notices.clear('input'));
  const entries = entryControls(store, problem);
  const dims = parsedInput(store, 'vdims', 'Lengths dₖ (up to six)', { onProblem: problem, placeholder: '3, 100, 1000' });
  fill(part.controls, el('div', { className: 'panel control-panel' }, el('div', { className: 'control-grid' }, dims.node, entries.nodes), box));

  const panelRow = el('div', { className: 'histogram-row' });
  const draws = scoreDraws(engine);
  let shownPairs = PAIRS; // pairs per panel on screen: PAIRS, or fewer in a preview
  const predict = widthQuestion(draws, () => shownPairs, panelRow); // asked above the histograms, which stay covered until answered
  part.figures.append(predict.node, panelRow);
  const boxes = [];
  const labels = [];
  const changed = watcher(store, ['vdist', 'vmean', 'vstd', 'vseed', 'vdims', 'vshared']);
  let drawnOnce = false;

  /** Draws the panels from `pairs` pairs per d (each d's scores kept or computed now) and hands them on. */
  function show(state, pairs, out) {
    const results = attempt(part, notices, 'The engine rejected these settings', () => {
      const own = state.vdims.map((dim) => draws.at(state, dim, pairs));
      return state.vshared && own.length > 1 ? onSharedAxis(engine, own) : own;
    });
    if (results === null) return false;
    shownPairs = pairs;
    out.histograms = { results, state, pairs };
    drawPanels(state, results, pairs);
    return true;
  }

  function drawPanels(state, results, pairs) {
    const { name } = distributionOf(state);
    const yMax = state.vshared ? Math.max(...results.flatMap((r) => Array.from(r.histogram.counts))) : undefined;
    while (boxes.length < results.length) {
      const chart = chartBox({ id: `hist-${boxes.length}`, kind: 'histogram', maxWidth: 520 });
      const stats = el('div');
      boxes.push({ chart, stats, panel: el('div', { className: 'histogram-panel' }, chart.node, stats) });
      labels.push(sampleLabel({ inline: true }));
    }
    // The panels shown stay in place (a new seed redraws into them); fill() moves only what changed.
    fill(panelRow, results.map((r, i) => {
      boxes[i].panel.dataset.dim = String(r.dim);
      return boxes[i].panel;
    }));
    results.forEach((r, i) => {
      const { chart, stats } = boxes[i];
      labels[i].set({ samples: pairs, full: PAIRS, unit: 'pairs' });
      chart.set({
        title: [`dₖ = ${r.dim} · `, labels[i].node],
        draw: histogram({ id: `hist-${r.dim}`,
          ariaLabel: `Histogram of ${pairs} scores at dₖ = ${r.dim}, entries ${name}; mean ${precise(r.mean)}, variance ${precise(r.variance)}`,
          edges: r.histogram.edges, counts: r.histogram.counts, yMax, color: PANEL_COLORS[i % PANEL_COLORS.length],
          marker: { value: r.mean, label: 'mean' }, xLabel: 'score q · k', height: 165 }),
      });
      fill(stats, statList(`hist-${r.dim}`, [
        ['variance', 'variance', sig3(r.variance), `(theory ${sig3(r.theoryVariance)})`, r.variance],
        ['sd', 'width (sd)', sig3(r.sd), null, r.sd],
      ]));
    });
  }

  return {
    node: part.node,
    render(state, out) {
      entries.sync(state);
      dims.sync(state);
      if (changed(state)) {
        // A change draws a preview from fewer pairs when the full count would not fit in a frame, and the full count
        // follows in a background engine (or in later tasks); the first drawing is always the full count.
        const missing = state.vdims.filter((dim) => !draws.has(state, dim));
        const perPair = 2 * missing.reduce((sum, dim) => sum + dim, 0);
        const plan = drawnOnce && missing.length ? sampleCount('dotProducts', perPair, PAIRS, { min: 10 }) : { samples: PAIRS, preview: false };
        const steps = plan.preview ? missing.map((dim, i) => offStep(engine, 'dotProducts', draws.request(state, dim, PAIRS), (get, ms) => {
          if (!attempt(part, notices, 'The engine rejected these settings', () => draws.at(state, dim, PAIRS, get))) return false;
          // The next preview's size. Only full counts teach it: the first drawing runs while the page is still
          // loading, and a cold call then took ten times as long, which made the first preview ten pairs.
          learn('dotProducts', 2 * dim * PAIRS, ms);
          if (i < missing.length - 1) return true;
          if (!show(state, PAIRS, out)) return false;
          out.refresh(); // every part again, this one's question and the parts after it that use these scores
          return true;
        })) : [];
        refineLater(part, part.node, steps);
        drawnOnce = show(state, plan.samples, out) || drawnOnce;
      }
      predict.render(state);
    },
  };
}
