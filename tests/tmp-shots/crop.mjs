// usage: node crop.mjs <name> <width>  -> crops + diff stats + comparison sheets
import fs from 'node:fs';
import { chromium } from 'playwright-core';
const [name, width] = process.argv.slice(2);
const D = '/tmp/formula-shots';
const meta = JSON.parse(fs.readFileSync(`${D}/raw/${name}-${width}.json`));
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await b.newPage({ viewport: { width: 1400, height: 900 } });
await page.setContent('<body></body>');
const PAD = 6;
const crops = {};
for (const v of ['before', 'after']) {
  for (const s of meta[v].shots) {
    if (s.hidden) continue;
    const data = fs.readFileSync(s.file).toString('base64');
    const url = await page.evaluate(async ({ data, box, pad }) => {
      const img = new Image(); img.src = 'data:image/png;base64,' + data; await img.decode();
      const sx = img.naturalWidth / window.__vw || 1;
      const x0 = Math.max(0, Math.floor(box[0] - pad)), y0 = Math.max(0, Math.floor(box[1] - pad));
      const x1 = Math.min(img.naturalWidth, Math.ceil(box[2] + pad)), y1 = Math.min(img.naturalHeight, Math.ceil(box[3] + pad));
      const c = document.createElement('canvas'); c.width = x1 - x0; c.height = y1 - y0;
      c.getContext('2d').drawImage(img, x0, y0, c.width, c.height, 0, 0, c.width, c.height);
      return { url: c.toDataURL('image/png'), nw: img.naturalWidth, nh: img.naturalHeight };
    }, { data, box: s.box, pad: PAD });
    const out = `${D}/${name}-${width}-${v}-${String(s.i).padStart(2, '0')}.png`;
    fs.writeFileSync(out, Buffer.from(url.url.split(',')[1], 'base64'));
    crops[`${v}-${s.i}`] = { out, url: url.url, shot: url };
  }
}
// diffs
const rows = [];
for (const s of meta.before.shots) {
  const a = meta.after.shots[s.i];
  if (s.hidden || !a || a.hidden) { rows.push({ i: s.i, hidden: [s.hidden, a && a.hidden] }); continue; }
  const cb = crops[`before-${s.i}`], ca = crops[`after-${s.i}`];
  const d = await page.evaluate(async ({ u1, u2 }) => {
    const load = async (u) => { const i = new Image(); i.src = u; await i.decode(); return i; };
    const [i1, i2] = [await load(u1), await load(u2)];
    const w = Math.max(i1.width, i2.width), h = Math.max(i1.height, i2.height);
    const get = (im) => { const c = document.createElement('canvas'); c.width = w; c.height = h; const g = c.getContext('2d'); g.fillStyle = '#fff'; g.fillRect(0, 0, w, h); g.drawImage(im, 0, 0); return g.getImageData(0, 0, w, h); };
    const p1 = get(i1), p2 = get(i2);
    const c = document.createElement('canvas'); c.width = w; c.height = h; const g = c.getContext('2d'); const o = g.createImageData(w, h);
    let n = 0;
    for (let k = 0; k < p1.data.length; k += 4) {
      const diff = Math.abs(p1.data[k] - p2.data[k]) + Math.abs(p1.data[k + 1] - p2.data[k + 1]) + Math.abs(p1.data[k + 2] - p2.data[k + 2]);
      const grey = 255 - (255 - p1.data[k]) * 0.25;
      if (diff > 30) { n++; o.data[k] = 255; o.data[k + 1] = 0; o.data[k + 2] = 0; } else { o.data[k] = o.data[k + 1] = o.data[k + 2] = grey; }
      o.data[k + 3] = 255;
    }
    g.putImageData(o, 0, 0);
    return { n, w1: i1.width, h1: i1.height, w2: i2.width, h2: i2.height, diffUrl: c.toDataURL() };
  }, { u1: cb.url, u2: ca.url });
  rows.push({ i: s.i, n: d.n, size: [d.w1, d.h1, d.w2, d.h2], mathB: s.math, mathA: a.math, clipped: [s.clipped, a.clipped], diffUrl: d.diffUrl, b: cb, a: ca, text: s.text });
}
// sheets: 8 rows each
const esc = (t) => String(t).replace(/&/g, '&amp;').replace(/</g, '&lt;');
const sheets = [];
for (let k = 0; k < rows.length; k += 8) {
  const part = rows.slice(k, k + 8);
  const html = `<style>body{margin:4px;font:12px sans-serif;background:#ddd} .r{display:flex;gap:8px;align-items:flex-start;margin:0 0 6px;padding:3px;background:#eee;border-bottom:2px solid #888} .c{display:flex;flex-direction:column} img{border:1px solid #39f;background:#fff;image-rendering:pixelated} .l{width:60px}</style>` +
    part.map((r) => r.hidden ? `<div class=r><div class=l>#${r.i}</div>hidden (0x0) before=${r.hidden[0]} after=${r.hidden[1]}</div>` :
      `<div class=r><div class=l>#${r.i}<br>diff px ${r.n}<br>${r.size.join('/')}</div><div class=c>BEFORE<img src="${r.b.url}"></div><div class=c>AFTER<img src="${r.a.url}"></div><div class=c>diff<img src="${r.diffUrl}"></div></div>`).join('');
  await page.setContent(html);
  await page.evaluate(() => Promise.all([...document.images].map((i) => i.decode())));
  const f = `${D}/sheets/${name}-${width}-rows${String(k).padStart(2, '0')}.png`;
  fs.mkdirSync(`${D}/sheets`, { recursive: true });
  await page.screenshot({ path: f, fullPage: true });
  sheets.push(f);
}
await b.close();
const summary = rows.map((r) => r.hidden ? { i: r.i, hidden: r.hidden } : { i: r.i, n: r.n, size: r.size.join(','), dmath: [+(r.mathA[2] - r.mathB[2]).toFixed(2), +(r.mathA[3] - r.mathB[3]).toFixed(2)], clipped: r.clipped.map((c) => c && `${c.by} sw${c.sw}/cw${c.cw}`), text: r.text.slice(0, 60) });
fs.writeFileSync(`${D}/raw/${name}-${width}-summary.json`, JSON.stringify(summary, null, 1));
for (const s of summary) console.log(JSON.stringify(s));
console.log(sheets.join('\n'));
