import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const [v, port] of [['before', 8772], ['after', 8771]]) {
  const p = await b.newPage({ viewport: { width: 1280, height: 900 } });
  const errs = [];
  p.on('console', (m) => { if (['error','warning'].includes(m.type())) errs.push(m.type()+': '+m.text()); });
  p.on('pageerror', (e) => errs.push(String(e)));
  await p.goto(`http://127.0.0.1:${port}/index.html`);
  await p.waitForFunction(() => document.body.dataset.engine === 'ready', null, { timeout: 120000 });
  await p.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
  await p.waitForTimeout(3000);
  const info = await p.evaluate(() => {
    const tex = [...document.querySelectorAll('.tex')];
    return { tex: tex.length, math: document.querySelectorAll('math').length,
      mathOutsideTex: [...document.querySelectorAll('math')].filter((m) => !m.closest('.tex')).length,
      nested: tex.filter((t) => t.parentElement.closest('.tex')).length,
      perTex: tex.map((t) => t.querySelectorAll('math').length).join(''),
      zero: tex.map((t, i) => [i, t.getBoundingClientRect().width, t.getBoundingClientRect().height]).filter((x) => x[1] === 0 || x[2] === 0),
      details: document.querySelectorAll('details').length,
      sample: tex.slice(0, 3).map((t) => t.outerHTML.slice(0, 600)),
      anno: tex.map((t) => (t.querySelector('annotation') || {}).textContent).slice(0, 200) };
  });
  console.log(v, JSON.stringify(info, null, 1).slice(0, 6000));
  console.log('errors', errs);
}
await b.close();
