/**
 * The contract's request schemas (core/contract/requests.ts) are the server's: each names a route
 * the server registers, and the route validates with that very schema (a route that declared its
 * own would keep it: server/http/openapi.ts). The demo backend checks the same schemas
 * (core/contract/checkRequest.ts), so both refuse a request with the same message.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { requestErrors } from '../../core/contract/checkRequest';
import { REQUEST_SCHEMAS } from '../../core/contract/requests';
import { startTestServer } from '../../test/support/server';

describe("the contract's request schemas on the server", () => {
  let server: BuiltServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('each names a route, which validates with exactly that schema', () => {
    const byKey = new Map(
      server.routes.map((r) => [`${r.method} ${r.url.replace(/^\/frontegg(?=\/)/, '')}`, r]),
    );
    for (const [key, expected] of Object.entries(REQUEST_SCHEMAS)) {
      const route = byKey.get(key);
      assert.ok(route, `${key} names no route`);
      const schema = route.schema as { body?: unknown; querystring?: unknown } | undefined;
      if (expected.body)
        assert.equal(schema?.body, expected.body, `${key}: the body schema is not the contract's`);
      if (expected.querystring)
        assert.equal(
          schema?.querystring,
          expected.querystring,
          `${key}: the query schema is not the contract's`,
        );
    }
  });

  it('answers a refused body with the message the demo backend gives', async () => {
    const cases: Array<[string, string, Record<string, unknown>]> = [
      ['POST', '/identity/resources/auth/v1/user', { email: 'someone@example.com' }],
      ['POST', '/identity/resources/auth/v1/user', { email: 'not an email', password: 'x' }],
      ['POST', '/identity/resources/users/v1/signUp', { email: 'a@b.co', password: 'p'.repeat(129) }],
      ['POST', '/identity/resources/users/v1/passwords/reset', { email: 'a@b.co', extra: 1 }],
      ['POST', '/identity/resources/auth/v1/passwordless/code/prelogin', { email: 5 }],
      ['POST', '/identity/resources/impersonation/v1', {}],
    ];
    for (const [method, path, body] of cases) {
      const res = await server.app.inject({
        method: method as 'POST',
        url: `/frontegg${path}`,
        payload: body,
        headers: { origin: 'http://localhost' },
      });
      assert.equal(res.statusCode, 400, `${path} ${JSON.stringify(body)}: ${res.body}`);
      assert.deepEqual(
        (res.json() as { errors: string[] }).errors,
        requestErrors(method, path, { body, query: {} }),
        `${path} ${JSON.stringify(body)}`,
      );
    }
  });
});
