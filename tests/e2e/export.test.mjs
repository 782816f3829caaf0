// Export in Chromium: every chart's PNG, SVG and CSV downloads hold the numbers the page shows (and the engine
// computed), their file names say which lesson, chart and settings they come from, and "copy link" copies a link
// that reopens the same state. Needs build/page/app.js (node web/build.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { problems, browserSession, settled, refined } from './harness.mjs';

const session = browserSession({ engine: true });

async function load(hash, options = {}) {
  const opened = await session.open(session.server.url + hash, options);
  assert.equal(await opened.page.getAttribute('body', 'data-engine'), 'ready');
  return opened;
}

/** Clicks an export button and returns { name, bytes } of the file it saves. */
async function download(page, selector) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: fs.readFileSync(path) };
}

/** Parses CSV text (quoted fields allowed) into rows of strings. */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { field += '"'; i += 1; } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { row.push(field); field = ''; } else if (ch === '\n') { row.push(field.replace(/\r$/, '')); rows.push(row); row = []; field = ''; } else field += ch;
  }
  return rows;
}

test('a bar chart\'s CSV holds the values drawn on its bars, and its file name says lesson, chart and settings', async () => {
  const { page, log } = await load('#lesson=saturation&gdk=256&gn=8&teacher=1');
  await page.waitForSelector('[data-stats="row"] [data-stat="maxweight"]');
  const { name, bytes } = await download(page, '[data-chart="row-weights"] [data-export="csv"]');
  assert.equal(name, 'saturation_row-weights_gdk-256_gn-8.csv');
  const rows = parseCsv(bytes.toString('utf8'));
  assert.deepEqual(rows[0], ['label', 'value']);
  const drawn = await page.$$eval('[data-chart="row-weights"] .bar', (n) => n.map((b) => b.dataset.value));
  assert.deepEqual(rows.slice(1).map((r) => r[1]), drawn, 'the CSV has the numbers behind the bars, at full precision');
  const median = session.engine.gradientDistribution({ dK: 256, n: 8, trials: 1000, seed: 1 }).jacobian.unscaled.quartileRows[1]; // the typical row shown
  const expected = session.engine.softmaxStats({ dK: 256, n: 8, scaled: false, seed: 1, row: median }).weights;
  rows.slice(1).forEach((r, i) => assert.ok(Math.abs(Number(r[1]) - expected[i]) <= 1e-12, `weight ${i}`));
  // The "show data" table lists the same numbers.
  await page.click('[data-chart="row-weights"] .chart-data summary');
  // The table is built on the details' toggle event, a task after the click.
  await page.waitForSelector('[data-chart="row-weights"] .data-table tbody td');
  const table = await page.$$eval('[data-chart="row-weights"] .data-table tbody td', (n) => n.map((c) => c.textContent));
  assert.deepEqual(table, drawn);
  assert.deepEqual(problems(log), []);
});

test('a heatmap exports CSV, SVG and PNG that match its cells on screen', async () => {
  // Random vectors: the engine in Node, which this compares with, has no word vectors loaded.
  const { page, log } = await load('#lesson=selfattention&step=6&sentence=one%20two%20three%20four&emb=random&teacher=1');
  const figure = 'figure[data-matrix="weights"]';
  await page.waitForSelector(`${figure} .cell`);
  const cells = await page.$$eval(`${figure} .cell`, (n) => n.map((c) => ({
    row: Number(c.dataset.row), col: Number(c.dataset.col), value: c.dataset.value, text: c.querySelector('text').textContent,
    fill: getComputedStyle(c.querySelector('rect')).fill, x: c.getCTM().e, y: c.getCTM().f,
    w: c.querySelector('rect').width.baseVal.value, h: c.querySelector('rect').height.baseVal.value,
  })));
  assert.equal(cells.length, 16);

  const csv = await download(page, `${figure} [data-export="csv"]`);
  assert.equal(csv.name, 'selfattention_weights_sentence-one-two-three-four_step-6_emb-random.csv');
  const rows = parseCsv(csv.bytes.toString('utf8'));
  assert.deepEqual(rows[0], ['row \\ column', 'one', 'two', 'three', 'four']);
  assert.deepEqual(rows.slice(1).map((r) => r[0]), ['one', 'two', 'three', 'four']);
  for (const c of cells) assert.equal(rows[1 + c.row][1 + c.col], c.value, `cell (${c.row}, ${c.col})`);
  const expected = session.engine.selfAttentionExample({ sentence: 'one two three four', dModel: 8, dK: 4, seed: 1, scaled: true, causal: false, embeddings: 'random' });
  for (const c of cells) assert.ok(Math.abs(Number(rows[1 + c.row][1 + c.col]) - expected.weights[c.row * 4 + c.col]) <= 1e-6);

  const svg = await download(page, `${figure} [data-export="svg"]`);
  assert.equal(svg.name, 'selfattention_weights_sentence-one-two-three-four_step-6_emb-random.svg');
  const text = svg.bytes.toString('utf8');
  assert.match(text, /^<\?xml/);
  assert.match(text, /<title>Attention weights A<\/title>/);
  const svgTexts = [...text.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
  for (const c of cells) assert.ok(svgTexts.includes(c.text), `the SVG prints ${c.text}`);
  for (const c of cells) assert.ok(text.includes(`fill="${c.fill}"`), `the SVG has the colour ${c.fill} of cell (${c.row}, ${c.col})`);
  assert.doesNotMatch(text, /class="cell-focus/, 'the keyboard focus box is left out');

  const png = await download(page, `${figure} [data-export="png"]`);
  assert.equal(png.name, 'selfattention_weights_sentence-one-two-three-four_step-6_emb-random.png');
  assert.deepEqual([...png.bytes.subarray(1, 4)].map((b) => String.fromCharCode(b)).join(''), 'PNG');
  // Read the PNG's pixels in a blank page (the lab's own page forbids data: images) and compare each cell's colour.
  const blank = await session.browser.newPage();
  const pixels = await blank.evaluate(async ({ data, points }) => {
    const img = new Image();
    img.src = `data:image/png;base64,${data}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width;
    canvas.height = img.height;
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0);
    return { width: img.width, height: img.height, at: points.map(([x, y]) => Array.from(ctx.getImageData(x, y, 1, 1).data.slice(0, 3))) };
  }, { data: png.bytes.toString('base64'), points: cells.map((c) => [Math.round(2 * (c.x + 4)), Math.round(2 * (26 + c.y + 4))]) });
  await blank.close();
  const svgSize = await page.$eval(`${figure} svg.heatmap-svg`, (s) => [Number(s.getAttribute('width')), Number(s.getAttribute('height'))]);
  assert.deepEqual([pixels.width, pixels.height], [2 * svgSize[0], 2 * (svgSize[1] + 26)], 'twice the size on screen, with a title line');
  cells.forEach((c, k) => {
    const want = c.fill.match(/\d+/g).map(Number);
    const got = pixels.at[k];
    assert.ok(want.every((v, i) => Math.abs(v - got[i]) <= 3), `cell (${c.row}, ${c.col}): PNG ${got}, page ${want}`);
  });
  assert.deepEqual(problems(log), []);
});

test('a painted heatmap (a 40 × 40 Jacobian) shows on its canvas the colours its SVG export gives each cell', async () => {
  const { page, log } = await load('#lesson=saturation&gn=40&sdeep=jacobian&teacher=1');
  const figure = 'figure[data-matrix="jacobian"]';
  await page.waitForSelector(`${figure}.heatmap-painted canvas`);
  const svg = await download(page, `${figure} [data-export="svg"]`);
  const text = svg.bytes.toString('utf8');
  const fills = new Map([...text.matchAll(/data-row="(\d+)" data-col="(\d+)"[^>]*>\s*<rect[^>]*fill="rgb\((\d+), (\d+), (\d+)\)"/g)]
    .map((m) => [`${m[1]},${m[2]}`, [Number(m[3]), Number(m[4]), Number(m[5])]]));
  assert.equal(fills.size, 1600, 'the SVG export has every cell with its colour');
  // The canvas's pixel at the centre of each cell (device pixels: the canvas is drawn at devicePixelRatio).
  const painted = await page.$eval(`${figure} canvas`, (canvas) => {
    const ratio = canvas.width / canvas.getBoundingClientRect().width;
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height); // one read of every pixel
    const w = canvas.width / 40 / ratio;
    const h = canvas.height / 40 / ratio;
    const out = {};
    for (let i = 0; i < 40; i += 1) {
      for (let j = 0; j < 40; j += 1) {
        const at = 4 * (Math.floor((i + 0.4) * h * ratio) * canvas.width + Math.floor((j + 0.4) * w * ratio));
        out[`${i},${j}`] = Array.from(data.slice(at, at + 3));
      }
    }
    return out;
  });
  let worst = 0;
  for (const [key, want] of fills) worst = Math.max(worst, ...want.map((v, k) => Math.abs(v - painted[key][k])));
  // 257 levels over the scale: a cell's colour is at most half a level away, a few units in a channel.
  assert.ok(worst <= 6, `largest channel difference between canvas and SVG: ${worst}`);
  assert.ok(new Set([...fills.values()].map(String)).size > 3, 'the matrix has several colours (the test compares something)');
  assert.deepEqual(problems(log), []);
});

test('an x–y chart\'s CSV and SVG hold its series, and a histogram\'s CSV its bins', async () => {
  const { page } = await load('#lesson=variance&vmaxdim=16&vdims=5&teacher=1');
  await page.waitForFunction(() => document.querySelector('[data-chart="sweep-linear"] [data-series="variance"]')?.dataset.count === '16');
  const csv = await download(page, '[data-chart="sweep-linear"] [data-export="csv"]');
  assert.equal(csv.name, 'variance_sweep-linear_vdims-5_vmaxdim-16.csv');
  const rows = parseCsv(csv.bytes.toString('utf8'));
  const measured = rows.filter((r) => r[0] === 'measured');
  assert.equal(measured.length, 16);
  const sweep = session.engine.varianceSweep({ maxDim: 16, vectors: 100, seed: 1, distribution: 'normal', mean: 0, std: 1, scaled: false });
  measured.forEach((r, i) => {
    assert.equal(Number(r[1]), sweep.dims[i]);
    assert.ok(Math.abs(Number(r[2]) - sweep.variance[i]) <= 1e-12 * (1 + sweep.variance[i]), `variance at d = ${sweep.dims[i]}`);
  });
  const svg = await download(page, '[data-chart="sweep-linear"] [data-export="svg"]');
  const text = svg.bytes.toString('utf8');
  // A series' markers are one path, one closed outline (M … z) per point.
  const marks = /<g[^>]*data-series="variance"[^>]*>\s*<path[^>]*class="marks"[^>]*\sd="([^"]*)"/.exec(text) ?? /<g[^>]*data-series="variance"[^>]*>\s*<path[^>]*\sd="([^"]*)"[^>]*class="marks"/.exec(text);
  assert.ok(marks, 'the measured variances have their markers in the file');
  assert.equal((marks[1].match(/M/g) ?? []).length, 16, 'one marker per measured variance');
  assert.match(text, /<text[^>]*>dₖ<\/text>/, 'the axis label is in the file');

  await page.click('[data-question="variance-width"] .question-reveal'); // the histograms wait for a prediction
  const hist = await download(page, '[data-chart="hist-0"] [data-export="csv"]');
  const bins = parseCsv(hist.bytes.toString('utf8'));
  assert.deepEqual(bins[0], ['bin from', 'bin to', 'count']);
  const drawn = await page.$$eval('[data-chart="hist-0"] .bins rect', (n) => n.map((r) => r.dataset.count));
  assert.deepEqual(bins.slice(1).map((r) => r[2]), drawn);
});

test('"copy link" copies a link with the section\'s settings that opens the same state', async () => {
  const context = await session.newContext({ viewport: { width: 1200, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.server.origin });
  const page = await context.newPage();
  await page.goto(`${session.server.url}#lesson=variance&vdims=5,50`);
  await page.waitForSelector('body[data-engine="ready"]');
  await page.fill('input[data-key="vseed"]', '9');
  await settled(page, 'vseed=9');
  await page.click('#lesson-saturation .copy-link'); // another section's button: the link opens that lesson
  await page.waitForSelector('#lesson-saturation .copy-link[data-copied="1"]');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, `${session.server.url}#lesson=saturation&vseed=9&vdims=5,50`);
  assert.equal(await page.inputValue('#lesson-saturation .copy-field'), copied, 'the link is also shown');
  const again = await context.newPage();
  await again.goto(copied);
  await again.waitForSelector('body[data-engine="ready"]');
  assert.equal(await again.inputValue('input[data-key="vdims"]'), '5,50');
  assert.equal(await again.inputValue('[data-part="histograms"] input[data-key="vseed"]'), '9');
});

test('a custom element with a relative page="index.html" copies an absolute link to that page', async () => {
  const context = await session.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${session.server.origin}/tests/e2e/fixtures/two-elements.html`);
  await page.waitForFunction(() => document.querySelector('attention-saturation')?.dataset.engine === 'ready');
  await page.evaluate(() => document.querySelector('attention-saturation').setAttribute('page', 'index.html'));
  await page.locator('attention-saturation .copy-link').click();
  await page.waitForFunction(() => document.querySelector('attention-saturation').shadowRoot.querySelector('.copy-link').dataset.copied);
  const shown = await page.locator('attention-saturation .copy-field').inputValue();
  assert.equal(shown, `${session.server.origin}/tests/e2e/fixtures/index.html#lesson=saturation&gdk=512&gn=8`);
});

test('a heatmap and a bar chart given a new shape are redrawn in the same figure, and show, read and export what a fresh page shows', async () => {
  const figure = 'figure[data-matrix="jacobian"]';
  const bars = '[data-chart="row-scores"] svg.bar-chart';
  const look = async (page) => {
    const node = await page.$(figure);
    await node.scrollIntoViewIfNeeded();
    await refined(page);
    // (Before an export: the export buttons make a painted matrix's SVG cells.)
    const shape = await page.$eval(figure, (f) => [f.dataset.rows, f.dataset.cols, f.querySelector('.heatmap-shape').textContent.trim(),
      f.classList.contains('heatmap-painted'), f.querySelectorAll('g.cell').length]);
    return { shape, png: await (await page.$(`${figure} .heatmap-layers`)).screenshot(), csv: (await download(page, `${figure} [data-export="csv"]`)).bytes.toString('utf8'),
      bars: await page.$$eval(`${bars} .bar`, (n) => n.length), barsPng: await (await page.$(bars)).screenshot(),
      height: await page.$eval(figure, (f) => f.closest('details').getBoundingClientRect().height) };
  };
  const { page, log } = await load('#lesson=saturation&gn=6&sdeep=jacobian&teacher=1');
  await page.waitForSelector(`${figure} .cell`);
  await page.$eval(figure, (f) => { window.firstJacobian = f; });
  await page.$eval(bars, (svg) => { window.firstBars = svg; });
  const height6 = (await look(page)).height;
  for (const [n, painted, cells] of [[40, true, 0], [6, false, 36]]) {
    await page.focus(`${figure} .heatmap-scroll`); // a keyboard reader on the matrix as its shape changes
    await page.$eval('input[data-key="gn"][type="range"]', (input, v) => {
      input.value = String(v);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new Event('change', { bubbles: true }));
    }, n);
    await settled(page, `gn=${n}`);
    assert.ok(await page.$eval(`${figure} .heatmap-scroll`, (s) => document.activeElement === s), `n = ${n}: the matrix keeps the keyboard focus`);
    await page.$eval(`${figure} .heatmap-scroll`, (s) => s.blur()); // its focus box off, as on a page just opened
    const moved = await look(page);
    assert.ok(await page.$eval(figure, (f) => f === window.firstJacobian), `the figure at n = ${n} is the one first drawn`);
    assert.ok(await page.$eval(bars, (svg) => svg === window.firstBars), `the bar chart at n = ${n} is the one first drawn`);
    assert.deepEqual(moved.shape, [String(n), String(n), `${n} × ${n}`, painted, cells]);
    assert.equal(moved.bars, n, `n = ${n}: a bar per score`);
    assert.ok(Math.abs(moved.height - height6) < 0.5, `n = ${n}: the Jacobian's section is ${moved.height} px tall, ${height6} at n = 6: nothing below it may move`);
    const fresh = await load(`#lesson=saturation&gn=${n}&sdeep=jacobian&teacher=1`);
    const want = await look(fresh.page);
    assert.equal(moved.csv, want.csv, `n = ${n}: the same CSV as a page opened at it`);
    assert.ok(moved.png.equals(want.png), `n = ${n}: the matrix has the same pixels as on a page opened at it`);
    assert.ok(moved.barsPng.equals(want.barsPng), `n = ${n}: the bar chart has the same pixels as on a page opened at it`);
    await fresh.page.close();
  }
  // The keyboard reads the new shape: End goes to its last column.
  await page.focus(`${figure} .heatmap-scroll`);
  await page.keyboard.press('End');
  assert.equal(await page.$eval(`${figure} .heatmap-scroll`, (s) => s.dataset.col), '5');
  assert.deepEqual(problems(log), []);
});
