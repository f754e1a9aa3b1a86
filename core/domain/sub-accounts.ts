/**
 * Managing sub-accounts (spec 001 §7 "Sub-tenants: PATCH /{tenantId} (name), DELETE /{id}; identity
 * sub-tenant user ... remove"): renaming and deleting an account below the caller's active one, and
 * ending a member's place in one account or in several across the tree. The rules are written once
 * over a repository, written once over the tables port for both backends
 * (core/domain/sub-account-store.ts). Every account named must lie within the caller's
 * tree (404 otherwise, no hint of others); the caller's own account is renamed in the account
 * settings and cannot be deleted from here.
 */
import { contractError } from '../contract/errors';
import { holdsPermission } from '../contract/permissions';
import { rowInAnyCase, type SubAccountTreeRepository, upToRoot } from './sub-account-tree';

export interface SubAccountsRepository extends SubAccountTreeRepository {
  /** True when `tenantId` is `rootId` or a live account below it. */
  isWithin(rootId: string, tenantId: string): Promise<boolean>;
  /** Renames the account and, when given, sets its type; answers the type it has then. */
  rename(tenantId: string, name: string, tenantType: TenantType | undefined): Promise<TenantType | null>;
  /** Deletes the account and every account below it. */
  remove(tenantId: string): Promise<void>;
  isMember(tenantId: string, userId: string): Promise<boolean>;
  /** Ends the membership in `tenantId` and in every account below it. */
  removeMember(tenantId: string, userId: string): Promise<void>;
  /** The id of the user with this email (any case) who is a member of one of `tenantIds`, or null. */
  memberByEmail(email: string, tenantIds: string[]): Promise<string | null>;
  /** Those of `roleIds` that are roles of `tenantId` (or of every account). */
  assignableRoles(tenantId: string, roleIds: string[]): Promise<string[]>;
  /** Adds every membership, or none and answers false when one exists by then. */
  addMembers(members: NewSubAccountMember[]): Promise<boolean>;
  /** The ids of the roles the member holds in `tenantId`. */
  roleIdsOf(tenantId: string, userId: string): Promise<string[]>;
  /** The member's roles in `tenantId` become `roleIds` (each assignable there). */
  setRoles(tenantId: string, userId: string, roleIds: string[]): Promise<void>;
  /** Allows or denies the member's access to `tenantId`. */
  setAccess(tenantId: string, userId: string, allowed: boolean): Promise<void>;
  /** Per existing account of `tenantIds`: its members, and those whose access there is allowed. */
  memberCounts(tenantIds: string[]): Promise<Array<{ tenantId: string; total: number; allowed: number }>>;
}

export interface NewSubAccountMember {
  userId: string;
  tenantId: string;
  roleIds: string[];
  allowAccess: boolean;
}

/** The client SDK's TenantType (tenants `ITenantsResponseV2.tenantType`): an account's kind, or none. */
export const TENANT_TYPES = ['customer', 'spam', 'test', 'reseller', 'headquarter'] as const;
export type TenantType = (typeof TENANT_TYPES)[number];

/** The sort fields of the hierarchy search (spec 001 §3 "Tenant sort fields: createdAt, name, tenantId"). */
export const SUB_ACCOUNT_SORT_FIELDS = ['createdAt', 'name', 'tenantId'] as const;
export type SubAccountSortField = (typeof SUB_ACCOUNT_SORT_FIELDS)[number];

/** The order a validated `_sortBy` / `_order` asks for: by name, ascending, unless told. */
export function subAccountOrder(query: { _sortBy?: string; _order?: string }): {
  sortBy: SubAccountSortField;
  order: 'ASC' | 'DESC';
} {
  const sortBy = SUB_ACCOUNT_SORT_FIELDS.find((field) => field === query._sortBy) ?? 'name';
  return { sortBy, order: query._order?.toUpperCase() === 'DESC' ? 'DESC' : 'ASC' };
}

/** 404 unless `tenantId` is `rootId` or an account below it (no hint of others). */
export async function assertWithin(
  repo: SubAccountsRepository,
  rootId: string,
  tenantId: string,
): Promise<void> {
  if (!(await repo.isWithin(rootId, tenantId))) throw contractError('SUB_ACCOUNT_NOT_FOUND');
}

/**
 * Renames a sub-account and, when `tenantType` is given, sets its type (blank name 400, the caller's
 * own account 400, outside the tree 404; the type is one of TENANT_TYPES, checked by the contract).
 */
export async function renameSubAccount(
  repo: SubAccountsRepository,
  rootId: string,
  tenantId: string,
  name: string,
  tenantType?: TenantType,
): Promise<{ tenantId: string; name: string; tenantType: TenantType | null }> {
  const trimmed = name.trim();
  if (!trimmed) throw contractError('SUB_ACCOUNT_NAME_REQUIRED');
  if (tenantId === rootId) throw contractError('SUB_ACCOUNT_RENAME_OWN');
  await assertWithin(repo, rootId, tenantId);
  return { tenantId, name: trimmed, tenantType: await repo.rename(tenantId, trimmed, tenantType) };
}

/** Deletes a sub-account and every account below it (never the caller's own account). */
export async function deleteSubAccount(
  repo: SubAccountsRepository,
  rootId: string,
  tenantId: string,
): Promise<void> {
  if (tenantId === rootId) throw contractError('SUB_ACCOUNT_DELETE_OWN');
  await assertWithin(repo, rootId, tenantId);
  await repo.remove(tenantId);
}

/**
 * Ends a member's place in each account named (and the accounts below each). Every account is
 * checked first (within the tree, the user a member there, and `mayRemove`, the server's rule of who
 * may act on whom), then the memberships end: nothing is half-applied. An account named twice: 400.
 */
export async function removeSubAccountMember(
  repo: SubAccountsRepository,
  input: {
    rootId: string;
    userId: string;
    tenantIds: string[];
    mayRemove?: (tenantId: string) => Promise<void>;
  },
): Promise<void> {
  if (new Set(input.tenantIds).size !== input.tenantIds.length)
    throw contractError('SUB_ACCOUNT_NAMED_TWICE');
  for (const tenantId of input.tenantIds) {
    await assertWithin(repo, input.rootId, tenantId);
    if (!(await repo.isMember(tenantId, input.userId))) throw contractError('SUB_ACCOUNT_USER_NOT_FOUND');
    await input.mayRemove?.(tenantId);
  }
  // An account below one removed before has lost the member already.
  for (const tenantId of input.tenantIds)
    if (await repo.isMember(tenantId, input.userId)) await repo.removeMember(tenantId, input.userId);
}

const distinct = (ids: readonly string[]) => [...new Set(ids.filter((id) => id !== ''))];

/**
 * Adds people to accounts of the caller's tree (the per-account add, and the client SDK's
 * addUserToTenantAndSubTenants and addUsersToSubTenant). A person added to an account must already be
 * a member of the caller's account or of an account between it and the target (a user of one
 * account joins an account below it; strangers are invited on the users page, not created here).
 * Every pair is checked first (within the tree, roles the caller may grant (`mayGrant`, the server's
 * rule), roles of that account, not yet a member), then all are written: nothing is half-applied.
 * `rolesOf` (lower-cased email to role ids): a person's own roles beside those of the account entry.
 */
export async function addSubAccountMembers(
  repo: SubAccountsRepository,
  input: {
    rootId: string;
    emails: string[];
    accounts: Array<{ tenantId: string; roleIds?: string[] }>;
    allowAccess: boolean;
    rolesOf?: ReadonlyMap<string, string[]>;
    mayGrant?: (tenantId: string, roleIds: string[]) => Promise<void>;
  },
): Promise<void> {
  if (new Set(input.accounts.map((a) => a.tenantId)).size !== input.accounts.length)
    throw contractError('SUB_ACCOUNT_NAMED_TWICE');
  const emails = [...new Set(input.emails.map((e) => e.trim().toLowerCase()))];
  const members: NewSubAccountMember[] = [];
  const tree = await repo.treeOf(input.rootId);
  for (const account of input.accounts) {
    const row = rowInAnyCase(tree, account.tenantId);
    if (!row) throw contractError('SUB_ACCOUNT_NOT_FOUND');
    const { tenantId } = row;
    const path = upToRoot(tree, row).map((r) => r.tenantId);
    // The accounts a newcomer may come from: the caller's own and those between it and the target.
    const sources = path.length > 1 ? path.slice(1) : path;
    const roleIds = account.roleIds ?? [];
    for (const email of emails) {
      const wanted = distinct([...roleIds, ...(input.rolesOf?.get(email) ?? [])]);
      await input.mayGrant?.(tenantId, wanted);
      if ((await repo.assignableRoles(tenantId, wanted)).length !== wanted.length)
        throw contractError('ROLES_UNKNOWN');
      const userId = await repo.memberByEmail(email, sources);
      if (!userId) throw contractError('SUB_ACCOUNT_NO_SUCH_MEMBER');
      if (await repo.isMember(tenantId, userId)) throw contractError('SUB_ACCOUNT_ALREADY_MEMBER');
      members.push({ userId, tenantId, roleIds: wanted, allowAccess: input.allowAccess });
    }
  }
  // Checked above; one added meanwhile (another request) refuses them all.
  if (!(await repo.addMembers(members))) throw contractError('SUB_ACCOUNT_ALREADY_MEMBER');
}

/** Who joins which accounts (addSubAccountMembers' input without the caller's part). */
export type NewMembers = Pick<
  Parameters<typeof addSubAccountMembers>[1],
  'emails' | 'accounts' | 'allowAccess' | 'rolesOf'
>;

/** The per-account add (POST sub-tenants v1/{tenantId}/users), as addSubAccountMembers' input. */
export const membersOfAccountBody = (
  tenantId: string,
  body: { email: string; roleIds?: string[]; allowSubAccountAccess?: boolean },
): NewMembers => ({
  emails: [body.email],
  accounts: [{ tenantId, roleIds: body.roleIds ?? [] }],
  allowAccess: body.allowSubAccountAccess ?? false,
});

/** The client SDK's addUserToTenantAndSubTenants body (its descriptor: postSubTenantsUsersV1). */
export const membersOfV1Body = (body: {
  user: { email: string };
  subTenants: Array<{ tenantId: string; roleIds?: string[] }>;
}): NewMembers => ({ emails: [body.user.email], accounts: body.subTenants, allowAccess: false });

/**
 * The client SDK's addUsersToSubTenant body (its descriptor: postSubTenantsUsersV2): a person's own
 * roles (users[].roleIds) are given beside those for everyone (roleIds).
 */
export function membersOfV2Body(body: {
  users: Array<{ email: string; roleIds?: string[] }>;
  tenantId: string;
  roleIds?: string[];
  allowSubAccountAccess?: boolean;
}): NewMembers {
  const rolesOf = new Map<string, string[]>();
  for (const { email, roleIds = [] } of body.users) {
    const key = email.trim().toLowerCase();
    const own = distinct([...(rolesOf.get(key) ?? []), ...roleIds]);
    if (own.length) rolesOf.set(key, own);
  }
  return {
    emails: body.users.map((u) => u.email),
    accounts: [{ tenantId: body.tenantId, roleIds: body.roleIds ?? [] }],
    allowAccess: body.allowSubAccountAccess ?? false,
    rolesOf,
  };
}

/**
 * Whether a users list (GET users v2 and v3) includes the members of the accounts below
 * (`_includeSubTenants=true`, spec 001 §7): only for a caller who may read the sub-accounts
 * (fe.account-hierarchy.read.subAccount; 403 otherwise).
 */
export function includesSubAccounts(held: readonly string[], includeSubTenants: string | undefined): boolean {
  if (includeSubTenants !== 'true') return false;
  const permission = 'fe.account-hierarchy.read.subAccount';
  if (!holdsPermission(held, permission)) throw contractError('PERMISSION_REQUIRED', { permission });
  return true;
}
