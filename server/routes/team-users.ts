/**
 * Tenant administration of users (spec 001 §7 "Users and team"): GET /identity/resources/users/v2
 * with _filter, _sortBy, _order, _offset (page index), _limit, answering items and _metadata.
 * The caller needs fe.secure.read.users in the active tenant (403 otherwise).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { listTenantUsers, USER_SORT_FIELDS, type UserSortField } from '../domain/team-users';
import { requireUser } from '../http/bearer';
import { requirePermission } from '../http/permissions';

export const DEFAULT_USERS_PAGE_SIZE = 20;
export const MAX_USERS_PAGE_SIZE = 200;

interface ListQuery { _filter?: string; _sortBy?: UserSortField; _order?: 'ASC' | 'DESC'; _offset?: string; _limit?: string; _includeSubTenants?: string }

export async function teamUserRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get<{ Querystring: ListQuery }>(
    '/identity/resources/users/v2',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            _filter: { type: 'string', maxLength: 254 },
            _sortBy: { type: 'string', enum: USER_SORT_FIELDS },
            _order: { type: 'string', enum: ['ASC', 'DESC', 'asc', 'desc'] },
            // Query values arrive as strings (no type coercion on this server): digits only.
            _offset: { type: 'string', pattern: '^[0-9]{1,6}$' },
            _limit: { type: 'string', pattern: '^[0-9]{1,3}$' },
            _includeSubTenants: { type: 'string', enum: ['true', 'false'] },
          },
        },
      },
    },
    async (request, reply) => {
      const claims = await requireUser(ctx.tokens, request);
      const tenantId = requirePermission(claims, 'fe.secure.read.users');
      const q = request.query;
      const limit = Math.min(MAX_USERS_PAGE_SIZE, Math.max(1, Number(q._limit ?? DEFAULT_USERS_PAGE_SIZE)));
      const page = Number(q._offset ?? 0);
      const { items, totalItems } = await listTenantUsers(ctx.db, {
        tenantId,
        filter: q._filter ?? '',
        sortBy: q._sortBy ?? 'name',
        order: (q._order ?? 'ASC').toUpperCase() as 'ASC' | 'DESC',
        page,
        limit,
      });
      reply.header('cache-control', 'no-store');
      return { items, _metadata: { totalItems, totalPages: Math.ceil(totalItems / limit) } };
    },
  );
}
