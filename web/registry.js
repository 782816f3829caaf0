// The lesson sections as a registry: for each one its id, number, title, custom-element name, the state keys it
// reads and the attribute names a course page may use for them. Everything that treats sections alike (the page,
// the custom elements, the iframe mode, export file names, the live region) goes through here, so a new lesson
// gets all of it by adding its LESSON to web/lessons.js and `section: '<its id>'` to its rows of the state table.
// It mounts sections; it knows nothing about what a section draws.
import { LESSONS } from './lessons.js';
import { STATE_TABLE, formatHash } from './state.js';
import { remember, REDRAWN_EVENT } from './section-context.js';
import { el } from './dom.js';
import { createAnnouncer, keyNumbers } from './a11y.js';

/** Keys that belong to the page (which lesson, iframe mode), never to one section. */
export const PAGE_KEYS = ['lesson', 'embed', 'teacher'];

const owned = new Set(STATE_TABLE.filter((row) => row.section).map((row) => row.key));

/**
 * The keys a section reads: LESSON.keys when the lesson lists them (it may read another lesson's key, as Lesson 5
 * reads Lesson 1's sentence), else its own rows of the table (`section: id`). A section with neither yet (a lesson
 * being written) is given every key: it stays correct and only re-renders more often than it needs to.
 */
export function sectionKeys(lesson) {
  if (Array.isArray(lesson.keys)) return lesson.keys.slice();
  const own = STATE_TABLE.filter((row) => row.section === lesson.id).map((row) => row.key);
  return own.length ? own : STATE_TABLE.map((row) => row.key).filter((key) => !PAGE_KEYS.includes(key));
}

/** The keys a section's custom element takes as attributes: those it reads, or (none marked yet) every key no section claims. */
function attributeKeys(lesson) {
  if (Array.isArray(lesson.keys) || STATE_TABLE.some((row) => row.section === lesson.id)) return sectionKeys(lesson);
  return STATE_TABLE.map((row) => row.key).filter((key) => !owned.has(key) && !PAGE_KEYS.includes(key));
}

/** The custom element's name: LESSON.element, or attention-<id>. */
export function elementName(lesson) {
  return lesson.element ?? `attention-${lesson.id}`;
}

/**
 * Attribute name → state key for a section's element: every key under its own name (as in a link), plus the
 * friendlier names the LESSON declares in `attributes` ({ dims: 'vdims' }). HTML attribute names are lower case.
 */
export function attributeMap(lesson) {
  const map = new Map(attributeKeys(lesson).map((key) => [key.toLowerCase(), key]));
  for (const [name, key] of Object.entries(lesson.attributes ?? {})) map.set(name.toLowerCase(), key);
  return map;
}

export const SECTIONS = LESSONS.map((lesson) => ({
  lesson,
  id: lesson.id,
  number: lesson.number,
  title: lesson.title,
  element: elementName(lesson),
  keys: sectionKeys(lesson),
  attributes: attributeMap(lesson),
}));

export const sectionById = (id) => SECTIONS.find((s) => s.id === id);

/**
 * Mounts `section` into `root` with a view of `store` that wakes the section only when one of its own keys
 * changes, adds its "copy link" bar and its live region, and records it for sectionOf(). `linkBase` is the URL
 * of the full page that a copied link opens (its hash is replaced).
 */
export function mountSection(root, section, { engine, store, linkBase }) {
  const watched = section.keys;
  let renders = 0;
  let updates = 0;
  const announcer = createAnnouncer();
  // Every finished update, a store render or a later redraw, is stamped on the root: a counter, how long the
  // main thread spent on it and which kind it was. Tests and bench/page/latency.mjs read these; nothing else does.
  const stamp = (started, kind) => {
    if (updates === 0) {
      // After navigation, for bench/page/latency.mjs: the end of the first render's script, and the end of the frame
      // that shows it. The page renders its first lesson in a task of its own (web/main.js, store.renderNow()): the
      // next animation frame's callback runs before that frame's style, layout and paint, and a task posted from it
      // runs after them. (For a render that ran inside an animation frame, this is one frame late.)
      root.dataset.firstDrawnMs = performance.now().toFixed(1);
      requestAnimationFrame(() => setTimeout(() => { root.dataset.firstPaintedMs = performance.now().toFixed(1); }, 0));
    }
    updates += 1;
    root.dataset.updateMs = (performance.now() - started).toFixed(2);
    root.dataset.updateKind = kind;
    root.dataset.updates = String(updates);
  };
  const view = {
    ...store,
    subscribe(fn) {
      return store.subscribe((state, problems) => {
        const started = performance.now();
        fn(state, problems);
        renders += 1;
        root.dataset.renders = String(renders); // tests read how often a section recomputed
        announcer.update(keyNumbers(root, section.lesson.announce));
        stamp(started, 'render');
      }, watched);
    },
  };
  root.addEventListener(REDRAWN_EVENT, (event) => {
    const numbers = keyNumbers(root, section.lesson.announce);
    if (renders > 1) announcer.update(numbers);
    else announcer.quietly(numbers); // the first render refined: still nothing the learner changed
    stamp(event.detail?.started ?? performance.now(), event.detail?.kind ?? 'redraw'); // 'offscreen': charts drawn later
  });
  root.dataset.aslSection = section.id;
  section.lesson.mount(root, { engine, store: view });

  const link = () => {
    const base = typeof linkBase === 'function' ? linkBase() : linkBase;
    const url = new URL(base, document.baseURI); // a relative page="index.html" is read against this document
    url.hash = formatHash({ ...store.get(), lesson: section.id, embed: false }).slice(1);
    return url.href;
  };
  remember(root, { section, store, link });
  const tools = sectionTools(link);
  const title = root.querySelector('.lesson-title');
  if (title) title.after(tools);
  else root.prepend(tools);
  root.append(announcer.node);
  return { link };
}

/** The bar under a lesson's title: "Copy link to these settings", with the link itself shown once copied. */
function sectionTools(link) {
  const status = el('span', { className: 'copy-status', attrs: { role: 'status' } });
  const field = el('input', { type: 'text', readOnly: true, className: 'copy-field', hidden: true, attrs: { 'aria-label': 'Link to these settings' } });
  const button = el('button', { type: 'button', className: 'control-button copy-link', textContent: 'Copy link to these settings' });
  button.addEventListener('click', async () => {
    const href = link();
    field.value = href;
    field.hidden = false;
    let copied = false;
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(href);
        copied = true;
      }
    } catch {
      copied = false; // a page or frame without clipboard permission: the link stays selectable below
    }
    if (!copied) {
      field.select();
      try {
        copied = document.execCommand('copy');
      } catch {
        copied = false;
      }
    }
    status.textContent = copied ? 'Link copied.' : 'Copy the link from the field.';
    button.dataset.copied = copied ? '1' : '0';
  });
  return el('div', { className: 'section-tools' }, button, status, field);
}
