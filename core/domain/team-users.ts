/**
 * The users list v3's filters (spec 001 §7 "Users and team"), read once for the reference server
 * and demo mode (the members' area, core/domain/team-member-handlers.ts; the store in
 * core/domain/team-member-list.ts): `_tenantId` must be the caller's active account, `_preset` (the
 * contract's spelling or the client SDK's) chooses INACTIVE (with `_maxInactiveSeconds`, default
 * 90 days: members who signed in before, not since), NEVER_SIGNED_IN, MFA_UNENROLLED or
 * BREACHED_PASSWORDS, and `_maxInactiveSeconds` (in the query or the client's `_presetParams`)
 * needs the INACTIVE preset. The query passed the contract's schema before it gets here.
 */
import { maxInactiveSecondsOf, type UserSortField } from '../contract/listQuery';
import { CLIENT_USER_PRESETS } from '../contract/requests';
import { INACTIVE_THRESHOLD_SECONDS } from '../contract/securityCenter';
import { contractError } from '../contract/errors';

/** The v3 query's own fields. */
interface UsersV3Query {
  _tenantId?: string | undefined;
  _preset?: string | undefined;
  _maxInactiveSeconds?: string | undefined;
  _presetParams?: string | undefined;
  _email?: string | undefined;
}

/** Which members the v3 list keeps, beside v2's filters. */
interface UsersV3Filter {
  /** Members who signed in before, but not in this many seconds. */
  inactiveForSeconds: number | undefined;
  /** The exact address asked for, as sent. */
  email: string | undefined;
  neverSignedIn: boolean;
  mfaUnenrolled: boolean;
  breachedPassword: boolean;
}

/** The v3 query's filters in account `tenantId`, or the 400/403 of a query that asks wrongly. */
export function usersV3Filter(query: UsersV3Query, tenantId: string): UsersV3Filter {
  const preset = query._preset && (CLIENT_USER_PRESETS[query._preset] ?? query._preset);
  const read = maxInactiveSecondsOf(query);
  if ('error' in read) throw read.error;
  if (query._tenantId && query._tenantId.toLowerCase() !== tenantId.toLowerCase())
    throw contractError('LIST_OTHER_ACCOUNT');
  if (read.seconds && preset !== 'INACTIVE') throw contractError('MAX_INACTIVE_NEEDS_PRESET');
  return {
    inactiveForSeconds:
      preset === 'INACTIVE'
        ? Math.min(Number(read.seconds ?? INACTIVE_THRESHOLD_SECONDS), 2_000_000_000)
        : undefined,
    email: query._email,
    neverSignedIn: preset === 'NEVER_SIGNED_IN',
    mfaUnenrolled: preset === 'MFA_UNENROLLED',
    breachedPassword: preset === 'BREACHED_PASSWORDS',
  };
}

/** A page of an account's members as storage reads it (core/domain/team-member-list.ts). */
export interface MemberListQuery {
  tenantId: string;
  /** Name or email contains this (any case). */
  filter: string;
  sortBy: UserSortField;
  order: 'ASC' | 'DESC';
  /** Page index (0-based): `_offset` counts pages of `_limit` users. */
  page: number;
  limit: number;
  /** Members who signed in before, but not for this many seconds (never signed in does not count). */
  inactiveForSeconds?: number | undefined;
  /** This exact address only (any case). */
  email?: string | undefined;
  /** One member only (the answer to an invitation or a change). */
  userId?: string | undefined;
  /** The client's `ids`: these members only. */
  userIds?: string[] | undefined;
  mfaUnenrolled?: boolean | undefined;
  breachedPassword?: boolean | undefined;
  neverSignedIn?: boolean | undefined;
  /**
   * `_includeSubTenants=true` (spec 001 §7): the members of the accounts below too, each person once,
   * listed with their membership in the account nearest the top (the caller's own first).
   */
  includeSubTenants?: boolean | undefined;
}

/** A users-list row (the server's TeamUserDto) as far as the handlers read it. */
export interface MemberListRow {
  id: string;
  tenantId: string;
  roles: Array<{ id: string }>;
  phoneNumber?: string | null;
  profilePictureUrl?: string | null;
  mfaEnrolled?: boolean;
  tenants?: Array<{ tenantId: string; roles: Array<{ id: string }> }>;
}
