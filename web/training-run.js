// Lesson 6's training runs, off the page's main thread when the browser allows it. One run loop (createRunLoop) drives
// an engine trainer in slices of about a given length and reports what happened in each; it runs unchanged inside
// the Web Worker (web/training-worker.js; the worker is app.js itself, see web/entry.js) or on the page in slices
// short enough that the page keeps answering (createRunner picks, and says which). It passes the engine's numbers on and computes none.
import { BUNDLE_URL } from './where.js';
import { readyWorker } from './worker-start.js';

const now = () => performance.now();

/**
 * A trainer for `config` (engine.createTrainer's options) and the loop that runs it. slice(budgetMs) runs whole
 * optimizer steps for about budgetMs (at least one) and returns an update:
 *   { type: 'progress', firstStep, losses, betas, entropies, maxLogits (Float32Array, one per step run: the loss, β, the
 *     attention's mean row entropy in nats and its largest |logit|), step, totalSteps, runStep, runSteps,
 *     epoch, epochs, phase, probe, probeCount, beta, lr, loss, gradNorm, search, computeMs,
 *     evals: [{ step, runStep, epoch, tokenAccuracy, sequenceAccuracy, loss }] (validation, main run only),
 *     probes: [{ step, beta, tokenAccuracy, sequenceAccuracy }] (search probes finished in this slice),
 *     attention?: trainer.attentionFor(attentionIndex) (every attentionEveryMs, at evaluations and at the end) }
 * Once the last step has run, the next slice evaluates the test and validation sets (one long call: 10,000 test
 * sequences take about as long as 25 steps) and returns { type: 'done', test, val, beta, search, step }.
 */
export function createRunLoop(engine, config, { attentionIndex = 0, evalsPerEpoch = 2, attentionEveryMs = 400 } = {}) {
  const trainer = engine.createTrainer(config); // throws an Error naming the option for a bad configuration
  const { info } = trainer;
  const evalEvery = Math.max(1, Math.round(info.stepsPerEpoch / evalsPerEpoch));
  const searching = info.betaStrategy === 'search';
  let at = { step: 0, phase: searching ? 'search' : 'train', runStep: 0, runSteps: searching ? info.probeEpochs * info.stepsPerEpoch : info.totalSteps };
  let msPerStep = 0;
  let evaluatedAt = -1;
  let probesSeen = 0;
  let attentionAt = -Infinity;
  let finished = null;

  const validation = (runStep) => {
    const v = trainer.evaluate('val');
    evaluatedAt = v.step;
    return { step: v.step, runStep, epoch: runStep / info.stepsPerEpoch, tokenAccuracy: v.tokenAccuracy,
      sequenceAccuracy: v.sequenceAccuracy, loss: v.loss, computeMs: v.computeMs };
  };

  /** How many steps the next call may run: to the end of the budget, a probe, an evaluation point or the run. */
  const chunk = (msLeft) => {
    let n = msPerStep > 0 ? Math.max(1, Math.floor(msLeft / msPerStep)) : 1;
    const runStep = at.runStep >= at.runSteps ? 0 : at.runStep; // a probe that just ended: the next starts at 0
    n = Math.min(n, at.runSteps - runStep);
    if (at.phase === 'train') n = Math.min(n, evalEvery - (at.runStep % evalEvery));
    return Math.max(1, n);
  };

  return {
    info,
    get done() {
      return finished !== null;
    },
    slice(budgetMs) {
      const t0 = now();
      if (at.phase === 'done') {
        if (!finished) {
          const test = trainer.evaluate('test');
          const val = trainer.evaluate('val');
          finished = { type: 'done', step: at.step, beta: at.beta, search: at.search ?? null, test, val,
            attention: trainer.attentionFor(attentionIndex) };
        }
        return finished;
      }
      const losses = [];
      const betas = [];
      const entropies = [];
      const maxLogits = [];
      const evals = [];
      const probes = [];
      const firstStep = at.step;
      let computeMs = 0;
      if (at.step === 0 && evaluatedAt < 0) evals.push(validation(0)); // where every run starts: chance
      let r = null;
      do {
        const n = chunk(budgetMs - (now() - t0));
        r = trainer.step(n);
        computeMs += r.computeMs;
        if (r.stepsRun > 0) msPerStep = msPerStep > 0 ? 0.7 * msPerStep + 0.3 * (r.computeMs / r.stepsRun) : r.computeMs / r.stepsRun;
        losses.push(...r.losses);
        betas.push(...r.betas);
        entropies.push(...r.entropies);
        maxLogits.push(...r.maxLogits);
        at = r;
        if (r.search) {
          for (; probesSeen < r.search.probes.length; probesSeen += 1) {
            const p = r.search.probes[probesSeen];
            probes.push({ step: r.step, beta: p.beta, tokenAccuracy: p.val.tokenAccuracy, sequenceAccuracy: p.val.sequenceAccuracy });
          }
        }
        const mainRun = r.phase === 'train' || r.phase === 'done';
        if (mainRun && r.step !== evaluatedAt && (r.runStep % evalEvery === 0 || r.runStep === r.runSteps)) {
          evals.push(validation(r.runStep));
          break; // an evaluation ends the slice: it has used its time
        }
      } while (!r.done && now() - t0 < budgetMs);
      const update = {
        type: 'progress', firstStep, losses: Float32Array.from(losses), betas: Float32Array.from(betas),
        entropies: Float32Array.from(entropies), maxLogits: Float32Array.from(maxLogits), evals, probes,
        step: r.step, totalSteps: r.totalSteps, runStep: r.runStep, runSteps: r.runSteps, epoch: r.epoch, epochs: r.epochs,
        phase: r.phase, probe: r.probe, probeCount: r.probeCount, beta: r.beta, lr: r.lr, loss: r.loss, gradNorm: r.gradNorm,
        search: r.search ?? null, computeMs,
      };
      if (evals.length || r.done || now() - attentionAt >= attentionEveryMs) {
        update.attention = trainer.attentionFor(attentionIndex);
        attentionAt = now();
      }
      return update;
    },
    /** The attention weights of the chosen validation example under the model as it is now. */
    attention: () => trainer.attentionFor(attentionIndex),
    delete: () => trainer.delete(),
  };
}

/* ---- the page's side: a Web Worker when the browser allows one, else slices on the main thread ---- */

const WORKER_FILE = 'app.js'; // the page's own script: web/entry.js runs the worker when it finds itself in one
const MAIN_SLICE_MS = 8; // a slice on the page's own thread: short enough that a click is answered at once
const WORKER_SLICE_MS = 60; // a slice in the worker: only how often progress is posted

/** Where the worker bundle is: beside the running app.js. */
export function workerUrl() {
  return BUNDLE_URL || new URL(WORKER_FILE, document.baseURI).href;
}

let nextRunId = 1;
let support = null; // { mode: 'worker' | 'main-thread', reason } once known
let probing = null; // the first worker's start, while support is not known
const idle = []; // workers with the engine loaded and no run, kept for the next run

/**
 * Finds out once whether this page may start a worker and load the engine in it. Resolves to { mode, reason }.
 * From file:// Chromium refuses the worker at once (the page's origin is opaque); blob: and data: workers are not
 * tried because the page's Content-Security-Policy forbids them (worker-src falls back to script-src 'self').
 */
export function workerSupport() {
  if (support) return Promise.resolve(support);
  if (typeof Worker !== 'function') {
    support = { mode: 'main-thread', reason: 'this browser has no Web Workers' };
    return Promise.resolve(support);
  }
  probing = probing ?? readyWorker(workerUrl()).then((worker) => {
    idle.push(worker);
    return { mode: 'worker', reason: '' };
  }, (error) => ({ mode: 'main-thread', reason: whyNoWorker(error) })).then((found) => {
    support = found;
    return found;
  });
  return probing;
}

/** The reason workerSupport() gives for a worker that did not start (a WorkerStartError). */
function whyNoWorker({ kind, message }) {
  if (kind === 'refused') {
    return location.protocol === 'file:'
      ? 'the page was opened from a file, and the browser does not let a file:// page start a worker'
      : `the browser refused the worker (${message})`;
  }
  if (kind === 'timeout') return `the worker did not start: ${message}`; // "no answer within 20 s"
  if (kind === 'failed') return `the engine did not start in the worker: ${message}`;
  return `the worker script could not run (${message || `${WORKER_FILE} missing or blocked`})`;
}

let spare = null; // a fresh worker starting up for the pool (its promise), or null

/** Starts one fresh worker for the pool when it is empty, so the next Train does not wait for the engine to load. */
function keepSpare() {
  if (spare || idle.length || support?.mode !== 'worker') return;
  spare = readyWorker(workerUrl()).then((worker) => {
    if (idle.length === 0) idle.push(worker);
    else worker.terminate();
  }, () => {}).finally(() => { spare = null; });
}

/** A worker with the engine loaded: a spare one, or a new one; rejects with a WorkerStartError. */
function takeWorker() {
  return idle.length ? Promise.resolve(idle.pop()) : readyWorker(workerUrl());
}

// Main-thread mode: every active run gets a slice in turn, each slice its own task, so input and drawing get in
// between. A MessageChannel message is not throttled as a zero-delay setTimeout is after a few nested calls.
const active = [];
let turn = 0;
let queued = false;
let channel = null;
function scheduleSlices() {
  if (queued || active.length === 0) return;
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => {
      queued = false;
      if (active.length === 0) return;
      turn = (turn + 1) % active.length;
      active[turn]();
      scheduleSlices();
    };
  }
  queued = true;
  channel.port2.postMessage(0);
}

/**
 * One training run for the page. `onUpdate(update)` gets each slice's update and then the 'done' one;
 * `onError(error)` a failure. Returns { mode, info (a promise of trainer.info), start(), pause(), resume(), dispose(),
 * running }. The mode is the one workerSupport() found; a worker that fails to start falls back to the main thread.
 */
export function createRunner(engine, config, { onUpdate, onError, loopOptions = {}, mode }) {
  let running = false;
  let disposed = false;
  let impl = null;
  let infoResolve;
  const info = new Promise((resolve) => { infoResolve = resolve; });

  const fail = (error) => {
    running = false;
    onError(error instanceof Error ? error : new Error(String(error)));
  };

  const mainThread = () => {
    let loop;
    try {
      loop = createRunLoop(engine, config, loopOptions);
    } catch (error) {
      fail(error);
      return null;
    }
    infoResolve(loop.info);
    const slice = () => {
      if (!running || disposed) return;
      let update;
      try {
        update = loop.slice(MAIN_SLICE_MS);
      } catch (error) {
        stop();
        fail(error);
        return;
      }
      if (update.type === 'done') stop();
      onUpdate(update);
    };
    const stop = () => {
      const i = active.indexOf(slice);
      if (i >= 0) active.splice(i, 1);
    };
    return {
      mode: 'main-thread',
      run() {
        if (!active.includes(slice)) active.push(slice);
        scheduleSlices();
      },
      pause: stop,
      dispose() {
        stop();
        loop.delete();
      },
    };
  };

  const runId = nextRunId++;
  const inWorker = (worker) => {
    worker.onmessage = (event) => {
      const data = event.data;
      if (disposed || data.runId !== runId) return; // a message of this worker's previous run
      if (data.type === 'created') infoResolve(data.info);
      else if (data.type === 'error') fail(new Error(data.message));
      else if (data.type === 'progress' || data.type === 'done') {
        if (data.type === 'done') running = false;
        onUpdate(data);
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      fail(new Error(event.message || 'the worker stopped'));
    };
    worker.postMessage({ type: 'create', runId, config, options: loopOptions, sliceMs: WORKER_SLICE_MS });
    return {
      mode: 'worker',
      run: () => worker.postMessage({ type: 'run' }),
      pause: () => worker.postMessage({ type: 'pause' }),
      dispose() {
        worker.onmessage = null;
        worker.onerror = null;
        // WebAssembly memory never shrinks: a worker that trained keeps the heap its model grew to (hundreds of MiB
        // for the largest settings) even after the trainer is freed. So it is ended, and one fresh worker is made
        // ready for the next run instead.
        worker.terminate();
        keepSpare();
      },
    };
  };

  const ready = (mode === 'worker'
    ? takeWorker().then(inWorker, () => mainThread())
    : Promise.resolve().then(mainThread)).then((made) => {
    impl = made;
    if (impl && disposed) impl.dispose();
    else if (impl && running) impl.run();
    return impl;
  });

  return {
    info,
    ready,
    get mode() {
      return impl ? impl.mode : mode;
    },
    get running() {
      return running;
    },
    start() {
      running = true;
      if (impl) impl.run();
    },
    pause() {
      running = false;
      if (impl) impl.pause();
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      running = false;
      if (impl) impl.dispose();
    },
  };
}
