// What is out of sight draws later. A control's change redraws the charts and parts the learner can see in the frame
// that answers it; one off screen keeps its last drawing and draws the new one when it comes near the window, or once
// the page has been quiet for QUIET_MS (one per task, so input is never held up by them), or before printing. A drag
// across a slider thus redraws only what is on screen; the rest follows once the hand stops. Chart boxes use it
// (web/charts/chart-box.js), and so do the parts of a lesson that renders them with renderShown (web/sections/kit/lesson.js).
//
// While a section has drawings waiting, its root carries data-drawing="1" (tests and bench/page/probe.mjs wait for it
// to go); when its last one is drawn, the root gets REDRAWN_EVENT with kind "offscreen", and the registry stamps it.
import { REDRAWN_EVENT } from './section-context.js';

const QUIET_MS = 120; // after the last change, as the Monte Carlo parts wait 150 ms before their full counts
const MOST_MS = 1000; // nothing waits longer than this, even while changes keep coming (a training run's charts)
// "Near" is in the window itself: a drawing that scrolls in is drawn in the observer's callback, so its last drawing
// shows for at most a frame, at the window's edge. A margin of 120 px let Lesson 3.2, 62 px below a 900-px window with
// the n slider in the middle, compute in every change of n.
const MARGIN = '0px';

const near = new WeakMap(); // observed node → true or false; absent until the observer's first report
const watchers = new WeakMap(); // observed node → the handles that watch it
const waiting = new Set(); // handles with a drawing waiting, in the order they asked
let observer = null;
let timer = 0;
let since = 0; // performance.now() when the oldest waiting drawing asked

function observe(node, handle) {
  if (typeof IntersectionObserver !== 'function') return;
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      near.set(entry.target, entry.isIntersecting);
      if (entry.isIntersecting) for (const h of watchers.get(entry.target) ?? []) if (waiting.has(h)) drawNow(h);
    }
  }, { rootMargin: MARGIN });
  if (!watchers.has(node)) {
    watchers.set(node, []);
    observer.observe(node);
  }
  watchers.get(node).push(handle);
}

const rootOf = (handle) => handle.nodes.map((n) => (n.isConnected ? n.closest('[data-asl-section]') : null)).find(Boolean) ?? null;

/** Runs the drawing waiting at `handle`; tells its section when it was the section's last. */
function drawNow(handle) {
  const draw = handle.draw;
  waiting.delete(handle);
  handle.draw = null;
  if (!draw) return;
  const started = performance.now();
  try {
    draw();
  } finally {
    const root = rootOf(handle);
    if (root && ![...waiting].some((h) => rootOf(h) === root)) {
      delete root.dataset.drawing;
      root.dispatchEvent(new CustomEvent(REDRAWN_EVENT, { bubbles: true, detail: { started, kind: 'offscreen' } }));
    }
  }
}

function drawOne() {
  const [handle] = waiting;
  if (waiting.size > 1) timer = setTimeout(drawOne, 0); // the next in its own task
  else since = 0;
  if (handle) drawNow(handle);
}

/**
 * A drawing kept off the frame while all of `nodes` are out of sight: returns { draw(fn), flush() }. draw(fn) calls
 * fn now when one of the nodes is near the window (or not known yet to be far), else later, as above, replacing a
 * drawing still waiting; flush() runs a waiting drawing now (before an export reads the chart).
 */
export function whenSeen(...nodes) {
  const handle = { nodes, draw: null };
  for (const node of nodes) observe(node, handle);
  return {
    draw(fn) {
      if (nodes.some((n) => near.get(n) !== false)) {
        // In sight: draw now. Only a drawing that was waiting goes through drawNow, which tells the section; one that
        // was not would stamp an "offscreen" update (and re-read its numbers) for every chart drawn in the frame.
        if (!waiting.has(handle)) {
          fn();
          return;
        }
        handle.draw = fn;
        drawNow(handle);
        return;
      }
      if (!waiting.size) since = performance.now();
      waiting.delete(handle); // re-inserted last: the newest change waits behind the older ones
      waiting.add(handle);
      handle.draw = fn;
      const root = rootOf(handle);
      if (root) root.dataset.drawing = '1';
      clearTimeout(timer);
      timer = setTimeout(drawOne, Math.max(0, Math.min(QUIET_MS, since + MOST_MS - performance.now())));
    },
    flush: () => drawNow(handle),
  };
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeprint', () => {
    clearTimeout(timer);
    for (const handle of [...waiting]) drawNow(handle);
  });
}
