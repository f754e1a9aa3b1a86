// MFA rules written once (core/domain/mfa.ts) and the descriptor's access, answered alike by the
// demo backend and the reference server: the account's MFA needs a person's bearer; a code sent for
// one purpose proves nothing else; a recovery code at sign-in needs the first factor and the
// signing-in user's email; removing a phone shows its number masked as the server masks it; an
// assertion of a key the user does not have is a wrong answer of the sign-in.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generate } from 'otplib';
import { maskPhone } from '../../core/contract/phone';
import { BACKENDS, newAccountOwner, type Answer, type ContractTarget } from './targets';

const MFA = '/identity/resources/users/v1/mfa';
const LOGIN_MFA = '/identity/resources/auth/v1/user/mfa';

async function codeSentTo(target: ContractTarget, to: string): Promise<string> {
  const box = await target.call('GET', `/dev/outbox?to=${encodeURIComponent(to)}`);
  assert.equal(box.status, 200, JSON.stringify(box.body));
  return (box.body.messages[0].text as string).match(/\b\d{6}\b/)![0];
}

const codes = (answer: Answer) => (answer.body.errors as Array<{ code?: string } | string>) ?? [];

for (const [name, factory] of BACKENDS) {
  describe(`contract: ${name}: MFA rules`, () => {
    const owner = newAccountOwner(factory, 'mfa-rules');
    const phone = `+1555${String(Date.now()).slice(-7)}`;

    test('the account MFA routes need a bearer: 401 without one, as the descriptor says', async () => {
      const answer = await owner.target.call('GET', `${MFA}/devices`);
      assert.equal(answer.status, 401, JSON.stringify(answer.body));
      assert.deepEqual(answer.body.errorCodes, ['BEARER_MISSING']);
    });

    test('a phone removal code enrols nothing; the removal shows the number masked as the server masks it', async () => {
      const sent = await owner.call('POST', `${MFA}/sms/enroll`, { phoneNumber: phone });
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      const enrolled = await owner.call('POST', `${MFA}/sms/enroll/verify`, {
        otcToken: sent.body.otcToken,
        code: await codeSentTo(owner.target, phone),
      });
      assert.equal(enrolled.status, 200, JSON.stringify(enrolled.body));
      const removal = await owner.call('POST', `${MFA}/sms/${enrolled.body.deviceId}/disable`, {});
      assert.equal(removal.status, 200, JSON.stringify(removal.body));
      assert.equal(removal.body.phoneNumber, maskPhone(phone));
      const misused = await owner.call('POST', `${MFA}/sms/enroll/verify`, {
        otcToken: removal.body.otcToken,
        code: await codeSentTo(owner.target, phone),
      });
      assert.equal(misused.status, 400, JSON.stringify(misused.body));
      assert.deepEqual(misused.body.errorCodes, ['MFA_CODE_EXPIRED']);
      const devices = await owner.call('GET', `${MFA}/devices`);
      assert.equal(devices.body.phones.length, 1, 'no second phone was enrolled');
    });

    test('a sent code burns at its fifth wrong guess: from then on it answers as expired', async () => {
      const other = `+1556${String(Date.now()).slice(-7)}`;
      const sent = await owner.call('POST', `${MFA}/sms/enroll`, { phoneNumber: other });
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      const code = await codeSentTo(owner.target, other);
      const verify = (value: string) =>
        owner.call('POST', `${MFA}/sms/enroll/verify`, { otcToken: sent.body.otcToken, code: value });
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 4; i++) assert.deepEqual((await verify(wrong)).body.errorCodes, ['MFA_CODE_WRONG']);
      assert.deepEqual((await verify(wrong)).body.errorCodes, ['MFA_CODE_EXPIRED']);
      const late = await verify(code);
      assert.deepEqual([late.status, late.body.errorCodes], [400, ['MFA_CODE_EXPIRED']]);
      await owner.call('POST', `${MFA}/sms/enroll`, { phoneNumber: other });
      const fresh = await owner.call('POST', `${MFA}/sms/enroll/verify`, {
        otcToken: 'a-token-of-the-right-shape-never-issued',
        code,
      });
      assert.deepEqual(fresh.body.errorCodes, ['MFA_CODE_EXPIRED'], 'an unknown token');
    });

    test('a recovery code at sign-in needs the first factor, and the email given must be the user signing in', async () => {
      const without = await owner.target.call('POST', `${LOGIN_MFA}/recover`, {
        body: { recoveryCode: 'AAAA-BBBB-CCCC-DDDD' },
      });
      assert.equal(without.status, 401, JSON.stringify(without.body));
      assert.deepEqual(without.body.errorCodes, ['MFA_RECOVERY_NEEDS_FIRST_FACTOR']);
      await owner.target.clearCookies();
      const me = await owner.call('GET', '/identity/resources/users/v2/me');
      const login = await owner.target.call('POST', '/identity/resources/auth/v1/user', {
        body: { email: me.body.email, password: 'a-long-password-1' },
      });
      assert.equal(login.status, 200, JSON.stringify(login.body));
      assert.equal(login.body.mfaRequired, true, 'the phone enrolled above asks for a second factor');
      const other = await owner.target.call('POST', `${LOGIN_MFA}/recover`, {
        body: {
          mfaToken: login.body.mfaToken,
          recoveryCode: 'AAAA-BBBB-CCCC-DDDD',
          email: 'someone-else@example.com',
        },
      });
      assert.equal(other.status, 400, JSON.stringify(other.body));
      assert.deepEqual(other.body.errorCodes, ['MFA_EMAIL_MISMATCH']);
      assert.ok(codes(other).length > 0);
      // An assertion of a key the user does not have is a wrong answer of the sign-in (400), on a
      // path that names no device of theirs too (the handler is core/domain/mfa-sign-in-handlers.ts).
      const b64 = (text: string) => Buffer.from(text).toString('base64url');
      const strangerKey = await owner.target.call(
        'POST',
        `${LOGIN_MFA}/webauthn/00000000-0000-4000-8000-000000000000/verify`,
        {
          body: {
            mfaToken: login.body.mfaToken,
            webauthnToken: b64('a-challenge-never-issued-here'),
            options: {
              id: b64('a-credential-never-registered'),
              rawId: b64('a-credential-never-registered'),
              type: 'public-key',
              response: { clientDataJSON: b64('{}'), authenticatorData: b64('data'), signature: b64('sig') },
            },
          },
        },
      );
      assert.equal(strangerKey.status, 400, JSON.stringify(strangerKey.body));
      assert.deepEqual(strangerKey.body.errorCodes, ['MFA_DEVICE_UNKNOWN']);
    });
  });

  describe(`contract: ${name}: the account's MFA policy at sign-in`, () => {
    const owner = newAccountOwner(factory, 'mfa-policy');
    const POLICY = '/identity/resources/configurations/v1/mfa-policy';

    test('the policy saved on the security page applies to a password sign-in into the account', async () => {
      const { email } = (await owner.call('GET', '/identity/resources/users/v2/me')).body;
      const signIn = async () => {
        await owner.target.clearCookies();
        return owner.target.call('POST', '/identity/resources/auth/v1/user', {
          body: { email, password: 'a-long-password-1' },
        });
      };
      const saved = await owner.call('POST', POLICY, { enforceMFAType: 'Force' });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      const forced = await signIn();
      assert.equal(forced.status, 200, JSON.stringify(forced.body));
      assert.deepEqual([forced.body.mfaRequired, forced.body.mfaEnrolled], [true, false]);
      assert.equal(typeof forced.body.mfaToken, 'string');
      // A password is not SAML: ForceExceptSAML asks too.
      await owner.call('PATCH', POLICY, { id: saved.body.id, enforceMFAType: 'ForceExceptSAML' });
      assert.equal((await signIn()).body.mfaRequired, true);
      await owner.call('PATCH', POLICY, { id: saved.body.id, enforceMFAType: 'DontForce' });
      const free = await signIn();
      assert.equal(free.status, 200, JSON.stringify(free.body));
      assert.equal(free.body.mfaRequired, false);
      assert.equal(typeof free.body.accessToken, 'string');
    });
  });

  describe(`contract: ${name}: MFA attempt limits`, () => {
    const owner = newAccountOwner(factory, 'mfa-limits');

    test('an authenticator code with nothing pending has expired; ten wrong proofs lock the user out (429)', async () => {
      const nothing = await owner.call('POST', `${MFA}/enroll/verify`, { token: '123456' });
      assert.deepEqual([nothing.status, nothing.body.errorCodes], [400, ['MFA_CODE_EXPIRED']]);
      const started = await owner.call('POST', `${MFA}/enroll`, {});
      assert.equal(started.status, 200, JSON.stringify(started.body));
      const enrolled = await owner.call('POST', `${MFA}/enroll/verify`, {
        token: await generate({ secret: started.body.secret }),
      });
      assert.equal(enrolled.status, 200, JSON.stringify(enrolled.body));
      const answers = [];
      for (let i = 0; i < 10; i++)
        answers.push(
          (await owner.call('POST', `${MFA}/recovery-codes`, { token: 'AAAA-BBBB-CCCC-DDDD' })).status,
        );
      assert.deepEqual(answers, [400, 400, 400, 400, 400, 400, 400, 400, 400, 429]);
      const right = await owner.call('POST', `${MFA}/recovery-codes`, {
        token: enrolled.body.recoveryCodes[0],
      });
      assert.deepEqual([right.status, right.body.errorCodes], [429, ['MFA_TOO_MANY_ATTEMPTS']]);
    });
  });

  describe(`contract: ${name}: MFA code sending limit`, () => {
    const owner = newAccountOwner(factory, 'mfa-sends');

    test('six SMS codes for one user, each to another number: the sixth is 429 TOO_MANY_CODES', async () => {
      const base = `+1666${String(Date.now()).slice(-6)}`;
      const answers = [];
      for (let i = 0; i < 6; i++) {
        const sent = await owner.call('POST', `${MFA}/sms/enroll`, { phoneNumber: `${base}${i}` });
        answers.push([sent.status, sent.body.errorCodes]);
      }
      assert.deepEqual(answers, [...Array(5).fill([200, undefined]), [429, ['TOO_MANY_CODES']]]);
    });
  });
}
