// The variance sweep part of the benchmark (lesson 2: mean and variance of all pairwise dot products of 100 random
// vectors, uniform [0, 1), seed 1, for every d = 1 … maxDim). Times, interleaved round-robin:
//   - the engine's incremental sweep (one Gram rank-1 update per d) in WASM SIMD and WASM scalar, timed inside WASM
//     by the benchmarkSweep binding (emscripten_get_now), and the public call engine.varianceSweep() end to end
//     from JS (web/engine.js, performance.now(), results copied out: what the page pays per call);
//   - a direct sweep (every pair's dot product recomputed at every d with the dot kernel; cpp/bench/sweep_case.h)
//     in WASM SIMD and WASM scalar;
//   - native incremental and direct (build/native/attention-bench --sweep, a child process per batch);
//   - numpy (bench/kernels/sweep_numpy.py under Debian's /usr/bin/python3): the source's double loop of np.dot per pair and
//     a vectorised Gram product per d, both on the engine's own vectors.
// Every implementation's variances are checked against the WASM SIMD incremental sweep before they are reported.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

import { ROOT, unwrap } from './implementations.mjs';
import { summarize } from '../lib/stats.mjs';


export const SWEEP = { vectors: 100, distribution: 'uniform', seed: 1 };
export const PYTHON = '/usr/bin/python3';
const BATCH_MS = 100;  // a batch of a fast implementation repeats its sweep until it lasts about this long
const SLOW_MS = 1500;  // one run longer than this: its first run counts, then at most --sweep-slow-samples samples
const SLOW_BUDGET_MS = 12000;  // … and no more than fit in this time (but at least two runs)
const MAX_RUN_MS = 15000;  // one run predicted longer than this (from the smaller maxDim): not run at all
// Tolerances of the cross-check, relative to the variance at each d. float64 against float64 (other summation
// orders): 1e-9. The direct sweeps sum float32 dot products: float32 rounding, 1e-4.
const TOL_F64 = 1e-9;
const TOL_F32 = 1e-4;

// The work of one sweep, for predicting one maxDim's time from another's: Gram entries updated (incremental) or
// multiply-adds of all dot products (direct, numpy).
const work = (kind, maxDim, n) => (kind === 'incremental' ? (n * (n + 1)) / 2 * maxDim
  : (n * (n - 1)) / 2 * maxDim * (maxDim + 1) / 2);

// benchmarkSweep(method, maxDim, vectors, normal, seed, repeats, warmup, output), cpp/bindings/benchmark.cpp
const sweepCall = (core, method, maxDim, repeats, warmup, output) => core.benchmarkSweep(method, maxDim, SWEEP.vectors,
  SWEEP.distribution === 'normal', SWEEP.seed, repeats, warmup, output);

/** Largest |a − b| and largest |a − b| / |b| over d (b the reference). */
function compare(got, want) {
  let maxAbs = 0, maxRel = 0, worstD = 0;
  if (got.length !== want.length) return { maxAbs: Infinity, maxRel: Infinity, worstD: 0 };
  for (let i = 0; i < want.length; i += 1) {
    const diff = Math.abs(got[i] - want[i]);
    const rel = diff / Math.max(Math.abs(want[i]), Number.MIN_VALUE);
    if (!(diff <= maxAbs)) maxAbs = diff;
    if (!(rel <= maxRel)) maxRel = rel, worstD = i + 1;
  }
  return { maxAbs, maxRel, worstD };
}

/** A module's benchmarkSweep binding: one method, timed inside WASM. */
function wasmRunner(core, moduleId, moduleLabel, method) {
  return {
    id: `${moduleId}:${method}`,
    label: `${moduleLabel}, ${method}`,
    kind: method,
    where: 'wasm',
    run(maxDim, repeats, warmup) {
      const ms = unwrap('benchmarkSweep', sweepCall(core, method, maxDim, repeats, warmup, false));
      return { samples: Array.from(ms) };
    },
    output(maxDim) {
      return unwrap('benchmarkSweep', sweepCall(core, method, maxDim, 1, 0, true));
    },
  };
}

/** The page's call, engine.varianceSweep(), timed from JS around the call (results copied out of WASM included). */
function apiRunner(engine) {
  const call = (maxDim) => engine.varianceSweep({ maxDim, ...SWEEP, scaled: false });
  return {
    id: 'simd:api',
    label: 'WASM SIMD, incremental: engine.varianceSweep() from JS',
    kind: 'incremental',
    where: 'wasm',
    run(maxDim, repeats, warmup) {
      for (let i = 0; i < warmup; i += 1) call(maxDim);
      const samples = [], computeMs = [];
      for (let r = 0; r < repeats; r += 1) {
        const start = performance.now();
        const result = call(maxDim);
        samples.push(performance.now() - start);
        computeMs.push(result.computeMs);
      }
      return { samples, computeMs };
    },
    output: (maxDim) => call(maxDim),
  };
}

/** build/native/attention-bench --sweep: one child process per batch; times with std::chrono inside. */
function nativeRunner(method) {
  const exe = `${ROOT}build/native/attention-bench`;
  let last = null;
  const exec = (maxDim, repeats, warmup) => {
    const out = JSON.parse(execFileSync(exe, ['--sweep', `${maxDim}x${SWEEP.vectors}`, '--method', method,
      '--repeats', String(repeats), '--warmup', String(warmup), '--distribution', SWEEP.distribution,
      '--seed', String(SWEEP.seed), '--output', '1'], { encoding: 'utf8', maxBuffer: 1 << 26 }));
    last = { ...last, [maxDim]: out };
    return out;
  };
  return {
    id: `native:${method}`,
    label: `native (SSE2), ${method}`,
    kind: method,
    where: 'native',
    run(maxDim, repeats, warmup) {
      const out = exec(maxDim, repeats, warmup);
      return { samples: out.samples, info: { kernels: out.kernels, compiler: out.compiler } };
    },
    // The result of the last timed run at this maxDim (its output comes with every run), else one run.
    output: (maxDim) => last?.[maxDim] ?? exec(maxDim, 1, 0),
  };
}

/** bench/kernels/sweep_numpy.py under /usr/bin/python3; one child process per batch; times with perf_counter inside. */
function numpyRunner(style, entriesFile, maxSFor) {
  let last = null;
  const exec = (maxDim, repeats, extra = []) => {
    const out = JSON.parse(execFileSync(PYTHON, [`${ROOT}bench/kernels/sweep_numpy.py`, '--entries', entriesFile,
      '--vectors', String(SWEEP.vectors), '--max-dim', String(maxDim), '--style', style, '--repeats', String(repeats),
      '--max-s', String(maxSFor(maxDim)), '--output', '1', ...extra], {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
      // One BLAS thread, like every other implementation here (Debian's reference libblas has none anyway).
      env: { ...process.env, OPENBLAS_NUM_THREADS: '1', OMP_NUM_THREADS: '1' },
    }));
    last = { ...last, [maxDim]: out };
    return out;
  };
  return {
    id: `numpy:${style}`,
    label: style === 'loop' ? 'numpy, source loop (np.dot per pair, np.var per d)'
      : 'numpy, vectorised (X[:, :d] @ X[:, :d].T per d)',
    kind: 'direct',
    where: 'numpy',
    run(maxDim, repeats, _warmup, { drawCost = false } = {}) {
      const out = exec(maxDim, repeats, drawCost ? ['--draw-cost', '1'] : []);
      return {
        samples: out.samples,
        extrapolated: out.extrapolated,
        maxS: out.maxS,
        estimate: out.estimate,
        drawMs: out.drawMs,
        info: { python: out.python, executable: out.executable, numpy: out.numpy, blas: out.blas },
      };
    },
    output: (maxDim) => last?.[maxDim] ?? exec(maxDim, 1),
  };
}

/** Checks whether Debian's numpy is usable; answers null or why not. */
export function numpyProblem() {
  if (!existsSync(PYTHON)) return `${PYTHON} is missing`;
  try {
    execFileSync(PYTHON, ['-c', 'import numpy'], { stdio: ['ignore', 'ignore', 'pipe'] });
    return null;
  } catch (error) {
    return `${PYTHON} cannot import numpy (${String(error.stderr ?? error.message).trim().split('\n').pop()})`;
  }
}

/**
 * Runs the sweep benchmark. `ours` are the loaded modules of implementations.mjs (scalar, simd); `args` holds
 * sweepDims, sweepRounds, sweepBudgetS, sweepSlowSamples, numpyMaxS, numpyMaxSLarge, native, numpy (true, or false
 * or a reason string when skipped).
 */
export async function runSweepBench(ours, args, log) {
  const simd = ours.find((m) => m.id === 'simd'), scalar = ours.find((m) => m.id === 'scalar');
  const { loadEngine } = await import('../../web/engine.js');
  const engine = await loadEngine();
  const dims = [...args.sweepDims].sort((a, b) => a - b);

  const runners = [
    wasmRunner(simd.core, 'simd', 'WASM SIMD', 'incremental'),
    apiRunner(engine),
    wasmRunner(scalar.core, 'scalar', 'WASM scalar', 'incremental'),
    wasmRunner(simd.core, 'simd', 'WASM SIMD', 'direct'),
    wasmRunner(scalar.core, 'scalar', 'WASM scalar', 'direct'),
  ];
  if (args.native) runners.push(nativeRunner('incremental'), nativeRunner('direct'));
  let numpyNote = null;
  if (args.numpy === true) {
    numpyNote = numpyProblem();
    if (numpyNote) log(`numpy rows skipped: ${numpyNote}`);
  } else {
    numpyNote = args.numpy || '--no-numpy was given';
    log(`numpy rows skipped: ${numpyNote}`);
  }
  let entriesFile = null;
  if (!numpyNote) {
    // The engine's own vectors for the largest maxDim (smaller ones are their first columns), for numpy to read.
    const maxDim = dims[dims.length - 1];
    const { entries } = engine.varianceSweep({ maxDim, ...SWEEP, entries: true });
    mkdirSync(`${ROOT}build/bench`, { recursive: true });
    entriesFile = `${ROOT}build/bench/sweep-entries-${SWEEP.vectors}x${maxDim}.f32`;
    writeFileSync(entriesFile, new Uint8Array(entries.buffer, entries.byteOffset, entries.byteLength));
    // A full numpy sweep is run when predicted to take at most --numpy-max-s at the default maxDim (512) and below,
    // --numpy-max-s-large above it (the 4096 sweep, to keep the benchmark short); otherwise it is extrapolated.
    const maxSFor = (maxDim) => (maxDim <= 512 ? args.numpyMaxS : args.numpyMaxSLarge);
    runners.push(numpyRunner('loop', entriesFile, maxSFor), numpyRunner('vectorised', entriesFile, maxSFor));
  }
  const ref = runners[0];

  // One plan entry per (maxDim, runner): its estimate, batch size, sample cap and samples.
  const plan = [];
  const skipped = [];
  const estimates = new Map();  // runner id → { maxDim, ms } of the previous maxDim, to predict the next one
  const checks = [];
  for (const maxDim of dims) {
    const want = ref.output(maxDim);
    for (const runner of runners) {
      const previous = estimates.get(runner.id);
      if (previous && runner.where !== 'numpy') {  // numpy predicts and extrapolates for itself
        const predicted = previous.ms * work(runner.kind, maxDim, SWEEP.vectors) /
          work(runner.kind, previous.maxDim, SWEEP.vectors);
        if (predicted > MAX_RUN_MS) {
          skipped.push({ maxDim, id: runner.id, label: runner.label, predictedMs: predicted });
          log(`sweep ${maxDim}: ${runner.label} not run (one run ≈ ${(predicted / 1000).toFixed(0)} s, predicted ` +
            `from maxDim ${previous.maxDim} by the work ratio)`);
          continue;
        }
      }
      // Calibration: one run after one untimed warm-up at the first maxDim (V8 tiers up WASM code while it runs);
      // at larger maxDims the code has already run, so no warm-up.
      // Runs under a second are timed twice more, and the fastest of the three is the estimate: on a shared machine
      // the minimum is the steadiest guess of what a run costs (it decides batch sizes and what is run at all).
      const first = runner.run(maxDim, 1, maxDim === dims[0] ? 1 : 0, { drawCost: maxDim === dims[0] });
      const more = first.samples[0] < 1000 ? runner.run(maxDim, 2, 0).samples : [];
      const estimateMs = Math.min(first.samples[0], ...more);
      estimates.set(runner.id, { maxDim, ms: estimateMs });
      const slow = estimateMs > SLOW_MS;
      const entry = {
        maxDim, runner, estimateMs, slow,
        repeats: slow ? 1 : Math.max(1, Math.min(200, Math.round(BATCH_MS / Math.max(estimateMs, 1e-3)))),
        // (An extrapolated numpy figure costs only its subset of dims, so it gets all its samples. Past the first
        // maxDim a slow run is made once: the 4096 direct sweeps take seconds each and the ratio needs no more.)
        cap: !slow ? Infinity : first.extrapolated ? args.sweepSlowSamples : maxDim !== dims[0] ? 1
          : Math.min(args.sweepSlowSamples, Math.max(2, Math.floor(SLOW_BUDGET_MS / estimateMs))),
        samples: slow ? [...first.samples] : [],  // a slow runner's first run counts (see above)
        computeMs: [],
        overheadMs: [],  // API calls: time from JS − computeMs of the same call
        extra: first,
      };
      plan.push(entry);
      // Check this runner's variances (and means, where it has them) against the WASM SIMD incremental sweep,
      // where that costs nothing extra: always at the first maxDim, and for runs that bring their output along.
      const free = runner.where === 'native' || runner.where === 'numpy' || runner.kind === 'incremental';
      if (runner !== ref && (maxDim === dims[0] || free) && !first.extrapolated) {
        const got = runner.output(maxDim);
        const tol = runner.kind === 'direct' && runner.where !== 'numpy' ? TOL_F32 : TOL_F64;
        const v = compare(got.variance, want.variance);
        const m = got.mean ? compare(got.mean, want.mean) : null;
        const ok = v.maxRel <= tol && (!m || m.maxRel <= tol);
        checks.push({ maxDim, id: runner.id, label: runner.label, variance: v, mean: m, tolerance: tol, ok });
        log(`check sweep ${maxDim}, ${runner.label} vs WASM SIMD incremental: variance max |diff| ` +
          `${v.maxAbs.toExponential(2)}, max relative ${v.maxRel.toExponential(2)}` +
          `${v.maxRel > 0 ? ` (at d = ${v.worstD})` : ''}` +
          (m ? `; mean max relative ${m.maxRel.toExponential(2)}` : '') + `${ok ? '' : ' — TOO LARGE'}`);
      }
      log(`sweep ${maxDim}: ${runner.label}: first run ${estimateMs.toFixed(estimateMs < 10 ? 3 : 1)} ms` +
        (first.extrapolated ? ' (extrapolated)' : ''));
    }
  }
  const bad = checks.filter((c) => !c.ok);
  if (bad.length) throw new Error(`sweep implementations disagree: ${JSON.stringify(bad)}`);

  // Round-robin: each round runs one batch of every runner still below its cap, maxDim by maxDim, the order of the
  // runners rotating from round to round.
  const start = performance.now();
  let rounds = 0;
  for (let round = 0; round < args.sweepRounds; round += 1) {
    if (round >= 2 && (performance.now() - start) / 1000 > args.sweepBudgetS) {
      log(`sweep: time budget of ${args.sweepBudgetS} s used up after ${round} rounds`);
      break;
    }
    const roundStart = performance.now();
    for (const maxDim of dims) {
      const entries = plan.filter((p) => p.maxDim === maxDim);
      for (let i = 0; i < entries.length; i += 1) {
        const p = entries[(i + round) % entries.length];
        if (p.samples.length >= p.cap) continue;
        const out = p.runner.run(maxDim, p.repeats, 1);
        p.samples.push(...out.samples);
        if (out.computeMs) {
          p.computeMs.push(...out.computeMs);
          p.overheadMs.push(...out.samples.map((ms, k) => ms - out.computeMs[k]));
        }
      }
    }
    rounds += 1;
    log(`sweep round ${round + 1}: ${((performance.now() - roundStart) / 1000).toFixed(1)} s`);
  }
  const seconds = (performance.now() - start) / 1000;

  const rows = plan.map((p) => ({
    maxDim: p.maxDim,
    id: p.runner.id,
    label: p.runner.label,
    kind: p.runner.kind,
    where: p.runner.where,
    stats: summarize(p.samples),
    samples: p.samples.map((x) => Number(x.toPrecision(6))),
    perBatch: p.repeats,
    extrapolated: Boolean(p.extra.extrapolated),
    maxS: p.extra.maxS,
    estimate: p.extra.estimate,
    drawMs: p.extra.drawMs,
    info: p.extra.info,
    computeMs: p.computeMs.length ? summarize(p.computeMs) : undefined,
    overheadMs: p.overheadMs.length ? summarize(p.overheadMs) : undefined,
  }));
  return { rows, skipped, checks, dims, rounds, seconds, numpyNote, entriesFile,
    vectors: SWEEP.vectors, distribution: SWEEP.distribution, seed: SWEEP.seed,
    limits: { batchMs: BATCH_MS, slowMs: SLOW_MS, slowBudgetMs: SLOW_BUDGET_MS, maxRunMs: MAX_RUN_MS,
      slowSamples: args.sweepSlowSamples, rounds: args.sweepRounds, budgetS: args.sweepBudgetS,
      numpyMaxS: args.numpyMaxS, numpyMaxSLarge: args.numpyMaxSLarge, tolF64: TOL_F64, tolF32: TOL_F32 } };
}
