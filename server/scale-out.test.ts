/**
 * Two server instances on one database behave as one (issue 27): what one issues or revokes, the
 * other honours at once. Here two instances live in one process over one PGlite handle (PGlite
 * cannot be shared between processes), each with the issuer it would have on its own port; with
 * TEST_DATABASE_URL, server/scale-out-processes.test.ts runs two server processes on PostgreSQL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from './app';
import { TokenService } from './domain/tokens';
import { openDatabase, type Database } from './storage/database';
import { startReceiver, type Receiver } from '../test/support/receiver';
import {
  ADMIN,
  LOGIN,
  LOGOUT,
  ME,
  bearer,
  login,
  pgliteTemplate,
  refresh,
  refreshCookieOf,
  startTestServer,
} from '../test/support/server';

const headerOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { kid: string };

describe('two instances on one database', () => {
  let db: Database;
  let a: BuiltServer;
  let b: BuiltServer;
  let receiver: Receiver;

  before(async () => {
    db = await openDatabase({ kind: 'pglite', loadDataDir: await pgliteTemplate() });
    const instance = (port: number) =>
      startTestServer({
        database: { kind: 'shared', db },
        // What each would sign with when started on its own port without PUBLIC_URL.
        issuer: `http://127.0.0.1:${port}`,
        connectivity: { allowPrivateAddresses: true, pollIntervalMs: 20 },
      });
    a = await instance(4001);
    b = await instance(4002);
    receiver = await startReceiver();
  });

  after(async () => {
    await Promise.all([a?.close(), b?.close(), receiver?.close()]);
    await db?.close();
  });

  it('an access token issued by A is accepted by B, and a session opened on A refreshes on B', async () => {
    const { accessToken, cookie } = await login(a.app);
    const me = await b.app.inject({ method: 'GET', url: ME, headers: bearer(accessToken) });
    assert.equal(me.statusCode, 200, me.body);
    const refreshed = await refresh(b.app, cookie);
    assert.equal(refreshed.statusCode, 200);
    const onA = await a.app.inject({ method: 'GET', url: ME, headers: bearer(refreshed.json().accessToken) });
    assert.equal(onA.statusCode, 200, 'and the other way round');
    assert.equal(
      (await refresh(a.app, refreshCookieOf(refreshed))).statusCode,
      200,
      'the rotated cookie on A',
    );
  });

  it('a token signed with a key of the database but an issuer no instance has is refused', async () => {
    const { accessToken } = await login(a.app);
    const claims = await a.tokens.verify(accessToken);
    // Signs with the stored keys without recording its issuer (no init()).
    const stranger = new TokenService(db, {
      issuer: 'http://elsewhere.test',
      audience: 'auth-elements',
      accessTokenTtlSeconds: 300,
    });
    const forged = await stranger.issue({
      userId: claims.sub,
      email: claims.email,
      name: claims.name,
      tenantId: claims.tenantId,
      tenantIds: claims.tenantIds,
      roles: [],
      permissions: [],
      sessionId: claims.sid,
    });
    const res = await b.app.inject({ method: 'GET', url: ME, headers: bearer(forged.accessToken) });
    assert.equal(res.statusCode, 401);
  });

  it('a session signed out on A is refused on B at once', async () => {
    const { accessToken, cookie } = await login(a.app);
    assert.equal(
      (await b.app.inject({ method: 'GET', url: ME, headers: bearer(accessToken) })).statusCode,
      200,
    );
    const out = await a.app.inject({
      method: 'POST',
      url: LOGOUT,
      headers: { cookie: `ae_refresh=${cookie}` },
    });
    assert.ok(out.statusCode < 300, out.body);
    assert.equal(
      (await b.app.inject({ method: 'GET', url: ME, headers: bearer(accessToken) })).statusCode,
      401,
    );
    assert.equal((await refresh(b.app, cookie)).statusCode, 401);
  });

  // Nothing of a user's profile or token is cached in a process (domain/principal.ts reads it in
  // one query per request): a role taken away through A shows on B's next answer.
  it('a role taken away on A is gone from GET me and the next refresh on B at once', async () => {
    const { accessToken, cookie } = await login(a.app);
    const rolesOn = async () =>
      (
        (await b.app.inject({ method: 'GET', url: ME, headers: bearer(accessToken) })).json() as {
          roles: unknown[];
        }
      ).roles.length;
    assert.ok((await rolesOn()) > 0);
    const taken = await a.db.query<{ membership_id: string; role_id: string }>(
      `DELETE FROM membership_roles WHERE membership_id IN
         (SELECT m.id FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = $1)
       RETURNING membership_id, role_id`,
      [ADMIN.email],
    );
    try {
      assert.equal(await rolesOn(), 0, 'GET me on B');
      const refreshed = await refresh(b.app, cookie);
      assert.equal(refreshed.statusCode, 200);
      const claims = await b.tokens.verify(refreshed.json().accessToken as string);
      assert.deepEqual(claims.roles, [], 'the token B issues next');
    } finally {
      for (const row of taken.rows)
        await a.db.query('INSERT INTO membership_roles (membership_id, role_id) VALUES ($1, $2)', [
          row.membership_id,
          row.role_id,
        ]);
    }
  });

  it('failed sign-ins count across both: the limit is reached by alternating', async () => {
    const email = 'admin@example.com';
    const wrong = { email, password: 'Not-the-password-1' };
    for (let i = 0; i < 10; i++) {
      const res = await [a, b][i % 2]!.app.inject({ method: 'POST', url: LOGIN, payload: wrong });
      assert.equal(res.statusCode, 401, `attempt ${i + 1}`);
    }
    for (const server of [a, b]) {
      const res = await server.app.inject({ method: 'POST', url: LOGIN, payload: ADMIN });
      assert.equal(res.statusCode, 429, 'even the right password, on either instance');
    }
    await db.query(`DELETE FROM attempt_counters`);
  });

  it('a webhook event is delivered once although both instances run the delivery worker', async () => {
    const { accessToken } = await login(a.app);
    const hook = await a.app.inject({
      method: 'POST',
      url: '/frontegg/webhook/custom',
      headers: bearer(accessToken),
      payload: {
        displayName: 'scale-out',
        description: '',
        url: `${receiver.url}/hook`,
        secret: null,
        eventKeys: ['securityPolicy.changed'],
        isActive: true,
      },
    });
    assert.ok(hook.statusCode < 300, hook.body);
    const total = 12;
    for (let i = 0; i < total; i++) {
      const res = await [a, b][i % 2]!.app.inject({
        method: 'POST',
        url: '/frontegg/identity/resources/configurations/v1/lockout-policy',
        headers: bearer(accessToken),
        payload: { enabled: false, maxAttempts: 1 + i },
      });
      assert.ok(res.statusCode < 300, res.body);
    }
    await receiver.waitFor(total);
    // Both workers poll every 20 ms: a second delivery would come within a few polls.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const ids = receiver.received.map((r) => (JSON.parse(r.body) as { id: string }).id);
    assert.equal(ids.length, total, 'no event twice');
    assert.equal(new Set(ids).size, total);
  });

  it('a key rotated on A signs the tokens A issues next, and B verifies them at once', async () => {
    const before = await login(a.app);
    const kid = await a.tokens.rotateSigningKey();
    const after = await login(a.app);
    assert.equal(headerOf(after.accessToken).kid, kid);
    assert.notEqual(headerOf(before.accessToken).kid, kid);
    for (const token of [after.accessToken, before.accessToken]) {
      const res = await b.app.inject({ method: 'GET', url: ME, headers: bearer(token) });
      assert.equal(res.statusCode, 200, 'the new key and the retired one both verify on B');
    }
    const jwks = (await b.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
    assert.ok(
      (jwks.keys as Array<{ kid: string }>).some((k) => k.kid === kid),
      'B publishes the new key',
    );
  });
});
