// The "may grant" rule on the SSO calls that hand out roles (core/domain/sso-handlers.ts), the same
// cases against the demo backend and the server: a caller who may change SSO gives through a
// connection (its default roles, its group mappings, the legacy calls' own) only roles whose
// permissions they hold; an unknown role is refused first (400), before the connection is looked up.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BACKENDS, type ContractTarget } from './targets';

const API = '/identity/resources';
const BASE = '/team/resources/sso/v1/configurations';
const LEGACY_ROLES = '/team/resources/sso/v1/saml/configurations/roles/default';
const LEGACY_GROUPS = '/team/resources/sso/v2/saml/configurations/groups';

for (const [name, factory] of BACKENDS) {
  describe(`contract: ${name}: SSO roles given only by who holds them`, () => {
    let target: ContractTarget;
    let owner: string;
    let manager: string;
    let adminRoleId: string;
    let ssoRoleId: string;
    let connectionId: string;
    const stamp = Date.now().toString(36);
    const as = (token: string) => (method: string, path: string, body?: unknown) =>
      target.call(method, path, { token, ...(body === undefined ? {} : { body }) });

    before(async () => {
      target = await factory();
      const signedUp = await target.call('POST', `${API}/users/v1/signUp`, {
        body: { email: `sso-owner-${stamp}@example.com`, password: 'a-long-password-1', name: 'Owner' },
      });
      owner = signedUp.body.authResponse.accessToken;
      await target.clearCookies();
      const permissions = (await as(owner)('GET', `${API}/permissions/v1`)).body as Array<{
        id: string;
        key: string;
      }>;
      const id = (key: string) => permissions.find((p) => p.key === key)!.id;
      const role = await as(owner)('POST', `${API}/roles/v1`, {
        key: 'sso-managers',
        name: 'SSO managers',
        permissionIds: [id('fe.secure.read.samlConfiguration'), id('fe.secure.write.samlConfiguration')],
      });
      assert.equal(role.status, 201, JSON.stringify(role.body));
      ssoRoleId = role.body.id;
      const roles = (await as(owner)('GET', `${API}/roles/v1`)).body as Array<{ id: string; key: string }>;
      adminRoleId = roles.find((r) => r.key === 'Admin')!.id;
      const email = `sso-manager-${stamp}@example.com`;
      const invited = await as(owner)('POST', `${API}/users/v2`, {
        email,
        name: 'Manager',
        roleIds: [ssoRoleId],
        provider: 'local',
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
      const login = await target.call('POST', `${API}/auth/v1/user`, {
        body: { email, password: 'member-password-1' },
      });
      assert.equal(login.status, 200, JSON.stringify(login.body));
      manager = login.body.accessToken;
      const created = await as(owner)('POST', BASE, { type: 'saml' });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      connectionId = created.body.id;
    });
    after(async () => {
      await target.close();
    });

    test('a role granting what the caller lacks is refused (403) wherever SSO gives roles', async () => {
      const call = as(manager);
      const group = (await as(owner)('POST', `${BASE}/${connectionId}/groups`, { group: 'eng' })).body;
      const refusals = [
        await call('POST', BASE, { type: 'saml', roleIds: [adminRoleId] }),
        await call('PATCH', `${BASE}/${connectionId}`, { roleIds: [adminRoleId] }),
        await call('PUT', `${BASE}/${connectionId}/roles`, { roleIds: [adminRoleId] }),
        await call('POST', `${BASE}/${connectionId}/groups`, { group: 'admins', roleIds: [adminRoleId] }),
        await call('PATCH', `${BASE}/${connectionId}/groups/${group.id}`, { roleIds: [adminRoleId] }),
        await call('POST', LEGACY_ROLES, { roleIds: [adminRoleId] }),
        await call('POST', LEGACY_GROUPS, { group: 'admins', roleIds: [adminRoleId] }),
        await call('PATCH', `${LEGACY_GROUPS}/${group.id}`, { roleIds: [adminRoleId] }),
      ];
      assert.deepEqual(
        refusals.map((answer) => [answer.status, answer.body.errorCodes]),
        refusals.map(() => [403, ['GRANT_NOT_HELD']]),
        JSON.stringify(refusals.map((answer) => answer.body)),
      );
      const unchanged = await as(owner)('GET', BASE);
      assert.deepEqual(
        unchanged.body.map((c: { roleIds: string[] }) => c.roleIds),
        [[]],
      );
      assert.deepEqual((await as(owner)('GET', `${BASE}/${connectionId}/groups`)).body, [group]);
    });

    test('a role whose permissions the caller holds is given; the owner gives any', async () => {
      const given = await as(manager)('PUT', `${BASE}/${connectionId}/roles`, { roleIds: [ssoRoleId] });
      assert.deepEqual([given.status, given.body], [200, { roleIds: [ssoRoleId] }]);
      const byOwner = await as(owner)('PUT', `${BASE}/${connectionId}/roles`, { roleIds: [adminRoleId] });
      assert.deepEqual([byOwner.status, byOwner.body], [200, { roleIds: [adminRoleId] }]);
    });

    test('an unknown role is refused (400) before the connection is looked up (404)', async () => {
      const missing = '00000000-0000-4000-8000-000000000000';
      const unknown = await as(owner)('PUT', `${BASE}/${missing}/roles`, { roleIds: [missing] });
      assert.deepEqual([unknown.status, unknown.body.errorCodes], [400, ['ROLES_UNKNOWN']]);
      const notFound = await as(owner)('PUT', `${BASE}/${missing}/roles`, { roleIds: [ssoRoleId] });
      assert.deepEqual([notFound.status, notFound.body.errorCodes], [404, ['SSO_CONFIGURATION_NOT_FOUND']]);
    });
  });
}
