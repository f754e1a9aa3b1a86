// Access tokens exchanged from API tokens act for automation, not as a signed-in person: the calls
// that open sessions or change the person's own sign-in (impersonation, tenant switch, sessions,
// MFA and passkeys, the profile's phone number) refuse them with 403 before writing anything.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { API_TOKEN_REFUSED } from '../http/bearer';
import { PasswordHasher } from '../domain/passwords';
import { addMembership } from '../storage/tenants';
import { insertUser } from '../storage/users';
import { SEED_TENANT_ID } from '../seed';
import { API, bearer, FAST_HASHING, login, startTestServer } from '../../test/support/server';

let server: BuiltServer;
let admin: string;
let targetId: string;
const machines: Record<'personal' | 'tenant', string> = { personal: '', tenant: '' };

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token: string,
  payload?: unknown,
) =>
  server.app.inject({
    method,
    url: `${API}${url}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function exchange(created: { clientId: string; secret: string }): Promise<string> {
  const res = await server.app.inject({
    method: 'POST',
    url: `${API}/auth/v1/api-token`,
    payload: { clientId: created.clientId, secret: created.secret },
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().accessToken;
}

const countRows = async (sql: string, params: unknown[]) =>
  (await server.db.query<{ n: number }>(sql, params)).rows[0]!.n;

before(async () => {
  server = await startTestServer();
  admin = (await login(server.app)).accessToken;
  const vendor = (await server.db.query<{ id: string }>('SELECT id FROM vendors LIMIT 1')).rows[0]!.id;
  const target = await insertUser(server.db, {
    vendorId: vendor,
    email: 'api-target@example.com',
    name: 'Target',
    passwordHash: await new PasswordHasher(FAST_HASHING).hash('Target-pass-2026'),
    verified: true,
  });
  await addMembership(server.db, { userId: target.id, tenantId: SEED_TENANT_ID, roleKeys: ['Viewer'] });
  targetId = target.id;
  // The target has a session of their own, so "sign out the others" has something to end.
  await login(server.app, 'api-target@example.com', 'Target-pass-2026');

  const adminRole = (await call('GET', '/roles/v2?_filter=Admin', admin)).json().items[0].id as string;
  const personal = await call('POST', '/users/api-tokens/v1', admin, { description: 'personal' });
  assert.equal(personal.statusCode, 201, personal.body);
  const tenant = await call('POST', '/tenants/api-tokens/v1', admin, {
    description: 'tenant',
    roleIds: [adminRole],
  });
  assert.equal(tenant.statusCode, 201, tenant.body);
  machines.personal = await exchange(personal.json());
  machines.tenant = await exchange(tenant.json());
});
after(() => server.close());

describe('API-token callers', () => {
  for (const kind of ['tenant', 'personal'] as const) {
    it(`a ${kind} API token cannot impersonate: 403 and no session is opened`, async () => {
      const before = await countRows('SELECT count(*)::int AS n FROM sessions', []);
      const res = await call('POST', '/impersonation/v1', machines[kind], { userId: targetId });
      assert.equal(res.statusCode, 403, res.body);
      assert.deepEqual(res.json(), { errors: [API_TOKEN_REFUSED], errorCodes: ['API_TOKEN_REFUSED'] });
      assert.equal(res.headers['set-cookie'], undefined);
      assert.equal(await countRows('SELECT count(*)::int AS n FROM sessions', []), before);
    });

    it(`a ${kind} API token cannot switch tenant, manage sessions, MFA or passkeys, or edit the profile`, async () => {
      const sessionsBefore = await countRows(
        'SELECT count(*)::int AS n FROM sessions WHERE revoked_at IS NULL',
        [],
      );
      const cases: Array<[string, ReturnType<typeof call>]> = [
        ['tenant switch', call('PUT', '/users/v1/tenant', machines[kind], { tenantId: SEED_TENANT_ID })],
        ['sessions list', call('GET', '/users/sessions/v1/me', machines[kind])],
        ['current session', call('GET', '/users/sessions/v1/me/current', machines[kind])],
        ['sign out the others', call('DELETE', '/users/sessions/v1/me/all', machines[kind])],
        [
          'sign out one session',
          call('DELETE', '/users/sessions/v1/me/00000000-0000-4000-8000-000000000000', machines[kind]),
        ],
        ['MFA devices', call('GET', '/users/v1/mfa/devices', machines[kind])],
        ['MFA enrolment', call('POST', '/users/v1/mfa/enroll', machines[kind])],
        ['passkeys', call('GET', '/users/webauthn/v1/devices', machines[kind])],
        ['profile', call('PUT', '/users/v2/me', machines[kind], { phoneNumber: '+15550100200' })],
      ];
      for (const [name, pending] of cases) {
        const res = await pending;
        assert.equal(res.statusCode, 403, `${name}: ${res.body}`);
        assert.deepEqual(
          res.json(),
          { errors: [API_TOKEN_REFUSED], errorCodes: ['API_TOKEN_REFUSED'] },
          name,
        );
      }
      assert.equal(
        await countRows('SELECT count(*)::int AS n FROM sessions WHERE revoked_at IS NULL', []),
        sessionsBefore,
        'no session was ended',
      );
      assert.equal(await countRows('SELECT count(*)::int AS n FROM mfa_challenges', []), 0);
      assert.equal(
        await countRows('SELECT count(*)::int AS n FROM users WHERE phone IS NOT NULL', []),
        0,
        'no phone number (an SMS sign-in factor) was set',
      );
    });
  }

  it('API tokens still do what they are for: reading the team, the token holder reading "me"', async () => {
    assert.equal((await call('GET', '/users/v2', machines.tenant)).statusCode, 200);
    const me = await call('GET', '/users/v2/me', machines.personal);
    assert.equal(me.statusCode, 200);
    assert.equal(me.json().email, 'admin@example.com');
  });
});
