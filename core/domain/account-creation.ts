/**
 * A new user and the account they start in, and a membership with roles, written once over the
 * tables port for both backends: a sign-up (core/domain/sign-up-handlers.ts), a first sign-in by a
 * social or SSO provider (the server's federation, demo mode's stand-in), the development seed.
 */
import { contractError } from '../contract/errors';
import { MEMBERSHIP_ROLES, MEMBERSHIPS, type MembershipRow } from './membership-tables';
import { parseMetadata } from './profile';
import { ROLES } from './role-tables';
import { oneOf, stamp, type RowClock, type Tables } from './tables';
import { newTenantRow, TENANTS } from './tenant-tables';
import type { NewAccount } from './sign-up-handlers';
import { USERS, userRepository, UserExistsError, type NewUser, type UserRow } from './user-tables';

/** Where a new user starts: an account of their own (holding its creator roles), or one they join. */
type Placement =
  | { kind: 'ownTenant'; tenantName: string }
  | { kind: 'tenant'; tenantId: string; roleKeys: readonly string[] };

/**
 * Makes `userId` a member of `tenantId` holding the roles of these keys (the vendor's and the
 * account's own); a member already gains only the roles they lack. Under the membership's lock.
 */
export function addMembershipOver(
  tables: Tables,
  clock: RowClock,
  { userId, tenantId, roleKeys }: { userId: string; tenantId: string; roleKeys: readonly string[] },
): Promise<MembershipRow> {
  return tables.transaction(async (tx) => {
    await tx.lock(`membership:${tenantId}:${userId}`);
    const found = await tx.of(MEMBERSHIPS).row({ userId, tenantId });
    const membership =
      found ??
      (await tx.of(MEMBERSHIPS).insert({
        id: clock.newId(),
        userId,
        tenantId,
        createdAt: stamp(clock.now()),
        invitationPending: false,
        accessAllowed: true,
        scimConfigurationId: null,
      }));
    if (roleKeys.length === 0) return membership;
    const roles = await tx
      .of(ROLES)
      .rows({ where: { key: oneOf(roleKeys), tenantId: oneOf([null, tenantId]) } });
    const held = found
      ? (await tx.of(MEMBERSHIP_ROLES).rows({ where: { membershipId: membership.id } })).map((l) => l.roleId)
      : [];
    const missing = roles.filter((r) => !held.includes(r.id));
    await tx
      .of(MEMBERSHIP_ROLES)
      .insertAll(missing.map((r) => ({ membershipId: membership.id, roleId: r.id })));
    return membership;
  });
}

/**
 * Stores a new user of `vendorId` and their membership of the account `placement` names (a new
 * one: its creator roles, the vendor's built-in roles marked so), which becomes their active
 * account; one transaction. Throws `UserExistsError` when the email is taken.
 */
export function newAccountOver(
  tables: Tables,
  clock: RowClock,
  user: NewUser,
  placement: Placement,
): Promise<{ user: UserRow; tenantId: string }> {
  return tables.transaction(async (tx) => {
    const created = await userRepository(tx, clock).insert(user);
    let tenantId: string;
    let roleKeys: readonly string[];
    if (placement.kind === 'ownTenant') {
      const account = newTenantRow({
        id: clock.newId(),
        vendorId: user.vendorId,
        name: placement.tenantName,
        createdAt: stamp(clock.now()),
      });
      tenantId = (await tx.of(TENANTS).insert(account)).id;
      const creator = { defaultForCreator: true, tenantId: null };
      roleKeys = (await tx.of(ROLES).rows({ where: creator, orderBy: [{ by: 'key' }] })).map((r) => r.key);
    } else ({ tenantId, roleKeys } = placement);
    await addMembershipOver(tx, clock, { userId: created.id, tenantId, roleKeys });
    await tx.of(USERS).update({ id: created.id }, { activeTenantId: tenantId });
    return { user: { ...created, activeTenantId: tenantId }, tenantId };
  });
}

/**
 * A sign-up's user (their password hashed by the caller, `passwordHash`) and account: their own,
 * holding the creator roles, or the invite link's with no role; not verified until activated.
 * 409 USER_EXISTS when the email is taken.
 */
export async function signUpAccountOver(
  tables: Tables,
  clock: RowClock,
  vendorId: string,
  account: NewAccount,
  passwordHash: string,
): Promise<{ user: UserRow; tenantId: string }> {
  const user = {
    vendorId,
    email: account.email,
    name: account.name,
    phone: account.phoneNumber,
    passwordHash,
    // The email address has not been proven yet; activation (a later flow) sets this.
    verified: false,
    metadata: parseMetadata(account.metadata as Parameters<typeof parseMetadata>[0]),
  };
  const placement: Placement = account.joinTenantId
    ? { kind: 'tenant', tenantId: account.joinTenantId, roleKeys: [] }
    : { kind: 'ownTenant', tenantName: account.tenantName };
  return newAccountOver(tables, clock, user, placement).catch((error: unknown) => {
    if (error instanceof UserExistsError) throw contractError('USER_EXISTS');
    throw error;
  });
}
