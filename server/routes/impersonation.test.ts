import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { decodeJwt } from 'jose';
import type { BuiltServer } from '../app';
import { IMPERSONATE_PERMISSION } from '../../core/domain/impersonation';
import { PasswordHasher } from '../domain/passwords';
import { addMembership, createTenant } from '../storage/tenants';
import { insertUser } from '../storage/users';
import { SEED_TENANT_ID } from '../seed';
import {
  ALLOWED_ORIGIN,
  API,
  FAST_HASHING,
  ME,
  bearer,
  login,
  refresh,
  refreshCookieOf,
  startTestServer,
  type LoggedIn,
} from '../../test/support/server';

const IMPERSONATE = `${API}/impersonation/v1`;
const PASSWORD = 'Member-pass-2026';

let server: BuiltServer;
const ids: Record<string, string> = {};

/** A member of `tenantId` with `roleKeys`, who can sign in with PASSWORD. */
async function member(
  key: string,
  tenantId: string,
  roleKeys: string[],
  extra: { verified?: boolean; superUser?: boolean } = {},
) {
  const vendor = (await server.db.query<{ id: string }>('SELECT id FROM vendors LIMIT 1')).rows[0]!.id;
  const hasher = new PasswordHasher(FAST_HASHING);
  const user = await insertUser(server.db, {
    vendorId: vendor,
    email: `${key}@imp.example.com`,
    name: key,
    passwordHash: await hasher.hash(PASSWORD),
    verified: extra.verified ?? true,
  });
  await addMembership(server.db, { userId: user.id, tenantId, roleKeys });
  if (extra.superUser) await server.db.query('UPDATE users SET super_user = true WHERE id = $1', [user.id]);
  ids[key] = user.id;
}

before(async () => {
  server = await startTestServer();
  const db = server.db;
  const vendor = (await db.query<{ id: string }>('SELECT id FROM vendors LIMIT 1')).rows[0]!.id;
  // A support role that may impersonate and nothing else: it must not reach an admin.
  await db.query(`INSERT INTO roles (vendor_id, key, name) VALUES ($1, 'Support', 'Support')`, [vendor]);
  await db.query(
    `INSERT INTO role_permissions (role_id, permission_id)
    SELECT r.id, p.id FROM roles r, permissions p WHERE r.key = 'Support' AND p.key = $1`,
    [IMPERSONATE_PERMISSION],
  );
  const other = await createTenant(db, { vendorId: vendor, name: 'Other Co' });
  await member('viewer', SEED_TENANT_ID, ['Viewer']);
  await member('admin2', SEED_TENANT_ID, ['Admin']);
  await member('support', SEED_TENANT_ID, ['Support']);
  await member('pending', SEED_TENANT_ID, ['Viewer'], { verified: false });
  await member('root', SEED_TENANT_ID, ['Viewer'], { superUser: true });
  await member('outsider', other.id, ['Viewer']);
  ids.otherTenant = other.id;
});
after(() => server.close());

const post = (who: LoggedIn, payload: unknown, origin?: string) =>
  server.app.inject({
    method: 'POST',
    url: IMPERSONATE,
    payload: payload as object,
    headers: { ...bearer(who.accessToken), ...(origin ? { origin } : {}) },
  });

/** The client SDK's call from a page holding only the actor's token: no Authorization header. */
const postActor = (payload: object, origin = ALLOWED_ORIGIN) =>
  server.app.inject({ method: 'POST', url: IMPERSONATE, payload, headers: { origin } });

describe('POST /impersonation/v1', () => {
  it('an admin becomes another member: token for the member with act.sub, refresh cookie moved, own session ended', async () => {
    const admin = await login(server.app);
    const adminSub = decodeJwt(admin.accessToken).sub;
    const res = await post(admin, { userId: ids.viewer, tenantId: SEED_TENANT_ID }, ALLOWED_ORIGIN);
    assert.equal(res.statusCode, 200, res.body);
    const claims = decodeJwt(res.json().accessToken) as {
      sub: string;
      act?: { sub: string };
      tenantId: string;
    };
    assert.equal(claims.sub, ids.viewer);
    assert.deepEqual(claims.act, { sub: adminSub });
    assert.equal(claims.tenantId, SEED_TENANT_ID);
    const cookie = refreshCookieOf(res)!;
    assert.match(cookie, /^[A-Za-z0-9_-]{43}$/);

    const me = await server.app.inject({ method: 'GET', url: ME, headers: bearer(res.json().accessToken) });
    assert.equal(me.json().email, 'viewer@imp.example.com');

    // The impersonation survives a refresh (the page reloads after it) and stays marked.
    const refreshed = await refresh(server.app, cookie);
    assert.equal(refreshed.statusCode, 200);
    assert.deepEqual((decodeJwt(refreshed.json().accessToken) as { act?: unknown }).act, { sub: adminSub });
    // The admin's own refresh cookie is dead.
    assert.equal((await refresh(server.app, admin.cookie)).statusCode, 401);
    // The member's last login is theirs, not the impersonator's.
    const { rows } = await server.db.query<{ last_login: Date | null }>(
      'SELECT last_login FROM users WHERE id = $1',
      [ids.viewer],
    );
    assert.equal(rows[0]!.last_login, null);
  });

  it('an impersonated session cannot switch to another account of the user', async () => {
    const admin = await login(server.app);
    const res = await post(admin, { userId: ids.viewer });
    assert.equal(res.statusCode, 200, res.body);
    const vendor = (await server.db.query<{ id: string }>('SELECT id FROM vendors LIMIT 1')).rows[0]!.id;
    const second = await createTenant(server.db, { vendorId: vendor, name: 'Viewer Side Co' });
    await addMembership(server.db, { userId: ids.viewer!, tenantId: second.id, roleKeys: ['Admin'] });
    const sw = await server.app.inject({
      method: 'PUT',
      url: `${API}/users/v1/tenant`,
      payload: { tenantId: second.id },
      headers: bearer(res.json().accessToken),
    });
    assert.equal(sw.statusCode, 403);
    assert.deepEqual(sw.json().errors, ['An impersonated session stays in the account it was opened in']);
  });

  it("an impersonated session cannot change the person's sign-in factors or phone number", async () => {
    const admin = await login(server.app);
    const res = await post(admin, { userId: ids.viewer });
    assert.equal(res.statusCode, 200, res.body);
    const as = bearer(res.json().accessToken);
    const calls = [
      { method: 'PUT', url: ME, payload: { phoneNumber: '+15555550142' } },
      { method: 'POST', url: `${API}/users/webauthn/v1/devices`, payload: {} },
      { method: 'POST', url: `${API}/users/v1/mfa/sms/enroll`, payload: { phoneNumber: '+15555550142' } },
      { method: 'POST', url: `${API}/users/v1/mfa/authenticator/enroll`, payload: {} },
    ] as const;
    for (const call of calls) {
      const answer = await server.app.inject({ ...call, headers: as });
      assert.equal(answer.statusCode, 403, `${call.method} ${call.url}: ${answer.body}`);
      assert.deepEqual(answer.json().errors, ['Not available while impersonating']);
    }
    const { rows } = await server.db.query<{ phone: string | null }>(
      'SELECT phone FROM users WHERE id = $1',
      [ids.viewer],
    );
    assert.equal(rows[0]!.phone, null);
    // What the person sees stays readable, and the name can still be fixed.
    assert.equal(
      (await server.app.inject({ method: 'GET', url: `${API}/users/v1/mfa/devices`, headers: as }))
        .statusCode,
      200,
    );
    const renamed = await server.app.inject({
      method: 'PUT',
      url: ME,
      payload: { name: 'Viewer' },
      headers: as,
    });
    assert.equal(renamed.statusCode, 200, renamed.body);
  });

  it('an impersonated session cannot impersonate again', async () => {
    const admin = await login(server.app);
    const first = await post(admin, { userId: ids.admin2 });
    assert.equal(first.statusCode, 200, first.body);
    const again = await post({ accessToken: first.json().accessToken, cookie: '' }, { userId: ids.viewer });
    assert.equal(again.statusCode, 403);
    assert.deepEqual(again.json().errors, [
      'You are already impersonating a user. Sign out and sign in as yourself first',
    ]);
  });

  const refusals: Array<[string, string, () => unknown, number, string]> = [
    [
      'without the permission',
      'viewer',
      () => ({ userId: ids.admin2 }),
      403,
      `You need the ${IMPERSONATE_PERMISSION} permission to do this`,
    ],
    [
      'to someone with more permissions (no escalation)',
      'support',
      () => ({ userId: ids.admin2 }),
      403,
      'This user has permissions you do not have, so you cannot impersonate them',
    ],
    ['oneself', 'admin', () => ({ userId: 'SELF' }), 400, 'You cannot impersonate yourself'],
    [
      'a member of another tenant',
      'admin',
      () => ({ userId: ids.outsider }),
      404,
      'User not found in this account',
    ],
    [
      'naming another tenant',
      'admin',
      () => ({ userId: ids.outsider, tenantId: ids.otherTenant }),
      403,
      'You can only impersonate members of your active account',
    ],
    [
      'an unknown user id',
      'admin',
      () => ({ userId: '00000000-0000-4000-8000-000000000000' }),
      404,
      'User not found in this account',
    ],
    [
      'a forged, malformed user id',
      'admin',
      () => ({ userId: "' OR 1=1 --" }),
      404,
      'User not found in this account',
    ],
    [
      'a member who has not activated',
      'admin',
      () => ({ userId: ids.pending }),
      400,
      'This user has not activated their account yet',
    ],
    ['a super user', 'admin', () => ({ userId: ids.root }), 403, 'Super users cannot be impersonated'],
  ];
  for (const [name, who, payload, status, message] of refusals) {
    it(`refuses ${name} with ${status}`, async () => {
      const caller =
        who === 'admin'
          ? await login(server.app)
          : await login(server.app, `${who}@imp.example.com`, PASSWORD);
      const body = payload() as { userId: string };
      if (body.userId === 'SELF') body.userId = decodeJwt(caller.accessToken).sub!;
      const res = await post(caller, body);
      assert.equal(res.statusCode, status, res.body);
      assert.deepEqual(res.json().errors, [message]);
      assert.equal(refreshCookieOf(res), undefined);
      // The client SDK's body without a bearer: the actor token is held to the same rules.
      const { userId, ...rest } = body;
      const bodyOnly = await postActor({
        ...rest,
        impersonatedUserId: userId,
        actorToken: caller.accessToken,
      });
      assert.equal(bodyOnly.statusCode, status, bodyOnly.body);
      assert.deepEqual(bodyOnly.json().errors, [message]);
    });
  }

  it("takes the client SDK's body without a bearer: the actor token is the proof, checked as a bearer is", async () => {
    const admin = await login(server.app);
    const ok = await postActor({ impersonatedUserId: ids.viewer, actorToken: admin.accessToken });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(decodeJwt(ok.json().accessToken).sub, ids.viewer);
    assert.deepEqual(decodeJwt(ok.json().accessToken).act, { sub: decodeJwt(admin.accessToken).sub });
    // The admin's session ended with the impersonation: its token no longer acts.
    const ended = await postActor({ impersonatedUserId: ids.viewer, actorToken: admin.accessToken });
    assert.equal(ended.statusCode, 401);
    const fresh = await login(server.app);
    const [h, p] = fresh.accessToken.split('.');
    for (const actorToken of [`${h}.${p}.AAAA`, 'not-a-token']) {
      const res = await postActor({ impersonatedUserId: ids.viewer, actorToken });
      assert.equal(res.statusCode, 401, actorToken);
      assert.equal(refreshCookieOf(res), undefined);
    }
    const foreign = await postActor(
      { impersonatedUserId: ids.viewer, actorToken: fresh.accessToken },
      'https://evil.example',
    );
    assert.equal(foreign.statusCode, 403);
  });

  it('answers bad input with 4xx and an errors list: no token, forged token, foreign origin, unknown field, empty or overlong id', async () => {
    const admin = await login(server.app);
    const noToken = await server.app.inject({
      method: 'POST',
      url: IMPERSONATE,
      payload: { userId: ids.viewer },
    });
    assert.equal(noToken.statusCode, 401);
    const [h, p] = admin.accessToken.split('.');
    const forged = await server.app.inject({
      method: 'POST',
      url: IMPERSONATE,
      payload: { userId: ids.viewer },
      headers: bearer(`${h}.${p}.AAAA`),
    });
    assert.equal(forged.statusCode, 401);
    const foreign = await post(admin, { userId: ids.viewer }, 'https://evil.example');
    assert.equal(foreign.statusCode, 403);
    for (const payload of [
      { userId: ids.viewer, vendorId: 'x' },
      { userId: '' },
      { userId: 'x'.repeat(101) },
      {},
      { userId: 42 },
    ]) {
      const res = await post(admin, payload);
      assert.equal(res.statusCode, 400, JSON.stringify(payload));
      assert.ok(Array.isArray(res.json().errors) && res.json().errors.length > 0);
    }
  });
});
