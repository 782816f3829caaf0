// A diagnostic for the WebAssembly trap WebKitGTK sometimes raises in alignmentScaling ("Out of bounds memory
// access"; web/engine.js retries such a call once). It serves a page that makes K fresh engine instances, each
// calling alignmentScaling twice with the page's first settings, LOADS times in one browser, and prints per load the
// traps of each instance and how often the instances' memories grew (and failed to). Per trap it prints the heap's
// size then, that instance's grows with their results, and the trap's stack: a failed memory.grow that left an
// allocation unchecked would show there. The same calls with the same options are deterministic, so a trap in one
// instance and not in the next is not the engine's arithmetic. It asserts nothing.
//
//   node tests/browsers/trap-repro.mjs [--browser webkit|firefox] [--instances 40] [--loads 6] [--samples 400]
// JSC options go through the environment to WebKit's web process, e.g. JSC_useWasmFastMemory=0 (bounds-checked
// memory instead of the signal-handled reservation) or JSC_crashIfWasmCantFastMemory=1 (the web process stops when a
// memory cannot have its reservation). WebKitGTK 2.50 names these so; it ignores a name it does not know and says so
// on stderr ("invalid option"), which this script prints.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import esbuild from 'esbuild';
import { pageBuildOptions } from '../../web/build.mjs';
import { launch } from './drivers.mjs';
import { startStaticServer } from '../../build-scripts/static-server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = { browser: 'webkit', instances: 40, loads: 6, samples: 400 };
for (let i = 2; i < process.argv.length; i += 2) {
  const key = process.argv[i].replace(/^--/, '');
  if (!(key in args)) throw new Error(`unknown option ${process.argv[i]}: see the usage line at the top of tests/browsers/trap-repro.mjs`);
  args[key] = key === 'browser' ? process.argv[i + 1] : Number(process.argv[i + 1]);
}

const out = path.join(ROOT, 'build', 'trap-repro');
fs.mkdirSync(out, { recursive: true });
await esbuild.build({ ...pageBuildOptions(), entryPoints: [path.join(ROOT, 'tests/browsers/trap-repro/page.js')], outfile: path.join(out, 'app.js'), sourcemap: false, logLevel: 'error' });
fs.writeFileSync(path.join(out, 'index.html'), '<!doctype html><meta charset="utf-8"><title>trap repro</title><body><script src="app.js"></script>\n');

const { server } = await startStaticServer({ port: 0, host: '127.0.0.1', root: ROOT });
const url = `http://127.0.0.1:${server.address().port}/build/trap-repro/index.html`;
const jsc = Object.entries(process.env).filter(([k]) => k.startsWith('JSC_')).map(([k, v]) => `${k}=${v}`).join(' ');
console.log(`${new Date().toISOString()} ${args.browser}${jsc ? ` (${jsc})` : ''}: ${args.loads} loads × ${args.instances} instances, ${args.samples} rows a call`);
const browser = await launch(args.browser);
let traps = 0;
let instances = 0;
let grew = 0;
let growFailed = 0;
try {
  for (let load = 0; load < args.loads; load += 1) {
    const tab = await browser.open(url, { width: 800, height: 600 });
    await tab.until(() => document.body.dataset.ready === '1');
    const { line, grows, traps: seen } = await tab.evaluate((k, s) => window.runRepro(k, s), args.instances, args.samples);
    traps += [...line].filter((c) => c === '1' || c === '2').length;
    instances += args.instances;
    grew += grows.all;
    growFailed += grows.failed;
    console.log(`load ${load + 1}: ${line} (memory grows: ${grows.all}, failed: ${grows.failed})`);
    for (const t of seen) console.log(`  trap in instance ${t.instance}: heap ${t.heapBytes} bytes, grows ${JSON.stringify(t.grows)}; ${t.message}; ${t.stack}`);
    await tab.close?.();
  }
} finally {
  // WebKit's driver output (its browser's stderr), where JSC reports options it did not take.
  for (const line of new Set((browser.output?.() ?? '').split('\n'))) if (/invalid option/.test(line)) console.log(line);
  await browser.close();
  server.close();
  console.log(`instances that trapped: ${traps} of ${instances}; memory grows: ${grew}, failed: ${growFailed}`);
}
