#!/usr/bin/env node
// `npm test`'s layering gate: applies scripts/layers.mjs to every tracked TypeScript and module file
// and prints each violation. Exit 1 when there is one.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { checkLayers } from './layers.mjs';

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
const violations = checkLayers(files);
for (const line of violations) console.error(line);
console.log(`layers: ${files.size} files, ${violations.length} violation(s)`);
process.exit(violations.length ? 1 : 0);
