// Small helpers that build DOM nodes with createElement and textContent.
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
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child);
  }
  return node;
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
