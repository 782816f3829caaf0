// The WASM memory one call's options and results go through: an arena reused from call to call while it is small
// (web/schema/validate.js fills it), its bytes counted in resources().arenaBytes.

export const ARENA_START = 64 << 10; // bytes the arena starts with (and keeps): every small call fits
export const ARENA_KEEP = 4 << 20; // an arena grown past this for one big call is given back after it

/** `bytes` rounded up to a multiple of 16. */
export const align = (bytes) => (bytes + 15) & ~15;

/** WASM memory for one call's options and results, reused while it is small. */
export function makeArena(core) {
  let size = ARENA_START;
  let base = core._malloc(size);
  return {
    /** The address of `bytes` free bytes (16-aligned), valid until the next reserve(). */
    reserve(bytes) {
      if (bytes > size) {
        core._free(base);
        size = Math.max(bytes, 2 * size);
        base = core._malloc(size);
        if (!base) {
          size = ARENA_START;
          base = core._malloc(size);
          throw new Error(`the engine cannot allocate ${bytes} bytes for this call`);
        }
      }
      return base;
    },
    /** After a call: a big arena goes back to its starting size (its memory to malloc). */
    release() {
      if (size <= ARENA_KEEP) return;
      core._free(base);
      size = ARENA_START;
      base = core._malloc(size);
    },
    /** The bytes the arena holds between calls: from ARENA_START up to ARENA_KEEP, counted in heapBytes. */
    bytes: () => size,
    // Views of the whole memory, fetched each time: memory growth replaces them.
    f32: () => core.HEAPF32,
    f64: () => core.HEAPF64,
    i32: () => core.HEAP32,
    u8: () => core.HEAPU8,
  };
}
