// Charts out of sight draw later. A control's change redraws the charts the learner can see in the frame that
// answers it; a chart off screen keeps its last drawing and draws the new one when it comes near the window, or once
// the page has been quiet for QUIET_MS (one chart per task, so input is never held up by them), or before printing.
// A drag across a slider thus redraws only what is on screen; the rest follows once the hand stops.
//
// While a section has charts waiting, its root carries data-drawing="1" (tests and bench/page-probe.mjs wait for it to
// go); when the last one is drawn, the root gets REDRAWN_EVENT with kind "offscreen", so the registry stamps the update.
import { REDRAWN_EVENT } from '../section-context.js';

const QUIET_MS = 120; // after the last change, as the Monte Carlo parts wait 150 ms before their full counts
const MOST_MS = 1000; // a chart waits no longer than this, even while changes keep coming (a training run's charts)
const MARGIN = '120px 0px'; // "near": within this of the window

const near = new WeakMap(); // observed node → true, false; absent until the observer's first report
const waiting = new Map(); // observed node → its draw function, in the order the charts asked
let observer = null;
let timer = 0;
let since = 0; // performance.now() when the oldest waiting chart asked

function observe(node) {
  if (typeof IntersectionObserver !== 'function') return;
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      near.set(entry.target, entry.isIntersecting);
      if (entry.isIntersecting && waiting.has(entry.target)) drawNow(entry.target);
    }
  }, { rootMargin: MARGIN });
  observer.observe(node);
}

const rootOf = (node) => (node.isConnected ? node.closest('[data-asl-section]') : null);

/** Draws the chart waiting at `node`; tells its section when it was the section's last. */
function drawNow(node) {
  const draw = waiting.get(node);
  if (!draw) return;
  waiting.delete(node);
  const started = performance.now();
  draw();
  const root = rootOf(node);
  if (root && ![...waiting.keys()].some((n) => rootOf(n) === root)) {
    delete root.dataset.drawing;
    root.dispatchEvent(new CustomEvent(REDRAWN_EVENT, { bubbles: true, detail: { started, kind: 'offscreen' } }));
  }
}

function schedule() {
  clearTimeout(timer);
  if (!waiting.size) return;
  timer = setTimeout(drawOne, Math.max(0, Math.min(QUIET_MS, since + MOST_MS - performance.now())));
}

function drawOne() {
  const [node] = waiting.keys();
  if (node) drawNow(node);
  if (waiting.size) timer = setTimeout(drawOne, 0); // the next in its own task
  else since = 0;
}

/**
 * A chart box's drawing, kept off the frame while the box is out of sight: returns { draw(fn), flush() }. draw(fn)
 * calls fn now when `node` is near the window (or not known yet to be far), else later, as above; flush() runs a
 * waiting draw now (before an export reads the chart).
 */
export function whenSeen(node) {
  observe(node);
  return {
    draw(fn) {
      if (!waiting.size) since = performance.now();
      waiting.delete(node); // re-inserted last: the newest change waits behind the older ones
      waiting.set(node, fn);
      if (near.get(node) !== false) {
        drawNow(node);
        return;
      }
      const root = rootOf(node);
      if (root) root.dataset.drawing = '1';
      schedule();
    },
    flush: () => drawNow(node),
  };
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeprint', () => {
    clearTimeout(timer);
    for (const node of [...waiting.keys()]) drawNow(node);
  });
}
