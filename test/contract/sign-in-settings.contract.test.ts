// A signed-in user's password change and the public sign-in configuration the client SDK reads:
// the same cases against the demo backend and the reference server.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { demoTarget, serverTarget, type ContractTarget } from './targets';

const factories: Array<[string, () => Promise<ContractTarget> | ContractTarget]> = [
  ['demo backend', demoTarget],
  ['reference server', serverTarget],
];
const USERS = '/identity/resources/users/v1';
const CHANGE = `${USERS}/passwords/change`;
let sequence = 0;

for (const [name, factory] of factories) {
  describe(`contract: ${name}: password change and public sign-in configuration`, () => {
    let target: ContractTarget;
    before(async () => {
      target = await factory();
    });
    after(async () => {
      await target.close();
    });

    async function signUp(password = 'first-password-1') {
      const email = `settings-${++sequence}-${Date.now()}@example.com`;
      await target.clearCookies();
      const answer = await target.call('POST', `${USERS}/signUp`, { body: { email, password } });
      assert.equal(answer.status, 200);
      return { email, token: answer.body.authResponse.accessToken as string };
    }

    test('POST /users/v1/passwords/change: current password checked, policy applied, then sign-in with the new one', async () => {
      const { email, token } = await signUp();
      assert.deepEqual(
        await target.call('POST', CHANGE, {
          token,
          body: { password: 'wrong-password-0', newPassword: 'second-password-2' },
        }),
        {
          status: 400,
          body: { errors: ['The current password is incorrect.'], errorCodes: ['PASSWORD_CURRENT_WRONG'] },
        },
      );
      assert.deepEqual(
        await target.call('POST', CHANGE, {
          token,
          body: { password: 'first-password-1', newPassword: 'password1' },
        }),
        {
          status: 400,
          body: {
            errors: ['This password has appeared in a data breach. Choose a different password.'],
            errorCodes: ['PASSWORD_BREACHED'],
          },
        },
      );
      assert.deepEqual(
        await target.call('POST', CHANGE, {
          token,
          body: { password: 'first-password-1', newPassword: 'first-password-1' },
        }),
        {
          status: 400,
          body: {
            errors: ['Choose a new password different from the current one.'],
            errorCodes: ['PASSWORD_UNCHANGED'],
          },
        },
      );
      for (const body of [
        {},
        { password: 'first-password-1' },
        { password: 'first-password-1', newPassword: 'x-long-password-3', extra: 1 },
      ]) {
        const answer = await target.call('POST', CHANGE, { token, body });
        assert.equal(answer.status, 400, JSON.stringify(body));
        assert.ok(answer.body.errors.length > 0);
      }
      assert.equal(
        (await target.call('POST', CHANGE, { body: { password: 'a', newPassword: 'second-password-2' } }))
          .status,
        401,
      );
      assert.deepEqual(
        await target.call('POST', CHANGE, {
          token,
          body: { password: 'first-password-1', newPassword: 'second-password-2' },
        }),
        { status: 200, body: {} },
      );
      const auth = '/identity/resources/auth/v1/user';
      assert.equal(
        (await target.call('POST', auth, { body: { email, password: 'first-password-1' } })).status,
        401,
      );
      assert.equal(
        (await target.call('POST', auth, { body: { email, password: 'second-password-2' } })).status,
        200,
      );
    });

    test('public sign-in configuration: auth strategies, password policy, captcha, SSO availability', async () => {
      const strategies = await target.call(
        'GET',
        '/identity/resources/configurations/v1/auth/strategies/public',
      );
      assert.equal(strategies.status, 200);
      // Every local method, the public policy's authStrategy first (issue 15, sign-in methods).
      assert.deepEqual(
        strategies.body.mainAuthStrategies,
        ['EmailAndPassword', 'MagicLink', 'Code', 'SmsCode'].map((strategy) => ({ strategy })),
      );
      // The same switch as the public policy's (passkeys: on in the demo, off on a fresh server).
      const policy = await target.call('GET', '/identity/resources/configurations/v1/public');
      assert.deepEqual(strategies.body.secondaryAuthStrategies, policy.body.secondaryStrategies);
      assert.deepEqual(await target.call('GET', '/identity/resources/configurations/v1/password'), {
        status: 200,
        body: {
          allowPassphrases: false,
          minLength: 8,
          maxLength: 128,
          minPhraseLength: 8,
          minOptionalTestsToPass: 0,
        },
      });
      assert.deepEqual(
        await target.call('GET', '/identity/resources/configurations/v1/captcha-policy/public'),
        {
          status: 200,
          body: { enabled: false },
        },
      );
      assert.deepEqual(await target.call('GET', '/team/resources/sso/v2/configurations/public'), {
        status: 200,
        body: { isActive: true },
      });
    });

    test("sign-in methods: an account narrows the application's (PUT beside the signed-in read), checked the same way; DELETE goes back", async () => {
      const STRATEGIES = '/identity/resources/configurations/v1/auth/strategies';
      const { token } = await signUp();
      const body = {
        mainAuthStrategies: [{ strategy: 'Code' }, { strategy: 'EmailAndPassword' }],
        secondaryAuthStrategies: [{ strategy: 'Passkeys', isActive: false }],
      };
      assert.deepEqual(await target.call('PUT', STRATEGIES, { token, body }), { status: 200, body });
      assert.deepEqual(await target.call('GET', STRATEGIES, { token }), { status: 200, body });
      const empty = await target.call('PUT', STRATEGIES, {
        token,
        body: { ...body, mainAuthStrategies: [] },
      });
      assert.equal(empty.status, 400);
      assert.deepEqual(empty.body.errors, ['Keep at least one sign-in method on.']);
      const alone = await target.call('PUT', STRATEGIES, {
        token,
        body: { mainAuthStrategies: [{ strategy: 'NoLocalAuthentication' }, { strategy: 'Code' }] },
      });
      assert.deepEqual(alone.body.errors, [
        'NoLocalAuthentication cannot be combined with other sign-in methods.',
      ]);
      assert.equal((await target.call('PUT', STRATEGIES, { body })).status, 401);
      const reset = await target.call('DELETE', STRATEGIES, { token });
      assert.equal(reset.status, 200);
      assert.deepEqual(reset.body, (await target.call('GET', `${STRATEGIES}/public`)).body);
    });

    test('sign-in methods: the rules of a save (secondary methods, passkeys with SSO only, SSO needed, vendor only), by code', async () => {
      const STRATEGIES = '/identity/resources/configurations/v1/auth/strategies';
      const { token } = await signUp();
      const refusal = async (method: string, path: string, body: unknown) => {
        const answer = await target.call(method, path, { token, body });
        return [answer.status, answer.body.errorCodes];
      };
      assert.deepEqual(
        await refusal('PUT', STRATEGIES, {
          mainAuthStrategies: [{ strategy: 'Code' }],
          secondaryAuthStrategies: [{ strategy: 'SmsCode', isActive: true }],
        }),
        [400, ['SIGN_IN_SECONDARY_UNSUPPORTED']],
      );
      assert.deepEqual(
        await refusal('PUT', STRATEGIES, {
          mainAuthStrategies: [{ strategy: 'NoLocalAuthentication' }],
          secondaryAuthStrategies: [{ strategy: 'Passkeys', isActive: true }],
        }),
        [400, ['SIGN_IN_NO_LOCAL_PASSKEYS']],
      );
      // A new account has no SSO connection (and the demo's accounts none of their own).
      assert.deepEqual(
        await refusal('PUT', STRATEGIES, { mainAuthStrategies: [{ strategy: 'NoLocalAuthentication' }] }),
        [400, ['SIGN_IN_NO_LOCAL_NEEDS_SSO']],
      );
      // The application's methods are a vendor administrator's, whatever the body.
      assert.deepEqual(
        await refusal('PUT', `${STRATEGIES}/vendor`, { mainAuthStrategies: [{ strategy: 'Code' }] }),
        [403, ['SIGN_IN_METHODS_VENDOR_ONLY']],
      );
      // Nothing refused was kept: the account still follows the application's methods.
      assert.deepEqual(
        (await target.call('GET', STRATEGIES, { token })).body,
        (await target.call('GET', `${STRATEGIES}/public`)).body,
      );
    });

    test('social providers v1 (its shape) and v2 for a signed-in user; public account settings', async () => {
      const v1 = await target.call('GET', '/identity/resources/sso/v1');
      assert.equal(v1.status, 200);
      const v2 = await target.call('GET', '/identity/resources/sso/v2');
      assert.equal(v1.body.length, v2.body.length);
      for (const item of v1.body)
        assert.deepEqual(Object.keys(item).sort(), ['active', 'clientId', 'redirectUrl', 'type']);
      for (const item of v2.body) assert.ok(typeof item.redirectUrl === 'string' && 'clientId' in item);
      assert.equal((await target.call('GET', '/identity/resources/sso/v2/authenticated')).status, 401);
      const { token } = await signUp();
      assert.deepEqual(await target.call('GET', '/identity/resources/sso/v2/authenticated', { token }), v2);
      // Public (the page reads applicationUrl before sign-in); a guest is told of no account.
      const guest = await target.call('GET', '/tenants/resources/account-settings/v1/public');
      assert.equal(guest.status, 200);
      assert.deepEqual(Object.keys(guest.body).sort(), ['applicationUrl', 'loginUrl']);
      assert.equal(guest.body.loginUrl, new URL('/account/login', guest.body.applicationUrl).href);
      const publicSettings = await target.call('GET', '/tenants/resources/account-settings/v1/public', {
        token,
      });
      assert.equal(publicSettings.status, 200);
      const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
      assert.deepEqual(publicSettings.body, { ...guest.body, tenantId: claims.tenantId });
    });

    test('POST /users/v1/phone texts a code to the new number; POST /phone/verify sets it', async () => {
      const { token } = await signUp();
      const phoneNumber = `+1555${String(Date.now()).slice(-7)}`;
      assert.equal((await target.call('POST', `${USERS}/phone`, { body: { phoneNumber } })).status, 401);
      const bad = await target.call('POST', `${USERS}/phone`, { token, body: { phoneNumber: 'call me' } });
      assert.deepEqual(bad, {
        status: 400,
        body: {
          errors: ['Enter a phone number with its country code, like +44 20 7946 0958.'],
          errorCodes: ['PHONE_INVALID'],
        },
      });
      const added = await target.call('POST', `${USERS}/phone`, { token, body: { phoneNumber } });
      assert.equal(added.status, 200);
      const { changePhoneId } = added.body;
      assert.ok(typeof changePhoneId === 'string');
      const outbox = await target.call('GET', `/dev/outbox?to=${encodeURIComponent(phoneNumber)}`);
      const code = (outbox.body.messages[0].text as string).match(/\b\d{6}\b/)![0];
      assert.deepEqual(
        await target.call('POST', `${USERS}/phone/verify`, {
          token,
          body: { changePhoneId, code: code === '000000' ? '111111' : '000000' },
        }),
        {
          status: 400,
          body: { errors: ['The code is incorrect. Check it and try again.'], errorCodes: ['CODE_WRONG'] },
        },
      );
      assert.deepEqual(
        await target.call('POST', `${USERS}/phone/verify`, { token, body: { changePhoneId, code } }),
        {
          status: 200,
          body: {},
        },
      );
      const me = await target.call('GET', '/identity/resources/users/v2/me', { token });
      assert.equal(me.body.phoneNumber, phoneNumber);
      const again = await target.call('POST', `${USERS}/phone/verify`, {
        token,
        body: { changePhoneId, code },
      });
      assert.equal(again.status, 400);
    });
  });
}
