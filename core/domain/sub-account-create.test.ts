// The creator's roles in a new sub-account (core/domain/sub-account-create.ts): the creator
// defaults when the creator holds all they grant, else the creator's own roles they hold in full.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { creatorRoleIds } from './sub-account-create';

const roles = [
  { id: 'admin', key: 'Admin', forCreator: true, permissions: ['fe.*'] },
  {
    id: 'editor',
    key: 'Editor',
    forCreator: false,
    permissions: ['fe.secure.read.users', 'fe.secure.write.users'],
  },
  { id: 'viewer', key: 'Viewer', forCreator: false, permissions: ['fe.secure.read.users'] },
];

test('a creator holding every permission of the creator roles gets them', () => {
  assert.deepEqual(creatorRoleIds(roles, { sub: 'u', roles: ['Admin'], permissions: ['fe.*'] }), ['admin']);
});

test('otherwise the roles the creator holds whose permissions they hold, never more', () => {
  const creator = { sub: 'u', roles: ['Editor', 'Viewer'], permissions: ['fe.secure.read.users'] };
  assert.deepEqual(creatorRoleIds(roles, creator), ['viewer']);
  assert.deepEqual(creatorRoleIds(roles, { sub: 'token' }), []);
});
