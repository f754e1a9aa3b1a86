/**
 * A signed-in user as one query reads them (storage/principal.ts): what a refresh, GET me and a
 * sign-in need, with the same rules as the separate reads they replace (tenants.ts
 * pickActiveTenant and grants, core/domain/security-policies.ts ipPermits).
 */
import { ipPermits } from '../../core/domain/security-policies';
import type { Database } from '../storage/database';
import { readPrincipal, type PrincipalRow } from '../storage/principal';
import { grantsByMember, grantsOf, type Authorization } from './tenants';
import type { TenantRow } from '../storage/tenants';
import { toUserProfile, type UserProfile } from '../../core/domain/user-profile';
import type { UserRow } from '../storage/users';

export interface Principal {
  user: UserRow;
  /** The live tenants the user may act in, oldest membership first (tenants.ts listUserTenants). */
  tenants: TenantRow[];
  /** The roles held in `tenantId` and the permissions they grant (tenants.ts loadAuthorization). */
  authorization(tenantId: string | null): Authorization;
  /** Whether `ip` may reach `tenantId` under its IP restrictions (ip-restrictions.ts ipAllowed). */
  ipAllowed(tenantId: string | null, ip: string | undefined): boolean;
  mfaEnrolled: boolean;
}

/** The user `userId` with everything above, in one query; null when the user is gone. */
export async function loadPrincipal(db: Database, userId: string): Promise<Principal | null> {
  return principalOf(await readPrincipal(db, userId));
}

/** The principal of a row read already (storage/principal.ts); null for none. */
export function principalOf(row: PrincipalRow | null): Principal | null {
  if (!row) return null;
  const { tenants, roles, permissions, ip, mfa_enrolled, ...user } = row;
  const grants = grantsByMember(
    roles.map((role) => ({ ...role, user_id: user.id })),
    permissions,
  );
  return {
    user,
    tenants: tenants.map((t) => ({ ...t, created_at: new Date(t.created_at) })),
    authorization(tenantId) {
      if (!tenantId) return { roles: [], permissions: [] };
      const { roles: held, permissions: granted } = grantsOf(grants, user.id, tenantId);
      return { roles: held, permissions: granted };
    },
    ipAllowed(tenantId, address) {
      if (!tenantId) return true;
      const config = ip.find((c) => c.tenant_id === tenantId);
      if (!config) return true;
      return ipPermits(
        { isActive: config.is_active, strategy: config.strategy },
        config.entries ?? [],
        address,
      );
    },
    mfaEnrolled: mfa_enrolled,
  };
}

/** The contract's user object (`GET users/v2/me`, users.ts loadUserProfile) acting in `activeTenantId`. */
export function profileOf(principal: Principal, activeTenantId: string | null): UserProfile {
  return toUserProfile(
    principal.user,
    principal.tenants.map((t) => ({ tenantId: t.id, roles: principal.authorization(t.id).roles })),
    activeTenantId,
    principal.authorization(activeTenantId),
    principal.mfaEnrolled,
  );
}
