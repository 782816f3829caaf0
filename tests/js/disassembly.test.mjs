// The WASM engine must really run f32x4 code: disassemble the build with function names kept
// (build/wasm-cmake/attention_core_names.wasm, the same objects as the page's engine) using binaryen's wasm-dis.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

import { ROOT } from './helpers.mjs';

const WASM = `${ROOT}build/wasm-cmake/attention_core_names.wasm`;

/** Function name → body text, from wasm-dis output. */
function functions() {
  assert.ok(existsSync(WASM), `${WASM} is missing: run build-scripts/build first`);
  const wat = execFileSync('wasm-dis', [WASM], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const bodies = new Map();
  const starts = [...wat.matchAll(/^ \(func \$(\S+)/gm)];
  starts.forEach((m, i) => bodies.set(m[1], wat.slice(m.index, starts[i + 1]?.index ?? wat.length)));
  return bodies;
}

const demangled = (name) => name.replace(/\\([0-9a-f]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));

test('the SIMD kernels are f32x4 code and attention calls them, not the scalar twins', () => {
  const bodies = functions();
  const find = (prefix) => [...bodies.keys()].find((n) => demangled(n).startsWith(prefix));
  for (const kernel of ['matmul_qkt', 'matmul_wv', 'softmax_rows', 'scale']) {
    const name = find(`asl::simd::${kernel}(`);
    assert.ok(name, `asl::simd::${kernel} not found in the disassembly`);
    const body = bodies.get(name);
    assert.match(body, /f32x4\.(mul|add)/, `${kernel} has no f32x4 arithmetic`);
    assert.match(body, /v128\.load/, `${kernel} has no v128 loads`);
  }
  const forward = bodies.get(find('asl::attention_forward('));
  assert.ok(forward, 'asl::attention_forward not found');
  for (const kernel of ['matmul_qkt', 'scale', 'softmax_rows', 'matmul_wv']) {
    assert.ok(forward.includes(`call $asl::simd::${kernel}`), `attention_forward does not call asl::simd::${kernel}`);
  }
  assert.ok(!forward.includes('call $asl::scalar::'), 'attention_forward calls a scalar kernel');
});

test('nearest words run the SIMD matrix-vector kernel, which is f32x4 code', () => {
  const bodies = functions();
  const find = (prefix) => [...bodies.keys()].find((n) => demangled(n).startsWith(prefix));
  // wasm-opt inlines a function with one caller: matvec into nearest_words, and that into the nearestWords binding.
  const names = ['asl::simd::matvec(', 'asl::nearest_words(', 'asl::bindings::(anonymous namespace)::nearest_words_binding('];
  const found = names.map((prefix) => find(prefix));
  const first = found.findIndex(Boolean);
  assert.ok(first >= 0, 'neither matvec, nearest_words nor the nearestWords binding is in the disassembly');
  const body = bodies.get(found[first]);
  assert.match(body, /f32x4\.(mul|add)/, `${names[first]} has no f32x4 arithmetic`);
  assert.match(body, /v128\.load/, `${names[first]} has no v128 loads`);
  for (let i = first + 1; i < names.length; i += 1) {
    if (!found[i]) continue;
    assert.ok(bodies.get(found[i]).includes(`call $${found[first]}`), `${names[i]} does not call ${names[first]}`);
    assert.ok(!bodies.get(found[i]).includes('call $asl::scalar::'), `${names[i]} calls a scalar kernel`);
  }
  assert.ok(!body.includes('call $asl::scalar::'), `${names[first]} calls a scalar kernel`);
});

test('the output-only attention runs the fused SIMD kernel, which is f32x4 code with the vectorised exp', () => {
  const bodies = functions();
  const find = (prefix) => [...bodies.keys()].find((n) => demangled(n).startsWith(prefix));
  const fused = find('asl::simd::attention_fused(');
  const select = find('asl::attention_forward_select(');
  assert.ok(select, 'asl::attention_forward_select not found');
  // wasm-opt may inline a function with one caller: then the kernel's code is in attention_forward_select itself.
  const body = fused ? bodies.get(fused) : bodies.get(select);
  if (fused) assert.ok(bodies.get(select).includes(`call $${fused}`), 'attention_forward_select does not call asl::simd::attention_fused');
  assert.match(body, /f32x4\.(mul|add)/, 'the fused kernel has no f32x4 arithmetic');
  assert.match(body, /v128\.load/, 'the fused kernel has no v128 loads');
  assert.match(body, /i32x4\.shl/, 'the fused kernel has no vectorised exp (2^n built in the exponent bits)');
  assert.ok(!body.includes('call $asl::scalar::') && !body.includes('call $expf'), 'the fused kernel calls a scalar kernel or expf');
  assert.ok(!bodies.get(select).includes('call $asl::scalar::'), 'attention_forward_select calls a scalar kernel');
});
