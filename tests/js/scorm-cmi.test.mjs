// web/scorm-cmi.js against scorm-again's SCORM 1.2 and 2004 run-times in Node (the LMS side that LMSs embed): the
// values one checked answer writes, score and status by mastery, the answers' round trip through suspend_data, the
// 4,096-character limit of SCORM 1.2 at and over the limit, and an LMS that refuses or throws.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Scorm12API, Scorm2004API } from 'scorm-again';
import { createReporter, encodeAnswers, decodeAnswers, response, timespan12, duration2004, decimal } from '../../web/scorm-cmi.js';

const QUESTIONS = [
  { id: 'variance-width', type: 'choice', choices: ['10', 'sqrt10', '1'] },
  { id: 'saturation-gap', type: 'numeric' },
  { id: 'heads-dmodel', type: 'choice', choices: ['same', 'smaller'] },
];
const cmiOf = (api) => JSON.parse(JSON.stringify(api.renderCommitCMI(true))).cmi;
const clock = (start = Date.UTC(2026, 10, 28, 5, 0, 0)) => {
  let t = start;
  return { now: () => new Date(t), advance: (ms) => { t += ms; } };
};

/** A 1.2 run-time that keeps the specification's 4,096 characters for suspend_data (scorm-again allows 64,000). */
function strict12() {
  const api = new Scorm12API({ logLevel: 5 });
  const set = api.LMSSetValue.bind(api);
  let refused = 0;
  api.LMSSetValue = (key, value) => {
    if (key === 'cmi.suspend_data' && String(value).length > 4096) {
      refused += 1;
      return 'false';
    }
    return set(key, value);
  };
  return { api, refused: () => refused };
}

test('SCORM 1.2: a right and a wrong answer write two interactions, the score and incomplete; the last answer decides passed or failed', () => {
  const api = new Scorm12API({ logLevel: 5 });
  const t = clock();
  const problems = [];
  const r = createReporter({ api, version: '1.2', mastery: 0.6, counted: () => QUESTIONS, onProblem: (p) => problems.push(p), now: t.now });
  assert.deepEqual(r.start(), { answers: {}, location: '' });
  r.settle('variance');
  let cmi = cmiOf(api);
  assert.equal(cmi.core.lesson_status, 'incomplete');
  assert.equal(cmi.core.lesson_location, 'variance');
  assert.deepEqual(cmi.core.score, { raw: '0', min: '0', max: '3' });
  t.advance(65_000);
  r.answer(QUESTIONS[0], 'sqrt10', true);
  r.answer(QUESTIONS[1], 3.5, false);
  cmi = cmiOf(api);
  assert.deepEqual(Object.values(cmi.interactions).map((i) => [i.id, i.type, i.student_response, i.result]),
    [['variance-width', 'choice', 'b', 'correct'], ['saturation-gap', 'numeric', '3.5', 'wrong']]);
  const time = new Date(Date.UTC(2026, 10, 28, 5, 1, 5));
  assert.equal(cmi.interactions[0].time, `${String(time.getHours()).padStart(2, '0')}:01:05`);
  assert.deepEqual(cmi.core.score, { raw: '1', min: '0', max: '3' });
  assert.equal(cmi.core.lesson_status, 'incomplete');
  assert.equal(cmi.core.exit, 'suspend');
  assert.match(cmi.core.session_time, /^(00)?00:01:05(\.0+)?$/, 'sent as 0000:01:05.00; scorm-again keeps it as HH:MM:SS');
  assert.deepEqual(decodeAnswers(cmi.suspend_data), { 'variance-width': { value: 'sqrt10', correct: true }, 'saturation-gap': { value: 3.5, correct: false } });
  r.answer(QUESTIONS[2], 'smaller', false); // all three answered, 1 of 3 < 0.6
  assert.equal(cmiOf(api).core.lesson_status, 'failed');
  r.answer(QUESTIONS[1], 2, true); // answered again: 2 of 3 ≥ 0.6
  cmi = cmiOf(api);
  assert.equal(cmi.core.lesson_status, 'passed');
  assert.equal(cmi.core.score.raw, '2');
  assert.equal(Object.keys(cmi.interactions).length, 4, 'each check is its own interaction (1.2 interactions are a journal)');
  assert.equal(cmi.core.exit, '');
  r.finish();
  assert.equal(api.currentState, 2, 'LMSFinish was called');
  assert.deepEqual(problems, []);
});

test('SCORM 1.2: the LMS mastery score wins over the package default', () => {
  const api = new Scorm12API({ logLevel: 5 });
  api.loadFromJSON({ student_data: { mastery_score: '100' } });
  const r = createReporter({ api, version: '1.2', mastery: 0.5, counted: () => QUESTIONS.slice(0, 2) });
  r.start();
  r.answer(QUESTIONS[0], 'sqrt10', true);
  r.answer(QUESTIONS[1], 1, false);
  assert.equal(cmiOf(api).core.lesson_status, 'failed', '1 of 2 is under the LMS\'s 100 %');
});

test('SCORM 2004: interactions, scaled score, progress, completion and success; a later visit gets answers and location back', () => {
  const api = new Scorm2004API({ logLevel: 5 });
  api.loadFromJSON({ scaled_passing_score: '0.3' });
  const t = clock();
  const r = createReporter({ api, version: '2004', counted: () => QUESTIONS, now: t.now });
  r.start();
  r.settle('selfattention');
  assert.equal(api.GetValue('cmi.completion_status'), 'incomplete');
  // With a passing score of its own the LMS judges success from score.scaled (RTE 4.2.22); without one it is ours.
  assert.equal(api.GetValue('cmi.success_status'), 'failed');
  assert.equal(api.GetValue('cmi.progress_measure'), '0');
  const plain = new Scorm2004API({ logLevel: 5 });
  createReporter({ api: plain, version: '2004', counted: () => QUESTIONS }).start();
  assert.equal(plain.GetValue('cmi.success_status'), 'unknown');
  t.advance(3_725_500);
  r.answer(QUESTIONS[0], '10', false);
  r.location('heads');
  assert.equal(api.GetValue('cmi.interactions.0.id'), 'variance-width');
  assert.equal(api.GetValue('cmi.interactions.0.type'), 'choice');
  assert.equal(api.GetValue('cmi.interactions.0.learner_response'), 'a');
  assert.equal(api.GetValue('cmi.interactions.0.result'), 'incorrect');
  assert.match(api.GetValue('cmi.interactions.0.timestamp'), /^2026-11-2[78]T\d\d:02:05$/);
  assert.equal(api.GetValue('cmi.score.raw'), '0');
  assert.equal(api.GetValue('cmi.score.max'), '3');
  assert.equal(api.GetValue('cmi.score.scaled'), '0');
  assert.equal(api.GetValue('cmi.progress_measure'), '0.3333333');
  assert.equal(cmiOf(api).exit, 'suspend', 'write-only in 2004: read from the LMS side');
  r.answer(QUESTIONS[1], 0.25, true);
  r.answer(QUESTIONS[2], 'same', false);
  assert.equal(api.GetValue('cmi.score.scaled'), '0.3333333');
  assert.equal(api.GetValue('cmi.completion_status'), 'completed');
  assert.equal(api.GetValue('cmi.success_status'), 'passed', '1 of 3 reaches the LMS\'s 0.3');
  assert.equal(cmiOf(api).exit, 'normal');
  r.finish();
  const cmi = cmiOf(api);
  assert.equal(cmi.session_time, 'PT1H2M5.5S');

  const again = new Scorm2004API({ logLevel: 5 });
  again.loadFromJSON({ suspend_data: cmi.suspend_data, location: cmi.location, entry: 'resume' });
  const back = createReporter({ api: again, version: '2004', counted: () => QUESTIONS }).start();
  assert.equal(back.location, 'heads');
  assert.deepEqual(back.answers, { 'variance-width': { value: '10', correct: false }, 'saturation-gap': { value: 0.25, correct: true }, 'heads-dmodel': { value: 'same', correct: false } });
});

test('SCORM 1.2 suspend_data: answers that encode to exactly 4,096 characters are kept; one more character is refused with a notice', () => {
  // Earlier answers (restored from the LMS) with 200-character ids fill most of the space; the last answer's id
  // is cut to land on the limit or one past it.
  const earlier = {};
  for (let i = 0; i < 19; i += 1) earlier[`${String(i).padStart(3, '0')}${'q'.repeat(197)}`] = { value: 'a', correct: true };
  const used = encodeAnswers(earlier).length;
  for (const [total, fits] of [[4096, true], [4097, false]]) {
    const id = 'z'.repeat(total - used - ',["","a",1]'.length);
    const q = { id, type: 'choice', choices: ['a'] };
    assert.equal(encodeAnswers({ ...earlier, [id]: { value: 'a', correct: true } }).length, total);
    const { api, refused } = strict12();
    api.loadFromJSON({ suspend_data: encodeAnswers(earlier) });
    const problems = [];
    const r = createReporter({ api, version: '1.2', counted: () => [q], onProblem: (p) => problems.push(p) });
    assert.equal(Object.keys(r.start().answers).length, 19);
    r.answer(q, 'a', true);
    const cmi = cmiOf(api);
    assert.equal(refused(), 0, 'the reporter never sends more than the limit');
    if (fits) {
      assert.equal(cmi.suspend_data.length, 4096);
      assert.deepEqual(problems, []);
    } else {
      assert.equal(cmi.suspend_data, encodeAnswers(earlier), 'the LMS keeps what it had');
      assert.match(problems.join('\n'), /4097 characters of suspend_data, more than SCORM 1\.2 allows \(4096\)/);
    }
    assert.equal(cmi.core.lesson_status, 'passed', 'the rest is still reported');
  }
});

test('fourteen questions with long numeric answers stay far under 1.2\'s limit', () => {
  const answers = Object.fromEntries(Array.from({ length: 14 }, (_, i) => [`lesson-question-${i}-with-a-long-id`, { value: -1.2345678901234567e-300, correct: false }]));
  assert.ok(encodeAnswers(answers).length < 1200, `${encodeAnswers(answers).length} characters`);
});

test('an LMS whose SetValue returns "false" or that throws is reported as a problem and the session goes on', () => {
  for (const mode of ['false', 'throw']) {
    const api = new Scorm2004API({ logLevel: 5 });
    const set = api.SetValue.bind(api);
    api.SetValue = (key, value) => {
      if (key === 'cmi.score.raw') {
        if (mode === 'throw') throw new Error('LMS gone');
        return 'false';
      }
      return set(key, value);
    };
    const problems = [];
    const r = createReporter({ api, version: '2004', counted: () => QUESTIONS, onProblem: (p) => problems.push(p) });
    r.start();
    assert.doesNotThrow(() => r.answer(QUESTIONS[0], 'sqrt10', true));
    assert.equal(r.ok, false);
    assert.match(problems[0], mode === 'throw' ? /SetValue\("cmi\.score\.raw"\) threw LMS gone/ : /SetValue\("cmi\.score\.raw", "1"\) returned "false"/);
    assert.equal(api.GetValue('cmi.interactions.0.result'), 'correct', 'the other values still went through');
    assert.doesNotThrow(() => r.finish());
  }
  const gone = { Initialize() { throw new Error('no LMS'); } };
  const problems = [];
  const r = createReporter({ api: gone, version: '2004', counted: () => QUESTIONS, onProblem: (p) => problems.push(p) });
  assert.deepEqual(r.start(), { answers: {}, location: '' });
  assert.doesNotThrow(() => { r.answer(QUESTIONS[0], 'sqrt10', true); r.finish(); });
  assert.equal(problems.length, 1);
});

test('responses and times take each version\'s forms', () => {
  assert.deepEqual(response('1.2', QUESTIONS[0], 'sqrt10'), { type: 'choice', text: 'b' });
  assert.deepEqual(response('2004', { id: 'x', type: 'choice', choices: ['p', 'q', 'r'] }, ['p', 'r']), { type: 'choice', text: 'a[,]c' });
  assert.deepEqual(response('1.2', { id: 'x', type: 'choice', choices: ['p', 'q', 'r'] }, ['p', 'r']), { type: 'choice', text: 'a,c' });
  assert.deepEqual(response('2004', { id: 'x', type: 'comparison' }, 'left'), { type: 'fill-in', text: 'left' });
  assert.equal(decimal(1e-7), '0.0000001');
  assert.equal(decimal(-2.5), '-2.5');
  assert.equal(timespan12(3_725_500), '0001:02:05.50');
  assert.equal(duration2004(0), 'PT0S');
  assert.deepEqual(decodeAnswers('garbage'), {});
  assert.deepEqual(decodeAnswers(''), {});
});
