#!/usr/bin/env node
// `npm test`: the code-health gates (Prettier, ESLint, the layering check, knip), typecheck, build,
// then every suite: unit and contract tests (Node's runner), browser
// tests (web-test-runner, Chromium), end-to-end tests (Playwright, Chromium, real server), and the
// consumer tests (both packages packed and installed into the apps of test/consumers/,
// scripts/test-consumers.mjs). Prints one line per suite and a closing line with the totals, added
// up from those lines (scripts/test-summary.mjs). Stops at the first gate that fails.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import {
  consumerCounts,
  nodeRunnerCounts,
  playwrightCounts,
  suiteResult,
  summarize,
  webTestRunnerCounts,
} from './test-summary.mjs';

// The React 19 host (test/react19-host) has its own locked install: React 19 beside the kit's 18.
const react19Install = existsSync('test/react19-host/node_modules/react')
  ? []
  : [
      {
        name: 'install the React 19 host',
        command: 'npm',
        args: ['ci', '--prefix', 'test/react19-host', '--no-audit', '--no-fund'],
      },
    ];

const suites = [
  ...react19Install,
  { name: 'format', command: 'npx', args: ['prettier', '--check', '--log-level', 'warn', '.'] },
  { name: 'lint', command: 'npx', args: ['eslint', '.'] },
  { name: 'layers', command: process.execPath, args: ['scripts/check-layers.mjs'] },
  // knip twice: unused exports, files and packages over the whole tree (tests count as users), then
  // production mode, where a file or package only tests reach is dead code.
  { name: 'dead code', command: 'npx', args: ['knip', '--no-progress'] },
  {
    name: 'dead code (production)',
    command: 'npx',
    args: ['knip', '--no-progress', '--production', '--include', 'files,dependencies,unlisted,binaries'],
  },
  { name: 'typecheck', command: 'npx', args: ['tsc', '--noEmit', '-p', 'tsconfig.json'] },
  {
    name: 'typecheck against React 19',
    command: 'npx',
    args: ['tsc', '-p', 'test/react19-host/tsconfig.json'],
  },
  { name: 'build', command: 'npx', args: ['rollup', '-c', 'rollup.config.mjs', '--silent'] },
  {
    name: 'unit and contract',
    command: process.execPath,
    args: ['scripts/run-unit-tests.mjs'],
    counts: nodeRunnerCounts,
  },
  {
    name: 'browser',
    command: 'npx',
    args: ['web-test-runner', '--config', 'web-test-runner.config.mjs'],
    counts: webTestRunnerCounts,
  },
  {
    name: 'end-to-end',
    command: 'npx',
    args: ['playwright', 'test', '-c', 'test/playwright.config.ts'],
    counts: playwrightCounts,
  },
  {
    name: 'consumers',
    command: process.execPath,
    args: ['scripts/test-consumers.mjs'],
    counts: consumerCounts,
  },
];

function run({ command, args }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    let output = '';
    const forward = (stream, sink) =>
      stream.on('data', (chunk) => {
        output += chunk;
        sink.write(chunk);
      });
    forward(child.stdout, process.stdout);
    forward(child.stderr, process.stderr);
    // A runner that cannot start (not installed) or is killed by a signal is a failed suite.
    child.on('error', (error) => resolve({ code: 1, output: `${output}\n${error.message}` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

const results = [];
const started = Date.now();
for (const suite of suites) {
  const t0 = Date.now();
  console.log(`\n=== ${suite.name} ===`);
  const { code, output } = await run(suite);
  const result = suiteResult({ ...suite, output, code, seconds: (Date.now() - t0) / 1000 });
  results.push(result);
  // A gate (format, lint, build...) that fails stops the run: the suites after it would test
  // something else than the tree as it is.
  if (!suite.counts && !result.ok) break;
}
const { failed, text } = summarize(results, (Date.now() - started) / 1000);
console.log(`\n${text}`);
process.exit(failed === 0 ? 0 : 1);
