import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runSteps } from './run-steps.mjs';

/** A suite that prints `lines`, one every `ms`, then exits with `code`. */
const suite = (name, lines, ms, code = 0, counts = undefined) => ({
  name,
  command: process.execPath,
  args: [
    '-e',
    `const lines = ${JSON.stringify(lines)};
     let i = 0;
     const next = () => { if (i < lines.length) { console.log(lines[i++]); setTimeout(next, ${ms}); } else process.exit(${code}); };
     next();`,
  ],
  counts,
});
const counted = (output) => ({ passed: output.split('\n').filter(Boolean).length, failed: 0, notes: [] });

test("a step's suites run side by side and their outputs do not interleave; the first prints live", async () => {
  let printed = '';
  const slow = suite('slow', ['s1', 's2', 's3', 's4'], 150, 0, counted);
  const quick = suite('quick', ['q1', 'q2'], 20, 0, counted);
  const t0 = Date.now();
  const results = await runSteps([{ suites: [slow, quick] }], (text) => {
    printed += text;
  });
  const seconds = (Date.now() - t0) / 1000;
  assert.equal(printed, '\n=== slow ===\ns1\ns2\ns3\ns4\n\n=== quick ===\nq1\nq2\n');
  assert.deepEqual([results.get(slow).passed, results.get(quick).passed], [4, 2]);
  // Side by side: the quick one ran while the slow one did, its time is its own.
  assert.ok(results.get(quick).line.endsWith(' s)'));
  assert.ok(
    seconds <
      results.get(slow).line.match(/\(([\d.]+) s\)/)[1] * 1 +
        results.get(quick).line.match(/\(([\d.]+) s\)/)[1] * 1,
  );
});

/** A gate that prints when it started and ended (ms since the epoch), after `ms`, exiting with `code`. */
const timed = (name, ms, code = 0) => ({
  name,
  command: process.execPath,
  args: [
    '-e',
    `const t = Date.now(); setTimeout(() => { console.log(t, Date.now()); process.exit(${code}); }, ${ms});`,
  ],
});
const span = (printed, name) => printed.split(`=== ${name} ===\n`)[1].split('\n')[0].split(' ').map(Number);

test('`at` bounds how many run at once, and a failed gate stops the run after its step', async () => {
  let printed = '';
  const write = (text) => {
    printed += text;
  };
  const [a, b, c] = [timed('a', 300), timed('b', 300, 3), timed('c', 300)];
  const later = suite('later', ['later'], 10, 0, counted);
  const results = await runSteps([{ suites: [a, b, c], at: 2 }, { suites: [later] }], write);
  const [[a0, a1], [b0, b1], [c0]] = [span(printed, 'a'), span(printed, 'b'), span(printed, 'c')];
  // a and b together; c only once one of them ended.
  assert.ok(a0 < b1 && b0 < a1, printed);
  assert.ok(c0 >= Math.min(a1, b1), printed);
  assert.deepEqual(
    [a, b, c].map((gate) => results.get(gate).line.replace(/ \([\d.]+ s\)$/, '')),
    ['a: ok', 'b: failed (exit 3)', 'c: ok'],
  );
  assert.equal(results.has(later), false);
});

test('a failed suite with counts does not stop the run', async () => {
  const failing = suite('tests', ['x'], 10, 1, () => ({ passed: 0, failed: 1, notes: [] }));
  const after = suite('after', ['y'], 10, 0, counted);
  const results = await runSteps([{ suites: [failing] }, { suites: [after] }], () => {});
  assert.equal(results.get(failing).failed, 1);
  assert.equal(results.get(after).passed, 1);
});
