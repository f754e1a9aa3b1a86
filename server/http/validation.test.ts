/**
 * Bad input must never produce a 500: garbage posted to every endpoint gets a 4xx with an
 * `errors` list of human-readable strings.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import type { BuiltServer } from '../app';
import { API, LOGIN, LOGOUT, ME, REFRESH, SIGN_UP, startTestServer } from '../../test/support/server';

let server: BuiltServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

function assertClientError(res: LightMyRequestResponse, label: string, status?: number) {
  if (status !== undefined)
    assert.equal(res.statusCode, status, `${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  assert.ok(
    res.statusCode >= 400 && res.statusCode < 500,
    `${label}: got ${res.statusCode} ${res.body.slice(0, 200)}`,
  );
  const body = res.json();
  assert.ok(
    Array.isArray(body.errors) && body.errors.length > 0,
    `${label}: no errors list in ${res.body.slice(0, 200)}`,
  );
  for (const message of body.errors) assert.equal(typeof message, 'string', label);
}

const post = (url: string, payload: string, contentType: string | null = 'application/json') =>
  server.app.inject({
    method: 'POST',
    url,
    payload,
    headers: contentType ? { 'content-type': contentType } : {},
  });

const PRELOGIN = `${API}/auth/v2/user/sso/prelogin`;

/** Endpoints with a JSON body schema, each with a valid body to mutate. */
const bodyEndpoints: Array<{
  url: string;
  valid: Record<string, unknown>;
  fields: Record<string, unknown[]>;
}> = [
  {
    url: LOGIN,
    valid: { email: 'someone@example.com', password: 'whatever-123' },
    fields: {
      email: [
        5,
        true,
        null,
        [],
        {},
        '',
        'not-an-email',
        'a@',
        '@b.co',
        'a b@c.de',
        `${'a'.repeat(250)}@x.io`,
        'nul\u0000@x.io',
      ],
      password: [5, false, null, ['x'], { a: 1 }, '', 'x'.repeat(129)],
      recaptchaToken: [5, {}, 'x'.repeat(4097)],
      invitationToken: [true, [], 'x'.repeat(4097)],
    },
  },
  {
    url: SIGN_UP,
    valid: { email: 'new-person@example.com', password: 'long-enough-1' },
    fields: {
      email: [5, null, '', 'nope', `${'a'.repeat(250)}@x.io`],
      password: [5, null, {}, 'x'.repeat(129)],
      name: [5, {}, '', 'x'.repeat(101), 'nul\u0000byte'],
      companyName: [5, [], 'x'.repeat(101), 'nul\u0000byte'],
      phoneNumber: [5, 'call me maybe', '1'.repeat(33)],
      metadata: [5, true, [1], 'x'.repeat(10_001), '{"a":"\\u0000"}', JSON.stringify(deep(50))],
      invitationToken: [5, 'x'.repeat(4097)],
      recaptchaToken: [{}, 'x'.repeat(4097)],
    },
  },
  {
    url: PRELOGIN,
    valid: { email: 'someone@example.com' },
    fields: { email: [5, null, 'nope', 'x'.repeat(300)], tenantId: [5, {}, 'x'.repeat(101)] },
  },
];

function deep(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = { next: value };
  return value;
}

const invalidJson = [
  '{',
  '{"email":',
  "{'email':'a@b.co'}",
  'undefined',
  '{"a":1}}',
  '\u0000',
  'NaN',
  '{"email":"a@b.co",}',
];
const nonObjects = ['[]', '"x"', '5', 'null', 'true', '[{"email":"a@b.co","password":"x"}]'];
const otherContentTypes: Array<[string, string]> = [
  ['text/plain', '{"email":"a@b.co","password":"x"}'],
  ['application/x-www-form-urlencoded', 'email=a%40b.co&password=x'],
  [
    'multipart/form-data; boundary=x',
    '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.co\r\n--x--',
  ],
  ['application/xml', '<login/>'],
  ['text/html', '<b>hi</b>'],
];

describe('garbage bodies on endpoints with a schema', () => {
  for (const endpoint of bodyEndpoints) {
    describe(endpoint.url, () => {
      it('invalid JSON → 400', async () => {
        for (const payload of invalidJson)
          assertClientError(await post(endpoint.url, payload), JSON.stringify(payload), 400);
      });

      it('JSON that is not an object, or no body at all → 400', async () => {
        for (const payload of nonObjects) assertClientError(await post(endpoint.url, payload), payload, 400);
        assertClientError(await post(endpoint.url, ''), 'empty body', 400);
        assertClientError(
          await server.app.inject({ method: 'POST', url: endpoint.url }),
          'no body, no content type',
          400,
        );
      });

      it('missing required fields → 400 naming the field', async () => {
        const res = await post(endpoint.url, '{}');
        assertClientError(res, '{}', 400);
        assert.match(res.json().errors[0], /is required$/);
        for (const key of Object.keys(endpoint.valid)) {
          const { [key]: _dropped, ...rest } = endpoint.valid;
          assertClientError(await post(endpoint.url, JSON.stringify(rest)), `without ${key}`, 400);
        }
      });

      it('wrong types, bad formats and oversized strings → 400', async () => {
        for (const [field, values] of Object.entries(endpoint.fields)) {
          for (const value of values) {
            const res = await post(endpoint.url, JSON.stringify({ ...endpoint.valid, [field]: value }));
            assertClientError(res, `${field}=${JSON.stringify(value).slice(0, 40)}`, 400);
          }
        }
      });

      it('unknown extra fields → 400', async () => {
        const res = await post(endpoint.url, JSON.stringify({ ...endpoint.valid, isAdmin: true }));
        assertClientError(res, 'extra field', 400);
        assert.deepEqual(res.json().errors, ['Unknown field "isAdmin"']);
      });

      it('prototype poisoning → 400', async () => {
        const base = JSON.stringify(endpoint.valid).slice(1, -1);
        assertClientError(await post(endpoint.url, `{${base},"__proto__":{"admin":true}}`), '__proto__', 400);
        assertClientError(
          await post(endpoint.url, `{${base},"constructor":{"prototype":{"admin":true}}}`),
          'constructor',
          400,
        );
      });

      it('deeply nested JSON → 400', async () => {
        const depth = 100_000;
        assertClientError(
          await post(endpoint.url, `{"email":${'['.repeat(depth)}${']'.repeat(depth)}}`),
          'deep',
          400,
        );
      });

      it('other content types → 415', async () => {
        for (const [type, payload] of otherContentTypes)
          assertClientError(await post(endpoint.url, payload, type), type, 415);
        assertClientError(
          await post(endpoint.url, '{"email":"a@b.co"}', null),
          'body without content type',
          415,
        );
      });

      it('a body over the limit → 413 "Error request is too large"', async () => {
        const res = await post(
          endpoint.url,
          JSON.stringify({ ...endpoint.valid, name: 'x'.repeat(1024 * 1024) }),
        );
        assertClientError(res, 'too large', 413);
        assert.deepEqual(res.json(), {
          errors: ['Error request is too large'],
          errorCodes: ['REQUEST_TOO_LARGE'],
        });
      });
    });
  }
});

describe('garbage on the bodiless endpoints (refresh, logout)', () => {
  for (const url of [REFRESH, LOGOUT]) {
    it(`${url}: bad JSON 400, other types 415, large 413, anything else handled without a 5xx`, async () => {
      for (const payload of invalidJson) assertClientError(await post(url, payload), payload, 400);
      for (const [type, payload] of otherContentTypes)
        assertClientError(await post(url, payload, type), type, 415);
      assertClientError(await post(url, JSON.stringify({ pad: 'x'.repeat(2048) })), 'large', 413);
      for (const payload of ['{}', '[]', 'null', '{"refreshToken":"abc"}', '']) {
        const res = await post(url, payload);
        assert.ok(res.statusCode < 500, `${url} ${payload}: ${res.statusCode}`);
      }
      const badCookie = await server.app.inject({
        method: 'POST',
        url,
        headers: { cookie: 'ae_refresh=%E0%A4%A; ae_refresh=x' },
      });
      assert.ok(badCookie.statusCode < 500);
    });
  }
});

describe('GET endpoints with junk', () => {
  const gets = [
    `${API}/configurations/v1/public`,
    `${API}/users/v1/passwords/config`,
    ME,
    `${API}/users/v2/me/tenants`,
    `${API}/users/v3/me/tenants`,
    '/frontegg/vendors/public',
    '/.well-known/jwks.json',
  ];
  it('junk query strings and headers never produce a 5xx', async () => {
    for (const url of gets) {
      for (const query of ['', '?a=1', '?a[b]=1&a=2', '?%ZZ=1', `?x=${'y'.repeat(5000)}`]) {
        const res = await server.app.inject({
          method: 'GET',
          url: url + query,
          headers: { authorization: 'Bearer junk', cookie: 'ae_refresh=junk' },
        });
        assert.ok(res.statusCode < 500, `${url}${query.slice(0, 20)}: ${res.statusCode}`);
        if (res.statusCode >= 400) assertClientError(res, url);
      }
    }
  });

  it('unknown paths and methods → 404 {"errors":["Not found"]}', async () => {
    for (const [method, url] of [
      ['GET', '/frontegg/nope'],
      ['POST', '/frontegg/identity/resources/users/v2/me'],
      ['DELETE', LOGIN],
      ['GET', '/'],
    ] as const) {
      const res = await server.app.inject({ method, url });
      assert.equal(res.statusCode, 404, `${method} ${url}`);
      assert.deepEqual(res.json(), { errors: ['Not found'], errorCodes: ['NOT_FOUND'] });
    }
  });
});
