/**
 * How the demo backend answers a request, from the route table (issue 25): the table's matcher
 * (core/contract/routes) finds the route, its descriptor's access is checked here, in one place,
 * with the server's codes (server/http/route-table.ts), the handler an area registered under the
 * descriptor's name answers, and an audited route's call is recorded as the server's audit hook
 * records it (core/domain/audit.ts), so the demo's audit log shows what was done in it.
 */
import type { AuditRecord } from '../api/audits';
import { fail, type Answer } from '../contract/answer';
import { holdsPermission } from '../contract/permissions';
import type { AuditEntry, RouteDescriptor, RouteName } from '../contract/routes';
import { auditDetails, auditOutcome, auditRow } from '../domain/audit';
import type { DemoDatabase, DemoUser } from './data';
import { demoRoles } from './teamAdmin';

type Json = Record<string, unknown>;

/** One request as a handler reads it: `params` are the route's path parameters. */
export interface DemoRequest {
  method: string;
  path: string;
  body: Json;
  token: string | null;
  query: Record<string, string>;
  params: Record<string, string>;
  /** The login-alias header (custom login per account, core/demo/loginAlias.ts). */
  loginAlias?: string | undefined;
}
export type Handler = (db: DemoDatabase, request: DemoRequest) => Answer | Promise<Answer>;
/** An area's handlers, keyed by their route's descriptor name. */
export type DemoRoutes<H = Handler> = Partial<Record<RouteName, H>>;

/** A bearer's user and claims, when the token is one of the demo's and has not expired. */
export interface DemoCaller {
  user: DemoUser;
  claims: { sid?: unknown };
}

/**
 * The descriptor's access check (the server's, server/http/route-table.ts): a public route, or
 * one that checks its caller itself (`inHandler`), passes, as does a `publicWith` one without a
 * bearer; any other needs a bearer (401), of a
 * person where the descriptor refuses API tokens (403), holding the route's permission (403).
 * A super-user route passes to its handler with a signed-in caller: demo mode has no vendor
 * administrator, and the handler says so.
 */
export function accessRefusal(
  route: RouteDescriptor,
  token: string | null,
  callerOf: (token: string) => DemoCaller | null,
  permissionsOf: (user: DemoUser) => string[],
): Answer | null {
  const access = route.access;
  if (access.kind === 'public' || (access.kind === 'permission' && access.inHandler)) return null;
  // Without a bearer, a `publicWith` route's handler tells the public call (its body) from a refusal.
  if (!token) return access.kind === 'permission' && access.publicWith ? null : fail('BEARER_MISSING');
  const caller = callerOf(token);
  if (!caller) return fail('TOKEN_INVALID');
  // An API token's access token names its session `api-token:<id>` (server/domain/api-tokens.ts).
  const apiToken = typeof caller.claims.sid === 'string' && caller.claims.sid.startsWith('api-token:');
  if (access.kind !== 'superUser' && access.apiTokens === 'refused' && apiToken)
    return fail('API_TOKEN_REFUSED');
  if (access.kind === 'permission' && !holdsPermission(permissionsOf(caller.user), access.permission))
    return fail('PERMISSION_REQUIRED', { permission: access.permission });
  return null;
}

/** The most records the demo keeps (it has no retention purge). */
const KEPT_RECORDS = 500;

/** What an id of the request names, by the descriptor's `idName` (the server reads its tables). */
function nameOfId(db: DemoDatabase, kind: AuditEntry['idName'], id: string): string | undefined {
  const policies = Object.values(db.securityPolicies ?? {});
  switch (kind) {
    case 'user':
      return db.users.find((u) => u.id === id)?.email;
    case 'role':
      return demoRoles(db).find((r) => r.id === id)?.name;
    case 'group':
      return db.groups?.find((g) => g.id === id)?.name;
    case 'token': {
      const token = db.apiTokens?.find((t) => t.id === id);
      return token && (token.description || 'untitled');
    }
    case 'ipRestriction':
      return policies.flatMap((p) => p.ips ?? []).find((e) => e.id === id)?.ip;
    case 'emailDomain':
      return policies.flatMap((p) => p.domains ?? []).find((d) => d.id === id)?.domain;
    default:
      return undefined;
  }
}

/** What the request's ids name, read before the handler runs (a deletion's target is gone after). */
export function demoAuditNames(
  db: DemoDatabase,
  route: RouteDescriptor,
  request: DemoRequest,
): Record<string, string> {
  const entry = route.audit;
  if (!entry) return {};
  const details = auditDetails(request.params, request.body);
  const found: Record<string, string> = {};
  const named = (field: string, kind: AuditEntry['idName']) => {
    const id = details[field];
    const name = typeof id === 'string' ? nameOfId(db, kind, id) : undefined;
    if (name) found[field] = name;
  };
  if (entry.idName) named('id', entry.idName);
  named('userId', 'user');
  named('impersonatedUserId', 'user');
  named('roleId', 'role');
  return found;
}

/**
 * Records the call of an audited route answered with `status` (a success, or a refusal the
 * descriptor records), done by `actor`; nothing when nobody acted (no account to file it under).
 * Returns whether a record was added (the database then needs saving).
 */
export function recordDemoAudit(
  db: DemoDatabase,
  route: RouteDescriptor,
  request: DemoRequest,
  status: number,
  actor: DemoUser | null,
  names: Record<string, string>,
  now: number,
): boolean {
  const entry = route.audit;
  const outcome = entry && auditOutcome(entry, status);
  if (!entry || !outcome || !actor) return false;
  const row = auditRow(entry, outcome, status, auditDetails(request.params, request.body), names);
  const at = new Date(now).toISOString();
  const record: AuditRecord = {
    _id: `demo-audit-${now.toString(36)}-${(db.audits?.length ?? 0).toString(36)}`,
    createdAt: at,
    updatedAt: at,
    time: at,
    user: actor.id,
    email: actor.email,
    // Demo mode knows no client address; the browser is this one.
    ip: '',
    userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
    severity: row.severity,
    resource: row.resource,
    action: row.action,
    description: row.description,
    json: Object.entries(row.details).map(([key, value]) => ({ key, value })),
    tenantId: actor.tenantId,
    vendorId: 'demo-vendor',
    __v: 0,
  };
  db.audits = [record, ...(db.audits ?? [])].slice(0, KEPT_RECORDS);
  return true;
}
