// A WebAssembly trap (RuntimeError: an out-of-bounds access, `unreachable`) is never a bad setting. It skips the
// epilogues that give the engine's stack back, so the stack pointer is put back by hand; the call's C++ allocations
// are lost (a few KiB). A call without state of its own runs once more: twice in WebKit's CI the page's engine
// trapped in a call that passes everywhere else with the same options (Lesson 7's alignmentScaling), and the second
// run is the engine's own answer. A second trap is thrown as a RuntimeError that says so (a worker then retires).

/** The guard of one engine: guarded(name, call, retry) runs call(); traps() counts the traps met so far. */
export function makeTrapGuard(core, arena) {
  let traps = 0;
  /** call() guarded: a trap restores the stack, and with `retry` runs the call once more. */
  const guarded = (name, call, retry) => {
    const stack = core.stackSave();
    for (let run = 0; ; run += 1) {
      try {
        return call();
      } catch (error) {
        if (!(error instanceof WebAssembly.RuntimeError)) throw error;
        core.stackRestore(stack);
        arena.release();
        traps += 1;
        const what = `${name}: the engine stopped with a WebAssembly trap (${error.message})`;
        if (!retry || run > 0) throw new WebAssembly.RuntimeError(`${what}; this is a fault in the engine or the browser, not in the settings`);
        console.warn(`${what}; the call runs once more`);
      }
    }
  };
  return { guarded, traps: () => traps };
}
