// What relaxed SIMD's fused multiply-add would give the attention kernel here: the f32x4 peak of twelve independent
// chains c = c·a + b as f32x4.mul then f32x4.add (what the engine's kernels are built from, as in
// cpp/bench/ceiling.h) against the same chains as one f32x4.relaxed_madd, each a tiny module encoded below, in Node
// and in headless Chromium and Firefox. A browser that does not validate relaxed_madd says so (WebKitGTK 2.50; Node
// 20 only with --experimental-wasm-relaxed-simd). A diagnostic for docs and notes, not a result table.
//
//   node [--experimental-wasm-relaxed-simd] bench/kernels/relaxed-peak.mjs [--browsers]
import { openBrowser, serve } from '../lib/browser.mjs';
import { loadAverage } from '../lib/machine.mjs';

const CHAINS = 12;

/** The module: (func (export "run") (param $n i32) (result f32)) running n steps of the twelve chains. */
export function peakModule(relaxed) {
  const f32 = (x) => [...new Uint8Array(new Float32Array([x]).buffer)];
  const splat = (x, local) => [0x43, ...f32(x), 0xfd, 0x13, 0x21, local]; // f32.const, f32x4.splat, local.set
  const step = (c) => (relaxed
    ? [0x20, c, 0x20, 1, 0x20, 2, 0xfd, 0x85, 0x02, 0x21, c] // relaxed_madd(c, a, b)
    : [0x20, c, 0x20, 1, 0xfd, 0xe6, 0x01, 0x20, 2, 0xfd, 0xe4, 0x01, 0x21, c]); // c·a, then + b
  const chains = Array.from({ length: CHAINS }, (_, i) => 3 + i); // locals: 0 n, 1 a, 2 b, 3.. the chains
  const body = [1, 2 + CHAINS, 0x7b, // one run of v128 locals
    ...splat(0.999, 1), ...splat(1e-4, 2), ...chains.flatMap((c, i) => splat(i * 1e-3, c)),
    0x02, 0x40, 0x03, 0x40, 0x20, 0, 0x45, 0x0d, 1, // block, loop, br_if (n == 0) out
    ...chains.flatMap(step),
    0x20, 0, 0x41, 1, 0x6b, 0x21, 0, 0x0c, 0, 0x0b, 0x0b, // n −= 1, br loop, end, end
    0x20, chains[0], ...chains.slice(1).flatMap((c) => [0x20, c, 0xfd, 0xe4, 0x01]), 0xfd, 0x1f, 0, 0x0b];
  const section = (id, bytes) => [id, ...leb(bytes.length), ...bytes];
  return new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0,
    ...section(1, [1, 0x60, 1, 0x7f, 1, 0x7d]), ...section(3, [1, 0]),
    ...section(7, [1, 3, 0x72, 0x75, 0x6e, 0, 0]), ...section(10, [1, ...leb(body.length), ...body])]);
}

function leb(n) {
  const out = [];
  do {
    out.push((n & 0x7f) | (n > 0x7f ? 0x80 : 0));
    n >>>= 7;
  } while (n);
  return out;
}

/** GFLOP/s of each module, best of 11 runs of n steps, the two alternated twice; runs where it is evaluated. */
export function measure({ modules, chains, n = 2e7 }) {
  const out = {};
  const runs = {};
  for (const [name, bytes] of Object.entries(modules)) {
    if (!WebAssembly.validate(new Uint8Array(bytes))) out[name] = 'does not validate';
    else runs[name] = new WebAssembly.Instance(new WebAssembly.Module(new Uint8Array(bytes))).exports.run;
  }
  for (const name of [...Object.keys(runs), ...Object.keys(runs)]) {
    runs[name](1000);
    let best = Infinity;
    for (let r = 0; r < 11; r += 1) {
      const start = performance.now();
      runs[name](n);
      best = Math.min(best, performance.now() - start);
    }
    out[name] = Math.round((n * chains * 8) / best / 1e5) / 10; // two flops per lane per step
  }
  return out;
}

const modules = { mulAdd: Array.from(peakModule(false)), relaxedMadd: Array.from(peakModule(true)) };
const line = (where, r) => {
  const ratio = typeof r.relaxedMadd === 'number' ? ` GFLOP/s (${(r.relaxedMadd / r.mulAdd).toFixed(2)}×)` : '';
  console.log(`${where}: mul+add ${r.mulAdd} GFLOP/s, relaxed_madd ${r.relaxedMadd}${ratio}`);
};
console.log(`${new Date().toISOString()}, load ${loadAverage().join(' ')}`);
line(`Node ${process.version}${process.execArgv.length ? ` ${process.execArgv.join(' ')}` : ''}`, measure({ modules, chains: CHAINS }));
if (process.argv.includes('--browsers')) {
  const server = await serve();
  for (const name of ['chromium', 'firefox', 'webkit']) {
    const browser = await openBrowser(name);
    try {
      const tab = await browser.open(`${server.origin}/index.html`);
      line(name, await tab.evaluate(measure, { modules, chains: CHAINS }));
    } finally {
      await browser.close();
    }
  }
  await server.close();
}
console.log(`load after: ${loadAverage().join(' ')}`);
process.exit(0);
