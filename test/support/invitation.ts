// Shared by invitations.test.ts and invite-links.test.ts: one server per test file (dev outbox, an
// app URL for the links), the seeded admin's token, the role ids by key, and small call helpers.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { BuiltServer } from '../../server/app';
import { API, bearer, login, startTestServer } from './server';

export const INVITE = `${API}/users/v2`;
export const V3 = `${API}/users/v3`;

/** Live bindings, set by the hooks `useInvitationServer` registers. */
export let server: BuiltServer;
export let admin: string;
export let roles: Record<string, string>;

export function useInvitationServer(): void {
  before(async () => {
    server = await startTestServer({ devOutbox: true, appUrl: 'https://app.example.com' });
    admin = (await login(server.app)).accessToken;
    const res = await server.app.inject({ method: 'GET', url: `${API}/roles/v1`, headers: bearer(admin) });
    roles = Object.fromEntries(res.json().map((r: { key: string; id: string }) => [r.key, r.id]));
  });
  after(() => server.close());
}

export const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  token: string | null = admin,
) =>
  server.app.inject({
    method,
    url,
    ...(payload !== undefined ? { payload: payload as object } : {}),
    headers: token ? bearer(token) : {},
  });
export const invite = (payload: unknown, token: string | null = admin) =>
  call('POST', INVITE, payload, token);

/** The users-v3 row of `email` in the admin's account. */
export async function member(email: string) {
  const res = await call('GET', `${V3}?_email=${encodeURIComponent(email)}`);
  assert.equal(res.statusCode, 200, res.body);
  return res.json().items[0];
}
