/**
 * Tenant administration of users (spec 001 §7 "Users and team"): GET /identity/resources/users/v2
 * with _filter, _sortBy, _order, _offset (page index), _limit, answering items and _metadata.
 * The caller needs fe.secure.read.users in the active tenant (403 otherwise). Each row carries the
 * member's groups there and `mfaEnabled` (the client SDK's names); `_includeSubTenants=true` lists
 * the members of the accounts below too.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { maxInactiveSecondsOf, pageOf as pageOfList } from '../../core/contract/listQuery';
import { CLIENT_USER_PRESETS } from '../../core/contract/requests';
import { listTenantUsers, type UserSortField } from '../domain/team-users';
import { contractError } from '../../core/contract/errors';
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

/** Spec 001 §9: "inactive users threshold 7776000 s (90 days)". */
const DEFAULT_MAX_INACTIVE_SECONDS = 7_776_000;

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

/** `_maxInactiveSeconds` from the query or from the client's `_presetParams` JSON; 400 when malformed. */
function maxInactiveOf(q: V3Query): string | undefined {
  const read = maxInactiveSecondsOf(q);
  if ('error' in read) throw read.error;
  return read.seconds;
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
    const q: V3Query = {
      ...request.query,
      _preset: request.query._preset && (CLIENT_USER_PRESETS[request.query._preset] ?? request.query._preset),
    };
    q._maxInactiveSeconds = maxInactiveOf(q);
    if (q._tenantId && q._tenantId.toLowerCase() !== tenantId.toLowerCase())
      throw contractError('LIST_OTHER_ACCOUNT');
    if (q._maxInactiveSeconds && q._preset !== 'INACTIVE') throw contractError('MAX_INACTIVE_NEEDS_PRESET');
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
      breachedPassword: q._preset === 'BREACHED_PASSWORDS',
      neverSignedIn: q._preset === 'NEVER_SIGNED_IN',
      userIds: idsOf(q),
      includeSubTenants: includeSubTenants(request),
    });
    reply.header('cache-control', 'no-store');
    return { items, _metadata: { totalItems, totalPages: Math.ceil(totalItems / query.limit) } };
  });
}
