import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { API, LOGIN, SIGN_UP, bearer, login, refresh, startTestServer } from '../../test/support/server';
import { latestLink, outbox } from '../../test/support/account';

const RESET = `${API}/users/v1/passwords/reset`;
const VERIFY = `${API}/users/v1/passwords/reset/verify`;
const INVALID_LINK = 'This password reset link is invalid or has expired. Ask for a new one.';

let server: BuiltServer;
before(async () => {
  server = await startTestServer({ devOutbox: true, appUrl: 'https://app.example.com' });
});
after(() => server.close());

const post = (url: string, payload: unknown) =>
  server.app.inject({ method: 'POST', url, payload: payload as object });

async function newUser(email: string, password = 'first-password-1') {
  const res = await post(SIGN_UP, { email, password, name: 'Reset Tester' });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().userId as string;
}

describe('POST /users/v1/passwords/reset', () => {
  it('emails a single-use link to the configured app URL, never to the request host', async () => {
    const userId = await newUser('reset-1@example.com');
    const res = await server.app.inject({
      method: 'POST',
      url: RESET,
      payload: { email: 'RESET-1@example.com' },
      headers: { host: 'evil.example' },
    });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), {});
    const [mail] = await outbox(server.app, 'reset-1@example.com');
    assert.equal(mail!.subject, 'Reset your password');
    const link = await latestLink(server.app, 'reset-1@example.com');
    assert.equal(link.origin, 'https://app.example.com');
    assert.equal(link.pathname, '/account/reset-password');
    assert.equal(link.searchParams.get('userId'), userId);
    assert.match(link.searchParams.get('token')!, /^[A-Za-z0-9_-]{43}$/);
  });

  it('answers the same 200 for an unknown email, and sends nothing', async () => {
    const res = await post(RESET, { email: 'nobody-here@example.com' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), {});
    assert.deepEqual(await outbox(server.app, 'nobody-here@example.com'), []);
  });

  it('bad input is a 400 with an errors list', async () => {
    for (const payload of [
      {},
      { email: '' },
      { email: 'not-an-email' },
      { email: `${'a'.repeat(250)}@example.com` },
      { email: 'a@b.co', extra: 1 },
    ]) {
      const res = await post(RESET, payload);
      assert.equal(res.statusCode, 400, JSON.stringify(payload));
      assert.ok(Array.isArray(res.json().errors) && res.json().errors.length > 0);
    }
  });
});

describe('POST /users/v1/passwords/reset/verify', () => {
  it('sets the new password once, signs out every session, and the old password stops working', async () => {
    await newUser('reset-2@example.com');
    const session = await login(server.app, 'reset-2@example.com', 'first-password-1');
    await post(RESET, { email: 'reset-2@example.com' });
    const link = await latestLink(server.app, 'reset-2@example.com');
    const body = {
      userId: link.searchParams.get('userId'),
      token: link.searchParams.get('token'),
      password: 'second-password-2',
    };
    const res = await post(VERIFY, body);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((await refresh(server.app, session.cookie)).statusCode, 401, 'sessions are revoked');
    assert.equal(
      (await post(LOGIN, { email: 'reset-2@example.com', password: 'first-password-1' })).statusCode,
      401,
    );
    assert.equal(
      (await post(LOGIN, { email: 'reset-2@example.com', password: 'second-password-2' })).statusCode,
      200,
    );

    const reused = await post(VERIFY, { ...body, password: 'third-password-3' });
    assert.equal(reused.statusCode, 400);
    assert.deepEqual(reused.json().errors, [INVALID_LINK]);
  });

  it('a password outside the policy is refused without using up the link', async () => {
    await newUser('reset-3@example.com');
    await post(RESET, { email: 'reset-3@example.com' });
    const link = await latestLink(server.app, 'reset-3@example.com');
    const base = { userId: link.searchParams.get('userId'), token: link.searchParams.get('token') };
    const short = await post(VERIFY, { ...base, password: 'short' });
    assert.equal(short.statusCode, 400);
    assert.deepEqual(short.json().errors, ['Password must be at least 8 characters']);
    assert.equal((await post(VERIFY, { ...base, password: 'x'.repeat(129) })).statusCode, 400);
    assert.equal((await post(VERIFY, { ...base, password: 'long-enough-now' })).statusCode, 200);
  });

  it('only the latest link works; expired, forged and foreign links are refused', async () => {
    const userId = await newUser('reset-4@example.com');
    await post(RESET, { email: 'reset-4@example.com' });
    const first = await latestLink(server.app, 'reset-4@example.com');
    await post(RESET, { email: 'reset-4@example.com' });
    const second = await latestLink(server.app, 'reset-4@example.com');
    const older = await post(VERIFY, {
      userId,
      token: first.searchParams.get('token'),
      password: 'new-password-1',
    });
    assert.deepEqual(older.json().errors, [INVALID_LINK]);

    const otherUser = await newUser('reset-5@example.com');
    const foreign = await post(VERIFY, {
      userId: otherUser,
      token: second.searchParams.get('token'),
      password: 'new-password-1',
    });
    assert.deepEqual(foreign.json().errors, [INVALID_LINK]);
    const forged = await post(VERIFY, { userId, token: 'A'.repeat(43), password: 'new-password-1' });
    assert.deepEqual(forged.json().errors, [INVALID_LINK]);
    const garbage = await post(VERIFY, { userId, token: 'not a token', password: 'new-password-1' });
    assert.deepEqual(garbage.json().errors, [INVALID_LINK]);

    await server.db.query(
      `UPDATE one_time_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [userId],
    );
    const expired = await post(VERIFY, {
      userId,
      token: second.searchParams.get('token'),
      password: 'new-password-1',
    });
    assert.equal(expired.statusCode, 400);
    assert.deepEqual(expired.json().errors, [INVALID_LINK]);
  });

  it('malformed bodies are 400s with an errors list, never 500s', async () => {
    const rows: unknown[] = [
      {},
      { userId: 'not-a-uuid', token: 'x', password: 'long-enough-1' },
      { userId: '00000000-0000-4000-8000-000000000000', token: '', password: 'long-enough-1' },
      { userId: '00000000-0000-4000-8000-000000000000', token: 'x'.repeat(101), password: 'long-enough-1' },
      { userId: '00000000-0000-4000-8000-000000000000', token: 'x', password: 12345678 },
      { userId: '00000000-0000-4000-8000-000000000000', token: 'x', password: 'long-enough-1', admin: true },
    ];
    for (const payload of rows) {
      const res = await post(VERIFY, payload);
      assert.equal(res.statusCode, 400, `${JSON.stringify(payload)} -> ${res.body}`);
      assert.ok(res.json().errors.length > 0);
    }
    const unknownUser = await post(VERIFY, {
      userId: '00000000-0000-4000-8000-000000000000',
      token: 'A'.repeat(43),
      password: 'long-enough-1',
    });
    assert.deepEqual(unknownUser.json().errors, [INVALID_LINK]);
  });
});

describe('dev outbox endpoint', () => {
  it('is not registered unless devOutbox is on (production never turns it on)', async () => {
    const plain = await startTestServer();
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/frontegg/dev/outbox?to=a@b.co' });
      assert.equal(res.statusCode, 404);
    } finally {
      await plain.close();
    }
  });

  // Without a recipient it is the page of every message: server/routes/dev-outbox.test.ts.
});

describe('POST /users/v1/passwords/change', () => {
  const CHANGE = `${API}/users/v1/passwords/change`;
  const change = (token: string | null, payload: unknown, ip = '10.3.0.1') =>
    server.app.inject({
      method: 'POST',
      url: CHANGE,
      payload: payload as object,
      headers: token ? bearer(token) : {},
      remoteAddress: ip,
    });

  it('checks the current password, applies the policy, keeps this session and ends the others', async () => {
    await newUser('change-1@example.com');
    const here = await login(server.app, 'change-1@example.com', 'first-password-1');
    const elsewhere = await login(server.app, 'change-1@example.com', 'first-password-1');

    const wrong = await change(here.accessToken, {
      password: 'not-it-at-all',
      newPassword: 'second-password-2',
    });
    assert.deepEqual(
      [wrong.statusCode, wrong.json()],
      [400, { errors: ['The current password is incorrect.'], errorCodes: ['PASSWORD_CURRENT_WRONG'] }],
    );
    assert.equal(
      (await change(here.accessToken, { password: 'first-password-1', newPassword: 'short' })).statusCode,
      400,
    );
    const breached = await change(here.accessToken, {
      password: 'first-password-1',
      newPassword: 'password123',
    });
    assert.deepEqual(breached.json().errors, [
      'This password has appeared in a data breach. Choose a different password.',
    ]);
    const same = await change(here.accessToken, {
      password: 'first-password-1',
      newPassword: 'first-password-1',
    });
    assert.deepEqual(same.json().errors, ['Choose a new password different from the current one.']);

    const res = await change(here.accessToken, {
      password: 'first-password-1',
      newPassword: 'second-password-2',
    });
    assert.deepEqual([res.statusCode, res.json()], [200, {}]);
    assert.equal((await refresh(server.app, here.cookie)).statusCode, 200, 'this session stays');
    assert.equal((await refresh(server.app, elsewhere.cookie)).statusCode, 401, 'the other session ends');
    assert.equal(
      (await post(LOGIN, { email: 'change-1@example.com', password: 'first-password-1' })).statusCode,
      401,
    );
    assert.equal(
      (await post(LOGIN, { email: 'change-1@example.com', password: 'second-password-2' })).statusCode,
      200,
    );
  });

  it('needs a signed-in user; bad bodies are 400; wrong current passwords count toward the lock', async () => {
    assert.equal((await change(null, { password: 'a', newPassword: 'second-password-2' })).statusCode, 401);
    await newUser('change-2@example.com');
    const { accessToken } = await login(server.app, 'change-2@example.com', 'first-password-1');
    for (const payload of [
      {},
      { password: 'first-password-1' },
      { newPassword: 'x-long-password-3' },
      { password: '', newPassword: 'x-long-password-3' },
      { password: 'first-password-1', newPassword: 'x-long-password-3', extra: 1 },
    ])
      assert.equal((await change(accessToken, payload)).statusCode, 400, JSON.stringify(payload));
    let status = 0;
    for (let i = 0; i < 12 && status !== 429; i += 1)
      status = (
        await change(
          accessToken,
          { password: `wrong-${i}-password`, newPassword: 'x-long-password-3' },
          '10.3.0.2',
        )
      ).statusCode;
    assert.equal(status, 429);
    assert.equal(
      (
        await change(
          accessToken,
          { password: 'first-password-1', newPassword: 'x-long-password-3' },
          '10.3.0.2',
        )
      ).statusCode,
      429,
      'locked: even the right password',
    );
  });
});
