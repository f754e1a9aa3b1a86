/**
 * The demo backend's route coverage (issue 13, item 5). Every route the reference server registers
 * (BuiltServer.routes) is sent to the demo backend (core/demo) as the kit's transport would send
 * it, by the demo's signed-in admin, with an empty body and made-up ids. A route the demo does not
 * know answers 404 `["Not found"]`; any other answer (200, 400 for the empty body, 403, a 404 naming
 * the missing user...) means the demo has the route. Each route must be answered or listed in
 * NOT_IN_DEMO with the reason it is left out; an entry that the demo answers after all, or that
 * names no server route, fails too, so the list stays true.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from '../../server/app';
import { createDemoBackend, DEMO_UNSERVED } from '../../core/demo/backend';
import { DEMO_ADMIN } from '../../core/demo/data';
import { createMemoryStorage } from '../../core/test-support/memoryStorage';
import { startTestServer } from '../support/server';

const PREFIX = '/frontegg';

const SERVER_ONLY = 'a server concern with no meaning in a page (the demo has no server to describe)';
const PROTOCOL =
  'a protocol endpoint an identity provider or a browser navigation reaches, not a fetch of the kit';
const NO_FEDERATION =
  'federated sign-in (social, OIDC, SAML) needs an identity provider the demo has none of; the demo answers the pre-login checks only';
const NOT_YET =
  "not in the demo yet: the kit's pages do not call it (only the client SDK or a host does); to add with the shared contract module";

/** Server routes the demo backend does not answer, and why. Keys: `METHOD /path` without the prefix. */
const NOT_IN_DEMO: Record<string, string> = {
  'GET /.well-known/jwks.json': SERVER_ONLY,
  'GET /openapi.json': SERVER_ONLY,
  'GET /.well-known/openid-configuration': SERVER_ONLY,
  'GET /identity/resources/auth/v1/sso/oidc/:key/start': NO_FEDERATION,
  'GET /identity/resources/auth/v1/sso/saml/:key/start': NO_FEDERATION,
  'GET /identity/resources/auth/v1/sso/saml/:key/metadata': NO_FEDERATION,
  'POST /identity/resources/auth/v1/sso/saml/:key/acs': NO_FEDERATION,
  'GET /oauth/authorize': PROTOCOL,
  'GET /oauth/login': PROTOCOL,
  'GET /oauth/userinfo': PROTOCOL,
  'POST /identity/resources/auth/v1/api-token':
    'the API-token exchange is for machines (a backend holding a client id and secret), not a page',
  'POST /metadata':
    "the vendor's admin-box settings: set with the vendor's credentials, never from a page; the demo keeps a fixed admin box",
  'POST /metadata/admin-box':
    "the same settings in the client SDK's commit format: the vendor's, never from a page; the demo keeps a fixed admin box",
  'GET /flags/api/v1/flags':
    "the vendor's flag switches (Portal configuration page): a vendor super user's, and the demo has none",
  'DELETE /identity/resources/users/sessions/v1/me/:id':
    "the demo keeps one session (the page's own), so there is no other session to end; it answers DELETE .../me/all",
  'POST /team/resources/members/v1/:userId/resendActivationEmail':
    'demo teammates are active from the start (the sample data has no member waiting for activation)',
  'PATCH /tenants/resources/sub-tenants/v1/:tenantId': NOT_YET,
  'DELETE /tenants/resources/sub-tenants/v1/:tenantId': NOT_YET,
  'DELETE /identity/resources/sub-tenants/v1/:tenantId/users/:userId': NOT_YET,
  // The client SDK's same writes across several accounts (the per-account ones above are not in the demo either).
  'POST /identity/resources/sub-tenants/users/v1': NOT_YET,
  'DELETE /identity/resources/sub-tenants/users/v1': NOT_YET,
  'POST /identity/resources/sub-tenants/users/v2/': NOT_YET,
  'GET /team/resources/profile/images/v1/:id': SERVER_ONLY,
  'GET /metadata/ip/:ip':
    "an address's metadata: demo mode sees no addresses (its GET /metadata/ipme answers every field null)",
  // SCIM 2.0 (server/routes/scim.ts): an identity provider calls these with a configuration's token.
  'GET /scim/v2/ServiceProviderConfig': PROTOCOL,
  'GET /scim/v2/Schemas': PROTOCOL,
  'GET /scim/v2/Schemas/:id': PROTOCOL,
  'GET /scim/v2/ResourceTypes': PROTOCOL,
  'GET /scim/v2/ResourceTypes/:id': PROTOCOL,
  'GET /scim/v2/Users': PROTOCOL,
  'POST /scim/v2/Users': PROTOCOL,
  'GET /scim/v2/Users/:id': PROTOCOL,
  'PUT /scim/v2/Users/:id': PROTOCOL,
  'PATCH /scim/v2/Users/:id': PROTOCOL,
  'DELETE /scim/v2/Users/:id': PROTOCOL,
  'GET /scim/v2/Groups': PROTOCOL,
  'POST /scim/v2/Groups': PROTOCOL,
  'GET /scim/v2/Groups/:id': PROTOCOL,
  'PUT /scim/v2/Groups/:id': PROTOCOL,
  'PATCH /scim/v2/Groups/:id': PROTOCOL,
  'DELETE /scim/v2/Groups/:id': PROTOCOL,
};

/**
 * A server route URL with its parameters filled in: made-up ids, a passwordless type, and the demo's
 * own social provider (the demo answers its provider's post-login, not any name).
 */
function concrete(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    if (name.toLowerCase().includes('type')) return 'code';
    if (name === 'provider') return 'demo-id';
    return '00000000-0000-4000-8000-000000000000';
  });
}

let server: BuiltServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

describe('demo backend route coverage', () => {
  it('answers every route of the server, or lists it with a reason', async () => {
    const gets = new Set(server.routes.filter((r) => r.method === 'GET').map((r) => r.url));
    const keys = new Set<string>();
    for (const { method, url } of server.routes) {
      if (method === 'HEAD' && gets.has(url)) continue; // Fastify's mirror of each GET
      if (method === 'OPTIONS') continue; // CORS preflight
      keys.add(`${method} ${url.startsWith(`${PREFIX}/`) ? url.slice(PREFIX.length) : url}`);
    }
    const unanswered: string[] = [];
    const answeredButListed: string[] = [];
    let answered = 0;
    for (const key of [...keys].sort()) {
      const space = key.indexOf(' ');
      const method = key.slice(0, space);
      const path = concrete(key.slice(space + 1));
      // A fresh demo and a fresh sign-in per route: an earlier call (sign-out, a deleted member)
      // cannot hide a route behind a 401.
      const backend = createDemoBackend({ storage: createMemoryStorage(), delay: () => 0 });
      const login = await backend.handle('POST', '/identity/resources/auth/v1/user', { ...DEMO_ADMIN }, null);
      const token = (login.body as { accessToken: string }).accessToken;
      const answer = await backend.handle(method, path, {}, token);
      const errors = (answer.body as { errors?: unknown })?.errors;
      const known = !(answer.status === 404 && Array.isArray(errors) && errors[0] === 'Not found');
      if (known) answered += 1;
      if (!known && !(key in NOT_IN_DEMO)) unanswered.push(key);
      if (known && key in NOT_IN_DEMO) answeredButListed.push(key);
    }
    const stale = Object.keys(NOT_IN_DEMO).filter((key) => !keys.has(key));
    console.log(
      `demo routes: ${keys.size} server routes, ${answered} answered by the demo, ${Object.keys(NOT_IN_DEMO).length} left out with a reason`,
    );
    assert.deepEqual(
      unanswered,
      [],
      'the demo backend answers none of these: answer them or list them in NOT_IN_DEMO',
    );
    assert.deepEqual(answeredButListed, [], 'the demo answers these: take them out of NOT_IN_DEMO');
    assert.deepEqual(stale, [], 'these NOT_IN_DEMO entries name no server route');
  });

  it("skips the contract's request check only for routes it leaves out", () => {
    // core/demo/backend.ts DEMO_UNSERVED: a route the demo does not answer stays its 404 (not a 400
    // for the body); every one of them must be a NOT_IN_DEMO entry.
    assert.deepEqual(
      [...DEMO_UNSERVED].filter((key) => !(key in NOT_IN_DEMO)),
      [],
      'DEMO_UNSERVED names routes the demo should answer',
    );
  });
});
