import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { disposeApp, getOrCreateApp } from '../app';
import type { Transport } from '../api/http';
import { createDemoBackend } from '../demo/backend';
import { createMemoryStorage } from '../test-support/memoryStorage';
import { flagContextFor, isFlagOn, normalizeFlags } from './featureFlags';
import { loadFeatureFlags } from './thunks';

const contextRows: Array<[string, Parameters<typeof flagContextFor>[0], unknown]> = [
  ['nothing supplied is anonymous', undefined, { anonymous: true }],
  ['null is anonymous', null, { anonymous: true }],
  ['an empty context is anonymous', {}, { anonymous: true }],
  ['an explicit anonymous context', { anonymous: true }, { anonymous: true }],
  ['a supplied user and tenant', { userId: 'u1', tenantId: 't1' }, { userId: 'u1', tenantId: 't1' }],
  ['attributes only', { attributes: { plan: 'pro' } }, { attributes: { plan: 'pro' } }],
];
for (const [name, supplied, expected] of contextRows)
  test(`flag context: ${name}`, () => assert.deepEqual(flagContextFor(supplied), expected));

test('unknown flags are off; only boolean answers count', () => {
  const flags = normalizeFlags({ flags: { a: true, b: 'yes', c: false } });
  assert.deepEqual(flags, { a: true, c: false });
  assert.equal(isFlagOn(flags, 'a'), true);
  assert.equal(isFlagOn(flags, 'b'), false);
  assert.equal(isFlagOn(flags, 'toString'), false);
});

const names: string[] = [];
afterEach(() => {
  for (const n of names.splice(0)) disposeApp(n);
});

function appRecording(fail = false) {
  const name = `flags-${names.length}-${Math.random()}`;
  names.push(name);
  const backend = createDemoBackend({ storage: createMemoryStorage(), delay: () => 0 });
  const bodies: unknown[] = [];
  const transport: Transport = async (url, init) => {
    if (new URL(url).pathname.endsWith('/flags/api/v1/evaluate')) {
      bodies.push(JSON.parse(String(init.body)));
      if (fail) return new Response('{"errors":["down"]}', { status: 503 });
    }
    return backend.transport(url, init);
  };
  return {
    app: getOrCreateApp(name, { baseUrl: 'https://auth.example.com', logLevel: 'silent' }, { transport }),
    bodies,
  };
}

test('flags are evaluated for an anonymous context unless one is supplied', async () => {
  const { app, bodies } = appRecording();
  const flags = await app.store.dispatch(loadFeatureFlags(['demo-new-dashboard', 'show-passkeys-new']));
  assert.deepEqual(flags, { 'demo-new-dashboard': true, 'show-passkeys-new': false });
  await app.store.dispatch(loadFeatureFlags(undefined, { tenantId: 't1' }));
  assert.deepEqual(bodies, [
    { keys: ['demo-new-dashboard', 'show-passkeys-new'], context: { anonymous: true } },
    { context: { tenantId: 't1' } },
  ]);
});

test('a failed load is logged and the kit continues with flags off', async () => {
  const { app } = appRecording(true);
  assert.deepEqual(await app.store.dispatch(loadFeatureFlags(['x'])), {});
  assert.equal(app.store.getState().featureFlags.loaded, true);
});
