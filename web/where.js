// Where the lab's files are, worked out from the URL of the script that is running (the page bundle app.js), so a
// course page can load it from any folder: the stylesheet sits next to it, and the full lab page is index.html
// beside it (dist/) or two folders up (the repository's build/page/).
export const BUNDLE_URL = typeof document !== 'undefined' && document.currentScript ? document.currentScript.src : '';

/** URL of app.css next to the running app.js. */
export function stylesheetUrl() {
  return BUNDLE_URL ? new URL('app.css', BUNDLE_URL).href : 'app.css';
}

/** URL of the full lab page (index.html) that belongs to the running app.js. */
export function labPageUrl() {
  if (!BUNDLE_URL) return new URL('index.html', document.baseURI).href;
  const inRepository = /\/build\/page\/app\.js$/.test(new URL(BUNDLE_URL).pathname);
  return new URL(inRepository ? '../../index.html' : 'index.html', BUNDLE_URL).href;
}
