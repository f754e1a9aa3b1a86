// The client SDK's access tokens: the secret shown at creation is itself the bearer. It acts as its
// owner (user) or with its roles (tenant), only while it exists and has not expired, and under the
// tenant's IP restrictions; it may not act as a signed-in person nor make tokens.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { addIpRestrictions, saveIpConfig } from '../../core/domain/security-policies';
import { securityPolicyRepositories } from '../storage/security-policies';
import { API_TOKEN_REFUSED } from '../http/bearer';
import { SEED_TENANT_ID } from '../seed';
import { ADMIN, API, bearer, login, startTestServer } from '../../test/support/server';

let server: BuiltServer;
let admin: string;

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  server.app.inject({
    method,
    url: `${API}${url}`,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });

before(async () => {
  server = await startTestServer();
  admin = (await login(server.app)).accessToken;
});
after(() => server.close());

describe('user access tokens', () => {
  it('creates one whose secret is the bearer, lists it without the secret, and deletes it', async () => {
    const created = await call('POST', '/users/access-tokens/v1', admin, {
      description: 'CI',
      expiresInMinutes: 60,
    });
    assert.equal(created.statusCode, 201, created.body);
    const token = created.json() as { id: string; secret: string; expires: string; clientId?: string };
    assert.match(token.secret, /^fat_[A-Za-z0-9_-]{43}$/);
    assert.equal(token.clientId, undefined);
    assert.ok(Date.parse(token.expires) > Date.now());
    // Only the hash is stored.
    const stored = await server.db.query<{ secret_hash: string }>(
      'SELECT secret_hash FROM api_tokens WHERE id = $1',
      [token.id],
    );
    assert.ok(!stored.rows[0]!.secret_hash.includes(token.secret));

    const me = await call('GET', '/users/v2/me', token.secret);
    assert.equal(me.statusCode, 200, me.body);
    assert.equal(me.json().email, ADMIN.email);
    const listed = await call('GET', '/users/access-tokens/v1', admin);
    const item = (
      listed.json() as { accessTokens: Array<{ id: string; secret?: string }> }
    ).accessTokens.find((t) => t.id === token.id);
    assert.ok(item);
    assert.equal(item.secret, undefined);
    // Not among the API tokens, nor exchangeable as one.
    const apiTokens = (await call('GET', '/users/api-tokens/v1', admin)).json() as Array<{ id: string }>;
    assert.ok(!apiTokens.some((t) => t.id === token.id));
    const exchanged = await server.app.inject({
      method: 'POST',
      url: `${API}/auth/v1/api-token`,
      payload: { clientId: token.id, secret: token.secret },
    });
    assert.equal(exchanged.statusCode, 401);

    assert.equal((await call('DELETE', `/users/access-tokens/v1/${token.id}`, admin)).statusCode, 200);
    const after = await call('GET', '/users/v2/me', token.secret);
    assert.equal(after.statusCode, 401);
    assert.equal((await call('DELETE', `/users/access-tokens/v1/${token.id}`, admin)).statusCode, 404);
  });

  it('refuses an expired token, an unknown secret and a mangled one alike', async () => {
    const { id, secret } = (
      await call('POST', '/users/access-tokens/v1', admin, { description: 'Short', expiresInMinutes: 1 })
    ).json() as { id: string; secret: string };
    await server.db.query(`UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      id,
    ]);
    for (const bad of [secret, `fat_${'A'.repeat(43)}`, `${secret}x`]) {
      const res = await call('GET', '/users/v2/me', bad);
      assert.equal(res.statusCode, 401, bad);
    }
  });

  it('acts as an API token does: no person-only calls, no token making', async () => {
    const { secret } = (
      await call('POST', '/users/access-tokens/v1', admin, { description: 'Bot' })
    ).json() as { secret: string };
    const sessions = await call('DELETE', '/users/sessions/v1/me/all', secret);
    assert.equal(sessions.statusCode, 403);
    assert.equal(sessions.json().errors[0], API_TOKEN_REFUSED);
    const minted = await call('POST', '/users/access-tokens/v1', secret, { description: 'Child' });
    assert.equal(minted.statusCode, 403);
  });

  it("is subject to the tenant's IP restrictions", async () => {
    const { secret } = (
      await call('POST', '/users/access-tokens/v1', admin, { description: 'Far away' })
    ).json() as { secret: string };
    await addIpRestrictions(securityPolicyRepositories(server.db), SEED_TENANT_ID, [
      { ip: '10.9.9.9', strategy: 'ALLOW', isActive: true, description: null },
    ]);
    await saveIpConfig(securityPolicyRepositories(server.db), SEED_TENANT_ID, {
      isActive: true,
      strategy: 'ALLOW',
    });
    try {
      assert.equal((await call('GET', '/users/v2/me', secret)).statusCode, 401);
    } finally {
      await saveIpConfig(securityPolicyRepositories(server.db), SEED_TENANT_ID, { isActive: false });
    }
    assert.equal((await call('GET', '/users/v2/me', secret)).statusCode, 200);
  });
});

describe('tenant access tokens', () => {
  it('act with the roles chosen, and only while they exist', async () => {
    const roles = (await call('GET', '/roles/v1', admin)).json() as Array<{ id: string; key: string }>;
    const viewer = roles.find((r) => r.key === 'Viewer')!;
    const created = await call('POST', '/tenants/access-tokens/v1', admin, {
      description: 'Reader',
      expiresInMinutes: null,
      roleIds: [viewer.id],
    });
    assert.equal(created.statusCode, 201, created.body);
    const { id, secret, roleIds } = created.json() as { id: string; secret: string; roleIds: string[] };
    assert.deepEqual(roleIds, [viewer.id]);
    const listed = (await call('GET', '/tenants/access-tokens/v1', admin)).json() as {
      accessTokens: Array<{ id: string; roleIds: string[] }>;
    };
    assert.deepEqual(listed.accessTokens.find((t) => t.id === id)?.roleIds, [viewer.id]);
    // A Viewer may not create roles.
    const raised = await call('POST', '/roles/v1', secret, { key: 'by-tat', name: 'By token' });
    assert.equal(raised.statusCode, 403);
    assert.equal((await call('DELETE', `/tenants/access-tokens/v1/${id}`, admin)).statusCode, 200);
    assert.equal((await call('GET', '/tenants/access-tokens/v1', secret)).statusCode, 401);
  });
});
