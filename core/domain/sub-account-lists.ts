/**
 * The lists of the All accounts page and of the client SDK's hierarchy calls (spec 001 §7, §9
 * "all-accounts query limit 50", "selected-account users limit 10"): the paging, the next link and
 * the page metadata, written once over a lists repository, itself written once over the tables port
 * for both backends (core/domain/sub-account-store.ts). Every account named must lie within the
 * caller's tree (404 otherwise).
 */
import {
  assertWithin,
  type SubAccountSortField,
  subAccountOrder,
  type SubAccountsRepository,
} from './sub-accounts';

const SUB_ACCOUNTS_PAGE_SIZE = 50;
const SUB_ACCOUNT_USERS_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 200;

/** `_limit` as asked, between 1 and 200, else the list's own size. */
const pageSize = (value: string | undefined, fallback: number) =>
  Math.min(MAX_PAGE_SIZE, Math.max(1, Number(value ?? fallback)));

/** A sub-account as the search lists it (the client SDK's `ISearchSubTenantsResponse` item). */
export interface SubAccountItem {
  id: string;
  tenantId: string;
  name: string;
  parentTenantId: string | null;
  createdAt: string;
  numberOfUsers: number;
  /** How many sub-accounts this one has (0: a leaf). */
  numberOfChildren: number;
  metadata: unknown;
  /** The client SDK's TenantType, or null. */
  tenantType: string | null;
}

/** An account as a list reads it: a row of `tenants` (core/domain/tenant-tables.ts). */
interface ListedAccount {
  id: string;
  name: string;
  parentTenantId?: string | null;
  createdAt?: string | Date;
  metadata?: unknown;
  tenantType?: string | null;
}

/** A listed account as the search answers it, with its members and sub-accounts counted. */
export const subAccountItem = (
  account: ListedAccount,
  numberOfUsers: number,
  numberOfChildren: number,
): SubAccountItem => ({
  id: account.id,
  tenantId: account.id,
  name: account.name,
  parentTenantId: account.parentTenantId ?? null,
  createdAt: new Date(account.createdAt ?? 0).toISOString(),
  metadata: account.metadata ?? {},
  numberOfUsers,
  numberOfChildren,
  tenantType: account.tenantType ?? null,
});

export interface SubAccountSearch {
  rootId: string;
  /** List the children of this account (default: the root). Ignored by a search. */
  parentId?: string | undefined;
  /** Name search (trimmed; contains, any case) across the whole tree below the root. */
  filter: string;
  offset: number;
  limit: number;
  /** Then by id. */
  sortBy: SubAccountSortField;
  order: 'ASC' | 'DESC';
}

export interface TreeMembersQuery {
  offset: number;
  limit: number;
  /** Name or email contains it (any case); trimmed. */
  filter: string;
  sortBy: 'name' | 'email' | 'createdAt';
  order: 'ASC' | 'DESC';
}

type Role = { id: string; key: string; name: string };

/**
 * A member of a tree as the lists repository reads them (the server's row, its columns named so;
 * demo mode's stored user), with their accounts in the tree. Absent: none, or as noted.
 */
export interface TreeMember {
  id: string;
  email: string;
  name?: string | null;
  /** Absent: verified. */
  verified?: boolean;
  mfaEnrolled: boolean;
  /** Absent: local. */
  provider?: string;
  phoneNumber?: string | null;
  profilePictureUrl?: string | null;
  metadata: unknown;
  createdAt: string | Date;
  lastLogin?: string | Date | null;
  /** Their memberships in the tree with their roles there: the tree's root first when they belong to it. */
  memberships: Array<{ tenantId: string; roles: Role[] }>;
}

export interface SubAccountListsRepository {
  /** A page of the search, and how many accounts match it. */
  search(query: SubAccountSearch): Promise<{ items: SubAccountItem[]; totalItems: number }>;
  /** A page of an account's members (by name), with their roles there, and how many it has. */
  members(tenantId: string, offset: number, limit: number): Promise<{ items: unknown[]; totalItems: number }>;
  /** A page of the members of `rootId` and the accounts below it, once each, and how many match. */
  treeMembers(rootId: string, query: TreeMembersQuery): Promise<{ items: TreeMember[]; totalItems: number }>;
}

type Query = Record<string, string | undefined>;
const HIERARCHY = '/tenants/resources/hierarchy/v2';

/**
 * The children of the caller's account (or of `_subTenantId`), or with `_filter` every account of
 * the tree whose name contains it. `_offset` counts accounts; `_links.next` is the next page's
 * address, empty on the last page. `_sortBy` (createdAt, name, tenantId) and `_order` sort the page
 * (name ascending unless told) and go on in the link, as `_subTenantId` and `_filter` do.
 */
export async function searchSubAccounts(
  repo: SubAccountsRepository & SubAccountListsRepository,
  rootId: string,
  q: Query,
): Promise<{
  items: SubAccountItem[];
  _links: { next: string };
  _metadata: { totalItems: number; totalPages: number };
}> {
  if (q._subTenantId) await assertWithin(repo, rootId, q._subTenantId);
  const limit = pageSize(q._limit, SUB_ACCOUNTS_PAGE_SIZE);
  const offset = Number(q._offset ?? 0);
  const page = await repo.search({
    rootId,
    parentId: q._subTenantId,
    filter: (q._filter ?? '').trim(),
    offset,
    limit,
    ...subAccountOrder(q),
  });
  const next = new URLSearchParams({ _offset: String(offset + limit), _limit: String(limit) });
  for (const key of ['_subTenantId', '_filter', '_sortBy', '_order'] as const) {
    const value = q[key];
    if (value) next.set(key, value);
  }
  return {
    items: page.items,
    _links: { next: offset + limit < page.totalItems ? `${HIERARCHY}?${next}` : '' },
    // The client SDK's page metadata (ISearchSubTenantsResponse).
    _metadata: { totalItems: page.totalItems, totalPages: Math.ceil(page.totalItems / limit) },
  };
}

/** The members of an account of the caller's tree, 10 a page unless told, `_offset` counting users. */
export async function subAccountMembers(
  repo: SubAccountsRepository & SubAccountListsRepository,
  rootId: string,
  tenantId: string,
  q: Query,
): Promise<{ items: unknown[]; _metadata: { totalItems: number; totalPages: number } }> {
  await assertWithin(repo, rootId, tenantId);
  const limit = pageSize(q._limit, SUB_ACCOUNT_USERS_PAGE_SIZE);
  const { items, totalItems } = await repo.members(tenantId, Number(q._offset ?? 0), limit);
  return { items, _metadata: { totalItems, totalPages: Math.ceil(totalItems / limit) } };
}

/** A member of the tree as the client SDK reads it (ISubTenantUser); `tenantId`: their first account. */
function treeMemberDto({ memberships, lastLogin, ...user }: TreeMember) {
  const verified = user.verified !== false;
  return {
    id: user.id,
    sub: user.id,
    email: user.email,
    name: user.name ?? user.email.split('@')[0]!,
    verified,
    mfaEnrolled: user.mfaEnrolled,
    provider: user.provider ?? 'local',
    phoneNumber: user.phoneNumber ?? null,
    profilePictureUrl: user.profilePictureUrl ?? null,
    metadata: JSON.stringify(user.metadata ?? {}),
    createdAt: new Date(user.createdAt).toISOString(),
    tenantId: memberships[0]!.tenantId,
    tenantIds: memberships.map((m) => m.tenantId),
    tenants: memberships.map(({ tenantId, roles }) => ({
      tenantId,
      roles,
      activated: verified,
      lastLogin: lastLogin ? new Date(lastLogin).toISOString() : null,
    })),
  };
}

/**
 * The client SDK's members across the tree (subTenants.loadAllUsers): each once, with their accounts
 * in the tree; 10 a page unless told; by name unless `_sortBy` (name, email, createdAt) says.
 */
export async function treeMembers(
  repo: SubAccountListsRepository,
  rootId: string,
  q: Query,
): Promise<{ items: unknown[]; totalPages: number; _metadata: { totalItems: number; totalPages: number } }> {
  const limit = pageSize(q._limit, SUB_ACCOUNT_USERS_PAGE_SIZE);
  const { items, totalItems } = await repo.treeMembers(rootId, {
    offset: Number(q._offset ?? 0),
    limit,
    filter: (q._filter ?? '').trim(),
    sortBy: (q._sortBy ?? 'name') as TreeMembersQuery['sortBy'],
    order: q._order?.toUpperCase() === 'DESC' ? 'DESC' : 'ASC',
  });
  const totalPages = Math.ceil(totalItems / limit);
  return { items: items.map(treeMemberDto), totalPages, _metadata: { totalItems, totalPages } };
}
