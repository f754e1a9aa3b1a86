// Shared by passwordless.test.ts and sign-in-limits.test.ts: one server per test file (with the dev
// outbox), a POST from a chosen IP, a signed-up user, and the 4xx-with-errors check.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { BuiltServer } from '../../server/app';
import { API, SIGN_UP, startTestServer } from './server';

export const PRE = (type: string) => `${API}/auth/v1/passwordless/${type.toLowerCase()}/prelogin`;
export const POST = (type: string) => `${API}/auth/v1/passwordless/${type.toLowerCase()}/postlogin`;
export const PHONE_RESET = `${API}/users/v1/phone/reset`;

/** The test file's server (a live binding: set by the hook `usePasswordlessServer` registers). */
export let server: BuiltServer;

export function usePasswordlessServer(): void {
  before(async () => {
    server = await startTestServer({ devOutbox: true, appUrl: 'https://app.example.com' });
  });
  after(() => server.close());
}

export const post = (url: string, payload: unknown, ip = '10.0.0.1') =>
  server.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip });

export async function newUser(email: string, phone?: string) {
  const res = await post(SIGN_UP, { email, password: 'a-long-password-1', name: 'Passwordless Tester' });
  assert.equal(res.statusCode, 200, res.body);
  if (phone) await server.db.query('UPDATE users SET phone = $2 WHERE lower(email) = $1', [email, phone]);
  return res.json().userId as string;
}

export function assertErrors(
  res: { statusCode: number; json(): { errors?: unknown } },
  status: number,
  message?: string,
) {
  assert.equal(res.statusCode, status);
  const errors = res.json().errors;
  assert.ok(Array.isArray(errors) && errors.length > 0, 'an errors list');
  if (message) assert.deepEqual(errors, [message]);
}
