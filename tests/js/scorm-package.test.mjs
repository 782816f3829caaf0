// The SCORM package command's options (build-scripts/scorm-package.mjs) and how the page reads them back
// (web/scorm.js's packageSettings): mastery as a percentage, the questions that count by id, typos refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scormOptions, manifest } from '../../build-scripts/scorm-package.mjs';
import { packageSettings } from '../../web/scorm.js';

const docWith = (content) => ({ querySelector: () => (content === null ? null : { getAttribute: () => content }) });

test('the package options default to 80 % over every question and take a percentage and a list of question ids', () => {
  assert.deepEqual(scormOptions([]), { mastery: 0.8, questions: null });
  assert.deepEqual(scormOptions(['--mastery=60', '--questions=variance-width, heads-dmodel']), { mastery: 0.6, questions: ['variance-width', 'heads-dmodel'] });
  assert.throws(() => scormOptions(['--mastery=120']), /--mastery=120: give the passing share as a percentage from 0 to 100/);
  assert.throws(() => scormOptions(['--mastery=']), /percentage/);
  assert.throws(() => scormOptions(['--questions=variance-width,no-such-question']), /no question has the id no-such-question/);
  assert.throws(() => scormOptions(['--mastery 60']), /unknown option/);
});

test('the manifests carry the mastery: 1.2 as a percentage, 2004 as the primary objective\'s normalised measure', () => {
  assert.match(manifest('1.2', ['index.html'], { mastery: 0.6 }), /<adlcp:masteryscore>60<\/adlcp:masteryscore>/);
  assert.match(manifest('2004', ['index.html'], { mastery: 0.6 }), /<imsss:minNormalizedMeasure>0.6<\/imsss:minNormalizedMeasure>/);
  assert.match(manifest('2004', ['a&b.html'], { mastery: 0.6 }), /<file href="a&amp;b.html"\/>/);
});

test('the page reads the package\'s settings back, and a plain page has none', () => {
  assert.equal(packageSettings(docWith(null)), null);
  assert.deepEqual(packageSettings(docWith('version=1.2; mastery=0.6; questions=a,b')), { version: '1.2', mastery: 0.6, questions: ['a', 'b'] });
  assert.deepEqual(packageSettings(docWith('version=2004; mastery=0.8; questions=all')), { version: '2004', mastery: 0.8, questions: null });
  assert.equal(packageSettings(docWith('version=2004; mastery=7')).mastery, 0.8, 'an impossible share falls back to 80 %');
});
