// The page frame around the lessons: table of contents, page-level notices, engine info in the
// footer, and the loading and failure states. It knows lessons only by id, number and title.
import { el, clear, setText } from './dom.js';
import { createNotices } from './notices.js';

export function mountFrame(doc, lessons) {
  const toc = doc.getElementById('toc');
  const main = doc.getElementById('lessons');
  const info = doc.getElementById('engine-info');
  const notices = createNotices(doc.getElementById('page-notices'));

  const sections = new Map();
  clear(toc);
  const list = el('ol', { className: 'toc-list' });
  for (const lesson of lessons) {
    const link = el('a', { href: `#lesson=${lesson.id}`, dataset: { lesson: lesson.id } },
      el('span', { className: 'toc-number' }, `${lesson.number}`), ` ${lesson.title}`);
    list.append(el('li', {}, link));
    sections.set(lesson.id, el('section', { className: 'lesson', id: `lesson-${lesson.id}`, dataset: { lesson: lesson.id } }));
  }
  toc.append(el('h2', { className: 'toc-title' }, 'Lessons'), list);

  return {
    notices,
    /** Replaces the loading message with one empty <section> per lesson and returns them by id. */
    showLessons() {
      clear(main);
      for (const node of sections.values()) main.append(node);
      return sections;
    },
    /** Table-of-contents clicks select a lesson through `choose(id)` instead of replacing the hash. */
    onChoose(choose) {
      toc.addEventListener('click', (event) => {
        const link = event.target.closest('a[data-lesson]');
        if (!link) return;
        event.preventDefault();
        choose(link.dataset.lesson);
      });
    },
    setEngineInfo({ version, simd }) {
      info.textContent = `Engine ${version}, WebAssembly SIMD ${simd ? 'on' : 'off'}.`;
      info.dataset.simd = simd ? '1' : '0';
    },
    /** Where the Monte Carlo parts compute their full sample counts (web/engine-pool.js), and how many calls the
     * background engines have answered. On the footer's second line, which has room for it at 1280 px: on the first
     * it wrapped to a new line once the workers were ready, so the page's height depended on when they were. */
    setPoolInfo(state, size, answered) {
      let line = doc.querySelector('.engine-pool');
      if (!line) {
        line = el('span', { className: 'engine-pool' });
        (doc.getElementById('site-note') ?? info).append(' ', line);
      }
      line.dataset.pool = state;
      line.dataset.workers = String(size);
      line.dataset.answered = String(answered);
      const text = size > 0 ? `The Monte Carlo parts compute their full sample counts in ${size} background engine${size === 1 ? '' : 's'}.`
        : state === 'refused' ? 'The Monte Carlo parts compute their full sample counts on this page (the browser started no background engine).' : '';
      setText(line, text); // the count changes after every call; the words seldom
    },
    fail(error) {
      clear(main);
      main.append(el('div', { className: 'panel load-error', attrs: { role: 'alert' } },
        el('h2', {}, 'The engine could not start'),
        el('p', {}, 'Every number on this page comes from the C++/WASM engine, so without it there is nothing to show. ',
          'The browser reported:'),
        el('pre', {}, error instanceof Error ? error.message : String(error)),
        el('p', {}, 'This page needs a browser with WebAssembly (any current Chrome, Edge, Firefox or Safari). ',
          'If you built it yourself, check that build/page/app.js is up to date.')));
      info.textContent = 'Engine not loaded.';
    },
  };
}
