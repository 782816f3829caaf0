// The page's formulas. Code writes one as TeX`…` (in a line of text) or DisplayTeX`…` (set apart on its own line); the
// page build (web/typeset.mjs) typesets each such literal with KaTeX and puts { source, display, markup } in its
// place, where markup is KaTeX's MathML. tex() turns a formula into a node.

/**
 * The tags as they run in code the page build did not transform (a Node test importing a lesson's module): the
 * formula has no markup, so tex() refuses it. A formula takes no ${…}: the build typesets it as written.
 */
const unbuilt = (display) => (strings, ...values) => {
  if (values.length) throw new TypeError('TeX`…` takes no ${…}: the page build typesets a formula as written');
  return { source: strings.raw[0].replace(/\s*\n\s*/g, ' '), display, markup: null }; // a line break reads as a space
};
export const TeX = unbuilt(false);
export const DisplayTeX = unbuilt(true);

// Each formula's nodes, parsed once: its markup → a <template> whose content is cloned for every node.
const parsed = new Map();

/** A node showing `formula` (a TeX`…` or DisplayTeX`…` literal). */
export function tex(formula, { className = '' } = {}) {
  if (typeof formula?.markup !== 'string') {
    throw new TypeError(`tex() takes a TeX\`…\` or DisplayTeX\`…\` formula typeset by the page build (web/typeset.mjs), not ${
      typeof formula === 'string' ? `the string "${formula}"` : 'this'}`);
  }
  let template = parsed.get(formula.markup);
  if (!template) {
    template = document.createElement('template');
    template.innerHTML = formula.markup; // KaTeX's output, made when the page was built from the page's own code
    parsed.set(formula.markup, template);
  }
  const node = document.createElement(formula.display ? 'div' : 'span');
  node.className = `tex ${formula.display ? 'tex-display' : 'tex-inline'} ${className}`.trim();
  node.append(template.content.cloneNode(true));
  return node;
}
