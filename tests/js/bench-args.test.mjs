// The one flag parser of bench/ (bench/lib/args.mjs): values read by type, flags that set keys, repeated flags, and
// an Error naming the flag for an unknown flag, a missing value or a bad one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';

import { parseArgs } from '../../bench/lib/args.mjs';

const FLAGS = {
  '--rounds': { key: 'rounds', type: 'count' },
  '--budget-s': { key: 'budgetS', type: 'number' },
  '--dims': { key: 'dims', type: 'numbers', check: (ds) => (ds.every((d) => d >= 2) ? null : 'needs maxDims from 2') },
  '--browsers': { key: 'browsers', type: 'list' },
  '--out': { key: 'out', type: 'path' },
  '--hash': { key: 'hashes', repeat: true },
  '--browser-only': { set: { browser: true, node: false } },
};
const DEFAULTS = { rounds: 10, budgetS: 150, dims: [512], browsers: ['chromium'], out: null, hashes: [], browser: false, node: true };
const parse = (...argv) => parseArgs(argv, DEFAULTS, FLAGS, 'bench/x.mjs');

test('the defaults stand until a flag changes them; each value is read by its type', () => {
  assert.deepEqual(parse(), DEFAULTS);
  const args = parse('--rounds', '3', '--budget-s', '0.5', '--dims', '64,512', '--browsers', 'chromium,firefox', '--out', 'o',
    '--hash', '#a', '--hash', '#b', '--browser-only');
  assert.deepEqual(args, { rounds: 3, budgetS: 0.5, dims: [64, 512], browsers: ['chromium', 'firefox'], out: path.resolve('o'),
    hashes: ['#a', '#b'], browser: true, node: false });
  assert.deepEqual(DEFAULTS.hashes, [], 'the defaults are not changed');
});

test('an unknown flag, a missing value or a bad value is an Error that names the flag', () => {
  assert.throws(() => parse('--bogus'), /^Error: unknown option --bogus: see the usage line at the top of bench\/x\.mjs$/);
  assert.throws(() => parse('--rounds'), /--rounds needs a value/);
  assert.throws(() => parse('--rounds', '0'), /--rounds needs a positive integer/);
  assert.throws(() => parse('--rounds', '2.5'), /--rounds needs a positive integer/);
  assert.throws(() => parse('--budget-s', '-1'), /--budget-s needs a number/);
  assert.throws(() => parse('--dims', '64,x'), /--dims needs comma-separated numbers/);
  assert.throws(() => parse('--dims', '1,64'), /--dims needs maxDims from 2/);
  assert.throws(() => parse('toString'), /unknown option toString/);
});
