// No line of the page's code runs past 160 characters (issue 37): every file under web/, hand-written or generated
// (web/engine.d.ts comes from build-scripts/schema-gen.mjs, which wraps its comments), except web/data/, which holds
// generated JSON data. Characters are counted as code points ([...line].length); binary files are skipped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

import { ROOT } from './helpers.mjs';

const MAX = 160;
const SKIP = ['web/data'];

/** Every file under `dir` (relative to ROOT, with forward slashes), the folders of SKIP left out. */
function files(dir) {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (SKIP.includes(rel)) return [];
    return entry.isDirectory() ? files(rel) : [rel];
  });
}

/** "file:line is N characters" for each line of `text` longer than MAX. */
function longLines(file, text) {
  return text.split(/\r\n|\r|\n/).flatMap((line, i) => {
    const length = [...line].length;
    return length > MAX ? [`${file}:${i + 1} is ${length} characters`] : [];
  });
}

test('longLines names each line over 160 characters with its file, line number and length', () => {
  assert.deepEqual(longLines('a.js', `${'x'.repeat(160)}\n${'é'.repeat(161)}\r\nok\r${'y'.repeat(200)}`),
    ['a.js:2 is 161 characters', 'a.js:4 is 200 characters']);
  assert.deepEqual(longLines('b.js', '√'.repeat(160)), []); // 480 bytes, 160 characters
});

test(`no line of web/ (outside web/data/) is longer than ${MAX} characters`, () => {
  const all = files('web');
  assert.ok(all.includes('web/engine.js') && all.includes('web/engine.d.ts') && all.length > 50, `web/ not found under ${ROOT}`);
  const long = [];
  for (const file of all) {
    const bytes = readFileSync(path.join(ROOT, file));
    if (bytes.includes(0)) continue; // binary
    long.push(...longLines(file, bytes.toString('utf8')));
  }
  assert.deepEqual(long, [], `${long.length} line(s) over ${MAX} characters; wrap them:\n${long.join('\n')}`);
});
