/**
 * A member's removal outside the users page, on the server: SCIM's delete
 * (server/domain/scim-users.ts). The users page's are the members' area's (core/domain/team-member-store.ts
 * `teamMemberAreaPorts`, over the server's platform); this is the same removal (`removeMembership`)
 * over the server's database: the member's sessions in the account end and the account's event
 * (webhooks) is written in the transaction of the removal.
 */
import { removeMembership } from '../../core/domain/team-member-store';
import type { Database } from '../storage/database';
import { databaseOf, sqlTables } from '../storage/tables';
import { endMemberSessions } from '../storage/team-members';
import { emitEvent } from './connectivity';

/** Removes `userId` from `tenantId` and ends that user's sessions in the tenant, announced in the same transaction. */
export const removeMember = (db: Database, tenantId: string, userId: string): Promise<boolean> =>
  removeMembership(
    sqlTables(db),
    {
      endSessions: (tenant, user, reason, within) =>
        endMemberSessions(databaseOf(within) ?? db, tenant, user, reason),
      announce: (tenant, event, data, within) =>
        emitEvent({ db: databaseOf(within) ?? db }, tenant, event, data),
    },
    tenantId,
    userId,
  );
