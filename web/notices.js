// Visible notices (bad link values, engine errors) in a given container, one per id.
// A notice is plain text with a dismiss button; it never interprets its message as HTML.
import { el } from './dom.js';

export function createNotices(container) {
  const shown = new Map();

  function clearNotice(id) {
    const node = shown.get(id);
    if (node) node.remove();
    shown.delete(id);
  }

  return {
    /** Shows (or replaces) the notice `id`; `lines` is a string or an array of strings. */
    show(id, lines, { tone = 'warning', title = null } = {}) {
      const list = Array.isArray(lines) ? lines : [lines];
      const dismiss = el('button', { type: 'button', className: 'notice-dismiss', textContent: '×', attrs: { 'aria-label': 'Dismiss this notice' } });
      const node = el(
        'div',
        { className: `notice notice-${tone}`, attrs: { role: tone === 'error' ? 'alert' : 'status' }, dataset: { notice: id } },
        el('div', { className: 'notice-body' }, title ? el('strong', {}, title) : null, list.map((line) => el('p', {}, line))),
        dismiss,
      );
      dismiss.addEventListener('click', () => clearNotice(id));
      const old = shown.get(id);
      if (old) old.replaceWith(node);
      else container.append(node);
      shown.set(id, node);
    },
    clear: clearNotice,
    has: (id) => shown.has(id),
  };
}
