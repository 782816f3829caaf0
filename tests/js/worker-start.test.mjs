// web/worker-start.js with stand-in workers: each way a worker can fail to start gives its own kind, the worker is
// terminated, and a ready worker comes back with its handlers cleared for the caller.
import { test } from 'node:test';
import assert from 'node:assert/strict';

let behave = 'ready';
const made = [];
class FakeWorker {
  constructor(url, options) {
    if (behave === 'refuse') throw new Error('SecurityError: file:// may not start a worker');
    this.url = url;
    this.options = options;
    this.terminated = false;
    made.push(this);
    const how = behave;
    setTimeout(() => {
      if (how === 'ready') this.onmessage?.({ data: { type: 'ready' } });
      if (how === 'fail') this.onmessage?.({ data: { type: 'failed', message: 'no WebAssembly' } });
      if (how === 'error') this.onerror?.({ message: 'SyntaxError in app.js', preventDefault() {} });
    }, 1);
  }
  terminate() {
    this.terminated = true;
  }
}
globalThis.Worker = FakeWorker;
const { readyWorker, WorkerStartError } = await import('../../web/worker-start.js');

test('a worker that says ready is resolved, named as asked, with no handlers left', async () => {
  behave = 'ready';
  const worker = await readyWorker('app.js', { name: 'asl-engine' });
  assert.equal(worker.url, 'app.js');
  assert.deepEqual(worker.options, { name: 'asl-engine' });
  assert.equal(worker.onmessage, null);
  assert.equal(worker.onerror, null);
  assert.equal(worker.terminated, false);
  behave = 'ready';
  assert.equal((await readyWorker('app.js')).options, undefined, 'no name: started without options');
});

for (const [how, kind, pattern, timeoutMs] of [
  ['refuse', 'refused', /file:\/\/ may not start a worker/],
  ['fail', 'failed', /^no WebAssembly$/],
  ['error', 'error', /^SyntaxError in app\.js$/],
  ['silent', 'timeout', /^no answer within 0\.05 s$/, 50],
]) {
  test(`a worker that is ${how === 'silent' ? 'silent' : `${how}d`} rejects with kind "${kind}" and is terminated`, async () => {
    behave = how;
    const before = made.length;
    await assert.rejects(readyWorker('app.js', { timeoutMs }), (error) => error instanceof WorkerStartError
      && error.kind === kind && pattern.test(error.message));
    if (how !== 'refuse') assert.equal(made[before].terminated, true);
  });
}
