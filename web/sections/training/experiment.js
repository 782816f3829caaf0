// Lesson 6's experiment settings: the controls that every run, the race and 6.3 read, the engine's description of
// the model they give (a trainer made and freed at once), and the task and architecture in a "Go deeper" section.
import { el, clear, uniqueId } from '../../dom.js';
import { slider, parsedInput, radioGroup } from '../../controls.js';
import { sig3 } from '../../format.js';
import { deeper } from '../kit/lesson.js';
import { setProse, statList, fill, refill, message } from '../kit/parts.js';
import { STRATEGIES, MODELS, VAL_SIZE, TEST_SIZE, trainerOptions, thousands } from './strategies.js';

const divisors = (n) => Array.from({ length: n }, (_, i) => i + 1).filter((h) => n % h === 0 && h <= 64);

/** A drop-down of the head counts that divide d = L (rebuilt when L changes). */
function headsSelect(store) {
  const input = el('select', { dataset: { key: 'rheads' } });
  const id = uniqueId('control');
  input.id = id;
  input.addEventListener('change', () => store.set({ rheads: Number(input.value) }));
  let built = 0;
  return {
    node: el('div', { className: 'control control-select' }, el('label', { htmlFor: id }, 'Heads (they must divide d)'), input),
    input,
    sync(state) {
      if (built !== state.rlen) {
        clear(input);
        for (const h of divisors(state.rlen)) input.append(el('option', { value: String(h) }, `${h} (dₖ = ${state.rlen / h})`));
        built = state.rlen;
      }
      if (input.value !== String(state.rheads)) input.value = String(state.rheads);
    },
  };
}

/**
 * The settings panel and the model's description. render(state) syncs the controls and returns the engine's trainer
 * info for the settings (null when the engine rejects them, with its message shown), or { corrected: true } when the
 * head count had to change (the store then renders again).
 */
export function experimentPanel(context) {
  const { engine, store, notices } = context;
  const problem = (key) => (text) => (text ? notices.show(key, text) : notices.clear(key));
  const model = radioGroup(store, 'rmodel', 'Model', [['encoder', 'encoder block'], ['attention', 'attention only']]);
  const length = slider(store, 'rlen', ['Sequence length ', el('var', {}, 'L'), ' (and ', el('var', {}, 'd'), ')']);
  const values = parsedInput(store, 'rvals', ['Values 0 … ', el('var', {}, 'R'), ' − 1'], { number: true, step: '1', onProblem: problem('rvals') });
  const train = parsedInput(store, 'rtrain', 'Training sequences', { number: true, step: '1', onProblem: problem('rtrain') });
  const heads = headsSelect(store);
  const epochs = slider(store, 'repochs', 'Epochs');
  const lr = parsedInput(store, 'rlr', 'Learning rate (Adam, peak)', { number: true, step: 'any', onProblem: problem('rlr') });
  const seed = parsedInput(store, 'rseed', 'Seed (data, weights, batches)', { number: true, step: '1', onProblem: problem('rseed') });
  const strategy = radioGroup(store, 'rstrategy', 'β strategy of the run', STRATEGIES.map((s) => [s.id, s.label]));
  const beta = parsedInput(store, 'rbeta', 'β when fixed', { number: true, step: 'any', onProblem: problem('rbeta') });
  const controls = [model, length, values, train, heads, epochs, lr, seed, strategy, beta];
  const stats = el('div', { className: 'part-stats' });
  const prose = el('div', { className: 'part-prose' });
  const tensors = el('div', { className: 'architecture' });
  const more = deeper(store, 'rdeep', 'model', 'More settings; the task, the model and its tensors',
    el('div', { className: 'control-grid' }, values.node, train.node, heads.node, seed.node), prose, stats, tensors);
  const node = el('div', { className: 'panel control-panel' },
    el('div', { className: 'control-grid' }, model.node, length.node, epochs.node, lr.node),
    el('div', { className: 'beta-row' }, strategy.node, beta.node),
    context.noticeBox, more.node);

  // A tensor's name may break after a dot on a phone ("attn.qkv." / "weight"), not inside a word.
  const breakable = (name) => name.split('.').flatMap((piece, i, all) => (i < all.length - 1 ? [`${piece}.`, el('wbr')] : [piece]));
  let corrected = null;
  const describe = (info, state) => {
    const m = MODELS[state.rmodel];
    setProse(prose, [[
      `Each example is ${state.rlen} integers drawn uniformly from 0 to ${state.rvals - 1}; the answer is the same list reversed. `,
      `The engine generates ${thousands(state.rtrain)} training, ${thousands(VAL_SIZE)} validation and ${thousands(TEST_SIZE)} test sequences `,
      `from the seed (the paper tested on 100,000). The model width is d = L = ${state.rlen}, as in the paper’s table; the loss is the `,
      'cross-entropy over the R possible values at each of the L outputs.',
    ], [
      el('strong', {}, `The ${m.label}: `), ...m.words,
      info ? ` At these settings it has ${thousands(info.modelParameterCount)} parameters (the engine’s count); `
        + 'the paper says only that its model has fewer than 8000.' : '',
    ], [
      'Training: Adam with the learning rate rising over 50 warm-up steps and then falling to zero along a cosine, batches of 128, ',
      'gradients clipped to norm 5. Two accuracies are reported, because the paper does not say which it used: ',
      el('em', {}, 'token accuracy'), ' (the share of output positions that are right) and ', el('em', {}, 'sequence exact match'),
      ' (the share of sequences right at every position).',
    ]]);
    if (!info) {
      clear(tensors);
      clear(stats);
      return;
    }
    refill(tensors, el('p', { className: 'table-title' },
      `Its tensors in forward order, as the engine lays them out: ${thousands(info.parameterCount)} parameters in all`),
      el('ol', { className: 'tensor-list', dataset: { table: 'parameters' } },
        info.parameters.map((p) => el('li', { dataset: { tensor: p.name, count: p.count } },
          el('span', { className: 'mono tensor-name' }, breakable(p.name)),
          el('span', { className: 'tensor-shape' }, `${p.shape[0]} × ${p.shape[1]}`),
          el('span', { className: 'tensor-count' }, thousands(p.count))))));
    fill(stats, statList('model', [
      ['params', 'parameters', thousands(info.parameterCount), info.parameterCount !== info.modelParameterCount ? '(with ln β)' : null, info.parameterCount],
      ['dk', 'd / heads = dₖ', `${info.dModel} / ${info.heads} = ${info.dK}`, null, info.dK],
      ['beta0', 'β at the first step', sig3(info.beta),
        info.betaStrategy === 'dynamic' ? '(a placeholder until the first batch is measured)' : null, info.beta],
      ['total', 'steps in all', thousands(info.totalSteps),
        `(${thousands(info.stepsPerEpoch)} an epoch${info.betaStrategy === 'search' ? `; ${info.probeEpochs}-epoch probes of the search included` : ''})`,
        info.totalSteps],
    ]));
  };

  return {
    node,
    render(state) {
      for (const c of controls) c.sync(state);
      more.sync(state);
      beta.input.disabled = state.rstrategy !== 'fixed';
      if (state.rlen % state.rheads !== 0) {
        // Heads must divide d = L: fall back to the largest divisor of L below the asked number, and say so.
        const fit = divisors(state.rlen).filter((h) => h <= state.rheads).pop() ?? 1;
        notices.show('heads', `${state.rheads} heads do not divide d = L = ${state.rlen}, so ${fit} head${fit === 1 ? ' is' : 's are'} used instead.`);
        corrected = `${state.rlen}|${fit}`;
        store.set({ rheads: fit });
        return { corrected: true };
      }
      if (corrected !== null && corrected !== `${state.rlen}|${state.rheads}`) {
        notices.clear('heads');
        corrected = null;
      }
      let info = null;
      try {
        // The description of the trainer these settings make (architecture, parameter count, step counts), without
        // building one: at L = 64 a whole trainer took 50 ms or more, and grew the WebAssembly memory the first time.
        info = engine.describeTrainer(trainerOptions(state));
        notices.clear('engine');
      } catch (error) {
        notices.show('engine', message(error), { tone: 'error', title: 'The engine rejected these settings' });
      }
      describe(info, state);
      return { info };
    },
  };
}
