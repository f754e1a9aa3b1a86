/**
 * The signed-in user's one query (storage/principal.ts): a role held directly and through two
 * groups counts once, and a permission two held roles grant counts once, in GET me and in the
 * access token of a sign-in and of a refresh.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { decodeJwt } from 'jose';
import type { BuiltServer } from '../app';
import { PasswordHasher } from './passwords';
import { addMembership } from '../storage/tenants';
import { insertUser } from '../storage/users';
import { SEED_TENANT_ID } from '../seed';
import { API, bearer, FAST_HASHING, login, refresh, startTestServer } from '../../test/support/server';

let server: BuiltServer;
let admin: string;
before(async () => {
  server = await startTestServer();
  admin = (await login(server.app)).accessToken;
});
after(() => server.close());

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  server.app.inject({ method, url: `${API}${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('the principal query', () => {
  it('counts a role held directly and through two groups once, and each granted permission once', async () => {
    const vendor = (await server.db.query<{ id: string }>('SELECT id FROM vendors LIMIT 1')).rows[0]!.id;
    const email = 'principal-dup@example.com';
    const user = await insertUser(server.db, {
      vendorId: vendor,
      email,
      name: 'Dup',
      passwordHash: await new PasswordHasher(FAST_HASHING).hash('Member-pass-2026'),
      verified: true,
    });
    await addMembership(server.db, {
      userId: user.id,
      tenantId: SEED_TENANT_ID,
      roleKeys: ['ReadOnly', 'Editor'],
    });
    const roles = (await call('GET', '/roles/v2?_limit=50', admin)).json().items as Array<{
      id: string;
      key: string;
      permissions: string[];
    }>;
    const held = roles.filter((r) => r.key === 'ReadOnly' || r.key === 'Editor');
    for (const name of ['First', 'Second']) {
      const group = (await call('POST', '/groups/v1', admin, { name })).json();
      await call('POST', `/groups/v1/${group.id}/roles`, admin, { roleIds: held.map((r) => r.id) });
      await call('POST', `/groups/v1/${group.id}/users`, admin, { userIds: [user.id] });
    }
    const keyOf = new Map(
      ((await call('GET', '/permissions/v1', admin)).json() as Array<{ id: string; key: string }>).map(
        (p) => [p.id, p.key],
      ),
    );
    const granted = [...new Set(held.flatMap((r) => r.permissions.map((id) => keyOf.get(id) ?? id)))].sort();
    assert.ok(granted.length > 0);

    const signedIn = await login(server.app, email, 'Member-pass-2026');
    const me = (await call('GET', '/users/v2/me', signedIn.accessToken)).json();
    assert.deepEqual(
      me.roles.map((r: { key: string }) => r.key),
      ['Editor', 'ReadOnly'],
    );
    assert.deepEqual(
      me.permissions.map((p: { key: string }) => p.key),
      granted,
    );
    const refreshed = (await refresh(server.app, signedIn.cookie)).json().accessToken as string;
    for (const token of [signedIn.accessToken, refreshed]) {
      const claims = decodeJwt(token);
      assert.deepEqual(claims.roles, ['Editor', 'ReadOnly']);
      assert.deepEqual([...(claims.permissions as string[])].sort(), granted);
    }
  });
});
