// Demo mode's admin-box metadata shows the pages the default visibility hides by permission, the
// list the development server's showcase turns on too (core/portal/pages.ts, server/seed.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PAGES_HIDDEN_BY_DEFAULT } from '../portal/pages';
import { createMemoryStorage } from '../test-support/memoryStorage';
import { createDemoBackend } from './backend';
import { DEMO_ADMIN } from './data';

type Answer = { status: number; body: any };

test('the admin box shows every page hidden by default to whoever holds its permission', async () => {
  const backend = createDemoBackend({ storage: createMemoryStorage(), delay: () => 0 });
  const signIn = (await backend.handle(
    'POST',
    '/identity/resources/auth/v1/user',
    { ...DEMO_ADMIN },
    null,
  )) as Answer;
  const { body } = (await backend.handle(
    'GET',
    '/metadata/admin-box',
    {},
    signIn.body.accessToken,
  )) as Answer;
  const navigation = body.rows[0].configuration.navigation;
  assert.deepEqual(Object.keys(navigation).sort(), [...PAGES_HIDDEN_BY_DEFAULT].sort());
  for (const page of PAGES_HIDDEN_BY_DEFAULT)
    assert.deepEqual(navigation[page], { visibility: 'byPermissions' });
});
