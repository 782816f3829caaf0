// Lesson 6's one start/stop/resume/discard lifecycle for any number of runs side by side (the single run is one
// lane, the race two to four), where the runs go (a Web Worker or the page), and the buttons that drive it. The runs
// themselves are web/training-run.js's; their records are record.js's.
import { el } from '../../dom.js';
import { createRunner } from '../../training-run.js';
import { newRecord, absorb } from './record.js';

export function modeText(found) {
  if (!found) return 'Checking whether this page may run training in a Web Worker…';
  if (found.mode === 'worker') return 'Runs go in a Web Worker with its own copy of the engine, so this page stays free while the model trains.';
  return `Runs go on this page’s own thread, in slices of about 8 ms with the page answering in between, because ${found.reason}. `
    + 'Served from a web server the page would use a Web Worker instead. The final test evaluation pauses the page for a moment.';
}

/** Buttons from [key, label, class] specs, each with data-action=key. */
export function buttons(specs) {
  const out = {};
  for (const [key, label, cls] of specs) {
    out[key] = el('button', { type: 'button', className: `control-button ${cls ?? ''}`.trim(), textContent: label, dataset: { action: key } });
  }
  return out;
}

/* ---- one lifecycle for the single run and the race ---- */

/**
 * Runs side by side, started, stopped, resumed and discarded together. start(optionsList) begins one lane per
 * options (a new start discards the lanes before); each lane is { record, runner, options }. Finished runs are added to
 * context.runs (tagged `source`) and context.onFinished() is called. `draw(now)` is called on every update.
 * status: 'idle' | 'running' | 'paused' | 'done' (every lane finished or failed).
 */
export function createSession(context, { source, draw, loopOptions = {} }) {
  let lanes = [];
  let status = 'idle';
  let token = 0; // a start() that resolves after a newer start() or a discard does nothing
  const settle = () => {
    if (lanes.every((l) => l.record.final || l.record.status === 'failed')) status = 'done';
  };
  const session = {
    get lanes() {
      return lanes;
    },
    get status() {
      return status;
    },
    async start(optionsList) {
      const mine = ++token;
      for (const lane of lanes) lane.runner.dispose();
      lanes = [];
      const found = context.mode ?? await context.whenMode();
      if (mine !== token) return;
      status = 'running';
      lanes = optionsList.map((options) => {
        const record = newRecord(options);
        record.mode = found.mode;
        const lane = { options, record, runner: null };
        lane.runner = createRunner(context.engine, options, {
          mode: found.mode,
          loopOptions,
          onUpdate(update) {
            if (!lanes.includes(lane)) return;
            absorb(record, update);
            if (update.type !== 'done') {
              draw();
              return;
            }
            record.runMs += performance.now() - record.resumedAt;
            context.runs.push({ source, options, final: update, seconds: record.runMs / 1000, mode: lane.runner.mode });
            settle();
            context.onFinished?.();
            draw(true);
          },
          onError(error) {
            if (!lanes.includes(lane)) return;
            record.status = 'failed';
            record.error = error.message;
            settle();
            draw(true);
          },
        });
        lane.runner.info.then((i) => { record.info = i; });
        lane.runner.ready.then(() => { record.mode = lane.runner.mode; });
        lane.runner.start();
        return lane;
      });
      draw(true);
    },
    stop() {
      if (status !== 'running') return;
      for (const { runner, record } of lanes) {
        if (record.status !== 'running' && record.status !== 'evaluating') continue;
        runner.pause();
        record.runMs += performance.now() - record.resumedAt;
        record.status = 'paused';
      }
      status = 'paused';
      draw(true);
    },
    resume() {
      if (status !== 'paused') return;
      for (const { runner, record } of lanes) {
        if (record.status !== 'paused') continue;
        record.status = 'running';
        record.resumedAt = performance.now();
        record.window = []; // steps per second from here on, not across the pause
        runner.start();
      }
      status = 'running';
      draw(true);
    },
    discard() {
      token += 1;
      for (const lane of lanes) lane.runner.dispose();
      lanes = [];
      status = 'idle';
    },
  };
  return session;
}
