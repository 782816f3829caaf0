// 7.4's verdicts on the learning-rate sweep (web/sections/beyond/sweep-stats.js), seed by seed: the shipped
// web/data/lr-sweep.json at 0.032, where the strategies part ways, and small made-up sweeps where pooling a point's
// seeds would give a different answer from the runs that fail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { ROOT } from './helpers.mjs';
import { withoutCurveData } from '../../web/build.mjs';
import { seedCount, everySeedLearns, ratesEverySeed, failingRuns, separation, neverLeftUniform } from '../../web/sections/beyond/sweep-stats.js';

const SWEEP = JSON.parse(readFileSync(`${ROOT}web/data/lr-sweep.json`, 'utf8'));
const EDGE = SWEEP.rates[SWEEP.rates.length - 2]; // 0.0316

test('at 0.032 β = 5, QK-norm and qk-layernorm learn on all three seeds; 1/√d_k on two, learned β on none', () => {
  assert.ok(Math.abs(EDGE - 0.0316227766) < 1e-9);
  assert.deepEqual(everySeedLearns(SWEEP, EDGE), ['fixed-5', 'qk-norm', 'qk-layernorm']);
  assert.deepEqual(['inverse-sqrt-dk', 'learned', 'qk-norm'].map((id) => [seedCount(SWEEP, id, EDGE).learned, seedCount(SWEEP, id, EDGE).seeds]),
    [[2, 3], [0, 3], [3, 3]]);
  // β = 5 takes the same rates on every seed as QK-norm does; 1/√d_k fewer.
  assert.deepEqual(ratesEverySeed(SWEEP, 'fixed-5'), ratesEverySeed(SWEEP, 'qk-norm'));
  assert.equal(ratesEverySeed(SWEEP, 'qk-norm').length, 4);
  assert.equal(ratesEverySeed(SWEEP, 'inverse-sqrt-dk').length, 2);
  assert.deepEqual(everySeedLearns(SWEEP, SWEEP.rates.at(-1)), [], 'at 0.1 no strategy learns on every seed');
});

test('the failing runs at 0.032 are listed one by one, with their own logits and entropy, not their learning seeds\'', () => {
  const failing = failingRuns(SWEEP, EDGE);
  assert.deepEqual(failing.map((f) => `${f.strategy} ${f.seed}`), ['inverse-sqrt-dk 3', 'learned 1', 'learned 2', 'learned 3']);
  const [sqrt3] = failing;
  // 1/√d_k's failing seed: at chance, small logits, nearly uniform rows; its two learning seeds reached |logit| 78 and 74.
  assert.ok(sqrt3.accuracy < 0.02 && sqrt3.maxLogit < 4 && sqrt3.minEntropy > 2.5, JSON.stringify(sqrt3));
  assert.ok(Math.abs(sqrt3.maxLogit - 3.0959) < 1e-3 && Math.abs(sqrt3.minEntropy - 2.818) < 1e-3);
  assert.ok(Math.abs(sqrt3.loss - Math.log(SWEEP.config.R)) < 0.01);
  assert.equal(sqrt3.uniform, true);
  // Learned β blew up on seeds 1 and 2 (β 46.5 and 17.2) and, like 1/√d_k's seed 3, never left the uniform output on seed 3.
  const learned = failing.filter((f) => f.strategy === 'learned');
  assert.deepEqual(learned.map((f) => f.uniform), [false, false, true]);
  assert.deepEqual(learned.map((f) => Number(f.finalBeta.toPrecision(3))), [46.5, 17.2, 0.285]);
  assert.ok(learned[0].maxLogit > 2e4 && learned[1].maxLogit > 3e4);
  const sep = separation(SWEEP, EDGE);
  assert.ok(sep.smallerLogits && sep.flatterLearner, 'neither the logits nor the entropy alone mark a failing run here');
  assert.ok(sep.learning.maxLogit > 2000, 'β = 5 learns with logits past 2,000');
});

test('at 0.1 every failing run but none of the learning ones sat at ln R: output collapse, seed by seed', () => {
  const top = SWEEP.rates.at(-1);
  const failing = failingRuns(SWEEP, top);
  assert.equal(failing.length, SWEEP.strategies.length * SWEEP.presets.full.seeds);
  assert.ok(failing.every((f) => f.uniform), failing.filter((f) => !f.uniform).map((f) => `${f.strategy} ${f.seed}`).join());
  assert.ok(failing.filter((f) => f.strategy === 'qk-norm').every((f) => f.maxLogit <= 7.5));
  for (const r of SWEEP.runs.filter((x) => x.test.tokenAccuracy >= 0.9)) assert.equal(neverLeftUniform(r, SWEEP.config.R), false);
});

/** A made-up sweep of one rate: strategy "a" learns on seed 1 with huge logits and fails on seed 2 with small ones. */
function madeUp() {
  const run = (strategy, seed, accuracy, maxLogit, minEntropy, loss) => ({ strategy, lr: 0.5, seed, test: { tokenAccuracy: accuracy, loss },
    maxLogit, minEntropy, finalBeta: 1, curve: { loss: [4.7, loss] } });
  return { config: { R: 100 }, rates: [0.5], strategies: [{ id: 'a' }, { id: 'b' }],
    runs: [run('a', 2, 0.01, 2, 2.5, 4.61), run('a', 1, 1, 100, 1e-4, 0.01), run('b', 1, 1, 10, 0.3, 0.02), run('b', 2, 0.95, 12, 0.2, 0.1)] };
}

test('a failing run\'s numbers are its own: a point\'s learning seed does not lend it its logits or entropy', () => {
  const sweep = madeUp();
  const failing = failingRuns(sweep, 0.5);
  assert.deepEqual(failing.map((f) => [f.strategy, f.seed, f.maxLogit, f.minEntropy, f.uniform]), [['a', 2, 2, 2.5, true]]);
  assert.deepEqual(seedCount(sweep, 'a', 0.5).runs.map((r) => r.seed), [1, 2], 'seeds in order');
  assert.deepEqual(everySeedLearns(sweep, 0.5), ['b']);
  const sep = separation(sweep, 0.5);
  assert.deepEqual(sep.learning, { maxLogit: 100, minEntropy: 1e-4 });
  assert.equal(sep.smallerLogits, true);
  assert.equal(sep.flatterLearner, true);
});

test('a run counts as never leaving the uniform output only if its loss stayed at ln R throughout', () => {
  const R = 100;
  const at = Math.log(R);
  const run = (curve, loss) => ({ curve: { loss: curve }, test: { loss } });
  assert.equal(neverLeftUniform(run([4.69, at + 0.001, at - 0.002], at), R), true);
  assert.equal(neverLeftUniform(run([4.69, 3.9, at], at), R), false, 'it left and came back');
  assert.equal(neverLeftUniform(run([4.69, at], 2.0), R), false, 'its test loss is lower');
});

test('the page\'s bundle, which drops the curves, gives the same failing runs as the full data file', () => {
  const bundled = withoutCurveData(JSON.parse(readFileSync(`${ROOT}web/data/lr-sweep.json`, 'utf8')));
  assert.ok(bundled.runs.every((r) => r.curve === undefined && Number.isFinite(r.lowestLoss)));
  for (const lr of SWEEP.rates) assert.deepEqual(failingRuns(bundled, lr), failingRuns(SWEEP, lr), `lr ${lr}`);
});
