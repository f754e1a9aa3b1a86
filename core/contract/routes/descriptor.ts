/**
 * One route of the HTTP contract, described once (issue 25): who may call it, what it reads and
 * answers, what the audit log records, and whether the demo backend serves it. The server
 * registers its handlers against these (server/http/route-table.ts applies access, schemas, audit
 * and OpenAPI from the descriptor); the permission matrix test reads access from them.
 */
import type { AuditSeverity } from '../audits';
import type { RequestSchema } from '../requests';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/**
 * Who may call the route:
 * - `public`: no bearer token (`why` says what stands in for one: a link's token, the refresh
 *   cookie, an mfaToken, nothing at all);
 * - `self`: any signed-in caller, acting on themself;
 * - `permission`: a signed-in member of an account holding `permission` there. `scope` (for the
 *   permission matrix): `resource` when the request names the account's ids, `account` when it acts
 *   on the caller's active account;
 * - `superUser`: a vendor administrator (`users.super_user`), checked by the route.
 * `apiTokens: 'refused'`: an access token exchanged from an API token gets 403 (calls that belong to
 * a person: sessions, sign-in methods, impersonation).
 * `inHandler`: the route verifies its caller itself (why), not the registrar: the descriptor still
 * says who may call it, for the permission matrix.
 * `publicWith`: a request without a bearer whose body has `field` is public (why); any other is
 * checked as the permission says.
 * `byQuery` (`self`): a request whose query names `value` for `name` needs `permission` too, in the
 * caller's active account (one entity of a route that serves several).
 */
export type RouteAccess =
  | { kind: 'public'; why: string }
  | { kind: 'self'; apiTokens?: 'refused'; byQuery?: QueryPermission }
  | {
      kind: 'permission';
      permission: string;
      scope: 'account' | 'resource';
      apiTokens?: 'refused';
      inHandler?: string;
      publicWith?: { field: string; why: string };
    }
  | { kind: 'superUser'; scope: 'account' | 'resource' };

/** The permission a `self` route's request needs when its query names one entity. */
interface QueryPermission {
  name: string;
  value: string;
  permission: string;
}

/** The audit log's record of a call (server/http/audit-hook.ts writes it). */
export interface AuditEntry {
  resource: string;
  action: string;
  severity: AuditSeverity;
  /** How a sign-in route's caller is found (its answer, not a bearer). */
  signIn?: string;
  /** Recorded on a refusal (401, 403, 423, 429) too, with this action and severity. */
  onFailure?: { action: string; severity: AuditSeverity };
  /** Sign-out: the caller is the refresh cookie's session. */
  signOut?: boolean;
  /**
   * What the route's `:id` (or a `userId`) names, for the description: a key of the server's name
   * queries (server/http/audit-hook.ts NAME_OF), read before the change.
   */
  idName?:
    'role' | 'group' | 'token' | 'ssoConnection' | 'webhook' | 'ipRestriction' | 'emailDomain' | 'user';
  /** A settings change: the description lists the settings sent, not the row's id. */
  settings?: boolean;
}

export interface RouteDescriptor {
  method: HttpMethod;
  /** As registered, without the API prefix (`/frontegg`); `:name` is a path parameter. */
  path: string;
  /** Registered at the server's root, outside the API prefix (static files, email-link pages, discovery). */
  root?: true;
  /** Registered under the API prefix and at the root too (the JWKS and OIDC discovery). */
  alsoAtRoot?: true;
  access: RouteAccess;
  /**
   * Body and query schemas, checked by the server (Fastify) and the demo backend (checkRequest.ts).
   * Path parameters stay with the server (the demo's ids are not uuids).
   */
  request?: RequestSchema;
  /** Success answers by status (OpenAPI; the contract suite checks every answer against them). */
  response?: Record<string, unknown>;
  audit?: AuditEntry;
  /** Absent: the demo backend serves the route. Otherwise why it does not. */
  demo?: string;
}

export const pub = (why: string): RouteAccess => ({ kind: 'public', why });
/** The sign-in's second step: the mfaToken of the first answer stands in for a bearer. */
export const MFA_TOKEN: RouteAccess = pub('mfaToken');
export const SELF: RouteAccess = { kind: 'self' };
/** `self`, refused to access tokens of API tokens. */
export const PERSON: RouteAccess = { kind: 'self', apiTokens: 'refused' };
export const perm = (
  permission: string,
  scope: 'account' | 'resource',
  more: { apiTokens?: 'refused'; inHandler?: string; publicWith?: { field: string; why: string } } = {},
): RouteAccess => ({ kind: 'permission', permission, scope, ...more });
/** `self`, and `permission` for the requests whose query has `name=value`. */
export const selfOr = (name: string, value: string, permission: string): RouteAccess => ({
  kind: 'self',
  byQuery: { name, value, permission },
});
export const superUser = (scope: 'account' | 'resource'): RouteAccess => ({ kind: 'superUser', scope });

/**
 * What a call must show to pass `access` (the server's route table and the demo's dispatch check
 * it): null, nothing (a public route, one whose handler checks, a `publicWith` call without a
 * bearer); else a bearer, of a person when `person`, holding `permission` unless null.
 */
export function accessNeeded(
  access: RouteAccess,
  call: { body?: unknown; query?: unknown; bearer: boolean },
): { person: boolean; permission: string | null } | null {
  if (access.kind === 'public' || (access.kind === 'permission' && access.inHandler)) return null;
  const field = access.kind === 'permission' ? access.publicWith?.field : undefined;
  if (field && !call.bearer && (call.body as Record<string, unknown> | undefined)?.[field]) return null;
  const byQuery = access.kind === 'self' ? access.byQuery : undefined;
  const asked =
    byQuery && (call.query as Record<string, unknown> | undefined)?.[byQuery.name] === byQuery.value;
  return {
    person: access.kind !== 'superUser' && access.apiTokens === 'refused',
    permission: access.kind === 'permission' ? access.permission : asked ? byQuery.permission : null,
  };
}

export const audit = (
  resource: string,
  action: string,
  severity: AuditSeverity,
  more: Partial<AuditEntry> = {},
): AuditEntry => ({ resource, action, severity, ...more });
export const signIn = (method: string): AuditEntry =>
  audit('auth', 'User signed in', 'Info', {
    signIn: method,
    onFailure: { action: 'User failed to sign in', severity: 'Medium' },
  });
export const policy = (name: string): AuditEntry =>
  audit('policies', `${name} changed`, 'High', { settings: true });

// Why the demo backend leaves a route out.
export const SERVER_ONLY = 'a server concern with no meaning in a page (the demo has no server to describe)';
export const PROTOCOL =
  'a protocol endpoint an identity provider or a browser navigation reaches, not a fetch of the kit';
export const NO_FEDERATION =
  'federated sign-in (social, OIDC, SAML) needs an identity provider the demo has none of; the demo answers the pre-login checks only';
