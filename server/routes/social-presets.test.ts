/**
 * Built-in social providers (core/domain/social-presets.ts): configured with a key, a client id
 * and a secret only. The authorization address comes from the preset; the post-login calls the
 * preset's token, user-info and emails addresses, answered here by a fake GitHub and a fake
 * Microsoft on a local port (the server's `socialProviderFetch` sends the presets' real hosts
 * there; nothing leaves the machine).
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { ALLOWED_ORIGIN, ME, bearer, startTestServer } from '../../test/support/server';

const CALLBACK = 'http://app.test/account/social/success';
const POSTLOGIN = (key: string) => `/frontegg/identity/resources/auth/v1/user/sso/${key}/postlogin`;

/** Each call the fake received: the preset's host and path, the client authentication and the form. */
interface Hit {
  url: string;
  authorization: string | undefined;
  form: URLSearchParams;
}

let fake: Server;
let port: number;
let server: BuiltServer;
const hits: Hit[] = [];
const issued = new Set<string>();
/** When set, the user-info address answers 500. */
let userInfoDown = false;

const body = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => resolve(text));
  });

/** The fake providers: GitHub (HTTP Basic, /user without an address, /user/emails) and Microsoft (form secret, Graph /me). */
async function answer(req: IncomingMessage, host: string, path: string) {
  const form = new URLSearchParams(await body(req));
  hits.push({ url: `${host}${path}`, authorization: req.headers.authorization, form });
  const token = req.headers.authorization?.replace(/^Bearer /, '');
  if (req.method === 'POST' && /\/(access_token|token)$/.test(path)) {
    if (form.get('code') !== 'good-code' || !form.get('code_verifier'))
      return [400, { error: 'invalid_grant' }];
    const accessToken = `token-${issued.size + 1}`;
    issued.add(accessToken);
    return [200, { access_token: accessToken, token_type: 'bearer', scope: 'x' }];
  }
  if (!token || !issued.has(token)) return [401, { message: 'Bad credentials' }];
  if (userInfoDown) return [500, { message: 'down' }];
  if (`${host}${path}` === 'api.github.com/user')
    return [200, { id: 4242, login: 'octo', name: 'Octo Cat', email: null }];
  if (`${host}${path}` === 'api.github.com/user/emails')
    return [
      200,
      [
        { email: 'octo-old@gh.example', primary: false, verified: false },
        { email: 'octo@gh.example', primary: true, verified: true },
      ],
    ];
  if (`${host}${path}` === 'graph.microsoft.com/v1.0/me')
    return [200, { id: 'ms-77', displayName: 'Mia Graph', mail: null, userPrincipalName: 'mia@ms.example' }];
  return [404, {}];
}

/** The fetch the server uses: the presets' https hosts answered by the local fake. */
const toFake: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const headers = new Headers(init?.headers);
  headers.set('x-preset-host', url.host);
  return fetch(`http://127.0.0.1:${port}${url.pathname}${url.search}`, { ...init, headers });
};

before(async () => {
  fake = createServer((req, res) => {
    const url = new URL(req.url!, 'http://fake');
    void answer(req, String(req.headers['x-preset-host']), url.pathname).then(([status, json]) => {
      res.writeHead(status as number, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  port = (fake.address() as AddressInfo).port;
  server = await startTestServer({
    socialProviderFetch: toFake,
    socialProviders: [
      { key: 'github', clientId: 'gh-client', clientSecret: 'gh-secret', redirectUris: [CALLBACK] },
      { key: 'microsoft', clientId: 'ms-client', clientSecret: 'ms-secret', redirectUris: [CALLBACK] },
    ],
  });
});
after(async () => {
  await server.close();
  await new Promise((resolve) => fake.close(resolve));
});

const postLogin = (key: string, code = 'good-code') =>
  server.app.inject({
    method: 'POST',
    url: `${POSTLOGIN(key)}?${new URLSearchParams({ code, redirectUri: CALLBACK, code_verifier: 'v'.repeat(43) })}`,
    headers: { origin: ALLOWED_ORIGIN },
  });

describe('built-in social providers', () => {
  it("a preset provider's authorization address, name and scopes come from the preset", async () => {
    const list = (await server.app.inject({ url: '/frontegg/identity/resources/sso/v2' })).json() as Array<{
      provider: string;
      displayName: string;
      authorizationUrl: string;
    }>;
    const github = list.find((p) => p.provider === 'github')!;
    assert.equal(github.displayName, 'GitHub');
    const url = new URL(github.authorizationUrl);
    assert.equal(url.origin + url.pathname, 'https://github.com/login/oauth/authorize');
    assert.equal(url.searchParams.get('client_id'), 'gh-client');
    assert.equal(url.searchParams.get('scope'), 'read:user user:email');
    assert.equal(url.searchParams.get('redirect_uri'), CALLBACK);
    const microsoft = new URL(list.find((p) => p.provider === 'microsoft')!.authorizationUrl);
    assert.equal(
      microsoft.origin + microsoft.pathname,
      'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    );
  });

  it("GitHub: the post-login exchanges the code at the preset's token address and signs in the primary verified address of its emails list", async () => {
    hits.length = 0;
    const res = await postLogin('github');
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().email, 'octo@gh.example');
    assert.equal(res.json().name, 'Octo Cat');
    assert.equal(res.json().isNewUser, true);
    assert.deepEqual(
      hits.map((h) => h.url),
      ['github.com/login/oauth/access_token', 'api.github.com/user', 'api.github.com/user/emails'],
    );
    // HTTP Basic client authentication (id and secret form-encoded, RFC 6749 2.3.1), the secret not in the form.
    const basic = Buffer.from(hits[0]!.authorization!.replace(/^Basic /, ''), 'base64').toString();
    assert.deepEqual(basic.split(':').map(decodeURIComponent), ['gh-client', 'gh-secret']);
    assert.equal(hits[0]!.form.get('client_secret'), null);
    const me = (await server.app.inject({ url: ME, headers: bearer(res.json().accessToken) })).json();
    assert.equal(me.provider, 'github');
  });

  it("Microsoft: the secret in the form, the person read from Graph's fields", async () => {
    hits.length = 0;
    const res = await postLogin('microsoft');
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().email, 'mia@ms.example');
    assert.equal(res.json().name, 'Mia Graph');
    assert.deepEqual(
      hits.map((h) => h.url),
      ['login.microsoftonline.com/common/oauth2/v2.0/token', 'graph.microsoft.com/v1.0/me'],
    );
    assert.equal(hits[0]!.form.get('client_secret'), 'ms-secret');
    assert.equal(hits[0]!.authorization, undefined);
  });

  it('a code the provider refuses, or a user-info address that fails: "Failed to authenticate", not a 500', async () => {
    const res = await postLogin('github', 'bad-code');
    assert.equal(res.statusCode, 401);
    assert.deepEqual(res.json().errors, ['Failed to authenticate']);
    userInfoDown = true;
    try {
      const down = await postLogin('github');
      assert.equal(down.statusCode, 401, down.body);
      assert.deepEqual(down.json().errors, ['Failed to authenticate']);
    } finally {
      userInfoDown = false;
    }
  });
});
