// Password reset, activation and the development outbox: the same cases against the demo backend and
// the reference server, links read from each one's outbox.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { demoTarget, serverTarget, type ContractTarget } from './targets';

const factories: Array<[string, () => Promise<ContractTarget> | ContractTarget]> = [
  ['demo backend', demoTarget],
  ['reference server', serverTarget],
];

const RESET_INVALID = 'This password reset link is invalid or has expired. Ask for a new one.';
const ACTIVATION_INVALID = 'This activation link is invalid or has expired. Ask for a new one.';
const USERS = '/identity/resources/users/v1';
let sequence = 0;
const newEmail = () => `recovery-${++sequence}-${Date.now()}@example.com`;

async function latestLink(target: ContractTarget, to: string): Promise<URL> {
  const { status, body } = await target.call('GET', `/dev/outbox?to=${encodeURIComponent(to)}`);
  assert.equal(status, 200);
  const text: string = body.messages[0]?.text ?? '';
  const match = text.match(/https?:\/\/\S+/);
  assert.ok(match, `a link was sent to ${to}`);
  return new URL(match[0]);
}

const linkBody = (link: URL) => ({
  userId: link.searchParams.get('userId'),
  token: link.searchParams.get('token'),
});

for (const [name, factory] of factories) {
  describe(`contract (recovery): ${name}`, () => {
    let target: ContractTarget;
    before(async () => {
      target = await factory();
    });
    after(async () => {
      await target.close();
    });

    test('forgot password: 200 for known and unknown emails; the link resets once; the new password signs in', async () => {
      const email = newEmail();
      await target.clearCookies();
      assert.equal(
        (await target.call('POST', `${USERS}/signUp`, { body: { email, password: 'first-password-1' } }))
          .status,
        200,
      );
      const unknown = await target.call('POST', `${USERS}/passwords/reset`, {
        body: { email: `nobody-${email}` },
      });
      assert.deepEqual([unknown.status, unknown.body], [200, {}]);
      const known = await target.call('POST', `${USERS}/passwords/reset`, { body: { email } });
      assert.deepEqual([known.status, known.body], [200, {}]);
      const link = await latestLink(target, email);
      assert.equal(link.pathname, '/account/reset-password');

      const short = await target.call('POST', `${USERS}/passwords/reset/verify`, {
        body: { ...linkBody(link), password: 'short' },
      });
      assert.equal(short.status, 400);
      assert.deepEqual(short.body.errors, ['Password must be at least 8 characters']);
      const reset = await target.call('POST', `${USERS}/passwords/reset/verify`, {
        body: { ...linkBody(link), password: 'second-password-2' },
      });
      assert.equal(reset.status, 200);
      const reused = await target.call('POST', `${USERS}/passwords/reset/verify`, {
        body: { ...linkBody(link), password: 'third-password-3' },
      });
      assert.equal(reused.status, 400);
      assert.deepEqual(reused.body.errors, [RESET_INVALID]);

      const oldPassword = await target.call('POST', '/identity/resources/auth/v1/user', {
        body: { email, password: 'first-password-1' },
      });
      assert.equal(oldPassword.status, 401);
      const newPassword = await target.call('POST', '/identity/resources/auth/v1/user', {
        body: { email, password: 'second-password-2' },
      });
      assert.equal(newPassword.status, 200);
    });

    test("forgot password counts against the email's sending limit, known or not: the sixth request is refused", async () => {
      for (const email of [newEmail(), `nobody-${newEmail()}`]) {
        if (!email.startsWith('nobody'))
          await target.call('POST', `${USERS}/signUp`, { body: { email, password: 'first-password-1' } });
        for (let i = 0; i < 5; i++)
          assert.equal(
            (await target.call('POST', `${USERS}/passwords/reset`, { body: { email } })).status,
            200,
          );
        const refused = await target.call('POST', `${USERS}/passwords/reset`, { body: { email } });
        assert.deepEqual([refused.status, refused.body.errorCodes], [429, ['TOO_MANY_CODES']], email);
      }
    });

    test('password change: a wrong current password counts toward the lockout; a change keeps the session that asked', async () => {
      const signUp = async (email: string) =>
        (await target.call('POST', `${USERS}/signUp`, { body: { email, password: 'first-password-1' } })).body
          .authResponse.accessToken as string;
      const change = (token: string, password: string, newPassword: string) =>
        target.call('POST', `${USERS}/passwords/change`, { token, body: { password, newPassword } });
      const locked = await signUp(newEmail());
      for (let i = 0; i < 10; i++) {
        const wrong = await change(locked, `wrong-password-${i}`, 'second-password-2');
        assert.deepEqual([wrong.status, wrong.body.errorCodes], [400, ['PASSWORD_CURRENT_WRONG']]);
      }
      const refused = await change(locked, 'first-password-1', 'second-password-2');
      assert.deepEqual([refused.status, refused.body.errorCodes], [429, ['TOO_MANY_ATTEMPTS']]);

      const email = newEmail();
      const token = await signUp(email);
      const same = await change(token, 'first-password-1', 'first-password-1');
      assert.deepEqual([same.status, same.body.errorCodes], [400, ['PASSWORD_UNCHANGED']]);
      assert.deepEqual([(await change(token, 'first-password-1', 'second-password-2')).status], [200]);
      const me = await target.call('GET', '/identity/resources/users/v2/me', { token });
      assert.equal(me.status, 200);
      const signIn = await target.call('POST', '/identity/resources/auth/v1/user', {
        body: { email, password: 'second-password-2' },
      });
      assert.equal(signIn.status, 200);
    });

    test('reset verify: forged tokens and malformed bodies are 400 with an errors list', async () => {
      const email = newEmail();
      const signUp = await target.call('POST', `${USERS}/signUp`, {
        body: { email, password: 'first-password-1' },
      });
      const forged = await target.call('POST', `${USERS}/passwords/reset/verify`, {
        body: { userId: signUp.body.userId, token: 'F'.repeat(43), password: 'new-password-1' },
      });
      assert.deepEqual([forged.status, forged.body.errors], [400, [RESET_INVALID]]);
      for (const body of [
        {},
        { userId: signUp.body.userId, token: '', password: 'new-password-1' },
        { email: 'not-an-email' },
      ]) {
        const res = await target.call('POST', `${USERS}/passwords/reset/verify`, { body });
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.ok(Array.isArray(res.body.errors) && res.body.errors.length > 0);
      }
      const badEmail = await target.call('POST', `${USERS}/passwords/reset`, {
        body: { email: 'not-an-email' },
      });
      assert.equal(badEmail.status, 400);
      assert.deepEqual(badEmail.body.errors, ['Email must be a valid email address']);
    });

    test('activation: shouldActivate, link by email, strategy, activate signs in once, resend', async () => {
      await target.setSignUpRequiresActivation(true);
      try {
        await target.clearCookies();
        const email = newEmail();
        const signUp = await target.call('POST', `${USERS}/signUp`, {
          body: { email, password: 'activate-me-1', name: 'Act Ivate' },
        });
        assert.equal(signUp.status, 200);
        assert.equal(signUp.body.shouldActivate, true);
        assert.equal(signUp.body.authResponse, undefined);
        const refresh = await target.call('POST', '/identity/resources/auth/v1/user/token/refresh');
        assert.equal(refresh.status, 401, 'not signed in before activation');

        const first = await latestLink(target, email);
        assert.equal(first.pathname, '/account/activate');
        assert.equal(first.searchParams.get('userId'), signUp.body.userId);
        const resend = await target.call('POST', `${USERS}/activate/reset`, { body: { email } });
        assert.deepEqual([resend.status, resend.body], [200, {}]);
        const link = await latestLink(target, email);
        const superseded = await target.call('GET', `${USERS}/activate/strategy${first.search}`);
        assert.deepEqual([superseded.status, superseded.body.errors], [400, [ACTIVATION_INVALID]]);

        const strategy = await target.call('GET', `${USERS}/activate/strategy${link.search}`);
        assert.deepEqual([strategy.status, strategy.body], [200, { shouldSetPassword: false }]);
        const activated = await target.call('POST', `${USERS}/activate`, { body: linkBody(link) });
        assert.equal(activated.status, 200);
        assert.ok(activated.body.accessToken);
        const me = await target.call('GET', '/identity/resources/users/v2/me', {
          token: activated.body.accessToken,
        });
        assert.equal(me.body.email, email);
        const again = await target.call('POST', `${USERS}/activate`, { body: linkBody(link) });
        assert.deepEqual([again.status, again.body.errors], [400, [ACTIVATION_INVALID]]);
        const unknown = await target.call('POST', `${USERS}/activate/reset`, {
          body: { email: `nobody-${email}` },
        });
        assert.deepEqual([unknown.status, unknown.body], [200, {}]);
      } finally {
        await target.setSignUpRequiresActivation(false);
      }
    });

    test("resending activation counts against the email's sending limit, known or not: the sixth request is refused", async () => {
      for (const email of [newEmail(), `nobody-${newEmail()}`]) {
        for (let i = 0; i < 5; i++)
          assert.equal(
            (await target.call('POST', `${USERS}/activate/reset`, { body: { email } })).status,
            200,
          );
        const refused = await target.call('POST', `${USERS}/activate/reset`, { body: { email } });
        assert.deepEqual([refused.status, refused.body.errorCodes], [429, ['TOO_MANY_CODES']], email);
      }
    });

    test('activation: malformed strategy queries are 400 with an errors list', async () => {
      for (const query of ['', '?userId=00000000-0000-4000-8000-000000000000', '?token=abc']) {
        const res = await target.call('GET', `${USERS}/activate/strategy${query}`);
        assert.equal(res.status, 400, query);
        assert.ok(res.body.errors.length > 0);
      }
    });
  });
}
