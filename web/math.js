// Typesets TeX with KaTeX into a DOM node (katex.render, never an HTML string).
// MathML output only: see the note in web/build.mjs for why no KaTeX fonts or CSS are shipped.
import katex from 'katex';

export function tex(source, { display = false, className = '' } = {}) {
  const node = document.createElement(display ? 'div' : 'span');
  node.className = `tex ${display ? 'tex-display' : 'tex-inline'} ${className}`.trim();
  katex.render(source, node, { displayMode: display, output: 'mathml', throwOnError: true, strict: 'error', trust: false });
  validOperators(node);
  return node;
}

/**
 * KaTeX wraps a relation built from other elements (\overset{1}{=}) in an <mo>, which in MathML holds text only
 * (<mo><mover><mo><mo>=</mo></mo>…). Firefox and Chromium forgive it; WebKit drew such an "=" shrunken, with wide gaps
 * (Lesson 4.4's chain). An <mrow> holds the same children validly and keeps the relation's spacing (MathML Core:
 * an mrow or mover around one embellished operator is one itself).
 */
function validOperators(node) {
  for (const mo of [...node.querySelectorAll('mo')]) {
    if (!mo.firstElementChild) continue;
    const row = document.createElementNS(mo.namespaceURI, 'mrow');
    row.append(...mo.childNodes);
    mo.replaceWith(row);
  }
}
