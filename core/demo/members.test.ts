// Demo mode's users list rows (issue 28 items 6 and 11), as the server answers them
// (server/routes/users-list-rows.test.ts): groups with their roles, mfaEnabled, _includeSubTenants.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createDemoBackend } from './backend';
import { DEMO_ADMIN } from './data';
import { createMemoryStorage } from '../test-support/memoryStorage';
import { builtInRoleId } from './data';

type Answer = { status: number; body: any };

test('demo users list: rows carry groups with their roles and mfaEnabled; _includeSubTenants lists each person once', async () => {
  const backend = createDemoBackend({ storage: createMemoryStorage(), delay: () => 0 });
  const call = (
    method: string,
    path: string,
    body: Record<string, unknown> = {},
    query: Record<string, string> = {},
  ) => backend.handle(method, path, body, token, query) as Promise<Answer>;
  let token: string | null = null;
  token = ((await call('POST', '/identity/resources/auth/v1/user', { ...DEMO_ADMIN })) as Answer).body
    .accessToken as string;
  const me = (await call('GET', '/identity/resources/users/v2/me')).body.id as string;
  const group = (await call('POST', '/identity/resources/groups/v1', { name: 'Ops' })).body.id as string;
  assert.equal(
    (await call('POST', `/identity/resources/groups/v1/${group}/users`, { userIds: [me] })).status < 300,
    true,
  );
  assert.equal(
    (
      await call('POST', `/identity/resources/groups/v1/${group}/roles`, {
        roleIds: [builtInRoleId('Viewer')],
      })
    ).status < 300,
    true,
  );
  const rows = (await call('GET', '/identity/resources/users/v2')).body.items as Array<any>;
  const mine = rows.find((u) => u.id === me)!;
  assert.equal(mine.mfaEnabled, mine.mfaEnrolled);
  assert.deepEqual(
    mine.groups.map((g: { name: string; roles: Array<{ key: string }> }) => [
      g.name,
      g.roles.map((r) => r.key),
    ]),
    [['Ops', ['Viewer']]],
  );
  assert.ok(rows.filter((u) => u.id !== me).every((u) => Array.isArray(u.groups) && u.groups.length === 0));
  const all = (await call('GET', '/identity/resources/users/v2', {}, { _includeSubTenants: 'true' })).body;
  const ids = all.items.map((u: { id: string }) => u.id);
  assert.equal(new Set(ids).size, ids.length);
  assert.ok(ids.length >= rows.length);
});

test("demo users list rows are the server's: the same fields, permissions stamped, the store's order", async () => {
  const backend = createDemoBackend({ storage: createMemoryStorage(), delay: () => 0 });
  const token = (
    (await backend.handle('POST', '/identity/resources/auth/v1/user', { ...DEMO_ADMIN }, null)) as Answer
  ).body.accessToken as string;
  const list = async (query: Record<string, string>) =>
    ((await backend.handle('GET', '/identity/resources/users/v2', {}, token, query)) as Answer).body;
  const { items } = await list({});
  // server/routes/team-users.test.ts's list of a row's fields.
  const fields =
    'activatedForTenant createdAt customData email groups id invitationPending isLocked lastLogin managedBy metadata mfaEnabled mfaEnrolled name permissions phoneNumber profilePictureUrl provider roleIds roles sub tenantId tenantIds tenants vendorId verified';
  for (const row of items) assert.deepEqual(Object.keys(row).sort(), fields.split(' '));
  const admin = items.find((u: { email: string }) => u.email === DEMO_ADMIN.email);
  assert.ok(admin.permissions.length > 0);
  assert.ok(admin.permissions.every((p: { createdAt?: string }) => typeof p.createdAt === 'string'));
  const names = items.map((u: { name: string }) => u.name.toLowerCase());
  assert.deepEqual(names, [...names].sort());
  const desc = (await list({ _order: 'DESC' })).items.map((u: { id: string }) => u.id);
  assert.deepEqual(desc, items.map((u: { id: string }) => u.id).reverse());
});

test("demo users page's Unlock: a member of the caller's account not locked answers false; anyone else is not found", async () => {
  const backend = createDemoBackend({ storage: createMemoryStorage(), delay: () => 0 });
  const token = (
    (await backend.handle('POST', '/identity/resources/auth/v1/user', { ...DEMO_ADMIN }, null)) as Answer
  ).body.accessToken as string;
  const me = ((await backend.handle('GET', '/identity/resources/users/v2/me', {}, token)) as Answer).body.id;
  const unlock = async (id: string) => {
    const answer = (await backend.handle(
      'POST',
      `/identity/resources/users/v1/${id}/unlock`,
      {},
      token,
    )) as Answer;
    return [answer.status, answer.body.unlocked ?? answer.body.errorCodes];
  };
  assert.deepEqual(await unlock(me), [200, false]);
  assert.deepEqual(await unlock('someone-else'), [404, ['MEMBER_NOT_FOUND']]);
});
