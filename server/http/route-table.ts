/**
 * The registrar of the route table (core/contract/routes, issue 25): every route the server
 * registers is looked up there as it is registered, and fails to register when the table does not
 * name it. From its descriptor the route gets, in one place:
 *
 * - its request schemas (body, query; the client SDK's spelling of a body brought to the contract's
 *   before validation), a params schema from its path, its success answers and the error answer
 *   (OpenAPI: server/http/openapi.ts, server/http/responses);
 * - its access check, as a preHandler (after validation, before the handler): `self` and
 *   `permission` routes verify the bearer (http/bearer.ts; API tokens refused where the descriptor
 *   says so), `permission` routes then require the permission in the caller's active account
 *   (http/permissions.ts). Handlers read the verified caller with `callerOf(request)` and the
 *   account with `accountOf(request)`;
 * - its audit entry, read by the audit hook (http/audit-hook.ts) from `request.routeOptions.config`.
 */
import type {
  FastifyInstance,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  preValidationAsyncHookHandler,
} from 'fastify';
import { contractError } from '../../core/contract/errors';
import { accessNeeded, routeOf, type RouteDescriptor } from '../../core/contract/routes';
import type { AccessTokenClaims, TokenService } from '../domain/tokens';
import { requireSignedInUser, requireUser } from './bearer';
import { requirePermission } from './permissions';
import { DOCUMENTED_BODIES, RESPONSES } from './responses';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's descriptor in the route table (set when the route is registered). */
    descriptor?: RouteDescriptor;
  }
}

/**
 * The descriptor of a route as Fastify registers it: `url` is the full path, `prefix` the API
 * prefix (`/frontegg`, or '' when the API is at the root). HEAD, Fastify's mirror of a GET, is
 * the GET's.
 */
function descriptorOf(method: string, url: string, prefix: string): RouteDescriptor | undefined {
  const verb = method === 'HEAD' ? 'GET' : method;
  if (!prefix) return routeOf(verb, url);
  if (url.startsWith(`${prefix}/`)) {
    const found = routeOf(verb, url.slice(prefix.length));
    return found && !found.root ? found : undefined;
  }
  const found = routeOf(verb, url);
  return found && (found.root || found.alsoAtRoot) ? found : undefined;
}

interface Verified {
  claims: AccessTokenClaims;
  tenantId: string | null | undefined;
}
const verified = new WeakMap<FastifyRequest, Verified>();

/** The caller the route's access check verified (routes whose descriptor is `self` or a permission). */
export function callerOf(request: FastifyRequest): AccessTokenClaims {
  const found = verified.get(request);
  if (!found) throw new Error(`${request.method} ${request.url}: no verified caller (the route is public)`);
  return found.claims;
}

/** The account a permission route acts in: the caller's active account, where they hold the permission. */
export function accountOf(request: FastifyRequest): string {
  const tenantId = verified.get(request)?.tenantId;
  if (!tenantId)
    throw new Error(`${request.method} ${request.url}: no account (the route is not permission-gated)`);
  return tenantId;
}

/** The account a signed-in call acts in: the permission route's account, else the caller's active one. */
export function tenantOf(request: FastifyRequest): string {
  const found = verified.get(request);
  const tenantId = found?.tenantId ?? found?.claims.tenantId;
  if (!tenantId)
    throw found ? contractError('NO_ACCOUNT') : new Error(`${request.method} ${request.url}: not signed in`);
  return tenantId;
}

/** Whether a call is verified at all: no, for a request the descriptor's `publicWith` makes public. */
export function isPublicCall(request: FastifyRequest): boolean {
  return !verified.has(request);
}

function accessCheck(descriptor: RouteDescriptor, tokens: TokenService): preHandlerAsyncHookHandler | null {
  const access = descriptor.access;
  // Public, or checked by the handler.
  if (!accessNeeded(access, { bearer: true })) return null;
  return async (request) => {
    const bearer = Boolean(request.headers.authorization);
    const needed = accessNeeded(access, { body: request.body, query: request.query, bearer });
    if (!needed) return;
    const claims = needed.person
      ? await requireSignedInUser(tokens, request)
      : await requireUser(tokens, request);
    const tenantId = needed.permission ? requirePermission(claims, needed.permission) : claims.tenantId;
    verified.set(request, { claims, tenantId });
  };
}

/** `/a/:id/b/:key` -> a params schema naming `id` and `key` (path parameters are strings). */
function paramsOf(url: string) {
  const names = [...url.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);
  if (!names.length) return undefined;
  return {
    type: 'object',
    required: names,
    properties: Object.fromEntries(names.map((name) => [name, { type: 'string' }])),
  };
}

/**
 * Completes every route as it is registered (call before any route): the descriptor in its
 * config, its schemas, and its access check. A route the table does not name fails to register.
 */
export function installRouteTable(app: FastifyInstance, prefix: string, tokens: TokenService): void {
  app.addHook('onRoute', (route) => {
    const method = [route.method].flat()[0]!;
    // Fastify's HEAD mirror of a GET copies the GET's options, already completed here.
    if (route.config?.descriptor) return;
    const descriptor = descriptorOf(method, route.url, prefix);
    if (!descriptor)
      throw new Error(
        `${method} ${route.url} is not in the route table: describe it in core/contract/routes`,
      );
    route.config = { ...route.config, descriptor };
    route.schema ??= {};
    const request = descriptor.request;
    const body = request?.body ?? DOCUMENTED_BODIES.get(descriptor);
    if (body && !route.schema.body) route.schema.body = body;
    if (request?.querystring && !route.schema.querystring) route.schema.querystring = request.querystring;
    // The client SDK's spelling of the body, brought to the contract's before validation (the demo does the same).
    const clientBody = request?.clientBody;
    if (clientBody) {
      const rewrite: preValidationAsyncHookHandler = async (req) => {
        req.body = clientBody(req.body, req.url.split('?')[0]!);
      };
      route.preValidation = [rewrite, ...[route.preValidation ?? []].flat()];
    }
    const params = !route.schema.params && paramsOf(route.url);
    if (params) route.schema.params = params;
    const response = {
      ...RESPONSES.get(descriptor),
      ...(route.schema.response as object | undefined),
    } as Record<string, unknown>;
    const statuses = Object.keys(response);
    if (!statuses.some((s) => s.startsWith('4'))) response['4XX'] = { $ref: 'ErrorBody#' };
    if (!statuses.some((s) => s.startsWith('5'))) response['5XX'] = { $ref: 'ErrorBody#' };
    route.schema.response = response;
    const check = method === 'OPTIONS' ? null : accessCheck(descriptor, tokens);
    if (check) route.preHandler = [check, ...[route.preHandler ?? []].flat()];
  });
}
