/**
 * POST impersonation v1 in demo mode: the server's handler (core/domain/impersonation-handlers.ts)
 * over the demo's members and tokens (demo mode has no super user). Demo tokens name no session:
 * the token itself stands for one, so an actorToken sent beside a bearer must be that same token.
 */
import { contractError } from '../contract/errors';
import { IMPERSONATION_HANDLERS, type ImpersonationHandlerPorts } from '../domain/impersonation-handlers';
import { isApiTokenAccess } from '../domain/api-tokens';
import { demoUserOf, updateUser, type DemoDatabase } from './data';
import type { DemoRoutes } from './dispatch';
import { claimsOf, type DemoTokens } from './sessions';
import { demoPublicHandlers } from './shared';
import { joinedMemberIn, permissionKeysIn } from '../domain/member-grants';
import { demoTables } from './teamAdmin';

/** The handler's ports for one call over the demo's data; `bearer` is the request's bearer token. */
function demoImpersonationPorts(
  db: DemoDatabase,
  tokens: DemoTokens,
  bearer: string | null,
): ImpersonationHandlerPorts {
  return {
    // An invitee who has not accepted is no member yet (the server's accepted memberships).
    member: async (tenantId, userId) => {
      const user = await joinedMemberIn(demoTables(db), tenantId, userId);
      return user ? { id: user.id, verified: user.verified, superUser: false } : null;
    },
    permissionsOf: (tenantId, userId) => permissionKeysIn(demoTables(db), tenantId, userId),
    checkOrigin: () => {},
    hasBearer: bearer !== null,
    actor: async (token = bearer ?? undefined) => {
      if (token === undefined) throw contractError('BEARER_MISSING');
      const user = tokens.userOfToken(db, token);
      if (!user) throw contractError('TOKEN_INVALID');
      const claims = claimsOf(token) ?? {};
      if (isApiTokenAccess(claims)) throw contractError('API_TOKEN_REFUSED');
      return {
        userId: user.id,
        tenantId: user.tenantId,
        permissions: await permissionKeysIn(demoTables(db), user.tenantId, user.id),
        impersonating: Boolean(claims.act),
        apiToken: false,
        sessionId: token,
      };
    },
    tokenSession: async (token) => {
      const user = tokens.userOfToken(db, token);
      return user ? { userId: user.id, sessionId: token } : null;
    },
    // The rules found the target a member of the caller's account: the session is in that account, as
    // the server's (the demo's session is in the user's active account, so that account becomes it).
    async startImpersonation(impersonator, userId, tenantId) {
      updateUser(db, userId, { activeTenantId: tenantId });
      return tokens.startSession(db, demoUserOf(db, userId)!, impersonator.userId);
    },
  };
}

/** The impersonation route (its caller checked by the handler: the descriptor's access is `inHandler`). */
export function demoImpersonationRoutes(tokens: DemoTokens): DemoRoutes {
  return {
    postImpersonation: (db, request) =>
      demoPublicHandlers(IMPERSONATION_HANDLERS, (d) => demoImpersonationPorts(d, tokens, request.token))
        .postImpersonation!(db, request),
  };
}
