// The demo backend dispatches through the route table (core/demo/dispatch.ts): access is checked
// from each descriptor, in one place, and an audited route's call is recorded in the demo's log.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ROUTES } from '../contract/routes';
import { requestEntries } from '../contract/checkRequest';
import { createDemoBackend, STORAGE_KEY } from './backend';
import { DEMO_ADMIN, type DemoDatabase } from './data';
import { createMemoryStorage } from '../test-support/memoryStorage';
import { setDemoRoles } from '../test-support/demoUsers';

type Answer = { status: number; body: any };
const SIGN_IN = '/identity/resources/auth/v1/user';

/** A demo signed in as its admin, whose roles a test can take away. */
async function signedIn() {
  const storage = createMemoryStorage();
  let time = Date.parse('2026-05-04T10:00:00Z');
  const backend = createDemoBackend({
    storage,
    delay: () => 0,
    // A millisecond later at each reading: the log lists records by time, as the server's.
    now: () => (time += 1),
  });
  const login = (await backend.handle('POST', SIGN_IN, { ...DEMO_ADMIN }, null)) as Answer;
  const token = login.body.accessToken as string;
  const call = (method: string, path: string, body: Record<string, unknown> = {}, query = {}) =>
    backend.handle(method, path, body, token, query) as Promise<Answer>;
  const setRoles = (roleKeys: string[]) => {
    const db = JSON.parse(storage.getItem(STORAGE_KEY)!) as DemoDatabase;
    setDemoRoles(db, DEMO_ADMIN.email, roleKeys);
    storage.setItem(STORAGE_KEY, JSON.stringify(db));
  };
  return { backend, call, setRoles, token };
}

/** A value the schema accepts, as small as it can be (the refusal must not be the body's). */
function sample(schema: any, name = ''): unknown {
  if (!schema || typeof schema !== 'object') return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const alternative = schema.anyOf ?? schema.oneOf;
  if (alternative) return sample(alternative[0], name);
  if (Array.isArray(schema.type) && schema.type.includes('null')) return null;
  const type = schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = sample(schema.properties?.[key], key);
      // At least one field: the first the schema names.
      const first = Object.keys(schema.properties ?? {})[0];
      if (schema.minProperties && !Object.keys(out).length && first)
        out[first] = sample(schema.properties[first], first);
      return out;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items, name));
    case 'integer':
    case 'number':
      return Math.max(
        schema.minimum ?? 1,
        schema.exclusiveMinimum === undefined ? 1 : schema.exclusiveMinimum + 1,
      );
    case 'boolean':
      return true;
    case 'string': {
      if (String(schema.pattern).includes('{8}-')) return '00000000-0000-4000-8000-000000000000';
      if (schema.format === 'email' || /email/i.test(name)) return 'someone@example.com';
      if (schema.format === 'uri' || /url/i.test(name)) return 'https://example.com/x';
      if (/ip$/i.test(name)) return '203.0.113.7';
      if (/domain/i.test(name)) return 'example.com';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    }
    default:
      return undefined;
  }
}

const concrete = (path: string) => path.replace(/:(\w+)/g, (_, name: string) => `sample-${name}`);

describe('demo dispatch from the route table', () => {
  it('refuses a caller without the permission on every permission route it serves (from the table)', async () => {
    const gated = ROUTES.filter(
      (route) => route.access.kind === 'permission' && !route.access.inHandler && !route.demo,
    );
    assert.ok(gated.length > 100, `${gated.length} permission routes`);
    const { call, setRoles } = await signedIn();
    setRoles([]);
    const unchecked: string[] = [];
    for (const route of gated) {
      const permission = route.access.kind === 'permission' ? route.access.permission : '';
      const path = concrete(route.path);
      const body = (sample(route.request?.body) ?? {}) as Record<string, unknown>;
      const query = (sample(route.request?.querystring) ?? {}) as Record<string, string>;
      const stringQuery = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
      if (requestEntries(route.method, path, { body, query: stringQuery }, { opaqueIds: true, demo: true })) {
        unchecked.push(`${route.method} ${route.path}`);
        continue;
      }
      const answer = await call(route.method, path, body, stringQuery);
      assert.deepEqual(
        answer,
        {
          status: 403,
          body: {
            errors: [`You need the ${permission} permission to do this`],
            errorCodes: ['PERMISSION_REQUIRED'],
          },
        },
        `${route.method} ${route.path}`,
      );
    }
    // Every route's sample request passes its schema, so none escapes the check above.
    assert.deepEqual(unchecked, []);
  });

  it('answers a route without a bearer with the server codes', async () => {
    const { backend } = await signedIn();
    const missing = (await backend.handle('GET', '/identity/resources/users/v2/me', {}, null)) as Answer;
    assert.deepEqual(missing.body.errorCodes, ['BEARER_MISSING']);
    const invalid = (await backend.handle('GET', '/identity/resources/users/v2/me', {}, 'x.y.z')) as Answer;
    assert.deepEqual(invalid.body.errorCodes, ['TOKEN_INVALID']);
  });

  it('a policy saved in demo mode shows in the demo audit log', async () => {
    const { call } = await signedIn();
    const saved = await call('POST', '/identity/resources/configurations/v1/lockout-policy', {
      enabled: true,
      maxAttempts: 7,
    });
    assert.equal(saved.status, 200);
    const log = await call('GET', '/audits', {}, { count: '100' });
    const record = log.body.data.find((r: any) => r.action === 'Lockout policy changed' && r.user);
    assert.ok(record, 'the change is in the log');
    assert.equal(record.email, DEMO_ADMIN.email);
    assert.equal(record.severity, 'High');
    assert.equal(record.resource, 'policies');
    assert.equal(record.description, 'Lockout policy changed: enabled on, max attempts 7');
    assert.equal(log.body.data[0]._id, record._id, 'newest first');
    // A refused change is not recorded.
    const refused = await call('POST', '/identity/resources/configurations/v1/lockout-policy', {
      maxAttempts: -1,
    });
    assert.equal(refused.status, 400);
    const after = await call('GET', '/audits', {}, { count: '100' });
    assert.equal(
      after.body.data.filter((r: any) => r.action === 'Lockout policy changed' && r.ip === '').length,
      1,
    );
  });

  it("names a deleted sub-account in its record, read before the deletion, as the server's hook does", async () => {
    const { call } = await signedIn();
    const created = await call('POST', '/tenants/resources/sub-tenants/v1', { name: 'Gone Ltd' });
    assert.equal(created.status, 201);
    const deleted = await call('DELETE', `/tenants/resources/sub-tenants/v1/${created.body.tenantId}`);
    assert.equal(deleted.status, 200);
    const log = await call('GET', '/audits', {}, { count: '100' });
    const record = log.body.data.find((r: any) => r.action === 'Sub-account deleted');
    assert.equal(record?.description, 'Sub-account deleted: Gone Ltd');
  });
});
