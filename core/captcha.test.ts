import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Transport } from './api/http';
import { captchaTransport } from './captcha';

const BASE = 'https://auth.example.com/frontegg';

/** A transport that answers the captcha policy with `enabled` and records every other request. */
function fakeServer(enabled: boolean | 'fails') {
  const seen: Array<{ url: string; body: unknown }> = [];
  const transport: Transport = async (url, init) => {
    if (url.endsWith('/captcha-policy/public')) {
      if (enabled === 'fails') return new Response('{}', { status: 500 });
      return Response.json({ enabled, siteKey: 'site' });
    }
    seen.push({ url, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
    return Response.json({});
  };
  return { transport, seen };
}
const provider = (actions: string[]) => ({
  getToken: async (action: string) => {
    actions.push(action);
    return `token-${action}`;
  },
});
const post = (body: object): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });

describe('the captcha hook (HostSettings.captchaProvider)', () => {
  it('adds a fresh token, with its action, to each guarded request while the policy is on', async () => {
    const { transport, seen } = fakeServer(true);
    const actions: string[] = [];
    const send = (path: string, body: object) =>
      captchaTransport(transport, provider(actions), `${BASE}${path}`, post(body));
    await send('/identity/resources/auth/v1/user', { email: 'a@example.com', password: 'x' });
    await send('/identity/resources/auth/v1/passwordless/code/prelogin', { email: 'a@example.com' });
    await send('/identity/resources/users/v1/signUp', { email: 'a@example.com', password: 'x' });
    await send('/identity/resources/users/v1/passwords/reset', { email: 'a@example.com' });
    await send('/identity/resources/auth/v1/user/token/refresh', {});
    assert.deepEqual(actions, ['login', 'passwordless', 'signup', 'reset_password']);
    assert.deepEqual(
      seen.map((s) => (s.body as { recaptchaToken?: string }).recaptchaToken),
      ['token-login', 'token-passwordless', 'token-signup', 'token-reset_password', undefined],
    );
  });

  it('asks for nothing while the policy is off or unreadable', async () => {
    for (const enabled of [false, 'fails'] as const) {
      const { transport, seen } = fakeServer(enabled);
      const actions: string[] = [];
      await captchaTransport(
        transport,
        provider(actions),
        `${BASE}/identity/resources/auth/v1/user`,
        post({ email: 'a@example.com', password: 'x' }),
      );
      assert.deepEqual(actions, []);
      assert.deepEqual(seen[0]!.body, { email: 'a@example.com', password: 'x' });
    }
  });
});
