/**
 * Impersonation (spec 000 §2 "Impersonation", §7 "Impersonation: POST"): a signed-in administrator
 * opens a session as another member of their account, to see what that member sees. The handler,
 * its ports and who may impersonate whom are core/domain/impersonation-handlers.ts and
 * impersonation.ts (the same in demo mode); the caller's verification, the origin check and the
 * refresh cookie are the request's (server/http/visit.ts). Here the session opened.
 *
 * The new session is marked with the impersonator; its tokens carry `act: { sub }` on every
 * refresh. The caller's own session ends: the browser's single refresh cookie now belongs to the
 * impersonated session, and a session nobody can reach should not stay live.
 */
import type { AppContext } from '../context';
import type { ImpersonationActor } from '../../core/domain/impersonation-handlers';
import { contractError } from '../../core/contract/errors';
import { endImpersonatorSession } from '../storage/impersonation';
import type { ClientInfo, SignedIn } from './auth';
import { findUserById } from '../storage/users';

/** Opens the impersonated session and ends the impersonator's own. */
export async function openImpersonatedSession(
  { db, auth }: Pick<AppContext, 'db' | 'auth'>,
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
