// Loading the page in Chromium: the engine's embedded WASM is decoded by Uint8Array.fromBase64 where the browser has
// it (web/build.mjs patches the Emscripten glue) and by the glue's own loop where it does not, with the same numbers
// on the page either way; and the first lesson carries the two stamps bench/page/latency.mjs reads (web/registry.js).
// Needs build/page/app.js (node web/build.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { problems, browserSession } from './harness.mjs';

const session = browserSession();

/** Opens the page with `init` run before its script; answers what Lesson 1 shows and how the engine was decoded. */
async function load(init) {
  // Lesson 1's random model: its matrices are drawn on the first paint, before the word vectors load.
  const { page, log } = await session.open(`${session.server.url}#emb=random&head=random`, { init });
  assert.equal(await page.getAttribute('body', 'data-engine'), 'ready');
  await page.waitForFunction(() => document.querySelector('[data-asl-section]').dataset.firstPaintedMs);
  const seen = await page.evaluate(() => {
    const root = document.querySelector('[data-asl-section]');
    return {
      decoded: globalThis.__decoded ?? null,
      drawn: Number(root.dataset.firstDrawnMs),
      painted: Number(root.dataset.firstPaintedMs),
      cells: [...root.querySelectorAll('figure[data-matrix] [data-value]')].map((n) => n.dataset.value),
    };
  });
  return { ...seen, log };
}

test('the engine decodes its embedded WASM natively where it can, and the same page comes out without it', async () => {
  // Counts the native decoder's calls and the characters it decoded.
  const fast = await load(() => {
    const native = Uint8Array.fromBase64;
    globalThis.__decoded = { calls: 0, chars: [], at: [] };
    Uint8Array.fromBase64 = function fromBase64(text, ...rest) {
      globalThis.__decoded.calls += 1;
      globalThis.__decoded.chars.push(text.length);
      globalThis.__decoded.at.push(performance.now());
      return native.call(this, text, ...rest);
    };
  });
  assert.equal(typeof fast.decoded?.calls, 'number', 'this Chromium has Uint8Array.fromBase64');
  // The engine is decoded once, first, before the first lesson; Lesson 1's word vectors (web/vocabulary.js) decode
  // their own data the same way, but only after the first lesson is on screen.
  assert.ok(fast.decoded.chars[0] > 100000, `the first call decoded the whole module (${fast.decoded.chars[0]} characters)`);
  assert.ok(fast.decoded.at[0] < fast.painted, 'and before the first lesson was on screen');
  for (let i = 1; i < fast.decoded.calls; i += 1) {
    assert.ok(fast.decoded.at[i] >= fast.painted, `call ${i + 1} (${fast.decoded.chars[i]} characters) came after the first lesson was painted`);
  }

  const slow = await load(() => { delete Uint8Array.fromBase64; });
  assert.equal(slow.decoded, null);
  assert.ok(fast.cells.length >= 20, `Lesson 1 shows a matrix (${fast.cells.length} cells)`);
  assert.deepEqual(slow.cells, fast.cells, 'the glue\'s own decoder gives the same engine: the same numbers in Lesson 1');
  for (const run of [fast, slow]) {
    assert.deepEqual(run.log.errors, []);
    assert.deepEqual(problems(run.log), []);
  }
});

test('the first lesson says when its first render ended and when the frame showing it did', async () => {
  const { drawn, painted } = await load(() => {});
  assert.ok(drawn > 0, `first render's script ended at ${drawn} ms`);
  assert.ok(painted >= drawn, `the frame that shows it ended at ${painted} ms, not before its script (${drawn} ms)`);
  console.log(`first lesson: script done ${drawn} ms, on screen ${painted} ms after navigation`);
});
