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

export const DEFAULT_USERS_PAGE_SIZE = 20;
export const MAX_USERS_PAGE_SIZE = 200;

interface ListQuery {
  _filter?: string;
  _sortBy?: UserSortField;
  _order?: 'ASC' | 'DESC';
  _offset?: string;
  _limit?: string;
  _includeSubTenants?: string;
}

/** Users v3 presets (spec 001 §3: query form BREACHED_PASSWORDS, MFA_UNENROLLED, INACTIVE). */
export const USER_PRESETS = ['INACTIVE', 'MFA_UNENROLLED', 'BREACHED_PASSWORDS'] as const;
/** Spec 001 §9: "inactive users threshold 7776000 s (90 days)". */
export const DEFAULT_MAX_INACTIVE_SECONDS = 7_776_000;

const listQueryProperties = {
  _filter: { type: 'string', maxLength: 254 },
  _sortBy: { type: 'string', enum: USER_SORT_FIELDS },
  _order: { type: 'string', enum: ['ASC', 'DESC', 'asc', 'desc'] },
  // Query values arrive as strings (no type coercion on this server): digits only.
  _offset: { type: 'string', pattern: '^[0-9]{1,6}$' },
  _limit: { type: 'string', pattern: '^[0-9]{1,3}$' },
  _includeSubTenants: { type: 'string', enum: ['true', 'false'] },
} as const;

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
      const { items, totalItems } = await listTenantUsers(ctx.db, { tenantId, ...query });
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
            _preset: { type: 'string', enum: [...USER_PRESETS] },
            _maxInactiveSeconds: { type: 'string', pattern: '^[0-9]{1,10}$' },
            _email: { type: 'string', maxLength: 254 },
          },
        },
      },
    },
    async (request, reply) => {
      const claims = await requireUser(ctx.tokens, request);
      const tenantId = requirePermission(claims, 'fe.secure.read.users');
      const q = request.query;
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
      });
      reply.header('cache-control', 'no-store');
      return { items, _metadata: { totalItems, totalPages: Math.ceil(totalItems / query.limit) } };
    },
  );
}
