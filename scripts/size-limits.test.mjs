import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { Linter } from 'eslint';
import { LIST_PATH, sizePlugin } from './size-limits.mjs';
import { shrink } from './size-offenders.mjs';

// `lines` statements, one a line, in a function named `name`: the function counts lines + 2.
const fn = (name, lines) =>
  `function ${name}() {\n${Array.from({ length: lines }, (_, i) => `  call(${i});`).join('\n')}\n}\n`;
const statements = (lines) => Array.from({ length: lines }, (_, i) => `call(${i});`).join('\n') + '\n';

function lint(list, path, code) {
  const linter = new Linter({ cwd: '/repo' });
  return linter
    .verify(
      code,
      [
        {
          files: ['**/*.js'],
          plugins: { size: sizePlugin(list) },
          rules: { 'size/max-lines': 'error', 'size/max-lines-per-function': 'error' },
        },
      ],
      { filename: `/repo/${path}` },
    )
    .map((message) => `${message.ruleId}: ${message.message}`);
}

test('code within the limits passes; blank and comment-only lines do not count', () => {
  const padding = '\n// a comment that explains why\n\n'.repeat(200);
  assert.deepEqual(lint({}, 'a.js', fn('small', 148) + padding + statements(240)), []);
});

test('an unlisted file or function over a limit fails', () => {
  assert.deepEqual(lint({}, 'a.js', statements(401)), [
    'size/max-lines: File has too many lines (401). Maximum allowed is 400.',
  ]);
  assert.deepEqual(lint({}, 'a.js', fn('big', 149)), [
    "size/max-lines-per-function: Function 'big' has too many lines (151). Maximum allowed is 150.",
  ]);
});

test('a listed offender passes up to its ceiling and fails past it', () => {
  const list = {
    files: { 'a.js': 450 },
    functions: { 'a.js': { "Function 'big'": 200 } },
  };
  assert.deepEqual(lint(list, 'a.js', fn('big', 198) + statements(250)), []);
  assert.deepEqual(lint(list, 'a.js', fn('big', 199) + statements(250)), [
    "size/max-lines-per-function: Function 'big' has 201 lines, more than its ceiling of 200 in scripts/size-offenders.json: shrink it (a listed offender may not grow).",
    'size/max-lines: File has 451 lines, more than its ceiling of 450 in scripts/size-offenders.json: shrink it (a listed offender may not grow).',
  ]);
  // The ceiling is the listed function's, not a licence for another function of the same file.
  assert.deepEqual(lint(list, 'a.js', fn('big', 198) + fn('other', 160) + statements(50)), [
    "size/max-lines-per-function: Function 'other' has too many lines (162). Maximum allowed is 150.",
  ]);
  // The list is per file.
  assert.equal(lint(list, 'b.js', statements(401)).length, 1);
});

test('a listed offender that is back within the limits fails until its entry goes', () => {
  const list = {
    files: { 'a.js': 450 },
    functions: { 'a.js': { "Function 'big'": 200 } },
  };
  assert.deepEqual(lint(list, 'a.js', fn('big', 100) + statements(10)), [
    'size/max-lines: File is within 400 lines now: remove its entry from scripts/size-offenders.json (node scripts/size-offenders.mjs --write).',
    "size/max-lines-per-function: Function 'big' is within 150 lines now: remove its entry from scripts/size-offenders.json (node scripts/size-offenders.mjs --write).",
  ]);
});

test('--write only shrinks the list: fixed entries go, ceilings come down, nothing is added', () => {
  const listed = {
    files: { 'a.js': 500, 'b.js': 450 },
    functions: { 'a.js': { "Function 'big'": 300, "Function 'gone'": 180 } },
  };
  const today = {
    files: { 'a.js': 480, 'new.js': 900 },
    functions: { 'a.js': { "Function 'big'": 250 }, 'new.js': { "Function 'x'": 400 } },
  };
  assert.deepEqual(shrink(listed, today), {
    files: { 'a.js': 480 },
    functions: { 'a.js': { "Function 'big'": 250 } },
  });
});

test('every file the list names exists and is not a test', () => {
  const list = JSON.parse(readFileSync(LIST_PATH, 'utf8'));
  for (const path of [...Object.keys(list.files), ...Object.keys(list.functions)]) {
    assert.ok(existsSync(path), `${path} is listed in ${LIST_PATH} but does not exist: remove it`);
    assert.doesNotMatch(path, /\.(test|spec)\.|^test\/|\/test-support\//);
  }
});
