// How a call's options reach a binding and its answer comes back: the options checked against the function's schema
// (web/schema/) while they are copied into the arena, the binding called with the address of their slot block, and
// a string answer (a problem only the engine could see) turned into an Error that names the function.
import { SCHEMA } from '../schema/index.js';
import { named, placed, readOptions } from '../schema/validate.js';

/** The readers of one engine, around its arena. */
export function makeCalls(core, arena) {
  let reading = false; // a caller's getter or Proxy may not call the engine while its options are read
  /** readOptions() (or `reader`) for `name`, once at a time; a bad option throws an Error named after the function. */
  const readWith = (name, reader) => {
    if (reading) throw new Error(`${name}: called from a getter or Proxy while another call's options were read`);
    reading = true;
    try {
      return reader();
    } catch (error) {
      arena.release();
      throw named(name, error);
    } finally {
      reading = false;
    }
  };
  /**
   * The checked options of `name`, copied into the arena (their addresses in `placed`); a bad one throws an Error.
   * slots: false for the plain exports, which take pointers and sizes instead of a slot block.
   */
  const read = (name, options, ctx, extra, slots = true) => readWith(name, () => readOptions(SCHEMA[name], options, arena, ctx, extra, slots));
  /** The slot block of a binding's options. */
  const slotsOf = (name, options, ctx) => {
    read(name, options, ctx);
    return placed.base;
  };
  /** What a binding answered: a string is a problem only the engine could see. */
  const answer = (name, value) => {
    arena.release();
    if (typeof value === 'string') throw new Error(`${name}: ${value}`);
    return value;
  };
  /** The binding `name` of the module called with `options` (checked and placed), its answer checked. */
  const call = (name, options, ctx) => answer(name, core[name](slotsOf(name, options, ctx)));
  return { readWith, read, slotsOf, answer, call };
}
