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
// Sub-accounts, the account switch, custom login and the users page.
import { evaluateFlags } from './domain/featureFlags';
import { chosenAccountId } from './domain/hierarchy';
import { moveSession, subAccountTree } from './storage/sub-accounts';
import { endMemberSessions, scimManagedMemberships } from './storage/team-members';
// Invitations and the invite link.
import { emailDomainAllowed } from './domain/email-domain-restrictions';
import { inviteLinkSecrets, sendInvitation } from './domain/invitations';
import { newLinkToken } from './domain/one-time-tokens';

/** A user's id (the server's are UUIDs). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
    // Sub-accounts, the account switch, custom login and the users page.
    featureFlags: (keys, context) => evaluateFlags(db, keys, context),
    subAccounts: {
      tree: (tables) => subAccountTree(databaseOf(tables) ?? db),
      accountIdOf: chosenAccountId,
      switchTo: (caller, tenantId) =>
        moveSession(db, { userId: caller.userId, sessionId: caller.sessionId, tenantId }),
    },
    members: {
      scimMemberships: (ids) => scimManagedMemberships(db, ids),
      endSessions: (tenantId, userId, reason, within) =>
        endMemberSessions(databaseOf(within) ?? db, tenantId, userId, reason),
      isUserId: (id) => UUID.test(id),
    },
    // Invitations and the invite link.
    invitations: {
      send: (invitation, inviterId) =>
        sendInvitation(ctx, invitation, inviterId, (message) => console.error(`invitation: ${message}`)),
      emailDomainAllowed: (tenantId, email) => emailDomainAllowed(db, tenantId, email),
      linkSecrets: inviteLinkSecrets(ctx),
      newLinkToken,
      appUrl: () => ctx.options.appUrl,
    },
  };
}
