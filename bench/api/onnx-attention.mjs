// The ONNX graph of the benchmark's attention, written here as protobuf bytes (no ONNX tooling needed): inputs q
// (n, dK), kT (dK, n) (K transposed once, as for tfjs), v (n, dK) and scale (a scalar); output =
// Softmax(MatMul(q, kT)·scale)·v, opset 17, float32. Only the few protobuf fields an ONNX ModelProto needs here.

const varint = (n) => {
  const out = [];
  let x = BigInt(n);
  do {
    let byte = Number(x & 0x7fn);
    x >>= 7n;
    if (x) byte |= 0x80;
    out.push(byte);
  } while (x);
  return out;
};
const key = (field, wire) => varint((field << 3) | wire);
const utf8 = new TextEncoder();
/** A length-delimited field: a string or a nested message's bytes. */
const bytes = (field, content) => {
  const b = typeof content === 'string' ? [...utf8.encode(content)] : content;
  return [...key(field, 2), ...varint(b.length), ...b];
};
const int = (field, value) => [...key(field, 0), ...varint(value)];

// onnx.proto field numbers
const FLOAT = 1;
const dim = (d) => bytes(1, typeof d === 'number' ? int(1, d) : bytes(2, d)); // TensorShapeProto.Dimension
const valueInfo = (name, shape) => bytes(1, name).concat(bytes(2, bytes(1, [...int(1, FLOAT), ...bytes(2, shape.flatMap(dim))])));
const node = (op, inputs, outputs, name) => [...inputs.flatMap((i) => bytes(1, i)), ...outputs.flatMap((o) => bytes(2, o)), ...bytes(3, name), ...bytes(4, op)];

/** The model's bytes for n queries and keys of width dK (shapes fixed, so ORT can plan its memory). */
export function attentionModel(n, dK) {
  const graph = [
    ...bytes(1, node('MatMul', ['q', 'kT'], ['scores'], 'qkt')),
    ...bytes(1, node('Mul', ['scores', 'scale'], ['scaled'], 'scale')),
    ...bytes(1, node('Softmax', ['scaled'], ['weights'], 'softmax')),
    ...bytes(1, node('MatMul', ['weights', 'v'], ['output'], 'wv')),
    ...bytes(2, 'attention'),
    ...bytes(11, valueInfo('q', [n, dK])),
    ...bytes(11, valueInfo('kT', [dK, n])),
    ...bytes(11, valueInfo('v', [n, dK])),
    ...bytes(11, valueInfo('scale', [])),
    ...bytes(12, valueInfo('output', [n, dK])),
  ];
  const model = [...int(1, 8), ...bytes(2, 'attention-scale-lab bench'), ...bytes(7, graph), ...bytes(8, int(2, 17))];
  return Uint8Array.from(model);
}
