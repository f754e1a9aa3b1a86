// The rules of acting on a member (core/domain/team-members.ts), the same cases against the demo
// backend and the server: a caller who may manage users does not remove, re-role or sign out a member
// who holds more than they do, and gives only roles whose permissions they hold.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BACKENDS, type ContractTarget } from './targets';

const API = '/identity/resources';

for (const [name, factory] of BACKENDS) {
  describe(`contract: ${name}: acting on members`, () => {
    let target: ContractTarget;
    let owner: string;
    let ownerId: string;
    let manager: string;
    let plainId: string;
    let adminRoleId: string;
    const stamp = Date.now().toString(36);

    /** Invites `email` with these roles, then accepts with a password: the member's id. */
    async function member(email: string, roleIds: string[]) {
      const invited = await target.call('POST', `${API}/users/v2`, {
        token: owner,
        body: { email, name: email.split('@')[0], roleIds, provider: 'local' },
      });
      assert.equal(invited.status, 201, JSON.stringify(invited.body));
      const box = await target.call('GET', `/dev/outbox?to=${encodeURIComponent(email)}`);
      const link = new URL(box.body.messages[0].text.match(/https?:\/\/\S+/)[0]);
      const accepted = await target.call('POST', `${API}/users/v1/invitation/accept`, {
        body: {
          userId: link.searchParams.get('userId'),
          token: link.searchParams.get('token'),
          password: 'member-password-1',
        },
      });
      assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
      await target.clearCookies();
      return invited.body.id as string;
    }

    before(async () => {
      target = await factory();
      const signedUp = await target.call('POST', `${API}/users/v1/signUp`, {
        body: { email: `owner-${stamp}@example.com`, password: 'a-long-password-1', name: 'Owner' },
      });
      owner = signedUp.body.authResponse.accessToken;
      ownerId = (await target.call('GET', `${API}/users/v2/me`, { token: owner })).body.id;
      await target.clearCookies();
      const permissions = (await target.call('GET', `${API}/permissions/v1`, { token: owner }))
        .body as Array<{
        id: string;
        key: string;
      }>;
      const id = (key: string) => permissions.find((p) => p.key === key)!.id;
      const role = await target.call('POST', `${API}/roles/v1`, {
        token: owner,
        body: {
          key: 'user-managers',
          name: 'User managers',
          permissionIds: [id('fe.secure.read.users'), id('fe.secure.write.users')],
        },
      });
      assert.equal(role.status, 201, JSON.stringify(role.body));
      const roles = (await target.call('GET', `${API}/roles/v1`, { token: owner })).body as Array<{
        id: string;
        key: string;
      }>;
      adminRoleId = roles.find((r) => r.key === 'Admin')!.id;
      await member(`manager-${stamp}@example.com`, [role.body.id]);
      plainId = await member(`plain-${stamp}@example.com`, []);
      const login = await target.call('POST', `${API}/auth/v1/user`, {
        body: { email: `manager-${stamp}@example.com`, password: 'member-password-1' },
      });
      assert.equal(login.status, 200, JSON.stringify(login.body));
      manager = login.body.accessToken;
    });
    after(async () => {
      await target.close();
    });

    test('a member who holds more than the caller is not removed, re-roled or signed out (403)', async () => {
      const refusals = [
        await target.call('DELETE', `${API}/users/v1/${ownerId}`, { token: manager }),
        await target.call('PUT', `${API}/users/v1/${ownerId}/roles`, {
          token: manager,
          body: { roleIds: [''] },
        }),
        await target.call('POST', `${API}/users/sessions/v1/revoke`, {
          token: manager,
          body: { userId: ownerId },
        }),
      ];
      assert.deepEqual(
        refusals.map((answer) => answer.status),
        [403, 403, 403],
        JSON.stringify(refusals.map((answer) => answer.body)),
      );
    });

    test('a role granting what the caller lacks is not given (403); a member below them is re-roled', async () => {
      const raised = await target.call('PUT', `${API}/users/v1/${plainId}/roles`, {
        token: manager,
        body: { roleIds: [adminRoleId] },
      });
      assert.equal(raised.status, 403, JSON.stringify(raised.body));
      const cleared = await target.call('PUT', `${API}/users/v1/${plainId}/roles`, {
        token: manager,
        body: { roleIds: [''] },
      });
      assert.equal(cleared.status, 200, JSON.stringify(cleared.body));
    });
  });
}
