// setAttr and setText (web/dom.js), their d3 forms (web/charts/writes.js) and axis.js: a chart redrawn in place writes an
// attribute, a text or an axis only when it changes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setAttr, setText } from '../../web/dom.js';
import { attr, text } from '../../web/charts/writes.js';

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

test('setText changes the characters of a node\'s one text node in place, and sets textContent otherwise', () => {
  const textNode = { nodeType: 3, data: '1.5' };
  let replaced = 0;
  const holder = { firstChild: textNode, lastChild: textNode, get textContent() { return textNode.data; }, set textContent(v) { replaced += 1; } };
  setText(holder, 2.25);
  assert.equal(textNode.data, '2.25');
  setText(holder, '2.25');
  assert.equal(replaced, 0, 'the text node is kept: no textContent write');
  const empty = fakeNode();
  setText(empty, 'new');
  setText(empty, 'new');
  assert.deepEqual(empty.writes, [['text', 'new']], 'an empty node gets its text once');
});

/** A small SVG-like tree for drawAxis: elements with attributes, children, class lists and text, recording writes. */
class FakeElement {
  constructor(tag) { this.tag = tag; this.attrs = new Map(); this.children = []; this.parent = null; this.content = ''; this.writes = []; }
  get firstElementChild() { return this.children[0] ?? null; }
  get lastElementChild() { return this.children[this.children.length - 1] ?? null; }
  get firstChild() { return this.firstElementChild; }
  get classList() { return { contains: (c) => (this.attrs.get('class') ?? '').split(' ').includes(c) }; }
  getAttribute(n) { return this.attrs.has(n) ? this.attrs.get(n) : null; }
  hasAttribute(n) { return this.attrs.has(n); }
  setAttribute(n, v) { this.writes.push([n, String(v)]); this.attrs.set(n, String(v)); }
  removeAttribute(n) { this.attrs.delete(n); }
  insertBefore(node, before) {
    node.parent = this;
    const i = before ? this.children.indexOf(before) : -1;
    if (i < 0) this.children.push(node); else this.children.splice(i, 0, node);
    return node;
  }
  remove() { this.parent.children.splice(this.parent.children.indexOf(this), 1); this.parent = null; }
  get textContent() { return this.content; }
  set textContent(v) { this.writes.push(['text', v]); this.content = v; }
}
const allWrites = (node) => [...node.writes, ...node.children.flatMap(allWrites)];
const clearWrites = (node) => { node.writes.length = 0; node.children.forEach(clearWrites); };

test('drawAxis draws d3-axis\'s elements, and a redraw reuses its ticks and writes only what changed', async () => {
  globalThis.window = { devicePixelRatio: 1 };
  globalThis.document = { createElementNS: (ns, tag) => new FakeElement(tag) };
  try {
    const { drawAxis } = await import('../../web/charts/axis.js');
    const { scaleLinear } = await import('d3-scale');
    const g = new FakeElement('g');
    const y = scaleLinear().domain([0, 1]).range([100, 0]);
    drawAxis(g, { orient: 'left', scale: y, ticks: [5] });
    assert.deepEqual(['fill', 'font-size', 'font-family', 'text-anchor'].map((n) => g.getAttribute(n)), ['none', '10', 'sans-serif', 'end']);
    assert.equal(g.children[0].getAttribute('class'), 'domain');
    assert.equal(g.children[0].getAttribute('d'), 'M-6,100.5H0.5V0.5H-6'); // as d3-axis: outer ticks of 6 px, half-pixel offset
    const ticks = g.children.slice(1);
    assert.deepEqual(ticks.map((t) => t.lastElementChild.textContent), ['0.0', '0.2', '0.4', '0.6', '0.8', '1.0']);
    assert.deepEqual(ticks.map((t) => t.getAttribute('transform')), [0, 0.2, 0.4, 0.6, 0.8, 1].map((v) => `translate(0,${y(v) + 0.5})`));
    assert.deepEqual(ticks.map((t) => [t.firstElementChild.getAttribute('x2'), t.lastElementChild.getAttribute('x'), t.lastElementChild.getAttribute('dy')]),
      ticks.map(() => ['-6', '-9', '0.32em']));

    clearWrites(g);
    drawAxis(g, { orient: 'left', scale: y, ticks: [5] });
    assert.deepEqual(allWrites(g), [], 'the same scale writes nothing');

    y.domain([0, 2]); // ticks 0, 0.5, …, 2: five, each moved and relabelled
    drawAxis(g, { orient: 'left', scale: y, ticks: [5] });
    const now = g.children.slice(1);
    assert.equal(now.length, 5);
    assert.ok(now.every((t, i) => t === ticks[i]), 'the first five tick elements are kept, the sixth removed');
    assert.deepEqual(now.map((t) => t.lastElementChild.textContent), ['0.0', '0.5', '1.0', '1.5', '2.0']);
    assert.deepEqual(now[0].writes, [], 'the tick at 0 did not move: its transform is not written again');
    assert.deepEqual(allWrites(g).filter(([n]) => n === 'x2' || n === 'x' || n === 'd'), [], 'tick lengths and the domain path stay');

    const grid = new FakeElement('g'); // grid lines: ticks across the plot, no labels
    drawAxis(grid, { orient: 'left', scale: y, ticks: [5], inner: -300, format: () => '' });
    assert.equal(grid.children[1].firstElementChild.getAttribute('x2'), '300');
    assert.ok(grid.children.slice(1).every((t) => t.lastElementChild.textContent === ''));
  } finally {
    delete globalThis.window;
    delete globalThis.document;
  }
});
