// Shared by the Node tests: the built engine, the native CLI, and plain-loop references to compare against.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { test } from 'node:test';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const NATIVE_CLI = `${ROOT}build/native/attention-lab`;

/** The page's engine, loaded the way a course page loads it. Fails clearly when the build is missing. */
export async function engine() {
  const core = `${ROOT}build/wasm/attention_core.cjs`;
  assert.ok(existsSync(core), `${core} is missing: run build-scripts/build first`);
  const { loadEngine } = await import('../../web/engine.js');
  return loadEngine();
}

/** Runs the native CLI and parses its JSON. */
export function nativeJson(...args) {
  assert.ok(existsSync(NATIVE_CLI), `${NATIVE_CLI} is missing: run build-scripts/build first`);
  return JSON.parse(execFileSync(NATIVE_CLI, args, { encoding: 'utf8' }));
}

/** |got − want| <= abs + rel·|want| for every entry, with the first offending index in the message. */
export function assertClose(got, want, { abs = 0, rel = 0 } = {}, label = '') {
  assert.equal(got.length, want.length, `${label}: length ${got.length} != ${want.length}`);
  for (let i = 0; i < want.length; i++) {
    const tol = abs + rel * Math.abs(want[i]);
    if (!(Math.abs(got[i] - want[i]) <= tol)) {
      assert.fail(`${label}[${i}]: got ${got[i]}, want ${want[i]} (tolerance ${tol})`);
    }
  }
}

/** Seeded test data from the engine's own generator. */
export function normals(e, count, seed) {
  return Float32Array.from(e.random({ seed, count, distribution: 'normal' }));
}

/** Attention by definition, in float64: softmax(scale·q_h k_hᵀ + mask) v_h per head, heads side by side. */
export function referenceAttention({ q, k, v, nQ, nK, dK, dV, heads = 1, scale = 1 / Math.sqrt(dK), causal = false }) {
  const scores = new Float64Array(heads * nQ * nK);
  const weights = new Float64Array(heads * nQ * nK);
  const output = new Float64Array(nQ * heads * dV);
  for (let h = 0; h < heads; h++) {
    for (let i = 0; i < nQ; i++) {
      const row = (h * nQ + i) * nK;
      let max = -Infinity;
      for (let j = 0; j < nK; j++) {
        let s = 0;
        for (let c = 0; c < dK; c++) s += q[i * heads * dK + h * dK + c] * k[j * heads * dK + h * dK + c];
        scores[row + j] = s;
        if (!causal || j <= i) max = Math.max(max, scale * s);
      }
      let sum = 0;
      for (let j = 0; j < nK; j++) {
        weights[row + j] = !causal || j <= i ? Math.exp(scale * scores[row + j] - max) : 0;
        sum += weights[row + j];
      }
      for (let j = 0; j < nK; j++) weights[row + j] /= sum;
      for (let c = 0; c < dV; c++) {
        let o = 0;
        for (let j = 0; j < nK; j++) o += weights[row + j] * v[j * heads * dV + h * dV + c];
        output[i * heads * dV + h * dV + c] = o;
      }
    }
  }
  return { scores, weights, output };
}

/**
 * Runs `good` once, then `rounds` times `good` and every call of `bad` ([label, fn] pairs, each expected to throw),
 * and asserts that the engine's heap bytes and JavaScript value handles (e.resources()) end where they started.
 */
export function assertNoLeaks(e, { good, bad, rounds }) {
  good();
  const before = e.resources();
  for (let i = 0; i < rounds; i++) {
    good();
    for (const [, call] of bad) {
      try {
        call();
      } catch {
        // expected
      }
    }
  }
  assert.deepEqual(e.resources(), before);
}

/**
 * One test per bad call of `bad` ([what, call, pattern]): the call throws an Error whose message matches `pattern`
 * (naming the parameter and the allowed range), and then next() (a good call that asserts its answer) still works.
 */
export function badInputTests(label, bad, next) {
  for (const [what, call, pattern] of bad) {
    test(`${label}: ${what} throws an Error naming the parameter and the allowed range, and the next call works`, () => {
      assert.throws(call, (error) => {
        assert.ok(error instanceof Error, `not an Error: ${error}`);
        assert.match(error.message, pattern);
        return true;
      });
      next();
    });
  }
}
