// What every benchmark's JSON says about its run: the date, the machine (CPU model, its SIMD and FMA flags, cores),
// Node, the browsers that ran, and the load average before and after (this machine is shared: a figure taken under
// load is not a result). bench/lib/benchmarks-page.mjs reads these for docs/benchmarks.md.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';

/** The ISA flags of /proc/cpuinfo that decide what the kernels can use; the rest are left out. */
const ISA = ['sse2', 'sse3', 'ssse3', 'sse4_1', 'sse4_2', 'avx', 'avx2', 'fma', 'f16c', 'avx512f', 'avx512bw', 'avx512vl',
  'avx512_vnni', 'avx512_bf16', 'amx_tile', 'neon', 'asimd', 'sve'];

/** The 1-, 5- and 15-minute load averages, two decimals. */
export const loadAverage = () => os.loadavg().map((x) => Number(x.toFixed(2)));

/** Above this 1-minute load average, before or after a run, other work shared the machine: the run is not a result. */
export const HIGH_LOAD = 1.5;

/** The 1-minute load averages of a run record (runRecord), before and after. */
export const runLoads = (run) => [run?.loadBefore?.[0], run?.loadAfter?.[0]];

/** True when the machine was too busy for a run's figures to count: a load average above HIGH_LOAD before or after. */
export const highLoad = (run) => runLoads(run).some((x) => !Number.isFinite(x) || x > HIGH_LOAD);

/** A log function that writes `[prefix] message` lines to stderr. */
export const logger = (prefix) => (message) => process.stderr.write(`[${prefix}] ${message}\n`);

/** { cpu, isa, cores } of this machine (cores: what nproc says, the CPUs this process may use). */
export function machine() {
  let cpuinfo = '';
  try {
    cpuinfo = readFileSync('/proc/cpuinfo', 'utf8');
  } catch {
    // not Linux: the model from os.cpus(), no flags
  }
  const model = cpuinfo.match(/^model name\s*:\s*(.*)$/m)?.[1] ?? os.cpus()[0]?.model?.trim() ?? 'unknown';
  const flags = new Set((cpuinfo.match(/^(?:flags|Features)\s*:\s*(.*)$/m)?.[1] ?? '').split(/\s+/));
  if (flags.has('pni')) flags.add('sse3'); // Linux's name for SSE3
  let cores;
  try {
    cores = Number(execFileSync('nproc', { encoding: 'utf8' }).trim());
  } catch {
    cores = os.availableParallelism?.() ?? os.cpus().length;
  }
  return { cpu: model, isa: ISA.filter((f) => flags.has(f)), cores };
}

/**
 * The commit the run measured: `git rev-parse --short HEAD`, with " + changes" when a tracked file differs from it
 * (docs/benchmarks.md aside, which each part rewrites); null outside git.
 */
export function commit() {
  try {
    const git = (...args) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no', '--', '.', ':!docs/benchmarks.md') ? ' + changes' : ''}`;
  } catch {
    return null;
  }
}

/** The start of a part's run: its name, the flags it was given, the commit, the date and the load before. */
export const runStart = (part) => ({ part, argv: process.argv.slice(2), commit: commit(), date: new Date().toISOString(), loadBefore: loadAverage() });

/** The whole run record of a part, for its JSON: runStart's fields, the machine, Node, browsers and the load after. */
export function runRecord(start, { browsers = [] } = {}) {
  return { ...start, machine: machine(), node: process.version, browsers, loadAfter: loadAverage() };
}
