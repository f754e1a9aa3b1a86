// Impersonation's rules (core/domain/impersonation.ts) through HTTP, the same cases against the demo
// backend and the server: another account named, a chain, and what an impersonated session may not do.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { demoTarget, serverTarget, type ContractTarget } from './targets';

const factories: Array<[string, () => Promise<ContractTarget> | ContractTarget]> = [
  ['demo backend', demoTarget],
  ['reference server', serverTarget],
];

const API = '/identity/resources';

for (const [name, factory] of factories) {
  describe(`contract: ${name}: impersonation`, () => {
    let target: ContractTarget;
    let admin: string;
    let memberId: string;
    let otherTenantId: string;
    const stamp = Date.now().toString(36);
    const signUp = (email: string, extra: Record<string, unknown> = {}) =>
      target.call('POST', `${API}/users/v1/signUp`, {
        body: { email, password: 'a-long-password-1', name: email.split('@')[0], ...extra },
      });

    before(async () => {
      target = await factory();
      otherTenantId = (await signUp(`elsewhere-${stamp}@example.com`)).body.tenantId;
      await target.clearCookies();
      admin = (await signUp(`admin-${stamp}@example.com`)).body.authResponse.accessToken;
      // A member of the admin's account, with no role: invited, then accepted with a password.
      const email = `member-${stamp}@example.com`;
      const invited = await target.call('POST', `${API}/users/v2`, {
        token: admin,
        body: { email, name: 'Member', roleIds: [], provider: 'local' },
      });
      assert.equal(invited.status, 201, JSON.stringify(invited.body));
      const box = await target.call('GET', `/dev/outbox?to=${encodeURIComponent(email)}`);
      const link = new URL(box.body.messages[0].text.match(/https?:\/\/\S+/)[0]);
      const params = { userId: link.searchParams.get('userId'), token: link.searchParams.get('token') };
      const accepted = await target.call('POST', `${API}/users/v1/invitation/accept`, {
        body: { ...params, password: 'member-password-1' },
      });
      assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
      memberId = invited.body.id;
      await target.clearCookies();
    });
    after(async () => {
      await target.close();
    });

    test('the caller: a bearer or an actorToken (401 without either); an actorToken beside a bearer is of its session', async () => {
      const nobody = await target.call('POST', `${API}/impersonation/v1`, { body: { userId: memberId } });
      assert.deepEqual([nobody.status, nobody.body.errorCodes], [401, ['BEARER_MISSING']]);
      const foreign = await target.call('POST', `${API}/impersonation/v1`, {
        token: admin,
        body: { impersonatedUserId: memberId, actorToken: 'not-a-token-of-this-session' },
      });
      assert.deepEqual([foreign.status, foreign.body.errorCodes], [401, ['ACTOR_TOKEN_FOREIGN']]);
    });

    test('an invitee who has not accepted is no member to impersonate', async () => {
      const invited = await target.call('POST', `${API}/users/v2`, {
        token: admin,
        body: { email: `pending-${stamp}@example.com`, name: 'Pending', roleIds: [], provider: 'local' },
      });
      assert.equal(invited.status, 201, JSON.stringify(invited.body));
      const answer = await target.call('POST', `${API}/impersonation/v1`, {
        token: admin,
        body: { userId: invited.body.id },
      });
      assert.deepEqual(answer.body.errorCodes, ['MEMBER_NOT_FOUND'], JSON.stringify(answer.body));
    });

    test('naming another account is refused with 403', async () => {
      const answer = await target.call('POST', `${API}/impersonation/v1`, {
        token: admin,
        body: { userId: memberId, tenantId: otherTenantId },
      });
      assert.equal(answer.status, 403, JSON.stringify(answer.body));
      assert.deepEqual(answer.body.errors, ['You can only impersonate members of your active account']);
    });

    test('the impersonated session: no chain, no phone change, no other account; the name may change', async () => {
      const started = await target.call('POST', `${API}/impersonation/v1`, {
        token: admin,
        body: { userId: memberId },
      });
      assert.equal(started.status, 200, JSON.stringify(started.body));
      assert.equal(started.body.tokenType, 'Bearer');
      const token = started.body.accessToken as string;
      const chained = await target.call('POST', `${API}/impersonation/v1`, {
        token,
        body: { userId: memberId },
      });
      assert.equal(chained.status, 403, JSON.stringify(chained.body));
      const phone = await target.call('PUT', `${API}/users/v2/me`, {
        token,
        body: { phoneNumber: '+1 555 0100' },
      });
      assert.deepEqual([phone.status, phone.body.errors], [403, ['Not available while impersonating']]);
      const renamed = await target.call('PUT', `${API}/users/v2/me`, {
        token,
        body: { name: 'Seen as member' },
      });
      assert.deepEqual(
        [renamed.status, renamed.body.name, renamed.body.phoneNumber],
        [200, 'Seen as member', null],
      );
      // The same number as now is no change: allowed.
      const same = await target.call('PUT', `${API}/users/v2/me`, { token, body: { phoneNumber: null } });
      assert.equal(same.status, 200, JSON.stringify(same.body));
      const tenantId = (await target.call('GET', `${API}/users/v2/me`, { token })).body.tenantId;
      const moved = await target.call('POST', `${API}/users/v3/me/token`, { token, body: { tenantId } });
      assert.deepEqual(
        [moved.status, moved.body.errors],
        [403, ['An impersonated session stays in the account it was opened in']],
      );
      const switched = await target.call('PUT', `${API}/users/v1/tenant`, { token, body: { tenantId } });
      assert.deepEqual(
        [switched.status, switched.body.errors],
        [403, ['An impersonated session stays in the account it was opened in']],
      );
    });

    test("the impersonated session may read the person's sign-in factors but not change them", async () => {
      // The admin signs in again: the test before ended their session in the impersonated one.
      await target.clearCookies();
      const signedIn = await target.call('POST', `${API}/auth/v1/user`, {
        body: { email: `admin-${stamp}@example.com`, password: 'a-long-password-1' },
      });
      assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
      const started = await target.call('POST', `${API}/impersonation/v1`, {
        token: signedIn.body.accessToken,
        body: { userId: memberId },
      });
      assert.equal(started.status, 200, JSON.stringify(started.body));
      const token = started.body.accessToken as string;
      const changes = [
        ['POST', `${API}/users/v1/mfa/authenticator/enroll`, {}],
        ['POST', `${API}/users/v1/mfa/sms/enroll`, { phoneNumber: '+15555550142' }],
        ['POST', `${API}/users/webauthn/v1/devices`, {}],
        ['POST', `${API}/users/v1/phone`, { phoneNumber: '+15555550142' }],
      ] as const;
      for (const [method, path, body] of changes) {
        const answer = await target.call(method, path, { token, body });
        assert.deepEqual(
          [answer.status, answer.body.errors],
          [403, ['Not available while impersonating']],
          `${method} ${path}`,
        );
      }
      const devices = await target.call('GET', `${API}/users/v1/mfa/devices`, { token });
      assert.equal(devices.status, 200, JSON.stringify(devices.body));
      const passkeys = await target.call('GET', `${API}/users/webauthn/v1/devices`, { token });
      assert.deepEqual([passkeys.status, passkeys.body.devices], [200, []]);
    });
  });
}
