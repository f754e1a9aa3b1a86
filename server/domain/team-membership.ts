/**
 * The ports of an account's members on the server: core/domain/team-members.ts's rules and
 * core/domain/team-member-handlers.ts's routes over core/domain/team-member-store.ts (the storage
 * demo mode runs too) on `sqlTables`. What stays the server's own: a member's grants as sign-in
 * reads them (server/domain/grants.ts), SCIM's column, the
 * sessions the member's removal ends, and the account's events (webhooks) of a removal and a
 * change of roles, written in the transaction of the change.
 */
import type { TeamMemberHandlerPorts } from '../../core/domain/team-member-handlers';
import { teamMemberPorts, type TeamMemberStoreExtras } from '../../core/domain/team-member-store';
import type { MemberActor } from '../../core/domain/team-members';
import type { AppContext } from '../context';
import type { Database } from '../storage/database';
import { SERVER_ROW_CLOCK, sqlTables } from '../storage/tables';
import { endMemberSessions, scimManagedMemberships } from '../storage/team-members';
import { emitEvent } from './connectivity';
import { memberPermissionKeys } from './grants';

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** What the store is given on the server, over `db` (a transaction's handle inside one). */
const serverExtras = (db: Database): TeamMemberStoreExtras => ({
  memberKeys: (tenantId, userId) => memberPermissionKeys(db, tenantId, userId),
  scimMemberships: (ids) => scimManagedMemberships(db, ids),
  endSessions: (tenantId, userId, reason) => endMemberSessions(db, tenantId, userId, reason),
  announce: (tenantId, event, data) => emitEvent({ db }, tenantId, event, data),
  isUserId: (id) => UUID.test(id),
});

const storeOver = (db: Database) => teamMemberPorts(sqlTables(db), SERVER_ROW_CLOCK, serverExtras(db));

/**
 * Removes `userId` from `tenantId` and ends that user's sessions in the tenant (their refresh tokens
 * stop working; access tokens already issued expire on their own), announced in the same transaction.
 */
export const removeMember = (db: Database, tenantId: string, userId: string): Promise<boolean> =>
  db.transaction((tx) => storeOver(tx).remove(tenantId, userId));

/** The members' handlers' ports over the server's database, for one caller (`actor`). */
export function memberHandlerPorts(ctx: AppContext): (actor: MemberActor) => TeamMemberHandlerPorts {
  const db = ctx.db;
  const shared: Omit<TeamMemberHandlerPorts, 'actor'> = {
    ...storeOver(db),
    // A change and its announcement commit together: the store runs over the transaction's handle.
    remove: (tenantId, userId) => removeMember(db, tenantId, userId),
    setRoles: (tenantId, userId, roleIds) =>
      db.transaction((tx) => storeOver(tx).setRoles(tenantId, userId, roleIds)),
  };
  return (actor) => ({ ...shared, actor: () => actor });
}
