// WebKit's "Out of bounds memory access" trap in alignmentScaling, looked for without a browser: builds a small
// JavaScriptCore shell on WebKitGTK's libjavascriptcoregtk-4.1 (jsc-shell.c), bundles the engine as the page does
// (web/build.mjs's options: the same glue and wasm bytes) with repro.js, and runs ROUNDS shell processes one after
// another, each making INSTANCES fresh engines that call alignmentScaling twice. Prints a line per round and the
// total. JSC options go through the environment (JSC_useOMGJIT=0 …; an unknown name prints "invalid option");
// ASL_SHELL_FAULTS=1 has the shell print each fault's address, registers and code bytes (see jsc-shell.c); --garbage N
// allocates N JS objects before each call; --jitter 1 gives each round random tier-up thresholds (OMG 10 to 10⁵,
// BBQ 1 to 10³, log-uniform; printed per round), which is how the trap was first met here. A diagnostic, not a test: it asserts nothing and the suite does not run it.
// It runs one shell at a time; `taskset -c 0 node …` keeps it (and JSC's compiler threads) on one core.
//
//   node tests/browsers/jsc-shell/run.mjs [--rounds 10] [--instances 100] [--samples 400] [--garbage 0] [--jitter 0]
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import esbuild from 'esbuild';
import { pageBuildOptions, ROOT } from '../../../web/build.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const args = { rounds: 10, instances: 100, samples: 400, garbage: 0, jitter: 0 };
for (let i = 2; i < process.argv.length; i += 2) {
  const key = process.argv[i].replace(/^--/, '');
  if (!(key in args)) throw new Error(`unknown option ${process.argv[i]}: see the usage line at the top of ${path.relative(ROOT, fileURLToPath(import.meta.url))}`);
  args[key] = Number(process.argv[i + 1]);
}

const out = path.join(ROOT, 'build', 'jsc-shell');
fs.mkdirSync(out, { recursive: true });
const shell = path.join(out, 'jsc-shell');
execFileSync('gcc', ['-O1', '-Wall', '-o', shell, path.join(HERE, 'jsc-shell.c'), '-l:libjavascriptcoregtk-4.1.so.0'], { stdio: 'inherit' });
await esbuild.build({ ...pageBuildOptions(), entryPoints: [path.join(HERE, 'repro.js')], outfile: path.join(out, 'repro.js'), sourcemap: false, legalComments: 'none', logLevel: 'error' });
fs.writeFileSync(path.join(out, 'main.js'), 'runRepro(Number(args[0]), Number(args[1]), Number(args[2] ?? 0));\n');

const jsc = Object.entries(process.env).filter(([k]) => k.startsWith('JSC_')).map(([k, v]) => `${k}=${v}`).join(' ');
console.log(`${new Date().toISOString()} JSC ${jsc || '(defaults)'}: ${args.rounds} rounds × ${args.instances} instances, ${args.samples} rows a call`);
let traps = 0;
let trapped = 0;
let failures = 0;
for (let round = 0; round < args.rounds; round += 1) {
  const started = Date.now();
  const env = { ...process.env };
  let tiers = '';
  if (args.jitter) {
    const omg = Math.round(10 ** (1 + 4 * Math.random()));
    const bbq = Math.round(10 ** (3 * Math.random()));
    for (const [name, value] of [['OMG', omg], ['BBQ', bbq]]) {
      env[`JSC_thresholdFor${name}OptimizeAfterWarmUp`] = String(value);
      env[`JSC_thresholdFor${name}OptimizeSoon`] = String(value);
    }
    tiers = ` OMG ${omg}, BBQ ${bbq}`;
  }
  const run = spawnSync(shell, [path.join(HERE, 'prelude.js'), path.join(out, 'repro.js'), path.join(out, 'main.js'), '--', String(args.instances), String(args.samples), String(args.garbage)], { encoding: 'utf8', env });
  const lines = run.stdout.trim().split('\n');
  const counts = [...(lines[0] ?? '').split(' ')[0]].filter((c) => '012'.includes(c)).map(Number);
  if (run.status !== 0 || counts.length !== args.instances) failures += 1;
  traps += counts.reduce((a, b) => a + b, 0);
  trapped += counts.filter((c) => c > 0).length;
  console.log(`round ${round + 1}${tiers} (${Date.now() - started} ms, exit ${run.status ?? run.signal}): ${run.stdout.trim()}${run.stderr.trim() ? `\n  stderr: ${run.stderr.trim()}` : ''}`);
}
console.log(`instances that trapped: ${trapped} of ${args.rounds * args.instances} (traps ${traps}); rounds that did not finish: ${failures}`);
