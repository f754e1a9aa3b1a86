/**
 * Demo mode's platform (core/domain/platform.ts): the page's stored tables (core/demo/tables.ts),
 * the backend's clock and ids, the caller as the demo's session finds them; it announces nothing
 * (no webhooks) and keeps nothing of an API token's secret (nothing would check it). The built-in
 * roles, the permission catalogue and its categories are rows, written on first use as the
 * server's migrations write them.
 */
import { PERMISSION_CATEGORIES as CATEGORIES } from '../portal/permissionCatalogue';
import type { Caller, Platform } from '../domain/platform';
import { PERMISSION_CATEGORIES } from '../domain/role-store';
import { DEMO_CREATED_AT, DEMO_POLICY, noteWritten, type DemoDatabase, type DemoUser } from './data';
import { demoUserOf } from './data';
import type { DemoClock } from './rows';
import { memoryTables } from './tables';
import { categoryId, demoPermissionsOf, demoRoles } from './teamAdmin';
// Billing, SSO configuration, profile change and picture, host info, account settings.
import { demoSsoBackend } from './ssoConfig';
import { demoBilling } from './billingStore';
import { randomUuid } from '../domain/random-secrets';
import { displayName } from '../domain/user-tables';
import { profileOf } from './profile';
import { demoProfileImages } from './profileImages';

/** The permissions' categories as rows, as the server's migration writes them. */
function seedCategories(db: DemoDatabase) {
  const store = (db.tables ??= {});
  if (store[PERMISSION_CATEGORIES.name]) return;
  store[PERMISSION_CATEGORIES.name] = CATEGORIES.map(([key, name, description]) => ({
    id: categoryId(key),
    key,
    name,
    description,
    createdAt: DEMO_CREATED_AT,
  }));
  noteWritten(store);
}

export function demoPlatform(db: DemoDatabase, { now, random }: DemoClock): Platform {
  demoRoles(db);
  seedCategories(db);
  return {
    tables: memoryTables((db.tables ??= {})),
    // Random uuids, as the server's ids (billing and SSO read an id that is not one as no row).
    clock: { now, newId: randomUuid },
    emit: async () => {},
    memberPermissions: async (tenantId, userId) => demoPermissionsOf(db, { id: userId, tenantId }),
    apiTokenHash: () => '',
    vendor: async () => ({ apiTokensEnabled: DEMO_POLICY.apiTokensEnabled !== false }),
    // Billing, SSO configuration, profile change and picture, host info, account settings.
    sso: () => demoSsoBackend(db, { now, random }),
    billing: demoBilling(db, random),
    userProfile: async (userId, tenantId) => profileOf(db, demoUserOf(db, userId, tenantId ?? undefined)!),
    profileImages: demoProfileImages(db),
  };
}

/** The signed-in caller as the areas read them: the user in their active account (no API tokens in demo mode). */
export const demoCaller = (db: DemoDatabase, user: DemoUser): Caller => ({
  userId: user.id,
  tenantId: user.tenantId,
  permissions: demoPermissionsOf(db, user),
  byApiToken: false,
  // Billing, SSO configuration, profile change and picture, host info, account settings.
  contact: { name: displayName(user), email: user.email },
  impersonating: Boolean(db.session?.impersonatorId),
});
