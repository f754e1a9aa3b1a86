#!/usr/bin/env node
// `npm test`: the code-health gates (Prettier, ESLint, the layering check, knip), typecheck, build,
// then every suite: unit and contract tests (Node's runner), browser
// tests (web-test-runner, Chromium), end-to-end tests (Playwright, Chromium, real server), and the
// consumer tests (both packages packed and installed into the apps of test/consumers/,
// scripts/test-consumers.mjs). Prints one closing line with the totals. Stops at the first suite
// that fails to run at all.
import { spawn } from 'node:child_process';

import { existsSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

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
    counts: (out) => [last(out, /ℹ pass (\d+)/g), last(out, /ℹ fail (\d+)/g)],
  },
  {
    name: 'browser',
    command: 'npx',
    args: ['web-test-runner', '--config', 'web-test-runner.config.mjs'],
    counts: (out) => [last(out, /(\d+) passed/g), last(out, /(\d+) failed/g)],
  },
  {
    name: 'end-to-end',
    command: 'npx',
    args: ['playwright', 'test', '-c', 'test/playwright.config.ts'],
    counts: (out) => [last(out, /(\d+) passed/g), last(out, /(\d+) failed/g)],
  },
  {
    name: 'consumers',
    command: process.execPath,
    args: ['scripts/test-consumers.mjs'],
    counts: (out) => [last(out, /^(\d+) passed, \d+ failed$/gm), last(out, /^\d+ passed, (\d+) failed$/gm)],
  },
];

function last(text, pattern) {
  const matches = [...stripVTControlCharacters(text).matchAll(pattern)];
  return matches.length ? Number(matches[matches.length - 1][1]) : 0;
}

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
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

let passed = 0;
let failed = 0;
const summary = [];
const started = Date.now();
for (const suite of suites) {
  const t0 = Date.now();
  console.log(`\n=== ${suite.name} ===`);
  const { code, output } = await run(suite);
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (suite.counts) {
    const [p, f] = suite.counts(output);
    passed += p;
    failed += f;
    summary.push(`${suite.name}: ${p} passed, ${f} failed (${seconds} s)`);
    if (code !== 0 && f === 0) {
      failed += 1;
      summary.push(`${suite.name}: exited with code ${code}`);
    }
  } else {
    summary.push(`${suite.name}: ${code === 0 ? 'ok' : `failed (exit ${code})`} (${seconds} s)`);
    if (code !== 0) {
      failed += 1;
      break;
    }
  }
}
console.log(`\n=== summary (${((Date.now() - started) / 1000).toFixed(0)} s) ===\n${summary.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
