// The iframe mode (index.html#lesson=variance&embed=1): one section without the page's header and footer, which
// talks to the page that frames it with postMessage. Messages are plain objects with source "attention-scale-lab"
// and version 1 (docs/embedding.md, "A lesson in an iframe"):
//   to the parent   { type: 'ready' | 'resize' | 'state', lesson, height?, hash?, state? }
//   from the parent { type: 'set-state', hash?: 'vdims=3,10', state?: { vdims: '3,10' } }
//                   { type: 'hello' }: send 'ready' and 'state' again (a parent whose script started after the frame)
// A message is acted on only when it comes from the parent window and from the parent's origin; anything else
// (another frame, another origin, another format) is ignored.
import { parseHash, formatHash, STATE_TABLE } from './state.js';

export const MESSAGE_SOURCE = 'attention-scale-lab';
const VERSION = 1;
const BY_KEY = new Map(STATE_TABLE.map((row) => [row.key, row]));

/** The parent's origin as this frame sees it: ancestorOrigins (Chromium, Safari), else the referrer's origin. */
export function parentOrigin(win = window) {
  const ancestors = win.location.ancestorOrigins;
  if (ancestors && ancestors.length) return ancestors[0];
  try {
    return win.document.referrer ? new URL(win.document.referrer).origin : null;
  } catch {
    return null;
  }
}

/**
 * file:// pages have an opaque origin: messages from them carry the origin "null". Firefox names a file:// parent in
 * ancestorOrigins as "file://UNIVERSAL_FILE_URI_ORIGIN", so any file: origin counts as opaque.
 */
const opaque = (origin) => origin === null || origin === 'null' || String(origin).startsWith('file:');

/** A set-state message's patch as link text: "vdims=3,10&vshared=0". Values may be strings, numbers, booleans or arrays. */
function patchText(data) {
  if (typeof data.hash === 'string') return data.hash.replace(/^#/, '');
  if (!data.state || typeof data.state !== 'object') return '';
  return Object.entries(data.state).map(([key, value]) => {
    const row = BY_KEY.get(key);
    const text = Array.isArray(value) ? value.join(',') : typeof value === 'boolean' && row ? row.type.format(value) : String(value);
    return `${encodeURIComponent(key)}=${encodeURIComponent(text)}`;
  }).join('&');
}

/** Starts talking to the parent; `content` is the element whose height the parent should give the frame. */
export function startEmbed({ win = window, store, content }) {
  if (win.parent === win) return; // opened on its own: nobody to talk to
  const expected = parentOrigin(win);
  const target = expected && !opaque(expected) ? expected : '*';
  const post = (message) => win.parent.postMessage({ source: MESSAGE_SOURCE, version: VERSION, lesson: store.get().lesson, ...message }, target);

  let lastHeight = 0;
  const sendHeight = () => {
    const height = Math.ceil(content.getBoundingClientRect().bottom + win.scrollY);
    if (height === lastHeight) return;
    lastHeight = height;
    post({ type: 'resize', height });
  };
  if (typeof ResizeObserver === 'function') new ResizeObserver(sendHeight).observe(content);
  win.addEventListener('load', sendHeight);

  let lastHash = '';
  const sendState = (state) => {
    lastHash = formatHash(state);
    const values = Object.fromEntries(STATE_TABLE.map((row) => [row.key, row.type.format(state[row.key])]));
    post({ type: 'state', hash: lastHash, state: values });
  };
  const sendReady = () => post({ type: 'ready', height: Math.ceil(content.getBoundingClientRect().bottom + win.scrollY) });
  store.subscribe((state) => {
    if (formatHash(state) !== lastHash) sendState(state);
    sendHeight();
  });

  win.addEventListener('message', (event) => {
    if (event.source !== win.parent) return;
    // With the parent's origin unknown (Firefox has no ancestorOrigins, and a Referrer-Policy of no-referrer hides
    // the referrer) the window that frames the lab is trusted as it is: it could set the frame's link anyway.
    const fromExpected = expected === null ? true
      : opaque(expected) ? event.origin === 'null' || event.origin === 'file://' : event.origin === expected;
    if (!fromExpected) return;
    const data = event.data;
    if (!data || data.source !== MESSAGE_SOURCE) return;
    if (data.type === 'hello') {
      sendReady();
      sendState(store.get());
      return;
    }
    if (data.type !== 'set-state') return;
    const patch = patchText(data);
    if (!patch) return;
    // The patch goes after the current link, so its keys win and every other key keeps its value.
    store.load(parseHash(`${formatHash(store.get())}&${patch}&embed=1`));
  });
  sendReady();
}
