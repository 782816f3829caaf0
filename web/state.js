// The page's state as ONE declarative table, and its round trip through the URL hash.
// Parsing is pure (no DOM, no side effects); the store below is the only code that touches
// location/history. It does not know what any key means to a lesson.

/* ---- value types: parse(raw string) -> { ok, value }, format(value) -> string, accepts(value) ---- */

export function integer(min, max) {
  return {
    min,
    max,
    allowed: `an integer ${min}…${max}`,
    parse(raw) {
      const s = raw.trim();
      if (!/^[+-]?\d+$/.test(s)) return { ok: false };
      const n = Number(s);
      return n >= min && n <= max ? { ok: true, value: n } : { ok: false };
    },
    format: (v) => String(v),
    accepts: (v) => Number.isInteger(v) && v >= min && v <= max,
  };
}

export function flag() {
  const words = { 1: true, 0: false, true: true, false: false, on: true, off: false };
  return {
    allowed: '1 or 0',
    parse: (raw) => (raw in words ? { ok: true, value: words[raw] } : { ok: false }),
    format: (v) => (v ? '1' : '0'),
    accepts: (v) => v === true || v === false,
  };
}

export function choice(...choices) {
  return {
    allowed: `one of ${choices.join(', ')}`,
    parse: (raw) => (choices.includes(raw) ? { ok: true, value: raw } : { ok: false }),
    format: (v) => v,
    accepts: (v) => choices.includes(v),
  };
}

export function text(maxLength) {
  return {
    maxLength,
    allowed: `text of at most ${maxLength} characters`,
    parse: (raw) => (raw.length <= maxLength ? { ok: true, value: raw } : { ok: false }),
    format: (v) => v,
    accepts: (v) => typeof v === 'string' && v.length <= maxLength,
  };
}

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** A finite decimal number in [min, max], written as typed ("0.5", "-2", "1e-3"). */
export function decimal(min, max) {
  return {
    min,
    max,
    allowed: `a number from ${min} to ${max}`,
    parse(raw) {
      const s = raw.trim();
      if (!DECIMAL.test(s)) return { ok: false };
      const n = Number(s);
      return Number.isFinite(n) && n >= min && n <= max ? { ok: true, value: n } : { ok: false };
    },
    format: (v) => String(v),
    accepts: (v) => typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max,
  };
}

/**
 * A list of numbers such as "1, 2, 3" (commas and/or spaces between them): from minCount to maxCount
 * entries, each a decimal in [-maxAbs, maxAbs], or an integer in [min, max] when `integers` is set.
 * The value is a plain array; it is written back as "1,2,3".
 */
export function numberList({ minCount = 1, maxCount, maxAbs = Infinity, integers = false, min = -maxAbs, max = maxAbs }) {
  const what = integers ? `integers ${min}…${max}` : `numbers from ${min} to ${max}`;
  const okEntry = (n) => Number.isFinite(n) && n >= min && n <= max && (!integers || Number.isInteger(n));
  return {
    minCount,
    maxCount,
    allowed: `${minCount === maxCount ? minCount : `${minCount} to ${maxCount}`} ${what}, separated by commas`,
    parse(raw) {
      const parts = raw.trim().split(/\s*[,;\s]\s*/).filter((p) => p !== '');
      if (parts.length < minCount || parts.length > maxCount) return { ok: false };
      const value = [];
      for (const p of parts) {
        if (integers ? !/^[+-]?\d+$/.test(p) : !DECIMAL.test(p)) return { ok: false };
        const n = Number(p);
        if (!okEntry(n)) return { ok: false };
        value.push(n);
      }
      return { ok: true, value };
    },
    format: (v) => v.join(','),
    accepts: (v) => Array.isArray(v) && v.length >= minCount && v.length <= maxCount && v.every(okEntry),
  };
}

/* ---- THE table. A later lesson adds its keys here, one line each. ---- */

export const STATE_TABLE = [
  // key, the values a link may carry, the default; the comment says who reads it
  { key: 'lesson', type: choice('selfattention', 'variance', 'saturation'), def: 'selfattention' }, // lesson in view
  { key: 'sentence', type: text(300), def: 'money bank grows' }, // lesson 1; the engine limits words
  { key: 'dk', type: integer(1, 64), def: 4 }, // lesson 1
  { key: 'dmodel', type: integer(2, 64), def: 8 }, // lesson 1
  { key: 'seed', type: integer(0, 4294967295), def: 1 }, // lesson 1 (the engine's uint32 range)
  { key: 'scaled', type: flag(), def: true }, // lesson 1
  { key: 'causal', type: flag(), def: false }, // lesson 1
  { key: 'step', type: integer(1, 7), def: 1 }, // lesson 1
  // Lesson 2 (web/sections/variance.js)
  { key: 'dota', type: numberList({ maxCount: 64, maxAbs: 1e6 }), def: [1, 2] }, // the editable pair, a
  { key: 'dotb', type: numberList({ maxCount: 64, maxAbs: 1e6 }), def: [3, 4] }, // … and b
  { key: 'vdist', type: choice('uniform', 'stdnormal', 'normal'), def: 'uniform' }, // entries of the random vectors
  { key: 'vmean', type: decimal(-10, 10), def: 1 }, // μ of 'normal'
  { key: 'vstd', type: decimal(0, 10), def: 1 }, // σ of 'normal'
  { key: 'vseed', type: integer(0, 4294967295), def: 1 }, // histograms and sweep
  { key: 'vdims', type: numberList({ maxCount: 6, integers: true, min: 1, max: 4096 }), def: [3, 100, 1000] }, // histogram panels
  { key: 'vshared', type: flag(), def: true }, // one x and y axis for every histogram
  { key: 'vmaxdim', type: integer(2, 4096), def: 512 }, // the sweep runs d = 1 … vmaxdim
  { key: 'vvectors', type: integer(2, 300), def: 100 }, // random vectors in the sweep
  { key: 'vc', type: decimal(-10, 10), def: 0.5 }, // c of Var(cX) = c²Var(X)
  // Lesson 3 (web/sections/saturation.js)
  { key: 'sscores', type: numberList({ maxCount: 16, maxAbs: 1e4 }), def: [14, 10] }, // scores before and after 1/√sdk
  { key: 'sdk', type: integer(1, 4096), def: 4 }, // d_k of that example
  { key: 'sclose', type: numberList({ maxCount: 16, maxAbs: 1e4 }), def: [4, 5] }, // a close pair of scores
  { key: 'sfar', type: numberList({ maxCount: 16, maxAbs: 1e4 }), def: [1, 10] }, // a distant pair
  { key: 'gdk', type: integer(1, 4096), def: 64 }, // d_k of the random row
  { key: 'gn', type: integer(2, 64), def: 16 }, // scores in the row
  { key: 'gscaled', type: flag(), def: false }, // divide that row by √d_k
  { key: 'gseed', type: integer(0, 4294967295), def: 1 }, // random row and gradient sweep
  { key: 'gtrials', type: integer(10, 20000), def: 1000 }, // rows averaged per d_k in the gradient sweep
  { key: 'nscores', type: numberList({ maxCount: 16, maxAbs: 1e6 }), def: [1, 2, 3, 4] }, // numerics panel
  { key: 'nbeta', type: decimal(0, 1e6), def: 1 }, // β of the numerics panel
  { key: 'nprec', type: choice('float32', 'float64'), def: 'float32' }, // precision of the numerics panel
];

const BY_KEY = new Map(STATE_TABLE.map((row) => [row.key, row]));

export function defaults(table = STATE_TABLE) {
  return Object.fromEntries(table.map((row) => [row.key, row.def]));
}

/** "dk = abc is not allowed: expected an integer 1…64; using the default 4" */
export function describeProblem(p) {
  if (p.reason === 'unknown') return `Unknown setting "${p.key}" in the link was ignored.`;
  const row = BY_KEY.get(p.key);
  return `${p.key} = ${JSON.stringify(p.raw)} is not allowed (expected ${row.type.allowed}); using the default ${row.type.format(row.def)}.`;
}

/**
 * Parses "#dk=4&sentence=money%20bank" into { state, problems }. Missing keys take their default
 * silently; a bad value takes the default and yields a problem { key, raw, reason }.
 */
export function parseHash(hash, table = STATE_TABLE) {
  const byKey = table === STATE_TABLE ? BY_KEY : new Map(table.map((row) => [row.key, row]));
  const state = defaults(table);
  const problems = [];
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  for (const part of body.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const rawKey = eq < 0 ? part : part.slice(0, eq);
    const rawValue = eq < 0 ? '' : part.slice(eq + 1);
    let key;
    let value;
    try {
      key = decodeURIComponent(rawKey);
      value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    } catch {
      problems.push({ key: rawKey, raw: rawValue, reason: byKey.has(rawKey) ? 'invalid' : 'unknown' });
      continue;
    }
    const row = byKey.get(key);
    if (!row) {
      problems.push({ key, raw: value, reason: 'unknown' });
      continue;
    }
    const parsed = row.type.parse(value);
    if (parsed.ok) state[key] = parsed.value;
    else problems.push({ key, raw: value, reason: 'invalid' });
  }
  return { state, problems };
}

/** The inverse of parseHash: every key, in table order, so a copied link is complete. */
export function formatHash(state, table = STATE_TABLE) {
  // Commas are legal in a fragment and keep lists readable: vdims=3,100,1000.
  const parts = table.map((row) => `${row.key}=${encodeURIComponent(row.type.format(state[row.key])).replace(/%2C/g, ',')}`);
  return `#${parts.join('&')}`;
}

/**
 * The one object that owns page state. set() validates, writes the hash with replaceState (no
 * history entries) and notifies subscribers once per animation frame; a hashchange re-parses.
 */
export function createStore(win = window) {
  let parsed = parseHash(win.location.hash);
  let state = parsed.state;
  let problems = parsed.problems;
  const listeners = new Set();
  const parseListeners = new Set();
  let frame = 0;

  const writeHash = () => {
    const hash = formatHash(state);
    if (win.location.hash !== hash) win.history.replaceState(null, '', hash);
  };
  const notify = () => {
    if (frame) return;
    frame = win.requestAnimationFrame(() => {
      frame = 0;
      for (const fn of listeners) fn(state, problems);
    });
  };

  win.addEventListener('hashchange', () => {
    parsed = parseHash(win.location.hash);
    state = parsed.state;
    problems = parsed.problems;
    for (const fn of parseListeners) fn(problems);
    writeHash();
    notify();
  });

  return {
    get: () => state,
    problems: () => problems,
    /** Applies a patch of typed values; throws on a value the table does not allow (a page bug). */
    set(patch) {
      for (const [key, value] of Object.entries(patch)) {
        const row = BY_KEY.get(key);
        if (!row) throw new Error(`state: unknown key ${key}`);
        if (!row.type.accepts(value)) throw new Error(`state: ${key} = ${String(value)} is not ${row.type.allowed}`);
      }
      state = { ...state, ...patch };
      writeHash();
      notify();
    },
    /** Parses a raw control string with the key's type; returns an error message or null. */
    setFromString(key, raw) {
      const row = BY_KEY.get(key);
      const result = row.type.parse(raw);
      if (!result.ok) return `${key} = ${JSON.stringify(raw)} is not allowed (expected ${row.type.allowed}).`;
      this.set({ [key]: result.value });
      return null;
    },
    /** The table's type for `key` (controls read their range from it: one source of truth). */
    type: (key) => BY_KEY.get(key).type,
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    /** fn(problems) runs after the hash is parsed: at start() and on every hashchange. */
    onParse(fn) {
      parseListeners.add(fn);
      return () => parseListeners.delete(fn);
    },
    /** Reports the load's parse problems, writes the normalised hash, and renders. */
    start() {
      for (const fn of parseListeners) fn(problems);
      writeHash();
      notify();
    },
  };
}
