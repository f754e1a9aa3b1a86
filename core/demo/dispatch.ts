/**
 * The demo backend's dispatch (issue 25): a request as handlers read it, the shared handlers
 * (core/domain/handlers.ts) as demo handlers, the descriptor's access check (the server's rule and
 * codes), and the audit of a call as the server's audit hook records it (core/domain/audit.ts), so
 * the demo's audit log shows what was done in it.
 */
import type { Answer } from '../contract/answer';
import type { HandlerCall } from '../domain/handlers';
import { contractError } from '../contract/errors';
import { holdsPermission } from '../contract/permissions';
import { isApiTokenAccess } from '../domain/api-tokens';
import { accessNeeded, type RouteDescriptor, type RouteName } from '../contract/routes';
import {
  AUDITS_TABLE,
  auditActor,
  auditDetails,
  auditFiling,
  auditNames,
  auditOutcome,
  auditRow,
  auditTableRow,
  type AuditActor,
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
  /** The bearer's user, as the route's access check verified them (none: a public call). */
  caller?: DemoUser | undefined;
}
export type Handler = (db: DemoDatabase, request: DemoRequest) => Answer | Promise<Answer>;
/** The handlers of the demo, keyed by their route's descriptor name. */
export type DemoRoutes = Partial<Record<RouteName, Handler>>;

/**
 * The call a shared handler reads: a verified caller's names their account and themselves (a
 * signed-in route's call always has one: its access check verified them).
 */
const callOf = ({ caller, ...request }: DemoRequest) =>
  ({
    ...request,
    ip: undefined,
    ...(caller ? { tenantId: caller.tenantId, userId: caller.id } : {}),
  }) as HandlerCall;

/**
 * An area's shared handlers, public or signed in, as demo handlers (the same the server registers),
 * over the area's ports for one call, which `ports` gives in the page's storage. A refusal they
 * throw is answered by the pipeline (core/demo/pipeline.ts), which stores the data after any
 * write, a refused one too: what it counted before the refusal (a failed attempt, a sent message)
 * stays counted, as on the server.
 */
export const demoHandlers = <P>(
  handlers: Partial<Record<RouteName, (ports: P, call: HandlerCall) => Promise<Answer>>>,
  ports: (db: DemoDatabase, request: DemoRequest) => P | Promise<P>,
): DemoRoutes =>
  Object.fromEntries(
    Object.entries(handlers).map(([name, handler]) => [
      name,
      async (db: DemoDatabase, request: DemoRequest) =>
        (handler as (ports: P, call: HandlerCall) => Promise<Answer>)(
          await ports(db, request),
          callOf(request),
        ),
    ]),
  );

/** A bearer's user and claims, when the token is one of the demo's and has not expired. */
export interface DemoCaller {
  user: DemoUser;
  claims: { sid?: unknown; act?: unknown };
}

/**
 * The descriptor's access check, the server's (core/contract/routes accessNeeded), with its codes
 * (a refusal is thrown): a call it verifies is the bearer's, `request.caller`, as the server's is
 * once its bearer is read (a refusal for want of a permission is theirs too). A super-user route
 * passes to its handler with a signed-in caller: demo mode has no vendor administrator, and the
 * handler says so.
 */
export async function checkAccess(
  route: RouteDescriptor,
  request: DemoRequest,
  callerOf: (token: string) => DemoCaller | null,
  permissionsOf: (user: DemoUser) => Promise<string[]>,
): Promise<void> {
  const { body, query, token } = request;
  const needed = accessNeeded(route.access, { body, query, bearer: Boolean(token) });
  if (!needed) return;
  if (!token) throw contractError('BEARER_MISSING');
  const caller = callerOf(token);
  if (!caller) throw contractError('TOKEN_INVALID');
  if (needed.person && isApiTokenAccess(caller.claims)) throw contractError('API_TOKEN_REFUSED');
  request.caller = caller.user;
  const { permission } = needed;
  if (permission && !holdsPermission(await permissionsOf(caller.user), permission))
    throw contractError('PERMISSION_REQUIRED', { permission });
}

/** A user the request names, with their account (core/domain/audit.ts auditActor). */
const named = (db: DemoDatabase, row: { id: string; email: string } | undefined) =>
  row && { id: row.id, email: row.email, tenantId: demoUserOf(db, row.id)?.tenantId ?? null };

/** A user's actor: an impersonated session names its impersonator. */
const actorOf = (user: DemoUser, impersonatorId?: string): AuditActor => ({
  userId: user.id,
  email: user.email,
  tenantId: user.tenantId,
  impersonatorId,
});

/**
 * The audit of one call, as the server's audit hook (server/http/audit-hook.ts) records it: what
 * the request's ids name is read now, before the handler runs (a deletion's target is gone after);
 * the function returned records the call once answered (a success, or a refusal the descriptor
 * records) with who acted (the rule both backends share, core/domain/audit.ts, over the demo's
 * tokens, its one session and its tables), and says whether it did.
 */
export async function demoAudit(
  db: DemoDatabase,
  route: RouteDescriptor,
  request: DemoRequest,
  userOfToken: (db: DemoDatabase, token: string | null) => DemoUser | null,
): Promise<(answer: Answer, now: number) => Promise<boolean>> {
  const entry = route.audit;
  if (!entry) return async () => false;
  // The names' reader (the server's, over the declared tables) loads with the first audited call;
  // the built-in roles and the catalogue are rows once seeded.
  const { auditNameOf } = await import('../domain/audit-names');
  const details = auditDetails(request.params, request.body);
  const names = await auditNames(entry, details, auditNameOf(demoTables(db)));
  const session = db.session;
  return async (answer, now) => {
    const outcome = auditOutcome(entry, answer.status);
    if (!outcome) return false;
    const { caller } = request;
    const actor = await auditActor(entry, outcome, request.body, {
      caller: caller ? actorOf(caller, session?.impersonatorId) : null,
      signedOut: async () => {
        const user = demoUserOf(db, session?.userId);
        return user ? actorOf(user) : null;
      },
      signedIn: async () => {
        const issued = (answer.body as { accessToken?: unknown } | null)?.accessToken;
        const user = typeof issued === 'string' ? userOfToken(db, issued) : null;
        return user ? actorOf(user) : null;
      },
      userByEmail: async (email) => named(db, userByEmail(db, email)),
      userById: async (id) => named(db, userById(db, id)),
    });
    const filing = auditFiling(entry, outcome, actor, Boolean(caller));
    if (!filing) return false;
    const impersonator = actor?.impersonatorId ? userById(db, actor.impersonatorId) : undefined;
    const event = {
      ...filing,
      impersonatorEmail: impersonator?.email ?? null,
      // Demo mode knows no client address; the browser is this one.
      userAgent: typeof navigator === 'undefined' ? null : navigator.userAgent,
      ...auditRow(entry, outcome, answer.status, details, names),
    };
    const tables = (db.tables ??= {});
    (tables[AUDITS_TABLE] ??= []).push(auditTableRow(event, { now: () => now, newId: randomId }));
    noteWritten(tables);
    return true;
  };
}
