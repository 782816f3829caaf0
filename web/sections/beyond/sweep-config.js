// The learning-rate sweep's points as trainer options and as the page names them: shared by 7.4 (rates.js,
// rates-run.js) and the Node test that holds a point retrained in WebAssembly to the native run in the data file.
// No imports, so Node loads it as it is.

/** A rate as the page prints it and the link writes it (blr): two significant digits, 0.0316227766 → "0.032". */
export const rateKey = (lr) => String(Number(lr.toPrecision(2)));

// The trainer options the sweep records that createTrainer takes (the file also lists derived and unused ones).
const KEYS = ['model', 'L', 'R', 'trainSize', 'valSize', 'testSize', 'dModel', 'heads', 'batchSize', 'epochs', 'warmupSteps', 'clipNorm'];

/** createTrainer's options for one point of the sweep: its configuration, one strategy, one rate and one seed. */
export function sweepConfig(sweep, strategyId, lr, seed = 1) {
  const s = sweep.strategies.find((x) => x.id === strategyId);
  const config = Object.fromEntries(KEYS.map((k) => [k, sweep.config[k]]));
  return { ...config, betaStrategy: s.betaStrategy, ...(s.beta === null ? {} : { beta: s.beta }), lr, seed };
}
