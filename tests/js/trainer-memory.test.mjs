// createTrainer estimates a configuration's memory before it allocates: a trainer that cannot fit in what is left
// of the WebAssembly memory limit is refused with an Error naming the sizes, the estimate and the limit (issue 13,
// item 2), no phantom trainer is left in resources(), and once the big trainers are deleted a normal one works.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { engine } from './helpers.mjs';

const e = await engine();
const BIG = { L: 256, R: 1000, dModel: 512, batchSize: 15, trainSize: 100000, valSize: 15536, testSize: 15536 };

test('the estimate bounds what a trainer holds, within a few percent', () => {
  for (const options of [{}, { L: 64, dModel: 64, heads: 4, batchSize: 32, trainSize: 2000 },
    { model: 'attention', L: 16, R: 50, betaStrategy: 'search', epochs: 2 }, { L: 8, betaStrategy: 'qk-norm', batchSize: 1 }]) {
    const before = e.resources().heapBytes;
    const trainer = e.createTrainer(options);
    try {
      trainer.step(2);
      const held = e.resources().heapBytes - before;
      const estimate = trainer.info.memoryBytes;
      assert.ok(estimate >= held && estimate <= 1.1 * held + 2 * 1048576,
        `${JSON.stringify(options)}: holds ${held} bytes, estimated ${estimate}`);
    } finally {
      trainer.delete();
    }
  }
});

test('creating the issue\'s large trainer until it cannot fit ends in a clean Error, and the engine recovers', { timeout: 120000 }, () => {
  const start = e.resources();
  const made = [];
  let refusal = null;
  try {
    for (let i = 0; i < 16 && !refusal; i += 1) {
      try {
        made.push(e.createTrainer(BIG));
      } catch (error) {
        refusal = error;
      }
      assert.equal(e.resources().trainers, start.trainers + made.length, 'resources() counts exactly the trainers made');
    }
    assert.ok(refusal, `${made.length} trainers of about ${made[0]?.info.memoryBytes} bytes each all fit`);
    assert.equal(refusal.constructor, Error);
    assert.match(refusal.message, /^createTrainer: this configuration needs about \d+ MiB \(L = 256, R = 1000, dModel = 512, heads = 1, batchSize = 15, trainSize \+ valSize \+ testSize = 131072\), more than the \d+ MiB left of the \d+ MiB WebAssembly memory limit with \d+ trainers? alive: delete\(\) one, or use smaller sizes$/);
    assert.ok(made.length >= 1, 'at least one large trainer fits in a fresh engine');
    assert.throws(() => e.createTrainer(BIG), /needs about/, 'asking again is refused again, not aborted');
    assert.equal(e.resources().trainers, start.trainers + made.length);
  } finally {
    for (const t of made) t.delete();
  }
  assert.equal(e.resources().trainers, start.trainers, 'every trainer made could be deleted: no phantom');
  assert.equal(e.resources().heapBytes, start.heapBytes, 'their memory went back');
  const small = e.createTrainer({ L: 6, R: 10, trainSize: 64, valSize: 8, testSize: 8, batchSize: 8, epochs: 1 });
  try {
    const r = small.step(3);
    assert.equal(r.stepsRun, 3);
    assert.ok(Number.isFinite(r.loss));
    assert.ok(Number.isFinite(small.evaluate('val').tokenAccuracy));
  } finally {
    small.delete();
  }
});
