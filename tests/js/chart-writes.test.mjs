// web/charts/writes.js: a chart redrawn in place writes an attribute, a text or an axis only when it changes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setAttr, attr, text, axisOnce } from '../../web/charts/writes.js';

/** A stand-in element that records every write. */
function fakeNode(attrs = {}) {
  const values = new Map(Object.entries(attrs));
  const writes = [];
  let content = '';
  return {
    writes,
    getAttribute: (n) => (values.has(n) ? values.get(n) : null),
    hasAttribute: (n) => values.has(n),
    setAttribute: (n, v) => { writes.push(['set', n, v]); values.set(n, String(v)); },
    removeAttribute: (n) => { writes.push(['remove', n]); values.delete(n); },
    get textContent() { return content; },
    set textContent(v) { writes.push(['text', v]); content = v; },
  };
}

/** A stand-in d3 selection over `nodes` bound to `data`: each() and node() as d3's. */
const selectionOf = (nodes, data = nodes.map(() => undefined)) => ({
  each(fn) { nodes.forEach((n, i) => fn.call(n, data[i], i, nodes)); return this; },
  node: () => nodes[0],
  call(fn, ...args) { fn(this, ...args); return this; },
});

test('setAttr writes a new value, skips the same one (number or string), and removes for null', () => {
  const n = fakeNode({ x: '1.5' });
  setAttr(n, 'x', 1.5);
  setAttr(n, 'x', '1.5');
  assert.deepEqual(n.writes, []);
  setAttr(n, 'x', 2);
  setAttr(n, 'y', 0);
  setAttr(n, 'x', null);
  setAttr(n, 'x', undefined); // already gone: nothing to remove
  assert.deepEqual(n.writes, [['set', 'x', '2'], ['set', 'y', '0'], ['remove', 'x']]);
});

test('attr and text over a selection write only the nodes whose value changed, with d3\'s (d, i) arguments', () => {
  const nodes = [fakeNode({ height: '10' }), fakeNode({ height: '20' }), fakeNode()];
  const sel = selectionOf(nodes, [10, 25, 30]);
  sel.call(attr, 'height', (d) => d).call(attr, 'data-index', (d, i) => i);
  assert.deepEqual(nodes.map((n) => n.writes), [[['set', 'data-index', '0']], [['set', 'height', '25'], ['set', 'data-index', '1']],
    [['set', 'height', '30'], ['set', 'data-index', '2']]]);
  for (const n of nodes) n.writes.length = 0;
  sel.call(text, (d) => `v${d}`).call(text, (d) => `v${d}`);
  assert.deepEqual(nodes.map((n) => n.writes), [[['text', 'v10']], [['text', 'v25']], [['text', 'v30']]]);
});

test('axisOnce draws an axis again only for a new key or a new group', () => {
  const drawn = [];
  const axis = (sel) => drawn.push(sel.node());
  const g1 = selectionOf([fakeNode()]);
  const g2 = selectionOf([fakeNode()]);
  axisOnce(g1, axis, 'a');
  axisOnce(g1, axis, 'a');
  axisOnce(g1, axis, 'b');
  axisOnce(g2, axis, 'b');
  axisOnce(g1, axis, null);
  axisOnce(g1, axis, null);
  assert.deepEqual(drawn, [g1.node(), g1.node(), g2.node(), g1.node(), g1.node()]);
});
