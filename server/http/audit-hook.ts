/**
 * The hook that records the calls the audit log keeps (issue 15: "an append-only audit record for
 * every security-relevant event"). Each audited route's descriptor (core/contract/routes, its
 * `audit` entry) names its area, action, severity and options; the request fields worth keeping
 * come from an allow-list here; the hook writes the record when the
 * route has answered, before the answer leaves (a success the client sees is already on record),
 * with who acted, from where (IP, user agent) and in which account.
 *
 * Who acted is the rule both backends share (core/domain/audit.ts auditActor, auditFiling) over
 * what the server reads: the caller whose access token the route verified (http/bearer.ts
 * remembers it), the access token a sign-in issues or the session behind the refresh cookie it
 * sets, the session a sign-out's refresh cookie names, the users an email or id names. Details
 * come from an allow-list of field names (ids, names, settings): passwords, codes, tokens,
 * secrets and recovery codes are never read into a record.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuditEntry } from '../../core/contract/routes';
import {
  auditActor,
  auditDetails,
  auditFiling,
  auditNames,
  auditOutcome,
  auditRow,
  type AuditActor,
  type AuditNameKind,
  type AuditOutcome,
} from '../../core/domain/audit';
import { hashRefreshToken } from '../domain/sessions';
import type { AccessTokenClaims } from '../domain/tokens';
import { recordAudit } from '../../core/domain/audit-log';
import { auditNameOf } from '../../core/domain/audit-names';
import type { Database } from '../storage/database';
import { SERVER_ROW_CLOCK, sqlTables } from '../storage/tables';
import { clientInfo } from './client-info';
import { REFRESH_COOKIE } from './cookies';
import { isUuid } from '../../core/domain/random-secrets';

/** The verified caller of each request that had one (set by requireUser). */
const callers = new WeakMap<FastifyRequest, AccessTokenClaims>();

export function rememberCaller(request: FastifyRequest, claims: AccessTokenClaims): void {
  callers.set(request, claims);
}

type Outcome = AuditOutcome;

type AuditSpec = AuditEntry;

/** The claims of a JWT this server has just issued (its answer): decoded, not verified again. */
function claimsOfIssued(token: unknown): AccessTokenClaims | null {
  if (typeof token !== 'string') return null;
  try {
    return JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as AccessTokenClaims;
  } catch {
    return null;
  }
}

const fromClaims = (claims: AccessTokenClaims): AuditActor => ({
  userId: claims.sub,
  email: claims.email ?? null,
  tenantId: claims.tenantId ?? null,
  impersonatorId: claims.act?.sub ?? null,
});

async function actorOfSession(db: Database, refreshToken: string | undefined): Promise<AuditActor | null> {
  if (!refreshToken) return null;
  const { rows } = await db.query<{ user_id: string; tenant_id: string | null; email: string }>(
    `SELECT s.user_id, s.tenant_id, u.email FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.refresh_token_hash = $1`,
    [hashRefreshToken(refreshToken)],
  );
  const row = rows[0];
  return row ? { userId: row.user_id, email: row.email, tenantId: row.tenant_id } : null;
}

/** The refresh token a reply sets, if it sets one. */
function refreshTokenSet(reply: FastifyReply): string | undefined {
  const header = reply.getHeader('set-cookie');
  for (const cookie of [header].flat()) {
    const match = typeof cookie === 'string' ? new RegExp(`^${REFRESH_COOKIE}=([^;]+)`).exec(cookie) : null;
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  return undefined;
}

/** A user the request names, with their active account, else their first. */
async function userWithAccount(db: Database, where: string, value: string) {
  const { rows } = await db.query<{ id: string; email: string; tenant_id: string | null }>(
    `SELECT u.id, u.email, COALESCE(u.active_tenant_id,
        (SELECT tenant_id FROM memberships m WHERE m.user_id = u.id ORDER BY m.created_at LIMIT 1)) AS tenant_id
       FROM users u WHERE ${where}`,
    [value],
  );
  const row = rows[0];
  return row && { id: row.id, email: row.email, tenantId: row.tenant_id };
}

/** Who acted (core/domain/audit.ts auditActor) over the request, its answer and the database. */
function actorOf(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  entry: AuditSpec,
  outcome: Outcome,
): Promise<AuditActor | null> {
  const caller = callers.get(request);
  return auditActor(entry, outcome, (request.body as Record<string, unknown> | undefined) ?? {}, {
    caller: caller ? fromClaims(caller) : null,
    signedOut: () => actorOfSession(db, request.cookies?.[REFRESH_COOKIE]),
    async signedIn() {
      const answer = typeof payload === 'string' ? safeJson(payload) : null;
      const issued = claimsOfIssued((answer as { accessToken?: unknown } | null)?.accessToken);
      return issued?.sub ? fromClaims(issued) : actorOfSession(db, refreshTokenSet(reply));
    },
    userByEmail: (email) => userWithAccount(db, 'lower(u.email) = lower($1)', email),
    userById: async (id) => (isUuid(id) ? userWithAccount(db, 'u.id = $1', id) : undefined),
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** What each request's ids name (core/domain/audit.ts auditNames), read by the preHandler. */
const names = new WeakMap<FastifyRequest, Record<string, string>>();

/** The name of the thing `id` names (none for an id that is not a UUID: no row has one). */
const nameOf = (db: Database) => async (kind: AuditNameKind, id: string) =>
  isUuid(id) ? auditNameOf(sqlTables(db))(kind, id) : undefined;

/**
 * Installs the hook on `app`; a route's entry is its descriptor's (http/route-table.ts puts the
 * descriptor in the route's config).
 * A record that cannot be written is logged (without the request's details) and the answer goes
 * out as it would have: the audit log is not a reason to fail the caller's change.
 */
export function installAuditHook(app: FastifyInstance, db: Database): void {
  const entryOf = (request: FastifyRequest) => request.routeOptions.config.descriptor?.audit;
  // The names of what the request's ids point at, read before the route runs: a deletion's target
  // is gone by the time the record is written.
  app.addHook('preHandler', async (request) => {
    const entry = entryOf(request);
    if (!entry) return;
    try {
      names.set(request, await auditNames(entry, auditDetails(request.params, request.body), nameOf(db)));
    } catch (error) {
      request.log.error({ audit: entry.action, err: (error as Error).message }, 'audit names not read');
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const entry = entryOf(request);
    if (!entry) return payload;
    const status = reply.statusCode;
    const outcome = auditOutcome(entry, status);
    if (!outcome) return payload;
    try {
      const actor = await actorOf(db, request, reply, payload, entry, outcome);
      const filing = auditFiling(entry, outcome, actor, callers.has(request));
      if (!filing) return payload;
      const impersonator = actor?.impersonatorId
        ? (await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [actor.impersonatorId]))
            .rows[0]
        : undefined;
      const { ip, userAgent } = clientInfo(request);
      const row = auditRow(
        entry,
        outcome,
        status,
        auditDetails(request.params, request.body),
        names.get(request) ?? {},
      );
      await recordAudit(sqlTables(db), SERVER_ROW_CLOCK, {
        ...filing,
        impersonatorEmail: impersonator?.email ?? null,
        ip,
        userAgent,
        ...row,
      });
    } catch (error) {
      request.log.error({ audit: entry.action, err: (error as Error).message }, 'audit record not written');
    }
    return payload;
  });
}
