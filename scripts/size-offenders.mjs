#!/usr/bin/env node
// The size figures of non-test code (scripts/size-limits.mjs): files over 400 lines of code and
// functions over 150, each with its size, measured over the tree ESLint lints.
// Usage: node scripts/size-offenders.mjs [--write]
// --write rewrites scripts/size-offenders.json from the tree: fixed entries go, ceilings come down
// to today's size. It never adds an entry nor raises a ceiling: a new offender is to be fixed.
import { ESLint } from 'eslint';
import { readFileSync, writeFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import {
  LIST_PATH,
  MAX_FILE_LINES,
  MAX_FUNCTION_LINES,
  NON_TEST_FILES,
  TEST_FILES,
  sizePlugin,
} from './size-limits.mjs';

/** Every offender of the tree as `{ files: { path: lines }, functions: { path: { name: lines } } }`. */
export async function measure(cwd = process.cwd()) {
  const eslint = new ESLint({
    cwd,
    overrideConfig: [
      {
        files: NON_TEST_FILES,
        ignores: TEST_FILES,
        // An empty list: the rules report every file and function over the limits.
        plugins: { measure: sizePlugin({}) },
        rules: { 'measure/max-lines': 'error', 'measure/max-lines-per-function': 'error' },
      },
    ],
    ruleFilter: ({ ruleId }) => ruleId.startsWith('measure/'),
  });
  const found = { files: {}, functions: {} };
  for (const result of await eslint.lintFiles(['.'])) {
    const path = relative(cwd, result.filePath).split(sep).join('/');
    for (const message of result.messages) {
      if (message.fatal) throw new Error(`${path}: ${message.message}`);
      const lines = Number(/\((\d+)\)/.exec(message.message)[1]);
      if (message.ruleId === 'measure/max-lines') found.files[path] = lines;
      else {
        const name = /^(.*) has too many lines/.exec(message.message)[1];
        const functions = (found.functions[path] ??= {});
        functions[name] = Math.max(functions[name] ?? 0, lines);
      }
    }
  }
  return found;
}

/** The list `listed` brought down to `today`: entries still over a limit, at most at today's size. */
export function shrink(listed, today) {
  const next = { files: {}, functions: {} };
  for (const [path, ceiling] of Object.entries(listed.files ?? {}))
    if (path in today.files) next.files[path] = Math.min(ceiling, today.files[path]);
  for (const [path, names] of Object.entries(listed.functions ?? {}))
    for (const [name, ceiling] of Object.entries(names)) {
      const lines = today.functions[path]?.[name];
      if (lines !== undefined) (next.functions[path] ??= {})[name] = Math.min(ceiling, lines);
    }
  return next;
}

const sorted = (object) => Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : 1)));

if (import.meta.url === `file://${process.argv[1]}`) {
  const today = await measure();
  const functions = Object.entries(today.functions).flatMap(([path, names]) =>
    Object.entries(names).map(([name, lines]) => ({ path, name, lines })),
  );
  const files = Object.entries(today.files).sort((a, b) => b[1] - a[1]);
  console.log(`files over ${MAX_FILE_LINES} lines of code: ${files.length}`);
  for (const [path, lines] of files) console.log(`  ${lines}  ${path}`);
  functions.sort((a, b) => b.lines - a.lines);
  console.log(
    `functions over ${MAX_FUNCTION_LINES} lines of code: ${functions.length}; of 200 or more: ${functions.filter((f) => f.lines >= 200).length}`,
  );
  for (const { path, name, lines } of functions) console.log(`  ${lines}  ${path}  ${name}`);
  if (process.argv.includes('--write')) {
    const listed = JSON.parse(readFileSync(LIST_PATH, 'utf8'));
    const next = shrink(listed, today);
    next.files = sorted(next.files);
    next.functions = sorted(
      Object.fromEntries(Object.entries(next.functions).map(([p, n]) => [p, sorted(n)])),
    );
    writeFileSync(LIST_PATH, `${JSON.stringify(next, null, 2)}\n`);
    const count = (list) =>
      Object.keys(list.files).length +
      Object.values(list.functions).reduce((sum, names) => sum + Object.keys(names).length, 0);
    console.log(`${LIST_PATH}: ${count(listed)} -> ${count(next)} entries`);
  }
}
