/**
 * Helpers for the federated sign-in MFA tests (social.test.ts, sso.test.ts; not a test file): enrol
 * an authenticator app from a session, answer the login MFA step with a real TOTP, read the tenant a
 * session opened in.
 */
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { API, bearer, refreshCookieOf } from './server';

export const AUTH_MFA = `${API}/auth/v1/user/mfa`;
const ACCOUNT_MFA = `${API}/users/v1/mfa`;

/** A TOTP of a later time step than any code given so far (the server refuses a replayed step). */
export function totp(secret: string, offsetSteps = 1): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * offsetSteps });
}

/** Enrols an authenticator app for the signed-in user (account side); its secret. */
export async function enrolAuthenticator(app: FastifyInstance, accessToken: string): Promise<string> {
  const enrol = await app.inject({
    method: 'POST',
    url: `${ACCOUNT_MFA}/enroll`,
    headers: bearer(accessToken),
  });
  assert.equal(enrol.statusCode, 200, enrol.body);
  const { secret } = enrol.json();
  const verified = await app.inject({
    method: 'POST',
    url: `${ACCOUNT_MFA}/enroll/verify`,
    headers: bearer(accessToken),
    payload: { token: await generate({ secret }) },
  });
  assert.equal(verified.statusCode, 200, verified.body);
  return secret;
}

/** The claims of an access token (unverified: the test only reads what the server put there). */
export function claimsOf(accessToken: string): { sub: string; tenantId: string; email: string } {
  return JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8'));
}

/** What every MFA-required answer is: exactly the fields of the MFA gate, no token, no cookie. */
export function assertMfaRequired(
  res: Awaited<ReturnType<FastifyInstance['inject']>>,
  expect: { enrolled: boolean; email: string },
) {
  assert.equal(res.statusCode, 200, res.body);
  const body = res.json();
  assert.equal(body.mfaRequired, true);
  assert.equal(body.mfaEnrolled, expect.enrolled);
  assert.equal(body.email, expect.email);
  assert.ok(typeof body.mfaToken === 'string' && body.mfaToken.length > 20);
  assert.ok(Array.isArray(body.mfaStrategies) && body.mfaStrategies.length > 0);
  assert.ok(body.mfaDevices && Array.isArray(body.mfaDevices.authenticators));
  assert.equal(body.accessToken, undefined);
  assert.equal(body.userId, undefined, 'no ids before the second factor');
  assert.equal(body.tenantId, undefined);
  assert.equal(refreshCookieOf(res), undefined, 'no session cookie before the second factor');
  return body as {
    mfaToken: string;
    mfaDevices: { authenticators: Array<{ id: string }> };
    isNewUser?: boolean;
  };
}

/** Completes forced enrolment with an authenticator app; the answer (session and recovery code). */
export async function enrolAtLogin(app: FastifyInstance, mfaToken: string, origin: string) {
  const started = await app.inject({
    method: 'POST',
    url: `${AUTH_MFA}/authenticator/enroll`,
    headers: { origin },
    payload: { mfaToken },
  });
  assert.equal(started.statusCode, 200, started.body);
  const done = await app.inject({
    method: 'POST',
    url: `${AUTH_MFA}/authenticator/enroll/verify`,
    headers: { origin },
    payload: { mfaToken, token: await generate({ secret: started.json().secret }) },
  });
  assert.equal(done.statusCode, 200, done.body);
  assert.ok(done.json().accessToken);
  assert.ok(done.json().recoveryCode);
  assert.ok(refreshCookieOf(done));
  return done;
}
