// ESLint (flat config), run by `npm test`: the recommended rules of ESLint and typescript-eslint, and
// the React hooks rules on the kit's components. No rule is turned off for convenience; where a rule
// does not fit a file, the exception sits here with its reason.
import { readFileSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { LIST_PATH, NON_TEST_FILES, TEST_FILES, sizePlugin } from './scripts/size-limits.mjs';

const sizeOffenders = JSON.parse(readFileSync(new URL(LIST_PATH, import.meta.url), 'utf8'));

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'cdn/',
      'dist/',
      '.data/',
      '.tmp/',
      'test-results/',
      'playwright-report/',
      'demo-pages/react-host/dist/',
      'demo-pages/react-host/dist19/',
      'test/react19-host/node_modules/',
      'server/dist/',
      '.consumers/',
      'test/consumers/*/node_modules/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Names starting with an underscore are deliberately unused (a parameter kept for its position).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Types come in through `import type`; an inline `import('…').T` annotation is fine too.
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      // `interface A extends B {}` is how module augmentation adds B's members (elements/react/jsx.ts).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    // The CDN bundles render with Preact (rollup.config.mjs), whose useId restarts in each render root.
    files: ['elements/**/*.tsx', 'elements/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react',
              importNames: ['useId'],
              message: 'Use useUniqueId (elements/ui/useUniqueId.ts): ids must be unique on the page.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read the servers' JSON answers field by field, as an attacker or a client would, without
    // a declared type for every answer: `any` is allowed there and nowhere else.
    files: ['**/*.test.ts', '**/*.test.tsx', 'test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: [
      'core/**/*.{ts,tsx}',
      'elements/**/*.{ts,tsx}',
      'demo-pages/**/*.{ts,tsx}',
      'test/react19-host/**/*.tsx',
    ],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Size guardrails (scripts/size-limits.mjs): at most 400 lines of code in a file and 150 in a
    // function, blank and comment-only lines not counted; the offenders of the day the rule came in
    // are listed in scripts/size-offenders.json, each with its size as a ceiling, and the list may
    // only shrink (a fixed entry that is still listed fails too).
    files: NON_TEST_FILES,
    ignores: TEST_FILES,
    plugins: { size: sizePlugin(sizeOffenders) },
    rules: { 'size/max-lines': 'error', 'size/max-lines-per-function': 'error' },
  },
);
