// Demo mode's roles run the rules of core/domain/roles.ts, as the server does: a caller takes away
// (deletes a role, replaces its permissions) only permissions they hold.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createDemoBackend, STORAGE_KEY } from './backend';
import { DEMO_ADMIN, type DemoDatabase } from './data';
import { createMemoryStorage } from '../test-support/memoryStorage';
import { permissionId } from './teamAdmin';
import { setDemoRoles } from '../test-support/demoUsers';

type Answer = { status: number; body: any };
const ROLES = '/identity/resources/roles/v1';

describe('demo roles: the may-grant rule', () => {
  it('refuses to delete, or replace the permissions of, a role granting what the caller lacks', async () => {
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
    const keeper = ['fe.secure.read.roles', 'fe.secure.write.roles', 'fe.secure.delete.roles'];
    const created = await Promise.all(
      [
        ['keeper', keeper],
        ['auditor', ['fe.secure.read.audits']],
      ].map(([key, keys]) =>
        call('POST', ROLES, { key, name: key, permissionIds: (keys as string[]).map(permissionId) }),
      ),
    );
    assert.deepEqual(
      created.map((a) => a.status),
      [201, 201],
    );
    // The admin keeps only the role that manages roles: fe.secure.read.audits is no longer theirs.
    const db = JSON.parse(storage.getItem(STORAGE_KEY)!) as DemoDatabase;
    setDemoRoles(db, DEMO_ADMIN.email, ['keeper']);
    storage.setItem(STORAGE_KEY, JSON.stringify(db));
    const auditor = created[1]!.body.id as string;
    const refused = [
      await call('DELETE', `${ROLES}/${auditor}`),
      await call('PUT', `${ROLES}/${auditor}/permissions`, { permissionIds: [] }),
    ];
    for (const answer of refused)
      assert.deepEqual([answer.status, answer.body.errorCodes], [403, ['GRANT_NOT_HELD']]);
    const roles = (await call('GET', '/identity/resources/roles/v2')).body.items as Array<{
      id: string;
      permissions: string[];
    }>;
    assert.deepEqual(roles.find((r) => r.id === auditor)?.permissions, [
      permissionId('fe.secure.read.audits'),
    ]);
  });
});
