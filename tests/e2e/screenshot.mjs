// Screenshots of each lesson from file:// and from a local server, at desktop and phone widths, into
// build/screenshots/<lesson>-<file|http>-<width>.png (each lesson's own section, top to bottom), and the page
// header with Lesson 1 into docs/screenshot.png for the README. Prints any console problem next to the file.
// Usage: node tests/e2e/screenshot.mjs [lesson id …] [#hash]   (default: every lesson, each at its own showcase link)
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, FILE_URL, assertBuilt, startServer, launchBrowser, openPage, problems } from './harness.mjs';

// What each lesson shows in its screenshot: Lesson 1 with the whole pipeline stepped through, the others as loaded.
const SHOWCASE = {
  selfattention: '#lesson=selfattention&sentence=money%20bank%20grows&dk=4&dmodel=8&seed=1&scaled=1&causal=0&step=7',
  variance: '#lesson=variance',
  saturation: '#lesson=saturation',
  temperature: '#lesson=temperature',
  heads: '#lesson=heads',
  training: '#lesson=training', // as loaded, before a run (its running states: tests/e2e/lesson6-runs.test.mjs)
  beyond: '#lesson=beyond',
};
const args = process.argv.slice(2);
const hash = args.find((a) => a.startsWith('#'));
const lessons = args.filter((a) => !a.startsWith('#'));
const chosen = lessons.length ? lessons : Object.keys(SHOWCASE);
const outDir = path.join(ROOT, 'build', 'screenshots');

assertBuilt();
fs.mkdirSync(outDir, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
try {
  for (const lesson of chosen) {
    if (!(lesson in SHOWCASE)) throw new Error(`unknown lesson ${lesson}: use ${Object.keys(SHOWCASE).join(', ')}`);
    for (const [where, base] of [['file', FILE_URL], ['http', server.url]]) {
      for (const viewport of [{ width: 1280, height: 900 }, { width: 375, height: 800 }]) {
        const { page, context, log } = await openPage(browser, base + (hash ?? SHOWCASE[lesson]), { viewport });
        const section = page.locator(`#lesson-${lesson}`);
        await section.locator('.step-body > *, [data-stats]').first().waitFor(); // the first render has happened
        await page.waitForTimeout(300); // charts that draw on their first resize notification
        const file = path.join(outDir, `${lesson}-${where}-${viewport.width}.png`);
        await section.screenshot({ path: file });
        if (lesson === 'selfattention' && where === 'http' && viewport.width === 1280) {
          const box = await section.boundingBox();
          const scrollY = await page.evaluate(() => window.scrollY);
          await page.screenshot({ path: path.join(ROOT, 'docs', 'screenshot.png'), fullPage: true,
            clip: { x: 0, y: 0, width: viewport.width, height: Math.ceil(scrollY + box.y + box.height + 16) } });
          console.log('docs/screenshot.png (header and Lesson 1)');
        }
        const bad = [...problems(log), ...log.errors];
        console.log(`${path.relative(ROOT, file)}${bad.length ? `  PROBLEMS: ${bad.join(' | ')}` : ''}`);
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.close();
}
