// The training benchmark of Lesson 6: optimizer steps per second of the same model at the same batch size in three
// places: the native engine (build/native/attention-lab train), the WASM engine in this Node process, and the PyTorch
// reference (bench/training_torch.py under Debian's /usr/bin/python3 with python3-torch, at 1 and 2 threads).
// Native and WASM rounds alternate; PyTorch runs its rounds in one process. Reports medians as wall-clock steps/s and
// as steps per CPU-second (process CPU time: steadier than the wall clock on a shared machine), and the ratios the
// issue asks for. It asserts nothing. Writes build/bench/training.{json,md}.
//
//   node bench/training.mjs [--models encoder,attention] [--steps 300] [--rounds 5] [--torch-steps 150] [--no-torch]
// (build-scripts/bench --only training builds first and runs this.)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(ROOT, 'build', 'native', 'attention-lab');
const PYTHON = '/usr/bin/python3';
const WARMUP = 20;

function parseArgs(argv) {
  const args = { models: ['encoder', 'attention'], steps: 300, rounds: 5, torchSteps: 150, torch: true };
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    const number = () => {
      const v = Number(argv[++i]);
      if (!Number.isInteger(v) || v < 1) throw new Error(`${flag} needs a positive integer`);
      return v;
    };
    if (flag === '--models') {
      args.models = String(argv[++i]).split(',');
      if (!args.models.every((m) => m === 'encoder' || m === 'attention')) throw new Error('--models: encoder and/or attention');
    } else if (flag === '--steps') args.steps = number();
    else if (flag === '--rounds') args.rounds = number();
    else if (flag === '--torch-steps') args.torchSteps = number();
    else if (flag === '--no-torch') args.torch = false;
    else throw new Error(`unknown option ${flag}: see the usage line at the top of bench/training.mjs`);
  }
  return args;
}

const log = (message) => process.stderr.write(`[bench training] ${message}\n`);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const loadAverage = () => os.loadavg().map((x) => Number(x.toFixed(2)));

/** One native round: `steps` steps after the CLI's own set-up (no evaluation inside the timed loop). */
function nativeRound(model, steps) {
  const out = JSON.parse(execFileSync(CLI, ['train', '--model', model, '--steps', String(steps), '--evalEvery', '1000000000', '--noTest',
    '--quiet', '--json', '-'], { encoding: 'utf8', maxBuffer: 1 << 26 }));
  return { steps: out.final.step, wallSeconds: out.timing.trainSeconds, cpuSeconds: out.timing.cpuSeconds };
}

/** One WASM round in this process: WARMUP steps, then `steps` timed ones. */
function wasmRound(engine, model, steps) {
  const t = engine.createTrainer({ model });
  try {
    t.step(WARMUP);
    const cpu0 = process.cpuUsage();
    const wall0 = performance.now();
    const r = t.step(steps);
    const wall = (performance.now() - wall0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    return { steps: r.stepsRun, wallSeconds: wall, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
  } finally {
    t.delete();
  }
}

function torchRounds(model, args, tmp) {
  const dump = path.join(tmp, `${model}.json`);
  execFileSync(CLI, ['dump', '--model', model, '--steps', '1', '--json', dump]);
  const out = JSON.parse(execFileSync(PYTHON, [path.join(ROOT, 'bench', 'training_torch.py'), dump, '--steps', String(args.torchSteps),
    '--rounds', String(args.rounds), '--threads', '1,2', '--warmup', String(WARMUP)], { encoding: 'utf8', maxBuffer: 1 << 24 }));
  return out;
}

function summarize(rounds) {
  return {
    rounds: rounds.length,
    stepsPerSecond: median(rounds.map((r) => r.steps / r.wallSeconds)),
    stepsPerCpuSecond: median(rounds.map((r) => r.steps / r.cpuSeconds)),
  };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  for (const f of [CLI, path.join(ROOT, 'build', 'wasm', 'attention_core.cjs')]) {
    if (!existsSync(f)) throw new Error(`${path.relative(ROOT, f)} is missing: run build-scripts/build first`);
  }
  let torchProblem = null;
  if (args.torch) {
    try {
      execFileSync(PYTHON, ['-c', 'import torch'], { stdio: 'ignore' });
    } catch {
      torchProblem = `${PYTHON} cannot import torch (Debian: apt-get install python3-torch)`;
    }
  } else torchProblem = 'skipped (--no-torch)';
  const { loadEngine } = await import('../web/engine.js');
  const engine = await loadEngine();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'asl-bench-training-'));
  const results = { date: new Date().toISOString(), machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown' },
    loadAverageBefore: loadAverage(), kernels: engine.info.kernels, steps: args.steps, torchSteps: args.torchSteps, warmup: WARMUP, models: {} };
  try {
    for (const model of args.models) {
      const native = [];
      const wasm = [];
      for (let r = 0; r < args.rounds; r += 1) {
        native.push(nativeRound(model, args.steps + WARMUP));
        wasm.push(wasmRound(engine, model, args.steps));
        log(`${model} round ${r + 1}/${args.rounds}: native ${(native[r].steps / native[r].cpuSeconds).toFixed(0)}, `
          + `WASM ${(wasm[r].steps / wasm[r].cpuSeconds).toFixed(0)} steps per CPU-second`);
      }
      const entry = { native: summarize(native), wasm: summarize(wasm), torch: null };
      if (!torchProblem) {
        log(`${model}: PyTorch, ${args.rounds} rounds of ${args.torchSteps} steps at 1 and 2 threads`);
        const t = torchRounds(model, args, tmp);
        entry.torch = { version: t.torch };
        for (const threads of [1, 2]) {
          entry.torch[`threads${threads}`] = summarize(t.rounds.filter((x) => x.threads === threads).map((x) => ({ ...x, steps: t.steps })));
        }
      }
      results.models[model] = entry;
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  results.loadAverageAfter = loadAverage();
  results.torchProblem = torchProblem;

  const lines = [
    `# Training speed (Lesson 6): ${results.machine.cpus} × ${results.machine.cpuModel}`,
    '',
    `Optimizer steps of the default configuration (L = 20, R = 100, d = 20, one head, batch 128), median of ${args.rounds} rounds; `
      + `native and WASM ${args.steps} steps a round after ${WARMUP} warm-up steps, PyTorch ${args.torchSteps}. Load average before/after: `
      + `${results.loadAverageBefore.join(', ')} / ${results.loadAverageAfter.join(', ')}. WASM kernels: ${results.kernels}.`,
    '',
    '| model | implementation | steps/s (wall) | steps per CPU-second |',
    '|---|---|---:|---:|',
  ];
  const row = (model, name, s) => lines.push(`| ${model} | ${name} | ${s.stepsPerSecond.toFixed(1)} | ${s.stepsPerCpuSecond.toFixed(1)} |`);
  for (const [model, e] of Object.entries(results.models)) {
    row(model, 'native C++ (attention-lab)', e.native);
    row(model, 'WASM SIMD in Node', e.wasm);
    if (e.torch) {
      row(model, `PyTorch ${e.torch.version}, 1 thread`, e.torch.threads1);
      row(model, `PyTorch ${e.torch.version}, 2 threads`, e.torch.threads2);
    }
  }
  lines.push('', '| model | ratio | wall clock | CPU time | target |', '|---|---|---:|---:|---|');
  for (const [model, e] of Object.entries(results.models)) {
    const ratio = (a, b, key) => a[key] / b[key];
    const judge = (x, target, higher) => (higher ? x >= target : x <= target) ? 'met' : 'not met';
    if (e.torch) {
      for (const threads of [1, 2]) {
        const t = e.torch[`threads${threads}`];
        const w = ratio(e.native, t, 'stepsPerSecond');
        const c = ratio(e.native, t, 'stepsPerCpuSecond');
        lines.push(`| ${model} | native ÷ PyTorch (${threads} thread${threads > 1 ? 's' : ''}) | ${w.toFixed(2)}× | ${c.toFixed(2)}× | ≥ 3×: ${judge(w, 3, true)} (wall) |`);
      }
    }
    const w = ratio(e.native, e.wasm, 'stepsPerSecond');
    const c = ratio(e.native, e.wasm, 'stepsPerCpuSecond');
    lines.push(`| ${model} | native ÷ WASM | ${w.toFixed(2)}× | ${c.toFixed(2)}× | ≤ 2.5×: ${judge(w, 2.5, false)} (wall) |`);
  }
  if (torchProblem) lines.push('', `PyTorch: ${torchProblem}.`);
  const md = `${lines.join('\n')}\n`;
  const outDir = path.join(ROOT, 'build', 'bench');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'training.json'), `${JSON.stringify(results, null, 1)}\n`);
  writeFileSync(path.join(outDir, 'training.md'), md);
  process.stdout.write(md);
  log('wrote build/bench/training.{json,md}');
}

main().catch((error) => {
  process.stderr.write(`bench/training.mjs: ${error.stack ?? error.message}\n`);
  process.exit(1);
});
