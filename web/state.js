// The page's state as ONE declarative table, and its round trip through the URL hash.
// Parsing is pure (no DOM, no side effects); the store below is the only code that touches
// location/history. It does not know what any key means to a lesson. Where a key sets a quantity the engine takes
// too (d_k, β, a seed, …), its range comes from the engine's option schema, narrowed where the page offers less.
import { option } from './schema/index.js';

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
    // Own keys only: 'toString' or 'constructor' in a link is not a switch value.
    parse: (raw) => (Object.hasOwn(words, raw) ? { ok: true, value: words[raw] } : { ok: false }),
    format: (v) => (v ? '1' : '0'),
    accepts: (v) => v === true || v === false,
  };
}

export function choice(...choices) {
  return {
    choices,
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
    min,
    max,
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

/**
 * A list of distinct entries of `choices` such as "fixed,search" (minCount to maxCount of them, in any order);
 * the value is an array, written back comma-separated.
 */
export function choiceList(choices, { minCount = 1, maxCount = choices.length } = {}) {
  const ok = (v) => Array.isArray(v) && v.length >= minCount && v.length <= maxCount && v.every((c) => choices.includes(c))
    && new Set(v).size === v.length;
  return {
    minCount,
    maxCount,
    choices,
    allowed: `${minCount === maxCount ? minCount : `${minCount} to ${maxCount}`} different ones of ${choices.join(', ')}, separated by commas`,
    parse(raw) {
      const value = raw.trim().split(/\s*,\s*/).filter((p) => p !== '');
      return ok(value) ? { ok: true, value } : { ok: false };
    },
    format: (v) => v.join(','),
    accepts: ok,
  };
}

/* ---- quantities the engine takes too: their ranges come from the engine's option schema (web/schema/) ---- */

/**
 * The bounds of an engine option ("createTrainer.beta"; for a list option, its entries'), narrowed where the page
 * offers less than the engine takes (a slider's span); never wider. The row keeps `api` so tests can check it.
 */
function apiRange(api, narrow = {}) {
  const [fn, name] = api.split('.');
  const t = option(fn, name).type;
  const min = narrow.min ?? t.min;
  const max = narrow.max ?? t.max;
  if (!(min >= t.min && max <= t.max && (!t.above || min > t.min))) {
    throw new Error(`state: ${api} takes ${t.min}…${t.max}; a page range of ${min}…${max} is not inside it`);
  }
  return { min, max };
}
export const apiInteger = (api, narrow) => {
  const { min, max } = apiRange(api, narrow);
  return { ...integer(min, max), api };
};
export const apiDecimal = (api, narrow) => {
  const { min, max } = apiRange(api, narrow);
  return { ...decimal(min, max), api };
};
/** A list whose entries are an engine option's (a list option's entries, or one scalar option per entry). */
export const apiList = (api, { minCount, maxCount, integers = false, ...narrow }) => {
  const { min, max } = apiRange(api, narrow);
  return { ...numberList({ minCount, maxCount, integers, min, max }), api };
};
export const apiChoice = (api) => {
  const [fn, name] = api.split('.');
  return { ...choice(...option(fn, name).type.choices), api };
};

/* ---- THE table. A later lesson adds its keys here, one entry each (a line, unless it needs more). ---- */

export const STATE_TABLE = [
  // key, the values a link may carry, the default; the comment says who reads it
  // lesson in view
  { key: 'lesson', type: choice('selfattention', 'variance', 'saturation', 'temperature', 'heads', 'training', 'beyond'), def: 'selfattention' },
  { key: 'embed', type: flag(), def: false }, // iframe mode: one section, no page header or footer (web/embed.js)
  { key: 'teacher', type: flag(), def: false }, // show every chart's Export and Show-data bar (web/teacher-tools.js)
  { key: 'sentence', type: text(300), def: 'money bank grows', section: 'selfattention' }, // lesson 1; the engine limits words
  { key: 'dk', type: apiInteger('selfAttentionExample.dK', { max: 64 }), def: 4, section: 'selfattention' }, // lesson 1
  { key: 'dmodel', type: apiInteger('selfAttentionExample.dModel', { min: 2, max: 64 }), def: 8, section: 'selfattention' }, // lesson 1
  { key: 'seed', type: apiInteger('selfAttentionExample.seed'), def: 1, section: 'selfattention' }, // lesson 1 (the engine's uint32 range)
  { key: 'scaled', type: flag(), def: true, section: 'selfattention' }, // lesson 1
  { key: 'causal', type: flag(), def: false, section: 'selfattention' }, // lesson 1
  { key: 'step', type: integer(1, 7), def: 1, section: 'selfattention' }, // lesson 1
  // lesson 1: real word vectors or seeded random ones
  { key: 'emb', type: apiChoice('selfAttentionExample.embeddings'), def: 'words', section: 'selfattention' },
  // lesson 1: identity head with the self-score masked, or random W's
  { key: 'head', type: apiChoice('selfAttentionExample.head'), def: 'meaningful', section: 'selfattention' },
  { key: 'adeep', type: choiceList(['why'], { minCount: 0 }), def: [], section: 'selfattention' }, // lesson 1: open "Go deeper" section
  // Lesson 2 (web/sections/variance/)
  { key: 'dota', type: numberList({ maxCount: 64, maxAbs: 1e6 }), def: [1, 2], section: 'variance' }, // the editable pair, a
  { key: 'dotb', type: numberList({ maxCount: 64, maxAbs: 1e6 }), def: [3, 4], section: 'variance' }, // … and b
  { key: 'vdist', type: choice('uniform', 'stdnormal', 'normal'), def: 'stdnormal', section: 'variance' }, // entries of the random vectors
  { key: 'vmean', type: apiDecimal('dotProducts.mean', { min: -10, max: 10 }), def: 1, section: 'variance' }, // μ of 'normal'
  { key: 'vstd', type: apiDecimal('dotProducts.std', { max: 10 }), def: 1, section: 'variance' }, // σ of 'normal'
  { key: 'vseed', type: apiInteger('varianceSweep.seed'), def: 1, section: 'variance' }, // histograms and sweep
  { key: 'vdims', type: apiList('dotProducts.dim', { maxCount: 6, integers: true }), def: [3, 100, 1000], section: 'variance' }, // histogram panels
  { key: 'vshared', type: flag(), def: true, section: 'variance' }, // one x and y axis for every histogram
  { key: 'vmaxdim', type: apiInteger('varianceSweep.maxDim'), def: 512, section: 'variance' }, // the sweep runs d = 1 … vmaxdim
  { key: 'vvectors', type: apiInteger('varianceSweep.vectors', { max: 300 }), def: 100, section: 'variance' }, // random vectors in the sweep
  { key: 'vc', type: apiDecimal('scaleVariance.c', { min: -10, max: 10 }), def: 0.5, section: 'variance' }, // c of Var(cX) = c²Var(X)
  { key: 'adk', type: apiInteger('pairAngles.dim', { max: 1024 }), def: 64, section: 'variance' }, // dₖ of the two arrows (2.3)
  { key: 'apair', type: apiInteger('pairAngles.pair', { max: 99 }), def: 0, section: 'variance' }, // which random pair the arrows show
  // open "Go deeper" sections
  { key: 'vdeep', type: choiceList(['spine', 'fit', 'uniform', 'byhand', 'scalecheck'], { minCount: 0 }), def: [], section: 'variance' },
  // Lesson 3 (web/sections/saturation/)
  { key: 'sgap', type: apiDecimal('twoLogitCurve.at', { min: -40, max: 40 }), def: 1, section: 'saturation' }, // the gap Δ of the two-logit curve
  { key: 'spairdk', type: choice('4', '64', '512'), def: '64', section: 'saturation' }, // d_k of the random pair whose gap is marked
  { key: 'sscores', type: numberList({ maxCount: 16, maxAbs: 1e4 }), def: [14, 10], section: 'saturation' }, // scores before and after 1/√sdk
  { key: 'sdk', type: apiInteger('softmaxStats.dK'), def: 4, section: 'saturation' }, // d_k of that example
  { key: 'sclose', type: numberList({ maxCount: 16, maxAbs: 1e4 }), def: [4, 5], section: 'saturation' }, // a close pair of scores
  { key: 'sfar', type: numberList({ maxCount: 16, maxAbs: 1e4 }), def: [1, 10], section: 'saturation' }, // a distant pair
  { key: 'gdk', type: apiInteger('gradientDistribution.dK'), def: 64, section: 'saturation' }, // d_k of the random row
  { key: 'gn', type: apiInteger('gradientDistribution.n', { max: 64 }), def: 16, section: 'saturation' }, // scores in the row
  { key: 'gscaled', type: flag(), def: false, section: 'saturation' }, // divide that row by √d_k
  { key: 'grow', type: choice('q1', 'median', 'q3'), def: 'median', section: 'saturation' }, // which typical row: its raw ‖J‖'s quartile
  { key: 'gseed', type: apiInteger('gradientSweep.seed'), def: 1, section: 'saturation' }, // random row and gradient sweep
  // rows averaged per d_k in the gradient sweep
  { key: 'gtrials', type: apiInteger('gradientSweep.trials', { min: 10, max: 20000 }), def: 1000, section: 'saturation' },
  { key: 'nscores', type: numberList({ maxCount: 16, maxAbs: 1e6 }), def: [1, 2, 3, 4], section: 'saturation' }, // numerics panel
  { key: 'nbeta', type: apiDecimal('softmaxNumerics.beta'), def: 1, section: 'saturation' }, // β of the numerics panel
  { key: 'nprec', type: choice('float32', 'float64'), def: 'float32', section: 'saturation' }, // precision of the numerics panel
  // open "Go deeper" sections
  { key: 'sdeep', type: choiceList(['jacobian', 'distribution', 'pairs', 'numerics'], { minCount: 0 }), def: [], section: 'saturation' },
  // Lesson 4 (web/sections/temperature/)
  { key: 'tscores', type: numberList({ maxCount: 12, maxAbs: 1000 }), def: [3, 2, 0.5, -1], section: 'temperature' }, // the row of the β slider
  // inverse temperature β of that row and of the 3×3 matrix
  { key: 'tbeta', type: apiDecimal('boltzmann.betas', { max: 1000 }), def: 1, section: 'temperature' },
  { key: 'tshift', type: apiDecimal('boltzmann.shift', { min: -1000, max: 1000 }), def: 10, section: 'temperature' }, // constant added to every score
  // 3×3 scores, row by row
  { key: 'tmatrix', type: numberList({ minCount: 9, maxCount: 9, maxAbs: 1000 }), def: [2, 0, 1, 4, 1, 0, 1, 3, 2], section: 'temperature' },
  { key: 'tdk', type: apiInteger('derivation.dK', { max: 512 }), def: 64, section: 'temperature' }, // d_k of the derivation
  // (q, k) pairs it draws (samples·d_k ≤ 2²², the engine's limit)
  { key: 'tsamples', type: apiInteger('derivation.samples', { min: 100, max: 8000 }), def: 4000, section: 'temperature' },
  { key: 'tdmean', type: apiDecimal('derivation.meanQ', { min: -3, max: 3 }), def: 0, section: 'temperature' }, // mean of every qᵢ and kᵢ in the derivation
  { key: 'tdsd', type: apiDecimal('derivation.sigmaQ', { max: 3 }), def: 1, section: 'temperature' }, // their standard deviation
  { key: 'tdcorr', type: apiDecimal('derivation.correlation'), def: 0, section: 'temperature' }, // correlation of qᵢ with kᵢ
  { key: 'tdx', type: apiInteger('assumptionCheck.dX', { max: 128 }), def: 64, section: 'temperature' }, // d_x: width of the random X
  { key: 'tkdim', type: apiInteger('assumptionCheck.dK', { max: 128 }), def: 64, section: 'temperature' }, // d_k of W_q and W_k in the assumption check
  { key: 'tsx', type: apiDecimal('assumptionCheck.sigmaX', { min: 0.01, max: 10 }), def: 1, section: 'temperature' }, // σ_X
  { key: 'tswq', type: apiDecimal('assumptionCheck.sigmaWq', { max: 10 }), def: 0.125, section: 'temperature' }, // σ_Wq
  { key: 'tswk', type: apiDecimal('assumptionCheck.sigmaWk', { max: 10 }), def: 0.125, section: 'temperature' }, // σ_Wk
  { key: 'tmx', type: apiDecimal('assumptionCheck.meanX', { min: -5, max: 5 }), def: 0, section: 'temperature' }, // mean of X
  { key: 'ttokens', type: apiInteger('assumptionCheck.tokens', { max: 12 }), def: 8, section: 'temperature' }, // tokens per sequence (rows of X)
  { key: 'tdrift', type: apiDecimal('assumptionCheck.drift', { min: 0.1, max: 10 }), def: 1, section: 'temperature' }, // factor on W_q and W_k (weight drift)
  { key: 'tseed', type: apiInteger('derivation.seed'), def: 1, section: 'temperature' }, // every Monte Carlo part of Lesson 4
  { key: 'tbreak', type: choice('none', 'mean', 'variance', 'aligned', 'diagonal'), def: 'none', section: 'temperature' }, // the assumption 4.4 breaks
  // open "Go deeper" sections
  { key: 'tdeep', type: choiceList(['sweep', 'normalisation', 'derivation', 'xw', 'drift'], { minCount: 0 }), def: [], section: 'temperature' },
  // Lesson 5 (web/sections/heads/); it also reads Lesson 1's `sentence` (its LESSON.keys lists both)
  { key: 'hdmodel', type: apiInteger('multiHeadExample.dModel', { min: 2, max: 64 }), def: 16, section: 'heads' }, // d_model; H must divide it
  { key: 'hheads', type: choice('1', '2', '4', '8'), def: '4', section: 'heads' }, // H
  { key: 'hscale', type: apiChoice('multiHeadExample.scaleBy'), def: 'dk', section: 'heads' }, // divide each head's scores by √d_k, √d_model or nothing
  { key: 'hseed', type: apiInteger('multiHeadExample.seed'), def: 1, section: 'heads' }, // W_q, W_k, W_v and W^O of Lesson 5
  { key: 'hdeep', type: choiceList(['combine', 'sweep'], { minCount: 0 }), def: [], section: 'heads' }, // open "Go deeper" sections
  // Lesson 6 (web/sections/training/): the training run's settings; d_model = L as in source 003's Table 1
  { key: 'rmodel', type: apiChoice('createTrainer.model'), def: 'encoder', section: 'training' }, // which model learns
  { key: 'rlen', type: apiInteger('createTrainer.L', { max: 64 }), def: 20, section: 'training' }, // L, the sequence length (and d_model)
  { key: 'rvals', type: apiInteger('createTrainer.R'), def: 100, section: 'training' }, // R: values 0 … R − 1
  { key: 'rtrain', type: apiInteger('createTrainer.trainSize', { min: 64 }), def: 15000, section: 'training' }, // training sequences
  { key: 'rheads', type: apiInteger('createTrainer.heads'), def: 1, section: 'training' }, // heads; must divide d_model = L
  { key: 'rstrategy', type: apiChoice('createTrainer.betaStrategy'), def: 'fixed', section: 'training' }, // β of the single run
  { key: 'rbeta', type: apiDecimal('createTrainer.beta'), def: 5, section: 'training' }, // β when the strategy is "fixed"
  { key: 'repochs', type: apiInteger('createTrainer.epochs', { max: 100 }), def: 10, section: 'training' }, // epochs of the main run
  { key: 'rlr', type: apiDecimal('createTrainer.lr', { min: 0.00001, max: 0.1 }), def: 0.0005, section: 'training' }, // Adam's peak learning rate
  { key: 'rbetalr', type: decimal(0.01, 1000), def: 1, section: 'training' }, // learned β: ln β's learning rate as a multiple of rlr (1: the weights' own)
  { key: 'rseed', type: apiInteger('createTrainer.seed'), def: 1, section: 'training' }, // data, initial weights and batch order
  // strategies in the race
  {
    key: 'rrace',
    type: { ...choiceList(option('createTrainer', 'betaStrategy').type.choices, { minCount: 2, maxCount: 4 }), api: 'createTrainer.betaStrategy' },
    def: ['inverse-sqrt-dk', 'fixed'], section: 'training',
  },
  // reference experiment whose accuracy curves 6.1 draws
  { key: 'rcurves', type: choice('encoder', 'encoder-30-epochs', 'encoder-lr-2e-3', 'attention'), def: 'encoder', section: 'training' },
  // open "Go deeper" sections
  { key: 'rdeep', type: choiceList(['model', 'commands', 'table', 'race', 'reruns'], { minCount: 0 }), def: [], section: 'training' },
  // Lesson 7 (web/sections/beyond/): what trained transformers do about the temperature
  { key: 'bdrift', type: apiDecimal('qkNormDemo.drifts', { min: 0.1, max: 10 }), def: 1, section: 'beyond' }, // factor f on every query and key (7.1)
  { key: 'bg', type: apiDecimal('qkNormDemo.g', { min: 0.5, max: 64 }), def: 8, section: 'beyond' }, // QK-norm's scale g (7.1)
  { key: 'brho', type: apiDecimal('alignmentScaling.rho', { min: 0 }), def: 0.5, section: 'beyond' }, // correlation of a query with its aligned key (7.2)
  { key: 'bn', type: apiInteger('lengthScaling.ns', { min: 2, max: 1000000 }), def: 1000, section: 'beyond' }, // number of keys n (7.3)
  { key: 'bs', type: apiDecimal('lengthScaling.s', { max: 2 }), def: 0.43, section: 'beyond' }, // s of the s·ln n scaling (7.3)
  // learning rate of 7.4's numbers: the learning-rate sweep's rates as 7.4 prints them (two significant digits;
  // tests/js/state.test.mjs holds them to web/data/lr-sweep.json)
  { key: 'blr', type: choice('0.0001', '0.00032', '0.001', '0.0032', '0.01', '0.032', '0.1'), def: '0.032', section: 'beyond' },
  { key: 'blrshow', type: choice('accuracy', 'loss', 'logit', 'entropy'), def: 'accuracy', section: 'beyond' }, // what 7.4's chart shows
  { key: 'bdeep', type: choiceList(['collapse', 'mup', 'length', 'lrsweep'], { minCount: 0 }), def: [], section: 'beyond' }, // open "Go deeper" sections
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

/** The key=value text of one row, as a link writes it. */
function formatPart(row, value) {
  // Commas are legal in a fragment and keep lists readable: vdims=3,100,1000.
  return `${row.key}=${encodeURIComponent(row.type.format(value)).replace(/%2C/g, ',')}`;
}

/** True when `value` is written the same as the row's default (so a link can leave the key out). */
export function isDefault(row, value) {
  return row.type.format(value) === row.type.format(row.def);
}

/**
 * The inverse of parseHash: `lesson` always, then only the keys whose value differs from the default, in table
 * order. parseHash gives a missing key its default, so the short link restores the same state.
 */
export function formatHash(state, table = STATE_TABLE) {
  const parts = table.filter((row) => row.key === 'lesson' || !isDefault(row, state[row.key])).map((row) => formatPart(row, state[row.key]));
  return `#${parts.join('&')}`;
}

/**
 * The one object that owns page state. set() validates, notifies subscribers once per animation frame and, once the
 * input has settled, writes the hash with replaceState (no history entries); a hashchange re-parses.
 * With { hash: false } the store lives in memory only (a custom element: its attributes are its link) and
 * starts from `initial` ({ state, problems }, as parseHash returns).
 */
const FRAME_FALLBACK_MS = 100;
const HASH_QUIET_MS = 400; // the input has settled: no change for this long, then the hash is written

export function createStore(win = window, { hash = true, initial = null } = {}) {
  let parsed = initial ?? (hash ? parseHash(win.location.hash) : { state: defaults(), problems: [] });
  let state = parsed.state;
  let problems = parsed.problems;
  const listeners = new Map(); // fn -> the keys it watches (null: every key) and what they were at its last call
  const parseListeners = new Set();
  let frame = 0;

  // A change reaches the hash once the input has settled (no change for HASH_QUIET_MS: a drag or a held arrow key
  // writes once, after it ends), in an idle moment of its own, or at once when the learner may be about to take the
  // link: the page is hidden or left (visibilitychange, pagehide) or the window loses focus (to the address bar).
  // Each write is a same-document navigation: in Chromium it blocks the page's main thread on the browser for
  // 5-20 ms (FrameLoader::updateForSameDocumentNavigation) and makes the browser fetch and decode the page's icon
  // again, work that must not land in the frame of an input. WebKit also throws a SecurityError after 100
  // replaceState calls in 10 s (Firefox and Chromium have limits of their own). A refused write is dropped (the
  // write after 2 s carries the whole state), never thrown into the set() that caused it.
  let hashTimer = 0;
  let idle = 0;
  const cancelWrite = () => {
    clearTimeout(hashTimer);
    if (idle) win.cancelIdleCallback?.(idle);
    hashTimer = 0;
    idle = 0;
  };
  const writeHashNow = () => {
    cancelWrite();
    const next = formatHash(state);
    if (win.location.hash === next) return;
    try {
      win.history.replaceState(null, '', next);
    } catch {
      hashTimer = setTimeout(writeHashNow, 2000); // refused (a rate limit): try again once the limit has eased
    }
  };
  const writeHash = () => {
    if (!hash) return;
    cancelWrite();
    hashTimer = setTimeout(() => {
      hashTimer = 0;
      if (typeof win.requestIdleCallback === 'function') idle = win.requestIdleCallback(writeHashNow, { timeout: 200 });
      else writeHashNow();
    }, HASH_QUIET_MS);
  };
  const flushHash = () => {
    if (hashTimer || idle) writeHashNow();
  };
  if (hash) {
    win.addEventListener('pagehide', flushHash);
    win.addEventListener('blur', flushHash);
    win.document?.addEventListener('visibilitychange', () => {
      if (win.document.visibilityState === 'hidden') flushHash();
    });
  }
  const signature = (keys) => keys.map((k) => BY_KEY.get(k).type.format(state[k])).join('&');
  // Subscribers run once per animation frame. A frame that never comes (WebKit and Chromium pause animation frames
  // in an iframe scrolled out of view) would leave an embedded lesson undrawn and its height wrong, so a timer
  // stands in after FRAME_FALLBACK_MS; whichever comes first runs the update and cancels the other.
  let timer = 0;
  let waiting = []; // resolvers of whenRendered(), settled after the next run
  let pending = null; // the run scheduled by notify(), until it has run
  const notify = () => {
    if (frame) return;
    const run = () => {
      win.cancelAnimationFrame(frame);
      clearTimeout(timer);
      frame = 0;
      pending = null;
      const done = waiting;
      waiting = [];
      try {
        for (const [fn, watch] of listeners) {
          if (watch.keys) {
            const now = signature(watch.keys);
            if (now === watch.last) continue; // none of its keys moved
            watch.last = now;
          }
          fn(state, problems);
        }
      } finally {
        for (const resolve of done) resolve();
      }
    };
    pending = run;
    frame = win.requestAnimationFrame(run);
    timer = setTimeout(run, FRAME_FALLBACK_MS);
  };
  const load = (next) => {
    parsed = next;
    state = parsed.state;
    problems = parsed.problems;
    for (const fn of parseListeners) fn(problems);
    if (hash) writeHashNow();
    notify();
  };

  if (hash) win.addEventListener('hashchange', () => load(parseHash(win.location.hash)));

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
    /** fn(state, problems) after changes; with `keys`, only when one of those keys changed (and on the first render). */
    subscribe(fn, keys = null) {
      listeners.set(fn, { keys: keys ? keys.filter((k) => BY_KEY.has(k)) : null, last: null });
      return () => listeners.delete(fn);
    },
    /** Replaces the whole state with a parse result ({ state, problems }): a new set of attributes, a message. */
    load,
    /** fn(problems) runs after the hash is parsed: at start() and on every hashchange. */
    onParse(fn) {
      parseListeners.add(fn);
      return () => parseListeners.delete(fn);
    },
    /** Resolves once the update now pending (or the next one) has run every subscriber. */
    whenRendered() {
      return new Promise((resolve) => {
        waiting.push(resolve);
        notify();
      });
    },
    /**
     * Runs the pending update now, in the caller's task, instead of in the next animation frame. The page's first
     * render uses it: the lesson's elements and its numbers then reach style, layout and paint together, once.
     */
    renderNow() {
      pending?.();
    },
    /** Reports the load's parse problems, writes the normalised hash, and renders. */
    start() {
      for (const fn of parseListeners) fn(problems);
      if (hash) writeHashNow();
      notify();
    },
  };
}
