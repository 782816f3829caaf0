// Every lesson section as a custom element that a course page can place on its own:
//   <script src="app.js" defer></script>
//   <attention-variance dims="3,100,1000" distribution="uniform"></attention-variance>
// Attributes are the section's link keys (or the friendlier names its LESSON lists) and are checked exactly as a
// link is: a value that is not allowed falls back to the default and a notice inside the element says so. All
// elements on a page share one engine instance (web/engine.js). Each renders in a shadow root with the lab's own
// stylesheet, so the course page's CSS and the lab's do not leak into each other.
import { loadEngine } from './engine.js';
import { loadVocabularyAfterPaint } from './vocabulary.js';
import { startPool } from './engine-pool.js';
import { createStore, parseHash, STATE_TABLE } from './state.js';
import { createNotices } from './notices.js';
import { el } from './dom.js';
import { SECTIONS, mountSection } from './registry.js';
import { stylesheetUrl, labPageUrl } from './where.js';
import { applyTeacher, storedTeacher } from './teacher-tools.js';

const BY_KEY = new Map(STATE_TABLE.map((row) => [row.key, row]));
// theme="light|dark" (default: follow the system); page = URL of the full lab; teacher="1" shows the export bars
const EXTRA_ATTRIBUTES = ['theme', 'page', 'teacher'];

/** Defines one custom element per registered section (skips names already defined, e.g. by a second copy of the script). */
export function defineElements(registry = window.customElements) {
  if (!registry) return;
  for (const section of SECTIONS) {
    if (registry.get(section.element)) continue;
    registry.define(section.element, lessonElement(section));
  }
}

function lessonElement(section) {
  return class extends HTMLElement {
    static get observedAttributes() {
      return [...section.attributes.keys(), ...EXTRA_ATTRIBUTES];
    }

    /** Reads the attributes as a link would be read: { state, problems } with the attribute name on each problem. */
    parseAttributes() {
      const parts = [`lesson=${section.id}`];
      const names = new Map();
      for (const [name, key] of section.attributes) {
        if (!this.hasAttribute(name)) continue;
        parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(this.getAttribute(name))}`);
        names.set(key, name);
      }
      const parsed = parseHash(parts.join('&'));
      return { state: parsed.state, problems: parsed.problems.map((p) => ({ ...p, attribute: names.get(p.key) ?? p.key })) };
    }

    connectedCallback() {
      if (this.shadowRoot) return; // moved within the page: already built
      const shadow = this.attachShadow({ mode: 'open' });
      const sheet = el('link', { rel: 'stylesheet', href: stylesheetUrl() });
      const noticeBox = el('div', { className: 'notices element-notices', attrs: { 'aria-live': 'polite' } });
      const root = el('section', { className: 'lesson', dataset: { lesson: section.id } },
        el('p', { className: 'loading' }, 'Loading the attention engine…'));
      const body = el('div', { className: 'asl-element', hidden: true }, noticeBox, root);
      // Shown once the stylesheet has arrived (or failed), so the section never flashes unstyled.
      const reveal = () => { body.hidden = false; };
      sheet.addEventListener('load', reveal);
      sheet.addEventListener('error', reveal);
      shadow.append(sheet, body);
      this.body = body;
      this.applyTeacher();

      this.notices = createNotices(noticeBox);
      this.store = createStore(window, { hash: false, initial: this.parseAttributes() });
      this.store.onParse((problems) => this.showProblems(problems));
      loadEngine().then((engine) => {
        mountSection(root, section, { engine, store: this.store, linkBase: () => this.getAttribute('page') || labPageUrl() });
        this.store.start();
        this.store.renderNow(); // drawn in this task, as the page's first lesson is (web/main.js)
        this.dataset.engine = 'ready';
        startPool(2); // the Monte Carlo parts' background engines (once per page)
        // Lesson 1's word vectors (vocabulary-data.js next to app.js), once the element is painted; one load per engine
        // however many elements ask. Until they arrive the lesson shows random vectors and says so.
        if (section.id === 'selfattention') loadVocabularyAfterPaint(engine).catch(() => {});
      }, (error) => {
        root.textContent = `The attention engine could not start: ${error instanceof Error ? error.message : String(error)}`;
        this.dataset.engine = 'failed';
      });
    }

    applyTeacher() {
      if (this.body) applyTeacher(this.body, this.getAttribute('teacher') === '1' || storedTeacher());
    }

    attributeChangedCallback(name) {
      if (name === 'teacher') this.applyTeacher();
      if (!this.store || EXTRA_ATTRIBUTES.includes(name)) return;
      this.store.load(this.parseAttributes());
    }

    showProblems(problems) {
      if (!problems.length) {
        this.notices.clear('attributes');
        return;
      }
      const lines = problems.map((p) => {
        const row = BY_KEY.get(p.key);
        return `${p.attribute}="${p.raw}" is not allowed (expected ${row.type.allowed}); using the default ${row.type.format(row.def)}.`;
      });
      this.notices.show('attributes', lines, { title: `Part of <${section.element}> could not be used` });
    }
  };
}

