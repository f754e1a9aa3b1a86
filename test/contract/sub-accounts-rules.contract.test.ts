// The rule of who may act on whom (server/domain/grants.ts rule 3) on the sub-account member routes,
// the same cases against the demo backend and the server: both run core/domain/sub-account-handlers.ts.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { demoTarget, serverTarget, type ContractTarget } from './targets';

const factories: Array<[string, () => Promise<ContractTarget> | ContractTarget]> = [
  ['demo backend', demoTarget],
  ['reference server', serverTarget],
];
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { tenantId: string; sub: string };

for (const [name, factory] of factories) {
  describe(`contract: ${name}: sub-account members, who may act on whom`, () => {
    let target: ContractTarget;
    let token: string;
    let me: { tenantId: string; sub: string };
    before(async () => {
      target = await factory();
      const signUp = await target.call('POST', '/identity/resources/users/v1/signUp', {
        body: { email: `self-${Date.now()}@example.com`, password: 'a-long-password-1', name: 'Sam' },
      });
      token = signUp.body.authResponse.accessToken;
      me = claimsOf(token);
    });
    after(async () => {
      await target.close();
    });

    test("the caller's own roles, own removal and own access are refused, and nothing changes", async () => {
      const sub = (
        await target.call('POST', '/tenants/resources/sub-tenants/v1', { token, body: { name: 'Mine' } })
      ).body.tenantId as string;
      const members = `/identity/resources/sub-tenants/v1/${sub}/users`;
      const refusals = [
        ['PUT', `${members}/${me.sub}/roles`, { roleIds: [] }, 'You cannot change your own roles'],
        [
          'PATCH',
          `/identity/resources/sub-tenants/users/v1/${me.sub}/roles`,
          { subTenantsRoles: [{ tenantId: sub, roleIds: [] }] },
          'You cannot change your own roles',
        ],
        [
          'DELETE',
          `/identity/resources/sub-tenants/v1/${me.tenantId}/users/${me.sub}`,
          undefined,
          'You cannot remove yourself from the account',
        ],
        [
          'PUT',
          `/identity/resources/sub-tenants/users/v1/${me.sub}/access`,
          { allowAccess: false },
          'You cannot deny your own access to the account you are signed in to',
        ],
      ] as const;
      for (const [method, path, body, message] of refusals) {
        const answer = await target.call(method, path, { token, body });
        assert.deepEqual([answer.status, answer.body.errors], [400, [message]], `${method} ${path}`);
      }
      const listed = await target.call('GET', members, { token });
      assert.deepEqual(
        listed.body.items.map((u: { roles: Array<{ key: string }> }) => u.roles.map((r) => r.key)),
        [['Admin']],
      );
      const home = await target.call('GET', `/identity/resources/sub-tenants/v1/${me.tenantId}/users`, {
        token,
      });
      assert.deepEqual(
        home.body.items.map((u: { id: string; subAccountAccessAllowed: boolean }) => [
          u.id,
          u.subAccountAccessAllowed,
        ]),
        [[me.sub, true]],
      );
    });
  });
}
