#!/usr/bin/env node
// `npm test`: the code-health gates (Prettier, ESLint, the layering check, knip), typecheck, build,
// then every suite: unit and contract tests (Node's runner), browser
// tests (web-test-runner, Chromium), end-to-end tests (Playwright, Chromium, real server), and the
// consumer tests (both packages packed and installed into the apps of test/consumers/,
// scripts/test-consumers.mjs). Prints one line per suite and a closing line with the totals, added
// up from those lines (scripts/test-summary.mjs). Stops at the first gate that fails.
//
// Suites that leave a core idle run side by side (scripts/run-steps.mjs): the static checks two at a
// time (each is one process on one core). The unit tests (every core busy), the build, the browser
// tests, the end-to-end tests (timing-sensitive: they keep both cores) and the consumer tests run
// alone, in that order.
import { existsSync } from 'node:fs';
import { runSteps } from './run-steps.mjs';
import {
  consumerCounts,
  nodeRunnerCounts,
  playwrightCounts,
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

/** The static checks: gates that read the tree and write nothing. */
const checks = [
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
];

/** The steps in order, each a list of suites run side by side, at most `at` at a time. */
const steps = [
  ...react19Install.map((suite) => ({ suites: [suite] })),
  // Longest first, so that the short ones fill the other core.
  { suites: [checks[0], checks[5], checks[1], checks[6], checks[3], checks[4], checks[2]], at: 2 },
  { suites: [{ name: 'build', command: 'npx', args: ['rollup', '-c', 'rollup.config.mjs', '--silent'] }] },
  {
    suites: [
      {
        name: 'unit and contract',
        command: process.execPath,
        args: ['scripts/run-unit-tests.mjs'],
        counts: nodeRunnerCounts,
      },
    ],
  },
  {
    suites: [
      {
        name: 'browser',
        command: 'npx',
        args: ['web-test-runner', '--config', 'web-test-runner.config.mjs'],
        counts: webTestRunnerCounts,
      },
    ],
  },
  {
    suites: [
      {
        name: 'end-to-end',
        command: 'npx',
        args: ['playwright', 'test', '-c', 'test/playwright.config.ts'],
        counts: playwrightCounts,
      },
    ],
  },
  {
    suites: [
      {
        name: 'consumers',
        command: process.execPath,
        args: ['scripts/test-consumers.mjs'],
        counts: consumerCounts,
      },
    ],
  },
];
// The summary lists the suites in this order, whichever ends first.
const order = [
  ...react19Install,
  ...checks,
  ...steps.slice(react19Install.length + 1).flatMap((step) => step.suites),
];

const started = Date.now();
const results = await runSteps(steps);
const { failed, text } = summarize(
  order.filter((suite) => results.has(suite)).map((suite) => results.get(suite)),
  (Date.now() - started) / 1000,
);
console.log(`\n${text}`);
process.exit(failed === 0 ? 0 : 1);
