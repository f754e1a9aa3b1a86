#!/usr/bin/env node
// Runs every Node-side unit test (`*.test.ts` under core/, server/, elements/ except browser tests,
// test/contract/, test/interop/, scripts/) with Node's own test runner; tsx compiles TypeScript on the fly.
// Usage: node scripts/run-unit-tests.mjs [folder-or-file ...]
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

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
// Safety nets: a test that never settles fails after 60 s, and a test file whose process does not
// exit (an open handle) cannot hold CI for its whole 90 minutes: the run stops after 15 minutes.
const RUN_LIMIT_MS = 15 * 60 * 1000;
const result = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    '--test',
    '--test-concurrency=2',
    '--test-timeout=60000',
    '--test-reporter=spec',
    ...files,
  ],
  {
    stdio: 'inherit',
    timeout: RUN_LIMIT_MS,
    killSignal: 'SIGKILL',
  },
);
if (result.error || result.signal) {
  console.error(
    `Unit tests stopped after ${RUN_LIMIT_MS / 60000} minutes: a test file's process did not exit (an open handle such as a timer or a server).`,
  );
  process.exit(1);
}
process.exit(result.status ?? 1);
