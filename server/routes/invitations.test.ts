import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SEED_TENANT_ID } from '../seed';
import { API, login } from '../../test/support/server';
import { latestLink, outbox } from '../../test/support/account';
import {
  call,
  invite,
  INVITE,
  member,
  roles,
  server,
  useInvitationServer,
  V3,
} from '../../test/support/invitation';

const INVITATION = `${API}/users/v1/invitation`;
const LINK = `${API}/tenants/invites/v1`;
const INVALID = 'This invitation is invalid or has expired. Ask the account administrator for a new one.';

useInvitationServer();

describe('invite (POST users v2)', () => {
  it('creates a pending member with the roles and emails an accept link', async () => {
    const res = await invite({
      email: 'Invitee-1@Example.com',
      name: 'Ivy Invitee',
      phoneNumber: '+44 20 7946 0000',
      roleIds: [roles.Editor],
      provider: 'local',
    });
    assert.equal(res.statusCode, 201, res.body);
    const body = res.json();
    assert.equal(body.email, 'invitee-1@example.com');
    assert.equal(body.invitationPending, true);
    assert.equal(body.activatedForTenant, false);
    assert.equal(body.provider, 'local');
    assert.deepEqual(
      body.roles.map((r: { key: string }) => r.key),
      ['Editor'],
    );
    const [mail] = await outbox(server.app, 'invitee-1@example.com');
    assert.match(mail!.subject!, /^You are invited to join /);
    const link = await latestLink(server.app, 'invitee-1@example.com');
    assert.equal(link.origin + link.pathname, 'https://app.example.com/account/invitation/accept');
    assert.equal(link.searchParams.get('userId'), body.id);
    assert.match(link.searchParams.get('token')!, /^[A-Za-z0-9_-]{43}$/);
    // Stored hashed: the token itself is nowhere in the table.
    const stored = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM one_time_tokens WHERE token_hash = $1',
      [link.searchParams.get('token')],
    );
    assert.equal(stored.rows[0]!.n, 0);
  });

  it('answers bad input with 4xx and an errors list', async () => {
    const cases: Array<[unknown, number, RegExp]> = [
      [{}, 400, /Email is required/],
      [{ email: 'not-an-email' }, 400, /valid email/],
      [{ email: 'x@example.com', name: '' }, 400, /Name must not be empty/],
      [{ email: 'x@example.com', name: '   ' }, 400, /Name must not be empty/],
      [{ email: 'x@example.com', name: 'n'.repeat(101) }, 400, /at most 100/],
      [{ email: `${'a'.repeat(250)}@example.com` }, 400, /at most 254/],
      [{ email: 'x@example.com', phoneNumber: 'call me' }, 400, /Phone number/],
      [{ email: 'x@example.com', provider: 'saml' }, 400, /Provider/],
      [{ email: 'x@example.com', roleIds: ['not-a-uuid'] }, 400, /Role ids/],
      [
        { email: 'x@example.com', roleIds: ['00000000-0000-4000-8000-000000000000'] },
        400,
        /Some roles do not exist/,
      ],
      [{ email: 'x@example.com', isAdmin: true }, 400, /Unknown field "isAdmin"/],
      [{ email: 'invitee-1@example.com', roleIds: [] }, 409, /already invited/],
      [{ email: 'admin@example.com' }, 409, /already a member/],
    ];
    for (const [payload, status, message] of cases) {
      const res = await invite(payload);
      assert.equal(res.statusCode, status, `${JSON.stringify(payload)}: ${res.body}`);
      assert.match(res.json().errors.join(' '), message, JSON.stringify(payload));
    }
  });

  it('refuses a caller without fe.secure.write.users (403) and an anonymous one (401)', async () => {
    await server.db.query(
      `INSERT INTO permissions (key, name) VALUES ('fe.secure.read.users', 'Read users') ON CONFLICT DO NOTHING`,
    );
    await invite({ email: 'reader@example.com', name: 'Rita Reader', roleIds: [roles.ReadOnly] });
    const link = await latestLink(server.app, 'reader@example.com');
    const accepted = await call(
      'POST',
      `${INVITATION}/accept`,
      {
        userId: link.searchParams.get('userId'),
        token: link.searchParams.get('token'),
        password: 'reader-password-1',
      },
      null,
    );
    assert.equal(accepted.statusCode, 200, accepted.body);
    const reader = (await login(server.app, 'reader@example.com', 'reader-password-1')).accessToken;
    for (const [method, url, payload] of [
      ['POST', INVITE, { email: 'y@example.com' }],
      ['POST', `${INVITATION}/reset`, { userId: link.searchParams.get('userId') }],
      ['POST', `${INVITATION}/reset/all`, { userId: link.searchParams.get('userId') }],
      ['POST', `${LINK}/user`, {}],
      ['PATCH', `${LINK}/user`, { shouldSendEmail: true }],
      ['DELETE', `${LINK}/user`, undefined],
    ] as const) {
      const res = await call(method, url, payload, reader);
      assert.equal(res.statusCode, 403, `${method} ${url}: ${res.body}`);
      assert.ok(Array.isArray(res.json().errors));
      assert.equal((await call(method, url, payload, null)).statusCode, 401, `${method} ${url} anonymous`);
    }
    // ReadOnly holds fe.secure.read.users (spec 001 §3): it may read; a member without roles may not.
    assert.equal((await call('GET', V3, undefined, reader)).statusCode, 200);
    await invite({ email: 'nobody@example.com', name: 'No Roles' });
    const nobodyLink = await latestLink(server.app, 'nobody@example.com');
    assert.equal(
      (
        await call(
          'POST',
          `${INVITATION}/accept`,
          {
            userId: nobodyLink.searchParams.get('userId'),
            token: nobodyLink.searchParams.get('token'),
            password: 'nobody-password-1',
          },
          null,
        )
      ).statusCode,
      200,
    );
    const nobody = (await login(server.app, 'nobody@example.com', 'nobody-password-1')).accessToken;
    for (const url of [`${LINK}/user`, V3]) {
      const res = await call('GET', url, undefined, nobody);
      assert.equal(res.statusCode, 403, `GET ${url}: ${res.body}`);
      assert.equal((await call('GET', url, undefined, null)).statusCode, 401, `GET ${url} anonymous`);
    }
  });
});

describe('accept invitation', () => {
  it('verify shows the tenant name; accept sets the password, activates the member and burns the link', async () => {
    const created = (
      await invite({ email: 'acceptor@example.com', name: 'Ace Acceptor', roleIds: [roles.Viewer] })
    ).json();
    const link = await latestLink(server.app, 'acceptor@example.com');
    const params = { userId: link.searchParams.get('userId')!, token: link.searchParams.get('token')! };
    // Before accepting, the account cannot sign in and the tenant is not the user's.
    assert.equal(
      (
        await call(
          'POST',
          `${API}/auth/v1/user`,
          { email: 'acceptor@example.com', password: 'anything-1' },
          null,
        )
      ).statusCode,
      401,
    );
    const verified = await call('POST', `${INVITATION}/verify`, params, null);
    assert.equal(verified.statusCode, 200, verified.body);
    const tenant = await server.db.query<{ name: string }>('SELECT name FROM tenants WHERE id = $1', [
      SEED_TENANT_ID,
    ]);
    assert.deepEqual(verified.json(), {
      name: tenant.rows[0]!.name,
      tenantId: SEED_TENANT_ID,
      shouldSetPassword: true,
      email: 'acceptor@example.com',
    });
    // A refused password does not cost the link.
    const short = await call('POST', `${INVITATION}/accept`, { ...params, password: 'short' }, null);
    assert.equal(short.statusCode, 400);
    assert.match(short.json().errors[0], /at least 8/);
    const ok = await call(
      'POST',
      `${INVITATION}/accept`,
      { ...params, password: 'acceptor-password-1' },
      null,
    );
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.headers['set-cookie'], undefined, 'accepting does not sign in');
    const after = await member('acceptor@example.com');
    assert.equal(after.id, created.id);
    assert.equal(after.invitationPending, false);
    assert.equal(after.activatedForTenant, true);
    assert.deepEqual(
      after.roles.map((r: { key: string }) => r.key),
      ['Viewer'],
    );
    const signedIn = await login(server.app, 'acceptor@example.com', 'acceptor-password-1');
    const me = (await call('GET', `${API}/users/v2/me`, undefined, signedIn.accessToken)).json();
    assert.equal(me.tenantId, SEED_TENANT_ID);
    // Reused: both verify and accept refuse it.
    const reused = await call('POST', `${INVITATION}/verify`, params, null);
    assert.equal(reused.statusCode, 400);
    assert.deepEqual(reused.json().errors, [INVALID]);
    assert.equal(
      (await call('POST', `${INVITATION}/accept`, { ...params, password: 'acceptor-password-2' }, null))
        .statusCode,
      410,
    );
  });

  it("an existing user's invitation link is no activation: the strategy and POST /activate refuse it (no sign-in without the password)", async () => {
    const email = 'existing-invitee@example.com';
    const signUp = await call(
      'POST',
      `${API}/users/v1/signUp`,
      { email, password: 'existing-password-1', name: 'Existing', companyName: 'Existing Co' },
      null,
    );
    assert.equal(signUp.statusCode, 200, signUp.body);
    assert.equal((await invite({ email })).statusCode, 201);
    const link = await latestLink(server.app, email);
    const params = { userId: link.searchParams.get('userId')!, token: link.searchParams.get('token')! };
    const query = new URLSearchParams(params).toString();
    const strategy = await call('GET', `${API}/users/v1/activate/strategy?${query}`, undefined, null);
    assert.equal(strategy.statusCode, 400);
    const activate = await call('POST', `${API}/users/v1/activate`, params, null);
    assert.equal(activate.statusCode, 400);
    assert.equal(activate.headers['set-cookie'], undefined);
    // The link still accepts, as accepting does (no session).
    const accepted = await call('POST', `${INVITATION}/accept`, params, null);
    assert.equal(accepted.statusCode, 200, accepted.body);
    assert.equal(accepted.headers['set-cookie'], undefined);
  });

  it('refuses forged, malformed, expired and superseded links', async () => {
    const created = (await invite({ email: 'expiry@example.com' })).json();
    const first = await latestLink(server.app, 'expiry@example.com');
    const userId = created.id as string;
    const forged = await call('POST', `${INVITATION}/verify`, { userId, token: 'A'.repeat(43) }, null);
    assert.equal(forged.statusCode, 400);
    assert.deepEqual(forged.json().errors, [INVALID]);
    assert.equal(
      (await call('POST', `${INVITATION}/verify`, { userId: 'nope', token: 'x' }, null)).statusCode,
      400,
    );
    assert.equal(
      (await call('POST', `${INVITATION}/verify`, { userId, token: 'x'.repeat(101) }, null)).statusCode,
      400,
    );
    // Resending retires the first link.
    assert.equal((await call('POST', `${INVITATION}/reset`, { userId })).statusCode, 200);
    const second = await latestLink(server.app, 'expiry@example.com');
    assert.notEqual(second.searchParams.get('token'), first.searchParams.get('token'));
    assert.equal(
      (await call('POST', `${INVITATION}/verify`, { userId, token: first.searchParams.get('token') }, null))
        .statusCode,
      400,
    );
    assert.equal(
      (await call('POST', `${INVITATION}/verify`, { userId, token: second.searchParams.get('token') }, null))
        .statusCode,
      200,
    );
    // Expired.
    await server.db.query(
      `UPDATE one_time_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [userId],
    );
    assert.equal(
      (await call('POST', `${INVITATION}/verify`, { userId, token: second.searchParams.get('token') }, null))
        .statusCode,
      400,
    );
    assert.equal(
      (
        await call(
          'POST',
          `${INVITATION}/accept`,
          { userId, token: second.searchParams.get('token'), password: 'long-enough-1' },
          null,
        )
      ).statusCode,
      410,
    );
  });

  it("resend answers 404 for a stranger and 400 for a member who already joined; reset/all resends in the caller's tenants", async () => {
    assert.equal(
      (await call('POST', `${INVITATION}/reset`, { userId: '00000000-0000-4000-8000-000000000000' }))
        .statusCode,
      404,
    );
    const joined = await member('acceptor@example.com');
    const res = await call('POST', `${INVITATION}/reset`, { userId: joined.id });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json().errors, ['This user has already accepted the invitation']);
    const pending = (await invite({ email: 'all@example.com' })).json();
    const all = await call('POST', `${INVITATION}/reset/all`, { userId: pending.id });
    assert.equal(all.statusCode, 200, all.body);
    assert.deepEqual(all.json(), { tenantIds: [SEED_TENANT_ID] });
    assert.equal((await outbox(server.app, 'all@example.com')).length, 2);
  });
});
