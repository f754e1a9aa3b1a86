/**
 * POST impersonation v1 in demo mode: the rules are core/domain/impersonation.ts, over the demo's
 * members (demo mode has no super user). The client SDK's page may hold only the actor's token:
 * sent in the body, it stands for the bearer; sent with a bearer, it must be the bearer's.
 */
import type { AuthResponse } from '../api/types';
import { fail, ok } from '../contract/answer';
import { impersonationTarget, type ImpersonationPorts } from '../domain/impersonation';
import type { DemoDatabase, DemoUser } from './data';
import type { DemoRoutes } from './dispatch';
import { claimsOf, type DemoTokens } from './sessions';
import { demoPermissionsOf } from './teamAdmin';

/** The rules' ports over the demo's data. */
function demoImpersonationPorts(db: DemoDatabase): ImpersonationPorts {
  const memberOf = (tenantId: string, userId: string) =>
    db.users.find((u) => u.id === userId && u.tenantId === tenantId);
  return {
    member: async (tenantId, userId) => {
      const user = memberOf(tenantId, userId);
      return user ? { id: user.id, verified: user.verified !== false, superUser: false } : null;
    },
    permissionsOf: async (tenantId, userId) => {
      const user = memberOf(tenantId, userId);
      return user ? demoPermissionsOf(db, user) : [];
    },
  };
}

async function impersonateDemoUser(
  db: DemoDatabase,
  caller: DemoUser,
  body: Record<string, unknown>,
  token: string,
  start: (db: DemoDatabase, user: DemoUser, impersonatorId?: string) => AuthResponse,
) {
  if (body.actorToken !== undefined && body.actorToken !== token) return fail('ACTOR_TOKEN_FOREIGN');
  const claims = claimsOf(token) ?? {};
  // The body passed the contract's schema (core/contract/requests.ts): `userId` (the kit) or
  // `impersonatedUserId` (the client SDK), one of the two.
  const { member } = await impersonationTarget(
    demoImpersonationPorts(db),
    {
      userId: caller.id,
      tenantId: caller.tenantId,
      permissions: demoPermissionsOf(db, caller),
      impersonating: Boolean(claims.act),
      // An API token's access token names its session `api-token:<id>` (core/demo/dispatch.ts).
      apiToken: typeof claims.sid === 'string' && claims.sid.startsWith('api-token:'),
    },
    {
      userId: (body.userId ?? body.impersonatedUserId) as string,
      tenantId: body.tenantId as string | undefined,
    },
  );
  const target = db.users.find((u) => u.id === member.id)!;
  return ok(start(db, target, caller.id), true);
}

/** The impersonation route (its caller checked here: the descriptor's access is `inHandler`). */
export function demoImpersonationRoutes(tokens: DemoTokens): DemoRoutes {
  return {
    postImpersonation: (db, { body, token }) => {
      const proof = token ?? (typeof body.actorToken === 'string' ? body.actorToken : null);
      const caller = tokens.userOfToken(db, proof);
      return caller
        ? impersonateDemoUser(db, caller, body, proof!, tokens.startSession)
        : fail('UNAUTHORIZED');
    },
  };
}
