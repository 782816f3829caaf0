// Entry point of the page bundle: loads the engine, mounts the frame and every lesson, and
// connects them to the one state store. It shows a loading state and an error state; it draws nothing itself.
import './styles.css';
import './theme.css';
import './lesson-kit.css';
import { loadEngine } from './engine.js';
import { startPool, onPoolChange } from './engine-pool.js';
import { createStore, describeProblem } from './state.js';
import { mountFrame } from './frame.js';
import { LESSONS } from './lessons.js';
import { SECTIONS, mountSection } from './registry.js';
import { defineElements } from './element.js';
import { el } from './dom.js';
import { startEmbed } from './embed.js';
import { applyStoredTheme, themeToggle } from './a11y.js';
import { teacherToggle, applyTeacher, storedTeacher, lmsIndicator } from './teacher-tools.js';
import { startScorm } from './scorm.js';
import { answersIndicator } from './sections/kit/lesson.js';
import { summarySection } from './summary.js';
import { loadVocabulary } from './vocabulary.js';

/**
 * Resolves once the next frame is painted: a task posted from an animation-frame callback runs after that frame's
 * style, layout and paint. A frame that does not come (a background tab, or an iframe out of view, where browsers pause
 * animation frames) gives way to a timer after 100 ms, as the store's updates do (web/state.js).
 */
function painted(timeoutMs = 100) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    requestAnimationFrame(() => setTimeout(() => {
      clearTimeout(timer);
      resolve();
    }, 0));
  });
}

async function boot() {
  const frame = mountFrame(document, LESSONS);
  const store = createStore(window);
  const embedded = store.get().embed; // iframe mode: one section, no header or footer
  document.documentElement.classList.toggle('embed', embedded);
  // Inside an LMS (a SCORM package): answers and the last lesson come from the course; null with no LMS.
  const scorm = startScorm(window, store);
  if (!embedded) {
    const header = document.querySelector('.site-header .wrap');
    header?.prepend(el('div', { className: 'header-switches' }, themeToggle(document), teacherToggle(document, store),
      scorm ? lmsIndicator(window, scorm.version) : null));
    header?.append(answersIndicator());
  } else {
    const apply = () => applyTeacher(document.documentElement, store.get().teacher || storedTeacher());
    store.subscribe(apply, ['teacher']);
    apply();
  }
  store.onParse((problems) => {
    if (problems.length === 0) frame.notices.clear('link');
    else frame.notices.show('link', problems.map(describeProblem), { title: 'Part of the link could not be used' });
  });

  let engine;
  try {
    performance.mark('asl:boot'); // the script has run up to here (bench/page/latency.mjs reads these marks)
    engine = await loadEngine();
    performance.mark('asl:engine');
  } catch (error) {
    frame.fail(error);
    document.body.dataset.engine = 'failed';
    return;
  }
  frame.setEngineInfo(engine.info);

  const sections = frame.showLessons();
  const pageUrl = () => window.location.href;
  // Each section is woken only by its own keys (web/registry.js). In iframe mode only the chosen one is mounted,
  // and another one when a message from the parent switches the lesson.
  const mounted = new Set();
  const show = (id) => {
    if (!mounted.has(id)) {
      mounted.add(id);
      mountSection(sections.get(id), SECTIONS.find((s) => s.id === id), { engine, store, linkBase: pageUrl });
    }
    if (embedded) for (const [key, node] of sections) node.hidden = key !== id;
  };
  // The full page draws the lesson the link names first, in the task that loaded the engine, and paints it; then the
  // others one per frame, so the first lesson is on screen without waiting for all seven. 'ready' waits for every
  // one, so a full-page screenshot, a printout or a test after it finds every part drawn.
  const later = [];
  if (embedded) {
    show(store.get().lesson);
    store.subscribe((state) => show(state.lesson), ['lesson']);
    startEmbed({ store, content: document.querySelector('body > .wrap') });
  } else {
    const first = store.get().lesson;
    show(first);
    later.push(...SECTIONS.map((s) => s.id).filter((id) => id !== first));
  }
  const choose = (id) => {
    store.set({ lesson: id });
    sections.get(id).scrollIntoView({ block: 'start' });
  };
  frame.onChoose(choose);
  store.start();
  store.renderNow(); // in this task: the first lesson is laid out and painted once, with its numbers
  await painted(); // and is on screen before the next lesson is made
  // Lesson 1's real word vectors (1.4 MB) load once the first lesson is on screen; until then it shows random ones.
  // body[data-vocabulary] says how it went, for tests and embedders ("ready" or "failed"; a failure is logged by
  // web/vocabulary.js, and the lesson keeps random vectors).
  // A frame that came later than painted()'s 100 ms (a loaded machine) is waited for here, up to a second.
  painted(1000).then(() => loadVocabulary(engine)).then(() => { document.body.dataset.vocabulary = 'ready'; },
    () => { document.body.dataset.vocabulary = 'failed'; });
  for (const id of later) {
    await new Promise((resolve) => { setTimeout(resolve, 0); }); // the frame just drawn reaches the screen first
    show(id);
    await store.whenRendered();
  }
  // The closing summary measures its two shares with the engine (gradientDistribution, about 3 ms): after the lessons,
  // not before the first one is painted.
  if (!embedded) document.getElementById('lessons').append(summarySection(choose, engine));
  scorm?.ready(); // every question is mounted: the ones that count are known
  document.body.dataset.engine = 'ready'; // lets tests and embedders wait for the first render: it is done
  // The background engines of the Monte Carlo parts start once the page is drawn, not to compete with its loading.
  onPoolChange((state, size, answered) => frame.setPoolInfo(state, size, answered));
  startPool(2);
  // (Not in a frame: scrollIntoView would scroll the course page around it too.)
  if (!embedded && store.get().lesson !== LESSONS[0].id) sections.get(store.get().lesson).scrollIntoView({ block: 'start' });
}

applyStoredTheme(document);
defineElements();
// The page boots only in index.html; on a course page the same script just defines the custom elements.
if (document.getElementById('lessons') && document.getElementById('toc')) boot();
