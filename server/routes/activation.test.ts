import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { API, LOGIN, ME, SIGN_UP, bearer, refreshCookieOf, startTestServer } from '../../test/support/server';
import { latestLink, outbox } from '../../test/support/account';

const ACTIVATE = `${API}/users/v1/activate`;
const INVALID_LINK = 'This activation link is invalid or has expired. Ask for a new one.';

let server: BuiltServer;
before(async () => {
  server = await startTestServer({ devOutbox: true, appUrl: 'https://app.example.com' });
});
after(() => server.close());
afterEach(() =>
  server.db.query(
    'UPDATE vendors SET sign_up_requires_activation = false, allow_not_verified_users_login = true',
  ),
);

const post = (url: string, payload: unknown) =>
  server.app.inject({ method: 'POST', url, payload: payload as object });
const strategy = (query: string) =>
  server.app.inject({ method: 'GET', url: `${ACTIVATE}/strategy?${query}` });

async function signUpNeedingActivation(email: string) {
  await server.db.query(
    'UPDATE vendors SET sign_up_requires_activation = true, allow_not_verified_users_login = false',
  );
  const res = await post(SIGN_UP, { email, password: 'activate-me-1', name: 'New Person' });
  assert.equal(res.statusCode, 200, res.body);
  return res;
}

describe('sign-up with activation required', () => {
  it('answers shouldActivate without a session and emails an activation link', async () => {
    const res = await signUpNeedingActivation('act-1@example.com');
    const body = res.json();
    assert.equal(body.shouldActivate, true);
    assert.equal(body.authResponse, undefined);
    assert.equal(refreshCookieOf(res), undefined);
    const [mail] = await outbox(server.app, 'act-1@example.com');
    assert.equal(mail!.subject, 'Activate your account');
    const link = await latestLink(server.app, 'act-1@example.com');
    assert.equal(link.origin + link.pathname, 'https://app.example.com/account/activate');
    assert.equal(link.searchParams.get('userId'), body.userId);
    const blocked = await post(LOGIN, { email: 'act-1@example.com', password: 'activate-me-1' });
    assert.equal(blocked.statusCode, 403);
  });
});

describe('GET /activate/strategy and POST /activate', () => {
  it('a user who chose a password at sign-up: shouldSetPassword false; activating signs in once', async () => {
    await signUpNeedingActivation('act-2@example.com');
    const link = await latestLink(server.app, 'act-2@example.com');
    const query = link.search.slice(1);
    const res = await strategy(query);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { shouldSetPassword: false });

    const body = { userId: link.searchParams.get('userId'), token: link.searchParams.get('token') };
    const activated = await post(ACTIVATE, body);
    assert.equal(activated.statusCode, 200, activated.body);
    assert.ok(activated.json().accessToken);
    assert.ok(refreshCookieOf(activated));
    const me = (
      await server.app.inject({ method: 'GET', url: ME, headers: bearer(activated.json().accessToken) })
    ).json();
    assert.equal(me.verified, true);
    assert.equal(
      (await post(LOGIN, { email: 'act-2@example.com', password: 'activate-me-1' })).statusCode,
      200,
    );

    const again = await post(ACTIVATE, body);
    assert.equal(again.statusCode, 400);
    assert.deepEqual(again.json().errors, [INVALID_LINK]);
    assert.deepEqual((await strategy(query)).json().errors, [INVALID_LINK]);
  });

  it('an account without a password must set one, within the policy, without losing the link', async () => {
    await signUpNeedingActivation('act-3@example.com');
    const link = await latestLink(server.app, 'act-3@example.com');
    const userId = link.searchParams.get('userId')!;
    await server.db.query('UPDATE users SET password_hash = NULL WHERE id = $1', [userId]);
    assert.deepEqual((await strategy(link.search.slice(1))).json(), { shouldSetPassword: true });
    const token = link.searchParams.get('token');
    assert.deepEqual((await post(ACTIVATE, { userId, token })).json().errors, ['Password is required']);
    assert.deepEqual((await post(ACTIVATE, { userId, token, password: 'short' })).json().errors, [
      'Password must be at least 8 characters',
    ]);
    const ok = await post(ACTIVATE, { userId, token, password: 'chosen-password-9' });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(
      (await post(LOGIN, { email: 'act-3@example.com', password: 'chosen-password-9' })).statusCode,
      200,
    );
  });

  it('expired, forged and superseded links are refused with one message', async () => {
    await signUpNeedingActivation('act-4@example.com');
    const first = await latestLink(server.app, 'act-4@example.com');
    const userId = first.searchParams.get('userId')!;
    assert.equal((await post(`${ACTIVATE}/reset`, { email: 'act-4@example.com' })).statusCode, 200);
    const second = await latestLink(server.app, 'act-4@example.com');
    assert.notEqual(second.searchParams.get('token'), first.searchParams.get('token'));
    assert.deepEqual(
      (await post(ACTIVATE, { userId, token: first.searchParams.get('token') })).json().errors,
      [INVALID_LINK],
    );
    assert.deepEqual((await post(ACTIVATE, { userId, token: 'B'.repeat(43) })).json().errors, [INVALID_LINK]);
    await server.db.query(
      `UPDATE one_time_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [userId],
    );
    const expired = await strategy(second.search.slice(1));
    assert.equal(expired.statusCode, 400);
    assert.deepEqual(expired.json().errors, [INVALID_LINK]);
  });

  it('malformed input is a 400 with an errors list', async () => {
    for (const query of [
      '',
      'userId=x&token=y',
      `userId=00000000-0000-4000-8000-000000000000`,
      `userId=00000000-0000-4000-8000-000000000000&token=${'x'.repeat(101)}`,
    ]) {
      const res = await strategy(query);
      assert.equal(res.statusCode, 400, query);
      assert.ok(res.json().errors.length > 0);
    }
    for (const payload of [
      {},
      { userId: 'nope', token: 'x' },
      { userId: '00000000-0000-4000-8000-000000000000', token: 'x', password: 5 },
    ]) {
      const res = await post(ACTIVATE, payload);
      assert.equal(res.statusCode, 400, JSON.stringify(payload));
      assert.ok(res.json().errors.length > 0);
    }
    assert.equal((await post(`${ACTIVATE}/reset`, { email: 'nope' })).statusCode, 400);
  });
});

describe('POST /activate/reset', () => {
  it('answers 200 for unknown and already active emails, and sends nothing to them', async () => {
    for (const email of ['ghost@example.com', 'admin@example.com']) {
      const res = await post(`${ACTIVATE}/reset`, { email });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), {});
      assert.deepEqual(await outbox(server.app, email), []);
    }
  });
});
