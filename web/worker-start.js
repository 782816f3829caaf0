// Starting a worker that loads the engine (app.js again: web/entry.js picks its role by the worker's name) and waiting
// until it says { type: 'ready' }. Lesson 6's training runs (web/training-run.js) and the Monte Carlo pool
// (web/engine-pool.js) both start theirs here.

/** Why a worker did not start, for the caller to word: `kind` is 'refused', 'failed', 'error' or 'timeout'. */
export class WorkerStartError extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind;
  }
}

/**
 * A worker from `url` (with `name`, when given), resolved once it posts { type: 'ready' }, its handlers cleared for
 * the caller. Rejects with a WorkerStartError, the worker terminated, when the browser refuses it at once ('refused':
 * Chromium from file://), it posts anything else first ('failed': { type: 'failed', message }), its script fails
 * ('error') or it says nothing for `timeoutMs` ('timeout').
 */
export function readyWorker(url, { name, timeoutMs = 20000 } = {}) {
  return new Promise((resolve, reject) => {
    let worker;
    try {
      worker = name ? new Worker(url, { name }) : new Worker(url);
    } catch (error) {
      reject(new WorkerStartError('refused', error instanceof Error ? error.message : String(error)));
      return;
    }
    const settle = (error) => {
      clearTimeout(timer);
      worker.onmessage = null;
      worker.onerror = null;
      if (!error) {
        resolve(worker);
        return;
      }
      worker.terminate();
      reject(error);
    };
    const timer = setTimeout(() => settle(new WorkerStartError('timeout', `no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    worker.onmessage = ({ data }) => settle(data?.type === 'ready' ? null
      : new WorkerStartError('failed', data?.message ?? 'no reason given'));
    worker.onerror = (event) => {
      event.preventDefault();
      settle(new WorkerStartError('error', event.message || ''));
    };
  });
}
