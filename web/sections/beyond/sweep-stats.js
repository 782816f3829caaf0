// Verdicts on the learning-rate sweep (web/data/lr-sweep.json), seed by seed: which runs learn, how many of a point's
// seeds do, and what the runs that fail looked like. Pure functions of the data file's runs, shared by 7.1, 7.4 and
// the Node test (tests/js/sweep-stats.test.mjs); nothing is averaged over runs that did different things.
// No imports, so Node loads it as it is.

/** A run "learns" when its test token accuracy is at least this. */
export const LEARNS = 0.9;

/** The runs of one strategy at one rate, in seed order. */
export const seedRuns = (sweep, strategy, lr) => sweep.runs.filter((r) => r.strategy === strategy && r.lr === lr).sort((a, b) => a.seed - b.seed);

export const learns = (run) => run.test.tokenAccuracy >= LEARNS;

/** How many of a point's seeds learn: { learned, seeds, runs }. */
export function seedCount(sweep, strategy, lr) {
  const runs = seedRuns(sweep, strategy, lr);
  return { learned: runs.filter(learns).length, seeds: runs.length, runs };
}

/** The strategies (ids, in the file's order) that learn on every seed at `lr`. */
export const everySeedLearns = (sweep, lr) => sweep.strategies.map((s) => s.id).filter((id) => {
  const c = seedCount(sweep, id, lr);
  return c.seeds > 0 && c.learned === c.seeds;
});

/** The rates at which a strategy learns on every seed, in order. */
export const ratesEverySeed = (sweep, strategy) => sweep.rates.filter((lr) => everySeedLearns(sweep, lr).includes(strategy));

/**
 * Whether a run never left the uniform output: its training loss stayed within `tol` of ln R (a softmax over the R
 * tokens that says 1/R to each) from its first logged step to its last, and its test loss ended there too. The page's
 * bundle carries each curve's lowest loss instead of the curve (web/build.mjs).
 */
export function neverLeftUniform(run, R, tol = 0.01) {
  const floor = Math.log(R) - tol;
  const lowest = run.curve ? Math.min(...run.curve.loss) : run.lowestLoss;
  return lowest >= floor && run.test.loss >= floor;
}

/**
 * The runs below LEARNS at `lr`, one entry per run (never pooled over seeds): strategy, seed, test accuracy and loss,
 * largest |logit|, lowest attention entropy, final β (QK-norm: its g) and whether it never left the uniform output.
 */
export function failingRuns(sweep, lr) {
  return sweep.strategies.flatMap((s) => seedRuns(sweep, s.id, lr).filter((r) => !learns(r)).map((r) => ({
    strategy: s.id, seed: r.seed, accuracy: r.test.tokenAccuracy, loss: r.test.loss, maxLogit: r.maxLogit, minEntropy: r.minEntropy,
    finalBeta: r.finalBeta, uniform: neverLeftUniform(r, sweep.config.R),
  })));
}

/**
 * Whether the failing runs at `lr` can be told from the learning ones by their logits or their entropy alone: the
 * learning runs' largest |logit| against the failing runs' (a failing run with smaller logits than some learning
 * run), and likewise for the lowest entropy. { failing, learning: { maxLogit, minEntropy } extremes of the runs that
 * learn, smallerLogits, flatterLearner }.
 */
export function separation(sweep, lr) {
  const failing = failingRuns(sweep, lr);
  const good = sweep.runs.filter((r) => r.lr === lr && learns(r));
  if (!failing.length || !good.length) return { failing, learning: null, smallerLogits: false, flatterLearner: false };
  const learning = { maxLogit: Math.max(...good.map((r) => r.maxLogit)), minEntropy: Math.min(...good.map((r) => r.minEntropy)) };
  return { failing, learning,
    // some run that fails had smaller logits than the largest of a run that learns
    smallerLogits: failing.some((f) => f.maxLogit < learning.maxLogit),
    // some run that learns had rows sharper (lower entropy) than a run that fails
    flatterLearner: failing.some((f) => f.minEntropy > learning.minEntropy) };
}
