// The WebKit driver recipe (tests/browsers/drivers.mjs) against the two ways a WebKit test hung for 180 s: the Xvfb
// display refusing a new MiniBrowser while it reset, and WebKitWebDriver waiting forever for a browser that is gone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { launch, missing, startXvfb } from './drivers.mjs';

const why = missing('webkit');
const XDPYINFO = '/usr/bin/xdpyinfo';

test('the display takes 100 clients back to back, each the only one (no reset between them)', {
  skip: why ?? (fs.existsSync(XDPYINFO) ? false : `${XDPYINFO} not installed`), timeout: 120000,
}, async () => {
  const xvfb = await startXvfb();
  try {
    let refused = 0;
    for (let i = 0; i < 100; i += 1) {
      if (spawnSync(XDPYINFO, ['-display', xvfb.display], { stdio: 'ignore' }).status !== 0) refused += 1;
    }
    assert.equal(refused, 0, `${refused} of 100 clients could not open ${xvfb.display}`);
  } finally {
    xvfb.process.kill();
  }
});

test('a session whose MiniBrowser dies as it starts fails within seconds, naming the browser process', {
  skip: why ?? false, timeout: 120000,
}, async () => {
  const browser = await launch('webkit');
  try {
    // Kill each MiniBrowser the driver starts as soon as it appears, as a display that refuses it does.
    const killer = setInterval(() => {
      let pids = '';
      try {
        pids = execFileSync('pgrep', ['-P', String(browser.driverPid), '-x', 'MiniBrowser']).toString();
      } catch {
        return; // none yet
      }
      for (const pid of pids.split('\n').filter(Boolean)) process.kill(Number(pid), 'SIGKILL');
    }, 20);
    const start = Date.now();
    const error = await browser.open('about:blank').then(() => null, (e) => e).finally(() => clearInterval(killer));
    assert.ok(error, 'the session did not start');
    assert.match(error.message, /browser process \(MiniBrowser, pid (\d+|never seen)\) is gone: a new session cannot be answered/);
    assert.ok(Date.now() - start < 30000, `it failed after ${Date.now() - start} ms`);
    // The driver is still usable: the next session starts and runs a script.
    const tab = await browser.open('about:blank');
    assert.equal(await tab.evaluate(() => 1 + 1), 2);
    await tab.close();
  } finally {
    await browser.close();
  }
});
