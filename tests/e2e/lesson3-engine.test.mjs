// Lesson 3's numbers, controls and links in Chromium against the same engine loaded in Node: 3.1's Jacobian and 3.2's
// histogram drawn when their "Go deeper" sections open, for what the controls chose while they were closed; the state
// keys of Lessons 2 and 3, the contents, the source examples, a random row, the gradient sweep and the numerics panel,
// its controls, its links and their bad values, and the lesson on a phone. The lesson as a lesson (its questions, the
// spread of the gradient, "Go deeper", its share of the page, its notes): tests/e2e/lesson3.test.mjs.
// Needs build/page/app.js (node web/build.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { problems, nextFrame, refined, browserSession, settled, heatmapValues, misfits, noErrors } from './harness.mjs';
import { close, lesson3Loader, lesson3Measured } from './lesson3-shared.mjs';
import { STATE_TABLE, defaults, parseHash, formatHash } from '../../web/state.js';
import { sig3, percent } from '../../web/format.js';

const session = browserSession({ engine: true });

const load = lesson3Loader(session);
const measured = lesson3Measured(session);


/** The raw number behind a printed statistic: <dd data-stat=key data-value=…> inside [data-stats=id]. */
const stat = (page, id, key) => page.$eval(`[data-stats="${id}"] [data-stat="${key}"]`, (n) => Number(n.dataset.value));
const barValues = (page, chart) => page.$$eval(`[data-chart="${chart}"] .bar`, (n) => n.map((b) => Number(b.dataset.value)));
const barTexts = (page, chart) => page.$$eval(`[data-chart="${chart}"] .bar-value`, (n) => n.map((b) => b.textContent));
const seriesCount = (page, chart, series) => page.$eval(`[data-chart="${chart}"] [data-series="${series}"]`, (n) => Number(n.dataset.count));

/** Waits until `fn` (run in the page) returns true, after an action. */
// Waits for a condition (usually on the link) and then a frame, by which the sections have redrawn.
const until = async (page, fn, arg) => { await page.waitForFunction(fn, arg, { timeout: 10000 }); await nextFrame(page); };

test('3.1\'s Jacobian is drawn when its section opens, for the row the controls chose while it was closed', async () => {
  const { page, log } = await load('#lesson=saturation');
  const figure = 'figure[data-matrix="jacobian"]';
  assert.equal(await page.$$eval(figure, (n) => n.length), 0, 'a closed section draws no Jacobian');
  const summary = page.locator('#lesson-saturation details[data-deeper="jacobian"] > summary');
  const cells = () => heatmapValues(page, 'jacobian'); // painted on a canvas: read from its data table
  const want = (seed) => { // 3.2 shows the median row by raw ‖J‖ of the seed's 1,000 rows
    const row = session.engine.gradientDistribution({ dK: 64, n: 16, trials: 1000, seed }).jacobian.unscaled.quartileRows[1];
    return Array.from(session.engine.softmaxStats({ dK: 64, n: 16, seed, row, scaled: false }).jacobian);
  };
  for (const seed of [7, 8]) {
    await page.fill('[data-part="row"] input[data-key="gseed"]', String(seed));
    await page.dispatchEvent('[data-part="row"] input[data-key="gseed"]', 'change');
    await settled(page, `gseed=${seed}`);
    await summary.click(); // open: the row of this seed is drawn now
    await settled(page, 'sdeep=jacobian');
    const [got, engine] = [await cells(), want(seed)];
    assert.equal(got.length, 256);
    got.forEach((v, i) => assert.ok(close(v, engine[i]), `seed ${seed}, cell ${i}: ${v} against ${engine[i]}`));
    await summary.click(); // closed again before the next seed
    await page.waitForFunction(() => !location.hash.includes('sdeep'));
  }
  assert.deepEqual(problems(log), []);
});

test('3.2\'s histogram of the gradient reaching q is drawn when its "Go deeper" section opens, for the dₖ chosen while it was closed', async () => {
  const { page, log } = await load('#lesson=saturation');
  const bins = () => page.$$eval('[data-chart="query-hist"] [data-series="unscaled"] rect[data-count]', (n) => n.map((r) => Number(r.dataset.count)));
  assert.deepEqual(await bins(), [], 'a closed section draws no query histogram');
  const summary = page.locator('#lesson-saturation details[data-deeper="distribution"] > summary');
  let drawn = []; // a closed section keeps, out of sight, what it drew when it was last open
  for (const dK of [512, 128]) {
    await page.fill('input[data-key="gdk"][type="number"]', String(dK));
    await settled(page, `gdk=${dK}`);
    await refined(page);
    assert.deepEqual(await bins(), drawn, `not drawn again while closed, at d_k = ${dK}`);
    await summary.click();
    await settled(page, 'sdeep=distribution');
    drawn = Array.from(measured({ dK }).dot.query.unscaled.counts);
    assert.deepEqual(await bins(), drawn, `the engine's rows at d_k = ${dK}`);
    assert.match(await page.textContent('[data-chart="query-hist"]'), new RegExp(`dₖ = ${dK}`));
    await summary.click(); // closed again before the next d_k
    await page.waitForFunction(() => !location.hash.includes('sdeep'));
  }
  assert.deepEqual(problems(log), []);
});

/** Opens the page with `hash` and waits until the parts of Lessons 2 and 3 have drawn. */
async function loadBoth(hash = '', { viewport } = {}) {
  const opened = await session.open(session.server.url + hash, { viewport });
  assert.equal(await opened.page.getAttribute('body', 'data-engine'), 'ready', 'the engine started');
  await opened.page.waitForSelector('[data-stats="sweep"] [data-stat="slope"]');
  await opened.page.waitForSelector('[data-stats="row"] [data-stat="maxweight"]');
  // Lesson 3's sweep sits in a "Go deeper" section, which draws only when open (sdeep=distribution).
  if (/sdeep=[^&]*distribution/.test(hash)) await opened.page.waitForSelector('[data-report="512"]');
  await refined(opened.page); // the gradient sweep may show a preview first, then its full count of rows
  return opened;
}

test('the new state keys round-trip through the link, lists are readable, and bad values fall back', () => {
  const state = { ...defaults(), lesson: 'saturation', dota: [1.5, -2, 3e-3], dotb: [4, 5, 6], vdist: 'normal', vmean: -0.5, vstd: 2,
    vdims: [1, 64, 4096], vshared: false, vmaxdim: 4096, vvectors: 300, vc: -1.25, sscores: [14, 10, -3], sdk: 64, gdk: 4096,
    gn: 64, gscaled: true, gtrials: 20000, nscores: [1000, -1000], nbeta: 0.015, nprec: 'float64' };
  const hash = formatHash(state);
  assert.deepEqual(parseHash(hash), { state, problems: [] });
  assert.match(hash, /&vdims=1,64,4096&/, 'lists keep their commas');
  // The link names the lesson and only the keys that differ from their defaults (vseed, sclose, sfar, gseed stay out).
  assert.deepEqual(hash.slice(1).split('&').map((part) => part.split('=')[0]), ['lesson', 'dota', 'dotb', 'vdist', 'vmean', 'vstd', 'vdims',
    'vshared', 'vmaxdim', 'vvectors', 'vc', 'sscores', 'sdk', 'gdk', 'gn', 'gscaled', 'gtrials', 'nscores', 'nbeta', 'nprec']);
  const carried = hash.slice(1).split('&').map((part) => part.split('=')[0]);
  for (const row of STATE_TABLE) {
    if (row.key !== 'lesson') assert.equal(carried.includes(row.key), row.type.format(state[row.key]) !== row.type.format(row.def), row.key);
  }
  assert.deepEqual(parseHash('#vdims=3%2C%20100%20%201000').state.vdims, [3, 100, 1000], 'spaces and escaped commas are accepted');

  const { state: s, problems: p } = parseHash('#vdims=3,0&vstd=-1&gdk=5000&sscores=1,x&nprec=float16&vc=1e3&dota=');
  assert.deepEqual([s.vdims, s.vstd, s.gdk, s.sscores, s.nprec, s.vc, s.dota], [[3, 100, 1000], 1, 64, [14, 10], 'float32', 0.5, [1, 2]]);
  assert.deepEqual(p.map((x) => x.key), ['vdims', 'vstd', 'gdk', 'sscores', 'nprec', 'vc', 'dota']);
});

test('the contents list Lessons 1–3 first and choosing one scrolls to it', async () => {
  const { page, log } = await loadBoth();
  assert.deepEqual((await page.$$eval('#toc a', (n) => n.map((a) => a.dataset.lesson))).slice(0, 3), ['selfattention', 'variance', 'saturation']);
  await page.click('#toc a[data-lesson="saturation"]');
  await until(page, () => location.hash.includes('lesson=saturation'));
  const top = await page.$eval('#lesson-saturation', (n) => n.getBoundingClientRect().top);
  assert.ok(Math.abs(top) < 5, `Lesson 3 is scrolled to the top (${top}px)`);
  noErrors(log, 'contents');
});

test('Lesson 3 shows the source examples, a random row with its Jacobian, the gradient sweep and the numerics panel', async () => {
  const { page, log } = await loadBoth('#lesson=saturation&sdeep=jacobian,distribution,pairs,numerics'); // every "Go deeper" open
  const raw = await barValues(page, 'pair-raw');
  const scaled = await barValues(page, 'pair-scaled');
  assert.deepEqual(await barTexts(page, 'pair-raw'), ['0.982', '0.018']);
  assert.deepEqual(await barTexts(page, 'pair-scaled'), ['0.881', '0.119']);
  assert.ok(close(raw[0], session.engine.softmaxStats({ scores: [14, 10], scaled: false }).weights[0]));
  assert.ok(close(scaled[0], session.engine.softmaxStats({ scores: [7, 5], scaled: false }).weights[0]), 'scaling by √4 is softmax([7, 5])');
  assert.match(await page.textContent('[data-chart="pair-scaled"] figcaption'), /\[7, 5\]/);
  // web/format.js's percent at three digits: a weight of 1.2e-4 keeps its digits, and 0.99988 never reads as 100 %.
  assert.deepEqual(await barTexts(page, 'pair-close'), ['26.9\u00a0%', '73.1\u00a0%']);
  assert.deepEqual(await barTexts(page, 'pair-far'), ['0.0123\u00a0%', '>\u00a099.9\u00a0%']);

  // The typical row at d_k = 64, unscaled: the median by raw ‖J‖ of the engine's 1,000 rows (row 0 is one-hot here).
  const median = session.engine.gradientDistribution({ dK: 64, n: 16, trials: 1000, seed: 1 }).jacobian.unscaled.quartileRows[1];
  const row = session.engine.softmaxStats({ dK: 64, n: 16, scaled: false, seed: 1, row: median });
  assert.match(await page.textContent('[data-part="row"] .part-prose'), new RegExp(`row ${median}, the median by ‖J‖`));
  assert.ok(row.maxWeight < 0.99, `the median row is not one-hot: ${row.maxWeight}`);
  assert.equal((await barValues(page, 'row-weights')).length, 16);
  assert.ok(close(await stat(page, 'row', 'maxweight'), row.maxWeight));
  assert.ok(close(await stat(page, 'row', 'entropy'), row.entropy));
  assert.ok(close(await stat(page, 'row', 'jnorm'), row.jacobianNorm));
  assert.match(await page.textContent('[data-stats="row"]'), /ln 16 = 2\.77\)/);
  const jac = await heatmapValues(page, 'jacobian');
  assert.equal(jac.length, 256);
  jac.forEach((v, i) => assert.ok(close(v, row.jacobian[i], 1e-12), `Jacobian entry ${i}`));

  // The gradient sweep: 24 values of d_k, the report at 64 and 512 from the engine's ratio.
  const g = session.engine.gradientSweep({ dKs: [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048, 3072, 4096], n: 16, trials: 1000, seed: 1 });
  assert.equal(await seriesCount(page, 'gradient', 'unscaled'), 24);
  assert.equal(await seriesCount(page, 'gradient', 'scaled'), 24);
  for (const [d, i] of [[64, 11], [512, 17]]) {
    const ratio = await page.$eval(`[data-stat="ratio${d}"]`, (n) => Number(n.dataset.value));
    assert.ok(close(ratio, g.ratio[i]), `ratio at ${d}`);
    assert.ok(ratio < 1, `the unscaled gradient is smaller at d_k = ${d}`);
    assert.ok((await page.textContent(`[data-report="${d}"]`)).includes(percent(g.ratio[i])), `the report prints ${percent(g.ratio[i])}`);
  }
  const r64 = await page.$eval('[data-stat="ratio64"]', (n) => Number(n.dataset.value));
  const r512 = await page.$eval('[data-stat="ratio512"]', (n) => Number(n.dataset.value));
  assert.ok(r512 < r64, 'the gap widens with d_k');

  // Numerics at the defaults: nothing overflows; the limits come from the engine.
  assert.equal(await page.getAttribute('[data-part="numerics"] [data-broken]', 'data-broken'), '0');
  assert.ok(close(await stat(page, 'numerics', 'limit32'), 88.72283905206835, 1e-6));
  assert.ok(close(await stat(page, 'numerics', 'limit64'), 709.782712893384, 1e-9));
  noErrors(log, 'Lesson 3');
});

test('Lesson 3 reacts to its controls: d_k, scaling, and β until the naive softmax breaks', async () => {
  const { page, log } = await loadBoth('#lesson=saturation&sdeep=pairs,numerics'); // the two examples are in "Go deeper" sections
  const before = await stat(page, 'row', 'maxweight');
  await page.check('input[data-key="gscaled"]');
  await until(page, () => location.hash.includes('gscaled=1'));
  await until(page, (b) => Number(document.querySelector('[data-stats="row"] [data-stat="maxweight"]').dataset.value) !== b, before);
  const scaledMax = await stat(page, 'row', 'maxweight');
  assert.ok(scaledMax < before, `scaling lowers the largest weight (${before} → ${scaledMax})`);
  await page.uncheck('input[data-key="gscaled"]');
  await page.fill('input[data-key="gdk"][type="number"]', '4096');
  await until(page, () => location.hash.includes('gdk=4096') && !location.hash.includes('gscaled=')); // gscaled=0 is the default
  await until(page, () => Number(document.querySelector('[data-stats="row"] [data-stat="maxweight"]').dataset.value) > 0.9999);
  assert.ok(await stat(page, 'row', 'jnorm') < 1e-3, 'a one-hot row has almost no Jacobian');
  assert.equal(await page.getAttribute('input[data-key="gdk"][type="range"]', 'aria-valuetext'), '4096');

  // The pair example: edit the scores.
  await page.fill('input[data-key="sscores"]', '3, 1, 0');
  await until(page, () => document.querySelectorAll('[data-chart="pair-raw"] .bar').length === 3);
  const [raw, scaled] = [false, true].map((s) => session.engine.softmaxStats({ scores: [3, 1, 0], dK: 4, scaled: s }));
  const far = session.engine.softmax([1, 10]);
  const prose = (await page.textContent('[data-part="pairs"] .part-prose')).replace(/\s+/g, ' ');
  assert.match(prose, new RegExp(`Raw scores \\[3, 1, 0\\] give a largest weight of ${sig3(raw.maxWeight)}\\. Dividing by √dk = √4 multiplies every `
    + `score, and so every gap, by 0\\.5: the scores become \\[1\\.5, 0\\.5, 0\\] and the largest weight ${sig3(scaled.maxWeight)} `), `the prose follows the edited scores: ${prose}`);
  assert.match(prose, new RegExp(`4 → 26\\.9 %, 5 → 73\\.1 % for the close scores; 1 → ${percent(far[0], 3).replace(/\s+/g, ' ').replace('.', '\\.')}, 10 → `),
    'the shares are the charts\' own');
  assert.equal(await page.$$eval('[data-part="pairs"] .part-prose', (ps) => ps.map((p) => p.textContent).join('').match(/\d → \d/g)), null,
    'each "score → weight" is held together by no-break spaces');

  // β·max score = 4β: float32 breaks past 88.7 (β = 30 gives 120), float64 only past 709.8 (β = 200 gives 800).
  await page.fill('input[data-key="nbeta"][type="number"]', '30');
  await until(page, () => document.querySelector('[data-part="numerics"] [data-broken]')?.dataset.broken === '1');
  assert.ok((await barValues(page, 'naive')).some((v) => Number.isNaN(v)), 'the naive float32 softmax gives NaN');
  assert.ok((await barValues(page, 'stable')).every(Number.isFinite), 'the stable one stays finite');
  assert.equal(await stat(page, 'numerics', 'maxlogit'), 120);
  await page.selectOption('select[data-key="nprec"]', 'float64');
  await until(page, () => document.querySelector('[data-part="numerics"] [data-broken]')?.dataset.broken === '0');
  await page.fill('input[data-key="nbeta"][type="number"]', '200');
  await until(page, () => document.querySelector('[data-part="numerics"] [data-broken]')?.dataset.broken === '1');
  const cells = await page.$$eval('[data-table="numerics"] td.bad', (n) => n.length);
  assert.ok(cells >= 4, 'the table marks the failed weights');
  noErrors(log, 'Lesson 3 controls');
});

test('a link restores Lesson 3\'s settings; bad values fall back to their defaults with a visible notice', async () => {
  const good = '#lesson=saturation&sscores=2,1&sdk=16&sclose=0,0.5&sfar=-5,5&gdk=256&gn=8&gscaled=1&gseed=3&gtrials=200&nscores=10,20&nbeta=5&nprec=float64&sdeep=distribution,pairs,numerics';
  const { page, log } = await loadBoth(good);
  assert.equal(await page.inputValue('input[data-key="gdk"][type="number"]'), '256');
  assert.equal(await page.isChecked('input[data-key="gscaled"]'), true);
  assert.equal(await page.inputValue('select[data-key="nprec"]'), 'float64');
  assert.equal(await page.inputValue('input[data-key="sscores"]'), '2,1');
  const median = session.engine.gradientDistribution({ dK: 256, n: 8, trials: 1000, seed: 3 }).jacobian.unscaled.quartileRows[1]; // 3.2's typical row
  const row = session.engine.softmaxStats({ dK: 256, n: 8, scaled: true, seed: 3, row: median });
  assert.ok(close(await stat(page, 'row', 'maxweight'), row.maxWeight));
  assert.equal((await barValues(page, 'row-weights')).length, 8);
  const after = session.engine.softmaxStats({ scores: [2, 1], dK: 16, scaled: true });
  (await barValues(page, 'pair-scaled')).forEach((v, i) => assert.ok(close(v, after.weights[i])));
  const g = session.engine.gradientSweep({ dKs: [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048, 3072, 4096], n: 8, trials: 200, seed: 3 });
  assert.ok(close(await page.$eval('[data-stat="ratio64"]', (n) => Number(n.dataset.value)), g.ratio[11]));
  assert.equal(await stat(page, 'numerics', 'maxlogit'), 100);
  assert.equal(await page.$$eval('[data-notice]', (n) => n.length), 0);
  noErrors(log, 'a Lesson 3 link');

  const bad = await loadBoth('#lesson=saturation&gdk=5000&gn=abc&sscores=1,x&vdims=0&nprec=float16&sdeep=pairs,numerics');
  const notice = bad.page.locator('[data-notice="link"]');
  assert.ok(await notice.isVisible());
  const text = await notice.textContent();
  for (const key of ['gdk', 'gn', 'sscores', 'vdims', 'nprec']) assert.match(text, new RegExp(`${key} = `), `the notice names ${key}`);
  assert.equal(await bad.page.inputValue('input[data-key="gdk"][type="number"]'), '64');
  assert.equal(await bad.page.inputValue('input[data-key="sscores"]'), '14,10');
  assert.equal(await bad.page.inputValue('select[data-key="nprec"]'), 'float32');
  assert.equal(await bad.page.$$eval('.histogram-panel', (n) => n.length), 3);
  assert.equal(await bad.page.evaluate(() => location.hash), '#lesson=saturation&sdeep=pairs,numerics', 'the hash is rewritten with the defaults, which it leaves out');
});

test('at 375 px wide Lesson 3 does not make the page scroll sideways', async () => {
  const { page } = await loadBoth('#lesson=saturation', { viewport: { width: 375, height: 800 } });
  assert.deepEqual(await misfits(page, ''), [], 'saturation at 375 px');
});
