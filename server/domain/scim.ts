/**
 * SCIM 2.0 resources (RFC 7643) over the account's own members and groups, for one SCIM
 * configuration (domain/directory.ts). What routes/scim.ts serves (Users: scim-users.ts over
 * scim-user-resource.ts; Groups: scim-groups.ts; PATCH: scim-patch.ts; who a connection may change:
 * scim-guard.ts; this file: what they share):
 *
 * - A **User** is a member of the configuration's account whom that configuration manages
 *   (`memberships.scim_configuration_id`). `userName` is the member's email (it must be one),
 *   `active` is whether they may use the account (`memberships.access_allowed`), `displayName` and
 *   `name.formatted` the user's name. Attributes the server does not use (name parts, title,
 *   the enterprise extension...) are kept as sent and returned (`memberships.scim_attributes`);
 *   passwords are never taken.
 * - Creating a user whose email is already a member of the account that no configuration manages
 *   adopts that member (choice: an IdP's first sync finds the people already there); a member that
 *   a configuration already manages is a 409 `uniqueness`.
 * - Deactivating (`active: false`) ends the member's sessions in the account and keeps them out;
 *   deleting removes them from the account (and deletes the user when SCIM created them and they
 *   belong to no other account).
 * - A **Group** is a group of the account created over SCIM (`managed_by = 'scim2'`); its members
 *   are members of the account (any, not only provisioned ones).
 * - Changes go through the account's email-domain restrictions.
 * - Who a connection may change (docs/scim.md): a connection acts with at most what its creator
 *   holds in the account now (never on a member, nor a group's members, above that), and changes a
 *   person's email, phone or name only when the account's provisioning owns the person: created by
 *   this account's SCIM (or of an email domain the account validated), and in no other account.
 */
import type { ScimCaller } from './directory';
import { parseFilter, ScimFilterError } from './scim-filter';
import { filterToSql, type SqlAttributes } from './scim-filter-sql';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const ENTERPRISE_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** RFC 7644 §3.12 error types. */
type ScimType =
  | 'invalidFilter'
  | 'tooMany'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue'
  | 'invalidVers'
  | 'sensitive';

/** A SCIM error answer (RFC 7644 §3.12); routes/scim.ts writes its body. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
  }
}

/** Largest page a list returns (ServiceProviderConfig `filter.maxResults`). */
export const SCIM_MAX_RESULTS = 200;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type Json = Record<string, unknown>;
export const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

export interface ListQuery {
  filter?: string | undefined;
  startIndex: number;
  count: number;
}

export interface Location {
  /** The SCIM base URL (`https://host/frontegg/scim/v2`) for `meta.location`. */
  base: string;
}

/** Top-level keys in their canonical spelling (RFC 7643 §2.1: attribute names are case-insensitive). */
export function canonical(body: Json, names: Record<string, string>): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    out[key.startsWith('urn:') ? key : (names[key.toLowerCase()] ?? key)] = value;
  }
  return out;
}

export const invalid = (detail: string): never => {
  throw new ScimError(400, detail, 'invalidValue');
};

export function optionalString(value: unknown, attribute: string, max: number): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') return invalid(`${attribute} must be a string`);
  if (value.length > max) return invalid(`${attribute} must be at most ${max} characters`);
  return value;
}

export function pageOf(query: ListQuery) {
  const startIndex = Math.max(1, query.startIndex);
  const count = Math.min(Math.max(0, query.count), SCIM_MAX_RESULTS);
  return { startIndex, count, offset: startIndex - 1 };
}

export function compileFilter(
  filter: string | undefined,
  attributes: SqlAttributes,
  first: number,
  uri: string,
) {
  if (filter === undefined || filter.trim() === '') return { sql: 'true', params: [] as unknown[] };
  try {
    return filterToSql(parseFilter(filter), attributes, first, uri.toLowerCase());
  } catch (error) {
    if (error instanceof ScimFilterError) throw new ScimError(400, error.message, error.scimType);
    throw error;
  }
}

export function listResponse(total: number, startIndex: number, resources: Json[]) {
  return {
    schemas: [LIST_SCHEMA],
    totalResults: total,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

export const notFound = (kind: 'User' | 'Group', id: string) => new ScimError(404, `${kind} ${id} not found`);

export function assertSyncing(caller: ScimCaller): void {
  if (!caller.syncToUserManagement)
    throw new ScimError(403, 'Provisioning into user management is turned off for this configuration');
}
