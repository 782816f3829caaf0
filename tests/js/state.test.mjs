// The state table's parsing and the number formats in Node (both are pure): names inherited from Object.prototype
// are never values, and timings show only the digits the clock resolves.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { STATE_TABLE, parseHash, defaults } from '../../web/state.js';

const INHERITED = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'];

test('no key takes a name inherited from Object.prototype as its value, except as plain text', () => {
  for (const row of STATE_TABLE) {
    for (const raw of INHERITED) {
      const parsed = row.type.parse(raw);
      if (!parsed.ok) continue;
      assert.equal(typeof parsed.value === 'string' || Array.isArray(parsed.value), true, `${row.key}=${raw} parsed to ${typeof parsed.value}`);
      assert.ok(row.type.accepts(parsed.value), `${row.key}=${raw}: whatever parses is also accepted`);
      if (Array.isArray(parsed.value)) assert.ok(parsed.value.every((v) => typeof v !== 'function'));
    }
  }
});

test('a link with scaled=toString or embed=constructor falls back to the defaults and reports each key', () => {
  const { state, problems } = parseHash('#lesson=selfattention&scaled=toString&embed=constructor&causal=__proto__');
  const want = defaults();
  assert.equal(state.scaled, want.scaled);
  assert.equal(state.embed, false);
  assert.equal(state.causal, want.causal);
  assert.deepEqual(problems.map((p) => p.key).sort(), ['causal', 'embed', 'scaled']);
});

test('timings print only the digits the browser clock resolves', async () => {
  const { milliseconds, timerResolution } = await import('../../web/format.js');
  assert.equal(milliseconds(2, 1), '2 ms', 'a 1 ms clock (Firefox, WebKit) prints whole milliseconds');
  assert.equal(milliseconds(0.4, 1), '< 1 ms');
  assert.equal(milliseconds(2.345, 0.005), '2.35 ms');
  assert.equal(milliseconds(23.456, 0.005), '23.5 ms');
  assert.equal(milliseconds(2.345, 0.1), '2.3 ms');
  const clock = timerResolution();
  assert.ok(clock > 0 && clock <= 1, `Node's clock steps by ${clock} ms`);
});

test('the learning rates 7.4 offers in its link key are the rates of web/data/lr-sweep.json, as the page prints them', async () => {
  const fs = await import('node:fs');
  const sweep = JSON.parse(fs.readFileSync(new URL('../../web/data/lr-sweep.json', import.meta.url), 'utf8'));
  const row = STATE_TABLE.find((r) => r.key === 'blr');
  assert.deepEqual(row.type.choices, sweep.rates.map((lr) => String(Number(lr.toPrecision(2)))));
  assert.ok(row.type.choices.includes(row.def));
});
