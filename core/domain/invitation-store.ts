/**
 * Where invitations are kept, written once over the storage port (core/domain/tables.ts) for the
 * server (SQL over PostgreSQL) and demo mode (its stored tables): an invitation is a membership of
 * `memberships` with `invitationPending`, of a row of `users` (a new address gets one), with its
 * roles in `membership_roles`; the link is a one-time token (core/domain/one-time-tokens.ts). The
 * rules over these ports are core/domain/invitations.ts; what a backend does that the other cannot
 * (sending, the account's webhooks, hashing a password) comes in as extras.
 */
import type { AcceptancePorts, Invitee, InvitationPorts, PendingInvitation } from './invitations';
import { MEMBERSHIP_ROLES, MEMBERSHIPS, type MembershipRow } from './membership-tables';
import { oneTimeTokens } from './one-time-tokens';
import type { OneTimePurpose } from './passwordless';
import { inRows, sameText, saveRow, stamp, type RowClock, type Tables } from './tables';
import { TENANTS, type TenantRow } from './tenant-tables';
import { UserExistsError, userRepository, USERS, type UserRow } from './user-tables';

/** A new membership of `userId` in `tenantId`, with these roles (named once each). */
interface NewMembership {
  userId: string;
  tenantId: string;
  roleIds: readonly string[];
  invitationPending?: boolean;
  accessAllowed?: boolean;
}

/** Adds the membership and its roles (the caller checked there is none); the row as stored. */
export async function insertMembership(
  tables: Tables,
  clock: RowClock,
  member: NewMembership,
): Promise<MembershipRow> {
  const row = await tables.of(MEMBERSHIPS).insert(membershipRow(clock, member));
  await insertRoles(tables, row.id, member.roleIds);
  return row;
}

/** A new membership's row (the schema's defaults for what is not given). */
const membershipRow = (clock: RowClock, member: Omit<NewMembership, 'roleIds'>): MembershipRow => ({
  id: clock.newId(),
  userId: member.userId,
  tenantId: member.tenantId,
  createdAt: stamp(clock.now()),
  invitationPending: member.invitationPending ?? false,
  accessAllowed: member.accessAllowed ?? true,
  scimConfigurationId: null,
});

/** Gives the membership these roles (each once; a few per membership). */
export async function insertRoles(tables: Tables, membershipId: string, roleIds: readonly string[]) {
  for (const roleId of new Set(roleIds)) await tables.of(MEMBERSHIP_ROLES).insert({ membershipId, roleId });
}

/** A user's pending membership of a live account (an invitation's rows). */
const pendingIn = (tenantId: string) => ({
  tenantId,
  invitationPending: true,
});

/** The invitations' rows: memberships, the users they invite and the accounts they are to. */
export function invitationStore(tables: Tables, clock: RowClock) {
  const memberships = tables.of(MEMBERSHIPS);
  const byAddress = (email: string) => inRows<string, UserRow>(USERS, 'id', { email: sameText(email) });
  const liveAccounts = inRows<string, TenantRow>(TENANTS, 'id', { deletedAt: null });
  return {
    /** The member of the account with this (normalised) address, pending or not; null when none. */
    async memberByEmail(tenantId: string, email: string) {
      const row = await memberships.row({ tenantId, userId: byAddress(email) });
      return row ? { userId: row.userId, pending: row.invitationPending } : null;
    },
    /** Whether `userId` is a member of the account, pending or not; null when not. */
    async membership(tenantId: string, userId: string) {
      const row = await memberships.row({ tenantId, userId });
      return row ? { pending: row.invitationPending } : null;
    },
    /** The pending invitations of a user or of an address, oldest first, in accounts that exist. */
    async pendingOf(who: { userId: string } | { email: string }): Promise<PendingInvitation[]> {
      const userId = 'userId' in who ? who.userId : byAddress(who.email);
      const where = { userId, invitationPending: true, tenantId: liveAccounts };
      const rows = await memberships.rows({ where, orderBy: [{ by: 'createdAt' }, { by: 'tenantId' }] });
      return rows.map((r) => ({ tenantId: r.tenantId, userId: r.userId }));
    },
    /**
     * Adds the invitee (a new user of the account's vendor when the address has none) with a pending
     * membership and roles, in one transaction; null when the address was taken meanwhile.
     */
    addInvitee: (tenantId: string, invitee: Invitee): Promise<string | null> =>
      tables
        .transaction(async (tx) => {
          const users = userRepository(tx, clock);
          const user =
            (await users.byEmail(invitee.email)) ??
            (await users.insert({
              vendorId: (await tx.of(TENANTS).row({ id: tenantId }))!.vendorId,
              email: invitee.email,
              name: invitee.name,
              phone: invitee.phone,
              passwordHash: null,
              verified: false,
            }));
          await insertMembership(tx, clock, {
            ...pendingIn(tenantId),
            userId: user.id,
            roleIds: invitee.roleIds,
          });
          return user.id;
        })
        .catch((error: unknown) => {
          // Two admins inviting one new address at the same moment: one of them adds the user.
          if (error instanceof UserExistsError) return null;
          throw error;
        }),
    /** The account's name and vendor; null when it does not exist or was deleted. */
    async liveTenant(tenantId: string) {
      const row = await tables.of(TENANTS).row({ id: tenantId, deletedAt: null });
      return row ? { name: row.name, vendorId: row.vendorId } : null;
    },
    /** The name of the account where `userId`'s invitation is pending; null when not (or the account is gone). */
    async pendingTenantName(userId: string, tenantId: string) {
      const pending = inRows<string, MembershipRow>(MEMBERSHIPS, 'tenantId', {
        ...pendingIn(tenantId),
        userId,
      });
      return (await tables.of(TENANTS).row({ id: pending, deletedAt: null }))?.name ?? null;
    },
    /**
     * Starts a pending membership: the address proven, the account the user's active one, the
     * password hash set when given. False when the membership is not pending (any more).
     */
    async startMembership(input: { userId: string; tenantId: string; passwordHash: string | null }) {
      const { userId, tenantId, passwordHash } = input;
      const joined = await memberships.update(
        { ...pendingIn(tenantId), userId },
        { invitationPending: false },
      );
      if (joined.length === 0) return false;
      const changes = { verified: true, activeTenantId: tenantId, updatedAt: stamp(clock.now()) };
      await tables
        .of(USERS)
        .update({ id: userId }, passwordHash === null ? changes : { ...changes, passwordHash });
      return true;
    },
    /** Joins the account by an invite link: a member with no role (a pending invitation accepted), the account active. */
    async joinByLink(userId: string, tenantId: string) {
      const where = { userId, tenantId };
      await saveRow(tables, MEMBERSHIPS, where, { invitationPending: false }, () =>
        membershipRow(clock, where),
      );
      await tables
        .of(USERS)
        .update({ id: userId }, { activeTenantId: tenantId, updatedAt: stamp(clock.now()) });
    },
  };
}

/** What the invitation ports read of other areas, and what only a backend does (sending, webhooks). */
type InvitationExtras = Pick<
  InvitationPorts,
  'roleGrants' | 'emailDomainAllowed' | 'permissionsIn' | 'sendInvitation' | 'invited'
>;

/** The invitation ports over `tables` (the server's per request, demo mode's stored ones). */
export function invitationPortsOver(
  tables: Tables,
  clock: RowClock,
  extras: InvitationExtras,
): InvitationPorts {
  const store = invitationStore(tables, clock);
  return {
    memberByEmail: store.memberByEmail,
    membership: store.membership,
    addInvitee: store.addInvitee,
    pendingOf: store.pendingOf,
    ...extras,
  };
}

/** What accepting reads besides the tables: how a store keys a link, hashes a password, and sends. */
interface AcceptanceExtras extends Pick<AcceptancePorts, 'passwordProblem' | 'sendChoosePassword'> {
  /** The one-time tokens' key of a link (core/domain/one-time-tokens.ts). */
  keyOf(purpose: OneTimePurpose, secret: string): string;
  hashPassword(password: string): Promise<string>;
}

/** Thrown inside the acceptance's transaction to roll it back when the link or membership changed meanwhile. */
class Superseded extends Error {}

/** The acceptance ports over `tables`: the invitation link (one-time tokens) and the pending membership. */
export function acceptancePortsOver(
  tables: Tables,
  clock: RowClock,
  extras: AcceptanceExtras,
): AcceptancePorts {
  const links = (over: Tables) => oneTimeTokens({ tables: over, ...clock, keyOf: extras.keyOf });
  return {
    async live(userId, token) {
      const user = await tables.of(USERS).row({ id: userId });
      const link = user ? await links(tables).findLiveLink('invitation', token, user.id) : null;
      const tenantId = typeof link?.data.tenantId === 'string' ? link.data.tenantId : null;
      const name =
        user && tenantId ? await invitationStore(tables, clock).pendingTenantName(user.id, tenantId) : null;
      if (!user || !tenantId || name === null) return null;
      return { tenantId, tenantName: name, shouldSetPassword: !user.passwordHash, email: user.email };
    },
    passwordProblem: extras.passwordProblem,
    async join(input) {
      const passwordHash = input.password === null ? null : await extras.hashPassword(input.password);
      return tables
        .transaction(async (tx) => {
          const used = await links(tx).consumeLink('invitation', input.token, input.userId);
          if (!used || used.data.tenantId !== input.tenantId) throw new Superseded();
          const started = await invitationStore(tx, clock).startMembership({ ...input, passwordHash });
          if (!started) throw new Superseded();
          return true;
        })
        .catch((error: unknown) => {
          if (error instanceof Superseded) return false;
          throw error;
        });
    },
    sendChoosePassword: extras.sendChoosePassword,
  };
}
