// The back-office areas of the demo backend load on first use (core/demo/lazyAreas.ts): each lists
// the names its factory registers, a call loads its area once, and an area that cannot be loaded
// fails the call as a failed fetch does (the kit's generic network message), then loads on retry.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveOptions } from '../config/options';
import { errorMessage } from '../api/errors';
import { createHttpClient } from '../api/http';
import { createLogger } from '../api/logger';
import { ROUTES, routeName } from '../contract/routes';
import { createMemoryStorage } from '../test-support/memoryStorage';
import { createDemoBackend } from './backend';
import { DEMO_ADMIN } from './data';
import { LAZY_AREAS, type LazyArea } from './lazyAreas';

const deps = { now: () => Date.parse('2026-05-04T10:00:00Z'), random: () => 'r1' };
const PLANS = '/subscriptions/resources/billing/plans/v1';

describe('lazy demo areas', () => {
  it("list exactly the names their factory registers, each name once, each the table's", async () => {
    const served = new Set(ROUTES.map(routeName));
    const seen = new Set<string>();
    for (const area of LAZY_AREAS) {
      const routes = await area.load(deps);
      assert.deepEqual([...area.names].sort(), Object.keys(routes).sort(), area.file);
      for (const name of area.names) {
        assert.ok(!seen.has(name), `${name} is listed twice`);
        assert.ok(served.has(name), `${name} is not a descriptor of the table`);
        seen.add(name);
      }
    }
  });

  /** A demo signed in as its admin whose billing area fails to load `failures` times. */
  async function demo(failures: number) {
    const loads: string[] = [];
    let left = failures;
    const areas: LazyArea[] = LAZY_AREAS.map((area) => ({
      ...area,
      load: (d) => {
        loads.push(area.file);
        if (area.file === './billing' && left-- > 0) return Promise.reject(new Error('chunk gone'));
        return area.load(d);
      },
    }));
    const backend = createDemoBackend({ storage: createMemoryStorage(), delay: () => 0, ...deps, areas });
    const login = await backend.handle('POST', '/identity/resources/auth/v1/user', { ...DEMO_ADMIN }, null);
    const token = (login.body as { accessToken: string }).accessToken;
    const options = resolveOptions({ baseUrl: 'https://auth.example.com' });
    const client = createHttpClient({
      options,
      requestSource: 'admin-portal',
      getAccessToken: () => token,
      transport: backend.transport,
      logger: createLogger(options.logLevel, { debug() {}, info() {}, warn() {}, error() {} }),
      navigate: () => {},
    });
    return { loads, client };
  }

  it('keep both changes of two calls answered together after their area loaded', async () => {
    const { client } = await demo(0);
    const ROLES = '/identity/resources/roles/v1';
    await Promise.all(
      ['first', 'second'].map((key) => client.post(ROLES, { key, name: key, permissionIds: [] })),
    );
    const roles = await client.get<{ items: Array<{ key: string }> }>('/identity/resources/roles/v2');
    assert.deepEqual(
      roles.items
        .map((r) => r.key)
        .filter((key) => key === 'first' || key === 'second')
        .sort(),
      ['first', 'second'],
    );
  });

  it('load an area on its first call only, and none for signing in', async () => {
    const { loads, client } = await demo(0);
    assert.deepEqual(loads, []);
    await client.get(PLANS);
    await client.get(PLANS);
    assert.deepEqual(loads, ['./billing']);
  });

  it('answer a call whose area fails to load as a failed fetch (the generic message), and load it on the next call', async (t) => {
    // The HTTP client tells the integrator, once, that a call could not be completed.
    t.mock.method(console, 'warn', () => {});
    const { loads, client } = await demo(1);
    await assert.rejects(client.get(PLANS), (error: unknown) => {
      assert.equal((error as Error).name, 'TypeError', JSON.stringify(error));
      assert.equal(errorMessage(error), "We're facing some difficulties, Please try again");
      return true;
    });
    const plans = await client.get<unknown[]>(PLANS);
    assert.ok(Array.isArray(plans) && plans.length > 0, JSON.stringify(plans));
    assert.deepEqual(loads, ['./billing', './billing']);
  });
});
