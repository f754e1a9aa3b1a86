// The counting behind `npm test`'s summary (scripts/test-all.mjs): what each runner's output says
// passed and failed, and one line per suite from which the total is added up, so that a suite's
// line and the total can never disagree. A suite whose runner exits non-zero while its output
// counts no failure (a file that timed out or crashed, a runner that could not start, a killed
// process) has that failure in its own line, and so in the total.
import { stripVTControlCharacters } from 'node:util';

/** The number in the last match of `pattern` in `text` (colours removed), or 0. */
function last(text, pattern) {
  const matches = [...stripVTControlCharacters(text).matchAll(pattern)];
  return matches.length ? Number(matches[matches.length - 1][1]) : 0;
}

/**
 * Node's test runner (spec reporter; scripts/run-unit-tests.mjs prints the totals of its runs
 * last). A file that outlives its time limit, or whose process ends before its tests do, is
 * reported "cancelled", not "fail": it did not pass, so it counts as failed.
 */
export function nodeRunnerCounts(output) {
  const cancelled = last(output, /ℹ cancelled (\d+)/g);
  return {
    passed: last(output, /ℹ pass (\d+)/g),
    failed: last(output, /ℹ fail (\d+)/g) + cancelled,
    notes: cancelled ? [`${cancelled} cancelled (a file timed out or its process ended early)`] : [],
  };
}

/** web-test-runner's progress line: "Chromium: |██| 12/12 test files | 40 passed, 1 failed". */
export function webTestRunnerCounts(output) {
  return { passed: last(output, /(\d+) passed/g), failed: last(output, /(\d+) failed/g), notes: [] };
}

/**
 * Playwright's list reporter: "3 passed (1.2m)", "1 failed", "1 flaky" (failed, then passed on a
 * retry: counted with the passed, and named), "1 interrupted" (stopped by a timeout: failed).
 */
export function playwrightCounts(output) {
  const flaky = last(output, /^\s*(\d+) flaky/gm);
  return {
    passed: last(output, /^\s*(\d+) passed/gm) + flaky,
    failed: last(output, /^\s*(\d+) failed/gm) + last(output, /^\s*(\d+) interrupted/gm),
    notes: flaky ? [`${flaky} flaky (passed on a retry)`] : [],
  };
}

/** scripts/test-consumers.mjs's closing line: "5 passed, 0 failed". */
export function consumerCounts(output) {
  return {
    passed: last(output, /^(\d+) passed, \d+ failed$/gm),
    failed: last(output, /^\d+ passed, (\d+) failed$/gm),
    notes: [],
  };
}

/**
 * One suite's result. `counts` reads the runner's output (absent for a gate: format, lint...,
 * which passes or fails as a whole). A non-zero exit with no failure counted is one failure.
 */
export function suiteResult({ name, counts, output, code, seconds }) {
  const time = `(${seconds.toFixed(1)} s)`;
  if (!counts) {
    const ok = code === 0;
    return {
      name,
      ok,
      passed: 0,
      failed: ok ? 0 : 1,
      line: `${name}: ${ok ? 'ok' : `failed (exit ${code})`} ${time}`,
    };
  }
  const { passed, failed: counted, notes } = counts(output);
  const failed = code !== 0 && counted === 0 ? 1 : counted;
  const why = [...notes];
  if (code !== 0 && counted === 0) why.push(`exited with code ${code} with no failed test counted`);
  if (code === 0 && counted > 0) why.push('the runner exited with code 0');
  const line = `${name}: ${passed} passed, ${failed} failed${why.length ? ` (${why.join('; ')})` : ''} ${time}`;
  return { name, ok: failed === 0, passed, failed, line };
}

/** The summary block: every suite's line, then the total added up from those same results. */
export function summarize(results, totalSeconds) {
  const passed = results.reduce((sum, r) => sum + r.passed, 0);
  const failed = results.reduce((sum, r) => sum + r.failed, 0);
  return {
    passed,
    failed,
    text: [
      `=== summary (${totalSeconds.toFixed(0)} s) ===`,
      ...results.map((r) => r.line),
      `${passed} passed, ${failed} failed`,
    ].join('\n'),
  };
}
