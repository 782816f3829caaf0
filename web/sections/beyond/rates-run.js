// 7.4's "Train points of it yourself": the learner retrains the five strategies of the learning-rate sweep at one
// rate, seed 1, with the sweep's own configuration, one run after another in a Web Worker where the page may start
// one (web/training-run.js), and their points join the shipped ones on the chart. Every number is the engine's.
import { el } from '../../dom.js';
import { setProse } from '../kit/parts.js';
import { createRunner, workerSupport } from '../../training-run.js';
import { buttons } from '../training/session.js';
import { percent } from '../../format.js';
import { sweepConfig, rateKey } from './sweep-config.js';
import { seedRuns } from './sweep-stats.js';

/**
 * The learner's runs of one rate: start(lr) trains every strategy at it in turn; finished() lists the runs done so
 * far as { strategy, lr, seed, test, maxLogit, minEntropy } (the shape of the data file's runs); describe(box) puts
 * the controls and status in `box`; label(strategyId) names a strategy. onChange() is called when a run starts, progresses a step of the status or ends.
 */
export function sweepRunner(engine, sweep, { onChange, label }) {
  const done = [];
  let queue = [];
  let current = null; // { runner, strategy, lr, maxLogit, minEntropy, step, total }
  let lr = null;
  const b = buttons([['start', 'Train the five at this rate', 'primary'], ['stop', 'Stop']]);
  const status = el('p', { className: 'run-status', attrs: { 'aria-live': 'polite' } }, 'Not started.');
  const about = el('div', { className: 'part-prose' });
  const node = el('div', { className: 'rates-run', dataset: { status: 'idle' } }, about, el('div', { className: 'run-buttons' }, b.start, b.stop), status);
  // Learned β at the rate below the largest: its native seeds part ways, and so can the two builds.
  const edge = sweep.rates[sweep.rates.length - 2];
  const split = seedRuns(sweep, 'learned', edge);
  setProse(about, [[
    `Each point of the chart is ${sweep.runs.length / (sweep.rates.length * sweep.strategies.length)} runs of Lesson 6’s encoder `,
    `(L = ${sweep.config.L}, R = ${sweep.config.R}, ${sweep.config.trainSize.toLocaleString('en-GB')} sequences, ${sweep.config.epochs} epochs, `,
    `warm-up then cosine decay), made natively by `, el('code', {}, sweep.command.replace(/ --json \S+/, '')),
    ` (web/data/lr-sweep.json) on ${sweep.generated.slice(0, 10)}, ${Math.round(sweep.wallSeconds)} s on ${sweep.machine.cpus} cores. `
      + 'The button trains all five strategies at the rate chosen above with seed 1, here in the engine’s WebAssembly build, ',
    'and marks each result with a black dot beside the native seed-1 point. Edge runs can land far from it: the two builds round ',
    `differently, and where a point’s own seeds part ways (${label('learned')} at ${rateKey(edge)}: `
      + `${split.map((r) => percent(r.test.tokenAccuracy, 2)).join(', ')}) `,
    'that small difference can change how the run ends.',
  ]]);
  b.stop.hidden = true;

  const show = () => {
    node.dataset.status = current ? 'running' : done.length ? 'done' : 'idle';
    b.start.hidden = Boolean(current);
    b.stop.hidden = !current;
    if (current) {
      status.textContent = `Run ${finishedAt(lr) + 1} of ${sweep.strategies.length}: ${label(current.strategy)} at ${rateKey(lr)}, `
        + `step ${current.step} of ${current.total || '…'}.`;
    }
  };
  const finishedAt = (rate) => done.filter((d) => d.lr === rate).length;

  const next = async () => {
    const strategy = queue.shift();
    if (!strategy) {
      current = null;
      status.textContent = `Done: ${done.filter((d) => d.lr === lr).map((d) => `${label(d.strategy)} ${percent(d.test.tokenAccuracy)}`).join(', ')}.`;
      show();
      onChange();
      return;
    }
    const found = await workerSupport();
    const run = { strategy, lr, maxLogit: 0, minEntropy: Infinity, step: 0, total: 0, started: performance.now() };
    run.runner = createRunner(engine, sweepConfig(sweep, strategy, lr), {
      mode: found.mode,
      onUpdate(update) {
        if (current !== run) return;
        if (update.type === 'done') {
          done.push({ strategy, lr, seed: 1, test: update.test, maxLogit: run.maxLogit, minEntropy: run.minEntropy,
            seconds: (performance.now() - run.started) / 1000 });
          run.runner.dispose();
          next();
          onChange();
          return;
        }
        for (const m of update.maxLogits) run.maxLogit = Math.max(run.maxLogit, m);
        for (const h of update.entropies) run.minEntropy = Math.min(run.minEntropy, h);
        run.step = update.step;
        run.total = update.totalSteps;
        show();
      },
      onError(error) {
        if (current !== run) return;
        current = null;
        queue = [];
        status.textContent = `The run failed: ${error.message}`;
        show();
      },
    });
    current = run;
    run.runner.start();
    show();
  };

  b.start.addEventListener('click', () => {
    if (current || !node.dataset.rate) return;
    lr = Number(node.dataset.rate);
    for (let i = done.length - 1; i >= 0; i -= 1) if (done[i].lr === lr) done.splice(i, 1); // a rerun replaces that rate's dots
    queue = sweep.strategies.map((s) => s.id);
    next();
  });
  b.stop.addEventListener('click', () => {
    if (!current) return;
    current.runner.dispose();
    current = null;
    queue = [];
    status.textContent = `Stopped: ${finishedAt(lr)} of ${sweep.strategies.length} runs at ${rateKey(lr)} finished.`;
    show();
  });

  return {
    finished: () => done,
    /** Shows the runner at the end of `box`, set to train at `rate` (one of the sweep's rates). */
    describe(box, rate) {
      node.dataset.rate = String(rate);
      b.start.textContent = `Train the five at ${rateKey(rate)} (seed 1)`;
      if (node.parentNode !== box) box.append(node);
    },
  };
}
