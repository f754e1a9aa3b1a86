/**
 * Impersonation (spec 000 §2 "Impersonation", §7 "Impersonation: POST"): a signed-in administrator
 * opens a session as another member of their account, to see what that member sees.
 *
 * Who may impersonate is not in the spec; the rules chosen here (docs/contract.md) are:
 * - the caller holds IMPERSONATE_PERMISSION in their active tenant (the Admin role's `fe.*` grants it);
 * - the target is another, verified member of that same tenant (a `tenantId` naming any other
 *   tenant is refused), and is not a super user;
 * - the target holds no permission the caller lacks, so impersonation never raises privileges;
 * - an impersonated session cannot impersonate again (no chains), nor switch to another account of
 *   the user (routes/hierarchy.ts), where the impersonator may have no say;
 * - an API token's access token cannot impersonate: the session it would open outlives the token
 *   (the same reason tokens cannot make tokens), and a tenant token is no user to name as the actor.
 * The new session is marked with the impersonator; its tokens carry `act: { sub }` on every
 * refresh. The caller's own session ends: the browser's single refresh cookie now belongs to the
 * impersonated session, and a session nobody can reach should not stay live.
 */
import { holdsPermission } from '../../core/contract/permissions';
import type { Database } from '../storage/database';
import { contractError, type ContractError } from '../../core/contract/errors';
import { isApiTokenAccess } from './api-tokens';
import type { AuthService, ClientInfo, SignedIn } from './auth';
import { holdsEverything, memberPermissionKeys } from './grants';
import { listUserTenants } from './tenants';
import type { AccessTokenClaims } from './tokens';
import { findUserById } from './users';

/** The permission that allows impersonation (granted by the wildcard `fe.*`). */
export const IMPERSONATE_PERMISSION = 'fe.secure.write.impersonate';

type ImpersonationResult = { ok: true; signedIn: SignedIn } | { ok: false; error: ContractError };

const refuse = (error: ContractError): ImpersonationResult => ({ ok: false, error });

/** Checks the rules above and, when they all hold, opens the impersonated session. */
export async function impersonate(
  db: Database,
  auth: AuthService,
  caller: AccessTokenClaims,
  request: { userId: string; tenantId?: string | null | undefined },
  client: ClientInfo,
): Promise<ImpersonationResult> {
  if (caller.act) return refuse(contractError('IMPERSONATION_CHAINED'));
  if (isApiTokenAccess(caller)) return refuse(contractError('IMPERSONATION_API_TOKEN'));
  if (!holdsPermission(caller.permissions ?? [], IMPERSONATE_PERMISSION))
    return refuse(contractError('PERMISSION_REQUIRED', { permission: IMPERSONATE_PERMISSION }));
  const tenantId = caller.tenantId;
  if (!tenantId) return refuse(contractError('NO_ACCOUNT'));
  if (request.tenantId && request.tenantId !== tenantId)
    return refuse(contractError('IMPERSONATION_OTHER_ACCOUNT'));
  if (request.userId === caller.sub) return refuse(contractError('IMPERSONATION_SELF'));

  // A malformed id is simply nobody: the same 404 as an unknown one.
  const target = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(request.userId)
    ? await findUserById(db, request.userId)
    : null;
  const tenants = target ? await listUserTenants(db, target.id) : [];
  if (!target || !tenants.some((t) => t.id === tenantId)) return refuse(contractError('MEMBER_NOT_FOUND'));
  if (!target.verified) return refuse(contractError('IMPERSONATION_NOT_ACTIVATED'));
  if (target.super_user) return refuse(contractError('IMPERSONATION_SUPER_USER'));

  // The rule of every route that acts on a member (domain/grants.ts): not one who holds more.
  if (!holdsEverything(caller.permissions ?? [], await memberPermissionKeys(db, tenantId, target.id)))
    return refuse(contractError('IMPERSONATION_ESCALATION'));

  const signedIn = await auth.startSession(target, client, tenantId, caller.sub);
  await db.query(
    `UPDATE sessions SET revoked_at = now(), revoked_reason = 'impersonation' WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL`,
    [caller.sid, caller.sub],
  );
  return { ok: true, signedIn };
}
