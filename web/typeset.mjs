// Typesets the page's formulas when the page is built, so the page ships MathML and no TeX engine.
//
// In the page's code a formula is written TeX`…`, or DisplayTeX`…` for one set apart on its own line (web/math.js).
// This esbuild plugin replaces each such literal with { source, display, markup }: the TeX as written, whether it is
// a display formula, and KaTeX's MathML for it. KaTeX then stays out of the bundle (266 KB of JavaScript less to parse
// before the first lesson can draw) and the page turns markup into nodes instead of running KaTeX at every draw
// (about 70 ms of the first lesson's drawing in Chromium, measured before this change).
import katex from 'katex';
import { readFile } from 'node:fs/promises';

// KaTeX's options: MathML only (see web/build.mjs for why), and any TeX KaTeX does not know fails the build.
const KATEX = { output: 'mathml', throwOnError: true, strict: 'error', trust: false };

// TeX`…` or DisplayTeX`…`, not preceded by a name character (so myTeX`…` is left alone), without a backtick. A long
// formula may run over several lines of code: each line break, with the spaces around it, reads as one space, as it
// does in TeX (oneLine, also in web/math.js).
const LITERAL = /(?<![\w$])(Display)?TeX`([^`]*)`/g;
const oneLine = (tex) => tex.replace(/\s*\n\s*/g, ' ');

/**
 * KaTeX's MathML for one formula. A display formula is typeset in display mode, which is more than an attribute: it
 * sets a sum's limits below and above it, for one.
 */
export function typeset(source, { display = false } = {}) {
  return validOperators(katex.renderToString(source, { ...KATEX, displayMode: display }));
}

/**
 * KaTeX wraps a relation built from other elements (\overset{1}{=}) in an <mo>, which in MathML holds text only
 * (<mo><mover><mo><mo>=</mo></mo>…). Worse, in a page an <mo> is where the HTML parser goes back to HTML, so the
 * elements inside it are parsed as HTML ones and not drawn as math (Chromium and WebKit dropped the numbered "=" of
 * Lesson 4.4's chain; Firefox drew "=1" inline). An <mrow> holds the same children validly and keeps the relation's
 * spacing (MathML Core: an mrow or mover around one embellished operator is one itself), so every <mo> with an
 * element inside becomes one here, before any parser sees the markup.
 */
export function validOperators(markup) {
  const tags = [...markup.matchAll(/<(\/?)([a-z]+)[^>]*>/g)];
  const open = []; // indices into tags of the <mo>s not yet closed, and whether each holds an element
  const renamed = new Set();
  tags.forEach((tag, i) => {
    const [, closing, name] = tag;
    if (name !== 'mo') {
      if (!closing && open.length) open[open.length - 1].holdsElement = true;
      return;
    }
    if (!closing) {
      if (open.length) open[open.length - 1].holdsElement = true;
      open.push({ at: i, holdsElement: false });
      return;
    }
    const mo = open.pop();
    if (mo.holdsElement) renamed.add(mo.at).add(i);
  });
  let out = '';
  let from = 0;
  tags.forEach((tag, i) => {
    if (!renamed.has(i)) return;
    out += markup.slice(from, tag.index) + tag[0].replace(/^<(\/?)mo\b/, '<$1mrow');
    from = tag.index + tag[0].length;
  });
  return out + markup.slice(from);
}

/** A module's code with every formula literal replaced by its object; `where` names the file in errors. */
export function typesetLiterals(code, where = 'a module') {
  return code.replace(LITERAL, (literal, displayTag, written) => {
    const display = Boolean(displayTag);
    const raw = oneLine(written);
    if (raw.includes('${')) throw new Error(`${where}: ${literal.slice(0, 60)}… holds a \${…}; a formula is typeset as written`);
    let markup;
    try {
      markup = typeset(raw, { display });
    } catch (error) {
      throw new Error(`${where}: KaTeX cannot typeset ${display ? 'Display' : ''}TeX\`${raw}\`: ${error.message}`);
    }
    return `({ source: ${JSON.stringify(raw)}, display: ${display}, markup: ${JSON.stringify(markup)} })`;
  });
}

/** Whether a page module's formulas are typeset: all but web/math.js, which defines the tags and writes of them. */
export const typesetIn = (file) => !/[\\/]web[\\/]math\.js$/.test(file);

/** The esbuild plugin: every page module that writes TeX`…` gets its formulas typeset. */
export const typesetFormulas = {
  name: 'typeset-formulas',
  setup(build) {
    build.onLoad({ filter: /[\\/]web[\\/].*\.js$/ }, async (args) => {
      const code = await readFile(args.path, 'utf8');
      // Read once here: a module without formulas goes on as it is (DisplayTeX` holds TeX` too).
      const typeset = typesetIn(args.path) && code.includes('TeX`');
      return { contents: typeset ? typesetLiterals(code, args.path) : code, loader: 'js' };
    });
  },
};
