// Rate limits of failed sign-ins and of codes sent, and the breached-password list (server side).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_FAILURES_PER_EMAIL } from '../domain/attempts';
import { breachedListSize, isBreachedPassword } from '../domain/breached-passwords';
import { PasswordHasher } from '../domain/passwords';
import { FAST_HASHING, LOGIN, SIGN_UP } from '../../test/support/server';
import { latestCode } from '../../test/support/account';
import {
  assertErrors,
  newUser,
  PHONE_RESET,
  POST,
  post,
  PRE,
  server,
  usePasswordlessServer,
} from '../../test/support/passwordless';

usePasswordlessServer();

describe('rate limiting of wrong passwords and codes', () => {
  it(`after ${MAX_FAILURES_PER_EMAIL} wrong passwords the email is refused with 429, even with the right password`, async () => {
    await newUser('limit-1@example.com');
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL; i += 1) {
      assertErrors(
        await post(LOGIN, { email: 'limit-1@example.com', password: `wrong-${i}` }, '10.1.0.1'),
        401,
        'Incorrect email or password',
      );
    }
    const locked = await post(
      LOGIN,
      { email: 'limit-1@example.com', password: 'a-long-password-1' },
      '10.1.0.2',
    );
    assertErrors(locked, 429, 'Too many failed attempts. Try again in 15 minutes.');
    assert.ok(Number(locked.headers['retry-after']) > 800);
    // Codes for the same email are locked too; other accounts are not.
    await post(PRE('Code'), { email: 'limit-1@example.com' });
    assertErrors(
      await post(POST('Code'), {
        email: 'limit-1@example.com',
        token: await latestCode(server.app, 'limit-1@example.com'),
      }),
      429,
    );
    await newUser('limit-2@example.com');
    assert.equal(
      (await post(LOGIN, { email: 'limit-2@example.com', password: 'a-long-password-1' }, '10.1.0.1'))
        .statusCode,
      200,
    );
    // When the window is over, the right password works again.
    await server.db.query(
      `UPDATE attempt_counters SET window_started_at = now() - interval '16 minutes' WHERE key = 'email:limit-1@example.com'`,
    );
    assert.equal(
      (await post(LOGIN, { email: 'limit-1@example.com', password: 'a-long-password-1' }, '10.1.0.2'))
        .statusCode,
      200,
    );
  });

  it('wrong codes count too, and a sign-in clears the count', async () => {
    await newUser('limit-3@example.com');
    await post(PRE('Code'), { email: 'limit-3@example.com' });
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL - 1; i += 1)
      assertErrors(
        await post(POST('Code'), { email: 'limit-3@example.com', token: 'abcdef' }, '10.2.0.1'),
        400,
      );
    assert.equal(
      (await post(LOGIN, { email: 'limit-3@example.com', password: 'a-long-password-1' }, '10.2.0.1'))
        .statusCode,
      200,
    );
    assert.equal(
      (await post(LOGIN, { email: 'limit-3@example.com', password: 'wrong' }, '10.2.0.1')).statusCode,
      401,
    );
  });
});

describe('rate limiting of codes and links sent', () => {
  it('after 5 codes or links to one email in the window, the next request is 429 with its message (known or unknown email)', async () => {
    await newUser('sends-1@example.com');
    for (const type of ['Code', 'MagicLink', 'SmsCode', 'Code', 'Code'])
      assert.equal((await post(PRE(type), { email: 'sends-1@example.com' })).statusCode, 200);
    const refused = await post(PRE('Code'), { email: 'sends-1@example.com' });
    assertErrors(refused, 429, 'Too many codes requested. Try again in 15 minutes.');
    assert.ok(Number(refused.headers['retry-after']) > 800);
    assertErrors(await post(PHONE_RESET, { email: 'sends-1@example.com' }), 429);
    for (let i = 0; i < 5; i += 1)
      assert.equal((await post(PHONE_RESET, { email: 'nobody-sends@example.com' })).statusCode, 200);
    assertErrors(await post(PRE('MagicLink'), { email: 'nobody-sends@example.com' }), 429);
  });
});

describe('breached passwords', () => {
  it('ships a list of tens of thousands of breached passwords', () => {
    assert.ok(breachedListSize() > 40_000);
    assert.equal(isBreachedPassword('password1'), true);
    assert.equal(isBreachedPassword('PASSWORD1'), true);
    assert.equal(isBreachedPassword('a-long-password-1'), false);
  });

  it('a sign-in with a breached password says isBreachedPassword; new passwords on the list are refused', async () => {
    await newUser('breach-1@example.com');
    const hash = await new PasswordHasher(FAST_HASHING).hash('baseball1');
    await server.db.query('UPDATE users SET password_hash = $2 WHERE lower(email) = $1', [
      'breach-1@example.com',
      hash,
    ]);
    const res = await post(LOGIN, { email: 'breach-1@example.com', password: 'baseball1' });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().isBreachedPassword, true);
    const clean = await post(LOGIN, { email: 'code-1@example.com', password: 'a-long-password-1' });
    assert.equal(clean.json().isBreachedPassword, undefined);
    assertErrors(
      await post(SIGN_UP, { email: 'breach-2@example.com', password: 'baseball1' }),
      400,
      'This password has appeared in a data breach. Choose a different password.',
    );
  });
});
