/**
 * Impersonation (spec 000 §2 "Impersonation", §7 "Impersonation: POST"): a signed-in administrator
 * opens a session as another member of their account, to see what that member sees. Who may
 * impersonate whom is core/domain/impersonation.ts (the same rules in demo mode); the member's
 * lookup and the session's end are SQL in server/storage/impersonation.ts.
 *
 * The new session is marked with the impersonator; its tokens carry `act: { sub }` on every
 * refresh. The caller's own session ends: the browser's single refresh cookie now belongs to the
 * impersonated session, and a session nobody can reach should not stay live.
 */
import type { Database } from '../storage/database';
import { impersonationTarget } from '../../core/domain/impersonation';
import { contractError, isContractError, type ContractError } from '../../core/contract/errors';
import { endImpersonatorSession, impersonationMember } from '../storage/impersonation';
import { isApiTokenAccess } from './api-tokens';
import type { AuthService, ClientInfo, SignedIn } from './auth';
import { memberPermissionKeys } from './grants';
import type { AccessTokenClaims } from './tokens';
import { findUserById } from './users';

type ImpersonationResult = { ok: true; signedIn: SignedIn } | { ok: false; error: ContractError };

/** Checks the rules and, when they all hold, opens the impersonated session. */
export async function impersonate(
  db: Database,
  auth: AuthService,
  caller: AccessTokenClaims,
  request: { userId: string; tenantId?: string | null | undefined },
  client: ClientInfo,
): Promise<ImpersonationResult> {
  let target;
  try {
    target = await impersonationTarget(
      {
        member: (tenantId, userId) => impersonationMember(db, tenantId, userId),
        permissionsOf: (tenantId, userId) => memberPermissionKeys(db, tenantId, userId),
      },
      {
        userId: caller.sub,
        tenantId: caller.tenantId,
        permissions: caller.permissions ?? [],
        impersonating: Boolean(caller.act),
        apiToken: isApiTokenAccess(caller),
      },
      request,
    );
  } catch (error) {
    if (isContractError(error)) return { ok: false, error };
    throw error;
  }
  const user = await findUserById(db, target.member.id);
  if (!user) return { ok: false, error: contractError('MEMBER_NOT_FOUND') };
  const signedIn = await auth.startSession(user, client, target.tenantId, caller.sub);
  await endImpersonatorSession(db, caller.sid, caller.sub);
  return { ok: true, signedIn };
}
