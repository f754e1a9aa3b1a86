// The real client SDK (@frontegg/rest-api 3.1.18, MIT) drives the reference server over HTTP for the
// sign-in calls of issue 13: passwordless (lower-case paths, `{ token }`), password change, phone
// add and verify, the public sign-in configuration, social providers v1 and v2 (authenticated),
// public account settings, and hosted login's /frontegg/oauth/* paths. Node's fetch has no cookie
// jar: a small one (paths ignored) stands in for the browser's around the SDK's global fetch.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { latestCode, latestLink } from '../../test/support/account';
import { ALLOWED_ORIGIN, startTestServer } from '../../test/support/server';

const require = createRequire(import.meta.url);
const sdk = require('@frontegg/rest-api') as typeof import('@frontegg/rest-api');
const { api, ContextHolder } = sdk;

let server: BuiltServer;
let origin: string;
const realFetch = globalThis.fetch;
const jar = new Map<string, string>();

before(async () => {
  server = await startTestServer({
    devOutbox: true,
    appUrl: ALLOWED_ORIGIN,
    oauthClients: [
      { clientId: 'sdk-app', name: 'SDK app', redirectUris: [`${ALLOWED_ORIGIN}/oauth/callback`] },
    ],
  });
  origin = await server.app.listen({ port: 0, host: '127.0.0.1' });
  ContextHolder.setContext({ baseUrl: origin, urlPrefix: 'frontegg', requestCredentials: 'include' });
  // The browser: cookies kept and sent, the page's Origin on calls that change something.
  globalThis.fetch = async (input, init = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    if ((init.method ?? 'GET') !== 'GET') headers.set('origin', ALLOWED_ORIGIN);
    const response = await realFetch(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = pair!.split('=');
      if (value) jar.set(name!, value);
      else jar.delete(name!);
    }
    return response;
  };
});
after(async () => {
  globalThis.fetch = realFetch;
  await server.close();
});

async function signUp(email: string, password = 'first-password-1') {
  const res = await realFetch(`${origin}/frontegg/identity/resources/users/v1/signUp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  assert.equal(res.status, 200);
}

describe('the client SDK against the reference server: sign-in (issue 13)', () => {
  it('reads the public sign-in configuration', async () => {
    assert.deepEqual(await api.auth.getVendorPublicAuthStrategiesConfig(), {
      // Every local sign-in method, the public policy's authStrategy first (core/domain/sign-in-methods.ts).
      mainAuthStrategies: ['EmailAndPassword', 'MagicLink', 'Code', 'SmsCode'].map((strategy) => ({
        strategy,
      })),
      secondaryAuthStrategies: [{ strategy: 'Passkeys', isActive: false }],
    });
    assert.equal((await api.auth.getPasswordConfigPolicy()).minLength, 8);
    assert.deepEqual(await api.auth.getCaptchaPolicy(), { enabled: false });
    assert.deepEqual(await api.auth.getSSOPublicConfiguration(), { isActive: true });
    assert.deepEqual(await api.auth.getSocialLoginProviders(), []);
  });

  it('passwordless code with `{ token }` alone (the email is the pre-login cookie), then magic link', async () => {
    await signUp('sdk-code@example.com');
    jar.clear();
    await api.auth.passwordlessPreLogin({ type: sdk.AuthStrategyEnum.Code, email: 'sdk-code@example.com' });
    const code = await latestCode(server.app, 'sdk-code@example.com');
    const signedIn = await api.auth.passwordlessPostLogin({ type: sdk.AuthStrategyEnum.Code, token: code });
    assert.ok(signedIn.accessToken);
    assert.ok(jar.has('ae_refresh'));

    jar.clear();
    await api.auth.passwordlessPreLogin({
      type: sdk.AuthStrategyEnum.MagicLink,
      email: 'sdk-code@example.com',
    });
    const token = (await latestLink(server.app, 'sdk-code@example.com')).searchParams.get('token')!;
    const linked = await api.auth.passwordlessPostLogin({ type: sdk.AuthStrategyEnum.MagicLink, token });
    assert.ok(linked.accessToken);
  });

  it('signed in: password change, phone add and verify, social providers v2, public account settings', async () => {
    await signUp('sdk-user@example.com');
    jar.clear();
    const login = await api.auth.login({ email: 'sdk-user@example.com', password: 'first-password-1' });
    assert.ok(login.accessToken);
    ContextHolder.setAccessToken(login.accessToken);

    await assert.rejects(
      api.teams.changePassword({ password: 'not-the-password', newPassword: 'second-password-2' }),
      (error: { message: string; statusCode: number }) =>
        error.statusCode === 400 && /current password is incorrect/.test(error.message),
    );
    await api.teams.changePassword({ password: 'first-password-1', newPassword: 'second-password-2' });

    const { changePhoneId } = await api.auth.changePhoneNumberWithVerification({
      phoneNumber: '+15550109876',
    });
    const code = await latestCode(server.app, '+15550109876');
    await api.auth.verifyChangePhoneNumber({ changePhoneId, code });
    assert.equal((await api.auth.getMeV2()).phoneNumber, '+15550109876');

    assert.deepEqual(await api.auth.getSocialLoginProvidersV2ForAuthenticatedUser(), []);
    const settings = await api.accountSettings.getPublicSettings();
    assert.equal(settings.tenantId, (await api.auth.getMeV2()).tenantId);
  });

  it('hosted login: the silent authorize at /frontegg/oauth/authorize/silent without a body, and logout', async () => {
    jar.clear();
    await api.auth.login({ email: 'sdk-user@example.com', password: 'second-password-2' });
    // The SDK's own call: POST /frontegg/oauth/authorize/silent, no body (the client is the Origin's).
    const silent = await sdk.fetch.Post('/oauth/authorize/silent');
    assert.equal(silent.token_type, 'Bearer');
    assert.ok(silent.access_token && silent.id_token);
    // OAuthLogout: GET /frontegg/oauth/logout ends the browser session.
    await api.auth.OAuthLogout({});
    await assert.rejects(sdk.fetch.Post('/oauth/authorize/silent'), (error: { statusCode: number }) => {
      return error.statusCode === 401;
    });
  });
});
