// The SCORM packages in Firefox and WebKit: each package's SCO, in a frame of the stand-in LMS
// (tests/e2e/fixtures/lms-host.js, scorm-again's run-time), loads and reports one checked answer. Chromium's full
// run is tests/e2e/scorm.test.mjs. Uses the zips build-scripts/package.mjs wrote, packaging first when they are
// missing or older than the page bundle.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync, execFileSync } from 'node:child_process';
import { startServer, ROOT, APP_JS, assertBuilt } from '../e2e/harness.mjs';
import { launch, missing, injectErrors } from './drivers.mjs';

const PACKAGES = { '1.2': 'scorm12', 2004: 'scorm2004' };
const UNPACKED = path.join(ROOT, 'build', 'scorm-unpacked-browsers');
let server;

before(() => {
  assertBuilt();
  const zips = Object.values(PACKAGES).map((name) => path.join(ROOT, 'build', `attention-scale-lab-${name}.zip`));
  if (zips.some((z) => !fs.existsSync(z) || fs.statSync(z).mtimeMs < fs.statSync(APP_JS).mtimeMs)) {
    const packaged = spawnSync(process.execPath, [path.join(ROOT, 'build-scripts', 'package.mjs')], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(packaged.status, 0, `build-scripts/package.mjs failed: ${packaged.stderr}`);
  }
  fs.rmSync(UNPACKED, { recursive: true, force: true });
  for (const [i, name] of Object.values(PACKAGES).entries()) {
    execFileSync('python3', ['-c', 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])', zips[i], path.join(UNPACKED, name)]);
  }
});
after(async () => {
  if (server) await server.close();
});

for (const name of ['firefox', 'webkit']) {
  const why = missing(name);
  test(`${name}: each SCORM package's SCO loads in the LMS's frame and reports one answer`, { skip: why ?? false, timeout: 240000 }, async () => {
    server ??= await startServer({ transform: injectErrors });
    const browser = await launch(name);
    try {
      for (const version of Object.keys(PACKAGES)) {
        const cfg = { version, sco: `/build/scorm-unpacked-browsers/${PACKAGES[version]}/index.html` };
        const tab = await browser.open(`${server.origin}/tests/e2e/fixtures/lms-host.html#${encodeURIComponent(JSON.stringify(cfg))}`);
        try {
          await tab.untilLong(() => window.scoReady());
          const sent = await tab.evaluate(() => {
            const q = window.scoQuestions().find((x) => !x.numeric);
            const verdict = window.scoAnswer(q.id, q.values[0]);
            const data = window.cmiNow();
            const interaction = data.interactions[0] ?? {};
            return { id: q.id, verdict, interaction: [interaction.id, interaction.type, interaction.result],
              raw: (data.core ?? data).score.raw, notice: Boolean(window.sco().document.querySelector('.lms-notice')),
              errors: [...(window.__aslErrors ?? []), ...(window.sco().__aslErrors ?? [])] };
          });
          const wrong = version === '1.2' ? 'wrong' : 'incorrect';
          assert.deepEqual(sent.interaction, [sent.id, 'choice', sent.verdict === 'correct' ? 'correct' : wrong], `${name}, SCORM ${version}`);
          assert.equal(sent.raw, sent.verdict === 'correct' ? '1' : '0');
          assert.equal(sent.notice, false, 'no reporting notice');
          assert.deepEqual(sent.errors, []);
        } finally {
          await tab.close();
        }
      }
    } finally {
      await browser.close();
    }
  });
}
