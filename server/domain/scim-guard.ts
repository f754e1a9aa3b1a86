/**
 * Who a SCIM connection may change (docs/scim.md "Who a connection may change"; domain/scim.ts): at
 * most what its creator holds in the account now, and a person's email, phone or name only when the
 * account's provisioning owns the person.
 */
import type { Database } from '../storage/database';
import { permissionKeysOfRoles } from '../storage/roles';
import type { ScimCaller } from './directory';
import { holdsEverything, memberPermissionKeys } from './grants';
import { groupDirectory, groupRepository } from '../../core/domain/group-store';
import { SERVER_ROW_CLOCK, sqlTables } from '../storage/tables';
import { ScimError } from './scim';
import type { UserInput, UserRow } from './scim-user-resource';

/** The refusals of the rules below (docs/scim.md "Who a connection may change"). */
const GUARD = {
  memberAbove:
    "This user holds permissions that the connection's creator does not: manage them in the portal, or have an administrator who holds them create the connection",
  groupAbove:
    "This group gives permissions that the connection's creator does not hold: its members can change only through a connection created by an administrator who holds them",
  notOwned: (attributes: string) =>
    `${attributes} cannot change over SCIM: this person was not provisioned by this account, or belongs to other accounts too`,
} as const;

/** What the connection's creator holds in the account now: the most the connection may touch. */
async function ceilingOf(db: Database, caller: ScimCaller): Promise<string[]> {
  return caller.createdBy ? memberPermissionKeys(db, caller.tenantId, caller.createdBy) : [];
}

/** 403 when the member holds a permission the connection's creator lacks. */
export async function assertNotAbove(db: Database, caller: ScimCaller, userId: string): Promise<void> {
  const [ceiling, held] = await Promise.all([
    ceilingOf(db, caller),
    memberPermissionKeys(db, caller.tenantId, userId),
  ]);
  if (!holdsEverything(ceiling, held)) throw new ScimError(403, GUARD.memberAbove);
}

/** 403 when the group's roles give a permission the connection's creator lacks. */
export async function assertGroupNotAbove(db: Database, caller: ScimCaller, groupId: string): Promise<void> {
  const tables = sqlTables(db);
  const directory = groupDirectory(tables, caller.tenantId);
  const group = await groupRepository(tables, caller.tenantId, directory, SERVER_ROW_CLOCK).find(groupId);
  const roleIds = (group?.roles ?? []).map((r) => r.id);
  if (roleIds.length === 0) return;
  const [ceiling, given] = await Promise.all([
    ceilingOf(db, caller),
    permissionKeysOfRoles(db, caller.tenantId, roleIds),
  ]);
  if (!holdsEverything(ceiling, given.keys)) throw new ScimError(403, GUARD.groupAbove);
}

/**
 * Whether the account's provisioning owns the person, and so may change their email, phone and
 * name: they belong to this account only, are no super user, and were created by this account's
 * SCIM or have an email of a domain the account validated (its SSO domains, proved by DNS).
 */
export async function ownsPerson(db: Database, caller: ScimCaller, userId: string): Promise<boolean> {
  const { rows } = await db.query<{ owned: boolean }>(
    `SELECT NOT u.super_user
        AND NOT EXISTS (SELECT 1 FROM memberships o WHERE o.user_id = u.id AND o.tenant_id <> $2)
        AND (u.scim_tenant_id = $2 OR EXISTS (
              SELECT 1 FROM sso_connection_domains d
               WHERE d.tenant_id = $2 AND d.validated AND d.domain = split_part(lower(u.email), '@', 2))) AS owned
       FROM users u WHERE u.id = $1`,
    [userId, caller.tenantId],
  );
  return rows[0]?.owned === true;
}

/** The person's own attributes that `input` would change (their sign-in identifiers and name). */
function profileChanges(row: UserRow, input: UserInput): string[] {
  const changed: string[] = [];
  if (input.email !== row.email) changed.push('emails');
  if (input.phone !== null && input.phone !== row.phone) changed.push('phoneNumbers');
  if (input.name !== (row.name ?? row.email)) changed.push('displayName');
  return changed;
}

/** 400 `mutability` when `input` changes the person's profile and the account does not own them. */
export async function assertMayChangeProfile(
  db: Database,
  caller: ScimCaller,
  row: UserRow,
  input: UserInput,
): Promise<void> {
  const changed = profileChanges(row, input);
  if (changed.length === 0 || (await ownsPerson(db, caller, row.id))) return;
  const list =
    changed.length === 1 ? changed[0]! : `${changed.slice(0, -1).join(', ')} and ${changed.at(-1)}`;
  throw new ScimError(400, GUARD.notOwned(list), 'mutability');
}
