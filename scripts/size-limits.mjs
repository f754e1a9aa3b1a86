// The size guardrails of non-test code, as an ESLint plugin (eslint.config.mjs turns it on):
// a file may hold at most 400 lines of code and a function at most 150 (blank lines and comment-only
// lines are not counted, so explaining why costs nothing). The files and functions that were over
// the limits when the rule came in are listed in scripts/size-offenders.json, each with its size
// then as a ceiling. The list may only shrink:
// - a file or function that is not listed and crosses a limit fails, as ESLint's own rule would;
// - a listed one that grows past its ceiling fails;
// - a listed one that is back within the limit fails too, until its entry is removed.
// `node scripts/size-offenders.mjs` prints today's figures; `--write` rewrites the list from the
// tree, removing fixed entries and lowering ceilings (it never adds an entry or raises a ceiling).
//
// The two rules wrap ESLint's `max-lines` and `max-lines-per-function` (same counting, same
// messages for unlisted code) and only filter what those report.
import { builtinRules } from 'eslint/use-at-your-own-risk';
import { relative, sep } from 'node:path';

export const MAX_FILE_LINES = 400;
export const MAX_FUNCTION_LINES = 150;
export const LIST_PATH = 'scripts/size-offenders.json';

/** What the limits apply to: every linted source file that is not a test or a test's support. */
export const NON_TEST_FILES = ['**/*.{ts,tsx,mts,mjs,js}'];
export const TEST_FILES = ['**/*.test.*', '**/*.spec.*', 'test/**', '**/test-support/**'];

/** The options both rules give ESLint's own rules. */
export const countingOptions = { skipBlankLines: true, skipComments: true };

const repoPath = (context) => relative(context.cwd, context.filename).split(sep).join('/');

/**
 * Wraps one of ESLint's rules: `listedFor(path)` gives the file's entries (a Map of key to ceiling),
 * `keyOf(descriptor)` the entry a report is about and `sizeOf(descriptor)` its size.
 */
function ratchet(coreName, limit, listedFor, keyOf, sizeOf) {
  const core = builtinRules.get(coreName);
  return {
    meta: {
      type: 'suggestion',
      docs: { description: `${coreName} (${limit}) with a list of offenders that may only shrink` },
      schema: [],
      messages: {
        ...core.meta.messages,
        grown: `{{what}} has {{actual}} lines, more than its ceiling of {{ceiling}} in ${LIST_PATH}: shrink it (a listed offender may not grow).`,
        fixed: `{{what}} is within ${limit} lines now: remove its entry from ${LIST_PATH} (node scripts/size-offenders.mjs --write).`,
      },
    },
    create(context) {
      const path = repoPath(context);
      const listed = listedFor(path);
      const seen = new Set();
      const report = (descriptor) => {
        const key = keyOf(descriptor);
        const ceiling = listed.get(key);
        if (ceiling === undefined) return context.report(descriptor);
        seen.add(key);
        const actual = sizeOf(descriptor);
        if (actual > ceiling)
          context.report({
            ...descriptor,
            messageId: 'grown',
            data: { what: key, actual, ceiling },
          });
      };
      const options = [{ max: limit, ...countingOptions }];
      const wrapped = Object.create(context, {
        report: { value: report },
        options: { value: options },
      });
      const listeners = core.create(wrapped);
      const programExit = listeners['Program:exit'];
      return {
        ...listeners,
        'Program:exit'(node) {
          programExit?.(node);
          for (const key of listed.keys())
            if (!seen.has(key))
              context.report({
                loc: { line: 1, column: 0 },
                messageId: 'fixed',
                data: { what: key },
              });
        },
      };
    },
  };
}

const FILE_KEY = 'File';

/**
 * The plugin for a given list (`{ files: { path: lines }, functions: { path: { name: lines } } }`):
 * `size/max-lines` and `size/max-lines-per-function`.
 */
export function sizePlugin(list) {
  return {
    meta: { name: 'size-guardrails' },
    rules: {
      'max-lines': ratchet(
        'max-lines',
        MAX_FILE_LINES,
        (path) => new Map(path in (list.files ?? {}) ? [[FILE_KEY, list.files[path]]] : []),
        () => FILE_KEY,
        (descriptor) => descriptor.data.actual,
      ),
      'max-lines-per-function': ratchet(
        'max-lines-per-function',
        MAX_FUNCTION_LINES,
        (path) => new Map(Object.entries(list.functions?.[path] ?? {})),
        (descriptor) => descriptor.data.name,
        (descriptor) => descriptor.data.lineCount,
      ),
    },
  };
}
