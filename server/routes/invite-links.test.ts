// The tenant's invite link, sign-in with it, and users v3 (invitations.test.ts has the email invitations).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SEED_TENANT_ID } from '../seed';
import { API, SIGN_UP, signedInMember } from '../../test/support/server';
import { outbox } from '../../test/support/account';
import { call, invite, member, server, useInvitationServer, V3 } from '../../test/support/invitation';

const LINK = `${API}/tenants/invites/v1`;
const LINK_INVALID =
  'This invite link is invalid or has expired. Ask the account administrator for a new one.';

useInvitationServer();

/** A member of the seeded account whose only permission is fe.secure.read.users. */
async function readerToken(): Promise<string> {
  const { rows } = await server.db.query<{ id: string }>(
    `INSERT INTO roles (key, name, tenant_id, vendor_id) VALUES ('users-reader', 'Users reader', $1,
       (SELECT vendor_id FROM tenants WHERE id = $1)) RETURNING id`,
    [SEED_TENANT_ID],
  );
  await server.db.query(
    `INSERT INTO role_permissions (role_id, permission_id) SELECT $1, id FROM permissions WHERE key = 'fe.secure.read.users'`,
    [rows[0]!.id],
  );
  return signedInMember(server, 'reader@example.com', 'reader-password-1', ['users-reader']);
}

describe('invite link', () => {
  it('create (43200 minutes by default), get, update, verify, join by sign-up, delete', async () => {
    // No link yet: `{}` (the client SDK's Users page reads "no link"; a 404 was an error there).
    const none = await call('GET', `${LINK}/user`);
    assert.deepEqual([none.statusCode, none.json()], [200, {}]);
    const config = await call('GET', `${LINK}/configuration`);
    assert.equal(config.json().defaultExpiresInMinutes, 43200);
    const created = await call('POST', `${LINK}/user`, {});
    assert.equal(created.statusCode, 201, created.body);
    const body = created.json();
    assert.equal(body.expiresInMinutes, 43200);
    assert.match(body.token, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(body.link, `https://app.example.com/account/sign-up?invitationToken=${body.token}`);
    const got = (await call('GET', `${LINK}/user`)).json();
    assert.equal(got.id, body.id);
    // The client SDK reads the token on every answer: shown to those who may invite...
    assert.deepEqual([got.token, got.link], [body.token, body.link]);
    // ...not to a member who may only read the users (they may not invite).
    const reader = await readerToken();
    const read = (await call('GET', `${LINK}/user`, undefined, reader)).json();
    assert.deepEqual([read.id, read.token, read.link], [body.id, undefined, undefined]);
    const patched = await call('PATCH', `${LINK}/user`, { expiresInMinutes: 60, shouldSendEmail: true });
    assert.equal(patched.statusCode, 200, patched.body);
    assert.equal(patched.json().token, body.token);
    assert.equal(patched.json().expiresInMinutes, 60);
    assert.equal(patched.json().shouldSendEmail, true);
    for (const bad of [
      {},
      { expiresInMinutes: 0 },
      { expiresInMinutes: 525601 },
      { expiresInMinutes: '60' },
      { token: 'x' },
    ]) {
      const res = await call('PATCH', `${LINK}/user`, bad);
      assert.equal(res.statusCode, 400, JSON.stringify(bad));
      assert.ok(res.json().errors.length > 0);
    }
    const verified = await call('POST', `${LINK}/verify`, { token: body.token }, null);
    assert.equal(verified.statusCode, 200);
    // The account's name as a JSON string (the client SDK's verifyInviteToken reads a string).
    assert.match(verified.headers['content-type'] as string, /^application\/json/);
    const { rows } = await server.db.query<{ name: string }>('SELECT name FROM tenants WHERE id = $1', [
      SEED_TENANT_ID,
    ]);
    assert.equal(verified.json(), rows[0]!.name);
    const forged = await call('POST', `${LINK}/verify`, { token: 'B'.repeat(43) }, null);
    assert.deepEqual([forged.statusCode, forged.json().errors], [400, [LINK_INVALID]]);

    const joined = await call(
      'POST',
      SIGN_UP,
      {
        email: 'joiner@example.com',
        password: 'joiner-password-1',
        name: 'Jo Joiner',
        invitationToken: body.token,
      },
      null,
    );
    assert.equal(joined.statusCode, 200, joined.body);
    assert.equal(joined.json().tenantId, SEED_TENANT_ID);
    const joiner = await member('joiner@example.com');
    assert.deepEqual(joiner.roles, []);
    assert.match((await outbox(server.app, 'joiner@example.com'))[0]!.subject!, /^You joined /);
    const refused = await call(
      'POST',
      SIGN_UP,
      { email: 'joiner2@example.com', password: 'joiner-password-1', invitationToken: 'C'.repeat(43) },
      null,
    );
    assert.deepEqual([refused.statusCode, refused.json().errors], [400, [LINK_INVALID]]);
    assert.equal(
      (await call('GET', `${V3}?_email=joiner2@example.com`)).json().items.length,
      0,
      'nothing created',
    );

    // Creating again replaces the link; deleting ends it.
    const again = (await call('POST', `${LINK}/user`, { expiresInMinutes: 1440 })).json();
    assert.equal((await call('POST', `${LINK}/verify`, { token: body.token }, null)).statusCode, 400);
    assert.equal((await call('DELETE', `${LINK}/user`)).statusCode, 200);
    assert.equal((await call('POST', `${LINK}/verify`, { token: again.token }, null)).statusCode, 400);
    assert.equal((await call('DELETE', `${LINK}/user`)).statusCode, 404);
  });
});

describe('sign-in with an invite link', () => {
  it('an existing user who signs in with a live invitationToken joins the tenant and lands in it; a dead token is ignored', async () => {
    const own = await call(
      'POST',
      SIGN_UP,
      { email: 'existing@example.com', password: 'existing-password-1', companyName: 'Own Co' },
      null,
    );
    assert.equal(own.statusCode, 200, own.body);
    const ownTenant = own.json().tenantId;
    const forged = await call(
      'POST',
      `${API}/auth/v1/user`,
      { email: 'existing@example.com', password: 'existing-password-1', invitationToken: 'D'.repeat(43) },
      null,
    );
    assert.equal(forged.statusCode, 200);
    const link = (await call('POST', `${LINK}/user`, {})).json();
    const wrong = await call(
      'POST',
      `${API}/auth/v1/user`,
      { email: 'existing@example.com', password: 'wrong-password', invitationToken: link.token },
      null,
    );
    assert.equal(wrong.statusCode, 401);
    assert.equal(await member('existing@example.com'), undefined, 'a wrong password joins nothing');
    const res = await call(
      'POST',
      `${API}/auth/v1/user`,
      { email: 'existing@example.com', password: 'existing-password-1', invitationToken: link.token },
      null,
    );
    assert.equal(res.statusCode, 200, res.body);
    const tenants = (
      await call('GET', `${API}/users/v3/me/tenants`, undefined, res.json().accessToken)
    ).json();
    assert.equal(tenants.activeTenant.id, SEED_TENANT_ID);
    assert.deepEqual(
      tenants.tenants.map((t: { id: string }) => t.id).sort(),
      [ownTenant, SEED_TENANT_ID].sort(),
    );
    assert.deepEqual((await member('existing@example.com')).roles, []);
  });
});

describe('GET users v3', () => {
  it('pages like v2 and adds _email, _tenantId and the INACTIVE and NEVER_SIGNED_IN presets', async () => {
    assert.equal((await invite({ email: 'expiry@example.com' })).statusCode, 201);
    const page = (await call('GET', `${V3}?_limit=2&_offset=0&_sortBy=provider&_order=DESC`)).json();
    assert.equal(page.items.length, 2);
    assert.ok(page._metadata.totalItems >= 2);
    assert.equal((await call('GET', `${V3}?_tenantId=${SEED_TENANT_ID}&_limit=1`)).statusCode, 200);
    assert.equal((await call('GET', `${V3}?_tenantId=00000000-0000-4000-8000-000000000000`)).statusCode, 403);
    const inactive = (await call('GET', `${V3}?_preset=INACTIVE&_limit=200`)).json();
    const emails = inactive.items.map((u: { email: string }) => u.email);
    assert.ok(!emails.includes('expiry@example.com'), 'never signed in is not inactive (issue 24)');
    assert.ok(!emails.includes('admin@example.com'), 'the admin just signed in');
    const never = (await call('GET', `${V3}?_preset=NEVER_SIGNED_IN&_limit=200`)).json();
    const neverEmails = never.items.map((u: { email: string }) => u.email);
    assert.ok(neverEmails.includes('expiry@example.com'), 'never signed in: its own preset');
    assert.ok(!neverEmails.includes('admin@example.com'));
    for (const bad of ['_preset=nope', '_maxInactiveSeconds=10', '_offset=-1', '_limit=abc', '_unknown=1']) {
      const res = await call('GET', `${V3}?${bad}`);
      assert.equal(res.statusCode, 400, bad);
      assert.ok(res.json().errors.length > 0, bad);
    }
  });

  it('the MFA_UNENROLLED preset lists members without a second factor (a passkey alone is not MFA); mfaEnrolled says so in lists and in me', async () => {
    assert.equal((await invite({ email: 'second-factor@example.com' })).statusCode, 201);
    assert.equal((await invite({ email: 'passkey-only@example.com' })).statusCode, 201);
    const idOf = async (email: string) =>
      (await server.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email])).rows[0]!.id;
    await server.db.query(`INSERT INTO mfa_devices (user_id, kind, phone) VALUES ($1, 'sms', '+15550100')`, [
      await idOf('second-factor@example.com'),
    ]);
    await server.db.query(
      `INSERT INTO mfa_devices (user_id, kind, credential_id, public_key, passkey) VALUES ($1, 'webauthn', 'cred-passkey-only', 'key', true)`,
      [await idOf('passkey-only@example.com')],
    );
    const all = (await call('GET', `${V3}?_limit=200`)).json().items as Array<{
      email: string;
      mfaEnrolled: boolean;
    }>;
    const unenrolled = (await call('GET', `${V3}?_preset=MFA_UNENROLLED&_limit=200`)).json();
    const emails = unenrolled.items.map((u: { email: string }) => u.email);
    assert.ok(!emails.includes('second-factor@example.com'));
    assert.ok(emails.includes('passkey-only@example.com'));
    assert.equal(unenrolled._metadata.totalItems, all.filter((u) => !u.mfaEnrolled).length);
    assert.equal(all.find((u) => u.email === 'second-factor@example.com')?.mfaEnrolled, true);
    assert.equal(all.find((u) => u.email === 'passkey-only@example.com')?.mfaEnrolled, false);

    assert.equal((await call('GET', `${API}/users/v2/me`)).json().mfaEnrolled, false);
    const device = await server.db.query<{ id: string }>(
      `INSERT INTO mfa_devices (user_id, kind, phone) VALUES ($1, 'sms', '+15550101') RETURNING id`,
      [await idOf('admin@example.com')],
    );
    assert.equal((await call('GET', `${API}/users/v2/me`)).json().mfaEnrolled, true);
    await server.db.query('DELETE FROM mfa_devices WHERE id = $1', [device.rows[0]!.id]);
  });

  it('sorts by isLocked and provider from the stored columns', async () => {
    await server.db.query(`UPDATE users SET locked_at = now() WHERE email = 'expiry@example.com'`);
    const locked = (await call('GET', `${V3}?_sortBy=isLocked&_order=DESC&_limit=1`)).json();
    assert.equal(locked.items[0].email, 'expiry@example.com');
    assert.equal(locked.items[0].isLocked, true);
  });
});
