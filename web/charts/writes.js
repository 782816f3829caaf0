// Writes for charts that update in place: each one skips a node whose attribute, text or axis already reads what it
// would write. Writing the same value again is not free. In a page of 400 SVG rects, four same-value attributes each
// cost Chromium about 6 ms of script and rendering per frame and WebKit about 7 ms, against under 1 ms when skipped
// (the engine's numbers are not involved: this is the browser's own bookkeeping for a changed attribute).

/** Sets `name` on `node` to `value`, or removes it for null and undefined, unless the node already has that. */
export function setAttr(node, name, value) {
  if (value === null || value === undefined) {
    if (node.hasAttribute(name)) node.removeAttribute(name);
    return;
  }
  const text = String(value);
  if (node.getAttribute(name) !== text) node.setAttribute(name, text);
}

/**
 * Sets the text of `node` to `value` unless it already reads that. A node holding one text node keeps it and gets new
 * characters: setting textContent would put a new text node in, which a browser lays out anew (in a Chromium trace of
 * one change of Lesson 4's μ_X, 125 text nodes of its heatmaps were taken out of layout and put back).
 */
export function setText(node, value) {
  const next = String(value ?? '');
  const only = node.firstChild;
  if (only && only === node.lastChild && only.nodeType === 3) {
    if (only.data !== next) only.data = next;
  } else if (node.textContent !== next) node.textContent = next;
}

/** For a d3 selection's call(): as selection.attr(name, value) (a value or a function of d, i), writing only changes. */
export function attr(selection, name, value) {
  selection.each(function write(d, i, nodes) {
    setAttr(this, name, typeof value === 'function' ? value.call(this, d, i, nodes) : value);
  });
}

/** For a d3 selection's call(): as selection.text(value), writing only changes. */
export function text(selection, value) {
  selection.each(function write(d, i, nodes) {
    setText(this, typeof value === 'function' ? value.call(this, d, i, nodes) : value);
  });
}
