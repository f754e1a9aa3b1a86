/**
 * The server's platform (core/domain/platform.ts): its database through the tables port, the
 * process's clock and random UUIDs, the account's webhooks through the outbox, and the grants
 * and vendor settings as its SQL reads them. Built once per server: what depends on the request
 * is the caller (server/http/handlers.ts `callerOfCall`).
 */
import type { Platform } from '../core/domain/platform';
import type { AppContext } from './context';
import { apiTokenSecretHash } from './domain/api-tokens';
import { emitEvent } from './domain/connectivity';
import { memberPermissionKeys } from './domain/grants';
import { getVendorSettings } from './domain/vendor';
import { SERVER_ROW_CLOCK, databaseOf, sqlTables } from './storage/tables';
// Billing, SSO configuration, profile change and picture, host info, account settings.
import { ssoBackendOf } from './http/sso-configurations';
import { serverBilling } from './domain/billing';
import { userProfileOf } from './domain/users';
import { serverProfileImages } from './domain/profile-images';

export function serverPlatform(ctx: AppContext): Platform {
  const { db } = ctx;
  return {
    tables: sqlTables(db),
    clock: SERVER_ROW_CLOCK,
    emit: (tenantId, type, data, within) =>
      emitEvent({ db: (within && databaseOf(within)) || db }, tenantId, type, data),
    memberPermissions: (tenantId, userId) => memberPermissionKeys(db, tenantId, userId),
    apiTokenHash: apiTokenSecretHash,
    vendor: () => getVendorSettings(db),
    // Billing, SSO configuration, profile change and picture, host info, account settings.
    sso: () => ssoBackendOf(ctx),
    billing: serverBilling(ctx),
    userProfile: (userId, tenantId) => userProfileOf(db, userId, tenantId),
    profileImages: serverProfileImages(ctx),
  };
}
