/**
 * The remember-device cookie and the account a sign-in opens, which the platform's MFA gate reads
 * (core/domain/mfa-assembly.ts `mfaGateOn`, shared by every first-factor sign-in).
 */
import type { AppContext } from '../context';
import { pickActiveTenant } from '../domain/tenants';
import { listUserTenants } from '../storage/tenants';
import type { UserRow } from '../storage/users';

export const REMEMBER_DEVICE_COOKIE = 'ae_mfa_device';

/**
 * The user's tenant for a session, as `startSession` picks it: the preferred tenant when the user
 * is a member of it (an SSO connection's tenant), else the active one.
 */
export async function activeTenantOf(
  ctx: AppContext,
  user: UserRow,
  preferredTenantId?: string | null,
): Promise<string | null> {
  return (
    pickActiveTenant(await listUserTenants(ctx.db, user.id), preferredTenantId ?? user.activeTenantId)?.id ??
    null
  );
}
