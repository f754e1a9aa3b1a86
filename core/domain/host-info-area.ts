/**
 * Host information's ports (core/domain/host-info-handlers.ts), read once over the platform for
 * both backends: the user's accounts and their grants over the tables, the SAML and notifications
 * entities as their areas read them, and what a backend keeps its own way (`platform.hostInfo`).
 */
import { isContractError } from '../contract/errors';
import type { HostInfoPorts } from './host-info-handlers';
import { accountsOfUser, permissionKeysIn, tenantDtoOf } from './member-grants';
import { notificationsMetadata } from './notifications';
import type { Caller, PortsFor } from './platform';
import { PERMISSIONS } from './role-tables';
import { legacySsoOn } from './sso-handlers';
import { USERS } from './user-tables';
import { contractError } from '../contract/errors';

/** The account the caller's token acts in; null for a user of none (whose account refuses: NO_ACCOUNT). */
function activeAccountOf(caller: Caller): string | null {
  try {
    return caller.tenantId;
  } catch (error) {
    if (isContractError(error) && error.codes[0] === 'NO_ACCOUNT') return null;
    throw error;
  }
}

export const hostInfoAreaPorts: PortsFor<HostInfoPorts> = (platform, caller) => {
  const { tables, hostInfo } = platform;
  /** The user's accounts and the one the token acts in, if the user is still a member of it. */
  const accounts = async (userId: string) => {
    const tenants = await accountsOfUser(tables, userId);
    const preferred = activeAccountOf(caller);
    return { tenants, active: tenants.find((t) => t.id === preferred) ?? tenants[0] ?? null };
  };
  return {
    adminBox: async () => {
      const tenantId = activeAccountOf(caller);
      return tenantId ? hostInfo.adminBox(tenantId) : null;
    },
    auditsMetadata: () => hostInfo.auditsMetadata(),
    // The descriptor's `byQuery` made the route table check the SSO readers' permission.
    samlMetadata: async (tenantId) => (await legacySsoOn(platform)).samlMetadata(tenantId),
    notificationsMetadata: async () => notificationsMetadata(await platform.vendorId()),
    async accountsOf(userId) {
      if (!(await tables.of(USERS).row({ id: userId }))) throw contractError('USER_NOT_FOUND');
      const { tenants, active } = await accounts(userId);
      return { tenants: tenants.map(tenantDtoOf), active: active ? tenantDtoOf(active) : null };
    },
    async entitlementsOf(userId) {
      const tenantId = (await accounts(userId)).active?.id ?? null;
      const permissions = tenantId ? await permissionKeysIn(tables, tenantId, userId) : [];
      return { permissions, ...(await hostInfo.features(tenantId)) };
    },
    catalogue: async () => ({
      permissions: (await tables.of(PERMISSIONS).rows()).map((p) => p.key),
      features: await hostInfo.featureKeys(),
    }),
    now: () => platform.clock.now(),
  };
};
