// Demo mode's account settings answer like the server's (server/routes/account-settings.ts): a
// member without the permission is refused, reading as well as writing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createDemoBackend, STORAGE_KEY } from './backend';
import { DEMO_ADMIN, tenantRows, type DemoDatabase } from './data';
import { createMemoryStorage } from '../test-support/memoryStorage';
import { demoUserRow, setDemoRoles } from '../test-support/demoUsers';

type Answer = { status: number; body: any };
const ACCOUNT = '/tenants/resources/account-settings/v1';

test('demo account settings: read and written only with fe.secure.*.accountSettings', async () => {
  const storage = createMemoryStorage();
  const backend = createDemoBackend({ storage, delay: () => 0 });
  const call = (method: string, body: Record<string, unknown> = {}) =>
    backend.handle(method, ACCOUNT, body, token) as Promise<Answer>;
  const token = (
    (await backend.handle('POST', '/identity/resources/auth/v1/user', { ...DEMO_ADMIN }, null)) as Answer
  ).body.accessToken as string;
  assert.equal((await call('GET')).status, 200);
  const setRoles = (roleKeys: string[]) => {
    const db = JSON.parse(storage.getItem(STORAGE_KEY)!) as DemoDatabase;
    setDemoRoles(db, DEMO_ADMIN.email, roleKeys);
    storage.setItem(STORAGE_KEY, JSON.stringify(db));
  };
  setRoles([]);
  const read = await call('GET');
  assert.deepEqual(read, {
    status: 403,
    body: {
      errors: ['You need the fe.secure.read.accountSettings permission to do this'],
      errorCodes: ['PERMISSION_REQUIRED'],
    },
  });
  assert.equal((await call('PUT', { website: 'https://example.com' })).status, 403);
  setRoles(['Admin']);
  assert.equal((await call('GET')).body.website, null, 'the refused change was not written');
});

test('demo account settings: hasCustomLogin while its custom login is on with an alias', async () => {
  const storage = createMemoryStorage();
  const backend = createDemoBackend({ storage, delay: () => 0 });
  const token = (
    (await backend.handle('POST', '/identity/resources/auth/v1/user', { ...DEMO_ADMIN }, null)) as Answer
  ).body.accessToken as string;
  const read = async () => ((await backend.handle('GET', ACCOUNT, {}, token)) as Answer).body;
  assert.equal((await read()).hasCustomLogin, false);
  const db = JSON.parse(storage.getItem(STORAGE_KEY)!) as DemoDatabase;
  const tenantId = demoUserRow(db, DEMO_ADMIN.email).activeTenantId!;
  Object.assign(
    tenantRows(db).find((t) => t.id === tenantId)!,
    { customLoginEnabled: true, loginAlias: 'acme-demo' },
  );
  storage.setItem(STORAGE_KEY, JSON.stringify(db));
  assert.equal((await read()).hasCustomLogin, true);
});
