import assert from 'node:assert/strict';
import { test } from 'node:test';
import { navigationActions, visibilitiesOf } from './portalConfigurationApi';
import { CONFIGURABLE_PAGES, PAGES_HIDDEN_BY_DEFAULT, PORTAL_FLAGS, visiblePages } from './pages';

test('visibilities: the metadata over the defaults, for every page a vendor may configure', () => {
  const now = visibilitiesOf({ navigation: { roles: { visibility: 'always' } } });
  assert.deepEqual(Object.keys(now), [...CONFIGURABLE_PAGES]);
  assert.equal(now.roles, 'always');
  assert.equal(now.users, 'always');
  assert.equal(now.groups, 'hidden');
  assert.ok(!('portalConfiguration' in now), 'the vendor page is not configurable');
});

test('navigation actions: only the pages whose visibility changed', () => {
  const saved = { navigation: { roles: { visibility: 'byPermissions' as const } } };
  assert.deepEqual(navigationActions(saved, { roles: 'byPermissions', users: 'always', groups: 'always' }), [
    { path: 'navigation.groups.visibility', value: 'always' },
  ]);
  assert.deepEqual(navigationActions(saved, {}), []);
});

test('the flags the configuration offers include every page flag and the custom-login tab flag', () => {
  for (const flag of ['fe-roles-page', 'security-center-admin-portal', 'admin_portal_login_per_tenant'])
    assert.ok(PORTAL_FLAGS.includes(flag), flag);
  assert.ok(PAGES_HIDDEN_BY_DEFAULT.includes('provisioning'));
  assert.ok(!PAGES_HIDDEN_BY_DEFAULT.includes('users'));
});

test('the vendor page: a vendor super user sees it whatever the metadata says; nobody else does', () => {
  const base = { permissions: ['fe.*'], flags: {}, available: ['profile', 'portalConfiguration'] as const };
  const hiding = { navigation: { portalConfiguration: { visibility: 'hidden' as const } } };
  assert.deepEqual(visiblePages({ ...base, metadata: hiding, superUser: true }), [
    'profile',
    'portalConfiguration',
  ]);
  assert.deepEqual(visiblePages({ ...base, metadata: {}, superUser: false }), ['profile']);
  assert.deepEqual(visiblePages({ ...base, metadata: {} }), ['profile']);
});
