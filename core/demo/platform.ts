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
import type { DemoClock } from './rows';
import { memoryTables } from './tables';
import { categoryId, demoPermissionsOf, demoRoles, demoRolesOf } from './teamAdmin';
// Sub-accounts, the account switch, custom login and the users page.
import { tenantRows, updateUser, userById } from './data';
import { demoFlagValues } from './hostInfo';
import { demoAccountTree } from './subAccountsRepository';
// Invitations and the invite link.
import { demoInvitationMembers } from './invitationStore';

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
    clock: { now, newId: random },
    emit: async () => {},
    memberPermissions: async (tenantId, userId) => demoPermissionsOf(db, { id: userId, tenantId }),
    apiTokenHash: () => '',
    vendor: async () => ({ apiTokensEnabled: DEMO_POLICY.apiTokensEnabled !== false }),
    // Sub-accounts, the account switch, custom login and the users page.
    featureFlags: async (keys, context) => demoFlagValues(db, keys, context),
    subAccounts: {
      tree: () => demoAccountTree(db),
      // The id the client chose is the account's own, taken in any case (an account of it is a conflict).
      accountIdOf: (_parentId, chosen) =>
        tenantRows(db).find((t) => t.id.toLowerCase() === chosen.toLowerCase())?.id ?? chosen,
      switchTo: async (caller, tenantId) => void updateUser(db, caller.userId, { activeTenantId: tenantId }),
    },
    members: {
      // No identity provider in demo mode, so no SCIM (core/demo/directory.ts).
      scimMemberships: async () => new Set(),
      // Demo mode has one session, this browser's, acting in the user's active account.
      endSessions: async (tenantId, userId) => {
        const ended = db.session?.userId === userId && userById(db, userId)?.activeTenantId === tenantId;
        if (ended) db.session = null;
        return ended ? 1 : 0;
      },
      isUserId: () => true,
    },
    // Invitations and the invite link: the outbox for mail, the link's token kept as is.
    invitations: demoInvitationMembers(db, { now, random }),
  };
}

/** The signed-in caller as the areas read them: the user in their active account (no API tokens in demo mode). */
export const demoCaller = (db: DemoDatabase, user: DemoUser): Caller => ({
  userId: user.id,
  tenantId: user.tenantId,
  permissions: demoPermissionsOf(db, user),
  byApiToken: false,
  // Sub-accounts and the account switch.
  roles: demoRolesOf(db, user).map((r) => r.key),
  impersonating: Boolean(db.session?.impersonatorId),
  sessionId: db.session?.id ?? null,
});
