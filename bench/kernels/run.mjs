// The benchmark of the issue, in one Node process: attention forward and row softmax timed for WASM scalar, WASM
// SIMD (ours), Eigen compiled to WASM and tfjs-backend-wasm, interleaved round-robin, merged with the native
// figures of build/native/attention-bench; then the variance sweep of lesson 2 (bench/kernels/sweep.mjs: incremental against
// direct, WASM against native, against numpy). Prints a markdown report, writes build/bench/results.{json,md} and
// each part's kernels.json and sweep.json (with its run record: date, machine, load before and after).
// It reports the targets as met / not met; it asserts nothing (exit code 0 unless something fails to run).
//
//   node bench/kernels/run.mjs [--only attention|sweep] [--budget-s 150] [--min-rounds 10] [--max-rounds 60]
//                              [--native-rounds 15] [--no-native] [--sweep-dims 512,4096] [--sweep-rounds 5]
//                              [--sweep-budget-s 60] [--sweep-slow-samples 3] [--numpy-max-s 60]
//                              [--numpy-max-s-large 15] [--no-numpy]
// --only limits the run (and results.{json,md}) to one part. The numpy rows run under /usr/bin/python3 (Debian's
// python3-numpy, which build-scripts/bench installs when missing); when ASL_BENCH_NUMPY_SKIP is set, they are
// skipped with its text as the reason.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

import { ROOT, caseLabel, loadOurModules, loadTfjs } from './implementations.mjs';
import { loadEngine } from '../../web/engine.js';
import { caseKey, judgeTargets, markdown, speedup, sweepSummary } from './report.mjs';
import { parseArgs as readFlags } from '../lib/args.mjs';
import { logger, machine, runRecord, runStart } from '../lib/machine.mjs';
import { median, summarize } from '../lib/stats.mjs';
import { runSweepBench } from './sweep.mjs';

// The issue's sizes, then a per-pass profile of two attention sizes (its products alone, and the softmax of its
// n×n scores where the issue's list does not already have that size). Profile cases are not judged as targets.
const ATTENTION = [[3, 4], [64, 64], [256, 64], [512, 128], [1024, 64]].map(([n, dK]) => ({ op: 'attention', n, dK }));
const SOFTMAX = [64, 512, 2048].map((n) => ({ op: 'softmax', n }));
const PROFILE_SIZES = [[512, 128], [1024, 64]];
const PROFILE = PROFILE_SIZES.flatMap(([n, dK]) => [
  { op: 'qkt', n, dK, profile: true },
  ...(SOFTMAX.some((c) => c.n === n) ? [] : [{ op: 'softmax', n, profile: true }]),
  { op: 'wv', n, dK, profile: true },
]);
const CASES = [...ATTENTION, ...SOFTMAX, ...PROFILE];

const SAMPLE_MS = 0.5;  // a sample repeats the op until it lasts this long (sub-microsecond sizes)
const BATCH_MS = 25;  // one batch = one implementation on one case in one round, about this long

function parseArgs(argv) {
  const args = {
    budgetS: 150, minRounds: 10, maxRounds: 60, nativeRounds: 15, native: true, only: null,
    sweepDims: [512, 4096], sweepRounds: 5, sweepBudgetS: 60, sweepSlowSamples: 3, numpyMaxS: 60, numpyMaxSLarge: 15,
    numpy: process.env.ASL_BENCH_NUMPY_SKIP || true,  // or why the numpy rows are skipped
  };
  const parsed = readFlags(argv, args, {
    '--budget-s': { key: 'budgetS', type: 'number' },
    '--min-rounds': { key: 'minRounds', type: 'number' },
    '--max-rounds': { key: 'maxRounds', type: 'number' },
    '--native-rounds': { key: 'nativeRounds', type: 'number' },
    '--no-native': { set: { native: false } },
    '--only': { key: 'only', check: (v) => (v === 'attention' || v === 'sweep' ? null : 'needs "attention" or "sweep"') },
    '--sweep-dims': { key: 'sweepDims', type: 'numbers',
      check: (ds) => (ds.every((d) => Number.isInteger(d) && d >= 2 && d <= 4096) ? null
        : 'needs maxDims from 2 to 4096, comma-separated, e.g. 512,4096') },
    '--sweep-rounds': { key: 'sweepRounds', type: 'number' },
    '--sweep-budget-s': { key: 'sweepBudgetS', type: 'number' },
    '--sweep-slow-samples': { key: 'sweepSlowSamples', type: 'number' },
    '--numpy-max-s': { key: 'numpyMaxS', type: 'number' },
    '--numpy-max-s-large': { key: 'numpyMaxSLarge', type: 'number' },
    '--no-numpy': { set: { numpy: false } },
  }, 'bench/kernels/run.mjs');
  return { ...parsed, sweepSlowSamples: Math.max(1, parsed.sweepSlowSamples) };
}

const log = logger('bench');

/** Every implementation's result on a few small cases, against WASM SIMD: they must compute the same thing. */
function crossCheck(impls) {
  const checks = [];
  const simd = impls.find((i) => i.id === 'simd');
  for (const c of [ATTENTION[0], ATTENTION[1], SOFTMAX[0]]) {
    const ref = simd.output(c);
    for (const impl of impls) {
      if (impl === simd || !impl.supports(c)) continue;
      const out = impl.output(c);
      let maxAbs = 0, bad = out.length !== ref.length;
      for (let i = 0; i < ref.length && !bad; i += 1) {
        const d = Math.abs(out[i] - ref[i]);
        maxAbs = Math.max(maxAbs, d);
        bad = !(d <= 1e-5 + 1e-3 * Math.abs(ref[i]));
      }
      checks.push({ case: caseLabel(c), impl: impl.id, maxAbsDiff: maxAbs, ok: !bad });
    }
  }
  return checks;
}

/** Sizes a sample (runs per sample) and a batch (samples per batch) from a couple of short timed calls. */
function calibrate(impl, c) {
  let inner = 1, one = median(impl.run(c, { repeats: 3, inner }));
  for (let pass = 0; pass < 2 && one * inner < SAMPLE_MS; pass += 1) {
    inner = Math.min(100000, Math.ceil(SAMPLE_MS / Math.max(one, 1e-6)));
    one = median(impl.run(c, { repeats: 3, inner }));
  }
  const repeats = Math.max(1, Math.min(100, Math.round(BATCH_MS / (one * inner))));
  return { inner, repeats, estimateMs: one };
}

function runNative(args) {
  const exe = `${ROOT}build/native/attention-bench`;
  if (!existsSync(exe)) throw new Error(`${exe} is missing: run build-scripts/bench (it builds it)`);
  const argv = ['--rounds', String(args.nativeRounds), '--sample-ms', String(SAMPLE_MS), '--batch-ms', String(BATCH_MS)];
  for (const c of CASES) argv.push('--case', c.op === 'softmax' ? `softmax:${c.n}` : `${c.op}:${c.n}x${c.dK}`);
  const start = performance.now();
  const out = JSON.parse(execFileSync(exe, argv, { encoding: 'utf8', maxBuffer: 1 << 28 }));
  return { ...out, seconds: (performance.now() - start) / 1000 };
}

/** The attention and softmax part: every implementation round-robin, then native; the tables' rows and notes. */
async function runAttention(args, ours) {
  const tfjs = await loadTfjs(await loadEngine());
  const impls = [...ours, tfjs.tfjs, tfjs.tfjsNoRead, tfjs.tfjsKt];
  log(`tfjs ${tfjs.info.tfjsCore}, backend ${tfjs.info.backend}, binary ${tfjs.info.binary}, SIMD ` +
      `${tfjs.info.simdSupported}, threads ${tfjs.info.threads}`);
  log(`Eigen in WASM: SIMD in use "${ours[2].info.eigenSimd}" (Eigen ${ours[2].info.eigen} has no wasm_simd128 ` +
      'packet math); compiled with -O3 -msimd128, so clang may auto-vectorize its scalar loops');

  const checks = crossCheck(impls);
  for (const ch of checks) log(`check ${ch.case}, ${ch.impl} vs simd: max |diff| ${ch.maxAbsDiff.toExponential(2)}`);
  const failed = checks.filter((ch) => !ch.ok);
  if (failed.length) throw new Error(`implementations disagree: ${JSON.stringify(failed)}`);

  let native = null;
  if (args.native) {
    log(`native: attention-bench, ${args.nativeRounds} rounds …`);
    native = runNative(args);
    log(`native: done in ${native.seconds.toFixed(1)} s (kernels ${native.kernels}, Eigen SIMD ${native.eigenSimd})`);
  }

  log('calibrating …');
  const plan = CASES.map((c) => ({
    case: c,
    batches: impls.filter((impl) => impl.supports(c)).map((impl) => ({ impl, ...calibrate(impl, c), samples: [] })),
  }));

  // Round-robin: each round runs one batch of every implementation on every case; the order of the
  // implementations rotates from round to round so no one always runs right after the same neighbour. Round 0 is
  // a warm-up and is not recorded (V8 compiles WASM in tiers; by then every hot function has been optimized).
  const runRound = (round) => {
    for (const p of plan) {
      for (let i = 0; i < p.batches.length; i += 1) {
        const b = p.batches[(i + round) % p.batches.length];
        const ms = b.impl.run(p.case, b);
        if (round > 0) b.samples.push(...ms);
      }
    }
  };
  log('warm-up round …');
  runRound(0);
  const start = performance.now();
  let rounds = 0;
  const elapsedS = () => (performance.now() - start) / 1000;
  while (rounds < args.minRounds || (elapsedS() < args.budgetS && rounds < args.maxRounds)) {
    const roundStart = performance.now();
    runRound(rounds + 1);
    rounds += 1;
    log(`round ${rounds}: ${((performance.now() - roundStart) / 1000).toFixed(1)} s, elapsed ${elapsedS().toFixed(0)} s`);
  }
  const wasmSeconds = elapsedS();
  tfjs.dispose();

  const labels = {
    ...Object.fromEntries(impls.map((i) => [i.id, i.label])),
    native: 'native (SSE2)',
    nativeEigen: 'native Eigen',
  };
  const rows = new Map();
  for (const p of plan) {
    const stats = {};
    const samples = {};
    for (const b of p.batches) {
      stats[b.impl.id] = { ...summarize(b.samples), inner: b.inner, perBatch: b.repeats };
      samples[b.impl.id] = b.samples.map((x) => Number(x.toPrecision(6)));
    }
    for (const nc of native?.cases ?? []) {
      if (caseKey(nc) !== caseKey(p.case)) continue;
      const id = nc.impl === 'native' ? 'native' : 'nativeEigen';
      stats[id] = { ...summarize(nc.samples), inner: nc.inner, maxAbsDiffEngineEigen: nc.maxAbsDiffEngineEigen };
      samples[id] = nc.samples;
    }
    const speedups = {};
    for (const id of ['scalar', 'eigen', 'tfjs', 'tfjsNoRead', 'tfjsKt', 'native', 'nativeEigen']) {
      speedups[id] = speedup(stats.simd, stats[id]);
    }
    rows.set(caseKey(p.case), { case: p.case, label: caseLabel(p.case), stats, speedups, samples });
  }
  const targets = judgeTargets(rows);

  const info = ours[1].info;
  const env = {
    nativeCompiler: native ? `GCC ${native.compiler}` : 'not run',
    rounds,
    wasmSeconds: wasmSeconds.toFixed(0),
    nativeRounds: native?.rounds ?? 0,
    nativeSeconds: native ? native.seconds.toFixed(0) : 0,
    profileSizes: PROFILE_SIZES,
    notes: [
      'WASM scalar / WASM SIMD / Eigen-WASM: the modules\' benchmark() binding allocates the inputs in WASM memory ' +
        'once per batch (seeded asl::Rng, N(0, 1)), runs the op once untimed, then times each run with ' +
        'emscripten_get_now(); no JS array is copied while the clock runs. Sub-millisecond ops are timed as the ' +
        `mean of several back-to-back runs per sample (a sample lasts ≥ ${SAMPLE_MS} ms).`,
      `WASM SIMD: asl::attention_forward with the ${info.kernels} kernels (-O3 -msimd128). WASM scalar: the same ` +
        'engine built with ASL_FORCE_SCALAR and without -msimd128.',
      `Eigen-WASM: cpp/engine/attention_eigen.cpp (Eigen ${ours[2].info.eigen}, Map<const RowMatrixXf>, ` +
        'noalias() products, the scale folded into Q·Kᵀ, row-wise stable softmax with array ops), compiled with ' +
        `the same -O3 -msimd128. Eigen's own SIMD in use: "${ours[2].info.eigenSimd}" (no wasm_simd128 packet ` +
        'math in Eigen 3.4), so whatever is vectorized there is clang\'s auto-vectorization.',
      `tfjs-wasm: @tensorflow/tfjs-core ${tfjs.info.tfjsCore} + tfjs-backend-wasm ${tfjs.info.backendWasm}, ` +
        `backend "${tfjs.info.backend}", binary ${tfjs.info.binary} (WASM_HAS_SIMD_SUPPORT ` +
        `${tfjs.info.simdSupported}), setThreadsCount(1) → ${tfjs.info.threads} thread. Tensors created once; ` +
        'timed: tf.tidy(() => tf.matMul(tf.softmax(tf.mul(tf.matMul(q, k, false, true), scale)), v)) and ' +
        'tf.softmax(x), each followed by dataSync() and dispose(), timed in JS with performance.now(). ' +
        'Diagnostic columns: "no dataSync" (the same without reading the result back) and "Kᵀ made once" (K ' +
        'transposed once with the tensors, then matMul(q, kT) with dataSync).',
      native
        ? `native: build/native/attention-bench (preset native, -O3, GCC ${native.compiler}, kernels ` +
          `${native.kernels}, no -march flags), the same engine and Eigen code (Eigen SIMD "${native.eigenSimd}"), ` +
          'interleaved round-robin, timed with std::chrono::steady_clock.'
        : 'native: not run (--no-native).',
      'Every figure is the median over all samples of all rounds; ratios come from this one run on a shared, ' +
        'noisy 2-core machine. Before timing, each implementation\'s output was checked against WASM SIMD on ' +
        `attention (3, 4), (64, 64) and softmax 64×64: max |diff| ${Math.max(...checks.map((c) => c.maxAbsDiff)).toExponential(1)}.`,
    ],
  };

  return { env, rows, targets, labels, checks, tfjs: tfjs.info,
    native: native && { kernels: native.kernels, eigenSimd: native.eigenSimd, compiler: native.compiler } };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const kernelsStart = runStart('kernels');
  const ours = await loadOurModules();
  const attention = args.only === 'sweep' ? null : await runAttention(args, ours);
  const kernelsRun = attention && runRecord(kernelsStart);
  let sweep = null, sweepRun = null;
  if (args.only !== 'attention') {
    log(`variance sweep: maxDim ${args.sweepDims.join(', ')}, ${args.sweepRounds} rounds …`);
    const sweepStart = runStart('sweep');
    sweep = await runSweepBench(ours, args, log);
    sweepRun = runRecord(sweepStart);
  }

  const info = ours[1].info;
  const sweepNative = sweep?.rows.find((r) => r.where === 'native')?.info;
  const env = {
    date: new Date().toISOString(),
    cpu: machine().cpu,
    nproc: machine().cores,
    loadStart: (kernelsRun ?? sweepRun).loadBefore.join(' '),
    loadEnd: (sweepRun ?? kernelsRun).loadAfter.join(' '),
    node: process.version,
    emscripten: info.emscripten,
    compiler: info.compiler,
    only: args.only,
    ...(attention?.env ?? { nativeCompiler: sweepNative ? `GCC ${sweepNative.compiler}` : 'not run' }),
  };

  const md = markdown({ env, rows: attention?.rows, targets: attention?.targets, labels: attention?.labels, sweep });
  const outDir = `${ROOT}build/bench`;
  mkdirSync(outDir, { recursive: true });
  const modules = Object.fromEntries(ours.map((m) => [m.id, m.info]));
  const kernels = attention && { run: kernelsRun, env, modules, tfjs: attention.tfjs, checks: attention.checks,
    targets: attention.targets, native: attention.native, rows: [...attention.rows.values()] };
  const sweepPart = sweep && { run: sweepRun, env, modules, sweep: { ...sweep, summary: summarizeSweep(sweep) } };
  const written = ['results'];
  writeFileSync(`${outDir}/results.json`, `${JSON.stringify({ ...kernels, ...sweepPart, run: undefined }, null, 1)}\n`);
  writeFileSync(`${outDir}/results.md`, md);
  // One file per part as well, for docs/benchmarks.md (bench/lib/benchmarks-page.mjs), which keeps each part's last run.
  if (kernels) writeFileSync(`${outDir}/kernels.json`, `${JSON.stringify(kernels, null, 1)}\n`), written.push('kernels');
  if (sweepPart) writeFileSync(`${outDir}/sweep.json`, `${JSON.stringify(sweepPart, null, 1)}\n`), written.push('sweep');
  process.stdout.write(`${md}\nWritten: ${written.map((w) => `build/bench/${w}.json`).join(', ')}, build/bench/results.md\n`);
}

/** The sweep's ratios and page-budget verdict, as plain data for results.json. */
function summarizeSweep(sweep) {
  const { ratios, budget } = sweepSummary(sweep);
  return { ratios: ratios.map(({ label, a, b, byDim }) => ({ label, a, b, byDim })), budget };
}

main().catch((error) => {
  process.stderr.write(`[bench] ${error.stack ?? error}\n`);
  process.exit(1);
});
