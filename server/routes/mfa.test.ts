// MFA over real HTTP (inject) on a real database: TOTP with otplib, SMS and email codes through the
// outbox, recovery codes, the mfaToken's limits, remember-device, account-side MFA.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { generate } from 'otplib';
import type { BuiltServer } from '../app';
import { API, bearer, login, refreshCookieOf, SIGN_UP, startTestServer } from '../../test/support/server';
import { latestCode } from '../../test/support/account';

const AUTH_MFA = `${API}/auth/v1/user/mfa`;
const ACCOUNT_MFA = `${API}/users/v1/mfa`;
const LOGIN = `${API}/auth/v1/user`;

let server: BuiltServer;
before(async () => {
  server = await startTestServer({ devOutbox: true });
});
after(async () => {
  await server.close();
});

let n = 0;
async function newAccount() {
  n += 1;
  const email = `mfa-${n}-${Date.now()}@example.com`;
  const password = 'a-long-password-1';
  const res = await server.app.inject({
    method: 'POST',
    url: SIGN_UP,
    payload: { email, password, name: 'M' },
  });
  assert.equal(res.statusCode, 200, res.body);
  return { email, password };
}

/** A TOTP code for the step after the one of `code` (so it is not a replay). */
async function nextCode(secret: string, offsetSteps = 1) {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * offsetSteps });
}

async function enrolAuthenticator(accessToken: string) {
  const enrol = await server.app.inject({
    method: 'POST',
    url: `${ACCOUNT_MFA}/enroll`,
    headers: bearer(accessToken),
  });
  assert.equal(enrol.statusCode, 200, enrol.body);
  const { qrCode, secret } = enrol.json();
  assert.match(qrCode, /^data:image\/png;base64,/);
  const wrong = await server.app.inject({
    method: 'POST',
    url: `${ACCOUNT_MFA}/enroll/verify`,
    headers: bearer(accessToken),
    payload: { token: '000000' === (await generate({ secret })) ? '111111' : '000000' },
  });
  assert.equal(wrong.statusCode, 400);
  assert.equal(
    (
      await server.app.inject({ method: 'GET', url: `${ACCOUNT_MFA}/devices`, headers: bearer(accessToken) })
    ).json().authenticators.length,
    0,
    'nothing half-enrolled',
  );
  const ok = await server.app.inject({
    method: 'POST',
    url: `${ACCOUNT_MFA}/enroll/verify`,
    headers: bearer(accessToken),
    payload: { token: await generate({ secret }) },
  });
  assert.equal(ok.statusCode, 200, ok.body);
  assert.match(ok.json().recoveryCode, /^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
  return {
    secret,
    recoveryCode: ok.json().recoveryCode as string,
    recoveryCodes: ok.json().recoveryCodes as string[],
  };
}

async function passwordLogin(email: string, password: string, cookie?: string) {
  const res = await server.app.inject({
    method: 'POST',
    url: LOGIN,
    payload: { email, password },
    headers: cookie ? { cookie } : {},
  });
  assert.equal(res.statusCode, 200, res.body);
  return res;
}

describe('MFA at sign-in with an authenticator app', () => {
  test('enrolled user: mfaRequired with a token, devices and strategies; no session until the code', async () => {
    const account = await newAccount();
    const { accessToken } = await login(server.app, account.email, account.password);
    const { secret, recoveryCode } = await enrolAuthenticator(accessToken);

    const first = await passwordLogin(account.email, account.password);
    const body = first.json();
    assert.equal(body.mfaRequired, true);
    assert.equal(body.mfaEnrolled, true);
    assert.equal(body.accessToken, undefined);
    assert.equal(refreshCookieOf(first), undefined);
    assert.equal(body.mfaDevices.authenticators.length, 1);
    assert.ok(
      body.mfaStrategies.some(
        (s: { strategy: string; isActive: boolean }) => s.strategy === 'AuthenticatorApp' && s.isActive,
      ),
    );

    const wrong = await server.app.inject({
      method: 'POST',
      url: `${AUTH_MFA}/verify`,
      payload: { mfaToken: body.mfaToken, value: '12345' },
    });
    assert.equal(wrong.statusCode, 400);
    const forged = await server.app.inject({
      method: 'POST',
      url: `${AUTH_MFA}/verify`,
      payload: { mfaToken: 'A'.repeat(43), value: await nextCode(secret) },
    });
    assert.equal(forged.statusCode, 401);
    assert.deepEqual(forged.json().errors, ['Your sign-in attempt has expired. Sign in again.']);

    const code = await nextCode(secret);
    const ok = await server.app.inject({
      method: 'POST',
      url: `${AUTH_MFA}/verify`,
      payload: { mfaToken: body.mfaToken, value: code },
    });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.ok(ok.json().accessToken);
    assert.ok(refreshCookieOf(ok));

    // The token is used up, and the same code replayed with a new token is refused.
    const reused = await server.app.inject({
      method: 'POST',
      url: `${AUTH_MFA}/verify`,
      payload: { mfaToken: body.mfaToken, value: code },
    });
    assert.equal(reused.statusCode, 401);
    const again = (await passwordLogin(account.email, account.password)).json();
    const replay = await server.app.inject({
      method: 'POST',
      url: `${AUTH_MFA}/verify`,
      payload: { mfaToken: again.mfaToken, value: code },
    });
    assert.equal(replay.statusCode, 400);
    assert.deepEqual(replay.json().errors, ['That code is not correct. Check it and try again.']);

    // The client SDK's body { email, recoveryCode } without an mfaToken: refused, the code not spent.
    const sdkBody = await server.app.inject({
      method: 'POST',
      url: `${AUTH_MFA}/recover`,
      payload: { email: account.email, recoveryCode },
    });
    assert.equal(sdkBody.statusCode, 401);
    assert.match(sdkBody.json().errors[0], /a recovery code replaces only the second factor/);
    const otherEmail = await server.app.inject({
      method: 'POST',
      url: `${AUTH_MFA}/recover`,
      payload: { mfaToken: again.mfaToken, email: 'someone-else@example.com', recoveryCode },
    });
    assert.equal(otherEmail.statusCode, 400);

    // Recovery: the code signs in once; the other codes of the set stay (the SDK's email accepted with the mfaToken).
    const recovered = await server.app.inject({
      method: 'POST',
      url: `${AUTH_MFA}/recover`,
      payload: { mfaToken: again.mfaToken, email: account.email, recoveryCode: recoveryCode.toLowerCase() },
    });
    assert.equal(recovered.statusCode, 200, recovered.body);
    assert.ok(recovered.json().accessToken);
    assert.equal(recovered.json().recoveryCodes, undefined, 'nine codes of the set are left');
    const third = (await passwordLogin(account.email, account.password)).json();
    const usedUp = await server.app.inject({
      method: 'POST',
      url: `${AUTH_MFA}/recover`,
      payload: { mfaToken: third.mfaToken, recoveryCode },
    });
    assert.equal(usedUp.statusCode, 400);
    assert.deepEqual(usedUp.json().errors, ['That recovery code is not correct.']);
  });

  test('five wrong codes burn the mfaToken; the secret is stored encrypted', async () => {
    const account = await newAccount();
    const { accessToken } = await login(server.app, account.email, account.password);
    const { secret } = await enrolAuthenticator(accessToken);
    const { mfaToken } = (await passwordLogin(account.email, account.password)).json();
    const statuses = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push(
        (
          await server.app.inject({
            method: 'POST',
            url: `${AUTH_MFA}/verify`,
            payload: { mfaToken, value: '99999' + (i % 10) },
          })
        ).statusCode,
      );
    }
    assert.deepEqual(statuses, [400, 400, 400, 400, 429]);
    const after = await server.app.inject({
      method: 'POST',
      url: `${AUTH_MFA}/verify`,
      payload: { mfaToken, value: await nextCode(secret) },
    });
    assert.equal(after.statusCode, 401);
    const { rows } = await server.db.query<{ secret_enc: string }>(
      `SELECT secret_enc FROM mfa_devices d JOIN users u ON u.id = d.user_id WHERE lower(u.email) = $1`,
      [account.email],
    );
    assert.ok(rows[0]!.secret_enc.startsWith('v1.'));
    assert.ok(!rows[0]!.secret_enc.includes(secret));
  });

  test('remember this device: the check by mfaToken, then the next sign-in skips MFA with the cookie only', async () => {
    const account = await newAccount();
    const { accessToken } = await login(server.app, account.email, account.password);
    const { secret } = await enrolAuthenticator(accessToken);
    const { mfaToken } = (await passwordLogin(account.email, account.password)).json();
    const check = await server.app.inject({
      method: 'GET',
      url: `${API}/configurations/v1/mfa-policy/allow-remember-device?mfaToken=${mfaToken}`,
    });
    assert.deepEqual(check.json(), { isAllowedToRemember: true, mfaDeviceExpiration: 1209600 });
    const ok = await server.app.inject({
      method: 'POST',
      url: `${AUTH_MFA}/verify`,
      payload: { mfaToken, value: await nextCode(secret), rememberDevice: true },
    });
    const cookie = ok.cookies.find((c) => c.name === 'ae_mfa_device');
    assert.ok(cookie?.httpOnly);
    const remembered = (
      await passwordLogin(account.email, account.password, `ae_mfa_device=${cookie!.value}`)
    ).json();
    assert.ok(remembered.accessToken);
    assert.equal(remembered.mfaRequired, false);
    const otherBrowser = (await passwordLogin(account.email, account.password)).json();
    assert.equal(otherBrowser.mfaRequired, true);
  });
});

describe('forced enrolment with SMS and email codes', () => {
  test('a tenant that enforces MFA: SMS enrolment by outbox code, then sign-in by SMS; email code likewise', async () => {
    const account = await newAccount();
    const { rows } = await server.db.query<{ tenant_id: string }>(
      `SELECT m.tenant_id FROM memberships m JOIN users u ON u.id = m.user_id WHERE lower(u.email) = $1`,
      [account.email],
    );
    await server.db.query('INSERT INTO tenant_mfa_policies (tenant_id, enforce) VALUES ($1, true)', [
      rows[0]!.tenant_id,
    ]);
    const first = (await passwordLogin(account.email, account.password)).json();
    assert.equal(first.mfaRequired, true);
    assert.equal(first.mfaEnrolled, false);

    const bad = await server.app.inject({
      method: 'POST',
      url: `${AUTH_MFA}/sms/enroll`,
      payload: { mfaToken: first.mfaToken, phoneNumber: '12' },
    });
    assert.equal(bad.statusCode, 400);
    const pre = await server.app.inject({
      method: 'POST',
      url: `${AUTH_MFA}/sms/enroll`,
      payload: { mfaToken: first.mfaToken, phoneNumber: '+4915112345678' },
    });
    assert.equal(pre.statusCode, 200, pre.body);
    const code = await latestCode(server.app, '+4915112345678');
    const enrolled = await server.app.inject({
      method: 'POST',
      url: `${AUTH_MFA}/sms/enroll/verify`,
      payload: { mfaToken: first.mfaToken, otcToken: pre.json().otcToken, code },
    });
    assert.equal(enrolled.statusCode, 200, enrolled.body);
    assert.ok(enrolled.json().recoveryCode);

    const second = (await passwordLogin(account.email, account.password)).json();
    assert.equal(second.mfaEnrolled, true);
    const phone = second.mfaDevices.phones[0];
    assert.equal(phone.phoneNumber, '+•••••••••5678');
    const sent = await server.app.inject({
      method: 'POST',
      url: `${AUTH_MFA}/sms/${phone.id}`,
      payload: { mfaToken: second.mfaToken },
    });
    const smsCode = await latestCode(server.app, '+4915112345678');
    const verified = await server.app.inject({
      method: 'POST',
      url: `${AUTH_MFA}/sms/${phone.id}/verify`,
      payload: { mfaToken: second.mfaToken, otcToken: sent.json().otcToken, code: smsCode },
    });
    assert.equal(verified.statusCode, 200, verified.body);
    const replay = await server.app.inject({
      method: 'POST',
      url: `${AUTH_MFA}/sms/${phone.id}/verify`,
      payload: { mfaToken: second.mfaToken, otcToken: sent.json().otcToken, code: smsCode },
    });
    assert.equal(replay.statusCode, 401);

    // Email code as a second device, added from the login step of a later sign-in.
    const third = (await passwordLogin(account.email, account.password)).json();
    const emailPre = await server.app.inject({
      method: 'POST',
      url: `${AUTH_MFA}/emailcode/enroll`,
      payload: { mfaToken: third.mfaToken },
    });
    const emailCode = await latestCode(server.app, account.email);
    const wrongEmail = await server.app.inject({
      method: 'POST',
      url: `${AUTH_MFA}/emailcode/enroll/verify`,
      payload: {
        mfaToken: third.mfaToken,
        otcToken: emailPre.json().otcToken,
        code: emailCode === '000000' ? '000001' : '000000',
      },
    });
    assert.equal(wrongEmail.statusCode, 400);
    const emailOk = await server.app.inject({
      method: 'POST',
      url: `${AUTH_MFA}/emailcode/enroll/verify`,
      payload: { mfaToken: third.mfaToken, otcToken: emailPre.json().otcToken, code: emailCode },
    });
    assert.equal(emailOk.statusCode, 200, emailOk.body);
    assert.equal(emailOk.json().recoveryCode, undefined, 'only the first device gets a recovery code');
  });
});

describe('account-side MFA', () => {
  test('devices list, disable the authenticator with a code, remove an SMS device with a code sent to it; bad ids are 400/404', async () => {
    const account = await newAccount();
    const { accessToken } = await login(server.app, account.email, account.password);
    const { secret } = await enrolAuthenticator(accessToken);
    const pre = await server.app.inject({
      method: 'POST',
      url: `${ACCOUNT_MFA}/sms/enroll`,
      headers: bearer(accessToken),
      payload: { phoneNumber: '+14155550123' },
    });
    const code = await latestCode(server.app, '+14155550123');
    const sms = await server.app.inject({
      method: 'POST',
      url: `${ACCOUNT_MFA}/sms/enroll/verify`,
      headers: bearer(accessToken),
      payload: { otcToken: pre.json().otcToken, code },
    });
    assert.equal(sms.statusCode, 200, sms.body);
    const devices = (
      await server.app.inject({ method: 'GET', url: `${ACCOUNT_MFA}/devices`, headers: bearer(accessToken) })
    ).json();
    assert.equal(devices.phones[0].phoneNumber, '+14155550123');
    assert.equal(
      (
        await server.app.inject({
          method: 'POST',
          url: `${ACCOUNT_MFA}/sms/not-a-uuid/disable`,
          headers: bearer(accessToken),
        })
      ).statusCode,
      400,
    );
    assert.equal(
      (
        await server.app.inject({
          method: 'POST',
          url: `${ACCOUNT_MFA}/sms/00000000-0000-4000-8000-000000000000/disable`,
          headers: bearer(accessToken),
        })
      ).statusCode,
      404,
    );
    // Removal in two steps: a code sent to that phone, then the code.
    const phoneId = devices.phones[0].id;
    const preDisable = await server.app.inject({
      method: 'POST',
      url: `${ACCOUNT_MFA}/sms/${phoneId}/disable`,
      headers: bearer(accessToken),
    });
    assert.equal(preDisable.statusCode, 200, preDisable.body);
    const { otcToken: removalToken, phoneNumber: masked } = preDisable.json();
    assert.equal(masked, '+•••••••••23');
    const verifyRemoval = (otcToken: string, value: string) =>
      server.app.inject({
        method: 'POST',
        url: `${ACCOUNT_MFA}/sms/${phoneId}/disable/verify`,
        headers: bearer(accessToken),
        payload: { otcToken, code: value },
      });
    // The enrolment's token and code are not a removal's.
    assert.equal((await verifyRemoval(pre.json().otcToken, code)).statusCode, 400);
    const removalCode = await latestCode(server.app, '+14155550123');
    assert.notEqual(removalCode, code);
    const wrong = removalCode === '000000' ? '000001' : '000000';
    assert.equal((await verifyRemoval(removalToken, wrong)).statusCode, 400);
    const removed = await verifyRemoval(removalToken, removalCode);
    assert.equal(removed.statusCode, 200, removed.body);
    const left = (
      await server.app.inject({ method: 'GET', url: `${ACCOUNT_MFA}/devices`, headers: bearer(accessToken) })
    ).json();
    assert.equal(left.phones.length, 0);
    assert.equal(
      (
        await server.app.inject({
          method: 'POST',
          url: `${ACCOUNT_MFA}/disable`,
          headers: bearer(accessToken),
          payload: { token: '12' },
        })
      ).statusCode,
      400,
    );
    const off = await server.app.inject({
      method: 'POST',
      url: `${ACCOUNT_MFA}/disable`,
      headers: bearer(accessToken),
      payload: { token: await nextCode(secret) },
    });
    assert.equal(off.statusCode, 200, off.body);
    const after = (await passwordLogin(account.email, account.password)).json();
    assert.ok(after.accessToken, 'no second factor left: plain sign-in');
    assert.equal((await server.app.inject({ method: 'GET', url: `${ACCOUNT_MFA}/devices` })).statusCode, 401);
    const unknownField = await server.app.inject({
      method: 'POST',
      url: `${ACCOUNT_MFA}/enroll/verify`,
      headers: bearer(accessToken),
      payload: { token: '123456', extra: 1 },
    });
    assert.equal(unknownField.statusCode, 400);
  });
});

describe('MFA after a passwordless first factor', () => {
  test('an emailed code from an enrolled user answers mfaRequired, with no session until the second factor', async () => {
    const account = await newAccount();
    const { accessToken } = await login(server.app, account.email, account.password);
    const { secret } = await enrolAuthenticator(accessToken);

    const pre = await server.app.inject({
      method: 'POST',
      url: `${API}/auth/v1/passwordless/code/prelogin`,
      payload: { email: account.email },
    });
    assert.equal(pre.statusCode, 200, pre.body);
    const code = await latestCode(server.app, account.email);
    const post = await server.app.inject({
      method: 'POST',
      url: `${API}/auth/v1/passwordless/code/postlogin`,
      payload: { email: account.email, token: code },
    });
    assert.equal(post.statusCode, 200, post.body);
    const body = post.json();
    assert.equal(body.mfaRequired, true);
    assert.equal(body.accessToken, undefined);
    assert.equal(refreshCookieOf(post), undefined, 'no session cookie before the second factor');

    const ok = await server.app.inject({
      method: 'POST',
      url: `${AUTH_MFA}/verify`,
      payload: { mfaToken: body.mfaToken, value: await nextCode(secret) },
    });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.ok(ok.json().accessToken);
  });
});

describe("the client SDK's account MFA paths (issue 13)", () => {
  test('an authenticator app is removed at /authenticator/{id}/disable/verify with a code; the old path is gone', async () => {
    const account = await newAccount();
    const { accessToken } = await login(server.app, account.email, account.password);
    const { secret, recoveryCode } = await enrolAuthenticator(accessToken);
    const devices = (
      await server.app.inject({ method: 'GET', url: `${ACCOUNT_MFA}/devices`, headers: bearer(accessToken) })
    ).json();
    const id = devices.authenticators[0].id as string;
    // The enrolment's code is spent (no replay): the proof is the recovery code.
    const token = await generate({ secret });
    const old = await server.app.inject({
      method: 'POST',
      url: `${ACCOUNT_MFA}/authenticator/${id}/disable`,
      headers: bearer(accessToken),
      payload: { token },
    });
    assert.equal(old.statusCode, 404);
    const wrong = await server.app.inject({
      method: 'POST',
      url: `${ACCOUNT_MFA}/authenticator/${id}/disable/verify`,
      headers: bearer(accessToken),
      payload: { token: token === '000000' ? '111111' : '000000' },
    });
    assert.equal(wrong.statusCode, 400);
    const removed = await server.app.inject({
      method: 'POST',
      url: `${ACCOUNT_MFA}/authenticator/${id}/disable/verify`,
      headers: bearer(accessToken),
      payload: { token: recoveryCode },
    });
    assert.deepEqual([removed.statusCode, removed.json()], [200, {}]);
    const after = (
      await server.app.inject({ method: 'GET', url: `${ACCOUNT_MFA}/devices`, headers: bearer(accessToken) })
    ).json();
    assert.equal(after.authenticators.length, 0);
  });
});

describe('recovery codes: a set, each single-use, stored hashed, regenerated (issue 24)', () => {
  test('enrolment shows 10 codes once (recoveryCode is the first); each works once; a new set invalidates the old', async () => {
    const account = await newAccount();
    const { accessToken } = await login(server.app, account.email, account.password);
    const { recoveryCode, recoveryCodes } = await enrolAuthenticator(accessToken);
    assert.equal(recoveryCodes.length, 10);
    assert.equal(new Set(recoveryCodes).size, 10);
    assert.equal(recoveryCode, recoveryCodes[0]);
    const stored = JSON.stringify((await server.db.query('SELECT * FROM mfa_recovery_codes')).rows);
    assert.ok(
      recoveryCodes.every((code) => !stored.includes(code)),
      'only hashes are stored',
    );

    const recover = async (code: string) => {
      const started = (await passwordLogin(account.email, account.password)).json();
      return server.app.inject({
        method: 'POST',
        url: `${AUTH_MFA}/recover`,
        payload: { mfaToken: started.mfaToken, recoveryCode: code },
      });
    };
    assert.equal((await recover(recoveryCodes[3]!)).statusCode, 200);
    assert.equal((await recover(recoveryCodes[3]!)).statusCode, 400, 'a code works once');
    assert.equal((await recover(recoveryCodes[4]!)).statusCode, 200, 'another code of the set still works');

    const regenerate = (token: string) =>
      server.app.inject({
        method: 'POST',
        url: `${ACCOUNT_MFA}/recovery-codes`,
        headers: bearer(accessToken),
        payload: { token },
      });
    assert.equal((await regenerate('000000')).statusCode, 400, 'a wrong proof is refused');
    const fresh = await regenerate(recoveryCodes[5]!);
    assert.equal(fresh.statusCode, 200, fresh.body);
    const next = fresh.json().recoveryCodes as string[];
    assert.equal(next.length, 10);
    assert.equal(fresh.json().recoveryCode, next[0]);
    assert.equal((await recover(recoveryCodes[6]!)).statusCode, 400, 'the old set no longer works');
    assert.equal((await recover(next[0]!)).statusCode, 200);
  });

  test('no second factor, no recovery codes to regenerate', async () => {
    const account = await newAccount();
    const { accessToken } = await login(server.app, account.email, account.password);
    const res = await server.app.inject({
      method: 'POST',
      url: `${ACCOUNT_MFA}/recovery-codes`,
      headers: bearer(accessToken),
      payload: { token: '123456' },
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json().errors, [
      'Set up two-factor authentication first: recovery codes come with it.',
    ]);
  });
});
