#!/usr/bin/env node
// `npm test`'s layering gate: applies scripts/layers.mjs to every tracked TypeScript and module file
// and prints each violation, with the run-time import cycles (static and `import()`) still allowed.
// Exit 1 when there is a violation.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ALLOWED_CYCLES, checkLayers } from './layers.mjs';

const listed = execFileSync(
  'git',
  ['ls-files', '-co', '--exclude-standard', '*.ts', '*.tsx', '*.mts', '*.mjs'],
  {
    encoding: 'utf8',
  },
)
  .split('\n')
  .filter(Boolean);
const files = new Map();
for (const path of listed) {
  try {
    files.set(path, readFileSync(path, 'utf8'));
  } catch {
    // Listed by git but deleted in the work tree: nothing to check.
  }
}
const violations = checkLayers(files, ALLOWED_CYCLES);
for (const line of violations) console.error(line);
for (const cycle of ALLOWED_CYCLES) console.log(`allowed import cycle (being broken): ${cycle.join(', ')}`);
console.log(
  `layers: ${files.size} files, ${violations.length} violation(s), ${ALLOWED_CYCLES.length} allowed import cycle(s)`,
);
process.exit(violations.length ? 1 : 0);
