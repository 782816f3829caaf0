// The Web Worker of Lesson 6 (bundled into build/page/app.js: web/entry.js runs this file when app.js is started as a
// worker): it loads its own copy of the engine and runs one training loop at a time (web/training-run.js), posting
// each slice's update to the page. Messages from the page: { type: 'create', runId, config, options, sliceMs },
// { type: 'run' }, { type: 'pause' }, { type: 'dispose' }.
// To the page: { type: 'ready' } once the engine is loaded (or { type: 'failed', message }), then per run 'created'
// (with the trainer's info), 'progress', 'done' and 'error', each carrying its runId.
import { loadEngine } from './engine.js';
import { createRunLoop } from './training-run.js';

let engine = null;
let loop = null;
let runId = 0;
let sliceMs = 60;
let running = false;
let timer = 0;

const message = (error) => (error instanceof Error ? error.message : String(error));

function tick() {
  timer = 0;
  if (!running || !loop) return;
  let update;
  try {
    update = loop.slice(sliceMs);
  } catch (error) {
    running = false;
    self.postMessage({ type: 'error', runId, message: message(error) });
    return;
  }
  const transfer = update.type === 'progress' ? [update.losses, update.betas, update.entropies, update.maxLogits].map((a) => a.buffer) : [];
  self.postMessage({ ...update, runId }, transfer);
  if (update.type === 'done') running = false;
  else timer = setTimeout(tick, 0); // let 'pause' and 'dispose' in between slices
}

function dispose() {
  running = false;
  if (timer) clearTimeout(timer);
  timer = 0;
  if (loop) loop.delete();
  loop = null;
}

self.onmessage = (event) => {
  const data = event.data;
  if (data.type === 'create') {
    dispose();
    runId = data.runId;
    sliceMs = data.sliceMs ?? sliceMs;
    try {
      loop = createRunLoop(engine, data.config, data.options);
      self.postMessage({ type: 'created', runId, info: loop.info });
    } catch (error) {
      self.postMessage({ type: 'error', runId, message: message(error) });
    }
  } else if (data.type === 'run') {
    running = true;
    if (!timer) timer = setTimeout(tick, 0);
  } else if (data.type === 'pause') {
    running = false;
  } else if (data.type === 'dispose') {
    dispose();
  }
};

loadEngine().then((loaded) => {
  engine = loaded;
  self.postMessage({ type: 'ready' });
}, (error) => self.postMessage({ type: 'failed', message: message(error) }));
