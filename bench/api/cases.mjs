// What a user waits for, in Node and in the browser alike: the public engine.attention() (only the output, and all
// four results), tfjs-backend-wasm at its fastest formulation (K transposed once, then matMul; the result read back
// with dataSync) and onnxruntime-web (wasm, one thread; the same attention as an ONNX graph, bench/api/onnx-attention.mjs),
// each on the same seeded inputs, plus the call overhead of dot and of a tiny attention. Every implementation is an
// adapter { id, label, prepare(c), batch(c, calls) → ms per call }; run() interleaves them round-robin. It prints
// nothing and knows nothing of Node or the DOM: bench/api/run.mjs and bench/api/browser-page.mjs drive it.
import { median } from '../lib/stats.mjs';
import { attentionModel } from './onnx-attention.mjs';

export const SIZES = [[3, 4], [64, 64], [256, 64], [512, 128], [1024, 64]];
export const OVERHEAD = [{ op: 'dot', n: 2 }, { op: 'attention', n: 3, dK: 4, outputs: 'all' }, { op: 'attention', n: 3, dK: 4, outputs: 'output' }];
export const label = (c) => (c.op === 'dot' ? `dot of ${c.n} values`
  : `attention (${c.n}, ${c.dK})${c.outputs === 'all' ? ', all four outputs' : c.outputs === 'output' ? ', outputs: ["output"]' : ''}`);

const wallClock = () => performance.now();
let now = wallClock;
/**
 * Times every batch by another clock from here on: bench/api/run.mjs --cpu-time passes the process's CPU time in ms, so
 * that on a busy machine the time the process waits for a core is not counted (the other implementations run in the
 * same thread, so the same clock is fair to them; a core shared with a busy hyperthread still slows all of them).
 */
export const useClock = (clock) => {
  now = clock;
};
const flops = (n, dK) => 4 * n * n * dK; // Q·Kᵀ and W·V, two multiply-adds per entry each

/** Seeded N(0, 1) float32 inputs from the engine's own generator, identical for every implementation. */
function inputs(engine, n, dK) {
  const draw = (seed) => Float32Array.from(engine.random({ seed, count: n * dK, distribution: 'normal' }));
  return { q: draw(1), k: draw(2), v: draw(3) };
}

/** The engine's public API: options made once, each call copies q, k, v in and the results out. */
export function ours(engine, outputs) {
  const cases = new Map();
  return {
    id: outputs === 'output' ? 'ours' : 'oursAll',
    label: outputs === 'output' ? 'engine.attention, outputs: ["output"]' : 'engine.attention, all four outputs',
    prepare(c) {
      const { q, k, v } = inputs(engine, c.n, c.dK);
      cases.set(c, { q, k, v, nQ: c.n, nK: c.n, dK: c.dK, dV: c.dK, ...(outputs === 'output' ? { outputs: ['output'] } : {}) });
    },
    output: (c) => engine.attention(cases.get(c)).output,
    batch(c, calls) {
      const options = cases.get(c);
      const start = now();
      for (let i = 0; i < calls; i += 1) engine.attention(options);
      return (now() - start) / calls;
    },
  };
}

/** tfjs-backend-wasm: tensors resident, K transposed once outside the timed call, the output read with dataSync. */
export function tfjs(tf, engine) {
  const cases = new Map();
  const compute = (t) => tf.tidy(() => tf.matMul(tf.softmax(tf.mul(tf.matMul(t.q, t.kT), t.scale)), t.v));
  return {
    id: 'tfjs',
    label: 'tfjs-backend-wasm, Kᵀ made once',
    prepare(c) {
      const { q, k, v } = inputs(engine, c.n, c.dK);
      const kTensor = tf.tensor2d(k, [c.n, c.dK]);
      cases.set(c, { q: tf.tensor2d(q, [c.n, c.dK]), kT: tf.transpose(kTensor), v: tf.tensor2d(v, [c.n, c.dK]), scale: tf.scalar(1 / Math.sqrt(c.dK)) });
      kTensor.dispose();
    },
    output(c) {
      const y = compute(cases.get(c));
      const data = y.dataSync().slice();
      y.dispose();
      return data;
    },
    batch(c, calls) {
      const t = cases.get(c);
      const start = now();
      for (let i = 0; i < calls; i += 1) {
        const y = compute(t);
        y.dataSync();
        y.dispose();
      }
      return (now() - start) / calls;
    },
    dispose() {
      for (const t of cases.values()) for (const x of Object.values(t)) x.dispose();
    },
  };
}

/** onnxruntime-web, wasm backend, one thread: one session per size, inputs as ort.Tensors made once. */
export function onnx(ort, engine) {
  const cases = new Map();
  return {
    id: 'ort',
    label: 'onnxruntime-web (wasm, 1 thread), Kᵀ made once',
    async prepare(c) {
      const { q, k, v } = inputs(engine, c.n, c.dK);
      const kT = new Float32Array(c.n * c.dK);
      for (let i = 0; i < c.n; i += 1) for (let j = 0; j < c.dK; j += 1) kT[j * c.n + i] = k[i * c.dK + j];
      const session = await ort.InferenceSession.create(attentionModel(c.n, c.dK), { executionProviders: ['wasm'], graphOptimizationLevel: 'all' });
      const feeds = { q: new ort.Tensor('float32', q, [c.n, c.dK]), kT: new ort.Tensor('float32', kT, [c.dK, c.n]),
        v: new ort.Tensor('float32', v, [c.n, c.dK]), scale: new ort.Tensor('float32', new Float32Array([1 / Math.sqrt(c.dK)]), []) };
      cases.set(c, { session, feeds });
    },
    async output(c) {
      const { session, feeds } = cases.get(c);
      return (await session.run(feeds)).output.data;
    },
    async batch(c, calls) {
      const { session, feeds } = cases.get(c);
      const start = now();
      for (let i = 0; i < calls; i += 1) (await session.run(feeds)).output.data; // eslint-disable-line no-unused-expressions
      return (now() - start) / calls;
    },
  };
}

/** The call-overhead cases: dot of two plain two-element arrays, attention at (3, 4) from Float32Arrays. */
export function overhead(engine) {
  const a = [1, 2], b = [3, 4];
  const small = inputs(engine, 3, 4);
  const options = { all: { ...small, nQ: 3, nK: 3, dK: 4, dV: 4 }, output: { ...small, nQ: 3, nK: 3, dK: 4, dV: 4, outputs: ['output'] } };
  return {
    id: 'overhead',
    batch(c, calls) {
      const start = now();
      if (c.op === 'dot') for (let i = 0; i < calls; i += 1) engine.dot(a, b);
      else for (let i = 0; i < calls; i += 1) engine.attention(options[c.outputs]);
      return (now() - start) / calls;
    },
  };
}

/** Per case, the median ms of the attention kernel alone inside WASM (output only, no JS copies; 9 samples). */
export function kernelOnlyFigures(core, cases) {
  return Object.fromEntries(cases.map((c) => [label(c), median(core.benchmark('attention-output', c.n, c.dK, 9, Math.max(1, Math.round(2e6 / (c.n * c.n * c.dK))), 1, 1, false))]));
}

/** Largest |a − b| over the outputs of each implementation against ours, per size; throws when they disagree. */
export async function crossCheck(impls, cases) {
  const worst = {};
  for (const c of cases) {
    const ref = await impls[0].output(c);
    for (const impl of impls.slice(1)) {
      const out = await impl.output(c);
      let max = 0;
      for (let i = 0; i < ref.length; i += 1) {
        const d = Math.abs(out[i] - ref[i]);
        if (!(d <= 1e-4 + 1e-3 * Math.abs(ref[i]))) throw new Error(`${impl.id} disagrees with ours at ${label(c)}[${i}]: ${out[i]} vs ${ref[i]}`);
        max = Math.max(max, d);
      }
      worst[impl.id] = Math.max(worst[impl.id] ?? 0, max);
    }
  }
  return worst;
}

/**
 * Interleaved rounds: in each, every implementation runs one batch of every case, in an order that rotates from
 * round to round; a batch lasts about batchMs. Answers { [caseLabel]: { [id]: median ms per call } } and the rounds.
 */
export async function run(impls, cases, { rounds = 10, batchMs = 40, log = () => {} } = {}) {
  const plan = [];
  for (const c of cases) {
    for (const impl of impls) {
      let calls = 1;
      let ms = await impl.batch(c, calls);
      while (ms * calls < batchMs / 4 && calls < 1e6) {
        calls *= 4;
        ms = await impl.batch(c, calls);
      }
      plan.push({ c, impl, calls: Math.max(1, Math.round(batchMs / Math.max(ms, 1e-6))), samples: [] });
    }
  }
  for (let r = 0; r <= rounds; r += 1) {
    const order = plan.map((p, i) => plan[(i + r * 7) % plan.length]);
    for (const p of order) {
      const ms = await p.impl.batch(p.c, p.calls);
      if (r > 0) p.samples.push(ms); // round 0 warms up
    }
    if (r > 0) log(`round ${r}/${rounds}`);
  }
  const table = {};
  for (const p of plan) {
    table[label(p.c)] ??= {};
    table[label(p.c)][p.impl.id] = median(p.samples);
  }
  return table;
}

/**
 * The kernels' GFLOP/s inside WASM against the f32x4 multiply-add ceiling (cpp/bench/ceiling.h), measured in the same
 * process: the fused output-only attention at every size (4·n²·dK flops), and at (n, dK) the unfused passes' two
 * products alone, Q·Kᵀ and W·V (2·n²·dK each). Answers { n, dK, kernelMs, kernelGflops, ceilingGflops, share, bySize, products }.
 */
export function kernelFigures(core, n = 1024, dK = 64, sizes = SIZES) {
  // Each figure from `repeats` separate calls into WASM, timed by the module (the wall clock) or, after useClock, by
  // that clock around each call.
  const times = (call, repeats) => (now === wallClock ? Array.from(call(repeats)) : Array.from({ length: repeats }, () => {
    const start = now();
    call(1);
    return now() - start;
  }));
  // The ceiling is the least disturbed of 31 short runs (about 2 ms each at 40 GFLOP/s): a ceiling is a best case,
  // and one long run on a busy machine is preempted (the kernels' times stay medians).
  const iterations = 1e6;
  const ceilingMs = Math.min(...times((r) => core.benchmarkCeiling(r, iterations), 31));
  const ceiling = (iterations * (core.benchmarkInfo().ceilingFlopsPerIteration ?? 64)) / ceilingMs / 1e6;
  const gflops = (op, m, d, f) => {
    const inner = Math.max(1, Math.round(2e6 / (m * m * d)));
    core.benchmark(op, m, d, 1, inner, 1, 1, false); // warm-up
    const t = median(times((r) => core.benchmark(op, m, d, r, inner, 0, 1, false), 7)) / (now === wallClock ? 1 : inner);
    return { ms: t, gflops: f / t / 1e6, share: f / t / 1e6 / ceiling };
  };
  const bySize = Object.fromEntries(sizes.filter(([m]) => m >= 64).map(([m, d]) => [`${m},${d}`, gflops('attention-output', m, d, flops(m, d))]));
  const products = { qkt: gflops('qkt', n, dK, flops(n, dK) / 2), wv: gflops('wv', n, dK, flops(n, dK) / 2) };
  const main = bySize[`${n},${dK}`] ?? gflops('attention-output', n, dK, flops(n, dK));
  return { n, dK, kernelMs: main.ms, kernelGflops: main.gflops, ceilingGflops: ceiling, share: main.share, bySize, products };
}

export { flops, median };
