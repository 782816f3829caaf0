// The "teacher tools" switch: every chart's Export bar (PNG, SVG, CSV) and its "Show data" table are hidden for a
// learner and shown for a teacher preparing material. It is on when the link says teacher=1, when a custom element
// has teacher="1", or when this reader switched it on before (remembered in localStorage, like the theme). The
// switch only adds the class `teacher-tools` to a root; web/theme.css does the rest.
import { el } from './dom.js';

const TEACHER_KEY = 'attention-scale-lab:teacher';

export function storedTeacher() {
  try {
    return window.localStorage.getItem(TEACHER_KEY) === '1';
  } catch {
    return false; // storage blocked: off unless the link or attribute asks
  }
}

function storeTeacher(on) {
  try {
    window.localStorage.setItem(TEACHER_KEY, on ? '1' : '0');
  } catch {
    // not stored: the choice lasts for this page only
  }
}

/** Shows or hides the tools under `root` (the page's <html>, or a custom element's wrapper). */
export function applyTeacher(root, on) {
  root.classList.toggle('teacher-tools', on);
  root.dataset.teacher = on ? '1' : '0';
}

/**
 * The header's switch for the full page. `store` holds the link's `teacher` key; the switch is on when the link
 * or the stored choice says so. Turning it off also clears the link's teacher=1, so the page looks as it says.
 */
export function teacherToggle(doc, store) {
  const button = el('button', { type: 'button', className: 'teacher-toggle', textContent: 'Teacher tools' });
  const on = () => store.get().teacher || storedTeacher();
  const show = () => {
    const value = on();
    button.setAttribute('aria-pressed', value ? 'true' : 'false');
    button.title = value ? 'Export and data tables are shown under every chart' : 'Show Export and data tables under every chart';
    applyTeacher(doc.documentElement, value);
  };
  button.addEventListener('click', () => {
    const next = !on();
    storeTeacher(next);
    if (!next && store.get().teacher) store.set({ teacher: false });
    show();
  });
  store.subscribe(show, ['teacher']);
  show();
  return button;
}
