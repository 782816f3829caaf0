// The SCORM packages (build-scripts/package.mjs, run first) unpacked and run as an LMS runs them: scorm-again's
// run-time on a host page (tests/e2e/fixtures/lms-host.js), the package's SCO in a frame. Each checked answer's
// interaction, the score and the status in both versions; the answers and lesson restored from the saved CMI; the
// session finished when the SCO's page goes away; an LMS that refuses, throws, is missing or holds 1.2's 4,096
// characters; no LMS at all; and both manifests' required elements.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync, execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { ROOT, startServer, problems, browserSession } from './harness.mjs';
import { encodeAnswers, decodeAnswers } from '../../web/scorm-cmi.js';

const UNPACKED = path.join(ROOT, 'build', 'scorm-unpacked');
const PACKAGES = { '1.2': 'scorm12', 2004: 'scorm2004' };
const zipOf = (version) => path.join(ROOT, 'build', `attention-scale-lab-${PACKAGES[version]}.zip`);
const py = (code, ...args) => execFileSync('python3', ['-c', code, ...args], { encoding: 'utf8' });

const session = browserSession({
  serve: () => {
    const packaged = spawnSync(process.execPath, [path.join(ROOT, 'build-scripts', 'package.mjs')], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(packaged.status, 0, `build-scripts/package.mjs failed: ${packaged.stderr}`);
    fs.rmSync(UNPACKED, { recursive: true, force: true });
    for (const version of Object.keys(PACKAGES)) {
      py('import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])', zipOf(version), path.join(UNPACKED, PACKAGES[version]));
    }
    return startServer();
  },
});

const scoUrl = (version) => `/build/scorm-unpacked/${PACKAGES[version]}/index.html`;

/** Opens the stand-in LMS with `cfg` (see lms-host.js) and waits for the SCO to be drawn. */
async function lms(cfg, { viewport = { width: 1280, height: 900 }, ready = true } = {}) {
  const context = await session.newContext({ viewport });
  const page = await context.newPage();
  const log = { console: [], errors: [] };
  page.on('console', (msg) => log.console.push({ type: msg.type(), text: msg.text() }));
  page.on('pageerror', (err) => log.errors.push(String(err)));
  await page.goto(`${session.server.origin}/tests/e2e/fixtures/lms-host.html#${encodeURIComponent(JSON.stringify(cfg))}`);
  if (ready) await page.waitForFunction(() => window.scoReady(), null, { timeout: 30000 });
  return { page, log };
}

const cmi = (page) => page.evaluate(() => window.cmiNow());
const calls = (page, name) => page.evaluate((n) => window.lmsCalls.filter((c) => c[0] === n), name);
const questions = (page) => page.evaluate(() => window.scoQuestions());
const answer = (page, id, value) => page.evaluate(([i, v]) => window.scoAnswer(i, v), [id, value]);
const inSco = (page, selector, fn = 'text') => page.evaluate(([s, f]) => {
  const node = window.sco().document.querySelector(s);
  if (!node) return null;
  return f === 'text' ? node.textContent : node.hidden ? 'hidden' : 'shown';
}, [selector, fn]);
const letter = (q, value) => 'abcdefghijklmnopqrstuvwxyz'[q.values.indexOf(value)];
const interactionsOf = (data) => Object.values(data.interactions);

/** The CMI a later launch starts from: what the LMS stored, resumed. */
function resumeFrom(version, saved) {
  if (version === '1.2') return { suspend_data: saved.suspend_data, core: { lesson_location: saved.core.lesson_location, entry: 'resume' } };
  return { suspend_data: saved.suspend_data, location: saved.location, entry: 'resume' };
}

for (const version of ['1.2', '2004']) {
  const v12 = version === '1.2';
  test(`SCORM ${version}: each checked answer is an interaction with the score and status; leaving finishes; a relaunch restores answers and lesson; answering all decides passed or failed`, async () => {
    const { page, log } = await lms({ version, sco: scoUrl(version), depth: v12 ? 1 : 2 });
    const all = await questions(page);
    const max = all.length;
    assert.ok(max >= 10, `${max} questions on the page`);
    assert.equal((await calls(page, v12 ? 'LMSInitialize' : 'Initialize')).length, 1);
    let data = await cmi(page);
    const score = v12 ? data.core.score : data.score;
    assert.deepEqual([score.raw, score.min, score.max], ['0', '0', String(max)], 'the score before any answer');
    assert.equal(v12 ? data.core.lesson_status : data.completion_status, 'incomplete');

    // One choice question answered until both a wrong and a right verdict were seen, and one number.
    const choice = all.find((q) => !q.numeric);
    const given = [];
    for (const value of choice.values) {
      given.push([choice, value, await answer(page, choice.id, value)]);
      if (given.some((g) => g[2] === 'correct') && given.some((g) => g[2] === 'wrong')) break;
    }
    const numeric = all.find((q) => q.numeric);
    if (numeric) given.push([numeric, 0, await answer(page, numeric.id, 0)]);
    assert.ok(given.some((g) => g[2] === 'correct') && given.some((g) => g[2] === 'wrong'), JSON.stringify(given.map((g) => g[2])));
    data = await cmi(page);
    assert.deepEqual(interactionsOf(data).map((i) => [i.id, i.type, i[v12 ? 'student_response' : 'learner_response'], i.result]),
      given.map(([q, value, verdict]) => [q.id, q.numeric ? 'numeric' : 'choice', q.numeric ? String(value) : letter(q, value), verdict === 'correct' ? 'correct' : (v12 ? 'wrong' : 'incorrect')]));
    for (const i of interactionsOf(data)) assert.match(v12 ? i.time : i.timestamp, v12 ? /^\d\d:\d\d:\d\d$/ : /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);
    const last = new Map(given.map(([q, , verdict]) => [q.id, verdict]));
    const raw = [...last.values()].filter((x) => x === 'correct').length;
    assert.deepEqual([(v12 ? data.core.score : data.score).raw, (v12 ? data.core.score : data.score).max], [String(raw), String(max)]);
    if (v12) {
      assert.equal(data.core.lesson_status, 'incomplete');
      assert.match(data.core.session_time, /^\d{2,4}:\d\d:\d\d(\.\d+)?$/);
      assert.equal(data.core.exit, 'suspend');
    } else {
      assert.equal(Number(data.score.scaled), Math.round((raw / max) * 1e7) / 1e7);
      assert.equal(Number(data.progress_measure), Math.round((last.size / max) * 1e7) / 1e7);
      assert.equal(data.completion_status, 'incomplete');
      assert.equal(data.success_status, 'unknown');
      assert.match(data.session_time, /^PT(\d+H)?(\d+M)?[\d.]+S$/);
      assert.equal(data.exit, 'suspend');
    }
    assert.deepEqual(Object.keys(decodeAnswers(data.suspend_data)).sort(), [...last.keys()].sort());
    assert.ok((await calls(page, v12 ? 'LMSCommit' : 'Commit')).length >= given.length + 1, 'a commit after each answer');

    // The teacher's switch shows the connection; the lesson in view is the location.
    await page.evaluate(() => window.sco().document.querySelector('.teacher-toggle').click());
    assert.equal(await inSco(page, '.lms-status'), `LMS: SCORM ${version}, reporting`);
    await page.evaluate(() => window.sco().document.querySelector('#toc a[data-lesson="temperature"]').click());
    await page.waitForFunction((is12) => (is12 ? window.cmiNow().core.lesson_location : window.cmiNow().location) === 'temperature', v12);
    assert.equal(await page.evaluate(() => window.sco().localStorage.getItem('attention-scale-lab:answers')), null, 'in an LMS the answers stay out of the browser\'s storage');

    // Leaving the page ends the session.
    await page.evaluate(() => {
      const outer = document.querySelector('iframe');
      outer.removeAttribute('srcdoc');
      outer.src = 'empty.html';
    });
    await page.waitForFunction((name) => window.lmsCalls.some((c) => c[0] === name), v12 ? 'LMSFinish' : 'Terminate');
    const saved = await cmi(page);
    assert.equal((await calls(page, v12 ? 'LMSFinish' : 'Terminate'))[0].at(-1), 'true');
    assert.deepEqual(log.errors, []);
    assert.deepEqual(problems(log), []);

    // A relaunch with the stored CMI shows the same answers and opens at the same lesson.
    const again = await lms({ version, sco: scoUrl(version), cmi: resumeFrom(version, saved) });
    const back = await questions(again.page);
    for (const [id, verdict] of last) {
      const q = back.find((x) => x.id === id);
      assert.equal(q.answered, verdict, `${id} restored`);
    }
    assert.equal(back.find((q) => q.id === choice.id).checked, given.filter((g) => g[0] === choice).at(-1)[1]);
    assert.match(await again.page.evaluate(() => window.sco().location.hash), /lesson=temperature/);
    assert.equal(await inSco(again.page, '.answers-count'), `${last.size} of ${max} answered`);

    // Every remaining question answered: complete, and passed or failed by the 80 % the package sets.
    for (const q of back.filter((x) => !last.has(x.id))) last.set(q.id, await answer(again.page, q.id, q.numeric ? 1 : q.values[0]));
    const right = [...last.values()].filter((x) => x === 'correct').length;
    const verdict = right / max >= 0.8 ? 'passed' : 'failed';
    data = await cmi(again.page);
    if (v12) {
      assert.equal(data.core.lesson_status, verdict);
      assert.equal(data.core.score.raw, String(right));
      assert.equal(data.core.exit, '');
    } else {
      assert.equal(data.completion_status, 'completed');
      assert.equal(data.success_status, verdict);
      assert.equal(data.progress_measure, '1');
      assert.equal(data.exit, 'normal');
    }
    assert.deepEqual(again.log.errors, []);
    assert.deepEqual(problems(again.log), []);
  });
}

test('a 2004 LMS\'s passing score decides success; the package\'s 80 % does not', async () => {
  const { page } = await lms({ version: '2004', sco: scoUrl('2004'), cmi: { scaled_passing_score: '0' } });
  for (const q of await questions(page)) await answer(page, q.id, q.numeric ? 1 : q.values[0]);
  assert.equal((await cmi(page)).success_status, 'passed');
});

test('a package that counts two questions at 50 %: the score\'s maximum is 2 and answering those two completes it', async () => {
  // The unpacked 1.2 package with the settings build-scripts/package --mastery=50 --questions=ID,ID would write.
  const folder = path.join(UNPACKED, 'scorm12-two');
  fs.cpSync(path.join(UNPACKED, 'scorm12'), folder, { recursive: true });
  const first = await lms({ version: '1.2', sco: scoUrl('1.2') });
  const [a, b] = (await questions(first.page)).filter((q) => !q.numeric);
  const index = path.join(folder, 'index.html');
  const text = fs.readFileSync(index, 'utf8');
  fs.writeFileSync(index, text.replace('mastery=0.8; questions=all', `mastery=0.5; questions=${a.id},${b.id}`));
  const { page } = await lms({ version: '1.2', sco: '/build/scorm-unpacked/scorm12-two/index.html' });
  assert.equal((await cmi(page)).core.score.max, '2');
  const verdicts = [await answer(page, a.id, a.values[0])];
  assert.equal((await cmi(page)).core.lesson_status, 'incomplete');
  verdicts.push(await answer(page, b.id, b.values[0]));
  const right = verdicts.filter((x) => x === 'correct').length;
  assert.equal((await cmi(page)).core.lesson_status, right >= 1 ? 'passed' : 'failed');
  assert.equal((await cmi(page)).core.score.raw, String(right));
});

test('an LMS that refuses a value or throws: the lesson goes on, a notice says reporting failed, the rest still reaches the LMS', async () => {
  for (const [version, fault] of [['1.2', { refuse: ['cmi.core.score.raw'] }], ['2004', { throwOn: ['Commit'] }]]) {
    const { page, log } = await lms({ version, sco: scoUrl(version), ...fault });
    const [first, second] = (await questions(page)).filter((q) => !q.numeric);
    // The score written once the page is ready already fails.
    assert.equal(await inSco(page, '.lms-notice', 'shown'), 'shown');
    assert.ok(['correct', 'wrong'].includes(await answer(page, first.id, first.values[0])));
    assert.equal(await inSco(page, '.lms-notice', 'shown'), 'shown');
    assert.match(await inSco(page, '.lms-notice p'), /could not be sent to the course/);
    assert.ok(['correct', 'wrong'].includes(await answer(page, second.id, second.values[0])), 'the next question still checks');
    assert.equal(Object.keys((await cmi(page)).interactions).length, 2);
    await page.evaluate(() => window.sco().document.querySelector('.teacher-toggle').click());
    assert.equal(await inSco(page, '.lms-status'), `LMS: SCORM ${version}, reporting failed`);
    assert.deepEqual(log.errors, [], `${version}: no page error`);
    assert.deepEqual(problems(log), []);
  }
});

test('SCORM 1.2 at the 4,096-character limit: suspend_data that lands on it is stored, one character more is not sent and a notice shows', async () => {
  // Answers kept by an earlier visit (ids the page no longer asks, as after a question was renamed) fill the space.
  const answerOne = async (prefill) => {
    const { page, log } = await lms({ version: '1.2', sco: scoUrl('1.2'), limit: 4096, cmi: { suspend_data: encodeAnswers(prefill) } });
    const q = (await questions(page)).find((x) => !x.numeric);
    const verdict = await answer(page, q.id, q.values[0]);
    return { page, log, entry: { [q.id]: { value: q.values[0], correct: verdict === 'correct' } } };
  };
  const filler = (chars) => {
    const out = {};
    for (let i = 0; encodeAnswers(out).length < chars - 250; i += 1) out[`old-${String(i).padStart(3, '0')}-${'x'.repeat(190)}`] = { value: 'a', correct: false };
    return out;
  };
  // The entry one answer adds, measured on a first run, decides the filler's last id.
  const probe = await answerOne({});
  const entry = probe.entry;
  for (const [total, stored] of [[4096, true], [4097, false]]) {
    const prefill = filler(total);
    const room = total - encodeAnswers({ ...prefill, ...entry }).length - ',["old-last-","a",0]'.length;
    assert.ok(room >= 0 && room < 200, `${room}`);
    prefill[`old-last-${'y'.repeat(room)}`] = { value: 'a', correct: false };
    assert.equal(encodeAnswers({ ...prefill, ...entry }).length, total);
    const { page, log } = await answerOne(prefill);
    const data = await cmi(page);
    assert.equal((await calls(page, 'LMSSetValue')).filter((c) => c.at(-1) === 'false').length, 0, 'nothing over the limit is sent');
    assert.equal(data.suspend_data.length, stored ? 4096 : encodeAnswers(prefill).length, data.suspend_data.slice(-300));
    assert.equal(await inSco(page, '.lms-notice', 'shown'), stored ? null : 'shown');
    assert.equal(Object.keys(data.interactions).length, 1, 'the interaction is reported either way');
    assert.deepEqual(log.errors, []);
  }
});

test('with no LMS the package\'s page is the plain lab: no notice, no LMS label, answers kept as before; framed by a page with no API it says so', async () => {
  const context = await session.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const log = { console: [], errors: [] };
  page.on('console', (msg) => log.console.push({ type: msg.type(), text: msg.text() }));
  page.on('pageerror', (err) => log.errors.push(String(err)));
  await page.goto(`${session.server.origin}${scoUrl('2004')}`);
  await page.waitForSelector('body[data-engine="ready"]');
  const q = await page.$eval('[data-question]', (n) => n.dataset.question);
  await page.check(`[data-question="${q}"] input[type="radio"] >> nth=0`).catch(() => page.fill(`[data-question="${q}"] input.question-number`, '1'));
  await page.click(`[data-question="${q}"] .question-check`);
  assert.equal(await page.$('.lms-notice'), null);
  assert.equal(await page.$('.lms-status'), null);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.lms ?? null), null);
  assert.ok(Object.hasOwn(JSON.parse(await page.evaluate(() => localStorage.getItem('attention-scale-lab:answers'))), q), 'the answer is in localStorage, as on the plain page');
  assert.deepEqual(log.errors, []);
  assert.deepEqual(problems(log), []);

  // Opened from the unpacked folder on disk, as a teacher trying it first would.
  await page.goto(pathToFileURL(path.join(UNPACKED, 'scorm12', 'index.html')).href);
  await page.waitForSelector('body[data-engine="ready"]');
  assert.equal(await page.$('.lms-notice'), null);
  await page.check(`[data-question="${q}"] input[type="radio"] >> nth=0`);
  await page.click(`[data-question="${q}"] .question-check`);
  assert.match(await page.$eval('.answers-count', (n) => n.textContent), /^1 of \d+ answered$/);
  assert.deepEqual(log.errors, []);

  const framed = await lms({ version: '2004', sco: scoUrl('2004'), noApi: true });
  assert.equal(await inSco(framed.page, '.lms-notice', 'shown'), 'shown');
  assert.match(await inSco(framed.page, '.lms-notice p'), /No LMS connection was found/);
  const plain = await lms({ version: '2004', sco: '/index.html', noApi: true });
  assert.equal(await inSco(plain.page, '.lms-notice', 'shown'), null, 'the lab\'s own page in a frame says nothing');
  assert.deepEqual([...framed.log.errors, ...plain.log.errors], []);
});

test('both manifests have every required element, list every file of their zip and point at files that exist', async () => {
  const context = await session.newContext();
  const page = await context.newPage();
  await page.goto(`${session.server.origin}/tests/e2e/fixtures/empty.html`);
  for (const version of Object.keys(PACKAGES)) {
    const names = JSON.parse(py('import sys, json, zipfile; print(json.dumps(zipfile.ZipFile(sys.argv[1]).namelist()))', zipOf(version)));
    assert.ok(names.includes('imsmanifest.xml'), 'imsmanifest.xml at the zip\'s root');
    const text = py('import sys, zipfile; sys.stdout.write(zipfile.ZipFile(sys.argv[1]).read("imsmanifest.xml").decode("utf-8"))', zipOf(version));
    const m = await page.evaluate(([xml, v12]) => {
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      if (doc.querySelector('parsererror')) return { error: doc.querySelector('parsererror').textContent };
      const CP = v12 ? 'http://www.imsproject.org/xsd/imscp_rootv1p1p2' : 'http://www.imsglobal.org/xsd/imscp_v1p1';
      const ADLCP = v12 ? 'http://www.adlnet.org/xsd/adlcp_rootv1p2' : 'http://www.adlnet.org/xsd/adlcp_v1p3';
      const all = (name, ns = CP) => [...doc.getElementsByTagNameNS(ns, name)];
      const one = (name, ns = CP) => all(name, ns)[0] ?? null;
      const root = doc.documentElement;
      const orgs = one('organizations');
      const org = one('organization');
      const item = one('item');
      const resource = one('resource');
      return {
        root: [root.namespaceURI, root.localName, Boolean(root.getAttribute('identifier'))],
        schema: one('schema')?.textContent,
        schemaversion: one('schemaversion')?.textContent,
        metadataParent: one('schema')?.parentNode.localName,
        defaultOrg: orgs?.getAttribute('default') === org?.getAttribute('identifier'),
        orgTitle: org?.querySelector(':scope > title')?.textContent ?? null,
        items: all('item').length,
        itemTitle: item?.querySelector(':scope > title')?.textContent ?? null,
        itemRef: item?.getAttribute('identifierref') === resource?.getAttribute('identifier'),
        resource: [resource?.getAttribute('type'), resource?.getAttributeNS(ADLCP, v12 ? 'scormtype' : 'scormType'), resource?.getAttribute('href')],
        files: all('file').map((f) => f.getAttribute('href')),
        mastery: v12 ? one('masteryscore', ADLCP)?.textContent
          : one('minNormalizedMeasure', 'http://www.imsglobal.org/xsd/imsss')?.textContent,
        satisfiedByMeasure: v12 ? null : one('primaryObjective', 'http://www.imsglobal.org/xsd/imsss')?.getAttribute('satisfiedByMeasure'),
      };
    }, [text, version === '1.2']);
    assert.equal(m.error, undefined, m.error);
    assert.deepEqual(m.root, [version === '1.2' ? 'http://www.imsproject.org/xsd/imscp_rootv1p1p2' : 'http://www.imsglobal.org/xsd/imscp_v1p1', 'manifest', true]);
    assert.equal(m.schema, 'ADL SCORM');
    assert.equal(m.schemaversion, version === '1.2' ? '1.2' : '2004 4th Edition');
    assert.equal(m.metadataParent, 'metadata');
    assert.ok(m.defaultOrg, 'organizations@default names the organization');
    assert.ok(m.orgTitle && m.itemTitle);
    assert.equal(m.items, 1, 'one SCO');
    assert.ok(m.itemRef, 'the item points at the resource');
    assert.deepEqual(m.resource, ['webcontent', 'sco', 'index.html']);
    assert.deepEqual([...m.files].sort(), names.filter((n) => n !== 'imsmanifest.xml').sort(), 'every file in the zip is listed, and only those');
    assert.equal(m.mastery, version === '1.2' ? '80' : '0.8');
    if (version === '2004') assert.equal(m.satisfiedByMeasure, 'true');
    const page0 = py('import sys, zipfile; sys.stdout.write(zipfile.ZipFile(sys.argv[1]).read("index.html").decode("utf-8"))', zipOf(version));
    assert.match(page0, new RegExp(`<meta name="asl-scorm" content="version=${version}; mastery=0.8; questions=all">`));
    assert.doesNotMatch(page0, /(src|href)="https?:/, 'nothing is fetched from outside the package');
  }
});
