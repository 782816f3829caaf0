// Form controls bound to one state key each: sliders (linear and logarithmic), checkbox, drop-down, number,
// text and list inputs.
// A control reads its allowed range from the state table and writes typed values to the store;
// sync(state) puts the state back into the control. No lesson logic lives here.
import { scaleLog } from 'd3-scale';
import { el, uniqueId, setText } from './dom.js';

function field(className, labelText, input, ...extra) {
  const id = uniqueId('control');
  input.id = id;
  return el('div', { className: `control ${className}` }, el('label', { htmlFor: id }, labelText), input, ...extra);
}

/** A range slider with its value printed beside it; `step` below 1 suits a decimal key (a mean, a correlation). */
export function slider(store, key, labelText, { step = 1 } = {}) {
  const { min, max } = store.type(key);
  const input = el('input', { type: 'range', min: String(min), max: String(max), step: String(step), dataset: { key } });
  const output = el('output', { className: 'control-value', attrs: { 'aria-hidden': 'true' } });
  input.addEventListener('input', () => store.set({ [key]: Number(input.value) }));
  return {
    node: field('control-slider', labelText, input, output),
    sync(state) {
      const text = String(state[key]);
      if (input.value !== text) input.value = text;
      setText(output, text); // unchanged text is not rewritten: no relayout
    },
  };
}

export function checkbox(store, key, labelText) {
  const input = el('input', { type: 'checkbox', dataset: { key } });
  input.addEventListener('change', () => store.set({ [key]: input.checked }));
  const id = uniqueId('control');
  input.id = id;
  return {
    node: el('div', { className: 'control control-checkbox' }, input, el('label', { htmlFor: id }, labelText)),
    sync(state) {
      input.checked = state[key];
    },
  };
}

/**
 * A number input. A value the table rejects is reported through onProblem(message) when the
 * learner leaves the field (and not on every keystroke, so clearing the field to retype is quiet).
 */
export function numberInput(store, key, labelText, { onProblem, extra = [] } = {}) {
  const { min, max } = store.type(key);
  const input = el('input', { type: 'number', min: String(min), max: String(max), step: '1', inputMode: 'numeric', dataset: { key } });
  input.addEventListener('input', () => {
    if (store.type(key).parse(input.value).ok) {
      store.setFromString(key, input.value);
      onProblem(null);
    }
  });
  input.addEventListener('change', () => onProblem(store.setFromString(key, input.value)));
  return {
    node: field('control-number', labelText, input, ...extra),
    input,
    sync(state) {
      if (input.getRootNode().activeElement !== input || store.type(key).parse(input.value).ok) {
        if (input.value !== String(state[key])) input.value = String(state[key]);
      }
    },
  };
}

/** A one-line text input; every keystroke is a state change. */
export function textInput(store, key, labelText, { placeholder = '' } = {}) {
  const { maxLength } = store.type(key);
  const input = el('input', { type: 'text', placeholder, spellcheck: false, autocomplete: 'off', dataset: { key } });
  if (maxLength) input.maxLength = maxLength;
  input.addEventListener('input', () => store.set({ [key]: input.value }));
  return {
    node: field('control-text', labelText, input),
    input,
    sync(state) {
      if (input.value !== state[key]) input.value = state[key];
    },
  };
}

/** A drop-down for a `choice` key; `options` is [[value, visible text], …]. */
export function select(store, key, labelText, options) {
  const input = el('select', { dataset: { key } }, options.map(([value, label]) => el('option', { value }, label)));
  input.addEventListener('change', () => store.set({ [key]: input.value }));
  return {
    node: field('control-select', labelText, input),
    input,
    sync(state) {
      if (input.value !== state[key]) input.value = state[key];
    },
  };
}

/**
 * A text or number field whose value the table parses (a number, or a list such as "3, 100, 1000").
 * A valid value is stored as it is typed; an invalid one is reported through onProblem(message) when
 * the learner leaves the field. While the learner edits, the field keeps what they typed.
 */
export function parsedInput(store, key, labelText, { onProblem, extra = [], number = false, step = 'any', placeholder = '', width = '' } = {}) {
  const type = store.type(key);
  const input = number
    ? el('input', { type: 'number', step, min: String(type.min), max: String(type.max), inputMode: 'decimal', dataset: { key } })
    : el('input', { type: 'text', spellcheck: false, autocomplete: 'off', placeholder, dataset: { key } });
  if (width) input.classList.add(`input-${width}`);
  const same = (value, state) => type.format(value) === type.format(state[key]);
  input.addEventListener('input', () => {
    const parsed = type.parse(input.value);
    if (parsed.ok) {
      if (!same(parsed.value, store.get())) store.set({ [key]: parsed.value });
      onProblem(null);
    }
  });
  input.addEventListener('change', () => onProblem(store.setFromString(key, input.value)));
  return {
    node: field(number ? 'control-number' : 'control-list', labelText, input, ...extra),
    input,
    sync(state) {
      const parsed = type.parse(input.value);
      if (parsed.ok && same(parsed.value, state)) return; // "1, 2" and "1,2" are the same value: keep the learner's spacing
      if (input.getRootNode().activeElement === input && !parsed.ok) return; // mid-edit
      input.value = type.format(state[key]);
    },
  };
}

/**
 * A slider on a logarithmic track for a key whose values span decades (d_k 1…4096, β 0.01…1000).
 * The track position is mapped to a value with a d3 log scale; values are rounded to integers, or
 * to three significant digits. `lo`/`hi` bound the track when the table allows 0 (a log track cannot).
 */
export function logSlider(store, key, labelText, { lo, hi, integers = true, format = String } = {}) {
  const type = store.type(key);
  const min = lo ?? type.min;
  const max = hi ?? type.max;
  const STEPS = 1000;
  const track = scaleLog().domain([min, max]).range([0, STEPS]).clamp(true);
  const round = (v) => (integers ? Math.round(v) : Number(v.toPrecision(3)));
  const input = el('input', { type: 'range', min: '0', max: String(STEPS), step: '1', dataset: { key, track: 'log' } });
  const output = el('output', { className: 'control-value', attrs: { 'aria-hidden': 'true' } });
  input.addEventListener('input', () => {
    const value = round(track.invert(Number(input.value)));
    if (type.accepts(value)) store.set({ [key]: value });
  });
  return {
    node: field('control-slider', labelText, input, output),
    input,
    sync(state) {
      const v = state[key];
      const pos = v > 0 ? Math.round(track(v)) : 0;
      const moved = input.getRootNode().activeElement !== input || round(track.invert(Number(input.value))) !== v;
      if (moved && input.value !== String(pos)) input.value = String(pos);
      const text = format(v);
      if (input.getAttribute('aria-valuetext') !== text) input.setAttribute('aria-valuetext', text);
      setText(output, text); // unchanged text is not rewritten: no relayout
    },
  };
}

/**
 * A group of radio buttons for a `choice` key; `options` is [[value, visible text], …]. Returns the inputs by value
 * so a lesson can disable the choices that do not fit the other settings.
 */
export function radioGroup(store, key, legendText, options) {
  const name = uniqueId(`radio-${key}`);
  const inputs = new Map();
  const items = options.map(([value, label]) => {
    const input = el('input', { type: 'radio', name, value, dataset: { key } });
    input.addEventListener('change', () => {
      if (input.checked) store.set({ [key]: value });
    });
    inputs.set(value, input);
    return el('label', { className: 'radio-option' }, input, el('span', {}, label));
  });
  return {
    node: el('fieldset', { className: 'control control-radio', dataset: { key } },
      el('legend', {}, legendText), el('div', { className: 'radio-options' }, items)),
    inputs,
    sync(state) {
      for (const [value, input] of inputs) input.checked = value === state[key];
    },
  };
}
