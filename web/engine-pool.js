// Engine calls off the page's thread: the full sample counts of the Monte Carlo parts (web/sections/kit/progressive.js)
// run in a small pool of background engines (web/engine-worker.js), so a slow one never holds up the learner's next
// input. Where the browser refuses workers (a page opened from file:// in Chromium, a missing app.js) or before they
// have loaded, a call runs on the page in a timer task of its own, as it always did. Nothing here computes anything.
import { workerUrl } from './training-run.js';
import { readyWorker } from './worker-start.js';

/** The engine functions a background engine runs: the Monte Carlo calls whose full sample count can be slow. */
export const OFFLOADED = [
  'dotProducts', 'varianceSweep', 'multiHeadSweep', 'gradientDistribution', 'gradientSweep', 'gapSpread', 'derivation', 'assumptionCheck',
  'weightDrift', 'qkNormDemo', 'alignmentScaling', 'pairAngles',
];
/** The name a worker is started with; web/entry.js runs web/engine-worker.js in a worker of this name. */
export const ENGINE_WORKER = 'asl-engine';

const workers = []; // { worker, busy: call | null } once ready
const queue = []; // calls waiting for a free worker: { engine, name, options, wanted, resolve }
let state = 'off'; // 'off' → 'starting' → 'on' | 'refused'
let nextId = 1;
let answered = 0; // calls answered by a background engine
const listeners = new Set();

/** 'on' (calls run in workers), 'starting', 'refused' (calls run on the page) or 'off' (not started). */
export const poolState = () => state;
/** How many background engines are ready. */
export const poolSize = () => workers.length;
/** fn(state, size, answered) whenever the pool's state or size changes, and after each call a worker answered. */
export function onPoolChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
const changed = () => { for (const fn of listeners) fn(state, workers.length, answered); };

/**
 * Starts `size` background engines from `url` (app.js; once: later calls do nothing). Calls made meanwhile run on
 * the page.
 */
export function startPool(size = 2, url = workerUrl()) {
  if (state !== 'off') return;
  if (typeof Worker !== 'function') {
    state = 'refused';
    changed();
    return;
  }
  state = 'starting';
  let pending = size;
  const settleOne = () => {
    pending -= 1;
    if (pending > 0) return;
    state = workers.length ? 'on' : 'refused';
    changed();
  };
  for (let i = 0; i < size; i += 1) {
    readyWorker(url, { name: ENGINE_WORKER }).then((worker) => {
      const slot = { worker, busy: null };
      worker.onmessage = ({ data: answer }) => finish(slot, answer);
      worker.onerror = (event) => {
        event.preventDefault();
        retire(slot, `the background engine stopped (${event.message || 'no reason given'})`);
      };
      workers.push(slot);
      changed();
      settleOne();
      next();
    }, settleOne); // refused (Chromium from file://), failed to load, or silent: calls run on the page
  }
}

/**
 * engine[name](options), answered as a Promise of { value, ms } (the result and the call's milliseconds) or { error }
 * (an Error the engine threw). `wanted()` is asked before a queued call starts: a call nobody wants any more (its
 * part has moved on) is dropped unanswered. Without a ready worker the call runs on `engine` in a timer task of its own.
 */
export function runOff(engine, name, options, wanted = () => true) {
  return new Promise((resolve) => {
    const call = { engine, name, options, wanted, resolve };
    if (workers.length) {
      queue.push(call);
      next();
    } else {
      runOnPage(call);
    }
  });
}

function runOnPage({ engine, name, options, wanted, resolve }) {
  setTimeout(() => {
    if (wanted()) resolve(onPage(engine, name, options));
  }, 0);
}

function onPage(engine, name, options) {
  try {
    const t0 = performance.now();
    const value = engine[name](options);
    return { value, ms: performance.now() - t0 };
  } catch (error) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }
}

function next() {
  for (const slot of workers) {
    if (slot.busy) continue;
    let call;
    while ((call = queue.shift()) && !call.wanted());
    if (!call) return;
    call.id = nextId++;
    slot.busy = call;
    slot.worker.postMessage({ id: call.id, name: call.name, options: call.options });
  }
}

function finish(slot, answer) {
  const call = slot.busy;
  if (!call || answer?.id !== call.id) return;
  if (answer.fatal) {
    retire(slot, answer.error); // a trap: this engine's memory can no longer be trusted
    return;
  }
  slot.busy = null;
  answered += 1;
  changed();
  call.resolve('error' in answer ? { error: new Error(answer.error) } : { value: answer.value, ms: answer.ms });
  next();
}

/** A worker that died: its call is answered with an error, and the pool goes on without it. */
function retire(slot, why) {
  slot.worker.terminate();
  workers.splice(workers.indexOf(slot), 1);
  if (slot.busy) slot.busy.resolve({ error: new Error(why) });
  if (!workers.length) {
    state = 'refused';
    for (const call of queue.splice(0)) runOnPage(call); // the last one gone: what waited for it runs on the page
  }
  changed();
  next();
}
