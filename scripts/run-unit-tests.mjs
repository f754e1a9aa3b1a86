#!/usr/bin/env node
// Runs every Node-side unit test (`*.test.ts` under core/, server/, elements/ except browser tests,
// test/contract/, test/interop/, scripts/) with Node's own test runner; tsx compiles TypeScript on the fly.
// Usage: node scripts/run-unit-tests.mjs [folder-or-file ...]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readDurations, recordDurations, slowestFirst } from './slowest-first.mjs';

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

// The last runs' wall times per file (kept with the other caches under node_modules/.cache): the
// runner starts files in the order given, so the slowest go first (scripts/slowest-first.mjs).
const DURATIONS_CACHE = 'node_modules/.cache/auth-elements/unit-test-durations.json';
const files = slowestFirst(roots.flatMap((root) => collect(root, [])).sort(), readDurations(DURATIONS_CACHE));
if (files.length === 0) {
  console.error('No unit test files found under', roots.join(', '));
  process.exit(1);
}
// One runner process for every file, as many files at a time as the machine has cores: the
// server's tests spend their time in the embedded database (PGlite, WASM), which runs in the test
// file's own thread, so each file keeps one core busy and more at once only queue.
//
// Safety nets. Node 20 applies --test-timeout to each test file as a whole (its process start, its
// hooks and tests): a file that does not finish within 5 minutes fails ("cancelled", counted as
// failed by scripts/test-summary.mjs). The slowest files take 20-40 s of CPU (the slowest 15 are
// printed at the end of every run), so the limit stops a file that hangs without failing one that
// a busy machine slows several times over. The same limit ends a file whose process does not exit
// after its tests (an open handle such as a timer or a server): "cancelled". Last, the whole run
// stops after 60 minutes, so that nothing can hold CI for its 90; the suite takes about 15 minutes
// of CPU (7-8 minutes on 2 idle cores, 47 at a load average of 20-30).
const FILE_LIMIT_MS = 5 * 60 * 1000;
const RUN_LIMIT_MS = 60 * 60 * 1000;
const SLOWEST = 15;
const durations = join(mkdtempSync(join(tmpdir(), 'unit-durations-')), 'files.jsonl');

const child = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    '--test',
    `--test-concurrency=${Math.max(1, availableParallelism())}`,
    `--test-timeout=${FILE_LIMIT_MS}`,
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    `--test-reporter=${fileURLToPath(new URL('./file-durations-reporter.mjs', import.meta.url))}`,
    `--test-reporter-destination=${durations}`,
    ...files,
  ],
  // Piped, the reporter would drop its colours: keep them when the output is a terminal.
  { stdio: 'inherit', env: process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env },
);
const timer = setTimeout(() => child.kill('SIGKILL'), RUN_LIMIT_MS);
const [code, signal] = await new Promise((resolve) => child.on('close', (...args) => resolve(args)));
clearTimeout(timer);
if (signal) {
  console.error(
    `Unit tests stopped after ${RUN_LIMIT_MS / 60000} minutes (the whole run's limit): not every file ran.`,
  );
  process.exit(1);
}
if (files.length > 1) {
  const lines = existsSync(durations) ? readFileSync(durations, 'utf8').split('\n').filter(Boolean) : [];
  const timed = lines.map((line) => JSON.parse(line));
  recordDurations(DURATIONS_CACHE, timed);
  const slowest = timed.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST);
  console.log(`\nSlowest test files (wall time, limit ${FILE_LIMIT_MS / 1000} s each):`);
  for (const { file, ms, ok } of slowest)
    console.log(`${(ms / 1000).toFixed(1).padStart(7)} s  ${file}${ok ? '' : '  (failed)'}`);
}
rmSync(dirname(durations), { recursive: true, force: true });
process.exit(code ?? 1);
