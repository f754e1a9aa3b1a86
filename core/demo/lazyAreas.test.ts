// The back office of the demo backend loads on first use (core/demo/lazyAreas.ts): once, on the
// first call the eager handlers do not answer (a password sign-in is one); a module that cannot be
// loaded fails the call as a failed fetch does (the kit's generic network message), then loads on retry.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveOptions } from '../config/options';
import { errorMessage } from '../api/errors';
import { createHttpClient } from '../api/http';
import { createLogger } from '../api/logger';
import { createMemoryStorage } from '../test-support/memoryStorage';
import { createDemoBackend } from './backend';
import { DEMO_ADMIN } from './data';
import type { BackOfficeLoader } from './lazyAreas';

const deps = { now: () => Date.parse('2026-05-04T10:00:00Z'), random: () => 'r1' };
const PLANS = '/subscriptions/resources/billing/plans/v1';
const LOGIN = '/identity/resources/auth/v1/user';

describe('lazy demo areas', () => {
  /** A demo whose back office fails to load `failures` times, and its HTTP client (with `token`, signed in). */
  function demo(failures: number, token = (): string | undefined => undefined) {
    const loads: string[] = [];
    let left = failures;
    const loadBackOffice: BackOfficeLoader = () => {
      loads.push('back office');
      return left-- > 0 ? Promise.reject(new Error('chunk gone')) : import('./backOffice');
    };
    const backend = createDemoBackend({
      storage: createMemoryStorage(),
      delay: () => 0,
      ...deps,
      loadBackOffice,
    });
    const options = resolveOptions({ baseUrl: 'https://auth.example.com' });
    const client = createHttpClient({
      options,
      requestSource: 'admin-portal',
      getAccessToken: token,
      transport: backend.transport,
      logger: createLogger(options.logLevel, { debug() {}, info() {}, warn() {}, error() {} }),
      navigate: () => {},
    });
    return { loads, backend, client };
  }

  /** A demo signed in as its admin. */
  async function signedIn() {
    const session: { token?: string } = {};
    const signed = demo(0, () => session.token);
    const login = await signed.backend.handle('POST', LOGIN, { ...DEMO_ADMIN }, null);
    session.token = (login.body as { accessToken: string }).accessToken;
    return signed;
  }

  it('keep both changes of two calls answered together after their area loaded', async () => {
    const { client } = await signedIn();
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

  it('load the back office on its first call only: a password sign-in', async () => {
    const { loads, client } = await signedIn();
    assert.deepEqual(loads, ['back office']);
    await client.get(PLANS);
    await client.get(PLANS);
    await client.get('/identity/resources/roles/v2');
    assert.deepEqual(loads, ['back office']);
  });

  it('answer a call whose back office fails to load (a sign-in) as a failed fetch (the generic message), and load it on the next call', async (t) => {
    // The HTTP client tells the integrator, once, that a call could not be completed.
    t.mock.method(console, 'warn', () => {});
    const { loads, client } = demo(1);
    await assert.rejects(client.post(LOGIN, { ...DEMO_ADMIN }), (error: unknown) => {
      assert.equal((error as Error).name, 'TypeError', JSON.stringify(error));
      assert.equal(errorMessage(error), "We're facing some difficulties, Please try again");
      return true;
    });
    const login = await client.post<{ accessToken: string }>(LOGIN, { ...DEMO_ADMIN });
    assert.ok(login.accessToken, JSON.stringify(login));
    assert.deepEqual(loads, ['back office', 'back office']);
  });
});
