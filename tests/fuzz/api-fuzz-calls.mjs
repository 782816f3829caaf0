// One call of the API fuzzer (tests/fuzz/api-fuzz.mjs): call i drawn from (seed, i) alone (its mode, its function, a
// tiny trainer for a trainer's method, its options), and the call built into real arguments and printed as JavaScript.
import { build, callerThrows, generator, show } from './api-fuzz-values.mjs';
import { FUNCTIONS, SMALL, TINY, WIDE, drawOptions, withDefaults } from './api-fuzz-options.mjs';
import { misuse } from './api-fuzz-hostile.mjs';

const MODES = [['valid', 30], ['wide', 3], ['limit', 20], ['wrong', 10], ['hostile', 14], ['typed', 8], ['unknown', 5],
  ['good', 7]];
const MODE_TOTAL = MODES.reduce((s, [, w]) => s + w, 0);

function pickMode(r) {
  let x = r.next() * MODE_TOTAL;
  for (const [mode, w] of MODES) {
    if ((x -= w) < 0) return mode;
  }
  return 'valid';
}

/**
 * Draws call `index`: { f, mode, args: spec of the options object (or of each positional argument), trainer setup }.
 * good: the known-good call of f, from `goods`. refusal(createTrainer options) is null if the engine makes that
 * trainer, else its message.
 */
export function drawCall(seed, index, goods, refusal) {
  const r = generator(seed, index);
  const mode = pickMode(r);
  const f = mode === 'good' ? r.pick(goods).f : r.pick(FUNCTIONS);
  const call = { index, mode, f, setup: null, args: null };
  let ctx = null;
  if (f.method) {
    call.setup = trainerSetup(r, refusal);
    ctx = { valSize: call.setup.valSize };
  }
  if (mode === 'good') {
    const good = goods.find((g) => g.f === f);
    call.args = good.args;
    call.setup = good.setup;
    return call;
  }
  const cap = mode === 'wide' ? WIDE : f.method ? TINY : SMALL;
  const drawn = misuse(r, mode, f, drawOptions(r, f, ctx, cap, mode === 'wide' ? 0.8 : 0.5), ctx);
  if (drawn.notObject) call.notObject = drawn.notObject;
  call.options = drawn.options;
  call.hostile = drawn.hostile;
  return call;
}

/**
 * A tiny trainer for a method's call: createTrainer options drawn from the schema with small sizes until the engine
 * accepts them, and the steps it takes before the call.
 */
export function trainerSetup(r, refusal) {
  const create = FUNCTIONS.find((f) => f.name === 'createTrainer');
  // sizes are given (small) so the defaults' 15,000 sequences do not make every call slow; an option the engine's
  // refusal names is dropped and the rest tried again
  const density = (row) => (row.kind === 'integer' ? 0.95 : 0.3);
  for (let attempt = 0; ; attempt += 1) {
    let options = drawOptions(r, create, null, TINY, density);
    let why = refusal(options);
    for (let k = 0; why && k < 8; k += 1) {
      const named = options.find(([name]) => new RegExp(`(^|[^A-Za-z])${name}([^A-Za-z]|$)`).test(why));
      if (!named) break;
      options = options.filter((entry) => entry !== named);
      why = refusal(options);
    }
    if (why) {
      if (attempt > 1000) throw new Error(`fuzzer: no small trainer found in 1000 draws from the schema (last: ${why})`);
      continue;
    }
    const o = withDefaults(create.fn, Object.fromEntries(options.map(([k, v]) => [k, build(v)])));
    return { options, steps: r.pick([0, 0, 1, 3]), valSize: o.valSize };
  }
}

/** The options object (or the positional arguments) of a call, built fresh. */
export function argumentsOf(call) {
  const { f } = call;
  if (call.notObject) return [build(call.notObject)]; // in place of the options object, or of the first argument
  if (f.params) {
    // positional: each parameter's value; the hostile cases act on the values themselves
    const map = new Map(call.options);
    const args = f.params.map((p) => (map.has(p) ? build(map.get(p)) : undefined));
    while (args.length && args[args.length - 1] === undefined) args.pop();
    return args;
  }
  const spec = { obj: call.options, ...(call.hostile?.getter !== undefined ? { getter: call.hostile.getter } : {}),
    ...(call.hostile?.nullProto ? { nullProto: true } : {}) };
  const object = build(spec);
  return [call.hostile?.trap ? new Proxy(object, { [call.hostile.trap]: () => callerThrows(`Proxy ${call.hostile.trap}`) }) : object];
}

/** The call as JavaScript. */
export function describeCall(call) {
  const { f } = call;
  let args;
  if (call.notObject) args = show(call.notObject);
  else if (f.params) {
    const map = new Map(call.options);
    const shown = f.params.map((p) => (map.has(p) ? show(map.get(p)) : 'undefined'));
    while (shown.length && shown[shown.length - 1] === 'undefined') shown.pop();
    args = shown.join(', ');
  } else {
    args = show({ obj: call.options, ...(call.hostile?.getter !== undefined ? { getter: call.hostile.getter } : {}),
      ...(call.hostile?.nullProto ? { nullProto: true } : {}) });
    if (call.hostile?.trap) args = `new Proxy(${args}, { ${call.hostile.trap}() { throw … } })`;
  }
  const unknown = call.options?.some(([k]) => !f.fn.known[k]) ? ' (an unknown option)' : '';
  if (!f.method) return `engine.${f.name}(${args})${unknown}`;
  const s = call.setup;
  return `trainer = engine.createTrainer(${show({ obj: s.options })}); trainer.step(1) × ${s.steps}; trainer.${f.method}(${args})`;
}
