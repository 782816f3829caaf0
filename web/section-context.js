// What a mounted section knows about itself, looked up from any node inside it: which section, its store and its
// link. Charts use it to name exported files after the lesson and its settings. No lesson imports are needed here.
import { STATE_TABLE, isDefault } from './state.js';

const mounted = new WeakMap(); // section root node -> { section, store, link }

/**
 * The event a part dispatches (bubbling, detail { started }: performance.now() when its work began) after it
 * redrew outside a store update, e.g. with the full sample count once a slider settled (web/sections/kit/progressive.js).
 * The registry counts it like a render and lets the live region read the new numbers. detail.kind "offscreen" says
 * it was charts out of sight drawn after the change (web/offscreen.js); else it is a redraw.
 */
export const REDRAWN_EVENT = 'asl-redrawn';

/** Records the section mounted at `root` (a node with data-asl-section). */
export function remember(root, info) {
  mounted.set(root, info);
}

/** The section a node sits in (a chart asking for its file name), or null. */
export function sectionOf(node) {
  const root = node.closest('[data-asl-section]');
  return root ? mounted.get(root) ?? null : null;
}

/**
 * "variance_sweep-linear_vdims-5-50_vshared-0": the lesson, the chart and the lesson's settings that differ from
 * their defaults ("defaults" when none do), for file names. Letters, digits, dots, dashes; at most `max` characters.
 */
export function settingsSlug(info, chart, max = 110) {
  if (!info) return ['attention-scale-lab', chart].join('_');
  const state = info.store.get();
  const slug = (s) => s.toLowerCase().replace(/[^a-z0-9.]+/g, '-').replace(/^-+|-+$/g, '');
  const rows = STATE_TABLE.filter((row) => info.section.keys.includes(row.key) && !isDefault(row, state[row.key]));
  const parts = rows.map((row) => `${row.key}-${slug(row.type.format(state[row.key]))}`);
  const text = [info.section.id, chart, ...(parts.length ? parts : ['defaults'])].join('_');
  return text.length > max ? text.slice(0, max).replace(/[-_.]+$/, '') : text;
}
