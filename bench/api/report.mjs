// The markdown of bench/api/run.mjs's results: per environment (Node, headless Chromium) the attention table with the
// speed-ups the issue targets, the call overhead, and the kernel's GFLOP/s against the f32x4 ceiling.
import { SIZES } from './cases.mjs';
import { HIGH_LOAD, highLoad, runLoads } from '../lib/machine.mjs';

// Issue 34's targets: ÷ tfjs per size (every other size 1.3×), ÷ onnxruntime-web 1.3× at every n ≥ 256.
const TARGET = { '3,4': 5, '64,64': 2, '256,64': 1.5 };
const target = (n, dK) => TARGET[`${n},${dK}`] ?? 1.3;
const ortTarget = (n) => (n >= 256 ? 1.3 : 0);
const ms = (x) => (x === undefined ? '–' : x >= 100 ? x.toFixed(0) : x >= 1 ? x.toFixed(2) : x >= 0.01 ? x.toFixed(3) : x.toFixed(4));
const times = (x) => `${x.toFixed(2)}×`;

function attentionTable(part) {
  const rows = ['| case | ours: output only | ours: all four | tfjs, Kᵀ once | onnxruntime-web | ÷ tfjs | ÷ ORT | target | met? | ours, kernel only (inside WASM) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|---:|'];
  const verdicts = [];
  for (const [n, dK] of SIZES) {
    const key = `attention (${n}, ${dK})`;
    const r = part.attention[key];
    const vsTf = r.tfjs / r.ours, vsOrt = r.ort / r.ours;
    const met = vsTf >= target(n, dK) && vsOrt >= ortTarget(n);
    verdicts.push({ case: key, vsTfjs: vsTf, vsOrt, target: target(n, dK), ortTarget: ortTarget(n), met });
    const goal = `≥ ${target(n, dK)}× tfjs${ortTarget(n) ? `, ≥ ${ortTarget(n)}× ORT` : ''}`;
    rows.push(`| ${key} | ${ms(r.ours)} | ${ms(r.oursAll)} | ${ms(r.tfjs)} | ${ms(r.ort)} | ${times(vsTf)} | ${times(vsOrt)} | ${goal} | ${met ? 'met' : 'not met'} | ${ms(part.kernelOnly?.[key])} |`);
  }
  return { text: rows.join('\n'), verdicts };
}

function overheadTable(part) {
  const rows = ['| call | µs per call | target | met? |', '|---|---:|---|---|'];
  for (const [name, r] of Object.entries(part.overhead)) {
    const us = r.overhead * 1000;
    rows.push(`| ${name} | ${us.toFixed(3)} | ≤ 1.5 µs | ${us <= 1.5 ? 'met' : 'not met'} |`);
  }
  return rows.join('\n');
}

export function reportMarkdown(result) {
  const [before, after] = runLoads(result.run);
  const out = highLoad(result.run) ? [`**The 1-minute load was above ${HIGH_LOAD} (${before} at the start, ${after} at the end): ` +
    'these figures are indicative only, not a result to quote.**', ''] : [];
  out.push(`Public API benchmark (bench/api/run.mjs), ${result.env.date}; ${result.env.cpu}, ${result.env.cores} cores; Node ${result.env.node}.`,
    `CPU vector flags: ${result.env.isa || 'unknown'}.`,
    `Load: \`${result.env.uptime}\` at the start, \`${result.env.uptimeEnd}\` at the end. Medians in ms per call from interleaved rounds${result.env.clock ? `, timed by ${result.env.clock} in Node` : ''}.`, '');
  for (const [name, part] of [['Node', result.node], ['headless Chromium', result.browser]]) {
    if (!part) continue;
    out.push(`### ${name}${part.browserVersion ? ` (${part.browserVersion})` : ''}`, '');
    out.push(attentionTable(part).text, '');
    out.push(overheadTable(part), '');
    const k = part.kernel;
    out.push(`Attention kernel at (${k.n}, ${k.dK}), output only, inside WASM: ${k.kernelMs.toFixed(2)} ms = ${k.kernelGflops.toFixed(1)} GFLOP/s ` +
      `(4·n²·dK flops); f32x4 multiply-add ceiling measured in the same run: ${k.ceilingGflops.toFixed(1)} GFLOP/s; ` +
      `${(100 * k.share).toFixed(0)} % of it (target ≥ 70 %: ${k.share >= 0.7 ? 'met' : 'not met'}).`, '');
    if (k.bySize) {
      out.push('| kernel inside WASM | ms | GFLOP/s | share of the ceiling |', '|---|---:|---:|---:|');
      for (const [size, f] of Object.entries(k.bySize)) out.push(`| fused attention, output only (${size}) | ${ms(f.ms)} | ${f.gflops.toFixed(1)} | ${(100 * f.share).toFixed(0)} % |`);
      for (const [name, f] of Object.entries(k.products ?? {})) out.push(`| unfused ${name === 'qkt' ? 'Q·Kᵀ' : 'W·V'} alone (${k.n},${k.dK}) | ${ms(f.ms)} | ${f.gflops.toFixed(1)} | ${(100 * f.share).toFixed(0)} % |`);
      out.push('');
    }
    if (part.versions) out.push(`tfjs-backend-wasm ${part.versions.tfjs} (${part.versions.tfjsBinary}, one thread), onnxruntime-web ${part.versions.ort} (wasm, one thread); outputs checked against ours before timing (max |diff| ${Object.entries(part.checks).map(([id, v]) => `${id} ${v.toExponential(1)}`).join(', ')}). Load during this part: ${part.loadStart} → ${part.loadEnd}.`, '');
  }
  return `${out.join('\n')}\n`;
}

export { attentionTable };
