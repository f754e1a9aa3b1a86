// The development showcase (`npm start`): a vendor administrator, and every built portal page on.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CONFIGURABLE_PAGES, PORTAL_PAGES, visiblePages, type AdminBoxMetadata } from '../core/portal/pages';
import type { BuiltServer } from './app';
import { PasswordHasher } from './domain/passwords';
import { SEED_VENDOR_ADMIN_EMAIL, SEED_VENDOR_ADMIN_PASSWORD, seedShowcase } from './seed';
import { bearer, FAST_HASHING, login, startTestServer } from '../test/support/server';

const METADATA = '/frontegg/metadata?entityName=adminBox';
// Every page of the portal's page table: a page added there is turned on too, or this fails.
const TENANT_PAGES = [...CONFIGURABLE_PAGES].sort();
const VENDOR_PAGES = [...PORTAL_PAGES].sort();
let server: BuiltServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

async function navigationFor(token: string) {
  const meta = await server.app.inject({ method: 'GET', url: METADATA, headers: bearer(token) });
  const flags = await server.app.inject({ method: 'GET', url: '/frontegg/flags', headers: bearer(token) });
  const me = await server.app.inject({
    method: 'GET',
    url: '/frontegg/identity/resources/users/v2/me',
    headers: bearer(token),
  });
  const metadata = (meta.json().rows?.[0]?.configuration ?? {}) as AdminBoxMetadata;
  const flagValues = Object.fromEntries(
    Object.entries(flags.json() as Record<string, string>).map(([k, v]) => [k, v === 'on']),
  );
  const permissions = (me.json().permissions as Array<{ key: string }>).map((p) => p.key);
  const superUser = me.json().superUser === true;
  return visiblePages({
    metadata,
    permissions,
    flags: flagValues,
    available: PORTAL_PAGES,
    superUser,
  }).sort();
}

describe('development showcase (seedShowcase)', () => {
  it('without it, the reference server hides Roles, Groups and the API-token pages', async () => {
    const { accessToken } = await login(server.app);
    const pages = await navigationFor(accessToken);
    for (const hidden of [
      'roles',
      'groups',
      'personalApiTokens',
      'apiTokens',
      'subscriptions',
      'securityCenter',
    ])
      assert.ok(!pages.includes(hidden as never), hidden);
  });

  it('creates a vendor super user who may change the portal configuration, and shows every page of the page table', async () => {
    // What the vendor set before stays: the showcase adds its pages beside it.
    await server.db.query(
      `INSERT INTO admin_box_metadata (vendor_id, configuration)
       SELECT id, '{"navigation":{"audits":{"visibility":"hidden"}}}'::jsonb FROM vendors`,
    );
    assert.equal(await seedShowcase(server.db, new PasswordHasher(FAST_HASHING)), true);
    const stored = await server.db.query<{ configuration: { navigation: Record<string, unknown> } }>(
      'SELECT configuration FROM admin_box_metadata',
    );
    assert.deepEqual(stored.rows[0]!.configuration.navigation.audits, { visibility: 'hidden' });
    assert.deepEqual(stored.rows[0]!.configuration.navigation.roles, { visibility: 'byPermissions' });
    const vendor = await login(server.app, SEED_VENDOR_ADMIN_EMAIL, SEED_VENDOR_ADMIN_PASSWORD);
    const post = await server.app.inject({
      method: 'POST',
      url: '/frontegg/metadata',
      headers: bearer(vendor.accessToken),
      payload: {
        entityName: 'adminBox',
        actions: [{ path: 'navigation.audits.visibility', value: 'always' }],
      },
    });
    assert.equal(post.statusCode, 200);
    const { accessToken } = await login(server.app);
    assert.deepEqual(await navigationFor(accessToken), TENANT_PAGES);
    // The vendor's own page (Portal configuration) on top.
    assert.deepEqual(await navigationFor(vendor.accessToken), VENDOR_PAGES);
  });

  it('runs once: a second start changes nothing the vendor set since', async () => {
    const vendor = await login(server.app, SEED_VENDOR_ADMIN_EMAIL, SEED_VENDOR_ADMIN_PASSWORD);
    await server.app.inject({
      method: 'POST',
      url: '/frontegg/metadata',
      headers: bearer(vendor.accessToken),
      payload: {
        entityName: 'adminBox',
        actions: [{ path: 'navigation.groups.visibility', value: 'hidden' }],
      },
    });
    assert.equal(await seedShowcase(server.db, new PasswordHasher(FAST_HASHING)), false);
    assert.ok(!(await navigationFor(vendor.accessToken)).includes('groups'));
  });
});
