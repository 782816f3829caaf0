// Lesson 6's trainer: an id into the module's table of trainers, owned by the object makeTrainer answers. Its
// methods are trainer.step, trainer.evaluate and trainer.attentionFor of web/schema/training.js (trainerStep,
// trainerEvaluate, trainerAttention); a trap in one is reported, never run twice (the trainer has state).

/** The trainer `info` (createTrainer's answer) names, with `calls` and `guarded` of its engine. */
export function makeTrainer(core, calls, guarded, info) {
  const { id } = info;
  const ctx = { valSize: info.valSize };
  let live = true;
  const alive = (name) => {
    if (!live) throw new Error(`${name}: this trainer has been deleted`);
  };
  /** The trainer binding `name` with `options`, guarded, not retried. */
  const run = (name, options, context) => {
    alive(name);
    return guarded(name, () => calls.answer(name, core[name](id, calls.slotsOf(name, options, context))), false);
  };
  return Object.freeze({
    info,
    step: (n = 1) => run('trainerStep', { steps: n }),
    evaluate: (split = 'test') => run('trainerEvaluate', { split }),
    attentionFor: (index) => run('trainerAttention', { index }, ctx),
    /** Frees the trainer's memory. Safe to call twice. */
    delete() {
      if (!live) return;
      live = false;
      core.trainerDelete(id);
    },
    get deleted() {
      return !live;
    },
  });
}
