// The public API's speed in Node (bench/api/cases.mjs: engine.attention against tfjs-backend-wasm and
// onnxruntime-web, interleaved, medians from one run; call overhead; the kernel's GFLOP/s against the f32x4
// ceiling), with --browser the same cases in headless Chromium (bench/api/browser.mjs), and a markdown report of both
// with the targets judged. Writes build/bench/api.{json,md}; asserts nothing.
//
//   node bench/api/run.mjs [--rounds 10] [--batch-ms 40] [--browser] [--browser-only] [--cpu-time]
//
// --cpu-time: Node's batches timed by the process's CPU time instead of the wall clock (indicative figures on a
// busy machine; the quotable run is the default, at a load below 1.5).
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';

import { loadEngine } from '../../web/engine.js';
import { OVERHEAD, SIZES, crossCheck, kernelFigures, kernelOnlyFigures, label, onnx, ours, overhead, run, tfjs, useClock } from './cases.mjs';
import { loadTfjs, ROOT } from '../kernels/implementations.mjs';
import { reportMarkdown } from './report.mjs';
import { parseArgs as readFlags } from '../lib/args.mjs';
import { loadAverage, logger, machine as thisMachine, runRecord, runStart } from '../lib/machine.mjs';

const require = createRequire(import.meta.url);
const log = logger('bench api');

function parseArgs(argv) {
  return readFlags(argv, { rounds: 10, batchMs: 40, browser: false, node: true, cpuTime: false }, {
    '--rounds': { key: 'rounds', type: 'count' },
    '--batch-ms': { key: 'batchMs', type: 'number' },
    '--browser': { set: { browser: true } },
    '--browser-only': { set: { browser: true, node: false } },
    '--cpu-time': { set: { cpuTime: true } },
  }, 'bench/api/run.mjs');
}

const machine = () => ({
  date: new Date().toISOString(),
  cpu: thisMachine().cpu,
  cores: thisMachine().cores,
  node: process.version,
  load: loadAverage().join(' '),
  // The vector ISA flags of the CPU (the WASM SIMD code V8 emits depends on them).
  isa: thisMachine().isa.join(' '),
});

/** The Node part: { overhead, attention, kernelOnly, kernel, checks, versions }. */
export async function nodeRun({ rounds, batchMs }) {
  const engine = await loadEngine();
  const { tf, info } = await loadTfjs(engine);
  const ort = await import('onnxruntime-web');
  ort.env.wasm.numThreads = 1;
  const core = await require(`${ROOT}build/wasm/attention_core.cjs`)();
  const cases = SIZES.map(([n, dK]) => ({ op: 'attention', n, dK }));
  const impls = [ours(engine, 'output'), ours(engine, 'all'), tfjs(tf, engine), onnx(ort, engine)];
  for (const impl of impls) for (const c of cases) await impl.prepare(c);
  const checks = await crossCheck([impls[0], impls[2], impls[3]], cases);
  log(`outputs agree (max |diff| ${Object.entries(checks).map(([k, v]) => `${k} ${v.toExponential(1)}`).join(', ')})`);
  const loadStart = machine().load;
  log('call overhead …');
  const over = await run([overhead(engine)], OVERHEAD, { rounds, batchMs, log });
  log('attention …');
  const attention = await run(impls, cases, { rounds, batchMs, log });
  const kernel = kernelFigures(core); // by the same clock as the batches
  const measured = kernelOnlyFigures(core, cases.filter((c) => !kernel.bySize[`${c.n},${c.dK}`]));
  const kernelOnly = Object.fromEntries(cases.map((c) => [label(c), kernel.bySize[`${c.n},${c.dK}`]?.ms ?? measured[label(c)]]));
  impls[2].dispose();
  return { overhead: over, attention, kernelOnly, kernel, checks, loadStart, loadEnd: machine().load,
    versions: { tfjs: info.backendWasm, tfjsBinary: info.binary, ort: ort.env.versions.web, emscripten: core.benchmarkInfo().emscripten } };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const start = runStart('api');
  const env = machine();
  try {
    env.uptime = execFileSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    env.uptime = `load ${env.load}`;
  }
  log(`${env.date}, ${env.cpu}, ${env.uptime}`);
  const result = { env };
  if (args.cpuTime) {
    const cpuMs = () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    };
    useClock(cpuMs);
    env.clock = 'the process\'s CPU time (--cpu-time)';
  }
  if (args.node) result.node = await nodeRun(args);
  if (args.browser) {
    const { browserRun } = await import('./browser.mjs');
    result.browser = await browserRun(args, log);
  }
  result.env.uptimeEnd = execFileSync('uptime', { encoding: 'utf8' }).trim();
  result.run = runRecord(start, { browsers: result.browser ? [result.browser.browserVersion] : [] });
  const md = reportMarkdown(result);
  mkdirSync(`${ROOT}build/bench`, { recursive: true });
  writeFileSync(`${ROOT}build/bench/api.json`, `${JSON.stringify(result, null, 1)}\n`);
  writeFileSync(`${ROOT}build/bench/api.md`, md);
  process.stdout.write(`${md}\nWritten: build/bench/api.json, build/bench/api.md\n`);
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  main().then(() => process.exit(0), (error) => {
    process.stderr.write(`[bench api] ${error.stack ?? error}\n`);
    process.exit(1);
  });
}
