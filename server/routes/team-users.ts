/**
 * Tenant administration of users (spec 001 §7 "Users and team"): GET /identity/resources/users/v2
 * with _filter, _sortBy, _order, _offset (page index), _limit, answering items and _metadata.
 * The caller needs fe.secure.read.users in the active tenant (403 otherwise).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { listTenantUsers, USER_SORT_FIELDS, type UserSortField } from '../domain/team-users';
import { requireUser } from '../http/bearer';
import { httpError } from '../http/errors';
import { requirePermission } from '../http/permissions';

const DEFAULT_USERS_PAGE_SIZE = 20;
const MAX_USERS_PAGE_SIZE = 200;

interface ListQuery {
  _filter?: string;
  _sortBy?: UserSortField;
  _order?: 'ASC' | 'DESC';
  _offset?: string;
  _limit?: string;
  _includeSubTenants?: string;
  ids?: string;
}

/** Users v3 presets (spec 001 §3: query form BREACHED_PASSWORDS, MFA_UNENROLLED, INACTIVE). */
const USER_PRESETS = ['INACTIVE', 'MFA_UNENROLLED', 'BREACHED_PASSWORDS'] as const;
/** The client SDK's spelling of the presets (GetUsersFilterPreset), accepted too. */
const CLIENT_PRESETS: Record<string, (typeof USER_PRESETS)[number]> = {
  inactive: 'INACTIVE',
  'mfa-unenrolled': 'MFA_UNENROLLED',
  'breached-passwords': 'BREACHED_PASSWORDS',
};
/** Spec 001 §9: "inactive users threshold 7776000 s (90 days)". */
const DEFAULT_MAX_INACTIVE_SECONDS = 7_776_000;

const listQueryProperties = {
  _filter: { type: 'string', maxLength: 254 },
  _sortBy: { type: 'string', enum: USER_SORT_FIELDS },
  _order: { type: 'string', enum: ['ASC', 'DESC', 'asc', 'desc'] },
  // Query values arrive as strings (no type coercion on this server): digits only.
  _offset: { type: 'string', pattern: '^[0-9]{1,6}$' },
  _limit: { type: 'string', pattern: '^[0-9]{1,3}$' },
  _includeSubTenants: { type: 'string', enum: ['true', 'false'] },
  // The client's IGetUserQueryParams.ids: user ids separated by commas.
  ids: { type: 'string', pattern: '^[0-9a-fA-F-]{36}(,[0-9a-fA-F-]{36}){0,199}$' },
} as const;

const idsOf = (q: ListQuery) =>
  q.ids ? [...new Set(q.ids.split(',').map((id) => id.toLowerCase()))] : undefined;

function pageOf(q: ListQuery) {
  const limit = Math.min(MAX_USERS_PAGE_SIZE, Math.max(1, Number(q._limit ?? DEFAULT_USERS_PAGE_SIZE)));
  return {
    filter: q._filter ?? '',
    sortBy: q._sortBy ?? 'name',
    order: (q._order ?? 'ASC').toUpperCase() as 'ASC' | 'DESC',
    page: Number(q._offset ?? 0),
    limit,
  };
}

interface V3Query extends ListQuery {
  _tenantId?: string;
  _preset?: string;
  _maxInactiveSeconds?: string;
  _email?: string;
  /** The client's form of `_maxInactiveSeconds`: JSON `{"_maxInactiveSeconds": n}`. */
  _presetParams?: string;
}

/** `_maxInactiveSeconds` from the query or from the client's `_presetParams` JSON; 400 when malformed. */
function maxInactiveOf(q: V3Query): string | undefined {
  if (q._presetParams === undefined) return q._maxInactiveSeconds;
  let parsed: unknown;
  try {
    parsed = JSON.parse(q._presetParams);
  } catch {
    throw httpError(400, '_presetParams must be a JSON object');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw httpError(400, '_presetParams must be a JSON object');
  const { _maxInactiveSeconds: seconds, ...rest } = parsed as Record<string, unknown>;
  const [unknown] = Object.keys(rest);
  if (unknown !== undefined) throw httpError(400, `Unknown field "${unknown}" in _presetParams`);
  if (seconds === undefined) return q._maxInactiveSeconds;
  if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 0 || seconds > 9_999_999_999)
    throw httpError(400, '_maxInactiveSeconds must be a whole number of seconds');
  if (q._maxInactiveSeconds !== undefined && q._maxInactiveSeconds !== String(seconds))
    throw httpError(400, '_maxInactiveSeconds is given twice with different values');
  return String(seconds);
}

export async function teamUserRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get<{ Querystring: ListQuery }>(
    '/identity/resources/users/v2',
    {
      schema: {
        querystring: { type: 'object', additionalProperties: false, properties: listQueryProperties },
      },
    },
    async (request, reply) => {
      const claims = await requireUser(ctx.tokens, request);
      const tenantId = requirePermission(claims, 'fe.secure.read.users');
      const query = pageOf(request.query);
      const { items, totalItems } = await listTenantUsers(ctx.db, {
        tenantId,
        ...query,
        userIds: idsOf(request.query),
      });
      reply.header('cache-control', 'no-store');
      return { items, _metadata: { totalItems, totalPages: Math.ceil(totalItems / query.limit) } };
    },
  );

  /**
   * Users v3 (spec 001 §7): v2's query plus _tenantId (must be the caller's active tenant), _preset
   * (INACTIVE, with _maxInactiveSeconds, default 90 days; MFA_UNENROLLED: members without a second
   * factor), _email (exact address). BREACHED_PASSWORDS needs data this server does not keep (it
   * checks a password against the breached list only when it is typed): 400, not a silently wrong list.
   */
  app.get<{ Querystring: V3Query }>(
    '/identity/resources/users/v3',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...listQueryProperties,
            _tenantId: { type: 'string', pattern: '^[0-9a-fA-F-]{36}$' },
            _preset: { type: 'string', enum: [...USER_PRESETS, ...Object.keys(CLIENT_PRESETS)] },
            _maxInactiveSeconds: { type: 'string', pattern: '^[0-9]{1,10}$' },
            _presetParams: { type: 'string', maxLength: 200 },
            _email: { type: 'string', maxLength: 254 },
          },
        },
      },
    },
    async (request, reply) => {
      const claims = await requireUser(ctx.tokens, request);
      const tenantId = requirePermission(claims, 'fe.secure.read.users');
      const q: V3Query = {
        ...request.query,
        _preset: request.query._preset && (CLIENT_PRESETS[request.query._preset] ?? request.query._preset),
      };
      q._maxInactiveSeconds = maxInactiveOf(q);
      if (q._tenantId && q._tenantId.toLowerCase() !== tenantId.toLowerCase())
        throw httpError(403, 'You can only list the users of your active account');
      if (q._preset === 'BREACHED_PASSWORDS')
        throw httpError(400, `The ${q._preset} preset is not available on this server`);
      if (q._maxInactiveSeconds && q._preset !== 'INACTIVE')
        throw httpError(400, '_maxInactiveSeconds needs _preset=INACTIVE');
      const inactive =
        q._preset === 'INACTIVE'
          ? Math.min(Number(q._maxInactiveSeconds ?? DEFAULT_MAX_INACTIVE_SECONDS), 2_000_000_000)
          : undefined;
      const query = pageOf(q);
      const { items, totalItems } = await listTenantUsers(ctx.db, {
        tenantId,
        ...query,
        inactiveForSeconds: inactive,
        email: q._email,
        mfaUnenrolled: q._preset === 'MFA_UNENROLLED',
        userIds: idsOf(q),
      });
      reply.header('cache-control', 'no-store');
      return { items, _metadata: { totalItems, totalPages: Math.ceil(totalItems / query.limit) } };
    },
  );
}
