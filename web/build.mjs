// Bundles the page: web/main.js (and the CSS it imports) into build/page/app.js + app.css, one classic
// script so index.html also works from file://, and Lesson 6's worker into build/page/worker.js. It does not
// build the WASM engine (build-scripts/build does).
//
// KaTeX: formulas are rendered with output: 'mathml' (web/math.js), so no KaTeX CSS or fonts are bundled.
// Tested in Chromium 156 with this page's Content-Security-Policy: KaTeX's HTML output with its CSS and
// woff2 fonts loaded from file:// without console errors too, so both would work; MathML was chosen because
// Chromium, Firefox and Safari render it natively, screen readers read it, and it spares the bundle ~60 font
// files. (Fonts inlined as data: URLs would be blocked by the CSP, whose font-src falls back to 'self'.)
import * as esbuild from 'esbuild';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function pageBuildOptions() {
  return {
    absWorkingDir: ROOT,
    entryPoints: ['web/main.js'],
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
  };
}

/** Lesson 6's Web Worker (web/training-worker.js) as a second classic script beside app.js: build/page/worker.js. */
export function workerBuildOptions() {
  return { ...pageBuildOptions(), entryPoints: ['web/training-worker.js'], outfile: 'build/page/worker.js' };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await esbuild.build(pageBuildOptions());
  await esbuild.build(workerBuildOptions());
}
