/**
 * Tenant administration of users (spec 001 §7 "Users and team"): GET /identity/resources/users/v2
 * with _filter, _sortBy, _order, _offset (page index), _limit, answering items and _metadata.
 * The caller needs fe.secure.read.users in the active tenant (403 otherwise). Each row carries the
 * member's groups there and `mfaEnabled` (the client SDK's names); `_includeSubTenants=true` lists
 * the members of the accounts below too.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { pageOf as pageOfList } from '../../core/contract/listQuery';
import { usersV3Filter } from '../../core/domain/team-users';
import { listTenantUsers, type UserSortField } from '../domain/team-users';
import { accountOf, callerOf } from '../http/route-table';
import { includesSubAccounts } from '../../core/domain/sub-accounts';
import type { FastifyRequest } from 'fastify';

interface ListQuery {
  _filter?: string;
  _sortBy?: UserSortField;
  _order?: 'ASC' | 'DESC';
  _offset?: string;
  _limit?: string;
  _includeSubTenants?: string;
  ids?: string;
}

const idsOf = (q: ListQuery) =>
  q.ids ? [...new Set(q.ids.split(',').map((id) => id.toLowerCase()))] : undefined;

/** `_includeSubTenants=true` (the rule: core/domain/sub-accounts.ts). */
const includeSubTenants = (request: FastifyRequest<{ Querystring: ListQuery }>) =>
  includesSubAccounts(callerOf(request).permissions ?? [], request.query._includeSubTenants);

/** The page a validated query asks for (the contract's paging, core/contract/listQuery.ts). */
const pageOf = (q: ListQuery) => pageOfList(q, 'name');

interface V3Query extends ListQuery {
  _tenantId?: string;
  _preset?: string;
  _maxInactiveSeconds?: string;
  _email?: string;
  /** The client's form of `_maxInactiveSeconds`: JSON `{"_maxInactiveSeconds": n}`. */
  _presetParams?: string;
}

export async function teamUserRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get<{ Querystring: ListQuery }>(
    // Query schema: core/contract/requests.ts (the demo backend validates with it too).
    '/identity/resources/users/v2',
    async (request, reply) => {
      const tenantId = accountOf(request);
      const query = pageOf(request.query);
      const { items, totalItems } = await listTenantUsers(ctx.db, {
        tenantId,
        ...query,
        userIds: idsOf(request.query),
        includeSubTenants: includeSubTenants(request),
      });
      reply.header('cache-control', 'no-store');
      return { items, _metadata: { totalItems, totalPages: Math.ceil(totalItems / query.limit) } };
    },
  );

  /**
   * Users v3 (spec 001 §7): v2's query plus _tenantId (must be the caller's active tenant), _preset
   * (INACTIVE, with _maxInactiveSeconds, default 90 days: members who signed in before, not since;
   * NEVER_SIGNED_IN, ours: members who never signed in; MFA_UNENROLLED: members without a second
   * factor; BREACHED_PASSWORDS: members whose password a sign-in found on the breach list, the
   * verdict stored per user, domain/breached-passwords.ts), _email (exact address).
   */
  app.get<{ Querystring: V3Query }>('/identity/resources/users/v3', async (request, reply) => {
    const tenantId = accountOf(request);
    const q = request.query;
    const filter = usersV3Filter(q, tenantId);
    const query = pageOf(q);
    const { items, totalItems } = await listTenantUsers(ctx.db, {
      tenantId,
      ...query,
      ...filter,
      userIds: idsOf(q),
      includeSubTenants: includeSubTenants(request),
    });
    reply.header('cache-control', 'no-store');
    return { items, _metadata: { totalItems, totalPages: Math.ceil(totalItems / query.limit) } };
  });
}
