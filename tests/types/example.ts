// A small typed use of the engine's API, checked with tsc --noEmit against web/engine.d.ts (tests/js/schema.test.mjs).
// The @ts-expect-error lines must stay errors: a declaration that lets them through fails the check.
import { loadEngine } from '../../web/engine.js';
import type { Engine, TrainerInfo } from '../../web/engine.js';

export async function example(): Promise<number> {
  const engine: Engine = await loadEngine();
  const q = new Float32Array(12);
  const all = engine.attention({ q, k: q, v: q, nQ: 3, nK: 3, dK: 4, dV: 4, causal: true });
  const weights: Float32Array = all.weights;
  const some = engine.attention({ q, k: q, v: q, nQ: 3, nK: 3, dK: 4, dV: 4, outputs: ['output'] });
  const output: Float32Array = some.output;
  // @ts-expect-error weights were not asked for
  some.weights;
  // @ts-expect-error dV is required
  engine.attention({ q, k: q, v: q, nQ: 3, nK: 3, dK: 4 });
  // @ts-expect-error an unknown output name
  engine.attention({ q, k: q, v: q, nQ: 3, nK: 3, dK: 4, dV: 4, outputs: ['logits'] });
  // @ts-expect-error an unknown option
  engine.varianceSweep({ maxdim: 8 });
  // @ts-expect-error a choice outside its list
  engine.random({ distribution: 'cauchy' });
  const p: Float32Array = engine.softmax([1, 2, 3], 0.5);
  const d: number = engine.dot([1, 2], [3, 4]);
  const sweep = engine.varianceSweep({ maxDim: 8, vectors: 4, scaled: true });
  // Results are typed field by field: nested objects, typed-array columns, optional and nullable fields.
  const edges: Float64Array = engine.dotProducts({ dim: 4 }).histogram.edges;
  const slope: number | undefined = sweep.logLogSlope;
  // @ts-expect-error an optional field may be absent
  const sureSlope: number = sweep.logLogSlope;
  // @ts-expect-error a field no function answers
  sweep.varianceOfVariance;
  // @ts-expect-error a Float64Array column is not a Float32Array
  const wrong: Float32Array = sweep.variance;
  const near: string[] = engine.selfAttentionExample().nearest[0].words;
  const probes = engine.createTrainer({ betaStrategy: 'search' }).step(0).search?.probes[0]?.val.tokenAccuracy;
  const trainer = engine.createTrainer({ L: 8, trainSize: 64, betaStrategy: 'fixed', beta: 5 });
  try {
    const info: TrainerInfo = trainer.info;
    const strategy: 'inverse-sqrt-dk' | 'fixed' | 'search' | 'dynamic' | 'learned' | 'qk-norm' | 'qk-layernorm' = info.betaStrategy;
    const losses: Float32Array = trainer.step(3).losses;
    const accuracy: number = trainer.evaluate('val').tokenAccuracy;
    // @ts-expect-error not a split
    trainer.evaluate('validation');
    return weights[0] + output[0] + p[0] + d + sweep.variance[0] + losses[0] + accuracy + strategy.length + edges[0] + (slope ?? 0) + sureSlope + wrong[0] + near.length + (probes ?? 0);
  } finally {
    trainer.delete();
  }
}
