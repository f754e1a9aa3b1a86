// The route table (core/contract/routes) and the routes the server registers are the same set.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import Fastify from 'fastify';
import { ROUTES } from '../../core/contract/routes';
import type { BuiltServer } from '../app';
import type { TokenService } from '../domain/tokens';
import { startTestServer } from '../../test/support/server';
import { installRouteTable } from './route-table';

describe('the route table', () => {
  let server: BuiltServer;
  let withStripe: BuiltServer;
  before(async () => {
    // Every optional route on: the development outbox, the static files and pages; the payment
    // provider's own routes come from two servers, one per provider (the development provider's
    // card confirmation, the Stripe provider's webhook: nothing is asked of Stripe at start).
    server = await startTestServer({
      devOutbox: true,
      staticRoot: fileURLToPath(new URL('../..', import.meta.url)),
    });
    withStripe = await startTestServer({
      billing: {
        provider: 'stripe',
        stripe: {
          secretKey: 'sk_test_route_table',
          publishableKey: 'pk_test_route_table',
          webhookSecret: 'whsec_route_table',
          apiBase: 'http://127.0.0.1:9',
        },
      },
    });
  });
  after(() => Promise.all([server.close(), withStripe.close()]));

  it('names every route the server registers, and the server registers every route it names', () => {
    const registered = new Set(
      [...server.routes, ...withStripe.routes]
        .filter((r) => r.method !== 'HEAD')
        .map((r) => `${r.method} ${r.url}`),
    );
    const described = new Set(
      ROUTES.flatMap((r) => {
        const full = r.root ? r.path : `/frontegg${r.path}`;
        return (r.alsoAtRoot ? [full, r.path] : [full]).map((path) => `${r.method} ${path}`);
      }),
    );
    assert.deepEqual([...registered].filter((key) => !described.has(key)).sort(), [], 'not in the table');
    assert.deepEqual([...described].filter((key) => !registered.has(key)).sort(), [], 'not registered');
  });

  it('refuses to register a route the table does not name', async () => {
    const app = Fastify();
    installRouteTable(app, '/frontegg', {} as TokenService);
    assert.throws(
      () => app.get('/frontegg/not/described', async () => ({})),
      /GET \/frontegg\/not\/described is not in the route table/,
    );
    await app.close();
  });
});
