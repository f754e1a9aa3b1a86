/**
 * List queries of the contract (roles, groups, tokens, users): the page-size limits, the sort fields
 * of the users list, and the reading of a validated query into a page. Query values arrive as
 * strings (no type coercion): the schemas allow digits only.
 */
import { contractError, type ContractError } from './errors';

const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 200;

/** The users list's sort fields (users v2/v3 `_sortBy`, team members `sortBy`). */
export const USER_SORT_FIELDS = [
  'createdAt',
  'name',
  'email',
  'id',
  'verified',
  'isLocked',
  'provider',
  'tenantId',
] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

/** The roles list's sort fields (roles v2 `_sortBy`). */
export const ROLE_SORT_FIELDS = ['name', 'key', 'createdAt', 'updatedAt'] as const;
export type RoleSortField = (typeof ROLE_SORT_FIELDS)[number];

/** The groups list's sort fields (groups v1 `_sortBy`). */
export const GROUP_SORT_FIELDS = ['name', 'createdAt', 'updatedAt'] as const;
export type GroupSortField = (typeof GROUP_SORT_FIELDS)[number];

/** The schema of a list query sorted by one of `sortFields`. */
export const listQuerySchema = (sortFields: readonly string[]) =>
  ({
    type: 'object',
    additionalProperties: false,
    properties: {
      _filter: { type: 'string', maxLength: 100 },
      _sortBy: { type: 'string', enum: sortFields },
      _order: { type: 'string', enum: ['ASC', 'DESC', 'asc', 'desc'] },
      _offset: { type: 'string', pattern: '^[0-9]{1,6}$' },
      _limit: { type: 'string', pattern: '^[0-9]{1,3}$' },
    },
  }) as const;

export interface ListQuery<S extends string> {
  _filter?: string;
  _sortBy?: S;
  _order?: string;
  _offset?: string;
  _limit?: string;
}

/**
 * Whether a list parameter is given (`_filter`, `_sortBy`, `_order`, `_offset`, `_limit`): the kit's
 * pages send them and read a page; the client SDK's getGroups sends none and reads an array.
 */
export function isListQuery(q: object): boolean {
  return ['_filter', '_sortBy', '_order', '_offset', '_limit'].some(
    (name) => (q as Record<string, unknown>)[name] !== undefined,
  );
}

/** A validated list query as a page: filter, sort, order, page number and size (1 to 200). */
export function pageOf<S extends string>(q: ListQuery<S>, defaultSort: S) {
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Number(q._limit ?? DEFAULT_PAGE_SIZE)));
  return {
    filter: q._filter ?? '',
    sortBy: q._sortBy ?? defaultSort,
    order: (q._order ?? 'ASC').toUpperCase() as 'ASC' | 'DESC',
    page: Number(q._offset ?? 0),
    limit,
  };
}

/**
 * Users v3's `_maxInactiveSeconds`, from the query or from the client SDK's `_presetParams` JSON
 * (`{"_maxInactiveSeconds": n}`): `{ seconds }` (undefined when not given), or the error of a 400.
 */
export function maxInactiveSecondsOf(q: {
  _presetParams?: string;
  _maxInactiveSeconds?: string;
}): { seconds?: string } | { error: ContractError } {
  if (q._presetParams === undefined) return { seconds: q._maxInactiveSeconds };
  let parsed: unknown;
  try {
    parsed = JSON.parse(q._presetParams);
  } catch {
    return { error: contractError('PRESET_PARAMS_NOT_OBJECT') };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    return { error: contractError('PRESET_PARAMS_NOT_OBJECT') };
  const { _maxInactiveSeconds: seconds, ...rest } = parsed as Record<string, unknown>;
  const [unknown] = Object.keys(rest);
  if (unknown !== undefined)
    return { error: contractError('PRESET_PARAMS_UNKNOWN_FIELD', { field: unknown }) };
  if (seconds === undefined) return { seconds: q._maxInactiveSeconds };
  if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 0 || seconds > 9_999_999_999)
    return { error: contractError('MAX_INACTIVE_NOT_WHOLE') };
  if (q._maxInactiveSeconds !== undefined && q._maxInactiveSeconds !== String(seconds))
    return { error: contractError('MAX_INACTIVE_TWICE') };
  return { seconds: String(seconds) };
}
