// The implementations the benchmark compares, each behind one small adapter: our three WASM modules (through their
// benchmark() binding, which times inside WASM) and tfjs-backend-wasm (timed here, around tf.tidy + dataSync).
// An adapter runs one batch and answers per-run milliseconds; it knows nothing of rounds, medians or tables.
import { createRequire } from 'node:module';
import { readFileSync, statSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);
export const ROOT = new URL('../../', import.meta.url).pathname;

/** A case: { op: 'attention' | 'softmax' | 'qkt' | 'wv', n, dK } (dK is absent for softmax). */
export function caseLabel(c) {
  if (c.op === 'softmax') return `softmax ${c.n}×${c.n}`;
  if (c.op === 'attention') return `attention (${c.n}, ${c.dK})`;
  return `${c.op === 'qkt' ? 'Q·Kᵀ' : 'W·V'} (${c.n}, ${c.dK})`;
}

/** A benchmark binding's answer: a string is its complaint. */
export function unwrap(name, answer) {
  if (typeof answer === 'string') throw new Error(`${name}: ${answer}`);
  return answer;
}

/** One of our Emscripten modules (build/wasm/<file>.cjs): its benchmark() binding does the timing in WASM. */
async function ourModule(id, label, file, expect) {
  const path = `${ROOT}build/wasm/${file}.cjs`;
  const core = await require(path)();
  const info = core.benchmarkInfo();
  if (info.implementation !== expect.implementation || info.kernels !== expect.kernels) {
    throw new Error(`${path}: benchmarkInfo() says ${JSON.stringify(info)}, expected ${JSON.stringify(expect)}`);
  }
  // benchmark(op, n, dK, repeats, inner, warmup, seed, output), cpp/bindings/benchmark.cpp
  const call = (c, repeats, inner, warmup, output) => core.benchmark(c.op, c.n, c.dK ?? 1, repeats, inner, warmup, 1, output);
  return {
    id,
    label,
    info: { ...info, file: `build/wasm/${file}.cjs` },
    core,
    /** Per-run ms of `repeats` samples, each the mean of `inner` runs, after one untimed warm-up run. */
    supports: () => true,
    run(c, { repeats, inner }) {
      return unwrap(`${id} benchmark`, call(c, repeats, inner, 1, false));
    },
    /** The result of one run (for the cross-check). */
    output(c) {
      return unwrap(`${id} benchmark`, call(c, 1, 1, 0, true));
    },
  };
}

export function loadOurModules() {
  return Promise.all([
    ourModule('scalar', 'WASM scalar', 'attention_core_scalar', { implementation: 'engine', kernels: 'scalar' }),
    ourModule('simd', 'WASM SIMD (ours)', 'attention_core', { implementation: 'engine', kernels: 'wasm_simd128' }),
    ourModule('eigen', 'Eigen (WASM)', 'attention_core_eigen', { implementation: 'eigen', kernels: 'wasm_simd128' }),
  ]);
}

/** Seeded N(0, 1) (or uniform) float32 data from our engine's generator, so tfjs sees the same inputs as we do. */
function engineRandom(engine, seed, count, distribution) {
  const out = new Float32Array(count);
  const chunk = 1 << 20;  // the random binding's limit; chunks past the first use seeds seed+1, … (timing only)
  for (let start = 0, s = seed; start < count; start += chunk, s += 1) {
    const part = engine.random({ seed: s, count: Math.min(chunk, count - start), distribution });
    out.set(part, start);
  }
  return out;
}

/**
 * @tensorflow/tfjs-core + tfjs-backend-wasm, one thread. Node loads the backend's .wasm files from its own dist/
 * folder with fs (the Emscripten loader takes its Node path, not fetch), so setWasmPaths is not needed; which file
 * was instantiated is recorded below by wrapping WebAssembly.instantiate while the backend starts.
 */
export async function loadTfjs(engine) {
  const tf = await import('@tensorflow/tfjs-core');
  const wasmBackend = await import('@tensorflow/tfjs-backend-wasm');
  wasmBackend.setThreadsCount(1);

  const dist = `${ROOT}node_modules/@tensorflow/tfjs-backend-wasm/dist/`;
  const binaries = ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm-threaded-simd.wasm'];
  const sizes = new Map(binaries.map((name) => [statSync(dist + name).size, name]));
  const instantiated = [];
  const original = WebAssembly.instantiate;
  WebAssembly.instantiate = function (source, ...rest) {
    if (ArrayBuffer.isView(source) || source instanceof ArrayBuffer) instantiated.push(source.byteLength);
    return original.call(this, source, ...rest);
  };
  try {
    if (!(await tf.setBackend('wasm'))) throw new Error('tf.setBackend("wasm") failed');
    await tf.ready();
  } finally {
    WebAssembly.instantiate = original;
  }
  const binary = instantiated.map((size) => sizes.get(size)).find(Boolean) ?? 'unknown';
  const info = {
    tfjsCore: tf.version_core,
    backendWasm: JSON.parse(readFileSync(`${dist}../package.json`, 'utf8')).version,
    backend: tf.getBackend(),
    simdSupported: await tf.env().getAsync('WASM_HAS_SIMD_SUPPORT'),
    multithreadSupported: await tf.env().getAsync('WASM_HAS_MULTITHREAD_SUPPORT'),
    threads: wasmBackend.getThreadsCount(),
    binary,
  };
  if (info.backend !== 'wasm' || binary !== 'tfjs-backend-wasm-simd.wasm' || info.threads !== 1) {
    throw new Error(`tfjs is not on the one-thread SIMD wasm backend: ${JSON.stringify(info)}`);
  }

  // Tensors are created once per case and kept (as our modules keep their inputs in WASM memory during a batch).
  const tensors = new Map();
  const inputs = (c) => {
    const key = JSON.stringify(c);
    if (!tensors.has(key)) {
      const { op, n, dK } = c;
      let t;
      if (op === 'softmax') {
        t = { x: tf.tensor2d(engineRandom(engine, 1, n * n, 'normal'), [n, n]) };
      } else if (op === 'wv') {  // the same distributions as our benchmark(), other draws (used for timing only)
        const w = engineRandom(engine, 1, n * n, 'uniform').map((u) => (u * 2) / n);
        t = { w: tf.tensor2d(w, [n, n]), v: tf.tensor2d(engineRandom(engine, 2, n * dK, 'normal'), [n, dK]) };
      } else {  // q, k, v: the first 3·n·dK normals of seed 1, exactly as our benchmark() fills them
        const qkv = engineRandom(engine, 1, 3 * n * dK, 'normal');
        const part = (i) => tf.tensor2d(qkv.subarray(i * n * dK, (i + 1) * n * dK), [n, dK]);
        t = { q: part(0), k: part(1), v: part(2), scale: tf.scalar(1 / Math.sqrt(dK)) };
      }
      tensors.set(key, t);
    }
    return tensors.get(key);
  };
  // The timed operations, exactly as the issue states them. With preTransposed (a diagnostic), K is transposed
  // once with the tensors instead of asking matMul for transposeB, which tfjs-backend-wasm runs far more slowly.
  const compute = (c, t, preTransposed) => {
    switch (c.op) {
      case 'attention':
        return preTransposed
          ? tf.tidy(() => tf.matMul(tf.softmax(tf.mul(tf.matMul(t.q, t.kT), t.scale)), t.v))
          : tf.tidy(() => tf.matMul(tf.softmax(tf.mul(tf.matMul(t.q, t.k, false, true), t.scale)), t.v));
      case 'softmax': return tf.tidy(() => tf.softmax(t.x));
      case 'qkt': return preTransposed ? tf.tidy(() => tf.matMul(t.q, t.kT)) : tf.tidy(() => tf.matMul(t.q, t.k, false, true));
      case 'wv': return tf.tidy(() => tf.matMul(t.w, t.v));
    }
    throw new Error(`unknown op ${c.op}`);
  };
  const make = (id, label, { readBack, preTransposed = false }) => ({
    id,
    label,
    info,
    supports: (c) => !preTransposed || c.op === 'attention' || c.op === 'qkt',
    run(c, { repeats, inner }) {
      const t = inputs(c);
      if (preTransposed && !t.kT) t.kT = tf.transpose(t.k);
      const once = () => {
        const y = compute(c, t, preTransposed);
        if (readBack) y.dataSync();
        y.dispose();
      };
      once();  // warm-up, as our modules do one untimed run per batch
      const ms = new Float64Array(repeats);
      for (let r = 0; r < repeats; r += 1) {
        const start = performance.now();
        for (let i = 0; i < inner; i += 1) once();
        ms[r] = (performance.now() - start) / inner;
      }
      return ms;
    },
    output(c) {
      const t = inputs(c);
      if (preTransposed && !t.kT) t.kT = tf.transpose(t.k);
      const y = compute(c, t, preTransposed);
      const data = y.dataSync().slice();
      y.dispose();
      return data;
    },
  });
  return {
    tf,
    info,
    // The figure the targets use: compute, then read the result back to JS (dataSync), as the issue asks.
    tfjs: make('tfjs', 'tfjs-wasm', { readBack: true }),
    // Diagnostics: the same without dataSync (the wasm backend computes eagerly, so this is compute + dispatch),
    // and with K transposed once outside the timed op (matMul(q, kT) instead of matMul(q, k, false, true)).
    tfjsNoRead: make('tfjsNoRead', 'tfjs-wasm, no dataSync', { readBack: false }),
    tfjsKt: make('tfjsKt', 'tfjs-wasm, Kᵀ made once', { readBack: true, preTransposed: true }),
    dispose() {
      for (const t of tensors.values()) for (const tensor of Object.values(t)) tensor.dispose();
      tensors.clear();
    },
  };
}
