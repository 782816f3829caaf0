// The README and the pages of docs/ name only what exists: every file or folder path in code spans and links that
// starts with one of the repository's own folders (cpp/, web/, tests/, …), every build-scripts/ command, and every
// npm script. Paths under build/ and dist/ are outputs and are not checked; a span with a placeholder (<lesson>, …,
// *) is a pattern, not a path. So a doc cannot go on naming a file after it moves.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

import { ROOT } from './helpers.mjs';

const OWN = ['cpp/', 'web/', 'tests/', 'build-scripts/', 'bench/', 'docs/', 'examples/', 'cmake/', '.ci/'];
const ROOT_FILES = ['index.html', 'CMakeLists.txt', 'CMakePresets.json', 'package.json', 'README.md'];
const DOCS = ['README.md', ...readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** The code spans, fenced blocks and link targets of a Markdown text. */
function spans(text) {
  const out = [];
  for (const m of text.matchAll(/```[^\n]*\n([\s\S]*?)```/g)) out.push(...m[1].split('\n'));
  const prose = text.replace(/```[\s\S]*?```/g, '');
  for (const m of prose.matchAll(/`([^`\n]+)`/g)) out.push(m[1]);
  return out;
}

/** Words of a span that name a path of this repository (placeholders and outputs left out). */
function repoPaths(span) {
  return span.split(/[\s,;()"'=]+/)
    .map((w) => w.replace(/[.:]+$/, '').replace(/#.*$/, ''))
    .filter((w) => (OWN.some((d) => w.startsWith(d)) || ROOT_FILES.includes(w)) && !/[<>…*{}|$]/.test(w));
}

test('every path, command and npm script that the README and docs/ name exists', () => {
  const scripts = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts ?? {};
  const missing = [];
  let checked = 0;
  for (const doc of DOCS) {
    const text = readFileSync(path.join(ROOT, doc), 'utf8');
    for (const span of spans(text)) {
      for (const p of repoPaths(span)) {
        checked += 1;
        if (!existsSync(path.join(ROOT, p))) missing.push(`${doc}: \`${p}\` (in \`${span.trim()}\`)`);
      }
      for (const m of span.matchAll(/\bnpm (?:run )?([\w:-]+)/g)) {
        if (['ci', 'install', 'test', 'view'].includes(m[1]) && !(m[1] === 'test' && !scripts.test)) continue;
        if (!scripts[m[1]]) missing.push(`${doc}: npm script "${m[1]}" (in \`${span.trim()}\`)`);
      }
    }
    // Relative links: [text](target) to a file of the repository.
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1].replace(/#.*$/, '');
      if (!target || /^[a-z]+:/.test(target)) continue;
      checked += 1;
      if (!existsSync(path.join(ROOT, path.dirname(doc), target))) missing.push(`${doc}: link (${m[1]})`);
    }
  }
  assert.deepEqual(missing, [], `named in the docs but not in the tree:\n${missing.join('\n')}`);
  assert.ok(checked > 50, `only ${checked} paths checked: did the Markdown parsing break?`);
});

test('the check finds a path that does not exist', () => {
  assert.deepEqual(repoPaths('node build-scripts/no-such-script.mjs --x'), ['build-scripts/no-such-script.mjs']);
  assert.deepEqual(repoPaths('web/sections/<lesson>/<part>.js and build/page/app.js'), []);
  assert.equal(existsSync(path.join(ROOT, 'build-scripts/no-such-script.mjs')), false);
});
