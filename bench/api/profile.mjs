// A CPU profile of the public engine.attention (outputs: ["output"]) per size, with the WebAssembly functions named:
// it loads the --profiling-funcs build (build/wasm-cmake/attention_core_names.{js,wasm}, never shipped), runs one
// size per Node process under the inspector's CPU profiler and prints each function's share of the samples. Indicative only on a
// busy machine (it prints the load).
//
//   node bench/api/profile.mjs [--sizes 64x64,256x64,512x128,1024x64] [--ms 3000] [--names <path without .js>]
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadAverage } from '../lib/machine.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;
const DIR = `${ROOT}build/profile`;
const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);

if (args[0] === '--child') {
  // One size: a warm-up, then calls for about `ms` milliseconds under the inspector's CPU profiler (the module's
  // compilation and the inputs' generation stay outside the profile). Prints { calls, profile }.
  const [n, dK, ms] = args.slice(1).map(Number);
  const require = createRequire(import.meta.url);
  const { Session } = await import('node:inspector');
  const { engineOf } = await import('../../web/engine.js');
  const engine = engineOf(require(`${DIR}/core.cjs`)());
  const draw = (seed) => Float32Array.from(engine.random({ seed, count: n * dK, distribution: 'normal' }));
  const options = { q: draw(1), k: draw(2), v: draw(3), nQ: n, nK: n, dK, dV: dK, outputs: ['output'] };
  for (let i = 0; i < 5; i += 1) engine.attention(options);
  const session = new Session();
  session.connect();
  const post = (method, params) => new Promise((resolve, reject) => session.post(method, params, (e, r) => (e ? reject(e) : resolve(r))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  const end = performance.now() + ms;
  let calls = 0;
  while (performance.now() < end) engine.attention(options), (calls += 1);
  const { profile } = await post('Profiler.stop');
  process.stdout.write(JSON.stringify({ calls, profile }));
  process.exit(0);
}

mkdirSync(DIR, { recursive: true });
const names = opt('--names', `${ROOT}build/wasm-cmake/attention_core_names`); // another build's pair, to compare
copyFileSync(`${names}.js`, `${DIR}/core.cjs`);
copyFileSync(`${names}.wasm`, `${DIR}/attention_core_names.wasm`);
const sizes = opt('--sizes', '64x64,256x64,512x128,1024x64').split(',').map((s) => s.split('x').map(Number));
const ms = opt('--ms', '3000');
process.stdout.write(`load before: ${loadAverage().join(' ')}\n`);
for (const [n, dK] of sizes) {
  const { calls, profile } = JSON.parse(execFileSync(process.execPath, [new URL(import.meta.url).pathname, '--child', n, dK, ms], { encoding: 'utf8', maxBuffer: 1 << 28 }));
  const self = new Map();
  const dt = new Map(profile.nodes.map((node) => [node.id, 0]));
  profile.samples.forEach((id, i) => dt.set(id, dt.get(id) + (profile.timeDeltas[i] ?? 0)));
  let total = 0;
  for (const node of profile.nodes) {
    const file = node.callFrame.url.split('/').pop();
    const name = node.callFrame.functionName ? `${node.callFrame.functionName}${file ? ` [${file.replace(/^wasm:.*/, 'wasm')}]` : ''}` : `(${file || 'native'})`;
    self.set(name, (self.get(name) ?? 0) + dt.get(node.id));
    total += dt.get(node.id);
  }
  const busy = total - (self.get('(idle)') ?? 0) - (self.get('(program)') ?? 0) - (self.get('(garbage collector)') ?? 0);
  process.stdout.write(`\n(${n}, ${dK}): ${calls} calls in ${ms} ms, ${(Number(ms) / calls).toFixed(3)} ms a call (wall, profiler on)\n`);
  for (const [name, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 8))
    process.stdout.write(`  ${(100 * t / total).toFixed(1).padStart(5)} %  ${name}\n`);
  process.stdout.write(`  (JS + WASM busy ${(100 * busy / total).toFixed(1)} % of samples)\n`);
}
process.stdout.write(`\nload after: ${loadAverage().join(' ')}\n`);
