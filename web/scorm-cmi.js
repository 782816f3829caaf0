// What the lab tells a SCORM LMS, as plain functions over an API object: the names and vocabularies of SCORM 1.2 and
// SCORM 2004 (4th edition), the compact form of the answers kept in suspend_data, and a reporter that writes one
// interaction, the score and the status per checked answer. No DOM here (web/scorm.js finds the API and shows the
// notice), so Node tests drive it against scorm-again directly.

/** The two data models: one row per thing the lab reports, in each version's words. */
export const VERSIONS = {
  '1.2': {
    api: 'API',
    calls: {
      init: 'LMSInitialize', get: 'LMSGetValue', set: 'LMSSetValue', commit: 'LMSCommit', finish: 'LMSFinish', error: 'LMSGetLastError',
      errorText: 'LMSGetErrorString',
    },
    suspendLimit: 4096,
    status: 'cmi.core.lesson_status',
    location: 'cmi.core.lesson_location',
    suspend: 'cmi.suspend_data',
    exit: 'cmi.core.exit',
    sessionTime: 'cmi.core.session_time',
    score: 'cmi.core.score',
    mastery: 'cmi.student_data.mastery_score',
    wrong: 'wrong',
    interactionTime: 'time',
    response: 'student_response',
    separator: ',',
  },
  '2004': {
    api: 'API_1484_11',
    calls: { init: 'Initialize', get: 'GetValue', set: 'SetValue', commit: 'Commit', finish: 'Terminate', error: 'GetLastError', errorText: 'GetErrorString' },
    suspendLimit: 64000,
    location: 'cmi.location',
    suspend: 'cmi.suspend_data',
    exit: 'cmi.exit',
    sessionTime: 'cmi.session_time',
    score: 'cmi.score',
    mastery: 'cmi.scaled_passing_score',
    wrong: 'incorrect',
    interactionTime: 'timestamp',
    response: 'learner_response',
    separator: '[,]',
  },
};

/* ---- time in each version's format ---- */

const pad = (n, width = 2) => String(n).padStart(width, '0');

/** 1.2's CMITimespan, HHHH:MM:SS.SS (hours up to 9999). */
export function timespan12(ms) {
  const cs = Math.min(Math.round(ms / 10), 9999 * 360000 + 359999);
  return `${pad(Math.floor(cs / 360000), 4)}:${pad(Math.floor(cs / 6000) % 60)}:${pad(Math.floor(cs / 100) % 60)}.${pad(cs % 100)}`;
}

/** 2004's timeinterval (ISO 8601 duration), e.g. PT1H2M3.45S. */
export function duration2004(ms) {
  const cs = Math.round(ms / 10);
  const h = Math.floor(cs / 360000);
  const m = Math.floor(cs / 6000) % 60;
  const s = (cs % 6000) / 100;
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s}S`;
}

/** 1.2's CMITime for an interaction, HH:MM:SS (local clock); 2004's timestamp, YYYY-MM-DDThh:mm:ss (local). */
export const time12 = (d) => `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
export const timestamp2004 = (d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${time12(d)}`;

/* ---- the answers in suspend_data ---- */

/**
 * The answers { id: { value, correct } } as a compact JSON array, [[id, value, 1|0], …]: about 30 characters a
 * question, so 1.2's 4,096 characters hold well over a hundred questions. Values stay as the lesson kit keeps them.
 */
export function encodeAnswers(answers) {
  return JSON.stringify(Object.entries(answers).map(([id, a]) => [id, a.value, a.correct ? 1 : 0]));
}

/** The inverse of encodeAnswers; anything it does not recognise (empty, another tool's data) gives {}. */
export function decodeAnswers(text) {
  try {
    const rows = JSON.parse(text);
    if (!Array.isArray(rows)) return {};
    const out = {};
    for (const row of rows) {
      if (Array.isArray(row) && typeof row[0] === 'string' && row.length === 3) out[row[0]] = { value: row[1], correct: row[2] === 1 };
    }
    return out;
  } catch {
    return {};
  }
}

/* ---- a learner's response in SCORM's forms ---- */

/** A number as CMIDecimal / real(10,7): plain digits, never an exponent. */
export function decimal(x) {
  const s = String(x);
  if (/^-?\d+(\.\d+)?$/.test(s)) return s;
  return Number(x).toFixed(7).replace(/\.?0+$/, '');
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * The response to question `q` ({ type, choices }) in version `v`: a choice is its option's letter in the order
 * shown (a = first; several joined by the version's separator), a number is a decimal, anything else is text
 * (interaction type fill-in).
 */
export function response(v, q, value) {
  if (q.type === 'numeric') return { type: 'numeric', text: decimal(value) };
  const values = Array.isArray(value) ? value : [value];
  if (q.type === 'choice' && Array.isArray(q.choices) && values.every((x) => q.choices.includes(x)) && q.choices.length <= LETTERS.length) {
    return { type: 'choice', text: values.map((x) => LETTERS[q.choices.indexOf(x)]).join(VERSIONS[v].separator) };
  }
  return { type: 'fill-in', text: values.map(String).join(',').slice(0, 250) };
}

/* ---- the reporter ---- */

/**
 * A session with the LMS through `api` (the object the LMS put on a window) for version `v` ('1.2' or '2004').
 * `mastery` is the share of counted questions right that passes (the LMS's own mastery score wins when it sets one);
 * `counted()` returns the questions that count, [{ id, type, choices }]; `onProblem(text)` hears of every failed
 * call. Every call to the API is guarded: a false return or a throw is a problem, never an exception.
 * Returns { start() → what an earlier visit kept, settle(lesson), answer(q, value, correct), location(id), finish(), ok }.
 */
export function createReporter({ api, version: v, mastery = 0.8, counted, onProblem = () => {}, now = () => new Date() }) {
  const V = VERSIONS[v];
  const started = now().getTime();
  let answers = {};
  let ok = true;
  let live = false;

  const problem = (what) => {
    let detail = '';
    try {
      const code = api[V.calls.error]?.();
      if (code && String(code) !== '0') detail = ` (${code}: ${api[V.calls.errorText]?.(code) ?? ''})`;
    } catch {
      // the error calls fail as well: say what failed without the LMS's reason
    }
    ok = false;
    onProblem(`${what}${detail}`);
  };
  const call = (name, ...args) => {
    try {
      const result = api[V.calls[name]](...args);
      if (name === 'get') return { ok: true, value: result == null ? '' : String(result) };
      const done = result === true || result === 'true';
      if (!done) problem(`${V.calls[name]}(${args.map((a) => JSON.stringify(a)).join(', ')}) returned ${JSON.stringify(result)}`);
      return { ok: done };
    } catch (error) {
      problem(`${V.calls[name]}(${args.length ? JSON.stringify(args[0]) : ''}) threw ${error?.message ?? error}`);
      return { ok: false, value: '' };
    }
  };
  const get = (key) => call('get', key).value;
  const set = (key, value) => call('set', key, String(value)).ok;

  const passMark = () => {
    const raw = get(V.mastery).trim();
    if (raw !== '' && Number.isFinite(Number(raw))) return v === '1.2' ? Number(raw) / 100 : Number(raw);
    return mastery;
  };

  /** Score and status from the latest answer to each counted question. */
  const writeStanding = () => {
    const questions = counted();
    const max = questions.length;
    const done = questions.filter((q) => Object.hasOwn(answers, q.id));
    const raw = done.filter((q) => answers[q.id].correct).length;
    const complete = max > 0 && done.length === max;
    const passed = complete && raw / max >= passMark() - 1e-9;
    set(`${V.score}.min`, 0);
    set(`${V.score}.max`, max);
    set(`${V.score}.raw`, raw);
    if (v === '1.2') {
      set(V.status, complete ? (passed ? 'passed' : 'failed') : 'incomplete');
    } else {
      if (max > 0) set('cmi.score.scaled', decimal(Math.round((raw / max) * 1e7) / 1e7));
      set('cmi.progress_measure', decimal(max ? Math.round((done.length / max) * 1e7) / 1e7 : 0));
      set('cmi.completion_status', complete ? 'completed' : 'incomplete');
      set('cmi.success_status', complete ? (passed ? 'passed' : 'failed') : 'unknown');
    }
    set(V.exit, complete ? (v === '1.2' ? '' : 'normal') : 'suspend');
    return complete;
  };

  const writeSuspend = () => {
    const text = encodeAnswers(answers);
    if (text.length > V.suspendLimit) {
      problem(`the answers need ${text.length} characters of suspend_data, more than SCORM ${v} allows (${V.suspendLimit})`);
      return;
    }
    set(V.suspend, text);
  };

  const sessionTime = () => set(V.sessionTime, (v === '1.2' ? timespan12 : duration2004)(now().getTime() - started));

  return {
    get ok() { return ok; },
    /** Initialises and returns the answers kept by an earlier visit, and the lesson it ended in ('' if none). */
    start() {
      live = call('init', '').ok;
      if (!live) return { answers: {}, location: '' };
      answers = decodeAnswers(get(V.suspend));
      return { answers: { ...answers }, location: get(V.location) };
    },
    /** Once the questions that count are known: the score and status they give (a first visit's 'incomplete'). */
    settle(lesson) {
      if (!live) return;
      writeStanding();
      if (lesson) set(V.location, lesson);
      call('commit', '');
    },
    /** One checked answer: an interaction, the score, the status, the answers kept, the time; then a commit. */
    answer(q, value, correct) {
      if (!live) return;
      answers[q.id] = { value, correct };
      const n = Number(get('cmi.interactions._count')) || 0;
      const r = response(v, q, value);
      const at = `cmi.interactions.${n}`;
      set(`${at}.id`, q.id);
      set(`${at}.type`, r.type);
      set(`${at}.${V.interactionTime}`, v === '1.2' ? time12(now()) : timestamp2004(now()));
      set(`${at}.${V.response}`, r.text);
      set(`${at}.result`, correct ? 'correct' : V.wrong);
      writeStanding();
      writeSuspend();
      sessionTime();
      call('commit', '');
    },
    /** The lesson in view, for the next visit to open at. */
    location(id) {
      if (live) set(V.location, id);
    },
    /** Session time and the end of the session; later calls do nothing. */
    finish() {
      if (!live) return;
      live = false;
      sessionTime();
      call('commit', '');
      call('finish', '');
    },
  };
}
