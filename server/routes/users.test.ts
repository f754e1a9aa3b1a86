import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import {
  API,
  LOGIN,
  LOGOUT,
  ME,
  SIGN_UP,
  bearer,
  login,
  refresh,
  refreshCookieOf,
  startTestServer,
} from '../../test/support/server';

let server: BuiltServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

/** Vendor settings changed by a test are put back after it. */
afterEach(() =>
  server.db.query(
    `UPDATE vendors SET allow_signups = true, sign_up_requires_activation = false,
       allow_not_verified_users_login = true, password_min_length = 8, password_max_length = 128`,
  ),
);

const signUp = (payload: unknown) =>
  server.app.inject({ method: 'POST', url: SIGN_UP, payload: payload as object });

describe('public configuration', () => {
  it('GET /configurations/v1/public answers the public policy', async () => {
    const res = await server.app.inject({ method: 'GET', url: `${API}/configurations/v1/public` });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), {
      allowSignups: true,
      allowNotVerifiedUsersLogin: true,
      apiTokensEnabled: true,
      forcePermissions: false,
      authStrategy: 'EmailAndPassword',
      machineToMachineAuthStrategy: 'ClientCredentials',
      secondaryStrategies: [{ strategy: 'Passkeys', isActive: false }],
    });
  });

  it('GET /users/v1/passwords/config answers the password policy', async () => {
    const res = await server.app.inject({ method: 'GET', url: `${API}/users/v1/passwords/config` });
    assert.deepEqual(res.json(), { minLength: 8, maxLength: 128 });
  });

  it('GET /vendors/public answers the vendor public info, whiteLabelMode false', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/frontegg/vendors/public' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { name: 'Auth Elements', logo: '', icon: '', whiteLabelMode: false });
  });
});

describe('POST /users/v1/signUp', () => {
  it('creates user and tenant, signs in, and me / me/tenants agree', async () => {
    const res = await signUp({
      email: 'Bea@Example.org',
      password: 'long-enough-1',
      name: 'Bea Builder',
      companyName: 'Builders Ltd',
      phoneNumber: '+44 20 7946 0000',
      metadata: '{"plan":"free"}',
    });
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.equal(body.shouldActivate, false);
    assert.equal(typeof body.userId, 'string');
    assert.equal(typeof body.tenantId, 'string');
    assert.ok(body.authResponse.accessToken);
    assert.equal(body.authResponse.expiresIn, 300);
    assert.match(refreshCookieOf(res)!, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(body.user.email, 'bea@example.org');
    assert.deepEqual(
      body.user.roles.map((r: { key: string }) => r.key),
      ['Admin'],
    );
    assert.equal(JSON.stringify(body).includes('password'), false, 'no password material in the answer');

    const headers = bearer(body.authResponse.accessToken);
    const me = (await server.app.inject({ method: 'GET', url: ME, headers })).json();
    assert.equal(me.id, body.userId);
    assert.equal(me.name, 'Bea Builder');
    assert.equal(me.phoneNumber, '+44 20 7946 0000');
    assert.equal(me.tenantId, body.tenantId);
    assert.deepEqual(me.tenantIds, [body.tenantId]);
    assert.deepEqual(
      me.roles.map((r: { key: string; name: string }) => [r.key, r.name]),
      [['Admin', 'Admin']],
    );
    assert.deepEqual(
      me.permissions.map((p: { key: string }) => p.key),
      ['fe.*'],
    );
    assert.equal(me.metadata, '{"plan":"free"}');
    assert.equal(me.verified, false);
    assert.equal(me.mfaEnrolled, false);
    assert.equal(me.superUser, false);
    assert.ok(me.lastLogin);
    assert.ok(Date.parse(me.createdAt));

    const v2 = (
      await server.app.inject({ method: 'GET', url: `${API}/users/v2/me/tenants`, headers })
    ).json();
    assert.equal(v2.length, 1);
    assert.deepEqual(Object.keys(v2[0]).sort(), [
      'createdAt',
      'id',
      'isReseller',
      'metadata',
      'name',
      'tenantId',
      'vendorId',
    ]);
    assert.equal(v2[0].name, 'Builders Ltd');
    assert.equal(v2[0].tenantId, body.tenantId);

    const v3 = (
      await server.app.inject({ method: 'GET', url: `${API}/users/v3/me/tenants`, headers })
    ).json();
    assert.deepEqual(v3, { tenants: v2, activeTenant: v2[0] });

    // And the new account can sign in again later.
    await server.app.inject({
      method: 'POST',
      url: LOGOUT,
      headers: { cookie: `ae_refresh=${refreshCookieOf(res)}` },
    });
    assert.equal(
      (
        await server.app.inject({
          method: 'POST',
          url: LOGIN,
          payload: { email: 'bea@example.org', password: 'long-enough-1' },
        })
      ).statusCode,
      200,
    );
  });

  it('names the tenant after the name, else the email local part', async () => {
    const named = (await signUp({ email: 'cy@example.org', password: 'long-enough-1', name: 'Cy' })).json();
    const bare = (await signUp({ email: 'dee.dee@example.org', password: 'long-enough-1' })).json();
    const tenants = async (token: string) =>
      (
        await server.app.inject({ method: 'GET', url: `${API}/users/v2/me/tenants`, headers: bearer(token) })
      ).json()[0].name;
    assert.equal(await tenants(named.authResponse.accessToken), "Cy's account");
    assert.equal(await tenants(bare.authResponse.accessToken), "dee.dee's account");
  });

  it('answers 409 for an email that exists in any letter case, also for racing sign-ups', async () => {
    const res = await signUp({ email: 'ADMIN@example.com', password: 'long-enough-1' });
    assert.equal(res.statusCode, 409);
    assert.deepEqual(res.json(), { errors: ['User already exists'], errorCodes: ['USER_EXISTS'] });
    const race = await Promise.all(
      [1, 2].map(() => signUp({ email: 'racer@example.org', password: 'long-enough-1' })),
    );
    assert.deepEqual(race.map((r) => r.statusCode).sort(), [200, 409]);
  });

  it('answers 403 when sign-up is disabled', async () => {
    await server.db.query('UPDATE vendors SET allow_signups = false');
    const res = await signUp({ email: 'late@example.org', password: 'long-enough-1' });
    assert.equal(res.statusCode, 403);
    assert.deepEqual(res.json(), { errors: ['Sign up is disabled'], errorCodes: ['SIGN_UP_DISABLED'] });
  });

  it('enforces the configured password policy with a clear message', async () => {
    const short = await signUp({ email: 'short@example.org', password: 'short' });
    assert.equal(short.statusCode, 400);
    assert.deepEqual(short.json(), {
      errors: ['Password must be at least 8 characters'],
      errorCodes: ['PASSWORD_TOO_SHORT'],
    });
    await server.db.query('UPDATE vendors SET password_min_length = 12, password_max_length = 20');
    assert.deepEqual((await signUp({ email: 'short@example.org', password: 'eleven-char' })).json(), {
      errors: ['Password must be at least 12 characters'],
      errorCodes: ['PASSWORD_TOO_SHORT'],
    });
    assert.deepEqual((await signUp({ email: 'short@example.org', password: 'x'.repeat(21) })).json(), {
      errors: ['Password must be at most 20 characters'],
      errorCodes: ['PASSWORD_TOO_LONG'],
    });
    assert.deepEqual(
      (await server.app.inject({ method: 'GET', url: `${API}/users/v1/passwords/config` })).json(),
      { minLength: 12, maxLength: 20 },
    );
  });

  it('with activation required: shouldActivate true, no authResponse, no cookie', async () => {
    await server.db.query('UPDATE vendors SET sign_up_requires_activation = true');
    const res = await signUp({ email: 'pending@example.org', password: 'long-enough-1' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().shouldActivate, true);
    assert.equal(res.json().authResponse, undefined);
    assert.equal(refreshCookieOf(res), undefined);
    assert.equal(res.json().user.lastLogin, null);
  });

  it('refuses sign-in of an unverified user when the policy says so (after the password matched)', async () => {
    await signUp({ email: 'unverified@example.org', password: 'long-enough-1' });
    await server.db.query('UPDATE vendors SET allow_not_verified_users_login = false');
    const res = await server.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email: 'unverified@example.org', password: 'long-enough-1' },
    });
    assert.equal(res.statusCode, 403);
    assert.ok(res.json().errors[0]);
    const wrong = await server.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email: 'unverified@example.org', password: 'wrong-password' },
    });
    assert.equal(wrong.statusCode, 401, 'a wrong password still reads as a wrong password');
  });

  it('accepts metadata as an object and refuses metadata that is not a JSON object', async () => {
    const ok = await signUp({
      email: 'meta@example.org',
      password: 'long-enough-1',
      metadata: { a: [1, 2] },
    });
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.json().user.metadata, '{"a":[1,2]}');
    for (const metadata of ['not json', '[1]', '42', 5, true, [1]]) {
      const res = await signUp({ email: 'meta2@example.org', password: 'long-enough-1', metadata });
      assert.equal(res.statusCode, 400, JSON.stringify(metadata));
      assert.ok(res.json().errors.length === 1, res.body);
    }
  });
});

describe('roles read at refresh', () => {
  it('a refreshed token carries the roles as they are now', async () => {
    const { rows } = await server.db.query<{ id: string }>(`SELECT id FROM roles WHERE key = 'Viewer'`);
    const signed = (await signUp({ email: 'grow@example.org', password: 'long-enough-1' })).json();
    await server.db.query(
      `INSERT INTO membership_roles (membership_id, role_id) SELECT m.id, $2 FROM memberships m WHERE m.user_id = $1`,
      [signed.userId, rows[0]!.id],
    );
    const { cookie } = await login(server.app, 'grow@example.org', 'long-enough-1');
    const refreshed = (await refresh(server.app, cookie)).json();
    const payload = JSON.parse(Buffer.from(refreshed.accessToken.split('.')[1], 'base64url').toString());
    assert.deepEqual(payload.roles, ['Admin', 'Viewer']);
  });
});
