// The public API fuzzer (tests/fuzz/api-fuzz.mjs) for about a minute with a fixed seed: every outcome is an answer
// with the fields its schema lists, of finite numbers, an Error naming the function and a parameter, or the caller's
// own exception; the engine's handles, trainers and heap stay where they were. A longer run:
// node tests/fuzz/api-fuzz.mjs --seconds 600 --seed 7.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { fuzz } from '../fuzz/api-fuzz.mjs';

test('a minute of fuzzed calls of every public function leaves the engine intact', { timeout: 240000 }, async () => {
  const result = await fuzz({ seed: 1, seconds: 60 });
  const lines = result.failures.map((f) => `call ${f.index}: ${f.why}\n  ${f.call}\n  replay: ${f.replay}`);
  assert.deepEqual(lines, [], `seed ${result.seed}:\n${lines.join('\n')}`);
  assert.ok(result.calls >= 1000, `only ${result.calls} calls in ${result.seconds} s`);
  assert.ok(result.counts.returned > 0 && result.counts.refused > 0 && result.counts.callers > 0,
    `every kind of outcome is reached: ${JSON.stringify(result.counts)}`);
  assert.deepEqual(result.end, result.base, 'the engine holds what it held at the start');
});
