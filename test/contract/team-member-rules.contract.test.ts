// The rules of acting on a member (core/domain/team-members.ts), the same cases against the demo
// backend and the server: a caller who may manage users does not remove, re-role or sign out a member
// who holds more than they do, and gives only roles whose permissions they hold.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { acceptedMember, BACKENDS, passwordSignIn, roleGranting, type ContractTarget } from './targets';

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

    const password = 'member-password-1';
    const member = async (email: string, roleIds: string[]) =>
      (await acceptedMember(target, owner, { email, roleIds, password })).id;

    before(async () => {
      target = await factory();
      const signedUp = await target.call('POST', `${API}/users/v1/signUp`, {
        body: { email: `owner-${stamp}@example.com`, password: 'a-long-password-1', name: 'Owner' },
      });
      owner = signedUp.body.authResponse.accessToken;
      ownerId = (await target.call('GET', `${API}/users/v2/me`, { token: owner })).body.id;
      await target.clearCookies();
      const roleId = await roleGranting(target, owner, { key: 'user-managers', name: 'User managers' }, [
        'fe.secure.read.users',
        'fe.secure.write.users',
      ]);
      const roles = (await target.call('GET', `${API}/roles/v1`, { token: owner })).body as Array<{
        id: string;
        key: string;
      }>;
      adminRoleId = roles.find((r) => r.key === 'Admin')!.id;
      await member(`manager-${stamp}@example.com`, [roleId]);
      plainId = await member(`plain-${stamp}@example.com`, []);
      manager = await passwordSignIn(target, `manager-${stamp}@example.com`, password);
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

    test('roles the account does not offer are refused (400), after someone who is not a member (404)', async () => {
      const stranger = '00000000-0000-4000-8000-000000000000';
      const put = (userId: string) =>
        target.call('PUT', `${API}/users/v1/${userId}/roles`, {
          token: owner,
          body: { roleIds: [stranger] },
        });
      const unknown = await put(plainId);
      assert.deepEqual([unknown.status, unknown.body.errorCodes], [400, ['ROLES_UNKNOWN']]);
      const notMember = await put(stranger);
      assert.deepEqual([notMember.status, notMember.body.errorCodes], [404, ['MEMBER_NOT_FOUND']]);
    });
  });
}
