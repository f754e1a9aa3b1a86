// Editing an API token (issue 28 item 15; core/domain/api-tokens.ts): the same requests against the
// demo backend and the server.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BACKENDS, newAccountOwner } from './targets';

const TENANT = '/identity/resources/tenants/api-tokens/v1';
const PERSONAL = '/identity/resources/users/api-tokens/v1';

for (const [name, factory] of BACKENDS) {
  describe(`contract: ${name}: editing an API token`, () => {
    const { call } = newAccountOwner(factory, 'token-edit');

    test("an account token's description and roles change; its secret and expiry stay", async () => {
      const roles = (await call('GET', '/identity/resources/roles/v1')).body as Array<{ id: string }>;
      assert.ok(roles.length >= 2);
      const created = await call('POST', TENANT, {
        description: 'CI',
        expiresInMinutes: 1440,
        roleIds: [roles[0]!.id],
      });
      assert.equal(created.status, 201);
      const id = created.body.id as string;
      const edited = await call('PATCH', `${TENANT}/${id}`, {
        description: '  Deploys  ',
        roleIds: [roles[1]!.id],
      });
      assert.equal(edited.status, 200);
      assert.deepEqual(
        [edited.body.id, edited.body.description, edited.body.roleIds, edited.body.expiresInMinutes],
        [id, 'Deploys', [roles[1]!.id], 1440],
      );
      assert.equal(edited.body.secret, undefined, 'the secret is never shown again');
      const renamed = await call('PATCH', `${TENANT}/${id}`, { description: 'Deploys (prod)' });
      assert.deepEqual(renamed.body.roleIds, [roles[1]!.id], 'roles not sent stay');
      const listed = (await call('GET', TENANT)).body.find((t: { id: string }) => t.id === id);
      assert.deepEqual([listed.description, listed.roleIds], ['Deploys (prod)', [roles[1]!.id]]);
      const cleared = await call('PATCH', `${TENANT}/${id}`, { roleIds: [] });
      assert.deepEqual(cleared.body.roleIds, []);
    });

    test('a personal token takes a new description only', async () => {
      const created = await call('POST', PERSONAL, { description: 'Laptop' });
      const edited = await call('PATCH', `${PERSONAL}/${created.body.id}`, { description: 'Old laptop' });
      assert.deepEqual([edited.status, edited.body.description], [200, 'Old laptop']);
      const withRoles = await call('PATCH', `${PERSONAL}/${created.body.id}`, {
        description: 'x',
        roleIds: [],
      });
      assert.equal(withRoles.status, 400);
    });

    test('an unknown token or role, a blank description or nothing to change is refused', async () => {
      const created = await call('POST', TENANT, { description: 'Refusals', roleIds: [] });
      const id = created.body.id as string;
      const missing = await call('PATCH', `${TENANT}/${PERSONAL_ID}`, { description: 'x' });
      assert.deepEqual(missing, {
        status: 404,
        body: { errors: ['API token not found'], errorCodes: ['API_TOKEN_NOT_FOUND'] },
      });
      const unknownRole = await call('PATCH', `${TENANT}/${id}`, {
        roleIds: ['00000000-0000-4000-8000-000000000000'],
      });
      assert.deepEqual([unknownRole.status, unknownRole.body.errorCodes], [400, ['ROLES_UNKNOWN']]);
      assert.equal((await call('PATCH', `${TENANT}/${id}`, { description: '   ' })).status, 400);
      assert.equal((await call('PATCH', `${TENANT}/${id}`, {})).status, 400);
      const after = (await call('GET', TENANT)).body.find((t: { id: string }) => t.id === id);
      assert.deepEqual([after.description, after.roleIds], ['Refusals', []]);
    });
  });
}

/** An id no token has (a uuid, as the server's path parameter wants). */
const PERSONAL_ID = '00000000-0000-4000-8000-000000000001';
