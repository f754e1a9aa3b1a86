// Demo mode's groups run the rules of core/domain/groups.ts, as the server does
// (server/routes/roles-groups-tokens.test.ts "no escalation through groups"): a caller gives or
// takes away only permissions they hold, and does not take a member above them out of a group.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createDemoBackend, STORAGE_KEY } from './backend';
import { DEMO_ADMIN, type DemoDatabase } from './data';
import { createMemoryStorage } from '../test-support/memoryStorage';
import { permissionId } from './teamAdmin';
import { setDemoRoles } from '../test-support/demoUsers';

type Answer = { status: number; body: any };
const GROUPS = '/identity/resources/groups/v1';

describe('demo groups: the may-grant rule', () => {
  it("refuses a group's roles, members and deletion to a caller lacking what they grant", async () => {
    const storage = createMemoryStorage();
    const backend = createDemoBackend({
      storage,
      delay: () => 0,
      now: () => Date.parse('2026-05-04T10:00:00Z'),
    });
    const login = (await backend.handle(
      'POST',
      '/identity/resources/auth/v1/user',
      { ...DEMO_ADMIN },
      null,
    )) as Answer;
    const call = (method: string, path: string, body: Record<string, unknown> = {}) =>
      backend.handle(method, path, body, login.body.accessToken as string) as Promise<Answer>;
    const groupsKeys = ['fe.secure.read.groups', 'fe.secure.write.groups', 'fe.secure.delete.groups'];
    const role = async (key: string, keys: string[]) =>
      (
        await call('POST', '/identity/resources/roles/v1', {
          key,
          name: key,
          permissionIds: keys.map(permissionId),
        })
      ).body.id as string;
    await role('grouper', groupsKeys);
    const auditor = await role('auditor', ['fe.secure.read.audits']);
    const audited = (await call('POST', GROUPS, { name: 'Audit' })).body.id as string;
    const plain = (await call('POST', GROUPS, { name: 'Plain' })).body.id as string;
    assert.equal((await call('POST', `${GROUPS}/${audited}/roles`, { roleIds: [auditor] })).status, 200);
    // Grace Hopper (Editor) holds what the caller will not: a member above them.
    assert.equal((await call('POST', `${GROUPS}/${plain}/users`, { userIds: ['demo-user-2'] })).status, 200);
    // The admin keeps only the role that manages groups.
    const db = JSON.parse(storage.getItem(STORAGE_KEY)!) as DemoDatabase;
    setDemoRoles(db, DEMO_ADMIN.email, ['grouper']);
    storage.setItem(STORAGE_KEY, JSON.stringify(db));
    const refused: Array<[Answer, string]> = [
      [await call('DELETE', `${GROUPS}/${audited}/roles`, { roleIds: [auditor] }), 'GRANT_NOT_HELD'],
      [await call('POST', `${GROUPS}/${audited}/users`, { userIds: ['demo-user-3'] }), 'GRANT_NOT_HELD'],
      [await call('DELETE', `${GROUPS}/${audited}`), 'GRANT_NOT_HELD'],
      [await call('DELETE', `${GROUPS}/${plain}/users`, { userIds: ['demo-user-2'] }), 'MEMBER_ABOVE'],
    ];
    for (const [answer, code] of refused)
      assert.deepEqual([answer.status, answer.body.errorCodes], [403, [code]], code);
    const after = (await call('POST', `${GROUPS}/bulkGet`, { groupsIds: [plain, audited] })).body as Array<{
      roles: Array<{ id: string }>;
      users: Array<{ id: string }>;
    }>;
    assert.deepEqual(
      after.map((g) => [g.roles.map((r) => r.id), g.users.map((u) => u.id)]),
      [
        [[], ['demo-user-2']],
        [[auditor], []],
      ],
    );
  });
});
