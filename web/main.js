// Entry point of the page bundle: loads the engine, mounts the frame and every lesson, and
// connects them to the one state store. It shows a loading state and an error state; it draws nothing itself.
import './styles.css';
import { loadEngine } from './engine.js';
import { createStore, describeProblem } from './state.js';
import { mountFrame } from './frame.js';
import { LESSONS } from './lessons.js';

async function boot() {
  const frame = mountFrame(document, LESSONS);
  const store = createStore(window);
  store.onParse((problems) => {
    if (problems.length === 0) frame.notices.clear('link');
    else frame.notices.show('link', problems.map(describeProblem), { title: 'Part of the link could not be used' });
  });

  let engine;
  try {
    engine = await loadEngine();
  } catch (error) {
    frame.fail(error);
    document.body.dataset.engine = 'failed';
    return;
  }
  frame.setEngineInfo(engine.info);

  const sections = frame.showLessons();
  for (const lesson of LESSONS) lesson.mount(sections.get(lesson.id), { engine, store });
  frame.onChoose((id) => {
    store.set({ lesson: id });
    sections.get(id).scrollIntoView({ block: 'start' });
  });
  store.start();
  document.body.dataset.engine = 'ready'; // lets tests and embedders wait for the first render
  if (store.get().lesson !== LESSONS[0].id) sections.get(store.get().lesson).scrollIntoView({ block: 'start' });
}

boot();
