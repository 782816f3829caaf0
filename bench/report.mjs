// Turns samples into figures: medians and quartiles, the speed-ups of our WASM SIMD engine over each other
// implementation, the issue's targets, and the markdown report. Pure functions of the numbers; no timing here.

/** Quantile q in [0, 1] of sorted numbers, linear between neighbours. */
function quantile(sorted, q) {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at), hi = Math.ceil(at);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
}

export function summarize(samples) {
  const sorted = Float64Array.from(samples).sort();
  return {
    samples: sorted.length,
    median: quantile(sorted, 0.5),
    p25: quantile(sorted, 0.25),
    p75: quantile(sorted, 0.75),
    min: sorted[0],
  };
}

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

export function markdown({ env, rows, targets, labels }) {
  const L = [];
  const main = [...rows.values()].filter((r) => !r.case.profile);
  const ms = (r, id) => fmtMs(r?.stats[id]?.median);

  L.push(`# Attention Scale Lab benchmark, ${env.date}`, '');
  L.push(`Machine: ${env.cpu}, nproc ${env.nproc}, load average ${env.loadStart} at start and ${env.loadEnd} at ` +
    `the end (other work shares this machine). Node ${env.node}, Emscripten ${env.emscripten} (${env.compiler}), ` +
    `native ${env.nativeCompiler}. ${env.rounds} round-robin rounds in one Node process (${env.wasmSeconds} s); ` +
    `native: ${env.nativeRounds} rounds in a child process (${env.nativeSeconds} s). The WASM rounds were preceded by ` +
    'an unrecorded warm-up round.', '');
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
  return L.join('\n');
}
