// Lesson 1's real word vectors on the page: loads vocabulary-data.js, the classic script that sits next to app.js
// (build-scripts/vocabulary.mjs writes it), and hands its words to the engine (engine.setVocabulary). A script
// element and not fetch(): it works from file:// and over http, offline, under the page's CSP (script-src 'self'),
// and from a course page that loads app.js from another folder (the chunk is found from app.js's own URL).
// The page calls loadVocabulary after the first lesson is drawn; Lesson 6's worker and the background engines
// (web/engine-pool.js) never do. It does no math: decoding base64 is all it does to the data.
import { BUNDLE_URL } from './where.js';

export const CHUNK = 'vocabulary-data.js';
const GLOBAL = '__attentionScaleLabVocabulary'; // the chunk's one global (build-scripts/vocabulary.mjs)

const loads = new WeakMap(); // engine → its promise
let loaded = null; // { size, dim } once the page's engine has the words
let ready = null; // the promise whenVocabulary() answers
let settle = null;

/** The chunk's URL: next to the running app.js (dist/ or build/page/), or next to the page when there is none. */
export function chunkUrl() {
  return new URL(CHUNK, BUNDLE_URL || document.baseURI).href;
}

/** Decodes base64 to bytes (natively where the browser can). */
function bytesOf(base64) {
  if (typeof Uint8Array.fromBase64 === 'function') return Uint8Array.fromBase64(base64);
  const s = atob(base64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i += 1) out[i] = s.charCodeAt(i);
  return out;
}

/** Runs the chunk as a classic script and answers what it defined (and removes its global). */
function runChunk(url) {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    const done = () => {
      script.remove();
      const data = globalThis[GLOBAL];
      try {
        delete globalThis[GLOBAL];
      } catch {
        globalThis[GLOBAL] = undefined;
      }
      return data;
    };
    script.onload = () => {
      const data = done();
      if (data && data.format === 1) resolve(data);
      else reject(new Error(`the word vectors (${url}) did not define their data`));
    };
    script.onerror = () => {
      done();
      reject(new Error(`the word vectors (${url}) could not be loaded`));
    };
    document.head.append(script);
  });
}

/** The chunk's data as setVocabulary takes it. */
export function decodeChunk(data) {
  const bytes = bytesOf(data.codes);
  const codes = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const scaleBytes = bytesOf(data.scales);
  const scales = new Float32Array(scaleBytes.buffer.slice(scaleBytes.byteOffset, scaleBytes.byteOffset + scaleBytes.byteLength));
  return { size: data.size, dim: data.dim, words: data.words, codes, scales };
}

function deferred() {
  if (!ready) ready = new Promise((resolve, reject) => { settle = { resolve, reject }; });
  return ready;
}

/**
 * Loads the words into `engine` (once per engine: a second call answers the first call's promise) → Promise<{ size,
 * dim }>. `url` overrides where the chunk is (tests). A failure rejects, and a later call tries again.
 */
export function loadVocabulary(engine, { url = chunkUrl() } = {}) {
  if (loads.has(engine)) return loads.get(engine);
  deferred();
  const promise = runChunk(url).then((data) => {
    const t0 = performance.now();
    const info = engine.setVocabulary(decodeChunk(data));
    // what the words cost the main thread after the chunk ran (bench/page/latency.mjs and tests can read it)
    performance.measure?.('asl:vocabulary', { start: t0, end: performance.now() });
    loaded = { size: info.size, dim: info.dim };
    settle.resolve(loaded);
    return loaded;
  });
  promise.catch((error) => {
    loads.delete(engine);
    console.warn(`Lesson 1's real words are not available: ${error.message}`);
  });
  loads.set(engine, promise);
  return promise;
}

/**
 * loadVocabulary once the next frame is painted (a task posted from an animation-frame callback runs after that
 * frame's paint): for a lesson that stands alone, a custom element or an embedded part, where no web/main.js asks.
 */
export function loadVocabularyAfterPaint(engine) {
  return new Promise((resolve) => { requestAnimationFrame(() => setTimeout(resolve, 0)); }).then(() => loadVocabulary(engine));
}

/** { size, dim } once the page's words are in the engine, else null (a view shows "loading" meanwhile). */
export function vocabularyLoaded() {
  return loaded;
}

/** Resolves with { size, dim } when the words are in the engine (at once if they already are). */
export function whenVocabulary() {
  return loaded ? Promise.resolve(loaded) : deferred();
}
