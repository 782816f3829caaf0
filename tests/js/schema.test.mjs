// The option schema (web/schema/) is the one definition of every public function's options: the generated files
// (docs/API.md's tables, web/engine.d.ts, cpp/api/schema*.h) must match it, the CLI's flags and --help must be its
// options with its ranges and messages, and the page's state table must not allow more than the engine takes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

import { engine, NATIVE_CLI, ROOT } from './helpers.mjs';
import { generate } from '../../build-scripts/schema-gen.mjs';
import { docsText, returnsTable, tableText } from '../../build-scripts/schema-gen/docs.mjs';
import { MODULES, SCHEMA, option } from '../../web/schema/index.js';
import { STATE_TABLE } from '../../web/state.js';
import { fmt } from '../../web/schema/types.js';

const e = await engine();

test('docs/API.md, web/engine.d.ts and cpp/api/schema*.h are what the schema generates', () => {
  for (const { path, current, wanted } of generate()) {
    assert.ok(current === wanted, `${path} differs from web/schema/: run node build-scripts/schema-gen.mjs`);
  }
});

test('docs/API.md tables each option list once: a function with the options of one tabled earlier points there', () => {
  const block = (name) => `<!-- options:${name} -->\nold\n<!-- /options -->${SCHEMA[name].results || SCHEMA[name].answer ? `\n<!-- returns:${name} -->\nold\n<!-- /returns -->` : ''}`;
  const only = (...names) => Object.fromEntries(names.map((name) => [name, SCHEMA[name]]));
  const text = docsText([block('createTrainer'), block('describeTrainer'), block('dotProducts')].join('\n\n'), only('createTrainer', 'describeTrainer', 'dotProducts'));
  const bodies = [...text.matchAll(/<!-- options:(\w+) -->\n([\s\S]*?)\n<!-- \/options -->/g)].map((m) => [m[1], m[2]]);
  assert.deepEqual(bodies.map(([name]) => name), ['createTrainer', 'describeTrainer', 'dotProducts']);
  assert.equal(bodies[0][1], tableText(SCHEMA.createTrainer));
  assert.match(bodies[1][1], /^The options of `createTrainer` above/);
  assert.equal(bodies[2][1], tableText(SCHEMA.dotProducts));
  // The pointer is written only while the two lists are the same.
  const changed = { ...only('createTrainer'), describeTrainer: { ...SCHEMA.describeTrainer, options: SCHEMA.describeTrainer.options.slice(1) } };
  assert.equal(docsText(block('createTrainer') + '\n' + block('describeTrainer'), changed).split('<!-- options:describeTrainer -->\n')[1].split('\n<!-- /options -->')[0],
    tableText(changed.describeTrainer));
});

test('docs/API.md has a Returns table per function, a row per field and nested field, and needs one', () => {
  const text = docsText('<!-- options:histogram -->\nold\n<!-- /options -->\n<!-- returns:histogram -->\nold\n<!-- /returns -->', { histogram: SCHEMA.histogram });
  const table = text.split('<!-- returns:histogram -->\n')[1].split('\n<!-- /returns -->')[0];
  assert.equal(table, returnsTable(SCHEMA.histogram));
  const fields = [...table.matchAll(/^\| `([\w.[\]]+)` \|/gm)].map((m) => m[1]);
  assert.deepEqual(fields, ['min', 'max', 'histogram', 'histogram.edges', 'histogram.counts', 'histogram.outside']);
  assert.throws(() => docsText('<!-- options:histogram -->\nold\n<!-- /options -->', { histogram: SCHEMA.histogram }),
    /docs\/API.md lacks a returns block for histogram/);
  assert.throws(() => docsText('<!-- options:dot -->\nold\n<!-- /options -->\n<!-- returns:dot -->\n<!-- /returns -->', { dot: { ...SCHEMA.dot, answer: undefined } }),
    /returns block for dot, which has no results/);
});

test('web/engine.d.ts type-checks the typed example (tsc --noEmit), and its expected errors stay errors', () => {
  const tsc = `${ROOT}node_modules/.bin/tsc`;
  assert.ok(existsSync(tsc), 'typescript is missing: run build-scripts/setup (npm ci)');
  const run = spawnSync(tsc, ['-p', `${ROOT}tests/types/tsconfig.json`], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stdout + run.stderr);
});

test('every function in the schema is a method of the engine or its trainer, and every method has a schema', () => {
  const trainer = e.createTrainer({ L: 4, trainSize: 8, valSize: 4, testSize: 4, batchSize: 4, epochs: 1 });
  try {
    const methods = new Set([...Object.keys(e), ...Object.keys(trainer).map((m) => `trainer.${m}`)]);
    for (const { functions } of MODULES) {
      for (const f of functions) {
        const name = f.signature?.startsWith('trainer.') ? f.signature.match(/^(trainer\.\w+)/)[1] : f.name;
        assert.ok(methods.has(name), `${f.name}: no method ${name}`);
        methods.delete(name);
      }
    }
    assert.deepEqual([...methods].sort(), ['info', 'resources', 'trainer.delete', 'trainer.deleted', 'trainer.info'].sort(),
      'methods without a schema');
  } finally {
    trainer.delete();
  }
});

// ---- the CLI -----------------------------------------------------------------------------------------------------

const cli = (...args) => spawnSync(NATIVE_CLI, args, { encoding: 'utf8' });
const CLI_FUNCTIONS = [['train', 'createTrainer', []], ['example', 'selfAttentionExample', []], ['random', 'random', ['distribution']]];

test('the CLI\'s --help lists each option of its functions with the schema\'s range and default', () => {
  assert.ok(existsSync(NATIVE_CLI), `${NATIVE_CLI} is missing: run build-scripts/build first`);
  for (const [command, fn, skipped] of CLI_FUNCTIONS) {
    const help = execFileSync(NATIVE_CLI, [command, '--help'], { encoding: 'utf8' });
    for (const row of SCHEMA[fn].options) {
      const line = help.split('\n').find((l) => l.startsWith(`  --${row.name}  `));
      if (skipped.includes(row.name)) {
        assert.equal(line, undefined, `${command} --help lists --${row.name}, which it does not take`);
        continue;
      }
      assert.ok(line, `${command} --help has no --${row.name}`);
      const t = row.type;
      if (t.min !== undefined && typeof t.max !== 'function') assert.ok(line.includes(`${fmt(t.min)}`) && line.includes(`${fmt(t.max)}`), `${command} --${row.name}: ${line}`);
      if (t.choices) for (const c of t.choices) assert.ok(line.includes(c), `${command} --${row.name} lacks ${c}: ${line}`);
      const d = row.defaultText ?? (typeof row.default === 'object' ? row.default.from : String(row.default ?? 'none'));
      assert.ok(line.includes(`default ${d}:`), `${command} --${row.name}: default ${d} missing in ${line}`);
      assert.ok(line.includes(row.meaning.slice(0, 20)), `${command} --${row.name}: meaning missing in ${line}`);
    }
  }
});

test('the CLI refuses a value past an option\'s limit with the API\'s own message', () => {
  for (const row of SCHEMA.createTrainer.options) {
    const t = row.type;
    if (t.kind !== 'integer' && t.kind !== 'number' && t.kind !== 'seed' && t.kind !== 'choice') continue;
    const bad = t.kind === 'choice' ? 'nonsense' : t.max + 1;
    const run = cli('train', `--${row.name}`, String(bad), '--quiet');
    assert.equal(run.status, 2, `--${row.name} ${bad} was accepted`);
    let api = '';
    try {
      e.createTrainer({ [row.name]: bad }).delete();
    } catch (error) {
      api = error.message.replace(/^createTrainer: /, '');
    }
    assert.ok(api && run.stderr.startsWith(`attention-lab: ${api}\n`), `--${row.name} ${bad}: CLI said ${run.stderr.split('\n')[0]}; the API says ${api}`);
  }
});

// ---- the page's state table --------------------------------------------------------------------------------------

test('every page setting that is an engine option allows no more than the engine takes', () => {
  const rows = STATE_TABLE.filter((row) => row.type.api);
  assert.ok(rows.length >= 40, `only ${rows.length} state keys name the engine option they set`);
  for (const row of rows) {
    const [fn, name] = row.type.api.split('.');
    const t = option(fn, name).type;
    if (t.choices) {
      assert.ok(row.type.choices?.length > 0, `${row.key}: no choices`);
      for (const c of row.type.choices) assert.ok(t.choices.includes(c), `${row.key}: ${c} is not a ${row.type.api}`);
      continue;
    }
    assert.ok(row.type.min >= t.min && row.type.max <= t.max, `${row.key}: ${row.type.min}…${row.type.max} is outside ${row.type.api}'s ${t.min}…${t.max}`);
  }
  const beta = STATE_TABLE.find((row) => row.key === 'rbeta').type;
  const api = option('createTrainer', 'beta').type;
  assert.deepEqual([beta.min, beta.max], [api.min, api.max], 'β\'s range is the engine\'s');
});
