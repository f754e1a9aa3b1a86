import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveOptions, type ContextOptions } from '../config/options';
import { ApiError, errorMessage, isApiError, SERVER_ERROR_TEXTS } from './errors';
import { createHttpClient, type Transport } from './http';
import { createLogger } from './logger';

interface Seen {
  url: string;
  init: RequestInit;
  headers: Record<string, string>;
}

function harness(
  answer: () => Response | Promise<Response>,
  contextOptions: ContextOptions = {},
  token?: string,
) {
  const seen: Seen[] = [];
  const navigations: string[] = [];
  const logs: Array<[string, string]> = [];
  const sink = {
    debug: (...a: unknown[]) => logs.push(['debug', a.join(' ')]),
    info: (...a: unknown[]) => logs.push(['info', a.join(' ')]),
    warn: (...a: unknown[]) => logs.push(['warn', a.join(' ')]),
    error: (...a: unknown[]) => logs.push(['error', a.join(' ')]),
  };
  const options = resolveOptions({ baseUrl: 'https://auth.example.com', ...contextOptions });
  const transport: Transport = async (url, init) => {
    seen.push({ url, init, headers: init.headers as Record<string, string> });
    return answer();
  };
  const client = createHttpClient({
    options,
    requestSource: 'login-box',
    getAccessToken: () => token,
    transport,
    logger: createLogger(options.logLevel, sink),
    navigate: (url) => navigations.push(url),
  });
  return { client, seen, navigations, logs };
}

const json = (body: unknown, status = 200, statusText = 'OK') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });

test('the base URL, the default prefix and the path make the URL; empty query values are skipped', async () => {
  const h = harness(() => json({}));
  await h.client.get('/identity/resources/users/v2/me', { query: { a: 1, b: undefined, c: null, d: 'x y' } });
  assert.equal(h.seen[0]!.url, 'https://auth.example.com/frontegg/identity/resources/users/v2/me?a=1&d=x+y');
});

test('a configured prefix replaces the default', async () => {
  const h = harness(() => json({}), { urlPrefix: 'auth' });
  await h.client.get('/x');
  assert.equal(h.seen[0]!.url, 'https://auth.example.com/auth/x');
});

test('bearer token, content type, request source, SDK and framework headers', async () => {
  const h = harness(() => json({}), {}, 'tok123');
  await h.client.get('/x');
  const headers = h.seen[0]!.headers;
  assert.equal(headers.authorization, 'Bearer tok123');
  assert.equal(headers['content-type'], 'application/json');
  assert.equal(headers['frontegg-source'], 'login-box');
  assert.equal(headers['x-frontegg-sdk'], 'auth-elements@6.138.0');
  assert.equal(headers['x-frontegg-framework'], 'vanillajs');
  assert.equal(headers['frontegg-login-alias'], undefined);
});

test('no token, no authorization header', async () => {
  const h = harness(() => json({}));
  await h.client.get('/x');
  assert.equal(h.seen[0]!.headers.authorization, undefined);
});

test('the token resolver wins over the stored token; the tenant alias becomes the login-alias header', async () => {
  const h = harness(
    () => json({}),
    { tokenResolver: async () => 'from-host', tenantResolver: () => 'acme' },
    'stored',
  );
  await h.client.get('/x');
  assert.equal(h.seen[0]!.headers.authorization, 'Bearer from-host');
  assert.equal(h.seen[0]!.headers['frontegg-login-alias'], 'acme');
});

test("without a tenant resolver, the page's ?loginAlias= becomes the login-alias header; the host's resolver wins", async () => {
  const page = globalThis as { location?: unknown };
  const before = page.location;
  page.location = { search: '?next=%2Fx&loginAlias=acme-co' };
  try {
    const h = harness(() => json({}));
    await h.client.get('/x');
    assert.equal(h.seen[0]!.headers['frontegg-login-alias'], 'acme-co');
    const host = harness(() => json({}), { tenantResolver: () => 'from-host' });
    await host.client.get('/x');
    assert.equal(host.seen[0]!.headers['frontegg-login-alias'], 'from-host');
    page.location = { search: '?loginAlias=' };
    const empty = harness(() => json({}));
    await empty.client.get('/x');
    assert.equal(empty.seen[0]!.headers['frontegg-login-alias'], undefined);
  } finally {
    page.location = before;
  }
});

test('credentials default to same-origin, follow the option, and can be set per request', async () => {
  const a = harness(() => json({}));
  await a.client.get('/x');
  await a.client.post('/y', undefined, { credentials: 'include' });
  assert.equal(a.seen[0]!.init.credentials, 'same-origin');
  assert.equal(a.seen[1]!.init.credentials, 'include');
  const b = harness(() => json({}), { requestCredentials: 'omit' });
  await b.client.get('/x');
  assert.equal(b.seen[0]!.init.credentials, 'omit');
});

test('a POST with no body sends no body (token refresh)', async () => {
  const h = harness(() => json({ accessToken: 'a' }));
  await h.client.post('/identity/resources/auth/v1/user/token/refresh');
  assert.equal(h.seen[0]!.init.method, 'POST');
  assert.equal(h.seen[0]!.init.body, undefined);
});

test('a JSON body is serialised', async () => {
  const h = harness(() => json({ ok: true }));
  const answer = await h.client.post<{ ok: boolean }>('/x', { email: 'a@b.c' });
  assert.equal(h.seen[0]!.init.body, '{"email":"a@b.c"}');
  assert.deepEqual(answer, { ok: true });
});

const successRows: Array<[string, () => Response]> = [
  ['an empty success body', () => new Response('', { status: 200 })],
  ['a 204', () => new Response(null, { status: 204 })],
  ['a success body that is not JSON', () => new Response('OK', { status: 200 })],
];
for (const [name, answer] of successRows) {
  test(`${name} counts as an empty object`, async () => {
    assert.deepEqual(await harness(answer).client.get('/x'), {});
  });
}

test('a 302 navigates to the returned address', async () => {
  const h = harness(() => new Response('https://idp.example.com/sso?x=1', { status: 302 }));
  assert.deepEqual(await h.client.get('/x'), {});
  assert.deepEqual(h.navigations, ['https://idp.example.com/sso?x=1']);
});

test('a 302 with a Location header navigates there', async () => {
  const h = harness(
    () => new Response('', { status: 302, headers: { location: 'https://elsewhere.example.com/' } }),
  );
  await h.client.get('/x');
  assert.deepEqual(h.navigations, ['https://elsewhere.example.com/']);
});

const failureRows: Array<[string, () => Response, string, number]> = [
  ['413', () => json({ errors: ['too big'] }, 413, 'Payload Too Large'), 'Error request is too large', 413],
  [
    'an errors list',
    () => json({ errors: ['Email is invalid', 'Password is required'] }, 400, 'Bad Request'),
    'Email is invalid, Password is required',
    400,
  ],
  ['a JSON string body', () => json('User is locked', 403, 'Forbidden'), 'User is locked', 403],
  [
    'a JSON body without errors',
    () => json({ message: 'x' }, 404, 'Not Found'),
    'Error 404 - Not Found',
    404,
  ],
  [
    'an unparseable body',
    () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    "We're facing some difficulties, Please try again",
    502,
  ],
  [
    'a body that is not valid JSON although it starts like JSON',
    () => new Response('{"errors": [', { status: 400, statusText: 'Bad Request' }),
    "We're facing some difficulties, Please try again",
    400,
  ],
  // An empty body is not an unparseable one: there is nothing to parse, so the status message shows.
  [
    'an empty error body',
    () => new Response('', { status: 500, statusText: 'Internal Server Error' }),
    'Error 500 - Internal Server Error',
    500,
  ],
  [
    'no error body at all',
    () => new Response(null, { status: 503, statusText: 'Service Unavailable' }),
    'Error 503 - Service Unavailable',
    503,
  ],
  [
    'a blank error body',
    () => new Response(' \n', { status: 404, statusText: 'Not Found' }),
    'Error 404 - Not Found',
    404,
  ],
];
for (const [name, answer, message, status] of failureRows) {
  test(`failure: ${name} gives "${message}" with status ${status}`, async () => {
    const h = harness(answer);
    await assert.rejects(h.client.get('/x'), (error: unknown) => {
      assert.ok(isApiError(error));
      assert.equal(error.message, message);
      assert.equal(error.status, status);
      return true;
    });
  });
}

test('the display helper shows a status-coded error message, else the generic message', () => {
  assert.equal(errorMessage(new ApiError('Incorrect email or password', 401)), 'Incorrect email or password');
  assert.equal(
    errorMessage(new TypeError('Failed to fetch')),
    "We're facing some difficulties, Please try again",
  );
  assert.equal(errorMessage('boom'), "We're facing some difficulties, Please try again");
  // an error from another bundle's copy of the class is recognised by its kind
  assert.equal(
    errorMessage({ kind: 'ApiError', status: 400, message: 'from another bundle' }),
    'from another bundle',
  );
});

test('logging: 4xx is silent at the default level error and warned at level warn; 5xx is logged as error', async () => {
  const quiet = harness(() => json({ errors: ['no'] }, 400, 'Bad Request'));
  await quiet.client.get('/x').catch(() => {});
  assert.deepEqual(quiet.logs, []);

  const chatty = harness(() => json({ errors: ['no'] }, 400, 'Bad Request'), { logLevel: 'warn' });
  await chatty.client.get('/x').catch(() => {});
  assert.equal(chatty.logs.filter(([level]) => level === 'warn').length, 1);

  const broken = harness(() => json({ errors: ['down'] }, 500, 'Internal Server Error'));
  await broken.client.get('/x').catch(() => {});
  assert.equal(broken.logs.filter(([level]) => level === 'error').length, 1);
});

test("an expected 'nothing there' status (no session, no SSO for the email) still rejects but is logged at debug only", async () => {
  const { client, logs } = harness(() => json({ errors: ['Unauthorized'] }, 401, 'Unauthorized'), {
    logLevel: 'debug',
  });
  await assert.rejects(client.post('/x', undefined, { expected: [401] }), { status: 401 });
  assert.deepEqual(
    logs.filter(([level]) => level !== 'debug'),
    [],
  );
  await assert.rejects(client.post('/x', undefined, { expected: [404] }), { status: 401 });
  assert.equal(logs.filter(([level]) => level === 'warn').length, 1);
});

test('a network failure rejects with the transport error, shown as the generic message', async () => {
  const h = harness(() => {
    throw new TypeError('Failed to fetch');
  });
  await assert.rejects(
    h.client.get('/x'),
    (error: unknown) => errorMessage(error) === "We're facing some difficulties, Please try again",
  );
});

test('a call the browser blocks (CORS) or cannot complete tells the integrator what to check, once per app; the user still gets the generic message', async (t) => {
  const warn = t.mock.method(console, 'warn', () => {});
  const h = harness(() => {
    throw new TypeError('Failed to fetch');
  });
  await assert.rejects(
    h.client.post('/identity/resources/auth/v1/user/sso/prelogin', {}),
    (error: unknown) => {
      return errorMessage(error) === "We're facing some difficulties, Please try again";
    },
  );
  await assert.rejects(h.client.withRequestSource('admin-portal').get('/x'));
  assert.equal(warn.mock.callCount(), 1);
  const said = String(warn.mock.calls[0]!.arguments[0]);
  assert.match(
    said,
    /blocked or could not complete POST https:\/\/auth\.example\.com\/frontegg\/identity\/resources\/auth\/v1\/user\/sso\/prelogin/,
  );
  assert.match(said, /CORS_ORIGINS/);
  assert.match(said, /allowed origins/);
  // Another app is told too; an answer with an error status is no network failure.
  await assert.rejects(
    harness(() => {
      throw new TypeError('Failed to fetch');
    }).client.get('/x'),
  );
  await assert.rejects(harness(() => json({ errors: ['Nope'] }, 400)).client.get('/x'));
  assert.equal(warn.mock.callCount(), 2);
});

test('a backend whose CORS refuses the optional Prefer header: the call is made again without it, and the app sends it no more', async (t) => {
  const warn = t.mock.method(console, 'warn', () => {});
  const h = harness(() => json({ accessToken: 'a' }));
  let refusals = 0;
  const strict: Transport = async (url, init) => {
    const headers = init.headers as Record<string, string>;
    h.seen.push({ url, init, headers });
    if ('prefer' in headers) {
      refusals += 1;
      throw new TypeError('Failed to fetch');
    }
    return json({ accessToken: 'a' });
  };
  const options = resolveOptions({ baseUrl: 'https://auth.example.com' });
  const client = createHttpClient({
    options,
    requestSource: 'login-box',
    getAccessToken: () => undefined,
    transport: strict,
    logger: createLogger('silent'),
    navigate: () => {},
  });
  const quiet = { headers: { prefer: 'quiet-absence' } };
  assert.deepEqual(await client.post('/identity/resources/auth/v1/user/token/refresh', undefined, quiet), {
    accessToken: 'a',
  });
  assert.deepEqual(await client.post('/identity/resources/auth/v2/user/sso/prelogin', {}, quiet), {
    accessToken: 'a',
  });
  assert.equal(refusals, 1, 'asked once with the header, then never again');
  assert.deepEqual(
    h.seen.map((s) => 'prefer' in s.headers),
    [true, false, false],
  );
  assert.equal(warn.mock.callCount(), 0, 'no CORS warning: the call went through');
});

test('an error keeps the codes of its messages (errorCodes), and a host text by code replaces its message', async () => {
  const h = harness(() =>
    json(
      {
        errors: ['Email is required', 'Password is required'],
        errorCodes: ['EMAIL_REQUIRED', 'PASSWORD_REQUIRED'],
      },
      400,
      'Bad Request',
    ),
  );
  const error = await h.client.post('/x', {}).catch((e: unknown) => e);
  assert.ok(isApiError(error));
  assert.equal(error.message, 'Email is required, Password is required');
  assert.equal(error.code, 'EMAIL_REQUIRED');
  assert.deepEqual(error.codes, ['EMAIL_REQUIRED', 'PASSWORD_REQUIRED']);
  assert.deepEqual(error.messages, ['Email is required', 'Password is required']);
  SERVER_ERROR_TEXTS.PASSWORD_REQUIRED = 'Mot de passe requis';
  SERVER_ERROR_TEXTS.EMAIL_REQUIRED = (message) => `[${message}]`;
  try {
    assert.equal(errorMessage(error), '[Email is required], Mot de passe requis');
  } finally {
    delete SERVER_ERROR_TEXTS.PASSWORD_REQUIRED;
    delete SERVER_ERROR_TEXTS.EMAIL_REQUIRED;
  }
  assert.equal(errorMessage(error), 'Email is required, Password is required');
  // A backend without codes (or with a list of another length): no codes, the message as sent.
  const old = harness(() => json({ errors: ['no'], errorCodes: ['A', 'B'] }, 400, 'Bad Request'));
  const plain = await old.client.get('/x').catch((e: unknown) => e);
  assert.ok(isApiError(plain));
  assert.equal(plain.code, undefined);
  assert.equal(errorMessage(plain), 'no');
});
