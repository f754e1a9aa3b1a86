// The per-IP sign-up limit, and the sending limit of password-reset and activation links.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { DEFAULT_SIGN_UPS_PER_IP } from '../domain/attempts';
import { resolveOptions } from '../options';
import { API, SIGN_UP, startTestServer } from '../../test/support/server';

const RESET = `${API}/users/v1/passwords/reset`;
const RESEND_ACTIVATION = `${API}/users/v1/activate/reset`;
const LIMIT = 3;

let server: BuiltServer;

before(async () => {
  server = await startTestServer({ signUpsPerIp: LIMIT });
});
after(() => server.close());

const post = (url: string, payload: object, ip: string) =>
  server.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
const signUp = (email: string, ip: string) =>
  post(SIGN_UP, { email, password: 'a-long-password-1', name: 'Limit Tester' }, ip);
const userCount = async () =>
  (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0]!.n;

describe('sign-up rate limit', () => {
  it('limits sign-ups per IP by default', () => {
    assert.equal(resolveOptions({ database: { kind: 'pglite' } }).signUpsPerIp, DEFAULT_SIGN_UPS_PER_IP);
    assert.equal(DEFAULT_SIGN_UPS_PER_IP, 10);
    assert.throws(() => resolveOptions({ database: { kind: 'pglite' }, signUpsPerIp: 0 }), /signUpsPerIp/);
  });

  it(`accepts ${LIMIT} sign-ups from one IP in the window, then answers 429 with Retry-After`, async () => {
    assert.equal((await signUp('limit-a1@example.com', '10.9.0.1')).statusCode, 200);
    // A sign-up that fails after hashing (email taken) counts too: it cost a hash.
    assert.equal((await signUp('limit-a1@example.com', '10.9.0.1')).statusCode, 409);
    assert.equal((await signUp('limit-a2@example.com', '10.9.0.1')).statusCode, 200);
    const users = await userCount();
    const refused = await signUp('limit-a3@example.com', '10.9.0.1');
    assert.equal(refused.statusCode, 429, refused.body);
    assert.deepEqual(refused.json(), {
      errors: ['Too many sign-ups from this network. Try again in 15 minutes.'],
      errorCodes: ['TOO_MANY_SIGN_UPS'],
    });
    assert.ok(Number(refused.headers['retry-after']) > 800);
    assert.equal(await userCount(), users, 'nothing was created');
    // Another address is not affected.
    assert.equal((await signUp('limit-b1@example.com', '10.9.0.2')).statusCode, 200);
    // When the window is over, the address may sign up again.
    await server.db.query(
      `UPDATE attempt_counters SET window_started_at = now() - interval '16 minutes' WHERE key = 'signup:ip:10.9.0.1'`,
    );
    assert.equal((await signUp('limit-a3@example.com', '10.9.0.1')).statusCode, 200);
  });

  it('counts sign-ups racing each other exactly', async () => {
    const answers = await Promise.all(
      Array.from({ length: LIMIT + 3 }, (_, i) => signUp(`race-${i}@example.com`, '10.9.0.3')),
    );
    assert.equal(answers.filter((res) => res.statusCode === 200).length, LIMIT);
    assert.equal(answers.filter((res) => res.statusCode === 429).length, 3);
  });

  it('a password the policy refuses (no hash) does not use up the allowance', async () => {
    for (let i = 0; i < LIMIT + 1; i += 1)
      assert.equal(
        (await post(SIGN_UP, { email: `weak-${i}@example.com`, password: 'short' }, '10.9.0.4')).statusCode,
        400,
      );
    assert.equal((await signUp('weak-ok@example.com', '10.9.0.4')).statusCode, 200);
  });
});

describe('sending limit of reset and activation links', () => {
  it('answers 429 after 5 password-reset requests for one email, known or not', async () => {
    await signUp('reset-limit@example.com', '10.9.1.1');
    for (const email of ['reset-limit@example.com', 'nobody-reset@example.com']) {
      for (let i = 0; i < 5; i += 1)
        assert.equal((await post(RESET, { email }, `10.9.1.${2 + i}`)).statusCode, 200, email);
      const refused = await post(RESET, { email }, '10.9.1.9');
      assert.equal(refused.statusCode, 429, email);
      assert.deepEqual(refused.json(), {
        errors: ['Too many codes requested. Try again in 15 minutes.'],
        errorCodes: ['TOO_MANY_CODES'],
      });
    }
    const sent = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox_messages WHERE recipient = 'reset-limit@example.com' AND subject ILIKE '%password%'`,
    );
    assert.equal(sent.rows[0]!.n, 5);
  });

  it('answers 429 after 5 activation resends for one email', async () => {
    for (let i = 0; i < 5; i += 1)
      assert.equal(
        (await post(RESEND_ACTIVATION, { email: 'resend@example.com' }, '10.9.2.1')).statusCode,
        200,
      );
    assert.equal(
      (await post(RESEND_ACTIVATION, { email: 'resend@example.com' }, '10.9.2.1')).statusCode,
      429,
    );
  });
});
