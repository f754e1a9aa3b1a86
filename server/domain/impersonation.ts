/**
 * Impersonation (spec 000 §2 "Impersonation", §7 "Impersonation: POST"): a signed-in administrator
 * opens a session as another member of their account, to see what that member sees. The handler
 * and who may impersonate whom are core/domain/impersonation-handlers.ts and impersonation.ts (the
 * same in demo mode); here the server's ports over the database (the member's lookup and the
 * session's end: SQL in server/storage/impersonation.ts). The route (server/routes/impersonation.ts)
 * adds the caller's verification, the origin check and the refresh cookie.
 *
 * The new session is marked with the impersonator; its tokens carry `act: { sub }` on every
 * refresh. The caller's own session ends: the browser's single refresh cookie now belongs to the
 * impersonated session, and a session nobody can reach should not stay live.
 */
import type { Database } from '../storage/database';
import type { ImpersonationActor } from '../../core/domain/impersonation-handlers';
import type { ImpersonationPorts } from '../../core/domain/impersonation';
import { contractError } from '../../core/contract/errors';
import { endImpersonatorSession, impersonationMember } from '../storage/impersonation';
import { isApiTokenAccess } from '../../core/domain/api-tokens';
import type { AuthService, ClientInfo, SignedIn } from './auth';
import { memberPermissionKeys } from './grants';
import type { AccessTokenClaims } from './tokens';
import { findUserById } from '../storage/users';

/** The rules' reads on the server. */
export const impersonationStore = (db: Database): ImpersonationPorts => ({
  member: (tenantId, userId) => impersonationMember(db, tenantId, userId),
  permissionsOf: (tenantId, userId) => memberPermissionKeys(db, tenantId, userId),
});

/** A verified access token's caller, as the rules read them. */
export const impersonationActor = (claims: AccessTokenClaims): ImpersonationActor => ({
  userId: claims.sub,
  tenantId: claims.tenantId,
  permissions: claims.permissions ?? [],
  impersonating: Boolean(claims.act),
  apiToken: isApiTokenAccess(claims),
  sessionId: claims.sid,
});

/** Opens the impersonated session and ends the impersonator's own. */
export async function openImpersonatedSession(
  db: Database,
  auth: AuthService,
  impersonator: ImpersonationActor,
  target: { userId: string; tenantId: string },
  client: ClientInfo,
): Promise<SignedIn> {
  const user = await findUserById(db, target.userId);
  if (!user) throw contractError('MEMBER_NOT_FOUND');
  const signedIn = await auth.startSession(user, client, target.tenantId, impersonator.userId);
  await endImpersonatorSession(db, impersonator.sessionId, impersonator.userId);
  return signedIn;
}
