// The β search as the page and the CLI report it part-way: both name β only once a probe has run and the bracket
// only once the search has finished (null before: the engine's 10⁰ and [1, 1] then are placeholders, not results),
// and from there on they give the same numbers (the CLI's to its 9 digits). One writer serves both
// (cpp/api/trainer_json.cpp).
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { engine, nativeJson } from './helpers.mjs';

const e = await engine();

const SEARCH = { betaStrategy: 'search', L: 4, R: 5, trainSize: 40, valSize: 8, testSize: 8, dModel: 4, batchSize: 8, epochs: 2, searchPowers: 1, searchIterations: 1, probeEpochs: 1 };
const flags = (options) => Object.entries(options).flatMap(([k, v]) => [`--${k}`, String(v)]);
const near = (a, b, what) => assert.ok(Math.abs(a - b) <= 1e-8 * Math.abs(b), `${what}: page ${a}, CLI ${b}`);

/** The search after `steps` steps, from a fresh trainer (the page) and from `attention-lab train --steps` (the CLI). */
function both(steps) {
  const t = e.createTrainer(SEARCH);
  try {
    const page = t.step(steps).search;
    const cli = nativeJson('train', ...flags(SEARCH), '--steps', String(steps), '--json', '-', '--quiet', '--noTest').search;
    return { page, cli };
  } finally {
    t.delete();
  }
}

test('before the first probe: β and the bracket are null in the page and the CLI', () => {
  const { page, cli } = both(0);
  assert.deepEqual(page, { finished: false, beta: null, bracket: null, probes: [] });
  assert.deepEqual(cli, page);
});

test('mid-search: β is the best probe so far and the bracket still null, in both', () => {
  const { page, cli } = both(7);  // 5 steps a probe: one probe done
  assert.equal(page.finished, false);
  assert.equal(page.probes.length, 1);
  assert.equal(page.beta, 1);
  assert.equal(page.bracket, null);
  assert.equal(cli.finished, false);
  assert.equal(cli.probes.length, 1);
  assert.equal(cli.beta, page.beta);
  assert.equal(cli.bracket, null);
  near(cli.probes[0].val.loss, page.probes[0].val.loss, 'probe 0 loss');
});

test('finished: the same β, bracket and probes in both', () => {
  const { page, cli } = both(1000);
  assert.equal(page.finished, true);
  assert.equal(cli.finished, true);
  near(cli.beta, page.beta, 'β');
  near(cli.bracket[0], page.bracket[0], 'bracket lo');
  near(cli.bracket[1], page.bracket[1], 'bracket hi');
  assert.ok(page.bracket[0] <= page.beta && page.beta <= page.bracket[1]);
  assert.equal(cli.probes.length, page.probes.length);
  for (let i = 0; i < page.probes.length; i++) near(cli.probes[i].beta, page.probes[i].beta, `probe ${i} β`);
});
