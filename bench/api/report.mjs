// The markdown of bench/api/run.mjs's results: per environment (Node, headless Chromium) the attention table with the
// speed-ups the issue targets, the call overhead, and the kernel's GFLOP/s against the f32x4 ceiling.
import { SIZES } from './cases.mjs';

const TARGET = { '3,4': 5, '64,64': 2 }; // every other size: 1.3
const target = (n, dK) => TARGET[`${n},${dK}`] ?? 1.3;
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
    const met = vsTf >= target(n, dK) && vsOrt >= target(n, dK);
    verdicts.push({ case: key, vsTfjs: vsTf, vsOrt, target: target(n, dK), met });
    rows.push(`| ${key} | ${ms(r.ours)} | ${ms(r.oursAll)} | ${ms(r.tfjs)} | ${ms(r.ort)} | ${times(vsTf)} | ${times(vsOrt)} | ≥ ${target(n, dK)}× | ${met ? 'met' : 'not met'} | ${ms(part.kernelOnly?.[key])} |`);
  }
  return { text: rows.join('\n'), verdicts };
}

function overheadTable(part) {
  const rows = ['| call | µs per call | target | met? |', '|---|---:|---|---|'];
  for (const [name, r] of Object.entries(part.overhead)) {
    const us = r.overhead * 1000;
    rows.push(`| ${name} | ${us.toFixed(3)} | ≤ 1 µs | ${us <= 1 ? 'met' : 'not met'} |`);
  }
  return rows.join('\n');
}

export function reportMarkdown(result) {
  const out = [`Public API benchmark (bench/api/run.mjs), ${result.env.date}; ${result.env.cpu}, ${result.env.cores} cores; Node ${result.env.node}.`,
    `Load: \`${result.env.uptime}\` at the start, \`${result.env.uptimeEnd}\` at the end. Medians in ms per call from interleaved rounds.`, ''];
  for (const [name, part] of [['Node', result.node], ['headless Chromium', result.browser]]) {
    if (!part) continue;
    out.push(`### ${name}${part.browserVersion ? ` (${part.browserVersion})` : ''}`, '');
    out.push(attentionTable(part).text, '');
    out.push(overheadTable(part), '');
    const k = part.kernel;
    out.push(`Attention kernel at (${k.n}, ${k.dK}), output only, inside WASM: ${k.kernelMs.toFixed(2)} ms = ${k.kernelGflops.toFixed(1)} GFLOP/s ` +
      `(4·n²·dK flops); f32x4 multiply-add ceiling measured in the same run: ${k.ceilingGflops.toFixed(1)} GFLOP/s; ` +
      `${(100 * k.share).toFixed(0)} % of it (target ≥ 80 %: ${k.share >= 0.8 ? 'met' : 'not met'}).`, '');
    if (part.versions) out.push(`tfjs-backend-wasm ${part.versions.tfjs} (${part.versions.tfjsBinary}, one thread), onnxruntime-web ${part.versions.ort} (wasm, one thread); outputs checked against ours before timing (max |diff| ${Object.entries(part.checks).map(([id, v]) => `${id} ${v.toExponential(1)}`).join(', ')}). Load during this part: ${part.loadStart} → ${part.loadEnd}.`, '');
  }
  return `${out.join('\n')}\n`;
}

export { attentionTable };
