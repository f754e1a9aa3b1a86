import { test } from 'node:test';
import assert from 'node:assert/strict';
import { roleIdsPayload } from './team';

const rows: Array<[string[], string[], string[]]> = [
  [['a'], [], ['']], // had roles, now none: one empty string clears them
  [[], [], []], // had none, still none
  [['a'], ['b', 'c'], ['b', 'c']],
  [[], ['a'], ['a']],
];
for (const [previous, next, expected] of rows) {
  test(`roles ${JSON.stringify(previous)} -> ${JSON.stringify(next)} sends ${JSON.stringify(expected)}`, () => {
    assert.deepEqual(roleIdsPayload(previous, next), expected);
  });
}
