import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hashOf, pageFromHash } from './route';

const rows: Array<[string, string | null]> = [
  ['#/portal/users', 'users'],
  ['#/portal/users/', 'users'],
  ['#/portal/users?x=1', 'users'],
  ['#/portal/roles', null], // not visible
  ['#/portal/', null],
  ['#/other/users', null],
  ['', null],
];
for (const [hash, expected] of rows) {
  test(`pageFromHash(${JSON.stringify(hash)}) is ${expected}`, () =>
    assert.equal(pageFromHash(hash, ['profile', 'users']), expected));
}

test('hashOf', () => assert.equal(hashOf('privacy'), '#/portal/privacy'));
