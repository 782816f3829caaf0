// Firefox and WebKit for the cross-browser smoke tests, behind one small interface so one test file serves both:
//   const browser = await launch('firefox' | 'webkit');  const tab = await browser.open(url);
//   await tab.evaluate(fn, ...args); await tab.until(fn, ...args); tab.errors(); await browser.close();
// Firefox runs through puppeteer-core over WebDriver BiDi (Debian's firefox-esr; nothing is downloaded). WebKit runs
// as WebKitGTK's MiniBrowser under WebKitWebDriver and selenium-webdriver, on an Xvfb display of its own; its driver
// gives no console access, so pages served to it carry tests/browsers/errors.js (see `injectErrors`) and errors are
// read back from the page. It asserts nothing itself.
import { spawn } from 'node:child_process';
import net from 'node:net';
import fs from 'node:fs';

export const FIREFOX = '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** Why a browser cannot run here, or null. */
export function missing(name) {
  const need = name === 'firefox' ? [FIREFOX] : [WEBKIT_DRIVER, MINIBROWSER, '/usr/bin/Xvfb'];
  const absent = need.filter((p) => !fs.existsSync(p));
  return absent.length ? `${name}: ${absent.join(', ')} not installed (build-scripts/setup installs them)` : null;
}

/** For the static server's `transform`: index.html gets the error collector before the page's own script. */
export function injectErrors(path, body) {
  if (!/\/(index\.html)?$/.test(path) && !path.endsWith('.html')) return null;
  const text = body.toString('utf8');
  if (!text.includes('<head>')) return null;
  return Buffer.from(text.replace('<head>', '<head>\n  <script src="/tests/browsers/errors.js"></script>'));
}

const sleep = (ms) => new Promise((r) => { setTimeout(r, ms); });

/** Polls `evaluate(fn, ...args)` until it returns something truthy; returns that value. */
async function until(evaluate, fn, args, { timeout = 30000, what = 'a condition' } = {}) {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await evaluate(fn, ...args);
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out after ${timeout} ms waiting for ${what}`);
    await sleep(100);
  }
}

/** A tab: evaluate(fn, ...args), until(fn, ...args) (30 s), untilLong(fn) (two minutes: a training run), and `extras`. */
function tabOf(evaluate, extras) {
  const what = (fn) => fn.toString().slice(0, 80);
  return {
    evaluate,
    until: (fn, ...args) => until(evaluate, fn, args, { what: what(fn) }),
    untilLong: (fn) => until(evaluate, fn, [], { timeout: 120000, what: what(fn) }),
    ...extras,
  };
}

/**
 * Starts Firefox or WebKit. `webkitCpu`: WebKit paints with Skia on the CPU (WEBKIT_SKIA_ENABLE_CPU_RENDERING=1)
 * instead of its default GL path, which on a machine without a GPU runs on Mesa's software GL (llvmpipe). Measured
 * here (2026-11-27): a repaint of the whole window after a layout shift took 500-800 ms a frame on the GL path and
 * 100-150 ms on the CPU; but the page benchmark's work per change was lower on the GL path for most controls (median
 * ratio 0.72 over 59 controls). Tests and, by default, the benchmark use WebKit's default path.
 */
export async function launch(name, { webkitCpu = false } = {}) {
  return name === 'firefox' ? launchFirefox() : launchWebKit({ webkitCpu });
}

async function launchFirefox() {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX, headless: true,
    extraPrefsFirefox: { 'browser.download.dir': '/tmp', 'dom.disable_open_during_load': false } });
  const pages = [];
  return {
    name: 'firefox',
    async open(url, { width = 1280, height = 900 } = {}) {
      const page = await browser.newPage();
      pages.push(page);
      const errors = [];
      page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warn') errors.push(`${m.type()}: ${m.text()}`); });
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.setViewport({ width, height });
      await page.goto(url);
      return tabOf((fn, ...args) => page.evaluate(fn, ...args), {
        errors: async () => errors.slice(),
        screenshot: (path) => page.screenshot({ path, fullPage: false }),
        press: (key) => page.keyboard.press(key), // a real (trusted) key event to the focused element
        // Only the tab in front gets animation frames: a page measured in a second tab is brought forward first.
        front: () => page.bringToFront(),
        close: () => page.close(),
      });
    },
    async close() {
      for (const p of pages) await p.close().catch(() => {});
      await browser.close();
    },
  };
}

/** A free TCP port on loopback. */
function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts Xvfb on a free display (it writes the display number to fd 3); resolves to { display, process }.
 * -noreset: by default an X server resets when its last client leaves, and refuses connections while it does. Each
 * WebDriver session is a MiniBrowser of its own, the display's only client, so the next session's MiniBrowser
 * started into that reset and died at once ("cannot open display"), leaving WebKitWebDriver waiting for it forever
 * (a test hung 180 s). Measured 2026-11-28, 200 back-to-back xdpyinfo clients: 11 refused without it, 0 with it.
 */
export function startXvfb() {
  return new Promise((resolve, reject) => {
    const args = ['-displayfd', '3', '-screen', '0', '1920x1200x24', '-nolisten', 'tcp', '-noreset'];
    const child = spawn('Xvfb', args, { stdio: ['ignore', 'ignore', 'ignore', 'pipe'] });
    let text = '';
    child.stdio[3].on('data', (chunk) => {
      text += chunk;
      if (text.includes('\n')) resolve({ display: `:${text.trim()}`, process: child });
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`Xvfb exited with ${code}`)));
  });
}

async function waitForPort(port, timeout = 15000) {
  const end = Date.now() + timeout;
  for (;;) {
    const ok = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => { socket.end(); resolve(true); });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > end) throw new Error(`WebKitWebDriver did not listen on ${port}`);
    await sleep(100);
  }
}

/** The pids of the live (not zombie) processes whose parent is `ppid` and whose name is `comm`, from /proc. */
function childrenOf(ppid, comm) {
  const pids = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // pid (comm) state ppid …: comm may hold spaces and parentheses, so split after its last ')'.
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(parent) === ppid && name === comm && state !== 'Z' && state !== 'X') pids.push(Number(entry));
  }
  return pids;
}

/** Whether process `pid` is alive (a zombie is not). */
function alive(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

/** The last `lines` lines a child wrote to stdout and stderr, kept for error messages. */
function outputTail(child, lines = 60) {
  const kept = [];
  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop();
      kept.push(...parts.filter(Boolean));
      if (kept.length > lines) kept.splice(0, kept.length - lines);
    });
  }
  return () => kept.join('\n');
}

async function launchWebKit({ webkitCpu }) {
  const { Builder } = await import('selenium-webdriver');
  const xvfb = await startXvfb();
  const port = await freePort();
  const env = { ...process.env, DISPLAY: xvfb.display, ...(webkitCpu ? { WEBKIT_SKIA_ENABLE_CPU_RENDERING: '1' } : {}) };
  // The driver's output holds MiniBrowser's and its web process's (they inherit it): it is quoted when one dies.
  const driverProcess = spawn(WEBKIT_DRIVER, [`--port=${port}`], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = outputTail(driverProcess);
  await waitForPort(port);
  const capabilities = { browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } };
  const sessions = []; // { driver, pid }
  const stopAll = () => {
    driverProcess.kill();
    xvfb.process.kill();
  };
  // WebKitWebDriver never answers a command whose browser process exits under it (a MiniBrowser killed while a
  // command waits leaves the request open for good; tried 2026-11-28). So each command races a watch on the session's
  // MiniBrowser, and fails naming it once that process is gone; `quit` ends it, so there its end is the answer.
  const gone = (pid, what) => new Error(`WebKit's browser process (MiniBrowser, pid ${pid}) is gone: ${what} cannot `
    + `be answered, and WebKitWebDriver would wait for it forever. The driver's last output:\n${output() || '(none)'}`);
  // `pid()` is the process to watch, or null while it is not known yet: a new session's MiniBrowser is known once it
  // appears, and one that dies at once may never be seen, so a new session with no MiniBrowser after 10 s fails too.
  const watched = (pid, what, promise, { endIsAnswer = false } = {}) => new Promise((resolve, reject) => {
    const start = Date.now();
    const timer = setInterval(() => {
      const p = pid();
      if (p === null ? Date.now() - start < 10000 : alive(p)) return;
      clearInterval(timer);
      if (endIsAnswer) resolve();
      else reject(gone(p ?? 'never seen', what));
    }, 100);
    promise.then((v) => { clearInterval(timer); resolve(v); }, (e) => { clearInterval(timer); reject(e); });
  });
  /** Ends a session; one whose MiniBrowser is gone is not asked (its driver would not answer). */
  const quit = async (session) => {
    if (session.closed) return;
    session.closed = true;
    if (session.pid && !alive(session.pid)) return;
    await watched(() => session.pid, 'closing the session', session.driver.quit(), { endIsAnswer: true });
  };
  return {
    name: 'webkit',
    driverPid: driverProcess.pid,
    /** The driver's last lines of output (MiniBrowser's and the web process's stderr among them). */
    output,
    async open(url, { width = 1280, height = 900 } = {}) {
      // One WebDriver session per tab: MiniBrowser's automation has one window per session, in a process of its own.
      const before = new Set(childrenOf(driverProcess.pid, 'MiniBrowser'));
      let pid = null;
      const browserPid = () => pid ?? (pid = childrenOf(driverProcess.pid, 'MiniBrowser').find((p) => !before.has(p)) ?? null);
      const driver = await watched(browserPid, 'a new session', new Builder().usingServer(`http://127.0.0.1:${port}`).withCapabilities(capabilities).build());
      const session = { driver, pid: browserPid() };
      sessions.push(session);
      if (!session.pid) throw new Error(`WebKit: no MiniBrowser process after a new session. The driver's last output:\n${output() || '(none)'}`);
      const command = (what, fn) => watched(() => session.pid, what, fn());
      await command('setting the window size', () => driver.manage().window().setRect({ width, height })).catch(() => {});
      // A script that cannot run (the page's thread busy) fails after 20 s instead of holding the only session.
      await command('setting the timeouts', () => driver.manage().setTimeouts({ script: 20000, pageLoad: 60000 }));
      await command(`loading ${url}`, () => driver.get(url));
      const evaluate = (fn, ...args) => command(`a script (${fn.toString().slice(0, 60)}…)`,
        () => driver.executeScript(`return (${fn.toString()}).apply(null, arguments);`, ...args));
      return tabOf(evaluate, {
        browserPid: session.pid,
        // Collected by tests/browsers/errors.js where it was injected; elsewhere only errors after this call.
        errors: () => evaluate(() => (window.__aslErrors ? window.__aslErrors.slice() : [])),
        screenshot: async (path) => fs.writeFileSync(path, Buffer.from(await command('a screenshot', () => driver.takeScreenshot()), 'base64')),
        close: () => quit(session),
      });
    },
    async close() {
      for (const session of sessions) await quit(session).catch(() => {});
      stopAll();
    },
  };
}
