import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { maskPhone, normalizePhone } from '../../core/contract/phone';
import { API, LOGIN as LOGIN_URL, ME, bearer, refreshCookieOf } from '../../test/support/server';
import { latestCode, latestLink, outbox } from '../../test/support/account';
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

const PHONE_VERIFY = `${API}/users/v1/phone/reset/verify`;
const PHONE_CHANGE = `${API}/users/v1/phone/change`;
const WRONG = 'The code is incorrect. Check it and try again.';
const EXPIRED = 'This code has expired or was already used. Ask for a new one.';
const LINK_INVALID = 'This sign-in link is invalid or has expired. Ask for a new one.';

usePasswordlessServer();

describe('email code (Code)', () => {
  it('emails a 6-digit code that signs in once; the answer is a login response with the refresh cookie', async () => {
    await newUser('code-1@example.com');
    const pre = await post(PRE('Code'), { email: 'Code-1@example.com', type: 'Code' });
    assert.equal(pre.statusCode, 200);
    assert.deepEqual(pre.json(), {});
    const code = await latestCode(server.app, 'code-1@example.com');
    const res = await post(POST('Code'), { email: 'code-1@example.com', token: code });
    assert.equal(res.statusCode, 200, res.body);
    assert.ok(res.json().accessToken);
    assert.ok(refreshCookieOf(res));
    const me = await server.app.inject({ method: 'GET', url: ME, headers: bearer(res.json().accessToken) });
    assert.equal(me.json().email, 'code-1@example.com');
    assertErrors(await post(POST('Code'), { email: 'code-1@example.com', token: code }), 400, EXPIRED);
  });

  it('a wrong code is "incorrect"; a new code retires the old one; an expired code is refused', async () => {
    await newUser('code-2@example.com');
    await post(PRE('Code'), { email: 'code-2@example.com' });
    const first = await latestCode(server.app, 'code-2@example.com');
    const wrong = first === '000000' ? '111111' : '000000';
    assertErrors(await post(POST('Code'), { email: 'code-2@example.com', token: wrong }), 400, WRONG);
    await post(PRE('Code'), { email: 'code-2@example.com' });
    const second = await latestCode(server.app, 'code-2@example.com');
    if (first !== second)
      assertErrors(await post(POST('Code'), { email: 'code-2@example.com', token: first }), 400);
    await server.db.query(
      `UPDATE one_time_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'loginCode'`,
    );
    assertErrors(await post(POST('Code'), { email: 'code-2@example.com', token: second }), 400, EXPIRED);
  });

  it('answers an unknown email like a known one and sends nothing', async () => {
    const res = await post(PRE('Code'), { email: 'nobody-code@example.com' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), {});
    assert.deepEqual(await outbox(server.app, 'nobody-code@example.com'), []);
    assertErrors(
      await post(POST('Code'), { email: 'nobody-code@example.com', token: '123456' }),
      400,
      EXPIRED,
    );
  });

  it("the client SDK's `{ token }` alone signs in with the pre-login cookie; paths are lower-case", async () => {
    await newUser('code-sdk@example.com');
    const pre = await post(PRE('code'), { email: 'code-sdk@example.com' });
    assert.equal(pre.statusCode, 200, pre.body);
    const cookie = pre.cookies.find((c) => c.name === 'ae_passwordless');
    assert.ok(cookie, 'pre-login sets the email cookie');
    assert.equal(cookie.httpOnly, true);
    assert.equal(cookie.path, '/frontegg/identity/resources/auth/v1/passwordless');
    const code = await latestCode(server.app, 'code-sdk@example.com');
    assertErrors(await post(POST('code'), { token: code }), 400, 'Email is required');
    const res = await server.app.inject({
      method: 'POST',
      url: POST('code'),
      payload: { token: code },
      cookies: { ae_passwordless: cookie.value },
      remoteAddress: '10.0.0.1',
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.ok(res.json().accessToken);
    for (const old of ['Code', 'MagicLink', 'SmsCode'])
      assertErrors(
        await server.app.inject({
          method: 'POST',
          url: `/frontegg/identity/resources/auth/v1/passwordless/${old}/prelogin`,
          payload: { email: 'code-sdk@example.com' },
        }),
        400,
      );
  });

  it('bad input is a 400 with an errors list, never a 500', async () => {
    const cases: Array<[string, unknown]> = [
      [PRE('Code'), {}],
      [PRE('Code'), { email: '' }],
      [PRE('Code'), { email: `${'a'.repeat(250)}@example.com` }],
      [PRE('Code'), { email: 'a@b.co', extra: 1 }],
      [PRE('Code'), { email: 'a@b.co', type: 'MagicLink' }],
      [PRE('Nope'), { email: 'a@b.co' }],
      [POST('Code'), { email: 'a@b.co' }],
      [POST('Code'), { email: 'a@b.co', token: '' }],
      [POST('Code'), { email: 'a@b.co', token: '1'.repeat(21) }],
      [POST('Code'), { token: '123456' }],
      [POST('MagicLink'), {}],
      [POST('MagicLink'), { token: 'x'.repeat(101) }],
      [POST('Code'), { email: 'a@b.co', token: 123456 }],
    ];
    for (const [url, payload] of cases) assertErrors(await post(url, payload, '10.9.9.9'), 400);
  });
});

describe('magic link (MagicLink)', () => {
  it('emails a link to the magic-link route whose token signs in once; forged tokens are refused', async () => {
    await newUser('magic-1@example.com');
    assert.equal(
      (await post(PRE('MagicLink'), { email: 'magic-1@example.com', type: 'MagicLink' })).statusCode,
      200,
    );
    const link = await latestLink(server.app, 'magic-1@example.com');
    assert.equal(link.origin, 'https://app.example.com');
    assert.equal(link.pathname, '/account/login/magic-link');
    const token = link.searchParams.get('token')!;
    assert.match(token, /^[A-Za-z0-9_-]{43}$/);
    const res = await post(POST('MagicLink'), { token });
    assert.equal(res.statusCode, 200, res.body);
    assert.ok(res.json().accessToken);
    assertErrors(await post(POST('MagicLink'), { token }), 400, LINK_INVALID);
    assertErrors(await post(POST('MagicLink'), { token: 'A'.repeat(43) }), 400, LINK_INVALID);
    assertErrors(await post(POST('MagicLink'), { token: 'short' }), 400, LINK_INVALID);
  });

  it('an expired link is refused', async () => {
    await newUser('magic-2@example.com');
    await post(PRE('MagicLink'), { email: 'magic-2@example.com' });
    const token = (await latestLink(server.app, 'magic-2@example.com')).searchParams.get('token')!;
    await server.db.query(
      `UPDATE one_time_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'magicLink'`,
    );
    assertErrors(await post(POST('MagicLink'), { token }), 400, LINK_INVALID);
  });
});

describe('SMS code (SmsCode) and reset phone number', () => {
  it('texts a code to the phone on the account and answers the masked number', async () => {
    await newUser('sms-1@example.com', '+15550100123');
    const pre = await post(PRE('SmsCode'), { email: 'sms-1@example.com', type: 'SmsCode' });
    assert.equal(pre.statusCode, 200);
    assert.deepEqual(pre.json(), { phoneNumber: '+•••••••••23' });
    const [sms] = await outbox(server.app, '+15550100123');
    assert.equal(sms!.channel, 'sms');
    const code = await latestCode(server.app, '+15550100123');
    assertErrors(
      await post(POST('SmsCode'), {
        email: 'sms-1@example.com',
        token: code === '000000' ? '111111' : '000000',
      }),
      400,
      WRONG,
    );
    const res = await post(POST('SmsCode'), {
      email: 'sms-1@example.com',
      token: `${code.slice(0, 3)} ${code.slice(3)}`,
    });
    assert.equal(res.statusCode, 200, res.body);
    // An email code does not sign in through the SMS method, nor the reverse.
    await post(PRE('Code'), { email: 'sms-1@example.com' });
    assertErrors(
      await post(POST('SmsCode'), {
        email: 'sms-1@example.com',
        token: await latestCode(server.app, 'sms-1@example.com'),
      }),
      400,
    );
  });

  it('without a phone: a resetPhoneNumberToken; verify with the emailed code; change; then SMS sign-in works', async () => {
    await newUser('sms-2@example.com');
    const pre = await post(PRE('SmsCode'), { email: 'sms-2@example.com' });
    const { resetPhoneNumberToken } = pre.json();
    assert.match(resetPhoneNumberToken, /^[A-Za-z0-9_-]{43}$/);
    const emailed = await latestCode(server.app, 'sms-2@example.com');
    assertErrors(
      await post(PHONE_VERIFY, { resetPhoneNumberToken, code: emailed === '000000' ? '111111' : '000000' }),
      400,
      WRONG,
    );
    assertErrors(await post(PHONE_VERIFY, { resetPhoneNumberToken: 'A'.repeat(43), code: emailed }), 400);
    const verified = await post(PHONE_VERIFY, { resetPhoneNumberToken, code: emailed });
    assert.equal(verified.statusCode, 200, verified.body);
    const { changePhoneNumberToken } = verified.json();
    assertErrors(await post(PHONE_VERIFY, { resetPhoneNumberToken, code: emailed }), 400);
    const change = (payload: unknown) =>
      server.app.inject({ method: 'PUT', url: PHONE_CHANGE, payload: payload as object });
    assertErrors(await change({ changePhoneNumberToken, phoneNumber: 'call me' }), 400);
    assertErrors(await change({ changePhoneNumberToken, phoneNumber: '12' }), 400);
    assertErrors(await change({ changePhoneNumberToken, phoneNumber: '+1'.padEnd(40, '5') }), 400);
    assert.equal((await change({ changePhoneNumberToken, phoneNumber: '+1 555 0100 456' })).statusCode, 200);
    assertErrors(await change({ changePhoneNumberToken, phoneNumber: '+1 555 0100 789' }), 400);
    assert.deepEqual((await post(PRE('SmsCode'), { email: 'sms-2@example.com' })).json(), {
      phoneNumber: '+•••••••••56',
    });
    const res = await post(POST('SmsCode'), {
      email: 'sms-2@example.com',
      token: await latestCode(server.app, '+15550100456'),
    });
    assert.equal(res.statusCode, 200, res.body);
  });

  it('the request answers a token for an unknown email too, and bad input is a 400', async () => {
    const res = await post(PHONE_RESET, { email: 'nobody-phone@example.com' });
    assert.equal(res.statusCode, 200);
    assert.match(res.json().resetPhoneNumberToken, /^[A-Za-z0-9_-]{43}$/);
    assert.deepEqual(await outbox(server.app, 'nobody-phone@example.com'), []);
    for (const payload of [{}, { email: 'x' }, { email: 'a@b.co', more: 1 }])
      assertErrors(await post(PHONE_RESET, payload), 400);
    for (const payload of [
      {},
      { resetPhoneNumberToken: 'x' },
      { resetPhoneNumberToken: 'x'.repeat(101), code: '123456' },
    ])
      assertErrors(await post(PHONE_VERIFY, payload), 400);
  });

  it('masks and normalises phone numbers', () => {
    assert.equal(maskPhone('+44 20 7946 0958'), '+•• •• •••• ••58');
    assert.equal(normalizePhone(' +44 (20) 7946-0958 '), '+442079460958');
    for (const bad of ['', 'abc', '123', '+1 2345 6789 0123 4567'])
      assert.equal(normalizePhone(bad), null, bad);
  });
});

describe('a signed-in user adds a phone number (POST /users/v1/phone, /phone/verify)', () => {
  const ADD = `${API}/users/v1/phone`;
  const VERIFY = `${API}/users/v1/phone/verify`;
  const call = (url: string, token: string | null, payload: unknown, ip = '10.4.0.1') =>
    server.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: token ? bearer(token) : {},
      remoteAddress: ip,
    });

  it('texts a code to the new number; the number is set only with that code', async () => {
    await newUser('phone-add-1@example.com');
    const signedIn = await post(LOGIN_URL, {
      email: 'phone-add-1@example.com',
      password: 'a-long-password-1',
    });
    const token = signedIn.json().accessToken as string;
    assertErrors(await call(ADD, token, { phoneNumber: 'call me' }), 400);
    const added = await call(ADD, token, { phoneNumber: '+44 20 7946 0958' });
    assert.equal(added.statusCode, 200, added.body);
    const { changePhoneId } = added.json();
    assert.ok(typeof changePhoneId === 'string' && changePhoneId.length > 20);
    // The request and its code live ten minutes from now (seconds, not milliseconds or minutes).
    const { rows: lifetimes } = await server.db.query<{ purpose: string; seconds: number; left: number }>(
      `SELECT purpose, EXTRACT(EPOCH FROM t.expires_at - t.created_at)::float8 AS seconds,
              EXTRACT(EPOCH FROM t.expires_at - now())::float8 AS left
         FROM one_time_tokens t JOIN users u ON u.id = t.user_id
        WHERE u.email = 'phone-add-1@example.com' AND purpose IN ('verifyPhoneSession', 'verifyPhone')
        ORDER BY purpose`,
    );
    assert.deepEqual(
      lifetimes.map((r) => [r.purpose, r.seconds]),
      [
        ['verifyPhone', 600],
        ['verifyPhoneSession', 600],
      ],
    );
    for (const row of lifetimes) assert.ok(row.left > 540, `${row.purpose} expires in ${row.left} s`);
    const code = await latestCode(server.app, '+442079460958');
    const phoneOf = async () =>
      (
        await server.db.query<{ phone: string | null }>(
          "SELECT phone FROM users WHERE email = 'phone-add-1@example.com'",
        )
      ).rows[0]!.phone;
    assertErrors(
      await call(VERIFY, token, { changePhoneId, code: code === '000000' ? '111111' : '000000' }),
      400,
      WRONG,
    );
    assert.equal(await phoneOf(), null, 'not set by a wrong code');
    assertErrors(await call(VERIFY, token, { changePhoneId: 'A'.repeat(43), code }), 400);
    const verified = await call(VERIFY, token, {
      changePhoneId,
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
    });
    assert.deepEqual([verified.statusCode, verified.json()], [200, {}]);
    assert.equal(await phoneOf(), '+442079460958');
    assertErrors(await call(VERIFY, token, { changePhoneId, code }), 400);
  });

  it("needs a signed-in user; another user's changePhoneId does not work; bad bodies are 400", async () => {
    assertErrors(await call(ADD, null, { phoneNumber: '+15550100999' }), 401);
    await newUser('phone-add-2@example.com');
    await newUser('phone-add-3@example.com');
    const tokenOf = async (email: string) =>
      (await post(LOGIN_URL, { email, password: 'a-long-password-1' })).json().accessToken as string;
    const mine = await tokenOf('phone-add-2@example.com');
    const theirs = await tokenOf('phone-add-3@example.com');
    const { changePhoneId } = (await call(ADD, mine, { phoneNumber: '+15550100999' })).json();
    const code = await latestCode(server.app, '+15550100999');
    assertErrors(await call(VERIFY, theirs, { changePhoneId, code }), 400);
    for (const payload of [{}, { phoneNumber: '' }, { phoneNumber: '+1555', extra: 1 }])
      assertErrors(await call(ADD, mine, payload), 400);
    for (const payload of [{}, { changePhoneId }, { code }, { changePhoneId, code, extra: 1 }])
      assertErrors(await call(VERIFY, mine, payload), 400);
  });
});
