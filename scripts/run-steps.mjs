// How scripts/test-all.mjs runs its suites: in steps, one after the other; a step's suites side by
// side, at most `at` at a time (all at once by default). A step's first suite prints as it runs; each
// other prints its header and output when it ends, or when the first ends if that is later, so that
// no two outputs interleave. A gate (a suite without `counts`) that fails stops the run after its
// step: the suites after it would test something else than the tree as it is.
import { spawn } from 'node:child_process';
import { suiteResult } from './test-summary.mjs';

/** Runs one suite; its output goes to `write` as it comes when `live`, and into `output` always. */
function run({ command, args }, live, write) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    let output = '';
    const forward = (stream) =>
      stream.on('data', (chunk) => {
        output += chunk;
        if (live) write(chunk);
      });
    forward(child.stdout);
    forward(child.stderr);
    // A runner that cannot start (not installed) or is killed by a signal is a failed suite.
    child.on('error', (error) => resolve({ code: 1, output: `${output}\n${error.message}` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

async function runStep({ suites, at = suites.length }, write) {
  const done = [];
  const waiting = [...suites];
  const held = [];
  let firstEnded = false;
  const print = ({ suite, output }) => write(`\n=== ${suite.name} ===\n${output}`);
  const worker = async () => {
    for (let suite = waiting.shift(); suite; suite = waiting.shift()) {
      const live = suite === suites[0];
      const t0 = Date.now();
      if (live) write(`\n=== ${suite.name} ===\n`);
      const { code, output } = await run(suite, live, write);
      const result = suiteResult({ ...suite, output, code, seconds: (Date.now() - t0) / 1000 });
      done.push({ suite, output, result });
      if (live) {
        firstEnded = true;
        held.splice(0).forEach(print);
      } else if (firstEnded) print({ suite, output });
      else held.push({ suite, output });
    }
  };
  await Promise.all(Array.from({ length: Math.min(at, suites.length) }, worker));
  return done;
}

/**
 * Runs `steps` ([{suites, at}], each suite {name, command, args, counts?}); returns each suite that
 * ran with its result (scripts/test-summary.mjs), in the order they ended.
 */
export async function runSteps(steps, write = (text) => process.stdout.write(text)) {
  const results = new Map();
  for (const step of steps) {
    const done = await runStep(step, write);
    for (const { suite, result } of done) results.set(suite, result);
    if (done.some(({ suite, result }) => !suite.counts && !result.ok)) break;
  }
  return results;
}
