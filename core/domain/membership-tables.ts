/**
 * Who belongs to which account, as the SQL schema declares it (server/storage/migrations-001-004.ts,
 * schema/{invitations,sub-accounts,scim}.ts): a membership per user and account, with the roles the
 * user holds there. The server and demo mode both keep their members as these rows.
 */
import { GROUP_MEMBERS } from './group-token-tables';
import { col, nullable, table, type RowOf } from './tables';

/** A user's membership of an account (one per user and account). */
export const MEMBERSHIPS = table(
  'memberships',
  {
    id: col.uuid,
    userId: col.uuid,
    tenantId: col.uuid,
    createdAt: col.timestamptz,
    /** Invited and not accepted yet: no member until they accept (no permissions there). */
    invitationPending: col.bool,
    /** false: the member may not open the account (the sub-accounts page's access switch). */
    accessAllowed: col.bool,
    /** The directory (SCIM) configuration that provisioned the member; null: the portal's. */
    scimConfigurationId: nullable(col.uuid),
  },
  () => [
    [MEMBERSHIP_ROLES, 'membershipId'],
    [GROUP_MEMBERS, 'membershipId'],
  ],
);
export type MembershipRow = RowOf<typeof MEMBERSHIPS>;

/** A role a member holds in the account of their membership. */
export const MEMBERSHIP_ROLES = table('membership_roles', { membershipId: col.uuid, roleId: col.uuid });
