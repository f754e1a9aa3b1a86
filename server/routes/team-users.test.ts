import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { SEED_TENANT_ID } from '../seed';
import { API, bearer, login, startTestServer } from '../../test/support/server';

const USERS = `${API}/users/v2`;
const BULK = 10_000;
let server: BuiltServer;
let adminToken: string;

/** 10,000 members of the seeded tenant, inserted in SQL (what the portal must page through). */
async function seedBulkUsers(count: number) {
  await server.db.query(
    `INSERT INTO users (vendor_id, email, name, verified, created_at)
     SELECT v.id, 'bulk' || lpad(g::text, 5, '0') || '@bulk.example.com', 'Bulk User ' || lpad(g::text, 5, '0'), g % 7 <> 0,
            now() - make_interval(mins => g)
       FROM generate_series(1, $1::int) g, (SELECT id FROM vendors LIMIT 1) v`,
    [count],
  );
  await server.db.query(
    `INSERT INTO memberships (user_id, tenant_id) SELECT id, $1 FROM users WHERE email LIKE '%@bulk.example.com'`,
    [SEED_TENANT_ID],
  );
}

before(async () => {
  server = await startTestServer();
  await seedBulkUsers(BULK);
  adminToken = (await login(server.app)).accessToken;
});
after(() => server.close());

const list = (query: string, token = adminToken) =>
  server.app.inject({ method: 'GET', url: `${USERS}${query}`, headers: bearer(token) });

describe('GET /users/v2 (tenant users)', () => {
  it('pages 20 by default, sorted by name ascending, with totals', async () => {
    const res = await list('');
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.equal(body.items.length, 20);
    assert.equal(body._metadata.totalItems, BULK + 1);
    assert.equal(body._metadata.totalPages, Math.ceil((BULK + 1) / 20));
    assert.equal(body.items[0].name, 'Ada Admin');
    assert.equal(body.items[1].name, 'Bulk User 00001');
    assert.deepEqual(Object.keys(body.items[1]).sort(), [
      'activatedForTenant',
      'createdAt',
      'customData',
      'email',
      'groups',
      'id',
      'invitationPending',
      'isLocked',
      'lastLogin',
      'managedBy',
      'metadata',
      'mfaEnabled',
      'mfaEnrolled',
      'name',
      'permissions',
      'phoneNumber',
      'profilePictureUrl',
      'provider',
      'roleIds',
      'roles',
      'sub',
      'tenantId',
      'tenantIds',
      'tenants',
      'vendorId',
      'verified',
    ]);
    assert.deepEqual(
      body.items[0].roles.map((r: { key: string }) => r.key),
      ['Admin'],
    );
  });

  it('_offset is the page index; _limit the page size; a page past the end is empty', async () => {
    const third = (await list('?_limit=10&_offset=2')).json();
    assert.equal(third.items.length, 10);
    assert.equal(third.items[0].name, 'Bulk User 00020');
    assert.equal((await list('?_limit=10&_offset=5000')).json().items.length, 0);
  });

  it('sorts by each field in both orders in the database', async () => {
    const newest = (await list('?_sortBy=createdAt&_order=DESC&_limit=1')).json().items[0];
    assert.equal(newest.email, 'admin@example.com'); // created after the bulk users' back-dated rows
    const lastByEmail = (await list('?_sortBy=email&_order=DESC&_limit=1')).json().items[0];
    assert.equal(lastByEmail.email, 'bulk10000@bulk.example.com');
    const unverifiedFirst = (await list('?_sortBy=verified&_order=ASC&_limit=3')).json().items;
    assert.ok(unverifiedFirst.every((u: { verified: boolean }) => u.verified === false));
  });

  it('filters by name or email, case-insensitively, with % and _ taken literally', async () => {
    const byName = (await list('?_filter=bulk%20user%2009999')).json();
    assert.equal(byName._metadata.totalItems, 1);
    assert.equal(byName.items[0].email, 'bulk09999@bulk.example.com');
    assert.equal((await list('?_filter=ADMIN%40EXAMPLE')).json()._metadata.totalItems, 1);
    assert.equal((await list('?_filter=%25')).json()._metadata.totalItems, 0);
    assert.equal((await list('?_filter=bulk0000_')).json()._metadata.totalItems, 0);
  });

  it('refuses a user without fe.secure.read.users (403) and a caller without a token (401)', async () => {
    const signUp = await server.app.inject({
      method: 'POST',
      url: `${API}/users/v1/signUp`,
      payload: { email: `reader-${Date.now()}@example.com`, password: 'a-long-password-1', name: 'Reader' },
    });
    const ownTenantAdmin = signUp.json().authResponse.accessToken as string;
    // An admin of their own new tenant sees only that tenant's users.
    assert.equal((await list('', ownTenantAdmin)).json()._metadata.totalItems, 1);
    await server.db.query(
      `DELETE FROM membership_roles WHERE membership_id IN (SELECT m.id FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email LIKE 'reader-%')`,
    );
    const email = (
      await server.app.inject({ method: 'GET', url: `${API}/users/v2/me`, headers: bearer(ownTenantAdmin) })
    ).json().email;
    const plain = (await login(server.app, email, 'a-long-password-1')).accessToken;
    const res = await list('', plain);
    assert.equal(res.statusCode, 403);
    assert.deepEqual(res.json(), {
      errors: ['You need the fe.secure.read.users permission to do this'],
      errorCodes: ['PERMISSION_REQUIRED'],
    });
    assert.equal((await server.app.inject({ method: 'GET', url: USERS })).statusCode, 401);
  });

  const bad = [
    '?_limit=abc',
    '?_limit=-1',
    '?_offset=1.5',
    '?_sortBy=password_hash',
    '?_order=SIDEWAYS',
    '?_filter=' + 'x'.repeat(300),
    '?unknown=1',
  ];
  for (const query of bad) {
    it(`refuses ${query.slice(0, 30)} with 400 and an errors list`, async () => {
      const res = await list(query);
      assert.equal(res.statusCode, 400, res.body);
      assert.ok(Array.isArray(res.json().errors));
    });
  }
});
