// Turns samples into figures: medians and quartiles, the speed-ups of our WASM SIMD engine over each other
// implementation, the issue's targets, and the markdown report. Pure functions of the numbers; no timing here.

/**
 * How many times faster WASM SIMD is than `other`: t_other / t_SIMD from the medians (above 1: ours is faster),
 * with a rough spread from the quartiles, [other.p25 / simd.p75, other.p75 / simd.p25].
 */
export function speedup(simd, other) {
  if (!simd || !other) return null;
  return { ratio: other.median / simd.median, low: other.p25 / simd.p75, high: other.p75 / simd.p25 };
}

export const caseKey = (c) => (c.op === 'softmax' ? `softmax:${c.n}` : `${c.op}:${c.n}x${c.dK}`);

const fmtMs = (x) => (x == null ? '–' : x >= 100 ? x.toFixed(1) : x.toPrecision(3));
const fmtX = (s) => (s == null ? '–' : `${s.ratio >= 10 ? s.ratio.toFixed(1) : s.ratio.toFixed(2)}×`);
const fmtRange = (s) => `${fmtX(s)} (quartile range ${s.low.toFixed(2)}–${s.high.toFixed(2)})`;
const table = (head, body, numeric = true) => [
  `| ${head.join(' | ')} |`,
  `|${head.map((_, i) => (i === 0 || !numeric ? '---' : '---:')).join('|')}|`,
  ...body.map((cells) => `| ${cells.join(' | ')} |`),
];

/**
 * The issue's targets, judged on the medians: WASM SIMD ≥ 5× WASM scalar and ≥ 1.5× Eigen-WASM on attention
 * (512, 128); faster than tfjs-backend-wasm at every attention and softmax size of the issue.
 */
export function judgeTargets(rows) {
  const targets = [];
  const key = rows.get('attention:512x128');
  if (key) {
    const s = key.speedups.scalar, e = key.speedups.eigen;
    targets.push({ target: 'WASM SIMD ≥ 5× WASM scalar, attention (512, 128)', value: fmtRange(s), met: s.ratio >= 5 });
    targets.push({
      target: 'WASM SIMD ≥ 1.5× Eigen-in-WASM, attention (512, 128)', value: fmtRange(e), met: e.ratio >= 1.5,
    });
  }
  const sized = [...rows.values()].filter((r) => !r.case.profile);
  const slower = sized.filter((r) => !(r.speedups.tfjs?.ratio > 1));
  targets.push({
    target: 'WASM SIMD faster than tfjs-backend-wasm at every size',
    value: sized.map((r) => `${r.label}: ${fmtX(r.speedups.tfjs)}`).join('; '),
    met: sized.length > 0 && slower.length === 0,
    notMetAt: slower.map((r) => r.label),
  });
  return targets;
}

/** The whole report: the machine header, then the attention tables and the variance sweep, whichever ran. */
export function markdown({ env, rows, targets, labels, sweep }) {
  const L = [];
  L.push(`# Attention Scale Lab benchmark, ${env.date}`, '');
  L.push(`Machine: ${env.cpu}, nproc ${env.nproc}, load average ${env.loadStart} at start and ${env.loadEnd} at ` +
    `the end (other work shares this machine). Node ${env.node}, Emscripten ${env.emscripten} (${env.compiler}), ` +
    `native ${env.nativeCompiler}.` + (rows ? ` Attention and softmax: ${env.rounds} round-robin rounds in one Node ` +
    `process (${env.wasmSeconds} s); native: ${env.nativeRounds} rounds in a child process (${env.nativeSeconds} s). ` +
    'The WASM rounds were preceded by an unrecorded warm-up round.' : '') +
    (env.only ? ` Only part of the benchmark was run (--only ${env.only}).` : ''), '');
  if (rows) L.push(...attentionMarkdown({ env, rows, targets, labels }));
  if (sweep) L.push(...sweepMarkdown(sweep));
  return L.join('\n');
}

function attentionMarkdown({ env, rows, targets, labels }) {
  const L = [];
  const main = [...rows.values()].filter((r) => !r.case.profile);
  const ms = (r, id) => fmtMs(r?.stats[id]?.median);

  L.push('Median milliseconds per run. Attention: one head, n_q = n_k = n, d_v = d_k, scale 1/√d_k, no mask, shown ' +
    'as (n, d_k). Softmax: each row of an n×n matrix. "SIMD vs X" = median time of X / median time of WASM SIMD: ' +
    'above 1 means our WASM SIMD engine is faster.', '');
  const mainIds = ['scalar', 'simd', 'eigen', 'tfjs', 'native'];
  L.push(...table(
    ['case', ...mainIds.map((id) => labels[id]), 'SIMD vs scalar', 'SIMD vs Eigen-WASM', 'SIMD vs tfjs', 'SIMD vs native'],
    main.map((r) => [r.label, ...mainIds.map((id) => ms(r, id)), fmtX(r.speedups.scalar), fmtX(r.speedups.eigen),
      fmtX(r.speedups.tfjs), fmtX(r.speedups.native)]),
  ), '');

  L.push(...table(['target', 'result', 'met?'], targets.map((t) => [t.target, t.value,
    t.met ? 'met' : `not met${t.notMetAt?.length ? ` (${t.notMetAt.join(', ')})` : ''}`]), false));
  L.push('');

  L.push('Per-pass profile (median ms): attention\'s two products and its softmax timed alone; "attention" is the ' +
    'whole forward pass (for the engine it also holds the scale pass, for Eigen the scale is folded into Q·Kᵀ).', '');
  const profileIds = ['scalar', 'simd', 'eigen', 'tfjs', 'tfjsKt', 'native'];
  const body = [];
  for (const [n, dK] of env.profileSizes) {
    const parts = [rows.get(`qkt:${n}x${dK}`), rows.get(`softmax:${n}`), rows.get(`wv:${n}x${dK}`)];
    const whole = rows.get(`attention:${n}x${dK}`);
    const simdTotal = whole?.stats.simd?.median;
    for (const r of parts) {
      const share = simdTotal && r?.stats.simd ? ` (${Math.round((100 * r.stats.simd.median) / simdTotal)} %)` : '';
      body.push([`(${n}, ${dK}) ${r.label.replace(/ \(.*\)$/, '')}`, ...profileIds.map((id) => ms(r, id) + (id === 'simd' ? share : ''))]);
    }
    body.push([`(${n}, ${dK}) sum of the three`, ...profileIds.map((id) => {
      const xs = parts.map((r) => r?.stats[id]?.median);
      return xs.every((x) => x != null) ? fmtMs(xs.reduce((a, b) => a + b, 0)) : '–';
    })]);
    body.push([`(${n}, ${dK}) attention`, ...profileIds.map((id) => ms(whole, id))]);
  }
  L.push(...table(['pass', ...profileIds.map((id) => labels[id])], body), '');

  L.push('Diagnostics (median ms), not used for the targets: tfjs without reading the result back, tfjs with K ' +
    'transposed once outside the timed op (matMul(q, kT) instead of matMul(q, k, false, true)), and native Eigen.', '');
  const diagIds = ['tfjsNoRead', 'tfjsKt', 'nativeEigen'];
  L.push(...table(
    ['case', ...diagIds.map((id) => labels[id]), 'SIMD vs tfjs, no dataSync', 'SIMD vs tfjs, Kᵀ made once',
      'native vs native Eigen'],
    main.map((r) => [r.label, ...diagIds.map((id) => ms(r, id)), fmtX(r.speedups.tfjsNoRead), fmtX(r.speedups.tfjsKt),
      fmtX(speedup(r.stats.native, r.stats.nativeEigen))]),
  ), '');

  L.push('How each figure is taken:');
  for (const note of env.notes) L.push(`- ${note}`);
  L.push('');
  return L;
}

// --- The variance sweep (bench/kernels/sweep.mjs) ------------------------------------------------------------------------

const SWEEP_ORDER = ['simd:incremental', 'simd:api', 'scalar:incremental', 'native:incremental', 'simd:direct',
  'scalar:direct', 'native:direct', 'numpy:vectorised', 'numpy:loop'];

/** "A vs B" = median time of B / median time of A, "≈" when either is extrapolated; null when one is missing. */
function sweepRatio(a, b) {
  if (!a || !b) return null;
  return { ratio: b.stats.median / a.stats.median, approx: a.extrapolated || b.extrapolated };
}
const fmtSweepX = (s) => (s == null ? '–' : `${s.approx ? '≈ ' : ''}${s.ratio >= 100 ? s.ratio.toFixed(0)
  : s.ratio >= 10 ? s.ratio.toFixed(1) : s.ratio.toFixed(2)}×`);
const fmtSweepMs = (row) => (row == null ? '–' : row.extrapolated ? `≈ ${fmtMs(row.stats.median)} (extrapolated)`
  : fmtMs(row.stats.median));

/** The sweep's figures by maxDim and implementation id, and the ratios the report prints. */
export function sweepSummary(sweep) {
  const at = (maxDim, id) => sweep.rows.find((r) => r.maxDim === maxDim && r.id === id) ?? null;
  const ratios = [
    ['incremental vs direct, WASM SIMD', 'simd:incremental', 'simd:direct'],
    ['incremental vs direct, WASM scalar', 'scalar:incremental', 'scalar:direct'],
    ['incremental vs direct, native', 'native:incremental', 'native:direct'],
    ['WASM SIMD incremental vs numpy source loop', 'simd:incremental', 'numpy:loop'],
    ['WASM SIMD incremental vs numpy vectorised', 'simd:incremental', 'numpy:vectorised'],
    ['WASM SIMD direct vs numpy vectorised (same algorithm)', 'simd:direct', 'numpy:vectorised'],
    ['numpy vectorised vs numpy source loop', 'numpy:vectorised', 'numpy:loop'],
    ['native vs WASM SIMD, incremental', 'native:incremental', 'simd:incremental'],
    ['native vs WASM SIMD, direct', 'native:direct', 'simd:direct'],
    ['WASM SIMD vs WASM scalar, incremental', 'simd:incremental', 'scalar:incremental'],
    ['WASM SIMD vs WASM scalar, direct', 'simd:direct', 'scalar:direct'],
  ].map(([label, a, b]) => ({ label, a, b,
    byDim: Object.fromEntries(sweep.dims.map((d) => [d, sweepRatio(at(d, a), at(d, b))])) }));
  const api = at(512, 'simd:api');  // the page's default sweep
  const budget = api && { maxDim: 512, medianMs: api.stats.median, p75Ms: api.stats.p75, met: api.stats.median <= 16 };
  return { at, ratios, budget };
}

export function sweepMarkdown(sweep) {
  const L = [];
  const { at, ratios, budget } = sweepSummary(sweep);
  const pairs = (sweep.vectors * (sweep.vectors - 1)) / 2;
  L.push('## Variance sweep', '');
  L.push(`Lesson 2's sweep: mean and population variance of all ${pairs} pairwise dot products of ${sweep.vectors} ` +
    `random vectors (${sweep.distribution === 'uniform' ? 'uniform [0, 1)' : sweep.distribution}, seed ` +
    `${sweep.seed}) for every d = 1 … maxDim; one figure = one whole sweep. ${sweep.rounds} round-robin rounds ` +
    `(${sweep.seconds.toFixed(0)} s; at most ${sweep.limits.rounds}, fewer once ${sweep.limits.budgetS} s have ` +
    'passed) after a calibration run of each implementation. Median milliseconds; ' +
    '"× SIMD incr." = median time / median time of WASM SIMD incremental (above 1: slower than the engine).', '');
  const ids = SWEEP_ORDER.filter((id) => sweep.dims.some((d) => at(d, id)));
  L.push(...table(
    ['implementation', ...sweep.dims.flatMap((d) => [`maxDim ${d}: ms`, `${d}: × SIMD incr.`, `${d}: samples`])],
    ids.map((id) => {
      const label = sweep.dims.map((d) => at(d, id)).find(Boolean).label;
      return [label, ...sweep.dims.flatMap((d) => {
        const row = at(d, id);
        const skip = sweep.skipped.find((s) => s.maxDim === d && s.id === id);
        if (!row) return [skip ? `not run (≈ ${(skip.predictedMs / 1000).toFixed(0)} s per run)` : '–', '–', '–'];
        return [fmtSweepMs(row), fmtSweepX(sweepRatio(at(d, 'simd:incremental'), row)),
          row.extrapolated ? `${row.stats.samples} est.` : String(row.stats.samples)];
      })];
    }),
  ), '');
  L.push('Ratios: "A vs B" = median time of B / median time of A (above 1: A is faster); "≈" where a numpy time is ' +
    'extrapolated.', '');
  L.push(...table(['ratio', ...sweep.dims.map((d) => `maxDim ${d}`)],
    ratios.filter((r) => sweep.dims.some((d) => r.byDim[d]))
      .map((r) => [r.label, ...sweep.dims.map((d) => fmtSweepX(r.byDim[d]))])), '');
  if (sweep.dims.some((d) => at(d, 'simd:api'))) {
    const calls = sweep.dims.map((d) => at(d, 'simd:api')).filter(Boolean).map((api) => `maxDim ${api.maxDim}: ` +
      `${fmtMs(api.stats.median)} ms (75th percentile ${fmtMs(api.stats.p75)} ms), of which ` +
      `${fmtMs(api.computeMs?.median)} ms inside the engine's loop (the call's computeMs) and ` +
      `${fmtMs(api.overheadMs?.median)} ms in the binding and JS (median of the difference, call by call)`);
    L.push(`Page budget: engine.varianceSweep() from JS, per call, ${calls.join('; ')}.` + (budget ? ' The ' +
      `default sweep (maxDim 512, ${sweep.vectors} vectors) is ${budget.met ? 'within' : 'NOT within'} one 16 ms ` +
      'frame (median).' : '') + ' The page makes this call twice when a sweep control changes (unscaled, then ' +
      'scaled).', '');
  }

  L.push('How the sweep figures are taken:');
  const lim = sweep.limits;
  L.push('- WASM SIMD / WASM scalar, incremental: the engine\'s asl::variance_sweep (one float64 Gram matrix, one ' +
    'kern::gram_rank1_upper per d; the columns are drawn inside the loop), timed inside WASM by the ' +
    'benchmarkSweep() binding with emscripten_get_now(), no JS array copied while the clock runs. WASM scalar: ' +
    'the same engine built with ASL_FORCE_SCALAR and without -msimd128.');
  L.push('- engine.varianceSweep() from JS: the page\'s call through web/engine.js, timed with performance.now() ' +
    'around it, so it includes the option checks, the per-d predictions, and copying every result array out of ' +
    'WASM memory (the same module build as WASM SIMD, a separate instance).');
  L.push('- direct: cpp/bench/sweep_case.h, benchmark-only: the same vectors drawn first, then at every d all ' +
    `${pairs} dot products of the first d entries recomputed from scratch with the engine's kern::dot (float32 ` +
    'accumulation), their mean and variance in float64 (asl::moments).');
  L.push('- native: build/native/attention-bench --sweep (the same C++, SSE2 kernels, std::chrono), one child ' +
    'process per batch so it interleaves with the rest.');
  if (sweep.numpyNote) {
    L.push(`- numpy: not run: ${sweep.numpyNote}.`);
  } else {
    const np = sweep.rows.find((r) => r.where === 'numpy')?.info;
    L.push(`- numpy: bench/kernels/sweep_numpy.py under ${np?.executable} (Python ${np?.python}, numpy ${np?.numpy}, BLAS ` +
      `${np?.blas?.join(', ') || 'unknown'}, OPENBLAS_NUM_THREADS = OMP_NUM_THREADS = 1), timed with ` +
      'time.perf_counter() inside the script, one child process per batch, on the engine\'s own vectors (float32 ' +
      'widened to float64). Source loop: the blog post\'s calculate() (shared/seeds/000): a Python double loop of ' +
      'np.dot per pair into a list, np.array, np.var, for each d. Vectorised: (X[:, :d] @ X[:, :d].T)[upper ' +
      'triangle], mean and var, for each d.');
    const loop = at(sweep.dims[0], 'numpy:loop');
    if (loop?.drawMs != null) {
      L.push(`- The source draws np.random.rand(${sweep.vectors}, d) afresh at every d; here every implementation ` +
        `reads the same vectors. Drawing them as the source does would add ${fmtMs(loop.drawMs)} ms to the numpy ` +
        `loop at maxDim ${sweep.dims[0]}.`);
    }
    for (const row of sweep.rows.filter((r) => r.where === 'numpy' && r.estimate)) {
      const e = row.estimate;
      const model = `t(d) ≈ ${e.a.toFixed(3)} ms ${e.b < 0 ? '−' : '+'} ${Math.abs(e.b).toExponential(2)} ms·d, ` +
        `fitted to ${e.subsetDims.length} ` +
        `evenly spaced d from 1 to ${row.maxDim} timed ${e.passes > 1 ? `${e.passes} times each (the median)` : 'once each'}`;
      if (row.extrapolated) {
        L.push(`- EXTRAPOLATED: ${row.label} at maxDim ${row.maxDim} was not run in full (the prediction is over ` +
          `${row.maxS} s): its figure is Σ t(d) over d = 1 … ${row.maxDim} with ${model}; median of ` +
          `${row.stats.samples} such predictions.`);
      } else {
        L.push(`- ${row.label} at maxDim ${row.maxDim}: the same model (${model}) predicted ` +
          `${fmtMs(e.predictedMs)} ms for the run measured at ${fmtMs(row.stats.median)} ms (a check of the ` +
          'extrapolation used where a full run would take too long).');
      }
    }
  }
  for (const s of sweep.skipped) {
    L.push(`- ${s.label} at maxDim ${s.maxDim}: not run; one run would take ≈ ${(s.predictedMs / 1000).toFixed(0)} s ` +
      `(its time at the smaller maxDim times the work ratio; the limit is ${lim.maxRunMs / 1000} s).`);
  }
  L.push(`- Batches: implementations faster than ${lim.batchMs} ms repeat the sweep for about ${lim.batchMs} ms per ` +
    `round after one untimed warm-up sweep; those slower than ${lim.slowMs / 1000} s run once per round, ` +
    `${lim.slowSamples} times at most and no more than fit in ${lim.slowBudgetMs / 1000} s (but twice; once only ` +
    `past maxDim ${sweep.dims[0]}, except extrapolated numpy figures, which are cheap), and ` +
    'their calibration run counts as a sample (the same code had already run at the smaller maxDim or in the ' +
    'estimate; native and numpy have no JIT).');
  const checked = sweep.checks;
  const worstF32 = Math.max(0, ...checked.filter((c) => c.tolerance === lim.tolF32).map((c) => c.variance.maxRel));
  const worstF64 = Math.max(0, ...checked.filter((c) => c.tolerance === lim.tolF64).map((c) => c.variance.maxRel));
  L.push(`- Checked before timing, variances over every d against WASM SIMD incremental: the direct sweeps (float32 ` +
    `dot products) within ${worstF32.toExponential(1)} relative (limit ${lim.tolF32}); the other float64 ` +
    `implementations within ${worstF64.toExponential(1)} (limit ${lim.tolF64}). Per check:`);
  for (const c of checked) {
    const v = c.variance;
    L.push(`  - maxDim ${c.maxDim}, ${c.label}: ` + (v.maxAbs === 0 ? 'variances identical'
      : `max |diff| ${v.maxAbs.toExponential(2)}, max relative ${v.maxRel.toExponential(2)} (d = ${v.worstD})`) +
      (c.mean ? `; means ${c.mean.maxRel === 0 ? 'identical' : `${c.mean.maxRel.toExponential(2)} relative`}` : ''));
  }
  L.push('');
  return L;
}
