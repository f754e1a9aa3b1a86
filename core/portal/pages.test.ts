import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canReadPage, hasPermission, PORTAL_PAGES, visiblePages, type NavigationInput } from './pages';

const permissionRows: Array<[string[], string, boolean]> = [
  [['fe.*'], 'fe.secure.read.users', true],
  [['fe.*'], 'fe.subscriptions.*', true],
  [['fe.secure.read.users'], 'fe.secure.read.users', true],
  [['fe.secure.read.users'], 'fe.secure.read.roles', false],
  [['fe.subscriptions.read'], 'fe.subscriptions.*', true],
  [['fe.secure.*'], 'fe.secure.read.audits', true],
  [['fe.secure.*'], 'fe.connectivity.read.webhooks', false],
  [[], 'fe.secure.read.users', false],
  [['fe.secure.read.usersX'], 'fe.secure.read.users', false],
];
for (const [held, required, expected] of permissionRows) {
  test(`hasPermission([${held}], ${required}) is ${expected}`, () =>
    assert.equal(hasPermission(held, required), expected));
}

const all = [...PORTAL_PAGES];
const base: NavigationInput = { metadata: {}, permissions: [], flags: {}, available: all };

const navigationRows: Array<[string, Partial<NavigationInput>, string[]]> = [
  [
    'defaults, no permissions: the always-visible pages',
    {},
    ['profile', 'privacy', 'account', 'users', 'security', 'audits'],
  ],
  [
    'defaults, admin fe.*: always pages plus allAccounts (byPermissions)',
    { permissions: ['fe.*'] },
    ['profile', 'privacy', 'account', 'users', 'security', 'audits', 'allAccounts'],
  ],
  [
    'metadata shows roles, but its flag is off',
    { permissions: ['fe.*'], metadata: { navigation: { roles: { visibility: 'always' } } } },
    ['profile', 'privacy', 'account', 'users', 'security', 'audits', 'allAccounts'],
  ],
  [
    'metadata shows roles with the flag on',
    {
      permissions: ['fe.*'],
      flags: { 'fe-roles-page': true },
      metadata: { navigation: { roles: { visibility: 'always' } } },
    },
    ['profile', 'privacy', 'account', 'users', 'roles', 'security', 'audits', 'allAccounts'],
  ],
  [
    'the security centre: only with its flag (security-center-admin-portal) and fe.secure.read.securityPolicy',
    { permissions: ['fe.secure.read.securityPolicy'], flags: { 'security-center-admin-portal': true } },
    ['profile', 'privacy', 'account', 'users', 'security', 'audits', 'securityCenter'],
  ],
  [
    'the security centre: flag on, permission missing',
    { permissions: ['fe.secure.read.users'], flags: { 'security-center-admin-portal': true } },
    ['profile', 'privacy', 'account', 'users', 'security', 'audits'],
  ],
  [
    'metadata hides users and puts groups by permission; a user with the groups permission',
    {
      permissions: ['fe.secure.read.groups'],
      metadata: { navigation: { users: { visibility: 'hidden' }, groups: { visibility: 'byPermissions' } } },
    },
    ['profile', 'privacy', 'account', 'groups', 'security', 'audits'],
  ],
  [
    'byPermissions without the permission: not shown',
    { metadata: { navigation: { apiTokens: { visibility: 'byPermissions' } } } },
    ['profile', 'privacy', 'account', 'users', 'security', 'audits'],
  ],
  ['only the pages this build has', { available: ['profile', 'users', 'roles'] }, ['profile', 'users']],
  [
    'preview-default flags not evaluated (none loaded): groups and all accounts are on',
    { permissions: ['fe.*'], metadata: { navigation: { groups: { visibility: 'byPermissions' } } } },
    ['profile', 'privacy', 'account', 'users', 'groups', 'security', 'audits', 'allAccounts'],
  ],
  [
    'a preview-default flag turned off hides its page (admin_portal_groups, admin_portal_all_accounts)',
    {
      permissions: ['fe.*'],
      metadata: { navigation: { groups: { visibility: 'byPermissions' } } },
      flags: { admin_portal_groups: false, admin_portal_all_accounts: false },
    },
    ['profile', 'privacy', 'account', 'users', 'security', 'audits'],
  ],
];
for (const [name, input, expected] of navigationRows) {
  test(`navigation: ${name}`, () => assert.deepEqual(visiblePages({ ...base, ...input }), expected));
}

test('page content: profile needs nothing, users needs fe.secure.read.users', () => {
  assert.equal(canReadPage('profile', []), true);
  assert.equal(canReadPage('users', []), false);
  assert.equal(canReadPage('users', ['fe.*']), true);
});
