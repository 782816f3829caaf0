// Small helpers that build DOM nodes with createElement and textContent, and write attributes and text only when they
// change.
// Nothing here parses HTML: learner text always lands in the page as text, never as markup.

/**
 * el('p', { className: 'note', dataset: { step: 3 } }, 'text', childNode, ...)
 * Props are set as properties (className, type, value, ...) except `attrs`, which go through
 * setAttribute, and `dataset`. Strings among the children become text nodes.
 */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === null) continue;
    if (name === 'attrs') {
      for (const [a, v] of Object.entries(value)) node.setAttribute(a, String(v));
    } else if (name === 'dataset') {
      for (const [d, v] of Object.entries(value)) node.dataset[d] = String(v);
    } else if (name === 'style' || name === 'innerHTML' || name === 'outerHTML') {
      throw new Error(`el(): "${name}" is not allowed; use CSS classes and text`);
    } else {
      node[name] = value;
    }
  }
  append(node, children);
  return node;
}

/** Appends strings (as text nodes), nodes and nested arrays; skips null/false. */
export function append(node, children) {
  for (const child of nodesOf(children)) node.append(child);
  return node;
}

/** The nodes that `children` (strings, numbers, nodes, nested arrays; null and false skipped) stand for. */
function nodesOf(children) {
  const nodes = [];
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    nodes.push(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child);
  }
  return nodes;
}

/** Removes every child of `node`. */
export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

let uid = 0;
/** A document-unique id with a readable prefix, for label/for pairs and SVG defs. */
export function uniqueId(prefix) {
  uid += 1;
  return `${prefix}-${uid}`;
}

// Nodes made to be merged into what a box already shows (see `fill` in web/sections/kit/parts.js): a fresh paragraph of
// prose, a list of numbers. Only these are merged; any other node is put in as it is, so that a node the caller
// keeps (to change later, or with listeners bound to its state) is the one on the page.
const MERGEABLE = new WeakSet();
const INERT = /^(p|span|strong|em|b|i|sub|sup|var|code|small|br|wbr|dl|dt|dd|table|thead|tbody|tr|th|td|div|ul|ol|li)$/;
const INERT_SVG = /^(svg|g|line|path|rect|circle|text|tspan)$/; // a legend's keys, say
const MATHML = 'http://www.w3.org/1998/Math/MathML';
const SVG = 'http://www.w3.org/2000/svg';

/** Marks `node` (made just now, kept by nobody) as one that `patch` may merge into a node already shown. */
export function mergeable(node) {
  MERGEABLE.add(node);
  return node;
}

/**
 * Makes the children of `box` those of `children` (strings, nodes, nested arrays, as `append` takes them), changing
 * only what differs: a node already in its place stays; a mergeable node whose place holds an element of the same
 * plain tag is merged into it (attributes and texts rewritten where they differ, children merged the same way, MathML
 * kept when it is equal); anything else is put in, and what is left over removed. Inside a merged node, a child is
 * merged only when it is plain all the way down; one that holds a button or a control (whose listeners may close
 * over the nodes around it, as a glossary term's do) is put in whole, as it comes. A learner's selection, a focused or
 * hovered element and the browser's layout of unchanged text survive a redraw with the same words, and the browser
 * lays out again only the words that changed.
 */
export function patch(box, children) {
  merge(box, nodesOf(children), SHOWN);
  return box;
}

/**
 * `patch` for children made just now and kept by nobody (a table, a line of text and numbers): each is merged into
 * the node in its place when it is inert, and otherwise takes that place whole. A node already on the page is moved
 * in as it is.
 */
export function patchFresh(box, children) {
  merge(box, nodesOf(children), FRESH);
  return box;
}

// What merge() knows of the nodes it puts in a box: SHOWN, any nodes (only those marked mergeable are merged);
// FRESH, made just now (each merged when it is inert all the way down); INERT_KNOWN, the children of an inert node
// (all merged).
const SHOWN = 0;
const FRESH = 1;
const INERT_KNOWN = 2;

function merge(box, next, known) {
  let old = box.firstChild;
  for (const node of next) {
    if (old === node) {
      old = old.nextSibling;
    } else if (old && (known === SHOWN ? MERGEABLE.has(node) : known === INERT_KNOWN || inert(node)) && same(old, node)) {
      // A mergeable node was checked for its own tag alone: its children are looked at one by one.
      update(old, node, known === SHOWN ? FRESH : INERT_KNOWN);
      old = old.nextSibling;
    } else if (old && known !== SHOWN) {
      // Fresh children line up place by place: this one takes the place of the one it is unlike.
      const after = old.nextSibling;
      box.replaceChild(node, old);
      old = after === node ? node.nextSibling : after;
    } else {
      box.insertBefore(node, old);
    }
  }
  while (old) {
    const after = old.nextSibling;
    box.removeChild(old);
    old = after;
  }
}

/** Whether `node` can take the place of `old` by being merged into it: text into text, a plain element into one of its tag. */
function same(old, node) {
  if (node.isConnected) return false; // on the page already: someone's node, moved as it is
  if (old.nodeType === 3 && node.nodeType === 3) return true;
  if (old.nodeType !== 1 || node.nodeType !== 1 || old.tagName !== node.tagName || old.namespaceURI !== node.namespaceURI) return false;
  if (node.namespaceURI === MATHML) return old.isEqualNode(node); // typeset math: kept whole when it reads the same
  return plain(node);
}

/** The plain elements of INERT (or drawn ones of INERT_SVG): tags that carry no behaviour of their own. */
function plain(node) {
  const tags = node.namespaceURI === 'http://www.w3.org/1999/xhtml' ? INERT : node.namespaceURI === SVG ? INERT_SVG : null;
  return tags !== null && tags.test(node.localName);
}

/** Text, MathML and plain elements all the way down: nothing a listener or a caller could hold on to. */
function inert(node) {
  if (node.nodeType === 3 || node.namespaceURI === MATHML) return true;
  if (node.nodeType !== 1 || !plain(node)) return false;
  for (let c = node.firstChild; c; c = c.nextSibling) if (!inert(c)) return false;
  return true;
}

function update(old, node, known) {
  if (old.nodeType === 3) {
    if (old.data !== node.data) old.data = node.data;
    return;
  }
  if (old.namespaceURI === MATHML) return; // equal (same)
  // By name (getAttributeNames): walking .attributes makes an Attr object for each, which showed in a profile.
  if (old.hasAttributes()) for (const name of old.getAttributeNames()) if (!node.hasAttribute(name)) old.removeAttribute(name);
  if (node.hasAttributes()) {
    for (const name of node.getAttributeNames()) {
      const value = node.getAttribute(name);
      if (old.getAttribute(name) !== value) old.setAttribute(name, value);
    }
  }
  merge(old, [...node.childNodes], known);
}

/* ---- writes that skip what already reads right ---- */

// Writing the same value again is not free. In a page of 400 SVG rects, four same-value attributes each cost Chromium
// about 6 ms of script and rendering per frame and WebKit about 7 ms, against under 1 ms when skipped (the browser's
// own bookkeeping for a changed attribute).

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
