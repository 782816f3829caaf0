// Lesson 6 through the public API: createTrainer and its trainer object. The same seed gives the same loss curve
// twice in WASM and the native CLI's curve within tolerance; each β strategy runs; a learned β reports how far Adam
// can move it; bad configurations throw Errors
// that name the option; a deleted trainer frees its memory; the default run's speed is reported.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { engine, nativeJson } from './helpers.mjs';

const e = await engine();

// A small configuration that trains in well under a second: 16 steps per epoch.
const SMALL = { L: 8, R: 16, dModel: 16, heads: 2, trainSize: 1024, valSize: 128, testSize: 256, batchSize: 64, epochs: 2, lr: 3e-3, seed: 7 };
const EASY = { L: 5, R: 10, dModel: 16, trainSize: 4000, valSize: 500, testSize: 1000, batchSize: 64, epochs: 6, lr: 3e-3, seed: 1 };

/** Runs a trainer to the end; returns its losses, βs, last step result and test evaluation. Always deletes it. */
function run(options, chunk = 50) {
  const t = e.createTrainer(options);
  try {
    const losses = [];
    const betas = [];
    let last;
    do {
      last = t.step(chunk);
      losses.push(...last.losses);
      betas.push(...last.betas);
    } while (!last.done);
    const evaluate = (split) => {
      const { computeMs, ...rest } = t.evaluate(split);
      return rest;
    };
    return { info: t.info, losses, betas, last, test: evaluate('test'), val: evaluate('val') };
  } finally {
    t.delete();
  }
}

/** CLI flags for the same options. */
function flags(options) {
  return Object.entries(options).flatMap(([k, v]) => [`--${k}`, String(v)]);
}

test('the default trainer is the 8,000-parameter encoder of the paper\'s table, 1,170 steps long', () => {
  const t = e.createTrainer();
  try {
    const { info } = t;
    assert.equal(info.model, 'encoder');
    assert.equal(info.parameterCount, 8000);
    assert.equal(info.parameters.reduce((s, p) => s + p.count, 0), 8000);
    assert.deepEqual(info.parameters[0], { name: 'embed.weight', shape: [100, 20], count: 2000 });
    assert.equal(info.stepsPerEpoch, 117);
    assert.equal(info.totalSteps, 1170);
    assert.equal(info.dModel, 20);
    assert.equal(info.dK, 20);
    assert.ok(Math.abs(info.beta - 1 / Math.sqrt(20)) < 1e-12);
    assert.equal(info.kernels, 'wasm_simd128');
    const r = t.step(2);
    assert.equal(r.stepsRun, 2);
    assert.equal(r.losses.length, 2);
    assert.equal(r.step, 2);
    assert.equal(r.phase, 'train');
    assert.equal(r.epoch, 1);
    assert.ok(Math.abs(r.loss - Math.log(100)) < 0.2, `initial loss ${r.loss} should be near ln 100`);
  } finally {
    t.delete();
  }
  const attention = e.createTrainer({ model: 'attention' });
  try {
    assert.equal(attention.info.parameterCount, 100 * 20 + 20 * 20 + 4 * 20 * 20 + 4 * 20 + 20 * 100 + 100);
  } finally {
    attention.delete();
  }
});

test('the same seed gives the same loss curve twice, however the steps are split into calls', () => {
  const a = run(SMALL, 50);
  const b = run(SMALL, 3);
  assert.equal(a.losses.length, 32);
  assert.deepEqual(a.losses, b.losses);
  assert.deepEqual(a.test, b.test);
  const c = run({ ...SMALL, seed: 8 });
  assert.notDeepEqual(c.losses, a.losses);
});

test('the WASM loss curve matches the native CLI\'s for the same seed', (t) => {
  for (const options of [SMALL, { ...SMALL, model: 'attention', betaStrategy: 'dynamic' }, { ...SMALL, betaStrategy: 'learned' },
    { ...SMALL, betaStrategy: 'qk-norm' }, { ...SMALL, model: 'attention', betaStrategy: 'qk-layernorm' }]) {
    const wasm = run(options);
    const native = nativeJson('train', ...flags(options), '--json', '-', '--quiet');
    assert.equal(native.curve.loss.length, wasm.losses.length);
    let worst = 0;
    for (let i = 0; i < wasm.losses.length; i++) {
      const rel = Math.abs(wasm.losses[i] - native.curve.loss[i]) / Math.abs(native.curve.loss[i]);
      worst = Math.max(worst, rel);
      assert.ok(rel <= 1e-4, `step ${i + 1}: WASM ${wasm.losses[i]}, native ${native.curve.loss[i]}`);
    }
    assert.ok(Math.abs(wasm.test.tokenAccuracy - native.final.test.tokenAccuracy) <= 0.01);
    t.diagnostic(`${options.model ?? 'encoder'} ${options.betaStrategy ?? 'inverse-sqrt-dk'}: largest relative loss difference WASM vs native ${worst.toExponential(2)}`);
  }
});

test('a short run on L = 5, R = 10 reverses every test sequence', () => {
  const r = run(EASY, 100);
  assert.equal(r.test.sequenceAccuracy, 1);
  assert.equal(r.test.tokenAccuracy, 1);
  assert.equal(r.test.count, 1000);
});

test('each β strategy runs; the search returns a β inside its bracket and trains on from its best probe', () => {
  for (const betaStrategy of ['inverse-sqrt-dk', 'fixed', 'dynamic', 'learned', 'search']) {
    const options = { ...SMALL, betaStrategy };
    if (betaStrategy === 'fixed') options.beta = 2;
    if (betaStrategy === 'search') Object.assign(options, { searchPowers: 1, searchIterations: 2, probeEpochs: 1 });
    const r = run(options, 40);
    assert.equal(r.losses.length, r.info.totalSteps, betaStrategy);
    assert.ok(r.losses.every(Number.isFinite));
    assert.equal(r.last.step, r.info.totalSteps);
    assert.equal(r.last.phase, 'done');
    assert.ok(r.test.tokenAccuracy > 1 / 16, `${betaStrategy}: ${r.test.tokenAccuracy}`);
    const distinct = new Set(r.betas).size;
    if (betaStrategy === 'fixed') assert.ok(r.betas.every((b) => b === 2));
    if (betaStrategy === 'inverse-sqrt-dk') assert.ok(r.betas.every((b) => b === Math.fround(1 / Math.sqrt(8))));
    if (betaStrategy === 'dynamic' || betaStrategy === 'learned') assert.ok(distinct > 10, `${betaStrategy}: β took ${distinct} values`);
    if (betaStrategy === 'search') {
      const s = r.last.search;
      assert.equal(s.finished, true);
      assert.equal(s.probes.length, 7);
      assert.deepEqual(s.probes.slice(0, 3).map((p) => p.beta), [1, 10, 0.1]);
      assert.ok(s.bracket[0] <= s.beta && s.beta <= s.bracket[1], `β ${s.beta} outside [${s.bracket}]`);
      assert.equal(r.last.beta, s.beta);
      assert.equal(r.info.totalSteps, 7 * 16 + 32 - 16);
    }
  }
});

/** Σ lr·f(s) over a run of `total` steps, the schedule of docs/API.md written out here. */
function scheduleSum(lr, total, warmup) {
  const w = Math.min(warmup, Math.floor(total / 2));
  let sum = 0;
  for (let s = 0; s < total; s += 1) sum += s < w ? (s + 1) / w : 0.5 * (1 + Math.cos(Math.PI * (s - w + 1) / (total - w + 1)));
  return lr * sum;
}

test('every step reports its attention entropy and largest |logit|; QK-norm its g per head, qk-layernorm β = 1/√d_k', () => {
  const log2 = (x) => Math.log(x) / Math.LN2;
  for (const betaStrategy of ['inverse-sqrt-dk', 'qk-norm', 'qk-layernorm']) {
    const t = e.createTrainer({ ...SMALL, betaStrategy, lr: 2e-2 });
    try {
      const names = t.info.parameters.map((p) => p.name);
      const r = t.step(5);
      assert.equal(r.entropies.length, 5, betaStrategy);
      assert.equal(r.maxLogits.length, 5);
      assert.equal(Math.fround(r.attentionEntropy), r.entropies[4]);
      assert.equal(Math.fround(r.maxLogit), r.maxLogits[4]);
      for (let i = 0; i < 5; i++) {
        assert.ok(r.entropies[i] > 0 && r.entropies[i] <= Math.log(SMALL.L) + 1e-6, `${betaStrategy}: entropy ${r.entropies[i]}`);
        assert.ok(r.maxLogits[i] > 0);
      }
      if (betaStrategy === 'qk-norm') {
        assert.deepEqual(names.slice(-1), ['attn.qk_scale']);
        const g0 = log2(SMALL.L * SMALL.L - SMALL.L);
        assert.ok(Math.abs(r.betas[0] - g0) < 1e-5, `first g ${r.betas[0]}, log2(L² − L) ${g0}`);
        assert.equal(r.qkScale.length, SMALL.heads);
        assert.ok(Math.abs((r.qkScale[0] + r.qkScale[1]) / 2 - r.beta) < 1e-6);
        assert.ok(r.qkScale.every((g) => Math.abs(g - g0) > 1e-3), `g moved from ${g0}: ${[...r.qkScale]}`);
        assert.ok(r.maxLogits[0] <= g0 * (1 + 1e-6), 'a cosine times g is at most g');
      } else {
        assert.equal(r.qkScale, null);
        if (betaStrategy === 'qk-layernorm') assert.deepEqual(names.slice(-2), ['attn.q_norm.gain', 'attn.k_norm.gain']);
        assert.ok(r.betas.every((b) => b === Math.fround(1 / Math.sqrt(8))));
      }
    } finally {
      t.delete();
    }
  }
});

test('a learned β reports its reach: the summed learning rates of ln β, the ceiling e^Σ and a bound no run passes', () => {
  for (const betaLr of [undefined, 0.02]) {
    const options = { ...SMALL, betaStrategy: 'learned', warmupSteps: 5, ...(betaLr ? { betaLr } : {}) };
    const t = e.createTrainer(options);
    try {
      const { info } = t;
      const rate = betaLr ?? SMALL.lr;
      assert.equal(info.betaLr, rate);
      const reach = info.betaReach;
      assert.ok(Math.abs(reach.initialBeta - 1 / Math.sqrt(8)) < 1e-12);
      assert.ok(Math.abs(reach.lrSum - scheduleSum(rate, info.totalSteps, 5)) < 1e-12, `${reach.lrSum}`);
      assert.ok(Math.abs(reach.ceiling - reach.initialBeta * Math.exp(reach.lrSum)) < 1e-12);
      assert.ok(reach.bound > reach.ceiling);
      let summed = 0;
      let r;
      do {
        r = t.step(1);
        summed += r.betaLr;
        assert.ok(r.beta <= reach.bound, `step ${r.step}: β ${r.beta} above the bound ${reach.bound}`);
      } while (!r.done);
      assert.ok(Math.abs(summed - reach.lrSum) < 1e-12, `Σ betaLr of the steps ${summed}, reach ${reach.lrSum}`);
      const native = nativeJson('train', ...flags(options), '--json', '-', '--quiet', '--noTest');
      for (const key of ['initialBeta', 'lrSum', 'ceiling', 'bound']) assert.ok(Math.abs(native.betaReach[key] - reach[key]) <= 1e-8 * reach[key], key);
    } finally {
      t.delete();
    }
  }
  const fixed = e.createTrainer({ ...SMALL, betaStrategy: 'fixed', beta: 2 });
  try {
    assert.equal(fixed.info.betaReach, null);
    assert.equal(fixed.step(1).betaLr, null);
  } finally {
    fixed.delete();
  }
});

test('attentionFor gives softmax rows for a validation example, with its inputs, targets and prediction', () => {
  const t = e.createTrainer(SMALL);
  try {
    t.step(10);
    const a = t.attentionFor(5);
    assert.equal(a.heads, 2);
    assert.equal(a.L, 8);
    assert.equal(a.weights.length, 2 * 8 * 8);
    for (let r = 0; r < 16; r++) {
      const sum = a.weights.slice(r * 8, r * 8 + 8).reduce((x, y) => x + y, 0);
      assert.ok(Math.abs(sum - 1) < 1e-5);
    }
    assert.deepEqual([...a.targets], [...a.inputs].reverse());
    assert.equal(a.predicted.length, 8);
    // Looking does not disturb training: the next steps equal an untouched trainer's.
    const u = e.createTrainer(SMALL);
    try {
      u.step(10);
      t.evaluate('val');
      assert.deepEqual(t.step(3).losses, u.step(3).losses);
    } finally {
      u.delete();
    }
  } finally {
    t.delete();
  }
});

const BAD = [
  ['an unknown model', { model: 'gpt' }, /model = "gpt" is not allowed: use "encoder" or "attention"/],
  ['heads that do not divide dModel', { heads: 3 }, /heads = 3 does not divide dModel = 20: allowed heads are 1, 2, 4, 5, 10, 20/],
  ['L = 1', { L: 1 }, /L = 1 is out of range: allowed an integer from 2 to 256/],
  ['R above 1000', { R: 1001 }, /R = 1001 is out of range: allowed an integer from 2 to 1000/],
  ['a fractional trainSize', { trainSize: 10.5 }, /trainSize = 10.5 is out of range: allowed an integer/],
  ['an unknown β strategy', { betaStrategy: 'sqrt' }, /betaStrategy = "sqrt" is not allowed: use "inverse-sqrt-dk", "fixed", "search", "dynamic", "learned", "qk-norm" or "qk-layernorm"/],
  ['a fixed β without a value', { betaStrategy: 'fixed' }, /beta is missing: betaStrategy = "fixed" needs a value from 0.0001 to 10000/],
  ['a β with the dynamic strategy', { betaStrategy: 'dynamic', beta: 2 }, /beta is not allowed with betaStrategy = "dynamic"/],
  ['a β of 0', { betaStrategy: 'fixed', beta: 0 }, /beta = 0 is out of range: allowed a finite number from 0.0001 to 10000/],
  ['search options without the search', { searchPowers: 3 }, /searchPowers is not allowed with betaStrategy = "inverse-sqrt-dk": only "search" uses it/],
  ['probes longer than the run', { betaStrategy: 'search', epochs: 2, probeEpochs: 3 }, /probeEpochs = 3 is larger than epochs = 2/],
  ['a learning rate of 0', { lr: 0 }, /lr = 0 is out of range: allowed a number above 0 up to 1/],
  ['a NaN learning rate', { lr: NaN }, /lr = NaN is out of range/],
  ['a betaLr without learning β', { betaLr: 0.01 }, /betaLr is not allowed with betaStrategy = "inverse-sqrt-dk"/],
  ['a negative seed', { seed: -1 }, /seed = -1 is out of range: allowed an integer from 0 to 4294967295/],
  ['a misspelled option', { epoch: 3 }, /unknown option "epoch"/],
  ['a workspace too large for the page', { L: 256, dModel: 512, R: 1000, batchSize: 1024, trainSize: 2000, testSize: 100, valSize: 100 }, /batchSize = 1024 needs \d+ floats of workspace .*: allowed at most 67108864; use a smaller batchSize/],
  ['too many tokens', { L: 256, trainSize: 100000, valSize: 100000, testSize: 100000, dModel: 8, batchSize: 8 }, /\(trainSize \+ valSize \+ testSize\)·L = 76800000 is too large/],
  ['options that are not an object', 7, /options = 7 is not an object/],
];

for (const [what, options, pattern] of BAD) {
  test(`createTrainer with ${what} throws an Error naming the option and what is allowed`, () => {
    assert.throws(() => e.createTrainer(options), (error) => {
      assert.ok(error instanceof Error);
      assert.match(error.message, /^createTrainer: /);
      assert.match(error.message, pattern);
      return true;
    });
  });
}

test('describeTrainer answers createTrainer\'s info (id 0) for every β strategy and model, and holds nothing', () => {
  const beta = { fixed: { beta: 5 }, learned: { beta: 0.5, betaLr: 0.01 }, search: { searchPowers: 1, probeEpochs: 2 } };
  for (const model of ['encoder', 'attention']) {
    for (const betaStrategy of ['inverse-sqrt-dk', 'fixed', 'search', 'dynamic', 'learned', 'qk-norm', 'qk-layernorm']) {
      for (const size of [{ L: 8, heads: 2, dModel: 16 }, { L: 64 }]) {
        const options = { model, betaStrategy, ...size, ...(beta[betaStrategy] ?? {}) };
        const t = e.createTrainer(options);
        const built = t.info;
        t.delete();
        const before = e.resources();
        const described = e.describeTrainer(options);
        assert.deepEqual(e.resources(), before, `describeTrainer(${JSON.stringify(options)}) keeps no memory and no trainer`);
        assert.equal(described.id, 0);
        assert.deepEqual({ ...described, id: built.id }, built, JSON.stringify(options));
      }
    }
  }
});

for (const [what, options, pattern] of BAD) {
  test(`describeTrainer with ${what} throws createTrainer's Error under its own name`, () => {
    assert.throws(() => e.describeTrainer(options), (error) => {
      assert.ok(error instanceof Error);
      assert.match(error.message, /^describeTrainer: /);
      assert.match(error.message, pattern);
      return true;
    });
  });
}

test('bad calls on a trainer throw, and a deleted trainer refuses every call', () => {
  const t = e.createTrainer(SMALL);
  try {
    assert.throws(() => t.step(-1), /trainerStep: steps = -1 is out of range: allowed an integer from 0 to 100000/);
    assert.throws(() => t.step(1.5), /steps = 1.5 is out of range/);
    assert.throws(() => t.evaluate('validation'), /split = "validation" is not allowed: use "test", "val" or "train"/);
    assert.throws(() => t.attentionFor(128), /index = 128 is out of range: allowed an integer from 0 to 127/);
    assert.throws(() => t.attentionFor(), /index is missing: allowed an integer from 0 to 127/);
  } finally {
    t.delete();
  }
  t.delete();  // twice is fine
  assert.equal(t.deleted, true);
  assert.throws(() => t.step(1), /trainerStep: this trainer has been deleted/);
  assert.throws(() => t.evaluate(), /this trainer has been deleted/);
  assert.throws(() => t.attentionFor(0), /this trainer has been deleted/);
});

test('a deleted trainer frees its memory, and bad configurations leak nothing', () => {
  run(SMALL);  // first use: let one-time allocations happen
  const before = e.resources();
  const t = e.createTrainer({ ...SMALL, betaStrategy: 'search', searchPowers: 1, searchIterations: 1, probeEpochs: 1 });
  const during = e.resources();
  assert.equal(during.trainers, before.trainers + 1);
  assert.ok(during.heapBytes > before.heapBytes, 'a live trainer holds heap memory');
  t.step(100);
  t.evaluate();
  t.attentionFor(0);
  t.delete();
  for (let i = 0; i < 20; i++) run({ ...SMALL, epochs: 1, seed: i });
  for (let i = 0; i < 200; i++) {
    for (const [, options] of BAD) {
      try {
        e.createTrainer(options).delete();
      } catch {
        // expected
      }
    }
  }
  assert.deepEqual(e.resources(), before);
});

test('at most 16 trainers live at once', () => {
  const live = [];
  try {
    const room = 16 - e.resources().trainers;
    for (let i = 0; i < room; i++) live.push(e.createTrainer({ ...SMALL, trainSize: 64, batchSize: 64 }));
    assert.throws(() => e.createTrainer(SMALL), /16 trainers are alive: delete\(\) one before creating another/);
  } finally {
    for (const t of live) t.delete();
  }
  e.createTrainer(SMALL).delete();
});

test('speed of the default encoder run in WASM (reported, not asserted)', (t) => {
  const trainer = e.createTrainer();
  try {
    trainer.step(5);  // warm up
    const start = performance.now();
    const r = trainer.step(100);
    const seconds = (performance.now() - start) / 1000;
    const rate = 100 / seconds;
    t.diagnostic(`WASM: ${rate.toFixed(1)} steps/s (compute ${(100000 / r.computeMs).toFixed(1)} steps/s); the default ${trainer.info.totalSteps} steps ≈ ${(trainer.info.totalSteps / rate).toFixed(1)} s`);
    assert.ok(rate > 0);
  } finally {
    trainer.delete();
  }
});
