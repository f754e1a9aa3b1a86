/**
 * What the host page and the portal read about the vendor and the signed-in user, written once for
 * the server and demo mode (core/domain/handlers.ts): the vendor's metadata by entity (the admin
 * box's pages, the audits table's columns, the legacy SAML connection, the notifications bell),
 * the caller's address, the accounts the user belongs to and entitlements (the feature flags:
 * core/domain/flag-handlers.ts). Their ports are read over the platform (`hostInfoAreaPorts`,
 * core/domain/host-info-area.ts); what a backend keeps its own way is the platform's `hostInfo`:
 * the admin box, the audits entity, the features (the database, or demo mode's defaults). The
 * caller's address is the backend's (demo mode knows none).
 * GET /entitlements/api/v2/user-entitlements is **a choice of path**.
 */
import { decidedEntitlements, type UserEntitlements } from '../entitlements/entitlements';
import { answer, type AreaHandlers } from './handlers';
import { unknownLocation } from './ip-addresses';

export interface HostInfoPorts {
  /** The vendor's admin-box configuration for the caller's active account; null while none is saved. */
  adminBox(): Promise<Record<string, unknown> | null>;
  /** The audits entity: the audit table's columns (spec 001 §7 "metadata reading properties"). */
  auditsMetadata(): Promise<unknown>;
  /** The SAML entity: the account's legacy SAML connection (for SSO readers: the route's access). */
  samlMetadata(tenantId: string): Promise<unknown>;
  /** The notifications entity: the bell's one channel. */
  notificationsMetadata(): Promise<unknown>;
  /** The accounts the user may act in, and the one the call acts in (still theirs), as the client reads them. */
  accountsOf(userId: string): Promise<{ tenants: unknown[]; active: unknown }>;
  /** The user's permissions in the active account, its features and the vendor's feature gates. */
  entitlementsOf(userId: string): Promise<UserEntitlements>;
  /** Every permission key of the catalogue and every feature the vendor defines. */
  catalogue(): Promise<{ permissions: string[]; features: string[] }>;
  now(): number;
}

const adminBoxRows = (configuration: Record<string, unknown> | null) => ({
  rows: configuration ? [{ entityName: 'adminBox', configuration }] : [],
});

export const HOST_INFO_HANDLERS: AreaHandlers<HostInfoPorts> = {
  getMetadata: async (p, call) => {
    switch (call.query.entityName) {
      case 'audits':
        return answer(await p.auditsMetadata());
      case 'saml':
        return answer(await p.samlMetadata(call.tenantId));
      case 'notifications':
        return answer(await p.notificationsMetadata());
      case 'adminBox':
        return answer(adminBoxRows(await p.adminBox()));
      default:
        return answer({ rows: [] });
    }
  },
  // metadata.getAdminBoxMetadata of the client SDK: `{ rows: [] }` while the vendor has saved nothing.
  getMetadataAdminBox: async (p) => answer(adminBoxRows(await p.adminBox())),
  // metadata.getCurrentUserIpMetadata: the caller's address as the backend sees it; no location database.
  getMetadataIpme: async (_p, { ip }) => answer(unknownLocation(ip ?? null)),
  getUsersV2MeTenants: async (p, { userId }) => answer((await p.accountsOf(userId)).tenants),
  getUsersV3MeTenants: async (p, { userId }) => {
    const { tenants, active } = await p.accountsOf(userId);
    return answer({ tenants, activeTenant: active });
  },
  getEntitlementsApiV2UserEntitlements: async (p, { userId }) => answer(await p.entitlementsOf(userId)),
  // The client SDK's entitlements.loadEntitlements: every permission and feature, each decided now.
  getEntitlementsApiV1UserEntitlements: async (p, { userId }) => {
    const facts = await p.entitlementsOf(userId);
    const catalogue = await p.catalogue();
    const permissions = [
      ...catalogue.permissions,
      ...facts.permissions,
      ...Object.keys(facts.permissionFeatures),
    ];
    return answer(decidedEntitlements(facts, permissions, catalogue.features, p.now()));
  },
};

/** What host information reads that each backend keeps its own way (core/domain/platform.ts `hostInfo`). */
export interface HostInfoBackend {
  /**
   * The admin-box configuration of the account's vendor: the server's saved one (null while none);
   * demo mode's, the pages the default visibility hides shown to whoever holds their permissions
   * (spec 001 §2), as on the development server (server/seed.ts).
   */
  adminBox(tenantId: string): Promise<Record<string, unknown> | null>;
  /** The audits entity: the audit table's columns, of the server's first vendor or demo mode's. */
  auditsMetadata(): Promise<unknown>;
  /**
   * The account's features (its bundle, with their expiry; none without an account) and every
   * feature gate of the vendor: the server's tables; demo mode's bundle (core/entitlements/demoEntitlements.ts).
   */
  features(tenantId: string | null): Promise<Omit<UserEntitlements, 'permissions'>>;
  /** Every feature the vendor defines. */
  featureKeys(): Promise<string[]>;
}
