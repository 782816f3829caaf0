// The "teacher tools" switch: every chart's Export bar (PNG, SVG, CSV) and its "Show data" table are hidden for a
// learner and shown for a teacher preparing material. It is on when the link says teacher=1, when a custom element
// has teacher="1", or when this reader switched it on before (remembered in localStorage, like the theme). The
// switch only adds the class `teacher-tools` to a root; web/theme.css does the rest.
import { el } from './dom.js';
import { LMS_EVENT } from './scorm.js';

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

/**
 * With teacher tools on, a label beside the switch says whether the page reports to an LMS (SCORM `version`) and
 * whether reporting has failed; it follows web/scorm.js's LMS_EVENT ('asl-lms'). Made only when an LMS was found.
 */
export function lmsIndicator(win, version) {
  const node = el('span', { className: 'lms-status', dataset: { lms: 'connected' }, attrs: { role: 'status' } });
  const show = (state) => {
    node.dataset.lms = state;
    node.textContent = state === 'failed' ? `LMS: SCORM ${version}, reporting failed` : `LMS: SCORM ${version}, reporting`;
    node.title = state === 'failed' ? 'The course did not accept what the lab sent; see the notice at the bottom of the page'
      : 'Each checked answer, the score and the status go to the course that opened this page';
  };
  win.addEventListener(LMS_EVENT, (event) => show(event.detail.state));
  show(win.document.documentElement.dataset.lms === 'failed' ? 'failed' : 'connected');
  return node;
}
