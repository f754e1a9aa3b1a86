import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isAuthorized, type GuardRequirements, type GuardUser } from './authorizedContent';
import { grantsPermission } from '../contract/permissions';

const user = (roles: string[], permissions: string[], superUser = false): GuardUser => ({
  superUser,
  roles: roles.map((key) => ({ key })),
  permissions: permissions.map((key) => ({ key })),
});

const viewer = user(['Viewer'], ['app.read']);
const editor = user(['Editor'], ['app.read', 'app.write']);
const admin = user(['Admin'], ['fe.*']);
const root = user([], [], true);

/** Spec 000 §6, one row per case: who, what is required, shown? */
const rows: Array<[string, GuardUser | null, GuardRequirements, boolean]> = [
  ['no requirement shows the content', viewer, {}, true],
  ['no requirement shows the content even signed out', null, {}, true],
  ['empty lists count as no requirement', viewer, { requiredPermissions: [], requiredRoles: [] }, true],
  ['a super user always sees it, even without the role', root, { requiredRoles: ['Admin'] }, true],
  [
    'a super user always sees it, even without the permission',
    root,
    { requiredPermissions: ['app.delete'] },
    true,
  ],
  ['one required permission held', viewer, { requiredPermissions: ['app.read'] }, true],
  ['one required permission missing', viewer, { requiredPermissions: ['app.write'] }, false],
  [
    'at least one of several permissions is enough',
    viewer,
    { requiredPermissions: ['app.write', 'app.read'] },
    true,
  ],
  ['none of several permissions held', viewer, { requiredPermissions: ['app.write', 'app.delete'] }, false],
  [
    'the wildcard fe.* grants an fe. permission',
    admin,
    { requiredPermissions: ['fe.secure.read.users'] },
    true,
  ],
  ['the wildcard fe.* grants nothing outside fe.', admin, { requiredPermissions: ['app.read'] }, false],
  ['one required role held', editor, { requiredRoles: ['Editor'] }, true],
  ['required role missing', viewer, { requiredRoles: ['Editor'] }, false],
  ['at least one of several roles is enough', viewer, { requiredRoles: ['Admin', 'Viewer'] }, true],
  [
    'roles override permissions: permission missing, role held -> shown',
    viewer,
    { requiredPermissions: ['app.write'], requiredRoles: ['Viewer'] },
    true,
  ],
  [
    'roles override permissions: permission held, role missing -> hidden',
    viewer,
    { requiredPermissions: ['app.read'], requiredRoles: ['Admin'] },
    false,
  ],
  ['both held', editor, { requiredPermissions: ['app.write'], requiredRoles: ['Editor'] }, true],
  ['neither held', viewer, { requiredPermissions: ['app.write'], requiredRoles: ['Editor'] }, false],
  ['signed out with a required permission', null, { requiredPermissions: ['app.read'] }, false],
  ['signed out with a required role', null, { requiredRoles: ['Viewer'] }, false],
  ['role keys match exactly (case matters)', viewer, { requiredRoles: ['viewer'] }, false],
];

for (const [name, who, requirements, expected] of rows) {
  test(`guard: ${name}`, () => assert.equal(isAuthorized(who, requirements), expected));
}

const wildcardRows: Array<[string, string, boolean]> = [
  ['fe.*', 'fe.secure.read.users', true],
  ['fe.secure.*', 'fe.secure.read.users', true],
  ['fe.secure.*', 'fe.connectivity.read.webhooks', false],
  ['fe.subscriptions.*', 'fe.subscriptions.read', true],
  ['fe.*', 'fe', false],
  ['fe.secure.read.users', 'fe.secure.read.users', true],
  ['fe.secure.read.user', 'fe.secure.read.users', false],
  ['fe*', 'fe.x', false],
];
for (const [held, wanted, expected] of wildcardRows) {
  test(`permission key ${held} ${expected ? 'grants' : 'does not grant'} ${wanted}`, () =>
    assert.equal(grantsPermission(held, wanted), expected));
}
