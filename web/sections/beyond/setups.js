// The settings of Lesson 7's experiments (display choices, printed on the page beside their numbers), kept apart
// so the tests ask the engine for exactly what the page asks. No imports, so Node loads it as it is.

/** 7.1: a query and 16 keys of length 64 with N(0, 1) entries, 200 rows. */
export const GROWTH = { dK: 64, n: 16, samples: 200, seed: 1 };
/** 7.1's growth factors: 0.25 … 4 on a log grid, three points per octave. */
export const GROWTH_GRID = Array.from({ length: 13 }, (_, k) => 2 ** ((k - 6) / 3));
/** 7.2: d_k = 4 … 1024, one query, 16 keys, 400 rows per d_k; μP's factor √16/d_k = 4/d_k equals 1/√d_k at d_k = 16. */
export const WIDTH = { dKs: [4, 8, 16, 32, 64, 128, 256, 512, 1024], n: 16, samples: 400, baseDK: 16, seed: 1 };
/** 7.3: Nakanishi's illustration, one logit at 3 and every other at −2. */
export const LENGTH = { top: 3, rest: -2 };
