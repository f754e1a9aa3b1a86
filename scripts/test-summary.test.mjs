import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  consumerCounts,
  nodeRunnerCounts,
  playwrightCounts,
  suiteResult,
  summarize,
  webTestRunnerCounts,
} from './test-summary.mjs';

/** The real output of Node's runner for a file that never finishes. */
function nodeRunnerWithATimedOutFile() {
  const folder = mkdtempSync(join(tmpdir(), 'summary-'));
  try {
    // A timer that never ends: the file outlives any limit, however fast the machine.
    writeFileSync(
      join(folder, 'hangs.test.mjs'),
      "import { test } from 'node:test';\ntest('forever', () => new Promise(() => setInterval(() => {}, 1000)));\n",
    );
    // Without the variable that makes a runner inside a test file report to its parent runner.
    const { NODE_TEST_CONTEXT: _, ...env } = process.env;
    const run = spawnSync(
      process.execPath,
      ['--test', '--test-timeout=500', '--test-reporter=spec', 'hangs.test.mjs'],
      { cwd: folder, encoding: 'utf8', env: { ...env, FORCE_COLOR: '0' } },
    );
    return { output: run.stdout, code: run.status };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

test("Node's runner: a file that times out is reported cancelled, and counts as failed in its line and the total", () => {
  const { output, code } = nodeRunnerWithATimedOutFile();
  assert.match(output, /ℹ fail 0/, 'the runner itself counts no failure');
  assert.match(output, /ℹ cancelled 1/);
  assert.notEqual(code, 0);
  // As scripts/run-unit-tests.mjs prints it after its runs, beside the files that passed.
  const totals = output.replace(/ℹ pass 0/, 'ℹ pass 40');
  const unit = suiteResult({
    name: 'unit and contract',
    counts: nodeRunnerCounts,
    output: totals,
    code,
    seconds: 3,
  });
  assert.equal(unit.passed, 40);
  assert.equal(unit.failed, 1);
  assert.match(unit.line, /^unit and contract: 40 passed, 1 failed \(1 cancelled/);
  const total = summarize([unit], 3);
  assert.equal(total.failed, 1);
  assert.match(total.text, /\n40 passed, 1 failed$/);
});

test('a runner that exits non-zero with no failure counted (crashed, killed, could not start) has one failure in its line', () => {
  for (const output of ['', 'Error: Cannot find module tsx\n', 'ℹ pass 12\nℹ fail 0\nℹ cancelled 0\n']) {
    const result = suiteResult({
      name: 'unit and contract',
      counts: nodeRunnerCounts,
      output,
      code: 1,
      seconds: 1,
    });
    assert.equal(result.failed, 1, output);
    assert.equal(result.ok, false);
    assert.match(result.line, /1 failed \(exited with code 1 with no failed test counted\)/);
  }
  // Failures it did count are not counted twice.
  const counted = suiteResult({
    name: 'unit and contract',
    counts: nodeRunnerCounts,
    output: 'ℹ pass 10\nℹ fail 2\nℹ cancelled 0\n',
    code: 1,
    seconds: 1,
  });
  assert.equal(counted.failed, 2);
  assert.equal(counted.line, 'unit and contract: 10 passed, 2 failed (1.0 s)');
});

test('Playwright: flaky tests are passed and named; failed and interrupted ones are failed', () => {
  const flaky = `Running 12 tests using 2 workers
  1 flaky
    [chromium] › sign-in.spec.ts:10:3 › signs in
  11 passed (41.2s)
`;
  assert.deepEqual(playwrightCounts(flaky), {
    passed: 12,
    failed: 0,
    notes: ['1 flaky (passed on a retry)'],
  });
  const result = suiteResult({
    name: 'end-to-end',
    counts: playwrightCounts,
    output: flaky,
    code: 0,
    seconds: 41,
  });
  assert.equal(result.line, 'end-to-end: 12 passed, 0 failed (1 flaky (passed on a retry)) (41.0 s)');

  const broken = `  2 failed
    [chromium] › a.spec.ts:1:1 › a
    [chromium] › b.spec.ts:1:1 › b
  1 interrupted
    [chromium] › c.spec.ts:1:1 › c
  3 did not run
  6 passed (2.0m)
`;
  assert.deepEqual(playwrightCounts(broken), { passed: 6, failed: 3, notes: [] });
});

test('web-test-runner: its progress line, and "Error while running tests" with no failed test', () => {
  const ok =
    'Chromium: |██████████████████████████████| 30/30 test files | 212 passed, 0 failed\n\nFinished running tests in 40.2s, all tests passed! 🎉\n';
  assert.deepEqual(webTestRunnerCounts(ok), { passed: 212, failed: 0, notes: [] });
  const failing = ok.replace('212 passed, 0 failed', '210 passed, 2 failed');
  assert.equal(
    suiteResult({ name: 'browser', counts: webTestRunnerCounts, output: failing, code: 1, seconds: 1 })
      .failed,
    2,
  );
  // A file that does not load: no test fails, the runner exits 1.
  const broken =
    'Chromium: |██████████████████████████████| 30/30 test files | 200 passed, 0 failed\n\nError while running tests.\n';
  const result = suiteResult({
    name: 'browser',
    counts: webTestRunnerCounts,
    output: broken,
    code: 1,
    seconds: 1,
  });
  assert.deepEqual([result.passed, result.failed, result.ok], [200, 1, false]);
});

test('the total is the sum of the suite lines: gates, counted suites, the consumers', () => {
  const results = [
    suiteResult({ name: 'format', output: '', code: 0, seconds: 2 }),
    suiteResult({
      name: 'unit and contract',
      counts: nodeRunnerCounts,
      output: 'ℹ pass 100\nℹ fail 0\nℹ cancelled 1\n',
      code: 1,
      seconds: 60,
    }),
    suiteResult({
      name: 'end-to-end',
      counts: playwrightCounts,
      output: '  1 failed\n  9 passed (1.0m)\n',
      code: 1,
      seconds: 60,
    }),
    suiteResult({
      name: 'consumers',
      counts: consumerCounts,
      output: 'vite: ok\n4 passed, 0 failed\n',
      code: 0,
      seconds: 200,
    }),
  ];
  const { passed, failed, text } = summarize(results, 322);
  assert.deepEqual([passed, failed], [113, 2]);
  const lines = text.split('\n');
  assert.equal(lines[0], '=== summary (322 s) ===');
  assert.equal(lines[1], 'format: ok (2.0 s)');
  assert.match(lines[2], /^unit and contract: 100 passed, 1 failed/);
  assert.match(lines[3], /^end-to-end: 9 passed, 1 failed/);
  assert.match(lines[4], /^consumers: 4 passed, 0 failed/);
  assert.equal(lines.at(-1), '113 passed, 2 failed');
  // Every failure in the total is in some suite's line.
  const perLine = lines.slice(1, -1).map((line) => Number(/(\d+) failed/.exec(line)?.[1] ?? 0));
  assert.equal(
    perLine.reduce((a, b) => a + b, 0) + results.filter((r) => !r.ok && /failed \(exit/.test(r.line)).length,
    failed,
  );
});

test('a gate that fails is one failure, and says its exit code', () => {
  const lint = suiteResult({ name: 'lint', output: 'error  no-unused-vars', code: 1, seconds: 9 });
  assert.deepEqual([lint.ok, lint.failed, lint.line], [false, 1, 'lint: failed (exit 1) (9.0 s)']);
  assert.equal(summarize([lint], 9).text.split('\n').at(-1), '0 passed, 1 failed');
});
