// The soak: tens of thousands of calls like the page's (every lesson's engine functions with settings drawn from a
// seeded generator, a small trainer made, stepped and deleted now and then, and rejected settings in between), each
// setting's first answer kept and every repeat compared with it, with the engine's heap, value handles and trainers
// printed at the start, every 10,000 calls and the end. It fails (exit 1) when an answer changes, a good call throws,
// or the engine holds more at the end than after its warm-up (the first fifth of the calls, at most 10,000).
//   node tests/soak.mjs [--calls 50000] [--seed 1]        (needs build/wasm/attention_core.cjs: build-scripts/build)
import { loadEngine } from '../web/engine.js';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const CALLS = option('--calls', 50000);
const SEED = option('--seed', 1);
const WARM_UP = Math.max(1, Math.min(10000, Math.floor(CALLS / 5)));

// A small seeded generator for choosing settings (which call, which value): not the engine's numbers.
let state = (SEED >>> 0) || 1;
const next = () => {
  state ^= state << 13; state >>>= 0;
  state ^= state >>> 17;
  state ^= state << 5; state >>>= 0;
  return state / 4294967296;
};
const pick = (list) => list[Math.floor(next() * list.length)];

const engine = await loadEngine();

// Each entry: a name and a function that draws settings and returns [settings, call]. Settings come from small lists,
// so the same settings come back often and their answers can be compared.
const CALLS_LIKE_THE_PAGE = [
  ['selfAttentionExample', () => {
    const o = { sentence: pick(['money bank grows', 'the river bank', 'a b c d e f']), dK: pick([1, 4, 16, 64]), dModel: pick([4, 8, 32]),
      seed: pick([1, 2]), scaled: pick([true, false]), causal: pick([true, false]) };
    return [o, () => engine.selfAttentionExample(o)];
  }],
  ['dotProducts', () => {
    const o = { dim: pick([3, 100, 1000]), pairs: pick([200, 1000]), distribution: pick(['uniform', 'normal']), seed: pick([1, 2]) };
    return [o, () => engine.dotProducts(o)];
  }],
  ['varianceSweep', () => {
    const o = { maxDim: pick([16, 64, 256]), vectors: pick([20, 50]), seed: pick([1, 2]), scaled: pick([true, false]) };
    return [o, () => engine.varianceSweep(o)];
  }],
  ['softmaxStats', () => {
    const o = { scores: pick([[1, 2, 3], [14, 10], [0.5, -1, 2, 7]]) };
    return [o, () => engine.softmaxStats(o)];
  }],
  ['gradientDistribution', () => {
    const o = { dK: pick([16, 64, 512]), n: pick([8, 16]), trials: pick([100, 200]), seed: pick([1, 2]) };
    return [o, () => engine.gradientDistribution(o)];
  }],
  ['boltzmann', () => {
    const o = { scores: pick([[3, 2, 0.5, -1], [1, 1, 1]]), betas: [pick([0, 0.001, 1, 1000])], shift: pick([0, 5]) };
    return [o, () => engine.boltzmann(o)];
  }],
  ['derivation', () => {
    const o = { dK: pick([4, 64]), samples: pick([500, 2000]), seed: pick([1, 2]), meanQ: pick([0, 1]), meanK: 0, correlation: pick([0, 0.5]) };
    return [o, () => engine.derivation(o)];
  }],
  ['multiHeadExample', () => {
    const o = { sentence: 'money bank grows', dModel: pick([8, 16]), heads: pick([1, 2, 4]), seed: pick([1, 2]), scaleBy: pick(['dk', 'dmodel', 'none']) };
    return [o, () => engine.multiHeadExample(o)];
  }],
  ['peakWeightCap', () => {
    const o = { n: pick([2, 20, 200]), sd: pick([0.5, 1, 3]) };
    return [o, () => engine.peakWeightCap(o)];
  }],
  ['lengthScaling', () => {
    const o = { ns: pick([[2, 10, 100], [1000, 1e6]]), top: 3, rest: -2, s: pick([0.43, 1]) };
    return [o, () => engine.lengthScaling(o)];
  }],
  ['qkNormDemo', () => {
    const o = { dK: pick([16, 64]), n: 16, drifts: [pick([0.5, 1, 2])], g: pick([2, 8]), samples: pick([50, 100]), seed: pick([1, 2]) };
    return [o, () => engine.qkNormDemo(o)];
  }],
  ['attention', () => {
    const n = pick([1, 3, 8]);
    const d = pick([2, 4]);
    const values = (count, s) => Array.from(engine.random({ seed: s, count, distribution: 'normal' }));
    const o = { q: values(n * d, 1), k: values(n * d, 2), v: values(n * d, 3), nQ: n, nK: n, dK: d, dV: d, causal: pick([true, false]) };
    return [{ n, d, causal: o.causal }, () => engine.attention(o)];
  }],
  ['trainer', () => {
    const o = { L: 5, R: 10, trainSize: 200, valSize: 20, testSize: 20, batchSize: 16, epochs: 1, seed: pick([1, 2]),
      betaStrategy: pick(['inverse-sqrt-dk', 'learned', 'dynamic']) };
    return [o, () => {
      const t = engine.createTrainer(o);
      try {
        t.step(3);
        return t.evaluate('val');
      } finally {
        t.delete();
      }
    }];
  }],
];

// Settings the engine must refuse by name, mixed in as a page with a bad link or a mistyped attribute would send.
const REFUSED = [
  () => engine.dotProducts({ dim: 0, pairs: 10 }),
  () => engine.attention({ q: [1], k: [1], v: [1], nQ: 1, nK: 1, dK: 2, dV: 1 }),
  () => engine.boltzmann({ scores: [], betas: [1] }),
  () => engine.createTrainer({ L: 1000000 }),
  () => engine.varianceSweep({ maxDim: 1e9 }),
];

/** A canonical text of an answer: typed arrays as arrays; timings (computeMs, …Ms) left out, they vary by design. */
const canonical = (value) => JSON.stringify(value, (key, v) => {
  if (/Ms$/.test(key)) return undefined;
  return ArrayBuffer.isView(v) ? Array.from(v) : v;
});

const mib = (bytes) => `${(bytes / 1048576).toFixed(2)} MiB`;
const show = (label, r, started) => console.log(`${label.padEnd(12)} heap ${mib(r.heapBytes)} (${r.heapBytes} bytes), value handles ${r.valueHandles}, `
  + `trainers ${r.trainers}${started ? `, ${((performance.now() - started) / 1000).toFixed(1)} s` : ''}`);

const answers = new Map();
let refused = 0;
let compared = 0;
let warm = null;
const started = performance.now();
show('start', engine.resources());
for (let call = 1; call <= CALLS; call += 1) {
  if (next() < 0.05) {
    try {
      pick(REFUSED)();
      console.error(`call ${call}: a bad setting was accepted`);
      process.exit(1);
    } catch (error) {
      if (!(error instanceof Error) || !/\w+: /.test(error.message)) {
        console.error(`call ${call}: a refusal that names nothing: ${error}`);
        process.exit(1);
      }
      refused += 1;
    }
  } else {
    const [name, make] = next() < 0.01 ? CALLS_LIKE_THE_PAGE.at(-1) : pick(CALLS_LIKE_THE_PAGE.slice(0, -1));
    const [settings, run] = make();
    const key = `${name} ${JSON.stringify(settings)}`;
    let text;
    try {
      text = canonical(run());
    } catch (error) {
      console.error(`call ${call}: ${key} threw ${error && error.message}`);
      process.exit(1);
    }
    if (answers.has(key)) {
      compared += 1;
      if (answers.get(key) !== text) {
        console.error(`call ${call}: ${key} answered differently from its first time`);
        process.exit(1);
      }
    } else {
      answers.set(key, text);
    }
  }
  if (call === WARM_UP) warm = engine.resources(); // the first calls have grown any kept scratch space to its working size
  if (call % 10000 === 0 || call === CALLS) show(call === CALLS ? 'end' : `${call} calls`, engine.resources(), started);
}
const end = engine.resources();
console.log(`${CALLS} calls (${refused} refused by name, ${compared} repeats compared with their first answer, ${answers.size} distinct settings)`);
const base = warm ?? end;
if (end.valueHandles > base.valueHandles || end.trainers !== 0 || end.heapBytes > base.heapBytes) {
  console.error(`the engine holds more than after its warm-up: ${JSON.stringify(base)} then ${JSON.stringify(end)}`);
  process.exit(1);
}
