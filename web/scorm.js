// The page as a SCORM SCO: finds the LMS's API object the way the SCORM run-time describes (this window's parents up
// to a limit, then the opener and its parents), and if there is one, reports each checked answer through
// web/scorm-cmi.js. With no API it does nothing at all: no notice, no storage change, no request.
// It never throws into the page: a failing LMS costs the learner a small notice, never the lesson.
import { el } from './dom.js';
import { ANSWER_EVENT, askedQuestions, keepAnswersInMemory } from './sections/kit/lesson.js';
import { VERSIONS, createReporter } from './scorm-cmi.js';

/** The LMS status event: detail { state: 'connected' | 'failed', version } (web/teacher-tools.js shows it). */
export const LMS_EVENT = 'asl-lms';
const PARENT_LIMIT = 10; // frames between the SCO and the LMS's API window; LMSs need one to three

/** `win[name]`, or null when it is absent or `win` belongs to another origin. */
function lookup(win, name) {
  try {
    return win && win[name] ? win[name] : null;
  } catch {
    return null;
  }
}

/** Looks for `name` in `win` and up to PARENT_LIMIT of its parents. */
function searchParents(win, name) {
  let current = win;
  for (let i = 0; current && i <= PARENT_LIMIT; i += 1) {
    const api = lookup(current, name);
    if (api) return api;
    let parent = null;
    try {
      parent = current.parent;
    } catch {
      return null;
    }
    if (!parent || parent === current) return null;
    current = parent;
  }
  return null;
}

/**
 * The LMS's API for version `prefer` ('1.2' or '2004'; the other version is tried next): { api, version }, or null.
 */
export function findApi(win, prefer = '2004') {
  const order = prefer === '1.2' ? ['1.2', '2004'] : ['2004', '1.2'];
  let opener = null;
  try {
    opener = win.opener;
  } catch {
    opener = null;
  }
  for (const version of order) {
    const name = VERSIONS[version].api;
    const api = searchParents(win, name) ?? (opener ? searchParents(opener, name) : null);
    if (api) return { api, version };
  }
  return null;
}

/** The package's settings, written by build-scripts/scorm-package.mjs: <meta name="asl-scorm" content="k=v; …">. */
export function packageSettings(doc) {
  const content = doc.querySelector('meta[name="asl-scorm"]')?.getAttribute('content');
  if (!content) return null;
  const pairs = Object.fromEntries(content.split(';').map((p) => p.split('=').map((x) => x.trim())).filter((p) => p.length === 2));
  const mastery = Number(pairs.mastery);
  return {
    version: pairs.version === '1.2' ? '1.2' : '2004',
    mastery: Number.isFinite(mastery) && mastery >= 0 && mastery <= 1 ? mastery : 0.8,
    questions: !pairs.questions || pairs.questions === 'all' ? null : pairs.questions.split(',').map((x) => x.trim()).filter(Boolean),
  };
}

/** A small notice fixed at the bottom of the window, so a learner deep in the page sees it; dismissible. */
function notice(doc, text) {
  let node = doc.querySelector('.lms-notice');
  if (!node) {
    const dismiss = el('button', { type: 'button', className: 'notice-dismiss', textContent: '×', attrs: { 'aria-label': 'Dismiss this notice' } });
    node = el('div', { className: 'lms-notice', attrs: { role: 'status' } }, el('p', {}), dismiss);
    dismiss.addEventListener('click', () => { node.hidden = true; });
    doc.body.append(node);
  }
  node.querySelector('p').textContent = text;
  node.hidden = false;
  return node;
}

const FAILED = 'Your answers could not be sent to the course, so the gradebook may not show them. The lesson works as usual.';

/**
 * Starts reporting when an LMS is found. `store` is the page's state store (its `lesson` key is the location).
 * Call before the lessons mount, so restored answers are in place; then ready() once every lesson is mounted.
 * Returns { ready(), version } or null with no LMS (and then it has done nothing).
 */
export function startScorm(win, store) {
  const doc = win.document;
  const settings = packageSettings(doc);
  const found = findApi(win, settings?.version);
  if (!found) {
    // Only the SCORM package, launched inside a frame or a window of something that is not an LMS, says so.
    let framed = false;
    try {
      framed = win.parent !== win || Boolean(win.opener);
    } catch {
      framed = true;
    }
    if (settings && framed) notice(doc, `${FAILED} (No LMS connection was found.)`);
    return null;
  }
  const { version } = found;
  const status = (state) => win.dispatchEvent(new CustomEvent(LMS_EVENT, { detail: { state, version } }));
  let isReady = false;
  const counted = () => {
    if (!isReady) return [];
    const all = askedQuestions();
    return settings?.questions ? all.filter((q) => settings.questions.includes(q.id)) : all;
  };
  const problems = [];
  const reporter = createReporter({
    api: found.api,
    version,
    mastery: settings?.mastery ?? 0.8,
    counted,
    onProblem: (text) => {
      problems.push(text);
      doc.documentElement.dataset.lms = 'failed';
      notice(doc, FAILED).dataset.detail = problems.slice(-3).join(' | ');
      status('failed');
    },
  });
  doc.documentElement.dataset.lms = 'connected';
  const restored = reporter.start();
  keepAnswersInMemory(restored.answers);
  const lessons = store.type('lesson').choices;
  if (lessons.includes(restored.location) && !/(^|[#&])lesson=/.test(win.location.hash)) store.set({ lesson: restored.location });
  if (reporter.ok) status('connected');

  const waiting = [];
  win.addEventListener(ANSWER_EVENT, (event) => {
    const { id, value, correct } = event.detail;
    const send = () => {
      const q = askedQuestions().find((x) => x.id === id);
      if (q) reporter.answer(q, value, correct);
    };
    if (isReady) send();
    else waiting.push(send);
  });
  store.subscribe((state) => reporter.location(state.lesson), ['lesson']);
  // pagehide, not unload: it also fires when the page goes into the back/forward cache.
  win.addEventListener('pagehide', () => reporter.finish());
  return {
    version,
    ready() {
      isReady = true;
      reporter.settle(store.get().lesson);
      for (const send of waiting.splice(0)) send();
    },
  };
}
