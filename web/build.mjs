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
// draws only each run's final figures and asks of each curve only its lowest training loss (did the run ever leave
// the uniform output? web/sections/beyond/sweep-stats.js), so the bundle takes the file without the curves but with
// that one number per run (166 KB → 37 KB).
export function withoutCurveData(data) {
  for (const run of data.runs) {
    run.lowestLoss = Math.min(...run.curve.loss);
    delete run.curve;
  }
  return data;
}
const withoutCurves = {
  name: 'lr-sweep-without-curves',
  setup(build) {
    build.onLoad({ filter: /[\\/]web[\\/]data[\\/]lr-sweep\.json$/ }, async (args) => {
      const data = withoutCurveData(JSON.parse(await readFile(args.path, 'utf8')));
      return { contents: JSON.stringify(data), loader: 'json' };
    });
  },
};

// The engine's glue (Emscripten 3.1.6, SINGLE_FILE) decodes its embedded WASM with atob and a loop over the string's
// characters, about 315,000 of them, run once while the page loads, before the loop is optimised. Uint8Array.fromBase64
// (Chromium 140, Firefox 133, Safari 18.2; the three browsers the tests drive have it) decodes the same bytes natively:
// in 10 interleaved Chromium loads on this machine the engine was ready 30 ms after the page's script started with
// the loop and 21 ms with it (medians). The glue keeps its loop for older browsers.
const GLUE_DECODE = 'try{var decoded=decodeBase64(s);';
const fastBase64 = {
  name: 'engine-glue-fast-base64',
  setup(build) {
    build.onLoad({ filter: /[\\/]build[\\/]wasm[\\/]attention_core\.cjs$/ }, async (args) => {
      const glue = await readFile(args.path, 'utf8');
      if (glue.split(GLUE_DECODE).length !== 2) throw new Error(`${args.path}: the base64 decoder this build patches was not found once (Emscripten changed?)`);
      const fast = 'try{if(typeof Uint8Array.fromBase64=="function")return Uint8Array.fromBase64(s);var decoded=decodeBase64(s);';
      return { contents: glue.replace(GLUE_DECODE, fast), loader: 'js' };
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
    plugins: [withoutCurves, fastBase64, typesetFormulas],
  };
}


if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await esbuild.build(pageBuildOptions());
}
