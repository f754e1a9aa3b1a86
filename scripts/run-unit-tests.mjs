#!/usr/bin/env node
// Runs every Node-side unit test (`*.test.ts` under core/, server/, elements/ except browser tests,
// test/contract/, test/interop/, scripts/) with Node's own test runner; tsx compiles TypeScript on the fly.
// Usage: node scripts/run-unit-tests.mjs [folder-or-file ...]
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { spawn } from 'node:child_process';

const roots = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['core', 'server', 'elements', 'test/contract', 'test/interop', 'scripts'];
const isUnitTest = (name) => /\.test\.(ts|mts|mjs)$/.test(name) && !name.includes('.browser.');

function collect(path, out) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return out;
  }
  if (stat.isFile()) {
    if (isUnitTest(path)) out.push(path);
    return out;
  }
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    collect(join(path, entry), out);
  }
  return out;
}

const files = roots.flatMap((root) => collect(root, [])).sort();
if (files.length === 0) {
  console.error('No unit test files found under', roots.join(', '));
  process.exit(1);
}
// Safety nets: Node 20 applies --test-timeout to each test file as a whole, so a file (its hooks
// and tests) that does not finish within 120 s fails, and a test file whose process does not exit
// (an open handle) cannot hold CI for its whole 90 minutes: the run stops after 25 minutes.
// The interop suite (test/interop/: a whole server with identity providers, hundreds of real HTTP
// calls) runs in a second runner process whose per-file limit is 5 minutes: Node applies the
// per-test limit to each file as a whole, and on a loaded shared machine such a file can pass 120 s
// while making progress. The last two lines are then the totals of both runs (what
// scripts/test-all.mjs reads).
const RUN_LIMIT_MS = 25 * 60 * 1000;
const deadline = Date.now() + RUN_LIMIT_MS;
const isInterop = (file) => relative('.', file).split(sep).join('/').startsWith('test/interop/');
const runs = [
  { files: files.filter((file) => !isInterop(file)), testTimeoutMs: 120 * 1000 },
  { files: files.filter(isInterop), testTimeoutMs: 5 * 60 * 1000 },
].filter((run) => run.files.length > 0);

/** Runs one runner process, its output streamed through: its exit status and its last totals. */
function runTests(run) {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--test',
        '--test-concurrency=2',
        `--test-timeout=${run.testTimeoutMs}`,
        '--test-reporter=spec',
        ...run.files,
      ],
      {
        stdio: ['inherit', 'pipe', 'inherit'],
        // Piped, the reporter would drop its colours: keep them when the output is a terminal.
        env: process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env,
      },
    );
    let tail = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      tail = (tail + chunk.toString()).slice(-4096);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), Math.max(deadline - Date.now(), 1));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const last = (pattern) =>
        Number([...stripVTControlCharacters(tail).matchAll(pattern)].at(-1)?.[1] ?? 0);
      resolve({ code, signal, passed: last(/ℹ pass (\d+)/g), failed: last(/ℹ fail (\d+)/g) });
    });
  });
}

let passed = 0;
let failed = 0;
let status = 0;
for (const run of runs) {
  const result = await runTests(run);
  if (result.signal) {
    console.error(
      `Unit tests stopped after ${RUN_LIMIT_MS / 60000} minutes: a test file's process did not exit (an open handle such as a timer or a server).`,
    );
    process.exit(1);
  }
  passed += result.passed;
  failed += result.failed;
  if (result.code !== 0) status = result.code ?? 1;
}
if (runs.length > 1) console.log(`ℹ pass ${passed}\nℹ fail ${failed}`);
process.exit(status);
