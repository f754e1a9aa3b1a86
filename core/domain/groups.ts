/**
 * An account's groups (spec 001 §3, §6, §7): a name, colour, description and metadata, roles, and
 * members, who hold the group's roles in the account while its group configuration has groups and
 * their roles on. Written once for the server (server/routes/groups.ts over the SQL of
 * server/storage/groups.ts) and demo mode (core/demo/teamGroups.ts over its stored groups).
 *
 * What may be given or taken away (core/domain/grants.ts): adding or removing roles needs every
 * permission they grant; adding or removing members, or deleting the group, every permission the
 * group's roles grant; removing a member also needs every permission that member holds; turning
 * the groups' roles on or off, every permission the account's groups' roles grant. A group SCIM
 * manages keeps its name, description and members as the directory says (its roles stay the portal's).
 */
import { contractError } from '../contract/errors';
import { isListQuery, pageOf, type GroupSortField, type ListQuery } from '../contract/listQuery';
import { assertHoldsAll, assertNotAbove } from './grants';
import type { RoleDto } from './roles';

/** A group as the client SDK's IGroupResponse declares it, with its roles and members in full. */
export interface GroupDto {
  id: string;
  groupId: string;
  name: string;
  color: string | null;
  description: string | null;
  /** A JSON object, as a string. */
  metadata: string;
  managedBy: 'frontegg' | 'scim2';
  /** By name, case aside. */
  roles: RoleDto[];
  /** The client SDK's IGroupUser, by name, case aside. */
  users: Array<{
    id: string;
    email: string;
    name: string;
    profilePictureUrl: string | null;
    activatedForTenant: boolean;
    createdAt: string;
  }>;
  createdAt: string;
  updatedAt: string;
}

/** A group as storage keeps it, its roles and members aside. */
type StoredGroup = Pick<
  GroupDto,
  'id' | 'name' | 'color' | 'description' | 'managedBy' | 'createdAt' | 'updatedAt'
> & {
  metadata: Record<string, unknown>;
};

/** The group as the answers carry it, with its roles and members. */
export const groupDto = (g: StoredGroup, roles: RoleDto[], users: GroupDto['users']): GroupDto => ({
  id: g.id,
  groupId: g.id,
  name: g.name,
  color: g.color,
  description: g.description,
  metadata: JSON.stringify(g.metadata),
  managedBy: g.managedBy,
  roles,
  users,
  createdAt: g.createdAt,
  updatedAt: g.updatedAt,
});

/** What a write stores (absent: unchanged; color and description null: cleared). */
export interface GroupFields {
  name?: string;
  color?: string | null;
  description?: string | null;
  metadata?: Record<string, unknown>;
}

/** A write's outcome in storage: the group written, or why it was not. */
export type GroupWrite = { kind: 'ok'; group: GroupDto } | { kind: 'notFound' } | { kind: 'duplicateName' };

/** An account's group configuration (the client SDK's IGroupConfigResponse); both on until set. */
export interface GroupConfiguration {
  enabled: boolean;
  rolesEnabled: boolean;
}

export interface GroupListPage {
  filter: string;
  sortBy: GroupSortField;
  order: 'ASC' | 'DESC';
  page: number;
  /** null: every group. */
  limit: number | null;
}

/** Storage of one account's groups (every call is scoped to the account). */
export interface GroupRepository {
  /** The groups whose name or description contains the filter (case aside), sorted (ties by id), paged. */
  list(query: GroupListPage): Promise<{ items: GroupDto[]; totalItems: number }>;
  find(groupId: string): Promise<GroupDto | null>;
  /** Adds a group; duplicateName when the account has one of that name (case aside). */
  create(fields: GroupFields & { name: string }): Promise<GroupWrite>;
  update(groupId: string, fields: GroupFields): Promise<GroupWrite>;
  /** false when the account has no group of that id. */
  remove(groupId: string): Promise<boolean>;
  /** Adds (`add`) or removes roles the account offers; the group, or null when the account has none of that id. */
  changeRoles(groupId: string, roleIds: string[], add: boolean): Promise<GroupDto | null>;
  /** Adds (`add`) or removes members of the account; the group, or null when the account has none of that id. */
  changeUsers(groupId: string, userIds: string[], add: boolean): Promise<GroupDto | null>;
  /** Those of these users who are members of the account. */
  memberIds(userIds: string[]): Promise<string[]>;
  configuration(): Promise<GroupConfiguration>;
  /** Saves the parts given; the others keep their value. */
  saveConfiguration(patch: Partial<GroupConfiguration>): Promise<GroupConfiguration>;
  /** Every role the account's groups carry. */
  roleIdsInGroups(): Promise<string[]>;
  /** Which of these ids are the account's roles, and the permission keys those grant. */
  roleGrants(roleIds: string[]): Promise<{ known: string[]; keys: Iterable<string> }>;
}

export interface GroupPorts extends GroupRepository {
  /** The permission keys a member of the account holds (directly and through groups). */
  memberPermissions(userId: string): Promise<string[]>;
}

/** A create or edit body as the kit and the client SDK send it (metadata an object or a JSON string). */
export interface GroupBody {
  name?: string;
  color?: string | null;
  description?: string | null;
  metadata?: Record<string, unknown> | string;
}

/** Metadata as the client sends it (a JSON string) or as an object; METADATA_NOT_OBJECT for anything else. */
function metadataObject(value: Record<string, unknown> | string): Record<string, unknown> {
  if (typeof value !== 'string') return value;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw contractError('METADATA_NOT_OBJECT');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || Object.keys(parsed).length > 50)
    throw contractError('METADATA_NOT_OBJECT');
  return parsed as Record<string, unknown>;
}

const fieldsOf = (body: GroupBody): GroupFields => ({
  ...(body.name !== undefined ? { name: body.name.trim() } : {}),
  ...(body.color !== undefined ? { color: body.color || null } : {}),
  ...(body.description !== undefined ? { description: body.description?.trim() || null } : {}),
  ...(body.metadata !== undefined ? { metadata: metadataObject(body.metadata) } : {}),
});

function written(result: GroupWrite) {
  if (result.kind === 'notFound') throw contractError('GROUP_NOT_FOUND');
  if (result.kind === 'duplicateName') throw contractError('GROUP_NAME_EXISTS');
  return result.group;
}

/** The group, or GROUP_NOT_FOUND. */
function found<T>(group: T | null): T {
  if (!group) throw contractError('GROUP_NOT_FOUND');
  return group;
}

/** SCIM_MANAGED_GROUP for a group the directory manages. */
function assertNotScim(group: GroupDto | null) {
  if (group?.managedBy === 'scim2') throw contractError('SCIM_MANAGED_GROUP');
}

/** GRANT_NOT_HELD unless `held` covers what these roles of the account grant; which of them are its roles. */
async function assertMayGrant(ports: GroupRepository, held: readonly string[], roleIds: string[]) {
  const ids = [...new Set(roleIds.filter((id) => id !== ''))];
  const grants = ids.length ? await ports.roleGrants(ids) : { known: [], keys: [] };
  assertHoldsAll(held, grants.keys);
  return grants.known;
}

/**
 * With a list parameter (the kit's groups page): a page, `{ items, _metadata }`. With none (the
 * client SDK's getGroups sends only `_groupsRelations`): an array of every group, by name.
 */
export async function listGroups(ports: GroupRepository, query: ListQuery<GroupSortField>) {
  const page = pageOf(query, 'name');
  if (!isListQuery(query)) return (await ports.list({ ...page, page: 0, limit: null })).items;
  const { items, totalItems } = await ports.list(page);
  return { items, _metadata: { totalItems, totalPages: Math.ceil(totalItems / page.limit) } };
}

export async function getGroup(ports: GroupRepository, groupId: string): Promise<GroupDto> {
  return found(await ports.find(groupId));
}

/** The client SDK's bulkGet: those of the ids that are the account's groups, in the order asked. */
export async function bulkGetGroups(ports: GroupRepository, groupIds: string[]): Promise<GroupDto[]> {
  const found = await Promise.all(groupIds.map((id) => ports.find(id)));
  return found.filter((group) => group !== null);
}

export async function createGroup(ports: GroupRepository, body: GroupBody & { name: string }) {
  return written(await ports.create(fieldsOf(body) as GroupFields & { name: string }));
}

export async function updateGroup(ports: GroupRepository, groupId: string, body: GroupBody) {
  assertNotScim(await ports.find(groupId));
  return written(await ports.update(groupId, fieldsOf(body)));
}

/** Deleting a group takes its roles from its members. */
export async function deleteGroup(ports: GroupRepository, held: readonly string[], groupId: string) {
  const group = await ports.find(groupId);
  await assertMayGrant(ports, held, group?.roles.map((r) => r.id) ?? []);
  assertNotScim(group);
  if (!(await ports.remove(groupId))) throw contractError('GROUP_NOT_FOUND');
}

/** Roles added are given to the members, roles removed taken from them. */
export async function changeGroupRoles(
  ports: GroupRepository,
  held: readonly string[],
  groupId: string,
  roleIds: string[],
  add: boolean,
) {
  const known = await assertMayGrant(ports, held, roleIds);
  found(await ports.find(groupId));
  if (known.length !== roleIds.length) throw contractError('ROLES_UNKNOWN');
  return found(await ports.changeRoles(groupId, roleIds, add));
}

/** A member added gets the group's roles, one removed loses them (and is not above the caller). */
export async function changeGroupUsers(
  ports: GroupPorts,
  held: readonly string[],
  groupId: string,
  userIds: string[],
  add: boolean,
) {
  const group = await ports.find(groupId);
  await assertMayGrant(ports, held, group?.roles.map((r) => r.id) ?? []);
  assertNotScim(group);
  if (!add) for (const userId of userIds) assertNotAbove(held, await ports.memberPermissions(userId));
  found(group);
  if ((await ports.memberIds(userIds)).length !== userIds.length) throw contractError('USERS_NOT_MEMBERS');
  return found(await ports.changeUsers(groupId, userIds, add));
}

/** Turning groups or their roles off takes the groups' roles from their members, on gives them back. */
export async function saveGroupConfiguration(
  ports: GroupRepository,
  held: readonly string[],
  patch: Partial<GroupConfiguration>,
): Promise<GroupConfiguration> {
  const rolesCount = (c: GroupConfiguration) => c.enabled && c.rolesEnabled;
  const before = await ports.configuration();
  if (rolesCount(before) !== rolesCount({ ...before, ...patch }))
    await assertMayGrant(ports, held, await ports.roleIdsInGroups());
  return ports.saveConfiguration(patch);
}
