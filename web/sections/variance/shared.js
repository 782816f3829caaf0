// What Lesson 2's parts share: the entries of the random vectors (their names and the engine's options), the
// controls that choose them, a notice box per part, and a part wrapped in a "Go deeper" section. Layout only.
import { el } from '../../dom.js';
import { select, parsedInput, checkbox } from '../../controls.js';
import { deeper } from '../kit/lesson.js';

export const PAIRS = 1000; // random pairs per histogram, as in the source experiment
export const BINS = 30; // histogram bins: a display choice

/** The engine's options for the chosen distribution, and how the page names it. */
export function distributionOf(state) {
  if (state.vdist === 'uniform') return { options: { distribution: 'uniform' }, name: 'uniform on [0, 1)', zeroMean: false };
  if (state.vdist === 'stdnormal') return { options: { distribution: 'normal', mean: 0, std: 1 }, name: 'standard normal N(0, 1)', zeroMean: true };
  return { options: { distribution: 'normal', mean: state.vmean, std: state.vstd },
    name: `normal with μ = ${state.vmean}, σ = ${state.vstd}`, zeroMean: state.vmean === 0 };
}

/**
 * The controls of the random entries: the distribution (μ and σ show only for "your own normal"), the seed and the
 * shared-axes switch of the histograms. Returns { nodes, sync(state) }.
 */
export function entryControls(store, onProblem) {
  const dist = select(store, 'vdist', 'Entries of q and k', [
    ['stdnormal', 'standard normal N(0, 1)'], ['uniform', 'uniform on [0, 1) (the source’s choice)'], ['normal', 'normal N(μ, σ) of your choice']]);
  const mean = parsedInput(store, 'vmean', ['mean ', el('var', {}, 'μ')], { number: true, step: '0.1', onProblem });
  const std = parsedInput(store, 'vstd', ['standard deviation ', el('var', {}, 'σ')], { number: true, step: '0.1', onProblem });
  const seed = parsedInput(store, 'vseed', 'Seed', { number: true, step: '1', onProblem });
  const shared = checkbox(store, 'vshared', 'Same axes for every panel');
  return {
    nodes: [dist.node, mean.node, std.node, seed.node, shared.node],
    sync(state) {
      for (const c of [dist, mean, std, seed, shared]) c.sync(state);
      const custom = state.vdist === 'normal';
      mean.node.hidden = !custom;
      std.node.hidden = !custom;
      mean.input.disabled = !custom;
      std.input.disabled = !custom;
    },
  };
}

/**
 * A part of the lesson inside a collapsed "Go deeper" section whose open state is the entry `id` of `vdeep`.
 * `part` is { node, render(state, shared) }; the section syncs its open state on every render.
 */
export function deeperPart(store, id, summary, part) {
  const section = deeper(store, 'vdeep', id, summary, part.node);
  return {
    node: section.node,
    render(state, shared) {
      section.sync(state);
      if (section.shows(state)) part.render(state, shared); // closed, it draws nothing (see renderShown)
    },
  };
}

/** [1, 2, 3] as text; vectors longer than eight entries keep their first three and their last. */
export function vec(v) {
  return v.length <= 8 ? `[${v.join(', ')}]` : `[${v.slice(0, 3).join(', ')}, …, ${v[v.length - 1]}]`;
}
