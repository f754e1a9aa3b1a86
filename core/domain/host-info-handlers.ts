/**
 * What the host page and the portal read about the vendor and the signed-in user, written once for
 * the server and demo mode (core/domain/handlers.ts): the vendor's metadata by entity (the admin
 * box's pages, the audits table's columns, the legacy SAML connection, the notifications bell),
 * the caller's address, the accounts the user belongs to, entitlements, and the feature flags
 * (public). What differs is a port: where the admin box and the entities are read (the database,
 * or the demo's defaults and its lazily loaded areas), the caller's address (the demo knows none),
 * the permission and feature catalogues, and who a flag is evaluated for.
 */
import type { FlagContext } from './feature-flags';
import { decidedEntitlements, type UserEntitlements } from '../entitlements/entitlements';
import { answer, type AreaHandlers, type PublicHandlers } from './handlers';
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

export interface FlagPorts {
  /** The value of each asked flag (every flag the vendor defines when `keys` is absent). */
  evaluate(keys: string[] | undefined, context: FlagContext): Promise<Record<string, boolean>>;
  /** The context of a call that names none: its valid bearer's user and account, else anyone. */
  callerContext(): Promise<FlagContext>;
}

export const FLAG_HANDLERS: PublicHandlers<FlagPorts> = {
  // Public: flags are not secrets, and the login box reads some before anyone signs in.
  postFlagsApiEvaluate: async (p, { body }) => {
    const context = (body.context as FlagContext | undefined) ?? { anonymous: true };
    return answer({ flags: await p.evaluate(body.keys as string[] | undefined, context) });
  },
  // The client SDK's featureFlags.loadFeatureFlags: every flag as "on" or "off".
  getFlags: async (p) => {
    const flags = await p.evaluate(undefined, await p.callerContext());
    return answer(Object.fromEntries(Object.entries(flags).map(([key, on]) => [key, on ? 'on' : 'off'])));
  },
};
