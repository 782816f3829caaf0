// The parts of the benchmark as docs/benchmarks.md shows them: for each, its JSON file in build/bench/, the command
// that runs it, what it measures and how, and its one table, built from that JSON. Pure functions of the JSON; the
// page around them is bench/lib/benchmarks-page.mjs.
import { median } from './stats.mjs';

/** Milliseconds and other figures: three significant digits, whole numbers from 100 up; '—' for no number. */
export const fmt = (x) => (!Number.isFinite(x) ? '—' : Math.abs(x) >= 100 ? x.toFixed(0) : Number(x.toPrecision(3)).toString());
const times = (x) => (Number.isFinite(x) ? `${fmt(x)}×` : '—');
const pair = (x) => (x ? `${fmt(x.median)} / ${fmt(x.max)}` : '—');

function apiTable(json) {
  const head = ['where', 'case', 'ours, output only (ms)', 'ours, all four outputs (ms)', 'tfjs-backend-wasm (ms)', 'onnxruntime-web (ms)',
    'tfjs ÷ ours', 'ORT ÷ ours'];
  const rows = [];
  const notes = [];
  for (const [where, part] of [['Node', json.node], ['Chromium', json.browser]]) {
    if (!part) continue;
    for (const [name, r] of Object.entries(part.attention ?? {})) {
      rows.push([where, name, fmt(r.ours), fmt(r.oursAll), fmt(r.tfjs), fmt(r.ort), times(r.tfjs / r.ours), times(r.ort / r.ours)]);
    }
    const k = part.kernel;
    if (k) {
      notes.push(`${where}: the attention kernel alone at (${k.n}, ${k.dK}) ran at ${fmt(k.kernelGflops)} GFLOP/s, ` +
        `${fmt(100 * k.share)} % of the f32x4 multiply-add ceiling measured in the same run (${fmt(k.ceilingGflops)} GFLOP/s).`);
    }
  }
  return { head, rows, notes };
}

function kernelsTable(json) {
  const ids = [['scalar', 'WASM scalar'], ['simd', 'WASM SIMD'], ['eigen', 'Eigen in WASM'], ['tfjs', 'tfjs-backend-wasm'], ['native', 'native']];
  const head = ['case', ...ids.map(([, name]) => `${name} (ms)`), 'SIMD vs scalar', 'SIMD vs Eigen', 'SIMD vs tfjs'];
  const rows = (json.rows ?? []).filter((r) => !r.case?.profile).map((r) => [r.label,
    ...ids.map(([id]) => fmt(r.stats?.[id]?.median)),
    times(r.speedups?.scalar?.ratio), times(r.speedups?.eigen?.ratio), times(r.speedups?.tfjs?.ratio)]);
  return { head, rows, notes: [] };
}

function sweepTable(json) {
  const sweep = json.sweep ?? { rows: [], dims: [] };
  const ids = [...new Set(sweep.rows.map((r) => r.id))];
  const head = ['implementation', ...sweep.dims.map((d) => `maxDim ${d} (ms)`)];
  const rows = ids.map((id) => {
    const at = (d) => sweep.rows.find((r) => r.id === id && r.maxDim === d);
    return [sweep.rows.find((r) => r.id === id).label,
      ...sweep.dims.map((d) => (at(d) ? `${at(d).extrapolated ? '≈ ' : ''}${fmt(at(d).stats.median)}` : 'not run'))];
  });
  const notes = sweep.numpyNote ? [`numpy rows not run: ${sweep.numpyNote}.`] : [];
  if (sweep.rows.some((r) => r.extrapolated)) notes.push('"≈": extrapolated from a fitted cost per d, not run in full.');
  return { head, rows, notes };
}

function trainingTable(json) {
  const head = ['model', 'implementation', 'steps/s (wall clock)', 'steps per CPU-second'];
  const rows = [];
  const row = (model, name, s) => s && rows.push([model, name, fmt(s.stepsPerSecond), fmt(s.stepsPerCpuSecond)]);
  for (const [model, e] of Object.entries(json.models ?? {})) {
    row(model, 'native C++ (attention-lab)', e.native);
    row(model, 'WASM SIMD in Node', e.wasm);
    if (e.torch) {
      row(model, `PyTorch ${e.torch.version}, 1 thread`, e.torch.threads1);
      row(model, `PyTorch ${e.torch.version}, 2 threads`, e.torch.threads2);
    }
  }
  for (const r of json.sizes?.rows ?? []) {
    row(`encoder, L = ${r.L}`, `native, ${r.threads} thread${r.threads > 1 ? 's' : ''}${r.build === 'before' ? ' (baseline)' : ''}` +
      ` (${fmt(r.percentOfPeak)} % of peak)`, r);
  }
  return { head, rows, notes: json.torchProblem ? [`PyTorch: ${json.torchProblem}.`] : [] };
}

function pageTable(json) {
  const head = ['browser', 'controls measured', 'within one frame', 'work: median of the controls (ms)', 'work: slowest control (median / max, ms)',
    'latency: median of the controls (ms)', 'next paint (INP): median of the sliders (ms)', 'sliders whose next paint is ≤ 32 ms',
    'first lesson on screen (ms)'];
  const rows = [];
  for (const b of json.browsers ?? []) {
    if (b.failed) {
      rows.push([b.name, `not measured: ${b.failed}`, '', '', '', '', '', '', '']);
      continue;
    }
    const measured = b.results.filter((r) => !r.skipped && r.changes?.length);
    const within = measured.filter((r) => r.work.median <= 1000 / 60 && r.work.max <= 2000 / 60);
    const slowest = [...measured].sort((x, y) => y.work.median - x.work.median)[0];
    const paints = measured.map((r) => r.inp?.median).filter(Number.isFinite);
    rows.push([b.version ?? b.name, String(measured.length), `${within.length} of ${measured.length}`,
      fmt(median(measured.map((r) => r.work.median))), slowest ? `${slowest.name}: ${pair(slowest.work)}` : '—',
      fmt(median(measured.map((r) => r.latency.median))), paints.length ? fmt(median(paints)) : '—',
      paints.length ? `${paints.filter((ms) => ms <= 32).length} of ${paints.length}` : '—', fmt(b.firstDrawn?.median)]);
  }
  return { head, rows, notes: ['Within one frame: work per change median ≤ 16.7 ms and worst ≤ 33.3 ms. Next paint: interaction to next ' +
    'paint of arrow-key presses on each slider, from Event Timing (Chromium and Firefox; "—" where the run has none); a ' +
    'slider is within 32 ms when the median of its presses is.'] };
}

function trainingPageTable(json) {
  const head = ['setting', 'round', 'long frames (> 50 ms) from the click', 'longest (script + rendering, ms)', 'long frames after 4 s',
    'longest after 4 s (ms)'];
  const show = (f) => (f ? `${fmt(f.duration)} (${fmt(f.script)} + ${fmt(f.duration - f.script)})` : '—');
  const rows = (json.rows ?? []).map((r) => [`\`${r.hash}\``, String(r.round), String(r.frames.length), show(r.longest), String(r.lateFrames),
    show(r.longestLate)]);
  return { head, rows, notes: [] };
}

/** The parts in the order of the page; `id` is what build-scripts/bench takes. */
export const PARTS = [
  {
    id: 'api', file: 'api.json', title: 'The public API against tfjs and onnxruntime-web', script: 'bench/api/run.mjs', table: apiTable,
    what: 'How long a caller waits for `engine.attention()` (the output alone, and all four results) at five sizes from (3, 4) to ' +
      '(1024, 64), against tfjs-backend-wasm and onnxruntime-web on the same seeded inputs, in Node and in headless Chromium; and the ' +
      'attention kernel\'s GFLOP/s against the f32x4 multiply-add ceiling. The output alone is one fused pass over tiles of 64 keys with ' +
      'an online softmax (no n × n matrix is written); all four results take the unfused path.',
    how: 'Every implementation runs on one thread, its output checked against ours first; batches of about 40 ms of calls, ' +
      'interleaved round-robin over 10 rounds by default after a warm-up round, median ms per call. tfjs and ORT get K transposed once ' +
      'outside the timed call, their fastest form. The ceiling is twelve independent f32x4 multiply-add chains inside WebAssembly, the ' +
      'best of 31 runs of about 2 ms, in the same process.',
  },
  {
    id: 'kernels', file: 'kernels.json', title: 'Attention and softmax kernels', script: 'bench/kernels/run.mjs', table: kernelsTable,
    what: 'Attention forward passes and row softmax inside WebAssembly: the engine with its SIMD kernels, the same engine built scalar, ' +
      'Eigen compiled to WebAssembly, tfjs-backend-wasm, and the native build (a diagnostic of the kernels, no JS copies).',
    how: 'Our modules time inside WASM (emscripten_get_now) on inputs allocated once per batch; tfjs is timed around ' +
      'tf.tidy and dataSync; native in a child process with std::chrono. Round-robin rounds (by default 10 to 60, for up to 150 seconds), median of all ' +
      'samples; outputs cross-checked before timing.',
  },
  {
    id: 'sweep', file: 'sweep.json', title: 'Lesson 2\'s variance sweep', script: 'bench/kernels/run.mjs', table: sweepTable,
    what: 'One whole sweep of Lesson 2: mean and variance of all pairwise dot products of 100 random vectors at every d up to maxDim, ' +
      'incremental (one Gram update per d) and direct (every dot product again at each d), in WASM SIMD, WASM scalar, native and ' +
      'numpy, and the page\'s own call `engine.varianceSweep()`.',
    how: 'Variances checked against the WASM SIMD incremental sweep first; then round-robin rounds (by default at most 5, or 60 seconds), median ms ' +
      'per sweep; numpy under /usr/bin/python3 on the engine\'s vectors, extrapolated where a full run would be too long.',
  },
  {
    id: 'training', file: 'training.json', title: 'Lesson 6\'s trainer', script: 'bench/training/run.mjs', table: trainingTable,
    what: 'Optimizer steps per second of Lesson 6\'s default models (L = 20, batch 128) in the native trainer, the WASM engine in ' +
      'Node and the PyTorch reference (1 and 2 threads); then the native trainer at Table 1\'s sizes against this machine\'s ' +
      'multiply-add peak.',
    how: 'Native and WASM rounds alternate (by default 5 rounds of 300 steps after 20 warm-up steps); PyTorch runs its rounds in one ' +
      'process. Medians of wall-clock steps/s and of steps per CPU-second (steadier on a shared machine).',
  },
  {
    id: 'page', file: 'page-latency.json', title: 'Page latency: work and next paint', script: 'bench/page/latency.mjs', table: pageTable,
    what: 'How fast the page answers each slider and number field of every lesson: the main-thread work of the section\'s update ' +
      '(script, style, layout, paint), the latency from the input event to the frame that shows it, the next paint the browser ' +
      'reports for a key press on a slider (interaction to next paint, from Event Timing, where the run has it), and when the first lesson is on screen after navigation.',
    how: 'Headless browsers at 1280 × 900 over a loopback server, every "Go deeper" section open; each control moved to a few ' +
      'values by an `input` event; the sections stamp every finished update (web/registry.js) and an in-page probe reads them. ' +
      'Medians over the changes (5 by default), then over the controls.',
  },
  {
    id: 'training-page', file: 'training-page.json', title: 'The page while Lesson 6 trains', script: 'bench/training/page-frames.mjs',
    table: trainingPageTable,
    what: 'What a learner\'s page does while Lesson 6 trains: the long animation frames (over 50 ms) on the main thread after ' +
      '"Train" is pressed, for the default run and the largest sequence.',
    how: 'Headless Chromium, the Long Animation Frames API from the click on (by default for 10 s, 3 rounds per setting); the longest frame ' +
      'split into script and rendering; frames after the fourth second show the run in its steady state.',
  },
];
