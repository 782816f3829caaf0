// Comfort and access shared by the page and the custom elements: the live region that reads out a section's key
// numbers, and the colour theme. Nothing here computes a number; it reads what the sections printed.
import { el } from './dom.js';

/** Stat keys read out when a lesson does not choose its own (LESSON.announce). */
const KEY_STATS = ['maxweight', 'entropy', 'variance', 'slope'];
const MAX_READ = 3;

/**
 * "largest weight 0.98; entropy of the weights 0.07 nats": the printed statistics of `root` named by `choose`
 * (an array of stat keys, or of "statsId:key"), each with its label, as the page shows them.
 */
export function keyNumbers(root, choose = KEY_STATS) {
  const out = [];
  for (const want of choose) {
    const [group, key] = want.includes(':') ? want.split(':') : [null, want];
    const selector = group ? `[data-stats="${group}"] [data-stat="${key}"]` : `[data-stats] [data-stat="${key}"]`;
    for (const dd of root.querySelectorAll(selector)) {
      const dt = dd.previousElementSibling;
      const value = dd.querySelector('.stat-value');
      if (!dt || !value) continue;
      out.push(`${dt.textContent.trim()} ${value.textContent.trim()}`);
      if (!group) break; // the first of each key: enough to follow a change without reading a whole table
    }
    if (out.length >= MAX_READ) break;
  }
  return out.slice(0, MAX_READ).join('; ');
}

/**
 * A polite live region that speaks only after the numbers have stopped changing for `delay` ms (a slider being
 * dragged would otherwise queue dozens of announcements), never repeats itself, and stays quiet on the first render.
 */
export function createAnnouncer({ delay = 900 } = {}) {
  const node = el('div', { className: 'visually-hidden live-numbers', attrs: { role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' } });
  let spoken = null;
  let timer = 0;
  return {
    node,
    update(text) {
      if (spoken === null) {
        spoken = text; // the first render: nothing has changed yet
        return;
      }
      clearTimeout(timer);
      if (text === spoken || text === '') return;
      timer = setTimeout(() => {
        spoken = text;
        node.textContent = text;
      }, delay);
    },
    /** Takes `text` as already known without reading it out (the first render's numbers, refined later). */
    quietly(text) {
      clearTimeout(timer);
      spoken = text;
    },
  };
}

/* ---- theme ---- */

// The choice lives in localStorage, not in the link: it is how this reader likes their screen, not part of what a
// lesson shows, so a shared link opens in the recipient's own theme. No stored choice means "follow the system".
const THEME_KEY = 'attention-scale-lab:theme';

function storedTheme() {
  try {
    const value = window.localStorage.getItem(THEME_KEY);
    return value === 'dark' || value === 'light' ? value : null;
  } catch {
    return null; // storage blocked (some LMS frames, private modes): follow the system
  }
}

const systemDark = () => window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches;

/** The theme in force: the stored choice, else the system's. */
export function currentTheme(doc = document) {
  const set = doc.documentElement.dataset.theme;
  return set === 'dark' || set === 'light' ? set : storedTheme() ?? (systemDark() ? 'dark' : 'light');
}

/** Applies the stored choice to <html data-theme> (nothing stored: no attribute, CSS follows the system). */
export function applyStoredTheme(doc = document) {
  const theme = storedTheme();
  if (theme) doc.documentElement.dataset.theme = theme;
  else delete doc.documentElement.dataset.theme;
}

/** A toggle button for the page header: switches between light and dark and remembers the choice. */
export function themeToggle(doc = document) {
  const button = el('button', { type: 'button', className: 'theme-toggle' });
  const show = () => {
    button.textContent = 'Dark theme';
    button.setAttribute('aria-pressed', currentTheme(doc) === 'dark' ? 'true' : 'false');
  };
  button.addEventListener('click', () => {
    const next = currentTheme(doc) === 'dark' ? 'light' : 'dark';
    try {
      window.localStorage.setItem(THEME_KEY, next);
    } catch {
      // not stored: the choice lasts for this page only
    }
    doc.documentElement.dataset.theme = next;
    show();
  });
  if (window.matchMedia) window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', show);
  show();
  return button;
}
