// web/format.js: the page's number formats (issue 33). Prose and stats print two or three significant digits, a
// percent has one spelling ("12 %", no-break space), tooltips five digits, exports every digit, and no format prints
// a non-zero number as zero.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sig, sig2, sig3, percent, fixed, short, precise, exact, count, plusMinus, scientific, MINUS, UNIT_SPACE } from '../../web/format.js';

const NB = UNIT_SPACE;
// Every finite value the formats are asked about below, and a few more: the "never zero" property runs over all.
const VALUES = [0, -0, 1, -1, 2.5, 1e-7, -1e-7, 1.2345e-7, 0.00999, 0.0094299, 0.000999, 0.001, 0.004, 0.005, -0.004,
  55.798, 0.87184, 0.99965, 99.95, 99.949, 999.5, 1e6, 999999, 123456, 4096, 88.72, 709.78, 1e-30, 3e38, -2.2e-308, 5e-324];

test('sig2 and sig3 print two and three significant digits in plain notation from 0.001 to a million', () => {
  assert.equal(sig3(0.0094299), '0.00943');
  assert.equal(sig2(0.0094299), '0.0094');
  assert.equal(sig3(55.798), '55.8');
  assert.equal(sig2(55.798), '56');
  assert.equal(sig3(0.87184), '0.872');
  assert.equal(sig2(0.87184), '0.87');
  assert.equal(sig3(0.00999), '0.00999');
  assert.equal(sig2(0.00999), '0.010', 'rounding up keeps the digits it rounded to');
  assert.equal(sig3(123456), '123,000', 'large values are grouped (en-GB) and rounded, not printed in full');
  assert.equal(sig2(4096), '4,100');
  assert.equal(sig(88.72, 4), '88.72', 'a constant whose digits are the point can ask for four');
  assert.equal(sig(1.23456789, 9), '1.23457', 'at most six digits');
  assert.equal(sig(1.5, 0), '2', 'at least one digit');
});

test('a rounded value keeps its trailing zeros, an exact one drops them: a printed "1" is exactly one', () => {
  assert.equal(sig3(0.99965), '1.00');
  assert.equal(sig2(0.99965), '1.0');
  assert.equal(sig3(1), '1');
  assert.equal(sig3(2.5), '2.5');
  assert.equal(sig3(0.5), '0.5');
  assert.equal(sig3(-2), `${MINUS}2`);
});

test('99.95 rounds up to 100 at two and three digits (never to an exponent such as "1.0e+2")', () => {
  assert.equal(sig3(99.95), '100');
  assert.equal(sig2(99.95), '100');
  assert.equal(sig3(99.949), '99.9');
  assert.equal(sig2(999.5), '1,000');
  assert.equal(short(99.95), '100');
  assert.equal(short(9.996), '10.0');
});

test('below 0.001 and from a million up, sig uses scientific notation with superscript exponents', () => {
  assert.equal(sig2(1e-7), '1×10⁻⁷');
  assert.equal(sig3(1.2345e-7), '1.23×10⁻⁷');
  assert.equal(sig2(-1.2345e-7), `${MINUS}1.2×10⁻⁷`);
  assert.equal(sig3(0.000999), '9.99×10⁻⁴');
  assert.equal(sig3(0.001), '0.001');
  assert.equal(sig3(1e6), '1×10⁶', 'exactly a million');
  assert.equal(sig3(999999), '1.00×10⁶', 'rounds to a million: its zeros stay');
  assert.equal(sig3(3e38), '3×10³⁸');
  assert.equal(sig3(5e-324), '4.94×10⁻³²⁴', 'the smallest double, 4.94e-324');
  assert.equal(scientific(-3.14159e8, 3), `${MINUS}3.14×10⁸`);
});

test('zero, negative zero, NaN and the infinities', () => {
  for (const f of [sig2, sig3, short, (v) => fixed(v, 2), precise]) {
    assert.equal(f(NaN), 'NaN');
    assert.equal(f(Infinity), '∞');
    assert.equal(f(-Infinity), `${MINUS}∞`);
  }
  assert.equal(sig3(0), '0');
  assert.equal(sig3(-0), '0', 'no "−0"');
  assert.equal(short(0), '0.00');
  assert.equal(short(-0.001), `${MINUS}1×10⁻³`);
  assert.equal(fixed(-0.0000, 2), '0.00');
  assert.equal(percent(NaN), 'NaN');
  assert.equal(percent(Infinity), `∞${NB}%`);
  assert.equal(count(NaN), 'NaN');
});

test('no format prints a non-zero number as zero, and none prints a zero as non-zero', () => {
  const formats = { sig2, sig3, short, fixed0: (v) => fixed(v, 0), fixed2: (v) => fixed(v, 2), fixed3: (v) => fixed(v, 3), precise,
    percent: (v) => percent(v).replace(`${NB}%`, ''), percent3: (v) => percent(v, 3).replace(`${NB}%`, '') };
  const readsAsZero = (s) => /^[−-]?0(\.0*)?$/.test(s);
  for (const [name, f] of Object.entries(formats)) {
    for (const v of VALUES) {
      const s = f(v);
      assert.equal(readsAsZero(s), v === 0, `${name}(${v}) = "${s}"`);
      assert.ok(!s.includes('-') && !s.includes('e'), `${name}(${v}) = "${s}": a true minus and no "e" notation`);
    }
  }
});

test('the formats round to the value: parsing the printed text gives the value within its last digit', () => {
  const parse = (s) => {
    const t = s.replace(/,/g, '').replace(MINUS, '-').replace(/\s*%$/, '');
    const m = t.match(/^(-?[\d.]+)×10([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)$/);
    if (!m) return Number(t);
    const e = [...m[2]].map((c) => '⁻⁰¹²³⁴⁵⁶⁷⁸⁹'.indexOf(c)).map((i) => (i === 0 ? '-' : String(i - 1))).join('');
    return Number(`${m[1]}e${e}`);
  };
  for (const v of VALUES) {
    if (v === 0) continue;
    for (const [digits, f] of [[2, sig2], [3, sig3]]) {
      const got = parse(f(v));
      assert.ok(Math.abs(got - v) <= 0.5 * 10 ** (Math.floor(Math.log10(Math.abs(v))) - digits + 1) * (1 + 1e-9), `sig${digits}(${v}) = ${f(v)} reads ${got}`);
    }
    assert.ok(Math.abs(parse(precise(v)) - v) <= Math.abs(v) * 5e-5, `precise(${v})`);
  }
});

test('percent: one spelling, a number, a no-break space and "%", and never "100 %" for less than all', () => {
  assert.equal(percent(0.1234), `12${NB}%`);
  assert.equal(percent(0.0567), `5.7${NB}%`);
  assert.equal(percent(0.5583, 3), `55.8${NB}%`);
  assert.equal(percent(1), `100${NB}%`);
  assert.equal(percent(0), `0${NB}%`);
  assert.equal(percent(0.99965), `>${NB}99${NB}%`);
  assert.equal(percent(0.99965, 3), `>${NB}99.9${NB}%`);
  assert.equal(percent(0.995, 3), `99.5${NB}%`);
  assert.equal(percent(0.9995), `>${NB}99${NB}%`);
  assert.equal(percent(1e-7), `1×10⁻⁵${NB}%`, 'a tiny share is not "0 %"');
  assert.equal(percent(-0.25), `${MINUS}25${NB}%`);
  assert.equal(percent(0.00999), `1.0${NB}%`);
  assert.equal(percent(1e4), `1×10⁶${NB}%`);
});

test('fixed keeps its decimals and switches to one-digit scientific notation only for what would read as zero', () => {
  assert.equal(fixed(0.4567, 2), '0.46');
  assert.equal(fixed(0.4567, 3), '0.457');
  assert.equal(fixed(1.2e-7, 2), '1×10⁻⁷');
  assert.equal(fixed(-1.2e-7, 2), `${MINUS}1×10⁻⁷`);
  assert.equal(fixed(0.005, 2), '0.01');
  assert.equal(fixed(0.0049, 2), '5×10⁻³');
  assert.equal(fixed(1e6, 0), '1000000');
});

test('short fits a heatmap cell: about three significant characters, a Jacobian entry of 1e-7 is not "0.00"', () => {
  assert.equal(short(0.4321), '0.43');
  assert.equal(short(4.371), '4.37');
  assert.equal(short(43.71), '43.7');
  assert.equal(short(437.1), '437');
  assert.equal(short(4371), '4×10³');
  assert.equal(short(1e6), '1×10⁶');
  assert.equal(short(-12.34), `${MINUS}12.3`);
  assert.equal(short(1.03e-7), '1×10⁻⁷');
  assert.equal(short(-5.2e-8), `${MINUS}5×10⁻⁸`);
  assert.equal(short(0.0094299), '0.01');
  const float32 = VALUES.filter((v) => v === 0 || (Math.abs(v) >= 1.4e-45 && Math.abs(v) <= 3.4e38)); // what the engine returns
  for (const v of float32) assert.ok(short(v).length <= 8, `short(${v}) = "${short(v)}" fits a cell`);
});

test('precise keeps five significant digits for tooltips; exact keeps every digit for exports', () => {
  assert.equal(precise(0.0094299123), '0.0094299');
  assert.equal(precise(55.798), '55.798');
  assert.equal(precise(-1.2345678e-7), `${MINUS}1.2346×10⁻⁷`, 'one spelling of scientific notation');
  assert.equal(precise(1e-7), '1×10⁻⁷');
  assert.equal(precise(0.00012345678), '0.00012346');
  assert.equal(exact(0.1 + 0.2), '0.30000000000000004');
  assert.equal(exact(-1e-7), '-1e-7', 'exports keep an ASCII minus for parsers');
  assert.equal(exact(null), '');
});

test('count groups whole numbers; plusMinus prints three digits ± two', () => {
  assert.equal(count(4096), '4,096');
  assert.equal(count(100000), '100,000');
  assert.equal(count(999), '999');
  assert.equal(count(-1234), `${MINUS}1,234`);
  assert.equal(plusMinus(55.798, 0.01234), '55.8 ± 0.012');
  assert.equal(plusMinus(0.0094299, -0.00012), '0.00943 ± 1.2×10⁻⁴');
  assert.equal(plusMinus(0.0094299, 0.0012), '0.00943 ± 0.0012');
  assert.equal(plusMinus(1.2e-7, 3e-9), '1.2×10⁻⁷ ± 3×10⁻⁹');
});
