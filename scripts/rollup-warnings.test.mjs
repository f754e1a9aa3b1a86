import assert from 'node:assert/strict';
import { test } from 'node:test';
import { onwarn } from './rollup-warnings.mjs';

const printed = (warning) => {
  const seen = [];
  onwarn(warning, (w) => seen.push(w));
  return seen.length === 1;
};

test("the build drops @scure/base's misplaced-annotation comment and the 'use client' directives", () => {
  assert.equal(printed({ code: 'INVALID_ANNOTATION', id: '/repo/node_modules/@scure/base/index.js' }), false);
  assert.equal(printed({ code: 'MODULE_LEVEL_DIRECTIVE', id: '/repo/node_modules/react/index.js' }), false);
});

test('every other warning is still printed, the same code from another module included', () => {
  assert.equal(printed({ code: 'INVALID_ANNOTATION', id: '/repo/core/app.ts' }), true);
  assert.equal(printed({ code: 'INVALID_ANNOTATION', id: '/repo/node_modules/@scure/bip39/index.js' }), true);
  assert.equal(printed({ code: 'CIRCULAR_DEPENDENCY', id: '/repo/core/app.ts' }), true);
});
