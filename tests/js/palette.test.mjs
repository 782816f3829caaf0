// web/charts/palette.js: inkScale, the table of inks a heatmap reads, picks the ink inkFor picks from the cell's own
// colour, except within a hair of the light-to-dark switch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lab } from 'd3-color';
import { divergingScale, sequentialScale, inkFor, inkScale } from '../../web/charts/palette.js';

test('inkScale gives inkFor of the colour, for both palettes, at any domain', () => {
  for (const [name, scale] of [['diverging ±3', divergingScale(3)], ['diverging ±0.02', divergingScale(0.02)],
    ['sequential [0, 1]', sequentialScale(0, 1)], ['sequential [−5, 40]', sequentialScale(-5, 40)]]) {
    const ink = inkScale(scale);
    const [lo, hi] = [scale.domain()[0], scale.domain()[scale.domain().length - 1]];
    let differ = 0;
    for (let i = -50; i <= 5050; i += 1) {
      const v = lo + ((hi - lo) * i) / 5000; // a little past both ends too: the scale clamps
      const want = inkFor(scale(v));
      const got = ink(v);
      assert.ok(got === '#111' || got === '#fff', `${name}: ${got}`);
      if (got !== want) {
        differ += 1;
        const l = lab(scale(v)).l;
        assert.ok(Math.abs(l - 58) < 2, `${name}: at ${v} the ink is ${got}, its colour's lightness ${l} is not near the switch`);
      }
    }
    assert.ok(differ <= 10, `${name}: ${differ} values got the other ink`);
  }
});

test('each palette has both inks, dark on light and light on dark', () => {
  const d = inkScale(divergingScale(1));
  assert.equal(d(0), '#111', 'white at 0');
  assert.equal(d(1), '#fff', 'dark red');
  assert.equal(d(-1), '#fff', 'dark blue');
  const s = inkScale(sequentialScale(0, 1));
  assert.equal(s(0), '#fff', 'dark purple');
  assert.equal(s(1), '#111', 'yellow');
});
