/**
 * Impersonation's part of a demo request (core/domain/platform.ts `Visit`; the handler and its
 * rules: core/domain/impersonation-handlers.ts): the bearer or actorToken checked as the demo's
 * tokens check any (expiry, the account's session policy), and the browser's one session opened
 * for the impersonated user, which ends the impersonator's.
 */
import { contractError } from '../contract/errors';
import type { ImpersonationVisit } from '../domain/impersonation-handlers';
import { decodeAccessToken } from '../jwt';
import { demoUserOf, updateUser, type DemoDatabase } from './data';
import type { DemoTokens } from './sessions';

/** The request's bearer token and the demo's tokens (core/demo/sessions.ts). */
export interface DemoBearer {
  token: string | null;
  tokens: Pick<DemoTokens, 'userOfToken' | 'startSession'>;
}

/** Impersonation's part of a request with `bearer`. */
export function demoImpersonation(db: DemoDatabase, bearer: DemoBearer): ImpersonationVisit {
  const claims = async (token: string) =>
    (await bearer.tokens.userOfToken(db, token)) ? decodeAccessToken(token) : null;
  return {
    hasBearer: bearer.token !== null,
    async person(token = bearer.token ?? undefined) {
      if (token === undefined) throw contractError('BEARER_MISSING');
      const verified = await claims(token);
      if (!verified) throw contractError('TOKEN_INVALID');
      return verified;
    },
    claims,
    // The rules found the target a member of the caller's account: the session is in that account, as
    // the server's (the demo's session is in the user's active account, so that account becomes it).
    async start(impersonator, userId, tenantId) {
      updateUser(db, userId, { activeTenantId: tenantId });
      return bearer.tokens.startSession(db, demoUserOf(db, userId)!, impersonator.userId);
    },
  };
}
