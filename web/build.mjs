// Bundles the page: web/entry.js (the page, web/main.js with the CSS it imports, and Lesson 6's training worker,
// web/training-worker.js) into build/page/app.js + app.css, one classic script so index.html also works from
// file://. The worker is started from the same app.js (see web/entry.js). It does not build the WASM engine
// (build-scripts/build does).
//
// KaTeX: formulas are typeset when the page is built (web/typeset.mjs), with output: 'mathml', so neither KaTeX nor
// its CSS and fonts are bundled.
// Tested in Chromium 156 with this page's Content-Security-Policy: KaTeX's HTML output with its CSS and
// woff2 fonts loaded from file:// without console errors too, so both would work; MathML was chosen because
// Chromium, Firefox and Safari render it natively, screen readers read it, and it spares the bundle ~60 font
// files. (Fonts inlined as data: URLs would be blocked by the CSP, whose font-src falls back to 'self'.)
import * as esbuild from 'esbuild';
import { fileURLToPath } from 'node:url';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { typesetFormulas } from './typeset.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// web/data/lr-sweep.json keeps each run's curve of loss, entropy and largest |logit| for readers of the data; the page
// draws only each run's final figures, so the bundle takes the file without the curves (166 KB → 35 KB).
const withoutCurves = {
  name: 'lr-sweep-without-curves',
  setup(build) {
    build.onLoad({ filter: /[\\/]web[\\/]data[\\/]lr-sweep\.json$/ }, async (args) => {
      const data = JSON.parse(await readFile(args.path, 'utf8'));
      for (const run of data.runs) delete run.curve;
      return { contents: JSON.stringify(data), loader: 'json' };
    });
  },
};

export function pageBuildOptions() {
  return {
    absWorkingDir: ROOT,
    entryPoints: ['web/entry.js'],
    outfile: 'build/page/app.js', // esbuild writes the imported CSS next to it as app.css
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['es2020', 'chrome91', 'firefox90', 'safari15'],
    // The Emscripten glue has require()s for Node that run only when it detects Node.
    external: ['fs', 'path', 'crypto', 'url', 'module', 'worker_threads'],
    minify: true,
    sourcemap: 'linked',
    legalComments: 'linked',
    logLevel: 'info',
    plugins: [withoutCurves, typesetFormulas],
  };
}


if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await esbuild.build(pageBuildOptions());
}
