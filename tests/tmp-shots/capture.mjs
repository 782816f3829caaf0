// usage: node capture.mjs <chromium|firefox|webkit> <width> [errcheck]
import fs from 'node:fs';
import { launch, injectErrors } from '../browsers/drivers.mjs';
import { startServer } from '../e2e/harness.mjs';
const [name, widthArg, mode] = process.argv.slice(2);
const width = Number(widthArg);
const height = 900;
const RAW = '/tmp/formula-shots/raw';
fs.mkdirSync(RAW, { recursive: true });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function openTab(url) {
  if (name === 'chromium') {
    const { chromium } = await import('playwright-core');
    const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
    const page = await b.newPage({ viewport: { width, height } });
    const errors = [];
    page.on('console', (m) => { if (['error', 'warning'].includes(m.type())) errors.push(`${m.type()}: ${m.text()}`); });
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(url);
    return { evaluate: (fn, ...a) => page.evaluate(fn, ...a), screenshot: (p) => page.screenshot({ path: p }), errors: async () => errors, close: () => b.close() };
  }
  const b = await launch(name);
  const tab = await b.open(url, { width, height });
  return { evaluate: tab.evaluate, screenshot: tab.screenshot, errors: tab.errors, close: () => b.close() };
}

async function waitReady(tab) {
  const end = Date.now() + 180000;
  while (Date.now() < end) {
    if (await tab.evaluate(() => document.body && document.body.dataset.engine === 'ready')) return;
    await sleep(200);
  }
  throw new Error('not ready');
}

if (mode === 'errcheck') {
  // WebKit: its driver has no console; serve the AFTER tree with the project's error collector injected.
  const server = await startServer({ transform: injectErrors });
  const tab = await openTab(server.url);
  await waitReady(tab);
  await tab.evaluate(() => { document.querySelectorAll('details').forEach((d) => { d.open = true; }); });
  await sleep(4000);
  console.log(JSON.stringify({ errors: await tab.errors() }));
  await tab.close(); await server.close();
  process.exit(0);
}

const out = {};
for (const [version, port] of [['before', 8772], ['after', 8771]]) {
  const tab = await openTab(`http://127.0.0.1:${port}/index.html`);
  await waitReady(tab);
  await tab.evaluate(() => { document.querySelectorAll('details').forEach((d) => { d.open = true; }); });
  await sleep(3000);
  const n = await tab.evaluate(() => document.querySelectorAll('.tex').length);
  const meta = { n, shots: [] };
  meta.viewport = await tab.evaluate(() => ({ w: window.innerWidth, h: window.innerHeight, cw: document.documentElement.clientWidth, dpr: window.devicePixelRatio, sw: document.documentElement.scrollWidth }));
  for (let i = 0; i < n; i++) {
    const info = await tab.evaluate((k) => {
      const t = document.querySelectorAll('.tex')[k];
      const m = t.querySelector('math');
      const tr = t.getBoundingClientRect();
      if (tr.width === 0 && tr.height === 0) return { hidden: true, tex: t.getAttribute('class') };
      t.scrollIntoView({ behavior: 'instant', block: 'center', inline: 'nearest' });
      return { hidden: false };
    }, i);
    if (info.hidden) { meta.shots.push({ i, hidden: true, cls: info.tex }); continue; }
    await sleep(150);
    for (let tries = 0; tries < 30; tries++) {
      const ok = await tab.evaluate((k) => { const b = document.querySelectorAll('.tex')[k].getBoundingClientRect(); return b.top >= 0 && b.bottom <= window.innerHeight; }, i);
      if (ok) break;
      await sleep(100);
      if (tries === 29) console.error('not in view', version, i);
    }
    await sleep(100);
    const r = await tab.evaluate((k) => {
      const t = document.querySelectorAll('.tex')[k];
      const m = t.querySelector('math');
      let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
      for (const e of [t, ...t.querySelectorAll('*')]) {
        if (e.tagName === 'annotation') continue;
        const b = e.getBoundingClientRect();
        if (b.width === 0 && b.height === 0) continue;
        x0 = Math.min(x0, b.left); y0 = Math.min(y0, b.top); x1 = Math.max(x1, b.right); y1 = Math.max(y1, b.bottom);
      }
      const mr = m.getBoundingClientRect(); const tr = t.getBoundingClientRect();
      // visible part inside scroll containers
      let clipped = null;
      for (let p = t.parentElement; p && p !== document.body; p = p.parentElement) {
        const cs = getComputedStyle(p);
        if (/(auto|scroll|hidden|clip)/.test(cs.overflowX + cs.overflowY)) {
          const pr = p.getBoundingClientRect();
          if (mr.left < pr.left - 0.5 || mr.right > pr.right + 0.5 || mr.top < pr.top - 0.5 || mr.bottom > pr.bottom + 0.5) {
            clipped = { by: p.tagName + '.' + p.className, ox: cs.overflowX, oy: cs.overflowY, pr: [pr.left, pr.top, pr.right, pr.bottom], sw: p.scrollWidth, cw: p.clientWidth };
          }
        }
      }
      return { box: [x0, y0, x1, y1], math: [mr.left, mr.top, mr.width, mr.height], tex: [tr.left, tr.top, tr.width, tr.height], clipped,
        display: m.getAttribute('display'), vw: window.innerWidth, vh: window.innerHeight,
        text: (m.querySelector('annotation') || {}).textContent };
    }, i);
    const file = `${RAW}/${name}-${width}-${version}-${String(i).padStart(2, '0')}.png`;
    await tab.screenshot(file);
    meta.shots.push({ i, file, ...r });
  }
  meta.errors = await tab.errors();
  out[version] = meta;
  await tab.close();
}
fs.writeFileSync(`/tmp/formula-shots/raw/${name}-${width}.json`, JSON.stringify(out, null, 1));
console.log(name, width, 'done', out.before.n, out.after.n, 'errors before', out.before.errors, 'after', out.after.errors, 'viewport', out.after.viewport);
