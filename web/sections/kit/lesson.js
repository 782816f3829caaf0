// The pieces that turn a lesson's parts into a lesson: its one-sentence claim, "Go deeper" sections that stay
// one click away (their open state is in the link), and predict-then-see questions. Layout and bookkeeping only:
// a question's explanation gets its numbers from the engine through the lesson's own `explain` function.
//
// Use in a lesson (see web/sections/*.js):
//   claim('Var(q·k) grows in proportion to d_k.')                       → <p class="lesson-claim">
//   const more = deeper(store, 'vdeep', 'sets', 'Hand-picked vectors', node, …); more.sync(state) in render
//        (the key is the lesson's `choiceList(…, { minCount: 0 })` row of web/state.js; one id per deeper section)
//   const q = question({ id: 'variance-width', prompt, choices: [['10', '10×'], …], answer: '√10',
//                        explain: (state) => ['The engine measured …', number] });  q.node; q.render(state) in render
// A question is a <fieldset data-question="id"> with a <legend>; after a check its root has
// data-answered="correct" or "wrong", the verdict is announced (role=status), and the answer is kept in
// localStorage so a learner who comes back sees what they answered (inside an LMS, in memory and in the LMS instead:
// web/scorm.js). `cover` (a figure, or a list of nodes) stays covered until the learner answers or chooses to see it
// without answering.
import { el, clear, append, uniqueId } from '../../dom.js';
import { whenSeen } from '../../offscreen.js';

const ANSWERS_KEY = 'attention-scale-lab:answers';
/** Dispatched on window whenever an answer is stored or the answers are reset (detail: { answered, asked }). */
export const ANSWERS_EVENT = 'asl-answers';
/** Dispatched on window after each checked answer (detail: { id, value, correct }); web/scorm.js reports it. */
export const ANSWER_EVENT = 'asl-answer';

/* ---- the lesson's claim ---- */

/** The lesson's one claim, in one sentence, shown first (strings and nodes). */
export function claim(...children) {
  return el('p', { className: 'lesson-claim' }, el('span', { className: 'claim-label' }, 'The claim'), ' ', children);
}

/* ---- "Go deeper": side material one click away ---- */

/**
 * A collapsed <details data-deeper=id> holding side material. Its open state is the entry `id` in the list-valued
 * state key `key`, so a link can open it and opening it writes the link. Returns { node, body, sync(state), open() }.
 */
export function deeper(store, key, id, summary, ...children) {
  const body = el('div', { className: 'deeper-body' }, children);
  const node = el('details', { className: 'go-deeper', dataset: { deeper: id } },
    el('summary', {}, el('span', { className: 'deeper-label' }, 'Go deeper'), ' ', summary), body);
  // A toggle caused by sync() below writes the value the state already has: a no-op for the store.
  node.addEventListener('toggle', () => {
    const list = store.get()[key].filter((x) => x !== id);
    if (node.open) list.push(id);
    const order = store.type(key).choices;
    store.set({ [key]: order.filter((x) => list.includes(x)) });
  });
  /** Whether the section is open in `state`: a part inside a closed one need not draw (see renderShown). */
  const shows = (state) => state[key].includes(id);
  return {
    node,
    body,
    sync(state) {
      const want = shows(state);
      if (node.open !== want) node.open = want;
    },
    shows,
  };
}

const seen = new WeakMap(); // part → its whenSeen handle

/**
 * Renders each part with `state`, except a part inside a "Go deeper" section that `state` has closed: its charts
 * are out of sight, and some run Monte Carlo samples, so drawing them cost each change of the keys they watch.
 * Opening the section writes the link, which renders the lesson again, and the part draws then. A part out of the
 * window renders later, with the newest state (web/offscreen.js): near the window, once the page is quiet, or before
 * printing. Its nodes are part.node and part.seenNodes (elements it fills elsewhere). `within` maps a part to its
 * section; parts must not hand results to each other through a part that may be skipped or late.
 */
export function renderShown(parts, within, state) {
  for (const p of parts) {
    if (!(within.get(p)?.shows(state) ?? true)) continue;
    if (!seen.has(p)) seen.set(p, whenSeen(p.node, ...(p.seenNodes ?? [])));
    seen.get(p).draw(() => p.render(state));
  }
}

/* ---- answers kept in the browser ---- */

function readStored() {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(ANSWERS_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
  } catch {
    return {}; // storage blocked or damaged: nothing remembered
  }
}

function writeStored(answers) {
  try {
    window.localStorage.setItem(ANSWERS_KEY, JSON.stringify(answers));
  } catch {
    // not stored: the answers last for this page only
  }
}

let keeper = { read: readStored, write: writeStored };
const readAnswers = () => keeper.read();
const writeAnswers = (answers) => keeper.write(answers);

/**
 * Keeps the answers in memory, starting from `answers` ({ id: { value, correct } }), instead of localStorage: an
 * LMS keeps them for its learner (web/scorm.js), and a shared computer's browser should not. Call before mounting.
 */
export function keepAnswersInMemory(answers) {
  let held = { ...answers };
  keeper = { read: () => ({ ...held }), write: (next) => { held = { ...next }; } };
}

const asked = new Map(); // id → { id, type, choices } of the questions mounted in this window

/** The questions mounted in this window: [{ id, type ('choice' or 'numeric'), choices (a choice's values) }]. */
export const askedQuestions = () => [...asked.values()];

function announceCount() {
  const answers = readAnswers();
  const answered = [...asked.keys()].filter((id) => Object.hasOwn(answers, id)).length;
  window.dispatchEvent(new CustomEvent(ANSWERS_EVENT, { detail: { answered, asked: asked.size } }));
}

/** Forgets every stored answer; mounted questions return to unanswered. */
export function resetAnswers() {
  writeAnswers({});
  announceCount();
}

/* ---- a predict-then-see question ---- */

/**
 * question({ id, prompt, choices, answer, explain, cover, note, multiple })
 * - choices: [[value, label], …] (multiple choice), or { number: { label, step, unit } } for a typed number with
 *   answer(state) → { value, tolerance } computed from the engine's numbers for the current settings.
 * - multiple: tick boxes instead of radio buttons ("tick all that …"); the answer is then the list of right values,
 *   and a check is right when exactly those are ticked (in any order).
 * - answer: the right choice's value, or answer(state) returning it (a number question: { value, tolerance }).
 * - explain(state, { correct, given }): strings and nodes that say why, with the engine's live numbers. It is
 *   called again on every render(state) once answered, so its numbers follow the settings.
 * Returns { node, render(state) }.
 */
export function question({ id, prompt, choices, answer, explain, cover = null, note = null, multiple = false }) {
  const name = uniqueId(`q-${id}`);
  const numeric = !Array.isArray(choices);
  asked.set(id, numeric ? { id, type: 'numeric' } : { id, type: 'choice', multiple, choices: choices.map(([value]) => value) });
  const covers = cover === null ? [] : [cover].flat();
  const inputs = numeric
    ? [el('input', { type: 'number', step: choices.number.step ?? 'any', className: 'question-number', attrs: { 'aria-label': choices.number.label } })]
    : choices.map(([value]) => el('input', { type: multiple ? 'checkbox' : 'radio', name, value }));
  const options = numeric
    ? el('div', { className: 'question-options' },
      el('label', { className: 'question-option' }, inputs[0], choices.number.unit ? ` ${choices.number.unit}` : ''))
    : el('div', { className: 'question-options' },
      choices.map(([, label], i) => el('label', { className: 'question-option' }, inputs[i], el('span', {}, label))));
  const check = el('button', { type: 'button', className: 'control-button question-check', textContent: 'Check my answer' });
  const reveal = covers.length
    ? el('button', { type: 'button', className: 'control-button small question-reveal', textContent: 'Show me without answering' })
    : null;
  const verdict = el('div', { className: 'question-verdict', attrs: { role: 'status', 'aria-live': 'polite' } });
  const node = el('fieldset', { className: 'question', dataset: { question: id } },
    el('legend', {}, el('span', { className: 'question-label' }, 'Predict'), ' ', prompt),
    note ? el('p', { className: 'question-note' }, note) : null,
    options, el('div', { className: 'question-actions' }, check, reveal), verdict);
  // A covered figure is hidden behind a card and inert (no focus, not read out) until it is shown.
  const covered = (on) => {
    for (const c of covers) {
      c.classList.toggle('awaiting-prediction', on);
      c.inert = on;
    }
  };
  covered(true);

  let last = null; // the state of the last render
  let given = null; // the learner's answer once checked

  const ticked = () => inputs.filter((i) => i.checked).map((i) => i.value);
  const valueOf = () => (numeric ? (inputs[0].value.trim() === '' ? null : Number(inputs[0].value))
    : multiple ? (ticked().length ? ticked() : null) : inputs.find((i) => i.checked)?.value ?? null);
  const judge = (state, value) => {
    const want = typeof answer === 'function' ? answer(state) : answer;
    if (numeric) return Number.isFinite(value) && Math.abs(value - want.value) <= want.tolerance;
    if (multiple) return Array.isArray(want) && value.length === want.length && want.every((v) => value.includes(v));
    return value === want;
  };
  /** Whether a stored answer is one this question can show: a number, a choice, or (multiple) a list of choices. */
  const valid = (value) => (numeric ? Number.isFinite(value)
    : multiple ? Array.isArray(value) && value.length > 0 && value.every((v) => choices.some(([c]) => c === v))
      : choices.some(([v]) => v === value));
  const show = (state) => {
    clear(verdict);
    if (given === null) {
      delete node.dataset.answered;
      return;
    }
    const correct = judge(state, given);
    node.dataset.answered = correct ? 'correct' : 'wrong';
    append(verdict, [el('p', { className: 'question-result' }, correct ? 'Right.' : 'Not quite.'),
      el('p', { className: 'question-explain' }, explain(state, { correct, given }))]);
    covered(false);
  };
  const restore = () => {
    const saved = readAnswers()[id];
    given = saved && valid(saved.value) ? saved.value : null;
    if (numeric) inputs[0].value = given === null ? '' : String(given);
    else for (const i of inputs) i.checked = multiple ? (given ?? []).includes(i.value) : i.value === given;
    if (given === null) covered(true);
  };

  check.addEventListener('click', () => {
    const value = valueOf();
    if (value === null || (numeric && !Number.isFinite(value))) {
      clear(verdict);
      verdict.append(el('p', { className: 'question-result' },
        numeric ? 'Type a number first.' : multiple ? 'Tick at least one first.' : 'Choose an answer first.'));
      return;
    }
    given = value;
    const answers = readAnswers();
    answers[id] = { value, correct: judge(last, value) };
    writeAnswers(answers);
    show(last);
    announceCount();
    window.dispatchEvent(new CustomEvent(ANSWER_EVENT, { detail: { id, ...answers[id] } }));
  });
  if (reveal) reveal.addEventListener('click', () => covered(false));
  window.addEventListener(ANSWERS_EVENT, () => {
    if (!Object.hasOwn(readAnswers(), id) && given !== null) {
      restore();
      if (last) show(last);
    }
  });
  restore();
  queueMicrotask(announceCount);

  return {
    node,
    render(state) {
      last = state;
      show(state);
    },
  };
}

/** "2 of 7 answered" with a reset button, for the page header; follows ANSWERS_EVENT. */
export function answersIndicator() {
  const count = el('span', { className: 'answers-count', attrs: { 'aria-live': 'polite' } });
  const reset = el('button', { type: 'button', className: 'control-button small answers-reset', textContent: 'Reset my answers' });
  const node = el('div', { className: 'answers', hidden: true }, el('span', { className: 'answers-label' }, 'Predictions:'), ' ', count, ' ', reset);
  reset.addEventListener('click', resetAnswers);
  window.addEventListener(ANSWERS_EVENT, (event) => {
    const { answered, asked: total } = event.detail;
    node.hidden = total === 0;
    count.textContent = `${answered} of ${total} answered`;
    node.dataset.answered = String(answered);
    node.dataset.asked = String(total);
  });
  return node;
}
