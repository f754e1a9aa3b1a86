/**
 * What demo mode tells the host page and the portal about the vendor and the signed-in user: the
 * vendor's metadata (the admin box's pages, the audits entity, notifications, SAML), the caller's
 * address (none known), the accounts the user belongs to, entitlements and feature flags.
 */
import { ok } from '../contract/answer';
import { DEMO_FEATURES, DEMO_PERMISSION_FEATURES } from '../entitlements/demoEntitlements';
import { decidedEntitlements } from '../entitlements/entitlements';
import { evaluateDemoFlags } from '../featureFlags/demoFlags';
import { PERMISSION_CATALOGUE } from '../portal/permissionCatalogue';
import type { DemoRoutes } from './dispatch';
import type { DemoTokens, UserHandler } from './sessions';
import { tenantsOfUser } from './subAccountsData';
import { demoPermissionsOf } from './teamAdmin';
import { unknownLocation } from '../domain/ip-addresses';

const DEMO_ADMIN_BOX = {
  navigation: {
    roles: { visibility: 'byPermissions' },
    groups: { visibility: 'byPermissions' },
    personalApiTokens: { visibility: 'byPermissions' },
    apiTokens: { visibility: 'byPermissions' },
    webhooks: { visibility: 'byPermissions' },
    provisioning: { visibility: 'byPermissions' },
    sso: { visibility: 'byPermissions' },
    subscriptions: { visibility: 'byPermissions' },
    usage: { visibility: 'byPermissions' },
  },
};

/** Public: the vendor's metadata by entity, and the feature flags. */
export function demoHostInfoRoutes(tokens: DemoTokens, now: () => number, random: () => string): DemoRoutes {
  return {
    // Demo mode's vendor metadata: the default pages, and the roles, groups and API-token pages
    // (hidden by default, spec 001 §2) shown to whoever holds their permissions.
    // The audit table's columns (core/demo/audits.ts) are the audits entity. The audits, SSO and
    // reports modules are back-office areas loaded on first use (core/demo/lazyAreas.ts).
    getMetadata: async (db, request) => {
      const entity = request.query?.entityName;
      if (entity === 'audits') return (await import('./audits')).demoAuditsMetadata();
      if (entity === 'saml') {
        const { demoSamlMetadata } = await import('./ssoLegacy');
        return tokens.withUser((d, u) => demoSamlMetadata(d, u, demoPermissionsOf(d, u), now, random))(
          db,
          request,
        );
      }
      if (entity === 'notifications')
        return (await import('./reports')).demoNotificationsEntity(request.query)!;
      return ok({ rows: [{ configuration: DEMO_ADMIN_BOX }] });
    },
    getFlags: (db) => {
      const flags = evaluateDemoFlags({}, db.settings?.flags);
      return ok(Object.fromEntries(Object.entries(flags).map(([key, on]) => [key, on ? 'on' : 'off'])));
    },
    postFlagsApiEvaluate: (db, { body }) => {
      // Demo settings may switch flags (tests, trying the breached-password prompt).
      const flags = evaluateDemoFlags(body, db.settings?.flags);
      return ok({ flags });
    },
  };
}

/** Signed in: the admin box, the caller's address, the user's accounts, entitlements. */
export function demoSignedInHostInfoRoutes(now: () => number): DemoRoutes<UserHandler> {
  const entitlementsOf = (permissions: string[]) => ({
    permissions,
    features: DEMO_FEATURES,
    permissionFeatures: DEMO_PERMISSION_FEATURES,
  });
  return {
    // The client SDK's paths: the admin box, and the caller's address (demo mode knows none).
    getMetadataAdminBox: () => ok({ rows: [{ entityName: 'adminBox', configuration: DEMO_ADMIN_BOX }] }),
    getMetadataIpme: () => ok(unknownLocation(null)),
    // Every tenant the user belongs to (sub-accounts included: core/demo/subAccounts.ts), the active one marked.
    getUsersV2MeTenants: (db, user) => ok(tenantsOfUser(db, user)),
    getUsersV3MeTenants: (db, user) => {
      const tenants = tenantsOfUser(db, user);
      return ok({ tenants, activeTenant: tenants.find((t) => t.tenantId === user.tenantId) ?? null }, true);
    },
    // Host integration: entitlements (signed in) and feature flags (public).
    getEntitlementsApiV2UserEntitlements: (db, user) => ok(entitlementsOf(demoPermissionsOf(db, user))),
    // The client SDK's calls: entitlements decided by the backend, and every flag as "on" or "off".
    getEntitlementsApiV1UserEntitlements: (db, user) =>
      ok(
        decidedEntitlements(
          entitlementsOf(demoPermissionsOf(db, user)),
          [...PERMISSION_CATALOGUE.map(([key]) => key), ...Object.keys(DEMO_PERMISSION_FEATURES)],
          [...Object.values(DEMO_PERMISSION_FEATURES).flat()],
          now(),
        ),
      ),
  };
}
