/**
 * The demo backend's dispatch (issue 25): a request as handlers read it, the descriptor's access
 * check (the server's rule and codes), and the audit of a call as the server's audit hook records
 * it (core/domain/audit.ts), so the demo's audit log shows what was done in it.
 */
import { fail, type Answer } from '../contract/answer';
import { holdsPermission } from '../contract/permissions';
import { isApiTokenAccess } from '../domain/api-tokens';
import { accessNeeded, type AuditEntry, type RouteDescriptor, type RouteName } from '../contract/routes';
import {
  AUDITS_TABLE,
  auditDetails,
  auditNames,
  auditOutcome,
  auditRow,
  auditTableRow,
  type AuditRow,
} from '../domain/audit';
import { demoUserOf, noteWritten, userByEmail, userById, type DemoDatabase, type DemoUser } from './data';
import { demoTables } from './teamAdmin';
import { randomId } from './sessions';

type Json = Record<string, unknown>;

/** One request as a handler reads it: `params` are the route's path parameters. */
export interface DemoRequest {
  method: string;
  path: string;
  body: Json;
  token: string | null;
  query: Record<string, string>;
  params: Record<string, string>;
  /** The login-alias header (custom login per account, core/domain/login-alias.ts). */
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
 * The descriptor's access check, the server's (core/contract/routes accessNeeded), with its codes.
 * A super-user route passes to its handler with a signed-in caller: demo mode has no vendor
 * administrator, and the handler says so.
 */
export async function accessRefusal(
  route: RouteDescriptor,
  { body, query, token }: DemoRequest,
  callerOf: (token: string) => DemoCaller | null,
  permissionsOf: (user: DemoUser) => Promise<string[]>,
): Promise<Answer | null> {
  const needed = accessNeeded(route.access, { body, query, bearer: Boolean(token) });
  if (!needed) return null;
  if (!token) return fail('BEARER_MISSING');
  const caller = callerOf(token);
  if (!caller) return fail('TOKEN_INVALID');
  if (needed.person && isApiTokenAccess(caller.claims)) return fail('API_TOKEN_REFUSED');
  const { permission } = needed;
  if (permission && !holdsPermission(await permissionsOf(caller.user), permission))
    return fail('PERMISSION_REQUIRED', { permission });
  return null;
}

/** Who did an audited call: its bearer, else the sign-in's user, the session signed out, the user named. */
function auditActor(
  db: DemoDatabase,
  entry: AuditEntry,
  request: DemoRequest,
  answer: Answer,
  sessionUserId: string | undefined,
  userOfToken: (db: DemoDatabase, token: string | null) => DemoUser | null,
): DemoUser | null {
  const caller = userOfToken(db, request.token);
  if (caller) return caller;
  if (entry.signOut) return demoUserOf(db, sessionUserId) ?? null;
  const issued = (answer.body as { accessToken?: unknown } | null)?.accessToken;
  if (entry.signIn && typeof issued === 'string') return userOfToken(db, issued);
  const { email, userId } = request.body;
  const named = (typeof email === 'string' ? userByEmail(db, email) : undefined) ?? userById(db, userId);
  return demoUserOf(db, named?.id) ?? null;
}

/**
 * The audit of one call, as the server's audit hook (server/http/audit-hook.ts) records it: what
 * the request's ids name is read now, before the handler runs (a deletion's target is gone after);
 * the function returned records the call once answered (a success, or a refusal the descriptor
 * records), unless nobody acted (no account to file it under), and says whether it did.
 */
export async function demoAudit(
  db: DemoDatabase,
  route: RouteDescriptor,
  request: DemoRequest,
  userOfToken: (db: DemoDatabase, token: string | null) => DemoUser | null,
): Promise<(answer: Answer, now: number) => boolean> {
  const entry = route.audit;
  if (!entry) return () => false;
  // The names' reader (the server's, over the declared tables) loads with the first audited call;
  // the built-in roles and the catalogue are rows once seeded.
  const { auditNameOf } = await import('../domain/audit-names');
  const names = await auditNames(
    entry,
    auditDetails(request.params, request.body),
    auditNameOf(demoTables(db)),
  );
  const sessionUserId = db.session?.userId;
  return (answer, now) => {
    const outcome = auditOutcome(entry, answer.status);
    const actor = outcome && auditActor(db, entry, request, answer, sessionUserId, userOfToken);
    if (!outcome || !actor) return false;
    const row = auditRow(entry, outcome, answer.status, auditDetails(request.params, request.body), names);
    storeDemoAudit(db, actor, row, now);
    return true;
  };
}

/**
 * Files one audit record of `actor` in their account's log: a row of `audits` as the server
 * records it (core/domain/audit.ts), appended to the stored rows as the demo's store does
 * (core/demo/tables.ts) when the answer is known (the pipeline records it at once).
 */
function storeDemoAudit(db: DemoDatabase, actor: DemoUser, row: AuditRow, now: number): void {
  const event = {
    tenantId: actor.tenantId,
    actorUserId: actor.id,
    actorEmail: actor.email,
    // Demo mode knows no client address; the browser is this one.
    userAgent: typeof navigator === 'undefined' ? null : navigator.userAgent,
    ...row,
  };
  const tables = (db.tables ??= {});
  (tables[AUDITS_TABLE] ??= []).push(auditTableRow(event, { now: () => now, newId: randomId }));
  noteWritten(tables);
}
