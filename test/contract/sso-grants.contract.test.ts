// The "may grant" rule on the SSO calls that hand out roles (core/domain/sso-handlers.ts), the same
// cases against the demo backend and the server: a caller who may change SSO gives through a
// connection (its default roles, its group mappings, the legacy calls' own) only roles whose
// permissions they hold; an unknown role is refused first (400), before the connection is looked up.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { acceptedMember, BACKENDS, passwordSignIn, roleGranting, type ContractTarget } from './targets';

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
      ssoRoleId = await roleGranting(target, owner, { key: 'sso-managers', name: 'SSO managers' }, [
        'fe.secure.read.samlConfiguration',
        'fe.secure.write.samlConfiguration',
      ]);
      const roles = (await as(owner)('GET', `${API}/roles/v1`)).body as Array<{ id: string; key: string }>;
      adminRoleId = roles.find((r) => r.key === 'Admin')!.id;
      const email = `sso-manager-${stamp}@example.com`;
      const password = 'member-password-1';
      await acceptedMember(target, owner, { email, roleIds: [ssoRoleId], password });
      manager = await passwordSignIn(target, email, password);
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
