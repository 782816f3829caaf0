// The page's formulas are typeset when the page is built (web/typeset.mjs): every TeX`…` literal in the page's code
// typesets (DisplayTeX`…` in KaTeX's display mode), and the bundle carries MathML and no KaTeX.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { ROOT } from './helpers.mjs';
import { typeset, typesetIn, typesetLiterals, validOperators } from '../../web/typeset.mjs';
import { pageBuildOptions } from '../../web/build.mjs';
import { DisplayTeX, TeX } from '../../web/math.js';

const pageModules = readdirSync(path.join(ROOT, 'web'), { recursive: true })
  .filter((file) => file.endsWith('.js'))
  .map((file) => path.join(ROOT, 'web', file))
  .filter(typesetIn);
// Every formula written in the page's code, by the esbuild plugin's own pattern (through typesetLiterals).
const formulas = [];
for (const file of pageModules) {
  const code = readFileSync(file, 'utf8');
  const typeset = typesetLiterals(code, file);
  const literal = /\(\{ source: ("(?:[^"\\]|\\.)*"), display: (true|false), markup: ("(?:[^"\\]|\\.)*") \}\)/g;
  for (const match of typeset.matchAll(literal)) {
    formulas.push({ file: path.relative(ROOT, file), source: JSON.parse(match[1]), display: match[2] === 'true', markup: JSON.parse(match[3]) });
  }
  assert.ok(!/(?<![\w$])(Display)?TeX`/.test(typeset), `${file}: a formula literal was left untypeset`);
}

test('every formula of the page typesets, and the page writes its formulas as TeX`…`', () => {
  // 36 formulas in 18 files when this test was written; a lesson that loses all of them has lost its formulas.
  assert.ok(formulas.length >= 30, `only ${formulas.length} formulas found`);
  for (const { file, source, markup } of formulas) {
    assert.match(markup, /^<span class="katex"><math xmlns="http:\/\/www\.w3\.org\/1998\/Math\/MathML"( display="block")?><semantics>/, `${file}: ${source}`);
    assert.ok(markup.includes('<annotation encoding="application/x-tex">'), `${file}: ${source} keeps its TeX for readers`);
    // KaTeX writes \! (a negative thin space) in MathML as text, which browsers draw as a gap where none was wanted.
    assert.ok(!/<mtext>[^<]*\u2063[^<]*<\/mtext>/.test(markup), `${file}: ${source} has a \\! that MathML draws as a space`);
  }
  // tex() is given formulas only: no page module typesets a string of its own.
  for (const file of pageModules) {
    const code = readFileSync(file, 'utf8');
    assert.ok(!/\btex\(\s*['"`]/.test(code), `${path.relative(ROOT, file)} passes tex() a string, not a TeX\`…\` formula`);
  }
});

test('no <mo> holds an element: in a page the HTML parser would read what is inside it as HTML', () => {
  for (const { file, source, markup } of formulas) {
    assert.doesNotMatch(markup, /<mo\b[^>]*>\s*<(?!\/mo>)/, `${file}: ${source}`);
  }
  assert.ok(formulas.some(({ source }) => source.includes('\\overset')), 'Lesson 4.4\'s chain is among them');
  assert.match(typeset('a \\overset{1}{=} b'), /<mrow><mover><mrow><mo>=<\/mo><\/mrow><mn>1<\/mn><\/mover><\/mrow>/);
  assert.equal(validOperators('<mrow><mo stretchy="false">(</mo><mspace width="1em"/></mrow>'), '<mrow><mo stretchy="false">(</mo><mspace width="1em"/></mrow>');
});

test('DisplayTeX`…` is typeset in display mode, TeX`…` inline', () => {
  const displays = formulas.filter((formula) => formula.display);
  assert.ok(displays.length >= 5 && displays.length < formulas.length, `${displays.length} display formulas`);
  for (const { file, source, display, markup } of formulas) {
    assert.equal(markup.includes('<math xmlns="http://www.w3.org/1998/Math/MathML" display="block">'), display, `${file}: ${source}`);
    assert.equal(markup, typeset(source, { display }), `${file}: ${source}`);
  }
  // Display mode sets a sum's limits under and over it (Lesson 2's formulas are inline, Lesson 4's normalisation not).
  assert.match(typeset('\\sum_{i=1}^{n} x_i', { display: true }), /<munderover><mo>∑/);
  assert.match(typeset('\\sum_{i=1}^{n} x_i'), /<msubsup><mo>∑/);
});

test('a formula the build cannot typeset fails the build, naming the file and the formula', () => {
  assert.throws(() => typesetLiterals('const f = TeX`\\frac{a}{b`;', 'web/x.js'), /web\/x\.js: KaTeX cannot typeset TeX`\\frac\{a\}\{b`/);
  assert.throws(() => typesetLiterals('const f = TeX`\\notacommand`;', 'web/y.js'), /web\/y\.js: KaTeX cannot typeset/);
  assert.throws(() => typesetLiterals('const f = TeX`a_${i}`;', 'web/z.js'), /web\/z\.js: .* holds a \$\{…\}/);
  // A name that ends in TeX is someone else's tag.
  assert.equal(typesetLiterals('const f = myTeX`a`;'), 'const f = myTeX`a`;');
  assert.equal(typesetLiterals('x = TeX`a^2`;'), `x = ({ source: "a^2", display: false, markup: ${JSON.stringify(typeset('a^2'))} });`);
  assert.equal(typesetLiterals('x = DisplayTeX`a^2`;'),
    `x = ({ source: "a^2", display: true, markup: ${JSON.stringify(typeset('a^2', { display: true }))} });`);
});

test('unbuilt, TeX`…` and DisplayTeX`…` keep the source as written and has no markup', () => {
  assert.deepEqual(TeX`\frac{1}{\sqrt{d_k}}`, { source: '\\frac{1}{\\sqrt{d_k}}', display: false, markup: null });
  assert.deepEqual(DisplayTeX`Z = AV`, { source: 'Z = AV', display: true, markup: null });
  assert.throws(() => TeX`a_${1}`, /takes no \$\{…\}/);
});

test('the page bundle carries no KaTeX', async () => {
  const result = await esbuild.build({ ...pageBuildOptions(), write: false, metafile: true, logLevel: 'silent' });
  const inputs = Object.keys(result.metafile.inputs);
  assert.ok(inputs.some((input) => input.endsWith('web/math.js')), 'the bundle has web/math.js');
  assert.deepEqual(inputs.filter((input) => input.includes('node_modules/katex')), []);
});

test('a formula written over several lines of code is the same formula as on one line', () => {
  const oneLine = 'const f = DisplayTeX`\\begin{aligned} a &\\overset{1}{=} \\sum_{i=1}^{d_k} b_i \\\\ &= c \\end{aligned}`;';
  const lines = 'const f = DisplayTeX`\\begin{aligned} a\n  &\\overset{1}{=} \\sum_{i=1}^{d_k} b_i \\\\\n  &= c \\end{aligned}`;';
  assert.equal(typesetLiterals(lines, 'lines'), typesetLiterals(oneLine, 'one line'));
  // Unbuilt (a Node test importing a lesson), the source reads the same too.
  assert.equal(DisplayTeX`a
    b`.source, DisplayTeX`a b`.source);
  // Lesson 4's chain is written over four lines and typesets as the one-line formula it was.
  const chain = formulas.find((f) => f.file.endsWith('break.js') && f.source.startsWith('\\textstyle \\operatorname{Var}(q\\cdot k) \\overset{1}'));
  assert.ok(chain && !chain.source.includes('\n'), 'break.js\'s one-line chain is typeset without line breaks in its source');
});
