// The one script of the lab, in three roles. On a page (index.html or a course page) it runs the page (main.js);
// started as a Web Worker by Lesson 6 (web/training-run.js) it runs the training worker (training-worker.js), and
// by web/engine-pool.js a background engine (engine-worker.js).
// One file instead of app.js + worker.js keeps a single copy of the engine in dist/ (the worker used to carry its
// own, 430 KB), and a worker started from app.js finds it already in the browser's cache.
// The three roles are dynamic imports, so esbuild evaluates only the one chosen: the worker never runs page code
// that expects a document. where.js reads document.currentScript before this file returns, while it is still set.
// engine-pool.js (for the worker's name) runs in every role: at load it only defines its functions.
import './where.js';
import { ENGINE_WORKER } from './engine-pool.js';

const inWorker = typeof WorkerGlobalScope !== 'undefined' && self instanceof WorkerGlobalScope; // eslint-disable-line no-undef
// A worker started with the name ENGINE_WORKER is a background engine for the Monte Carlo parts; any other is
// Lesson 6's trainer.
if (inWorker && self.name === ENGINE_WORKER) import('./engine-worker.js');
else if (inWorker) import('./training-worker.js');
else import('./main.js');
