import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hasPermission } from '../portal/pages';
import { grantsPermission, holdsPermission } from './permissions';

describe('the permission rule (one, for server, demo and kit)', () => {
  const grants: Array<[string, string, boolean]> = [
    ['fe.*', 'fe.secure.read.users', true],
    ['fe.secure.*', 'fe.secure.read.users', true],
    ['fe.secure.*', 'fe.connectivity.read.webhooks', false],
    ['fe.*', 'fe', false],
    ['fe.*', 'fe.*', true],
    ['*', 'fe.secure.read.users', true],
    ['fe.secure.read.users', 'fe.secure.read.users', true],
    ['fe.secure.read.user', 'fe.secure.read.users', false],
    ['fe*', 'fe.x', false],
    ['fe.secure.write.roles', 'fe.*', false],
    ['fe.subscriptions.read', 'fe.subscriptions.*', false],
  ];
  for (const [held, wanted, expected] of grants)
    it(`${held} ${expected ? 'grants' : 'does not grant'} ${wanted}`, () => {
      assert.equal(grantsPermission(held, wanted), expected);
      assert.equal(holdsPermission([held], wanted), expected);
    });

  it('holds nothing with no keys', () => assert.equal(holdsPermission([], 'fe.secure.read.users'), false));

  it('a page that asks for a wildcard is shown to any key under it (and only then)', () => {
    assert.equal(hasPermission(['fe.subscriptions.read'], 'fe.subscriptions.*'), true);
    assert.equal(hasPermission(['fe.secure.read.users'], 'fe.subscriptions.*'), false);
    assert.equal(hasPermission(['fe.*'], 'fe.subscriptions.*'), true);
    assert.equal(hasPermission(['fe.secure.*'], 'fe.secure.read.users'), true);
  });
});
