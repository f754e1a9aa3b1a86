/**
 * What demo mode tells the host page and the portal about the vendor and the signed-in user: the
 * server's handlers (core/domain/host-info-handlers.ts) over the demo's defaults: the admin box's
 * pages, the audits, SAML and notifications entities of its lazily loaded areas (lazyAreas.ts), no
 * caller's address, the accounts the user belongs to, entitlements and the feature flags.
 */
import { DEMO_FEATURES, DEMO_PERMISSION_FEATURES } from '../entitlements/demoEntitlements';
import { PERMISSION_CATALOGUE } from '../portal/permissionCatalogue';
import {
  FLAG_HANDLERS,
  HOST_INFO_HANDLERS,
  type FlagPorts,
  type HostInfoPorts,
} from '../domain/host-info-handlers';
import { DEMO_VENDOR_ID, demoFlagValues, type DemoDatabase, type DemoUser } from './data';
import type { DemoRoutes } from './dispatch';
import type { UserHandler } from './sessions';
import type { DemoClock } from './rows';
import { demoHandlers, demoPublicHandlers } from './shared';
import { accountsOfUser, permissionKeysIn, tenantDtoOf } from '../domain/member-grants';
import { demoTables } from './teamAdmin';

function demoHostInfoPorts(db: DemoDatabase, user: DemoUser, clock: DemoClock): HostInfoPorts {
  return {
    // The pages the default visibility hides, shown to whoever holds their permissions (spec 001
    // §2), as on the development server (server/seed.ts); read on the portal's first call only.
    adminBox: async () => {
      const { PAGES_HIDDEN_BY_DEFAULT } = await import('../portal/pages');
      const shown = PAGES_HIDDEN_BY_DEFAULT.map((page) => [page, { visibility: 'byPermissions' }]);
      return { navigation: Object.fromEntries(shown) };
    },
    // The audit table's columns (core/demo/audits.ts), the SAML connection and the bell's channel
    // are the back-office areas' (loaded on first use).
    auditsMetadata: async () => (await import('./audits')).demoAuditsMetadata(),
    samlMetadata: async () => {
      const [{ legacySsoOn }, { demoPlatform }] = await Promise.all([
        import('../domain/sso-handlers'),
        import('./platform'),
      ]);
      return (await legacySsoOn(demoPlatform(db, clock))).samlMetadata(user.tenantId);
    },
    notificationsMetadata: async () =>
      (await import('../domain/notifications')).notificationsMetadata(DEMO_VENDOR_ID),
    // Every account the user belongs to (sub-accounts included: core/domain/sub-account-handlers.ts).
    accountsOf: async () => {
      const tenants = (await accountsOfUser(demoTables(db), user.id)).map(tenantDtoOf);
      return { tenants, active: tenants.find((t) => t.tenantId === user.tenantId) ?? null };
    },
    entitlementsOf: async () => ({
      permissions: await permissionKeysIn(demoTables(db), user.tenantId, user.id),
      features: DEMO_FEATURES,
      permissionFeatures: DEMO_PERMISSION_FEATURES,
    }),
    catalogue: async () => ({
      permissions: PERMISSION_CATALOGUE.map(([key]) => key),
      features: Object.values(DEMO_PERMISSION_FEATURES).flat(),
    }),
    now: clock.now,
  };
}

const demoFlagPorts = (db: DemoDatabase): FlagPorts => ({
  evaluate: async (keys, context) => demoFlagValues(db, keys, context),
  callerContext: async () => ({ anonymous: true }),
});

/** Public: the feature flags. */
export const demoHostInfoRoutes = (): DemoRoutes => demoPublicHandlers(FLAG_HANDLERS, demoFlagPorts);

/** Signed in: the vendor's metadata, the caller's address, the user's accounts, entitlements. */
export const demoSignedInHostInfoRoutes = (clock: DemoClock): DemoRoutes<UserHandler> =>
  demoHandlers(HOST_INFO_HANDLERS, (db, user) => demoHostInfoPorts(db, user, clock));
