/**
 * POST impersonation v1 (spec 000 §7 "Impersonation: POST", payload not shown by the spec; the path
 * `/{prefix}/identity/resources/impersonation/v1` is the one existing backends of this contract
 * use), written once for the server and demo mode (core/domain/handlers.ts) over the rules of
 * core/domain/impersonation.ts. Body `{ userId, tenantId? }` (the kit) or the client SDK's
 * `{ impersonatedUserId, actorToken, redirectUrl? }`: `impersonatedUserId` names the user as
 * `userId` does (one of the two, the request schema says). `actorToken` is the impersonator's access
 * token, the proof of who asks: sent without a bearer (the client's impersonation page holds only
 * that token), it is checked exactly as a bearer would be; sent with one, it must be a token of the
 * bearer's session (401 otherwise). `redirectUrl` is accepted and not used: the kit's impersonation
 * route decides where to go. The answer is the impersonated user's AuthResponse with the client's
 * `tokenType: "Bearer"`.
 *
 * The descriptor's access is `inHandler`: the caller is verified here, through the request's part
 * (core/domain/platform.ts `Visit`: the server's token service, the demo's tokens), as are the origin
 * check and the session opened (the server moves its refresh cookie to it and ends the
 * impersonator's). The member and their permissions are read over the platform.
 */
import { contractError } from '../contract/errors';
import { isApiTokenAccess } from './api-tokens';
import { answer, type PublicHandlers } from './handlers';
import { impersonationTarget, type ImpersonationCaller, type ImpersonationPorts } from './impersonation';
import { MEMBERSHIPS } from './membership-tables';
import { permissionKeysIn } from './member-grants';
import type { PublicPortsFor } from './platform';
import type { AuthResponse } from './session-tokens';
import { inRows } from './tables';
import { TENANTS, type TenantRow } from './tenant-tables';
import { USERS } from './user-tables';

/** A verified caller, and the session their token belongs to. */
export interface ImpersonationActor extends ImpersonationCaller {
  sessionId: unknown;
}

/** What a verified access token says of its caller (spec 000 §9), as impersonation reads it. */
export interface BearerClaims {
  sub: string;
  tenantId?: string | null | undefined;
  permissions?: string[] | undefined;
  sid?: unknown;
  act?: unknown;
}

/** The request's part of impersonating (core/domain/platform.ts `Visit`). */
export interface ImpersonationVisit {
  /** The request has an Authorization header. */
  hasBearer: boolean;
  /**
   * The claims of the person `token` proves (the bearer's when undefined), verified as any bearer
   * is: 401 without one or for one that does not verify, 403 for an API token's (a program has no
   * browser session to hand over).
   */
  person(token?: string): Promise<BearerClaims>;
  /** The claims of an access token that verifies (signature, expiry); null otherwise. */
  claims(token: string): Promise<BearerClaims | null>;
  /**
   * Opens the impersonated session of `userId` in `tenantId` for `impersonator` and ends the
   * impersonator's own (the browser's one refresh cookie now belongs to the new one): its AuthResponse.
   */
  start(impersonator: ImpersonationActor, userId: string, tenantId: string): Promise<AuthResponse>;
}

/** The request's part of a call with no caller (an email the application sends): no bearer, no session to open. */
export const NO_BEARER: ImpersonationVisit = {
  hasBearer: false,
  person: () => Promise.reject(contractError('BEARER_MISSING')),
  claims: async () => null,
  start: () => Promise.reject(new Error('no session here')),
};

interface ImpersonationHandlerPorts extends ImpersonationPorts, ImpersonationVisit {
  /** Refuses a page the server does not trust (impersonating moves the session's cookie). */
  checkOrigin(): void;
}

type P = ImpersonationHandlerPorts;

/** A verified access token's caller, as the rules read them. */
const actorOf = (claims: BearerClaims): ImpersonationActor => ({
  userId: claims.sub,
  tenantId: claims.tenantId,
  permissions: claims.permissions ?? [],
  impersonating: Boolean(claims.act),
  apiToken: isApiTokenAccess(claims),
  sessionId: claims.sid,
});

/** The impersonator: the bearer (an actorToken beside it must be of the same session), or the actorToken. */
async function impersonator(p: P, actorToken: string | undefined): Promise<ImpersonationActor> {
  if (!p.hasBearer && actorToken !== undefined) return actorOf(await p.person(actorToken));
  const caller = actorOf(await p.person());
  if (actorToken === undefined) return caller;
  const actor = await p.claims(actorToken);
  if (!actor || actor.sub !== caller.userId || actor.sid !== caller.sessionId)
    throw contractError('ACTOR_TOKEN_FOREIGN');
  return caller;
}

export const IMPERSONATION_HANDLERS: PublicHandlers<P> = {
  postImpersonation: async (p, { body }) => {
    p.checkOrigin();
    const caller = await impersonator(p, body.actorToken as string | undefined);
    const tenantId = body.tenantId as string | null | undefined;
    const target = await impersonationTarget(p, caller, {
      userId: (body.userId ?? body.impersonatedUserId) as string,
      ...(tenantId !== undefined ? { tenantId } : {}),
    });
    const signedIn = await p.start(caller, target.member.id, target.tenantId);
    return answer({ ...signedIn, tokenType: 'Bearer' });
  },
};

/**
 * Impersonation's ports: the request's part, the member as an allowed, accepted member of an
 * account that is not deleted (as the accounts list reads them; an id that names no user is nobody,
 * the same answer as an unknown one), and the grants of the platform.
 */
export const impersonationAreaPorts: PublicPortsFor<P> = ({ tables, members }, visit) => ({
  ...visit.impersonation,
  checkOrigin: visit.checkOrigin,
  async member(tenantId, userId) {
    if (!members.isUserId(userId)) return null;
    const liveAccount = inRows<string, TenantRow>(TENANTS, 'id', { id: tenantId, deletedAt: null });
    const membership = { userId, tenantId: liveAccount, accessAllowed: true, invitationPending: false };
    const user = await tables.of(USERS).row({ id: inRows(MEMBERSHIPS, 'userId', membership) });
    return user && { id: user.id, verified: user.verified, superUser: user.superUser };
  },
  permissionsOf: (tenantId, userId) => permissionKeysIn(tables, tenantId, userId),
});
