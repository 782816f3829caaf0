// Writes what the option schema (web/schema/) drives outside JavaScript: cpp/api/schema.h and cpp/api/schema/*.h (each function's option
// indices and choice enums for the bindings, and option tables for the CLI's flags and --help), web/engine.d.ts
// (the API's TypeScript declarations) and the option tables of docs/API.md (between <!-- options:NAME --> and
// <!-- /options --> markers). With --check it writes nothing and exits 1 naming every file that differs, which
// tests/js/schema.test.mjs runs: a drift between the schema and those files fails the tests.
//
//   node build-scripts/schema-gen.mjs [--check]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

import { MODULES, SCHEMA } from '../web/schema/index.js';
import { dtsText } from './schema-gen/dts.mjs';
import { docsText } from './schema-gen/docs.mjs';
import { headerFiles } from './schema-gen/header.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const FILES = [
  ...headerFiles(MODULES, SCHEMA).map(({ path, text }) => ({ path, make: () => text })),
  { path: 'web/engine.d.ts', make: () => dtsText(MODULES, SCHEMA) },
  { path: 'docs/API.md', make: (old) => docsText(old, SCHEMA) },
];

/** [{ path, current, wanted }] for every generated file. */
export function generate() {
  return FILES.map(({ path, make }) => {
    let current = '';
    try {
      current = readFileSync(ROOT + path, 'utf8');
    } catch {
      // a missing file is written (or reported by --check)
    }
    return { path, current, wanted: make(current) };
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const { path, current, wanted } of generate()) {
    if (current === wanted) continue;
    stale += 1;
    if (check) process.stderr.write(`schema-gen: ${path} differs from web/schema/: run node build-scripts/schema-gen.mjs\n`);
    else {
      mkdirSync(dirname(ROOT + path), { recursive: true });
      writeFileSync(ROOT + path, wanted);
      process.stdout.write(`schema-gen: wrote ${path}\n`);
    }
  }
  process.exit(check && stale ? 1 : 0);
}
