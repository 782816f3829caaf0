// The engine's hand-written methods around plain WASM exports: attention, softmax, softmaxNaive and dot take
// pointers and sizes, so no JS value crosses on their way. attention lays out only the results asked for after its
// options (web/schema/attention-fast.js reads those), and every one answers copies, never views of WASM memory.
import { readAttention } from '../schema/attention-fast.js';
import { placed } from '../schema/validate.js';
import { fmt } from '../schema/types.js';
import { align } from './arena.js';

/** attention's bytes after its options: the results asked for, the workspace and the problem slot. */
const attentionBytes = (o) => {
  const plane = 4 * o.heads * o.nQ * o.nK;
  let bytes = 0;
  for (let bit = 0; bit < 3; bit += 1) if (o.outputs & (1 << bit)) bytes += align(plane);
  if (o.outputs & 8) bytes += align(4 * o.nQ * o.heads * o.dV);
  return bytes + align(4 * 2 * 8 * o.nK) + 16; // the workspace (kAttentionRowBlock rows, twice) and the problem slot
};

/** attention, softmax, softmaxNaive and dot of one engine (`calls` from makeCalls, `guarded` from makeTrapGuard). */
export function plainMethods(core, arena, calls, guarded) {
  // q, k and v's float32 copies checked by the engine's f32x4 kernel: at (64, 64) the JavaScript loop took about a
  // quarter of the call (bench/api/profile.mjs).
  const finite = (heap, start, n) => core._asl_first_nonfinite(start << 2, n) < 0;

  function attention(options) {
    const o = calls.readWith('attention', () => readAttention(options, arena, attentionBytes, finite));
    const [q, k, v] = placed.lists;
    const plane = o.heads * o.nQ * o.nK;
    const outLength = o.nQ * o.heads * o.dV;
    const at = [0, 0, 0, 0];
    let next = placed.end;
    for (let bit = 0; bit < 4; bit += 1) {
      if (!(o.outputs & (1 << bit))) continue;
      at[bit] = next;
      next += align(4 * (bit === 3 ? outLength : plane));
    }
    const workspace = next;
    const problem = workspace + align(4 * 2 * 8 * o.nK);
    try {
      const status = core._asl_attention(q, k, v, o.nQ, o.nK, o.dK, o.dV, o.heads,
        o.scale, o.causal ? 1 : 0, at[0], at[1], at[2], at[3], workspace, problem);
      const heap = core.HEAPF32;
      if (status > 0) {
        throw new Error(`attention: the scaled scores overflow float32 (score ${status - 1} = ${fmt(heap[problem >> 2])}): ` +
          'allowed inputs whose scale·q·k stays within ±3.4e38; scale q, k or scale down');
      }
      if (status < 0) {
        throw new Error(`attention: the output overflows float32 (entry ${-status - 1}): allowed values whose weighted ` +
          'sums stay within ±3.4e38; scale v down');
      }
      const copy = (bit, n) => heap.slice(at[bit] >> 2, (at[bit] >> 2) + n);
      const result = {}; // named stores, in OUTPUTS order, so every result of one kind has one shape
      if (at[0]) result.scores = copy(0, plane);
      if (at[1]) result.scaledScores = copy(1, plane);
      if (at[2]) result.weights = copy(2, plane);
      if (at[3]) result.output = copy(3, outLength);
      return result;
    } finally {
      arena.release();
    }
  }

  function softmaxOf(name, values, beta, naive) {
    const o = calls.read(name, { values, beta }, null, (p) => align(4 * p.values.length), false);
    const n = o.values.length;
    const y = placed.end;
    core._asl_softmax(placed.lists[0], o.beta, y, n, naive);
    const out = core.HEAPF32.slice(y >> 2, (y >> 2) + n);
    arena.release();
    return out;
  }

  return {
    attention: (options) => guarded('attention', () => attention(options), true),
    softmax: (values, beta = 1) => guarded('softmax', () => softmaxOf('softmax', values, beta, 0), true),
    softmaxNaive: (values, beta = 1) => guarded('softmaxNaive', () => softmaxOf('softmaxNaive', values, beta, 1), true),
    dot(a, b) {
      const value = guarded('dot', () => {
        const o = calls.read('dot', { a, b }, null, null, false);
        return core._asl_dot(placed.lists[0], placed.lists[1], o.a.length);
      }, true);
      arena.release();
      if (!Number.isFinite(value)) {
        throw new Error('dot: a·b overflows float32: allowed a and b whose products and their sum stay within ±3.4e38; scale a or b down');
      }
      return value;
    },
  };
}
