// Typesets TeX with KaTeX into a DOM node (katex.render, never an HTML string).
// MathML output only: see the note in web/build.mjs for why no KaTeX fonts or CSS are shipped.
import katex from 'katex';

export function tex(source, { display = false, className = '' } = {}) {
  const node = document.createElement(display ? 'div' : 'span');
  node.className = `tex ${display ? 'tex-display' : 'tex-inline'} ${className}`.trim();
  katex.render(source, node, { displayMode: display, output: 'mathml', throwOnError: true, strict: 'error', trust: false });
  return node;
}
