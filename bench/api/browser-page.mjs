// The browser side of bench/api/run.mjs: the same cases (bench/api/cases.mjs) on the page's engine, tfjs-backend-wasm and
// onnxruntime-web inside headless Chromium. Bundled by bench/api/browser.mjs (esbuild) and served from the
// repository root; its result goes to window.benchResult for the driver to read.
import * as tf from '@tensorflow/tfjs-core';
import * as tfWasm from '@tensorflow/tfjs-backend-wasm';
import * as ort from 'onnxruntime-web/wasm';

import createAttentionCore from '../../build/wasm/attention_core.cjs';
import { loadEngine } from '../../web/engine.js';
import { OVERHEAD, SIZES, crossCheck, kernelFigures, kernelOnlyFigures, onnx, ours, overhead, run, tfjs } from './cases.mjs';

async function main() {
  const params = new URLSearchParams(location.search);
  const rounds = Number(params.get('rounds') ?? 10);
  const batchMs = Number(params.get('batchMs') ?? 40);
  const engine = await loadEngine();
  tfWasm.setWasmPaths('/node_modules/@tensorflow/tfjs-backend-wasm/dist/');
  tfWasm.setThreadsCount(1);
  if (!(await tf.setBackend('wasm'))) throw new Error('tf.setBackend("wasm") failed');
  await tf.ready();
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.wasmPaths = '/node_modules/onnxruntime-web/dist/';
  const core = createAttentionCore();
  const cases = SIZES.map(([n, dK]) => ({ op: 'attention', n, dK }));
  const impls = [ours(engine, 'output'), ours(engine, 'all'), tfjs(tf, engine), onnx(ort, engine)];
  for (const impl of impls) for (const c of cases) await impl.prepare(c);
  const checks = await crossCheck([impls[0], impls[2], impls[3]], cases);
  const over = await run([overhead(engine)], OVERHEAD, { rounds, batchMs });
  const attention = await run(impls, cases, { rounds, batchMs });
  const kernelOnly = kernelOnlyFigures(core, cases);
  const kernel = kernelFigures(core);
  return {
    overhead: over, attention, kernelOnly, kernel, checks,
    versions: { tfjs: tf.version_core, tfjsBinary: (await tf.env().getAsync('WASM_HAS_SIMD_SUPPORT')) ? 'SIMD binary' : 'no SIMD', ort: ort.env.versions.web },
  };
}

main().then((result) => {
  window.benchResult = result;
}, (error) => {
  window.benchResult = { error: String(error.stack ?? error) };
});
