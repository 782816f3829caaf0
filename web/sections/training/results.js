// Lesson 6, side material behind "Go deeper" in 6.1: source 003's Table 1 as printed (the paper's claims, typed from
// the paper into web/data/table1.json and labelled as such), the project's reference runs from web/data/reference-runs.json (made by the native
// CLI with build-scripts/reference-runs; means and standard deviations computed there), the runs the learner finished
// in this page, and the commands that made the reference runs. The prose quotes the data file's numbers.
import { el, clear } from '../../dom.js';
import { sig2, sig3, count } from '../../format.js';
import { deeper } from '../kit/lesson.js';
import { setProse, dk } from '../kit/parts.js';
import { REFERENCE, STRATEGY, pm, groupPm, sig, reference, percent as pct } from './strategies.js';
import TABLE_1 from '../../data/table1.json';

// Source 003's Table 1 as printed (web/data/table1.json, the file the CLI's table1 command reads too), one entry
// per printed line: the 1/√d_k run of each row, then its tuned β runs.
export const PAPER_TABLE_1 = TABLE_1.rows.flatMap((r) => [
  { method: 'old', beta: null, R: r.R, L: r.L, train: r.train, accuracy: r.inverseSqrtDk },
  ...r.tuned.map((t) => ({ method: 'new', beta: t.beta, R: r.R, L: r.L, train: r.train, accuracy: t.accuracy })),
]);
const CITATION = TABLE_1.source;

const METHOD_ORDER = ['inverse-sqrt-dk', 'fixed 5', 'search', 'dynamic', 'learned'];
const METHOD_LABEL = { 'inverse-sqrt-dk': 'β = 1/√dₖ', 'fixed 5': 'β = 5 (the paper’s)', search: 'search', dynamic: 'dynamic', learned: 'learned' };

/** Mean and sample standard deviation of a few accuracies (the learner's seeds of one setting). */
function meanSd(xs) {
  const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
  const sd = xs.length > 1 ? Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (xs.length - 1)) : 0;
  return { mean, sd };
}

const cell = (text, label, value, extra = {}) => el('td', { className: 'num', dataset: { label, ...(value === undefined ? {} : { value }) }, ...extra }, text);
const groupRow = (text, id) => el('tr', { className: 'group-row', dataset: { group: id } }, el('th', { attrs: { colspan: 5, scope: 'colgroup' } }, text));

const isRowOne = (g) => g.config.R === 100 && g.config.L === 20 && g.config.trainSize === 15000;
const seedsOf = (exp) => exp.seeds ?? REFERENCE.seeds;

/** Our reference runs of the paper's first row (the others go beside the paper's whole table). */
function referenceRows() {
  const rows = [];
  for (const exp of REFERENCE.experiments) {
    const groups = REFERENCE.groups.filter((g) => g.experiment === exp.id && isRowOne(g))
      .sort((a, b) => METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method));
    if (!groups.length) continue;
    rows.push(groupRow(`Our reference runs: ${exp.label} (seeds ${seedsOf(exp).join(', ')}; mean ± standard deviation)`, `ref-${exp.id}`));
    for (const g of groups) {
      rows.push(el('tr', { dataset: { source: 'reference', experiment: exp.id, method: g.method } },
        el('th', { attrs: { scope: 'row' } }, METHOD_LABEL[g.method] ?? g.method),
        cell(g.method === 'search' || g.method === 'dynamic' || g.method === 'learned' ? `${sig(g.beta.mean)} ± ${sig(g.beta.sd)}` : sig3(g.beta.mean),
          'β', g.beta.mean),
        cell(pm(g.tokenAccuracy), 'test token accuracy', g.tokenAccuracy.mean),
        cell(pm(g.sequenceAccuracy), 'test sequence exact match', g.sequenceAccuracy.mean),
        cell(String(g.runs.length), 'runs', g.runs.length)));
    }
  }
  return rows;
}

/**
 * Our reference group for one printed row of the paper's table: the encoder block with the same R, L, training set
 * size and β, from the first experiment in the data file that ran it (for row 1, the defaults).
 */
function oursFor(p) {
  const method = p.beta === null ? 'inverse-sqrt-dk' : `fixed ${p.beta}`;
  const order = (g) => REFERENCE.experiments.findIndex((e) => e.id === g.experiment);
  return REFERENCE.groups
    .filter((g) => g.method === method && g.config.model === 'encoder' && g.config.R === p.R && g.config.L === p.L && g.config.trainSize === p.train)
    .sort((a, b) => order(a) - order(b))[0] ?? null;
}

/**
 * Printed rows (0-based) whose 1/√d_k figure is the same as another setting's: the paper gives 18.56 % both for R = 10
 * with 8,000 sequences and for R = 1,000 with 50,000, settings whose chance levels differ a hundredfold.
 */
const repeated = new Set(PAPER_TABLE_1.flatMap((p, i) => (p.method === 'old'
  && PAPER_TABLE_1.some((q, j) => j !== i && q.method === 'old' && q.accuracy === p.accuracy && (q.R !== p.R || q.train !== p.train)) ? [i] : [])));

/** The sentence under the whole table about the repeated figure, with our runs of both settings. */
function repeatedNote() {
  const rows = [...repeated].map((i) => PAPER_TABLE_1[i]);
  if (rows.length < 2) return null;
  const where = rows.map((p) => `R = ${count(p.R)} with ${count(p.train)} training sequences (chance ${pct(1 / p.R)})`);
  const ours = rows.map((p) => oursFor(p)).filter(Boolean);
  return el('p', { className: 'chart-note', dataset: { note: 'repeated-figure' } },
    `* The paper prints the same ${rows[0].accuracy} % for β = 1/√dₖ in two different settings `
    + `(printed rows ${[...repeated].map((i) => i + 1).join(' and ')}), ${where.join(' and ')}: `
    + 'probably a copy error in one of the two rows. '
    + (ours.length === rows.length ? `Our runs of the two settings end at ${ours.map((g) => groupPm(g, 'tokenAccuracy')).join(' and ')} token accuracy.` : ''));
}

/** Source 003's Table 1 as printed, each row beside our reference run of it (when there is one) and its budget. */
function wholeTable() {
  const head = ['method', 'R', 'L', 'training set', 'paper: test accuracy', 'ours: test token accuracy', 'ours: test sequence exact match', 'our budget'];
  return el('table', { className: 'examples', dataset: { table: 'paper' } },
    el('thead', {}, el('tr', {}, head.map((h) => el('th', { attrs: { scope: 'col' } }, h)))),
    el('tbody', {}, PAPER_TABLE_1.map((p, i) => {
      const g = oursFor(p);
      const ours = g ? [
        cell(groupPm(g, 'tokenAccuracy'), 'ours: test token accuracy', g.tokenAccuracy.mean),
        cell(groupPm(g, 'sequenceAccuracy'), 'ours: test sequence exact match', g.sequenceAccuracy.mean),
        el('td', { dataset: { label: 'our budget' } },
          `${g.config.epochs} epochs${g.config.epochs < 10 ? ' (not 10)' : ''}, ${g.runs.length} ${g.runs.length === 1 ? 'seed' : 'seeds'}`),
      ] : [el('td', { attrs: { colspan: 3 }, dataset: { label: 'ours' } }, 'not run')];
      return el('tr', { dataset: { paperRow: i + 1, ...(g ? { experiment: g.experiment, method: g.method } : {}) } },
        el('th', { attrs: { scope: 'row' } }, p.beta === null ? 'old: β = 1/√dₖ' : `new: β = ${p.beta}`),
        el('td', { className: 'num' }, String(p.R)), el('td', { className: 'num' }, String(p.L)),
        el('td', { className: 'num' }, count(p.train)),
        el('td', { className: 'num paper-figure',
          dataset: { label: 'paper: test accuracy', value: p.accuracy / 100, ...(repeated.has(i) ? { suspect: 'repeated' } : {}) } },
          `${p.accuracy} %`, repeated.has(i) ? el('sup', {}, '*') : null),
        ...ours);
    })));
}

function paperRows() {
  const rows = [groupRow('Source 003’s claims, Table 1 row 1: L = 20, R = 100, 15,000 training sequences '
    + '(one run each; token or sequence accuracy not stated)', 'paper')];
  for (const p of PAPER_TABLE_1.slice(0, 2)) {
    rows.push(el('tr', { dataset: { source: 'paper', method: p.method } },
      el('th', { attrs: { scope: 'row' } }, p.beta === null ? 'β = 1/√dₖ (“old method”)' : `β = ${p.beta} (“new method”)`),
      cell(p.beta === null ? '1/√20' : String(p.beta), 'β', p.beta ?? ''),
      el('td', { className: 'num paper-figure', attrs: { colspan: 2 }, dataset: { label: 'test accuracy (paper)', value: p.accuracy / 100 } },
        `${p.accuracy} %`),
      cell('1', 'runs')));
  }
  return rows;
}

/** The learner's finished runs, one row each, and mean ± sd where a setting was run with several seeds. */
function learnerRows(runs) {
  const rows = [groupRow('Your runs in this page (test set)', 'yours')];
  if (!runs.length) {
    rows.push(el('tr', { className: 'empty-row' },
      el('td', { attrs: { colspan: 5 } }, 'None finished yet: train a run or a race above and it is added here.')));
    return rows;
  }
  const key = (o) => JSON.stringify({ ...o, seed: undefined });
  const bySetting = new Map();
  for (const r of runs) {
    if (!bySetting.has(key(r.options))) bySetting.set(key(r.options), []);
    bySetting.get(key(r.options)).push(r);
  }
  for (const group of bySetting.values()) {
    for (const r of group) {
      const o = r.options;
      const label = `${o.betaStrategy === 'fixed' ? `β = ${o.beta}` : METHOD_LABEL[o.betaStrategy] ?? STRATEGY[o.betaStrategy].label}, `
        + `${o.model === 'encoder' ? 'encoder' : 'attention only'}, `
        + `L ${o.L}, R ${o.R}, ${o.trainSize} train, ${o.epochs} ep., lr ${o.lr}`
        + `${o.betaLr !== undefined && o.betaLr !== o.lr ? `, ln β lr ${sig3(o.betaLr)}` : ''}, seed ${o.seed}`;
      rows.push(el('tr', { dataset: { source: 'learner', strategy: o.betaStrategy, from: r.source } },
        el('th', { attrs: { scope: 'row' }, className: 'learner-run' }, label),
        cell(sig3(r.final.beta), 'β', r.final.beta),
        cell(pct(r.final.test.tokenAccuracy), 'test token accuracy', r.final.test.tokenAccuracy),
        cell(pct(r.final.test.sequenceAccuracy), 'test sequence exact match', r.final.test.sequenceAccuracy),
        cell('1', 'runs')));
    }
    const seeds = new Set(group.map((r) => r.options.seed));
    if (seeds.size > 1) {
      const token = meanSd(group.map((r) => r.final.test.tokenAccuracy));
      const sequence = meanSd(group.map((r) => r.final.test.sequenceAccuracy));
      rows.push(el('tr', { className: 'mean-row', dataset: { source: 'learner-mean' } },
        el('th', { attrs: { scope: 'row' } }, `mean ± sd of the ${group.length} runs above (seeds ${[...seeds].join(', ')})`),
        cell('', 'β'), cell(pm(token), 'test token accuracy', token.mean), cell(pm(sequence), 'test sequence exact match', sequence.mean),
        cell(String(group.length), 'runs')));
    }
  }
  return rows;
}

/** The paper's rows after the first, each paired old/new with our runs of both (the first tuned β of a row only). */
function otherRows() {
  const pairs = [];
  for (let i = 2; i < PAPER_TABLE_1.length; i += 1) {
    const p = PAPER_TABLE_1[i];
    const prev = PAPER_TABLE_1[i - 1];
    if (p.method !== 'new' || prev.method !== 'old' || prev.R !== p.R || prev.L !== p.L || prev.train !== p.train) continue;
    const old = oursFor(prev);
    const neu = oursFor(p);
    if (old && neu) pairs.push({ p, old, neu, paperOld: prev.accuracy });
  }
  return pairs;
}

/** What the table adds to 6.1, in sentences built around the data file's numbers (their direction read from them). */
function explanation(parameterCount) {
  const base = reference('encoder', 'inverse-sqrt-dk');
  const five = reference('encoder', 'fixed 5');
  const search = reference('encoder', 'search');
  const seq = (g) => pm(g.sequenceAccuracy);
  const paras = [];
  if (search) {
    paras.push([`The paper’s search (${search.runs[0]?.search?.probes ?? 'its'} probes, each the first half of the run at one β, then the rest of the run `,
      `from the best) settles on β ≈ ${sig(search.beta.mean)} for the encoder and ends at ${pm(search.tokenAccuracy)} token accuracy.`]);
  }
  const others = otherRows();
  const full = others.filter((r) => r.old.config.epochs >= 10 && r.neu.config.epochs >= 10);
  const short = others.filter((r) => !full.includes(r));
  if (others.length) {
    // Ahead by more than a percentage point of token accuracy; closer than that the two are level.
    const ahead = full.filter((r) => r.neu.tokenAccuracy.mean - r.old.tokenAccuracy.mean > 0.01);
    const level = full.filter((r) => Math.abs(r.neu.tokenAccuracy.mean - r.old.tokenAccuracy.mean) <= 0.01);
    const row = (r) => `R = ${r.p.R}, L = ${r.p.L}, ${count(r.p.train)} sequences: ${groupPm(r.old, 'tokenAccuracy')} against `
      + `${groupPm(r.neu, 'tokenAccuracy')} for β = ${r.p.beta} (the paper: ${r.paperOld} % against ${r.p.accuracy} %)`;
    // Where our 1/√d_k run is furthest from the paper's figure for it.
    const far = [...full].sort((x, y) => Math.abs(100 * y.old.tokenAccuracy.mean - y.paperOld) - Math.abs(100 * x.old.tokenAccuracy.mean - x.paperOld))[0];
    paras.push([
      `We also ran the paper’s other settings with its two β (the whole table, below, has every figure). In ${ahead.length} of the ${full.length} `,
      'that we ran with the default budget of 10 epochs (the paper does not give its own), its β ends more than a point ahead of 1/√', ...dk(),
      ' in token accuracy', level.length ? ` and in ${level.length} the two end level` : '', ': ',
      full.map(row).join('; '), '. ',
      far && Math.abs(100 * far.old.tokenAccuracy.mean - far.paperOld) > 20
        ? `Our 1/√dₖ run is furthest from the paper’s at R = ${far.p.R} with ${count(far.p.train)} sequences `
          + `(${groupPm(far.old, 'tokenAccuracy')} against its ${far.paperOld} %): at this budget the standard scale learns that task too. `
        : '',
      short.length ? `The L = 200 setting (${short.map(row).join('; ')}) ran for ${short[0].old.config.epochs} epochs and one seed only: `
        + 'a step takes about five seconds on one core here, so 10 epochs would take hours. '
        + 'Read that row as where each β stands early in training, not where it ends'
        + (short.every((r) => Math.max(r.old.tokenAccuracy.mean, r.neu.tokenAccuracy.mean) < 2 / r.p.R)
          ? `; at that point neither β has started to learn, and both sit near the ${pct(1 / short[0].p.R)} that guessing gets.` : '.') : '',
    ]);
  }
  if (five) {
    paras.push([
      `Token accuracy and sequence exact match tell different stories: the β = 5 runs get ${pct(five.tokenAccuracy.mean)} of all tokens right `,
      `but only ${pct(five.sequenceAccuracy.mean)} of sequences right at all 20 positions (${seq(five)}). The paper’s 96 % could be either`,
      five.sequenceAccuracy.mean < 0.9 ? '; if it counts whole sequences, our runs fall well short of it. ' : '. ',
      'Our figures are means over ',
      `${seedsOf(REFERENCE.experiments[0]).length} seeds on ${count(base?.runs[0]?.test?.count ?? 10000)} test sequences `
        + '(the paper used 100,000 and one run), with our reading of a model that the paper describes ',
      'only as attention heads in a transformer with fewer than 8000 parameters. Ours is one encoder block with d = L and has ',
      `${count(parameterCount)} parameters${parameterCount < 8000 ? '' : ' (not fewer)'}: close to the paper’s size, not a copy of its model.`,
    ]);
  }
  return paras;
}

/**
 * The "Go deeper" sections behind 6.1: the whole table (paper, reference runs, the learner's runs) and the commands.
 * Returns { nodes, refresh() (after a run finishes), render(state) }.
 */
export function resultsSections(context) {
  const { store } = context;
  const tableBox = el('div', { className: 'results-table' });
  const reading = el('div', { className: 'part-prose results-reading' });
  // The encoder of the paper's first row, as the engine builds it: its parameter count for the prose.
  const parameterCount = context.engine.describeTrainer({ L: 20, R: 100, dModel: 20 }).modelParameterCount;
  setProse(reading, explanation(parameterCount));
  const commands = el('ul', { className: 'command-list' }, [...new Set(REFERENCE.groups.map((g) => g.command))].map((c) => el('li', {}, el('code', {}, c))));
  const table = deeper(store, 'rdeep', 'table', 'Source 003’s whole Table 1, every reference run and yours', tableBox, reading,
    el('p', { className: 'table-title' }, 'Source 003’s Table 1 as printed, beside our runs of each row'),
    el('p', { className: 'chart-note' }, `${CITATION}. The first five columns are the paper’s figures; L = d_k in every row. `
      + 'The last three are our reference runs of the same row with the encoder block and the same two β, mean ± standard deviation over seeds.'),
    el('div', { className: 'table-scroll' }, wholeTable()), repeatedNote());
  const made = deeper(store, 'rdeep', 'commands', 'The commands that made our reference runs',
    el('p', { className: 'chart-note reference-command' },
      `build-scripts/reference-runs (${REFERENCE.generated.slice(0, 10)}, ${REFERENCE.machine.cpus} cores, ${sig2(REFERENCE.wallSeconds / 3600)} hours in all) `
      + 'runs these native commands and copies their output into web/data/reference-runs.json:'), commands);

  const refresh = () => {
    clear(tableBox);
    tableBox.append(el('p', { className: 'table-title' }, 'Reversing 20 numbers from 0 to 99: the paper’s claims, our reference runs and yours'),
      el('div', { className: 'table-scroll' }, el('table', { className: 'examples stack results', dataset: { table: 'results' } },
        el('caption', { className: 'visually-hidden' }, 'Test accuracy of each β strategy: the paper, our reference runs, your runs'),
        el('thead', {}, el('tr', {}, ['β strategy', 'β', 'test token accuracy', 'test sequence exact match', 'runs']
          .map((h) => el('th', { attrs: { scope: 'col' } }, h)))),
        el('tbody', {}, paperRows(), referenceRows(), learnerRows(context.runs)))));
  };
  refresh();
  return {
    nodes: [table.node, made.node],
    refresh,
    render(state) {
      table.sync(state);
      made.sync(state);
    },
  };
}
