/**
 * The contract's request schemas (the route table, core/contract/routes) are the server's: each names a route
 * the server registers, and the route validates with that very schema (a route that declared its
 * own would keep it: server/http/openapi.ts). The demo backend checks the same schemas
 * (core/contract/checkRequest.ts), so both refuse a request with the same message.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { clientRequestBody, requestErrors, requestSchemaOf } from '../../core/contract/checkRequest';
import { routeOf, ROUTES } from '../../core/contract/routes';
import { DOCUMENTED_BODIES } from './responses';
import { startTestServer } from '../../test/support/server';

/**
 * The routes that still declare their own body or query schema in their files, and why. Any other
 * route that reads a body or a query takes its schema from the contract (core/contract/routes).
 */
const STILL_INLINE: Array<[RegExp, string]> = [
  [
    /^POST \/identity\/resources\/auth\/v1\/sso\/saml\/:key\/acs$/,
    "SAML's assertion consumer service (server/routes/saml.ts): the identity provider's form post (SAML POST binding, form-encoded), not a call of the client SDK's JSON contract; the demo has no identity provider to post to it",
  ],
  [
    / \/scim\/v2\//,
    'SCIM 2.0 (server/routes/scim.ts): RFC 7644, not the client SDK contract; answered with SCIM error bodies, and the demo has no SCIM endpoint',
  ],
];

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
    for (const { method, path, request: expected } of ROUTES) {
      if (!expected) continue;
      const key = `${method} ${path}`;
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

  it('counts the routes validated with the contract and lists those that declare their own schema', (t) => {
    const routes = server.routes.filter((r) => r.method !== 'HEAD');
    let contract = 0;
    const inline: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.url.replace(/^\/frontegg(?=\/)/, '')}`;
      const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown };
      const descriptor = routeOf(route.method, key.slice(key.indexOf(' ') + 1));
      const shared = descriptor?.request;
      // A documented body of a call that reads none (NO_BODY: server/http/responses): nothing to move.
      const documented = descriptor && DOCUMENTED_BODIES.get(descriptor);
      const own =
        (schema.body !== undefined && schema.body !== shared?.body && schema.body !== documented) ||
        (schema.querystring !== undefined && schema.querystring !== shared?.querystring);
      if (own) inline.push(key);
      else if (shared?.body !== undefined || shared?.querystring !== undefined) contract++;
    }
    t.diagnostic(
      `${routes.length} routes: ${contract} validate with the contract's request schemas, ${inline.length} declare their own`,
    );
    for (const key of inline)
      t.diagnostic(`  ${key}: ${STILL_INLINE.find(([pattern]) => pattern.test(key))?.[1] ?? 'no reason'}`);
    const unexplained = inline.filter((key) => !STILL_INLINE.some(([pattern]) => pattern.test(key)));
    assert.deepEqual(unexplained, [], 'routes with an inline request schema and no reason in STILL_INLINE');
  });

  it("finds each route's own schema for its requests, as the server's router does (a fixed segment over a parameter)", () => {
    const taken: string[] = [];
    for (const route of server.routes) {
      const key = `${route.method} ${route.url.replace(/^\/frontegg(?=\/)/, '')}`;
      const path = key.slice(key.indexOf(' ') + 1).replace(/:[A-Za-z0-9_]+/g, 'some-id');
      const own = routeOf(route.method, key.slice(key.indexOf(' ') + 1))?.request;
      if (own && requestSchemaOf(route.method, path) !== own) taken.push(key);
    }
    assert.deepEqual(taken, [], "requests to these routes would be checked with another route's schema");
  });

  it('answers a refused body with the message the demo backend gives', async () => {
    const INTEGRATIONS = '/integrations/resources/configurations';
    const BILLING = '/subscriptions/resources/billing';
    const uuid = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
    const cases: Array<[string, string, Record<string, unknown> | undefined, Record<string, string>?]> = [
      ['POST', '/identity/resources/auth/v1/user', { email: 'someone@example.com' }],
      ['POST', '/identity/resources/auth/v1/user', { email: 'not an email', password: 'x' }],
      ['POST', '/identity/resources/users/v1/signUp', { email: 'a@b.co', password: 'p'.repeat(129) }],
      ['POST', '/identity/resources/users/v1/passwords/reset', { email: 'a@b.co', extra: 1 }],
      ['POST', '/identity/resources/auth/v1/passwordless/code/prelogin', { email: 5 }],
      ['POST', '/identity/resources/impersonation/v1', {}],
      // Connectivity, billing and feature flags (core/contract/requests-{connectivity,billing,flags}.ts).
      ['POST', '/webhook/custom', { displayName: 'Orders', url: 'https://a.example', eventKeys: [] }],
      ['PATCH', `/webhook/${uuid}`, { displayName: '', url: 'x', eventKeys: [], isActive: true }],
      ['POST', '/webhook/test', { url: 'https://a.example', secret: 5 }],
      ['GET', '/webhook/logs/', undefined, { id: uuid, limit: '500' }],
      ['GET', '/event/resources/configurations/v1', undefined, { channel: 'webhook' }],
      ['PATCH', `${INTEGRATIONS}/v1/emails/user.signedUp`, { enabled: 'yes' }],
      ['PUT', `${INTEGRATIONS}/v2/sms/user.signedUp/subscriptions/${uuid}`, { enabled: true }],
      ['POST', `${INTEGRATIONS}/v1/slack/channels`, { name: '#alerts' }],
      [
        'PATCH',
        `${INTEGRATIONS}/v1/slack/subscription/${uuid}`,
        { isActive: true, slackEvents: [{ eventKey: 'user.signedIn', channelIds: 'all' }] },
      ],
      ['PUT', `${BILLING}/subscriptions/v1/${uuid}`, { planId: '' }],
      ['PUT', `/subscriptions/resources/subscriptions/v1/${uuid}`, { paymentMethodId: 'pm' }],
      ['GET', `${BILLING}/invoices/v1/${uuid}/pdf`, undefined, { outputFileName: 'x'.repeat(101) }],
      ['PATCH', `${BILLING}/payment-methods/v1/${uuid}/billing-details`, { email: 'not an email' }],
      ['POST', `${BILLING}/tenant-configurations/v1`, { tenantId: uuid, providerType: 'Paypal' }],
      ['POST', `${BILLING}/payment-providers/stripe/subscriptions/v1`, {}],
      [
        'POST',
        `${BILLING}/payment-providers/development/setup-intents/v1/seti_1/confirm`,
        { clientSecret: 's', number: '4242424242424242', expMonth: '12', expYear: 2030, cvc: '123' },
      ],
      ['POST', '/flags/api/v1/evaluate', { keys: 'fe-roles-page' }],
      ['POST', '/flags/api/v1/evaluate', { context: { anonymous: true, plan: 'pro' } }],
      // OIDC and SAML sign-in (core/contract/requests-sso-signin.ts).
      ['POST', '/identity/resources/auth/v1/user/oidc/postlogin', { code: 'c', state: 's' }],
      [
        'POST',
        '/identity/resources/auth/v2/user/oidc/postlogin',
        { code: 'c', redirectUri: 'r', RelayState: '' },
      ],
      ['POST', '/identity/resources/auth/v1/user/saml/postlogin', { SAMLResponse: 'x' }],
      // WebAuthn, in the client SDK's spelling (core/contract/requests-webauthn.ts clientWebAuthnBody first).
      ['POST', '/identity/resources/users/webauthn/v1/devices', { deviceType: 'Roaming' }],
      ['POST', '/identity/resources/users/webauthn/v1/devices/verify', { id: 'abc', response: {} }],
      [
        'POST',
        '/identity/resources/auth/v1/webauthn/postlogin',
        { id: 'abc', response: { clientDataJSON: 'YQ' } },
      ],
      ['POST', '/identity/resources/auth/v1/user/mfa/webauthn/enroll', { deviceType: 'Platform' }],
      [
        'POST',
        `/identity/resources/users/v1/mfa/webauthn/${uuid}/disable/verify`,
        { webauthnToken: 't', options: { id: 'abc', response: { clientDataJSON: 'YQ' }, extra: 1 } },
      ],
    ];
    for (const [method, path, body, query = {}] of cases) {
      const res = await server.app.inject({
        method: method as 'POST',
        url: `/frontegg${path}`,
        query,
        ...(body === undefined ? {} : { payload: body }),
        headers: { origin: 'http://localhost' },
      });
      const label = `${method} ${path} ${JSON.stringify(body ?? query)}`;
      assert.equal(res.statusCode, 400, `${label}: ${res.body}`);
      assert.deepEqual(
        (res.json() as { errors: string[] }).errors,
        requestErrors(method, path, { body: clientRequestBody(method, path, body), query }),
        label,
      );
    }
  });
});
