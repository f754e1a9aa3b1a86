/**
 * POST impersonation v1 (spec 000 §7 "Impersonation: POST"), written once for the server and demo
 * mode (core/domain/handlers.ts) over the rules of core/domain/impersonation.ts. Body `{ userId,
 * tenantId? }` (the kit) or the client SDK's `{ impersonatedUserId, actorToken, redirectUrl? }`:
 * `impersonatedUserId` names the user as `userId` does (one of the two, the request schema says).
 * `actorToken` is the impersonator's access token, the proof of who asks: sent without a bearer (the
 * client's impersonation page holds only that token), it is checked exactly as a bearer would be;
 * sent with one, it must be a token of the bearer's session (401 otherwise). `redirectUrl` is
 * accepted and not used: the kit's impersonation route decides where to go. The answer is the
 * impersonated user's AuthResponse with the client's `tokenType: "Bearer"`.
 *
 * The descriptor's access is `inHandler`: the caller is verified here, through a port (the server's
 * token service, the demo's tokens). What else differs is a port too: the origin check, and the
 * session opened (the server moves its refresh cookie to it and ends the impersonator's).
 */
import { contractError } from '../contract/errors';
import { answer, type PublicHandlers } from './handlers';
import { impersonationTarget, type ImpersonationCaller, type ImpersonationPorts } from './impersonation';

/** A verified caller, and the session their token belongs to. */
export interface ImpersonationActor extends ImpersonationCaller {
  sessionId: unknown;
}

export interface ImpersonationHandlerPorts extends ImpersonationPorts {
  /** Refuses a page the server does not trust (impersonating moves the session's cookie). */
  checkOrigin(): void;
  /** The request has an Authorization header. */
  hasBearer: boolean;
  /**
   * The caller `token` proves (the bearer's when undefined), verified as any bearer is: 401 without
   * one or for one that does not verify, 403 for an API token's (a program has no browser session
   * to hand over).
   */
  actor(token?: string): Promise<ImpersonationActor>;
  /** The user and session of an access token that verifies (signature, expiry); null otherwise. */
  tokenSession(token: string): Promise<{ userId: string; sessionId: unknown } | null>;
  /** Opens the impersonated session of `userId` in `tenantId` for `impersonator`: its AuthResponse. */
  startImpersonation(impersonator: ImpersonationActor, userId: string, tenantId: string): Promise<object>;
}

type P = ImpersonationHandlerPorts;

/** The impersonator: the bearer (an actorToken beside it must be of the same session), or the actorToken. */
async function impersonator(p: P, actorToken: string | undefined): Promise<ImpersonationActor> {
  if (!p.hasBearer && actorToken !== undefined) return p.actor(actorToken);
  const caller = await p.actor();
  if (actorToken === undefined) return caller;
  const actor = await p.tokenSession(actorToken);
  if (!actor || actor.userId !== caller.userId || actor.sessionId !== caller.sessionId)
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
    const signedIn = await p.startImpersonation(caller, target.member.id, target.tenantId);
    return answer({ ...signedIn, tokenType: 'Bearer' });
  },
};
