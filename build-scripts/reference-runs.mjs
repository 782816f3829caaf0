// Runs the project's reference experiments with the native CLI and writes them, with the exact commands, to
// web/data/reference-runs.json (Lesson 6 imports that file into the page bundle). Most experiments are source 003's
// Table 1 row 1 (`attention-lab table1 --rows 1`: L = 20, R = 100, 15,000 training sequences, d_model = L) over
// several seeds, varying one thing at a time: the β strategy, the model, the number of epochs, the learning rate.
// Two more run the paper's other rows with its two β (1/√d_k and the paper's own): rows 3–6 and row 2 (L = 200,
// d = 200: about 1 s a step on one core here since the native trainer's Eigen products, 1,500 steps a run) with the
// defaults, 10 epochs.
// The CLI computes every mean and standard deviation; this script only schedules the commands and copies their JSON.
//
//   node build-scripts/reference-runs.mjs [--seeds 3] [--jobs 2] [--only id,id] [--out web/data/reference-runs.json]
// --only re-runs the experiments named and keeps the others' results from the existing file.
// (build-scripts/reference-runs builds the CLI first and then runs this.)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(ROOT, 'build', 'native', 'attention-lab');
// Source 003's Table 1, the file the CLI's table1 command and the page read too.
const TABLE_1 = JSON.parse(fs.readFileSync(path.join(ROOT, 'web', 'data', 'table1.json'), 'utf8'));

/** The paper's test accuracy (a fraction) for a printed row and a method ("inverse-sqrt-dk", "fixed 5"), or null. */
function paperAccuracy(rowNumber, method) {
  const row = TABLE_1.rows.find((r) => r.row === rowNumber);
  if (!row) throw new Error(`Table 1 has no row ${rowNumber} (web/data/table1.json)`);
  if (method === 'inverse-sqrt-dk') return row.inverseSqrtDk / 100;
  const tuned = method.startsWith('fixed ') ? row.tuned.find((t) => t.beta === Number(method.slice(6))) : null;
  return tuned ? tuned.accuracy / 100 : null;
}

// One experiment = one set of training options over some of the paper's rows; its strategies and rows may be split
// over several commands so two can run at once. `cost` is a rough CPU-seconds estimate per seed, used only to start
// the longest commands first. `seeds` overrides --seeds for an experiment too long to repeat.
// `--evalEvery 39` (a third of an epoch of 117 steps) records each run's validation accuracy and β against step, from
// step 0, as `curve` in the data file; evaluating does not change training, so the other figures are the same with it.
const CURVE = ['--evalEvery', '39'];
const EXPERIMENTS = [
  { id: 'encoder', label: 'encoder block, 10 epochs, lr 5·10⁻⁴ (the defaults)', options: [...CURVE],
    commands: [{ strategies: 'search', cost: 110 }, { strategies: 'inverse-sqrt-dk,paper,dynamic,learned', cost: 75 }] },
  { id: 'attention', label: 'attention only, 10 epochs, lr 5·10⁻⁴', options: ['--model', 'attention', ...CURVE],
    commands: [{ strategies: 'search', cost: 70 }, { strategies: 'inverse-sqrt-dk,paper,dynamic,learned', cost: 50 }] },
  { id: 'encoder-30-epochs', label: 'encoder block, 30 epochs, lr 5·10⁻⁴', options: ['--epochs', '30', ...CURVE],
    commands: [{ strategies: 'inverse-sqrt-dk,paper', cost: 108 }] },
  { id: 'encoder-lr-2e-3', label: 'encoder block, 10 epochs, lr 2·10⁻³', options: ['--lr', '0.002', ...CURVE],
    commands: [{ strategies: 'inverse-sqrt-dk,paper', cost: 36 }] },
  // A learned β with its own, larger learning rate: how far β goes when Adam lets ln β move 10 or 100 times as fast.
  { id: 'encoder-learned-beta-lr-5e-3', label: 'encoder block, learned β with learning rate 5·10⁻³ (10× the weights’)',
    options: ['--betaLr', '0.005', ...CURVE], commands: [{ strategies: 'learned', cost: 20 }] },
  { id: 'encoder-learned-beta-lr-5e-2', label: 'encoder block, learned β with learning rate 5·10⁻² (100× the weights’)',
    options: ['--betaLr', '0.05', ...CURVE], commands: [{ strategies: 'learned', cost: 20 }] },
  { id: 'attention-learned-beta-lr-5e-3', label: 'attention only, learned β with learning rate 5·10⁻³ (10× the weights’)',
    options: ['--model', 'attention', '--betaLr', '0.005', ...CURVE], commands: [{ strategies: 'learned', cost: 14 }] },
  { id: 'attention-learned-beta-lr-5e-2', label: 'attention only, learned β with learning rate 5·10⁻² (100× the weights’)',
    options: ['--model', 'attention', '--betaLr', '0.05', ...CURVE], commands: [{ strategies: 'learned', cost: 14 }] },
  { id: 'rows-3-6', label: 'Table 1 rows 3–6, encoder block, 10 epochs, lr 5·10⁻⁴ (the defaults)', options: [],
    commands: [{ rows: '3', strategies: 'inverse-sqrt-dk,paper', cost: 30 }, { rows: '4', strategies: 'inverse-sqrt-dk,paper', cost: 230 },
      { rows: '5', strategies: 'inverse-sqrt-dk,paper', cost: 185 }, { rows: '6', strategies: 'inverse-sqrt-dk,paper', cost: 240 }] },
  // Row 2 at the full budget (it replaces 'row-2-short', 2 epochs and one seed). One thread a command: two commands
  // run at once, and a run's results do not depend on its thread count.
  { id: 'row-2', label: 'Table 1 row 2 (L = 200, d = 200), encoder block, 10 epochs, lr 5·10⁻⁴ (the defaults)', options: ['--threads', '1'],
    commands: [{ rows: '2', strategies: 'inverse-sqrt-dk', cost: 1700 }, { rows: '2', strategies: 'paper', cost: 1700 }] },
];

function parseArgs(argv) {
  const args = { seeds: 3, jobs: 2, only: null, out: path.join(ROOT, 'web', 'data', 'reference-runs.json') };
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    const value = argv[++i];
    if (flag === '--seeds') args.seeds = Number(value);
    else if (flag === '--jobs') args.jobs = Number(value);
    else if (flag === '--out') args.out = path.resolve(value);
    else if (flag === '--only') args.only = String(value).split(',');
    else throw new Error(`unknown option ${flag}: use --seeds N, --jobs N, --only id,id, --out FILE`);
    if (!(value ?? '').length) throw new Error(`${flag} needs a value`);
  }
  if (!Number.isInteger(args.seeds) || args.seeds < 1 || args.seeds > 20) throw new Error('--seeds: an integer 1…20');
  if (!Number.isInteger(args.jobs) || args.jobs < 1 || args.jobs > 8) throw new Error('--jobs: an integer 1…8');
  const unknown = (args.only ?? []).filter((id) => !EXPERIMENTS.some((e) => e.id === id));
  if (unknown.length) throw new Error(`--only: unknown experiment ${unknown.join(', ')}; known: ${EXPERIMENTS.map((e) => e.id).join(', ')}`);
  return args;
}

/** The CLI's evaluations [{ step, beta, val: { tokenAccuracy, … } }] as { step: [], beta: [], tokenAccuracy: [], … }. */
function columns(evaluations) {
  return { step: evaluations.map((e) => e.step), beta: evaluations.map((e) => e.beta),
    tokenAccuracy: evaluations.map((e) => e.val.tokenAccuracy), sequenceAccuracy: evaluations.map((e) => e.val.sequenceAccuracy) };
}

/** JSON with one entry per line, except arrays of numbers (the curves), which stay on one line each. */
function jsonText(data) {
  return JSON.stringify(data, null, 1).replace(/\[\s*(-?[\d.e+-]+(?:,\s*-?[\d.e+-]+)*)\s*\]/g, (_, items) => `[${items.split(/,\s*/).join(',')}]`);
}

function runCli(argv) {
  return new Promise((resolve, reject) => {
    const child = spawn(CLI, argv, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (chunk) => { stdout += chunk; });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`attention-lab ${argv.join(' ')} exited with ${code}`))));
  });
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(CLI)) throw new Error(`${path.relative(ROOT, CLI)} is missing: run build-scripts/reference-runs (it builds it)`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'asl-reference-runs-'));
  const chosen = EXPERIMENTS.filter((e) => !args.only || args.only.includes(e.id));
  const seedsOf = (e) => e.seeds ?? args.seeds;
  const commands = chosen.flatMap((e) => e.commands.map((c, k) => {
    const json = path.join(tmp, `${e.id}-${k}.json`);
    const argv = ['table1', '--rows', c.rows ?? '1', '--seeds', String(seedsOf(e)), '--seed', '1', '--strategies', c.strategies, ...e.options,
      '--quiet', '--json', json];
    return { experiment: e, argv, json, cost: c.cost * seedsOf(e) };
  }));
  const queue = [...commands].sort((a, b) => b.cost - a.cost);
  const t0 = Date.now();
  const lanes = Array.from({ length: args.jobs }, async () => {
    while (queue.length) {
      const job = queue.shift();
      const started = Date.now();
      process.stderr.write(`[reference-runs] attention-lab ${job.argv.slice(0, -2).join(' ')}\n`);
      job.table = await runCli(job.argv);
      job.seconds = (Date.now() - started) / 1000;
      process.stderr.write(`[reference-runs] done in ${job.seconds.toFixed(0)} s: ${job.experiment.id} ${job.argv[job.argv.indexOf('--strategies') + 1]}\n`);
    }
  });
  await Promise.all(lanes);
  const totalSeconds = (Date.now() - t0) / 1000;

  const groups = [];
  for (const job of commands) {
    const out = JSON.parse(fs.readFileSync(job.json, 'utf8'));
    // The command as someone would type it again: the JSON goes to a file of their choosing.
    const command = `build/native/attention-lab ${job.argv.slice(0, -1).join(' ')} FILE.json`;
    for (const row of out.rows) {
      groups.push({
        experiment: job.experiment.id,
        method: row.method, // "inverse-sqrt-dk", "fixed 5" (the paper's β for this row), "search", "dynamic", "learned"
        config: row.config,
        paperTestAccuracy: paperAccuracy(row.row, row.method), // web/data/table1.json's figure for this method, or null
        beta: row.beta,
        tokenAccuracy: row.tokenAccuracy,
        sequenceAccuracy: row.sequenceAccuracy,
        runs: row.runs.map((r) => ({ seed: r.seed, beta: r.beta, test: r.test, val: r.val, seconds: r.seconds,
          search: r.search ? { beta: r.search.beta, bracket: r.search.bracket, probes: r.search.probes.length } : null,
          // learned β: how far Adam could move it in this run (engine's learned_beta_reach), else null
          betaReach: r.betaReach ?? null,
          // with --evalEvery: validation accuracy and β against step over the main run, as columns
          ...(r.evaluations ? { curve: columns(r.evaluations) } : {}) })),
        command,
        kernels: out.kernels,
      });
    }
  }
  fs.rmSync(tmp, { recursive: true, force: true });

  // With --only, the other experiments keep their results, and the file lists every invocation that made it.
  const seedList = (n) => Array.from({ length: n }, (_, i) => i + 1);
  const thisRun = {
    generatedBy: `build-scripts/reference-runs --seeds ${args.seeds} --jobs ${args.jobs}${args.only ? ` --only ${args.only.join(',')}` : ''}`,
    generated: new Date().toISOString(), wallSeconds: Math.round(totalSeconds), experiments: chosen.map((e) => e.id),
  };
  const old = args.only && fs.existsSync(args.out) ? JSON.parse(fs.readFileSync(args.out, 'utf8')) : null;
  // Experiments no longer listed (replaced, like 'row-2-short' by 'row-2') leave the file with their groups.
  const listed = (id) => EXPERIMENTS.some((e) => e.id === id);
  const kept = old ? old.groups.filter((g) => !args.only.includes(g.experiment) && listed(g.experiment)) : [];
  const oldRuns = old ? (old.invocations ?? [{ generatedBy: old.generatedBy, generated: old.generated, wallSeconds: old.wallSeconds,
    experiments: old.experiments.map((e) => e.id) }]) : [];
  const invocations = [...oldRuns.map((r) => ({ ...r, experiments: r.experiments.filter((id) => !args.only.includes(id) && listed(id)) }))
    .filter((r) => r.experiments.length), thisRun];
  const oldSeeds = (id) => old?.experiments.find((e) => e.id === id)?.seeds ?? old?.seeds;
  const data = {
    about: 'Test-set accuracy of the native CLI (attention-lab table1) on source 003\'s Table 1, mean and sample ' +
      'standard deviation over seeds. Made by build-scripts/reference-runs; do not edit by hand.',
    generatedBy: invocations.map((r) => r.generatedBy).join('; '),
    generated: thisRun.generated,
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown', platform: `${os.platform()} ${os.arch()}` },
    wallSeconds: invocations.reduce((sum, r) => sum + r.wallSeconds, 0),
    invocations,
    experiments: EXPERIMENTS.map((e) => ({ id: e.id, label: e.label, options: e.options,
      seeds: chosen.includes(e) ? seedList(seedsOf(e)) : oldSeeds(e.id) ?? [] })),
    groups: [...kept, ...groups],
  };
  fs.mkdirSync(path.dirname(args.out), { recursive: true });
  fs.writeFileSync(args.out, `${jsonText(data)}\n`);
  process.stderr.write(`[reference-runs] wrote ${path.relative(ROOT, args.out)} (${data.groups.length} groups) in ${totalSeconds.toFixed(0)} s\n`);
  for (const g of groups) {
    const pct = (s) => `${(100 * s.mean).toFixed(2)} ± ${(100 * s.sd).toFixed(2)}`;
    process.stdout.write(`${g.experiment.padEnd(18)} ${g.method.padEnd(16)} β ${g.beta.mean.toPrecision(3).padEnd(7)} token ${pct(g.tokenAccuracy)} %  sequence ${pct(g.sequenceAccuracy)} %\n`);
  }
}

main().catch((error) => {
  process.stderr.write(`reference-runs: ${error.message}\n`);
  process.exit(1);
});
