// Passwordless sign-in, reset phone number, rate limiting and the breach list: the same cases against
// the demo backend and the reference server, codes and links read from each one's outbox.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generate } from 'otplib';
import { demoTarget, serverTarget, type ContractTarget } from './targets';

const factories: Array<[string, () => Promise<ContractTarget> | ContractTarget]> = [
  ['demo backend', demoTarget],
  ['reference server', serverTarget],
];

const AUTH = '/identity/resources/auth/v1';
const USERS = '/identity/resources/users/v1';
const WRONG = 'The code is incorrect. Check it and try again.';
const EXPIRED = 'This code has expired or was already used. Ask for a new one.';
const LINK_INVALID = 'This sign-in link is invalid or has expired. Ask for a new one.';
let sequence = 0;
const newEmail = () => `passwordless-${++sequence}-${Date.now()}@example.com`;

async function latest(target: ContractTarget, to: string): Promise<string> {
  const { status, body } = await target.call('GET', `/dev/outbox?to=${encodeURIComponent(to)}`);
  assert.equal(status, 200);
  const text: string | undefined = body.messages[0]?.text;
  assert.ok(text, `a message was sent to ${to}`);
  return text;
}
const codeOf = (text: string) => text.match(/\b\d{6}\b/)![0];
const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

for (const [name, factory] of factories) {
  describe(`contract (passwordless): ${name}`, () => {
    let target: ContractTarget;
    before(async () => {
      target = await factory();
    });
    after(async () => {
      await target.close();
    });

    async function account() {
      const email = newEmail();
      await target.clearCookies();
      assert.equal(
        (await target.call('POST', `${USERS}/signUp`, { body: { email, password: 'first-password-1' } }))
          .status,
        200,
      );
      await target.clearCookies();
      return email;
    }

    test("an account that turned a method off refuses it after the code (403), as the server's gate does", async () => {
      const email = newEmail();
      await target.clearCookies();
      const up = await target.call('POST', `${USERS}/signUp`, {
        body: { email, password: 'first-password-1' },
      });
      const token = up.body.authResponse.accessToken as string;
      const body = { mainAuthStrategies: [{ strategy: 'EmailAndPassword' }] };
      const saved = await target.call('PUT', '/identity/resources/configurations/v1/auth/strategies', {
        token,
        body,
      });
      assert.equal(saved.status, 200);
      await target.clearCookies();
      await target.call('POST', `${AUTH}/passwordless/code/prelogin`, { body: { email } });
      const code = codeOf(await latest(target, email));
      assert.deepEqual(
        await target.call('POST', `${AUTH}/passwordless/code/postlogin`, { body: { email, token: code } }),
        {
          status: 403,
          body: {
            errors: ['Your account does not allow signing in with an emailed code.'],
            errorCodes: ['SIGN_IN_METHOD_OFF_FOR_ACCOUNT'],
          },
        },
      );
    });

    test('email code: 200 {} on pre-login; wrong code 400; the code signs in once', async () => {
      const email = await account();
      const pre = await target.call('POST', `${AUTH}/passwordless/code/prelogin`, {
        body: { email },
      });
      assert.deepEqual([pre.status, pre.body], [200, {}]);
      const code = codeOf(await latest(target, email));
      assert.deepEqual(
        await target.call('POST', `${AUTH}/passwordless/code/postlogin`, {
          body: { email, token: otherCode(code) },
        }),
        { status: 400, body: { errors: [WRONG], errorCodes: ['CODE_WRONG'] } },
      );
      // The client SDK's body: `{ token }` alone (the email is the pre-login's).
      const signedIn = await target.call('POST', `${AUTH}/passwordless/code/postlogin`, {
        body: { token: code },
      });
      assert.equal(signedIn.status, 200);
      assert.ok(signedIn.body.accessToken);
      assert.deepEqual(
        await target.call('POST', `${AUTH}/passwordless/code/postlogin`, { body: { email, token: code } }),
        { status: 400, body: { errors: [EXPIRED], errorCodes: ['CODE_EXPIRED'] } },
      );
      const unknown = await target.call('POST', `${AUTH}/passwordless/code/prelogin`, {
        body: { email: `nobody-${email}` },
      });
      assert.deepEqual([unknown.status, unknown.body], [200, {}]);
    });

    test('a user with a second factor: the code asks for it, as a password does (the MFA gate)', async () => {
      const email = newEmail();
      await target.clearCookies();
      const signedUp = await target.call('POST', `${USERS}/signUp`, {
        body: { email, password: 'first-password-1' },
      });
      const token = signedUp.body.authResponse.accessToken as string;
      const started = await target.call('POST', `${USERS}/mfa/enroll`, { token, body: {} });
      assert.equal(started.status, 200, JSON.stringify(started.body));
      const enrolled = await target.call('POST', `${USERS}/mfa/enroll/verify`, {
        token,
        body: { token: await generate({ secret: started.body.secret }) },
      });
      assert.equal(enrolled.status, 200, JSON.stringify(enrolled.body));
      await target.clearCookies();
      await target.call('POST', `${AUTH}/passwordless/code/prelogin`, { body: { email } });
      const code = codeOf(await latest(target, email));
      const answer = await target.call('POST', `${AUTH}/passwordless/code/postlogin`, {
        body: { token: code, email },
      });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      const { mfaToken, mfaDevices, mfaStrategies, ...rest } = answer.body;
      assert.equal(typeof mfaToken, 'string');
      assert.equal(mfaDevices.authenticators.length, 1);
      assert.ok(Array.isArray(mfaStrategies));
      assert.deepEqual(rest, { mfaRequired: true, mfaEnrolled: true, email });
    });

    test('a code burns at its fifth wrong guess; a body type naming another type than the path is refused', async () => {
      const email = await account();
      assert.deepEqual(
        await target.call('POST', `${AUTH}/passwordless/code/prelogin`, {
          body: { email, type: 'MagicLink' },
        }),
        {
          status: 400,
          body: { errors: ['Type does not match the address'], errorCodes: ['PASSWORDLESS_TYPE_MISMATCH'] },
        },
      );
      assert.equal(
        (await target.call('POST', `${AUTH}/passwordless/code/prelogin`, { body: { email, type: 'Code' } }))
          .status,
        200,
      );
      const code = codeOf(await latest(target, email));
      const guess = async () =>
        (
          await target.call('POST', `${AUTH}/passwordless/code/postlogin`, {
            body: { email, token: otherCode(code) },
          })
        ).body.errorCodes;
      for (let i = 0; i < 4; i += 1) assert.deepEqual(await guess(), ['CODE_WRONG']);
      assert.deepEqual(await guess(), ['CODE_EXPIRED'], 'the fifth wrong guess burns the code');
      assert.deepEqual(
        await target.call('POST', `${AUTH}/passwordless/code/postlogin`, { body: { email, token: code } }),
        { status: 400, body: { errors: [EXPIRED], errorCodes: ['CODE_EXPIRED'] } },
      );
    });

    test('magic link: a link to /account/login/magic-link whose token signs in once; forged tokens 400', async () => {
      const email = await account();
      assert.equal(
        (await target.call('POST', `${AUTH}/passwordless/magiclink/prelogin`, { body: { email } })).status,
        200,
      );
      const link = new URL((await latest(target, email)).match(/https?:\/\/\S+/)![0]);
      assert.equal(link.pathname, '/account/login/magic-link');
      const token = link.searchParams.get('token')!;
      assert.equal(
        (await target.call('POST', `${AUTH}/passwordless/magiclink/postlogin`, { body: { token } })).status,
        200,
      );
      for (const body of [{ token }, { token: 'A'.repeat(43) }]) {
        assert.deepEqual(await target.call('POST', `${AUTH}/passwordless/magiclink/postlogin`, { body }), {
          status: 400,
          body: { errors: [LINK_INVALID], errorCodes: ['MAGIC_LINK_INVALID'] },
        });
      }
    });

    test('SMS code without a phone: reset phone number (request token, emailed code, change), then an SMS code signs in', async () => {
      const email = await account();
      const pre = await target.call('POST', `${AUTH}/passwordless/smscode/prelogin`, {
        body: { email },
      });
      assert.equal(pre.status, 200);
      const resetPhoneNumberToken: string = pre.body.resetPhoneNumberToken;
      assert.ok(resetPhoneNumberToken);
      const emailed = codeOf(await latest(target, email));
      assert.deepEqual(
        await target.call('POST', `${USERS}/phone/reset/verify`, {
          body: { resetPhoneNumberToken, code: otherCode(emailed) },
        }),
        { status: 400, body: { errors: [WRONG], errorCodes: ['CODE_WRONG'] } },
      );
      const verified = await target.call('POST', `${USERS}/phone/reset/verify`, {
        body: { resetPhoneNumberToken, code: emailed },
      });
      assert.equal(verified.status, 200);
      const changed = await target.call('PUT', `${USERS}/phone/change`, {
        body: {
          changePhoneNumberToken: verified.body.changePhoneNumberToken,
          phoneNumber: '+44 20 7946 0958',
        },
      });
      assert.deepEqual([changed.status, changed.body], [200, {}]);
      const again = await target.call('POST', `${AUTH}/passwordless/smscode/prelogin`, { body: { email } });
      assert.deepEqual(again.body, { phoneNumber: '+••••••••••58' });
      const code = codeOf(await latest(target, '+442079460958'));
      assert.equal(
        (
          await target.call('POST', `${AUTH}/passwordless/smscode/postlogin`, {
            body: { email, token: code },
          })
        ).status,
        200,
      );
      const request = await target.call('POST', `${USERS}/phone/reset`, {
        body: { email: `nobody-${email}` },
      });
      assert.equal(request.status, 200);
      assert.ok(request.body.resetPhoneNumberToken, 'an unknown email gets a token too');
    });

    test('ten wrong passwords: 429 "Too many failed attempts. Try again in 15 minutes."', async () => {
      const email = await account();
      for (let i = 0; i < 10; i += 1)
        assert.equal(
          (await target.call('POST', `${AUTH}/user`, { body: { email, password: `wrong-${i}` } })).status,
          401,
        );
      assert.deepEqual(
        await target.call('POST', `${AUTH}/user`, { body: { email, password: 'first-password-1' } }),
        {
          status: 429,
          body: {
            errors: ['Too many failed attempts. Try again in 15 minutes.'],
            errorCodes: ['TOO_MANY_ATTEMPTS'],
          },
        },
      );
    });

    test('six codes or links to one email: the sixth is 429 "Too many codes requested. Try again in 15 minutes."', async () => {
      const email = await account();
      for (const type of ['code', 'magiclink', 'code', 'code', 'code'])
        assert.equal(
          (await target.call('POST', `${AUTH}/passwordless/${type}/prelogin`, { body: { email } })).status,
          200,
        );
      assert.deepEqual(await target.call('POST', `${USERS}/phone/reset`, { body: { email } }), {
        status: 429,
        body: {
          errors: ['Too many codes requested. Try again in 15 minutes.'],
          errorCodes: ['TOO_MANY_CODES'],
        },
      });
    });

    test('breached passwords are refused at sign-up', async () => {
      const answer = await target.call('POST', `${USERS}/signUp`, {
        body: { email: newEmail(), password: 'password1' },
      });
      assert.deepEqual(answer, {
        status: 400,
        body: {
          errors: ['This password has appeared in a data breach. Choose a different password.'],
          errorCodes: ['PASSWORD_BREACHED'],
        },
      });
    });

    test('bad input: 400 with an errors list', async () => {
      for (const [path, body] of [
        [`${AUTH}/passwordless/code/prelogin`, {}],
        [`${AUTH}/passwordless/code/prelogin`, { email: 'not-an-email' }],
        [`${AUTH}/passwordless/code/postlogin`, { email: 'a@example.com' }],
        [`${AUTH}/passwordless/magiclink/postlogin`, {}],
        [`${USERS}/phone/reset`, {}],
        [`${USERS}/phone/reset/verify`, { code: '123456' }],
      ] as const) {
        const answer = await target.call('POST', path, { body });
        assert.equal(answer.status, 400, `${path} ${JSON.stringify(body)}`);
        assert.ok(Array.isArray(answer.body.errors) && answer.body.errors.length > 0);
      }
      // The capitalised types of the old paths are gone (the server: 400, not a type; the demo: 404).
      const old = await target.call('POST', `${AUTH}/passwordless/Code/prelogin`, {
        body: { email: newEmail() },
      });
      assert.ok([400, 404].includes(old.status) && old.body.errors.length > 0);
    });
  });
}
