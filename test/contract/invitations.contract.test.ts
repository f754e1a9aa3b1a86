// Invitations, invite link and users v3: the same cases against the demo backend and the server.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { demoTarget, serverTarget, type ContractTarget } from './targets';

const factories: Array<[string, () => Promise<ContractTarget> | ContractTarget]> = [
  ['demo backend', demoTarget],
  ['reference server', serverTarget],
];
const INVALID = 'This invitation is invalid or has expired. Ask the account administrator for a new one.';
const LINK_INVALID =
  'This invite link is invalid or has expired. Ask the account administrator for a new one.';

for (const [name, factory] of factories) {
  describe(`contract: ${name}: invitations`, () => {
    let target: ContractTarget;
    let token: string;
    let roles: Record<string, string>;
    const stamp = Date.now().toString(36);
    before(async () => {
      target = await factory();
      const owner = await target.call('POST', '/identity/resources/users/v1/signUp', {
        body: {
          email: `owner-${stamp}@example.com`,
          password: 'a-long-password-1',
          name: 'Owner',
          companyName: `Company ${stamp}`,
        },
      });
      token = owner.body.authResponse.accessToken;
      roles = Object.fromEntries(
        (await target.call('GET', '/identity/resources/roles/v1', { token })).body.map(
          (r: { key: string; id: string }) => [r.key, r.id],
        ),
      );
    });
    after(async () => {
      await target.close();
    });

    async function linkTo(email: string): Promise<URL> {
      const box = await target.call('GET', `/dev/outbox?to=${encodeURIComponent(email)}`);
      assert.equal(box.status, 200);
      return new URL(box.body.messages[0].text.match(/https?:\/\/\S+/)[0]);
    }

    test('invite, verify (tenant name), accept with a password, then active with the role; the link is single-use', async () => {
      const email = `invitee-${stamp}@example.com`;
      const invited = await target.call('POST', '/identity/resources/users/v2', {
        token,
        body: { email, name: 'Ivy', roleIds: [roles.Editor], provider: 'local' },
      });
      assert.equal(invited.status, 201, JSON.stringify(invited.body));
      assert.equal(invited.body.invitationPending, true);
      assert.deepEqual(
        invited.body.roles.map((r: { key: string }) => r.key),
        ['Editor'],
      );
      const link = await linkTo(email);
      assert.equal(link.pathname, '/account/invitation/accept');
      const params = { userId: link.searchParams.get('userId'), token: link.searchParams.get('token') };
      const verified = await target.call('POST', '/identity/resources/users/v1/invitation/verify', {
        body: params,
      });
      assert.equal(verified.status, 200);
      assert.equal(verified.body.name, `Company ${stamp}`);
      assert.equal(verified.body.shouldSetPassword, true);
      assert.equal(
        (
          await target.call('POST', '/identity/resources/users/v1/invitation/accept', {
            body: { ...params, password: 'short' },
          })
        ).status,
        400,
        'a password that is sent is checked (the link stays live)',
      );
      const breached = await target.call('POST', '/identity/resources/users/v1/invitation/accept', {
        body: { ...params, password: 'password1' },
      });
      assert.deepEqual(
        [breached.status, breached.body.errorCodes],
        [400, ['PASSWORD_BREACHED']],
        "the account's password policy: a breached password is refused",
      );
      assert.equal(
        (
          await target.call('POST', '/identity/resources/users/v1/invitation/accept', {
            body: { ...params, password: 'ivy-password-1' },
          })
        ).status,
        200,
      );
      const again = await target.call('POST', '/identity/resources/users/v1/invitation/verify', {
        body: params,
      });
      assert.deepEqual([again.status, again.body.errors], [400, [INVALID]]);
      assert.equal(
        (
          await target.call('POST', '/identity/resources/users/v1/invitation/accept', {
            body: { ...params, password: 'ivy-password-2' },
          })
        ).status,
        410,
      );
      const listed = await target.call(
        'GET',
        `/identity/resources/users/v3?_email=${encodeURIComponent(email)}`,
        { token },
      );
      assert.equal(listed.body.items[0].invitationPending, false);
      assert.equal(listed.body.items[0].activatedForTenant, true);
      const signIn = await target.call('POST', '/identity/resources/auth/v1/user', {
        body: { email, password: 'ivy-password-1' },
      });
      assert.equal(signIn.status, 200);
    });

    test("someone of another account: added to the caller's account, pending, with the roles named; accepting joins it", async () => {
      const email = `elsewhere-${stamp}@example.com`;
      const elsewhere = await target.call('POST', '/identity/resources/users/v1/signUp', {
        body: { email, password: 'a-long-password-2', name: 'Elsa', companyName: `Elsewhere ${stamp}` },
      });
      assert.equal(elsewhere.status, 200, JSON.stringify(elsewhere.body));
      const invite = (roleIds: Array<string | undefined>) =>
        target.call('POST', '/identity/resources/users/v2', { token, body: { email, roleIds } });
      const invited = await invite([roles.Editor]);
      assert.equal(invited.status, 201, JSON.stringify(invited.body));
      assert.deepEqual(
        [
          invited.body.email,
          invited.body.invitationPending,
          invited.body.roles.map((r: { key: string }) => r.key),
        ],
        [email, true, ['Editor']],
      );
      assert.deepEqual((await invite([roles.Editor])).body.errorCodes, ['ALREADY_INVITED']);
      const listed = async () =>
        (
          await target.call('GET', `/identity/resources/users/v3?_email=${encodeURIComponent(email)}`, {
            token,
          })
        ).body.items as Array<{ id: string; invitationPending: boolean }>;
      assert.deepEqual(
        (await listed()).map((u) => [u.id, u.invitationPending]),
        [[invited.body.id, true]],
      );
      const resent = await target.call('POST', '/identity/resources/users/v1/invitation/reset', {
        token,
        body: { userId: invited.body.id },
      });
      assert.equal(resent.status, 200, JSON.stringify(resent.body));
      const link = await linkTo(email);
      const params = { userId: link.searchParams.get('userId'), token: link.searchParams.get('token') };
      assert.equal(params.userId, invited.body.id);
      const verified = await target.call('POST', '/identity/resources/users/v1/invitation/verify', {
        body: params,
      });
      assert.deepEqual(
        [verified.status, verified.body.name, verified.body.shouldSetPassword],
        [200, `Company ${stamp}`, false],
      );
      const accepted = await target.call('POST', '/identity/resources/users/v1/invitation/accept', {
        body: params,
      });
      assert.deepEqual([accepted.status, accepted.body.name], [200, `Company ${stamp}`]);
      assert.deepEqual(
        (await listed()).map((u) => [u.id, u.invitationPending]),
        [[invited.body.id, false]],
      );
    });

    test('a new invitee: the link alone accepts (a choose-password email follows); the activation strategy and activation take the link', async () => {
      const invite = async (email: string) => {
        const invited = await target.call('POST', '/identity/resources/users/v2', {
          token,
          body: { email, name: 'New', roleIds: [roles.Editor] },
        });
        assert.equal(invited.status, 201, JSON.stringify(invited.body));
        const link = await linkTo(email);
        return { userId: link.searchParams.get('userId')!, token: link.searchParams.get('token')! };
      };
      const email = `linkonly-${stamp}@example.com`;
      const params = await invite(email);
      const accepted = await target.call('POST', '/identity/resources/users/v1/invitation/accept', {
        body: params,
      });
      assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
      assert.equal(accepted.body.name, `Company ${stamp}`);
      const choose = await linkTo(email);
      assert.equal(choose.pathname, '/account/reset-password');
      const reset = await target.call('POST', '/identity/resources/users/v1/passwords/reset/verify', {
        body: {
          userId: choose.searchParams.get('userId'),
          token: choose.searchParams.get('token'),
          password: 'linkonly-password-1',
        },
      });
      assert.equal(reset.status, 200, JSON.stringify(reset.body));
      const signIn = await target.call('POST', '/identity/resources/auth/v1/user', {
        body: { email, password: 'linkonly-password-1' },
      });
      assert.equal(signIn.status, 200);

      const other = `activates-${stamp}@example.com`;
      const link = await invite(other);
      const query = `userId=${link.userId}&token=${encodeURIComponent(link.token)}`;
      const strategy = await target.call('GET', `/identity/resources/users/v1/activate/strategy?${query}`);
      assert.deepEqual([strategy.status, strategy.body], [200, { shouldSetPassword: true }]);
      const activated = await target.call('POST', '/identity/resources/users/v1/activate', {
        body: { ...link, password: 'activates-password-1' },
      });
      assert.equal(activated.status, 200, JSON.stringify(activated.body));
      assert.equal(typeof activated.body.accessToken, 'string');
      const listed = await target.call(
        'GET',
        `/identity/resources/users/v3?_email=${encodeURIComponent(other)}`,
        { token },
      );
      assert.equal(listed.body.items[0].invitationPending, false);
      // Used up: the same link is no activation any more.
      const again = await target.call('GET', `/identity/resources/users/v1/activate/strategy?${query}`);
      assert.equal(again.status, 400);
    });

    test('duplicates, bad input and resend', async () => {
      const email = `pending-${stamp}@example.com`;
      const first = await target.call('POST', '/identity/resources/users/v2', {
        token,
        body: { email, name: 'Pat' },
      });
      assert.equal(first.status, 201);
      // Without roles, inviting again resends the invitation (the client SDK's resendInvitationLink).
      const again = await target.call('POST', '/identity/resources/users/v2', {
        token,
        body: { email: email.toUpperCase(), name: 'Pat' },
      });
      assert.deepEqual([again.status, again.body.email, again.body.invitationPending], [200, email, true]);
      const dup = await target.call('POST', '/identity/resources/users/v2', {
        token,
        body: { email: email.toUpperCase(), name: 'Pat', roleIds: [] },
      });
      assert.deepEqual(
        [dup.status, dup.body.errors],
        [409, ['This user is already invited to this account: resend the invitation instead']],
      );
      const member = await target.call('POST', '/identity/resources/users/v2', {
        token,
        body: { email: `owner-${stamp}@example.com` },
      });
      assert.deepEqual(
        [member.status, member.body.errors],
        [409, ['A user with this email is already a member of this account']],
      );
      for (const body of [
        {},
        { email: 'nope' },
        { email: 'a@example.com', name: ' ' },
        { email: 'a@example.com', provider: 'saml' },
        { email: 'a@example.com', extra: 1 },
      ]) {
        const answer = await target.call('POST', '/identity/resources/users/v2', { token, body });
        assert.equal(answer.status, 400, JSON.stringify(body));
        assert.ok(answer.body.errors.length > 0);
      }
      const before = await linkTo(email);
      assert.equal(
        (
          await target.call('POST', '/identity/resources/users/v1/invitation/reset', {
            token,
            body: { userId: first.body.id },
          })
        ).status,
        200,
      );
      const after = await linkTo(email);
      assert.notEqual(after.searchParams.get('token'), before.searchParams.get('token'));
      assert.equal(
        (
          await target.call('POST', '/identity/resources/users/v1/invitation/verify', {
            body: { userId: first.body.id, token: before.searchParams.get('token') },
          })
        ).status,
        400,
      );
      assert.equal(
        (
          await target.call('POST', '/identity/resources/users/v1/invitation/reset/all', {
            token,
            body: { userId: first.body.id },
          })
        ).status,
        200,
      );
      assert.equal(
        (await target.call('POST', '/identity/resources/users/v2', { body: { email: 'x@example.com' } }))
          .status,
        401,
      );
    });

    test('invite link: {} before, create 43200, get and patch with the token, verify, join by sign-up with no role, delete', async () => {
      const none = await target.call('GET', '/identity/resources/tenants/invites/v1/user', { token });
      assert.deepEqual([none.status, none.body], [200, {}]);
      const created = await target.call('POST', '/identity/resources/tenants/invites/v1/user', {
        token,
        body: {},
      });
      assert.equal(created.status, 201);
      assert.equal(created.body.expiresInMinutes, 43200);
      assert.equal(new URL(created.body.link).searchParams.get('invitationToken'), created.body.token);
      const got = await target.call('GET', '/identity/resources/tenants/invites/v1/user', { token });
      assert.deepEqual(
        [got.body.id, got.body.token, got.body.link],
        [created.body.id, created.body.token, created.body.link],
      );
      const verified = await target.call('POST', '/identity/resources/tenants/invites/v1/verify', {
        body: { token: created.body.token },
      });
      // A bare JSON string: the client SDK's verifyInviteToken reads the account name alone.
      assert.equal(verified.body, `Company ${stamp}`);
      const joined = await target.call('POST', '/identity/resources/users/v1/signUp', {
        body: {
          email: `joiner-${stamp}@example.com`,
          password: 'a-long-password-1',
          invitationToken: created.body.token,
        },
      });
      assert.equal(joined.status, 200);
      assert.equal(joined.body.tenantId, created.body.tenantId);
      const refused = await target.call('POST', '/identity/resources/users/v1/signUp', {
        body: {
          email: `joiner2-${stamp}@example.com`,
          password: 'a-long-password-1',
          invitationToken: 'forged',
        },
      });
      assert.deepEqual([refused.status, refused.body.errors], [400, [LINK_INVALID]]);
      const patched = await target.call('PATCH', '/identity/resources/tenants/invites/v1/user', {
        token,
        body: { expiresInMinutes: 60 },
      });
      assert.equal(patched.body.expiresInMinutes, 60);
      assert.equal(patched.body.token, created.body.token);
      assert.equal(
        (
          await target.call('PATCH', '/identity/resources/tenants/invites/v1/user', {
            token,
            body: { expiresInMinutes: 0 },
          })
        ).status,
        400,
      );
      assert.equal(
        (await target.call('DELETE', '/identity/resources/tenants/invites/v1/user', { token })).status,
        200,
      );
      assert.deepEqual(
        (await target.call('GET', '/identity/resources/tenants/invites/v1/user', { token })).body,
        {},
      );
      assert.equal(
        (
          await target.call('POST', '/identity/resources/tenants/invites/v1/verify', {
            body: { token: created.body.token },
          })
        ).status,
        400,
      );
    });

    test('users v3: presets and checks', async () => {
      assert.equal(
        (await target.call('GET', '/identity/resources/users/v3?_limit=5', { token })).status,
        200,
      );
      assert.equal(
        (await target.call('GET', '/identity/resources/users/v3?_preset=INACTIVE', { token })).status,
        200,
      );
      const unenrolled = await target.call(
        'GET',
        '/identity/resources/users/v3?_preset=MFA_UNENROLLED&_limit=200',
        { token },
      );
      assert.equal(unenrolled.status, 200);
      assert.ok(
        unenrolled.body.items.length > 0 &&
          unenrolled.body.items.every((u: { mfaEnrolled: boolean }) => u.mfaEnrolled === false),
      );
      for (const query of ['_maxInactiveSeconds=5', '_tenantId=00000000-0000-4000-8000-000000000000']) {
        const answer = await target.call('GET', `/identity/resources/users/v3?${query}`, { token });
        assert.ok([400, 403].includes(answer.status), query);
        assert.ok(answer.body.errors.length > 0, query);
      }
    });
  });
}
