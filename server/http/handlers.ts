/**
 * Registers an area's shared handlers (core/domain/handlers.ts) against the route table: each
 * under its descriptor's method and path, so the table's registrar (route-table.ts) gives it its
 * schemas, access check and audit entry as any route. The handler gets the area's ports over the
 * server's database and the checked call; its answer's status and body are the reply.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Answer } from '../../core/contract/answer';
import { routeNamed, type RouteName } from '../../core/contract/routes';
import { isApiTokenAccess } from '../../core/domain/api-tokens';
import type { AreaHandlers, HandlerCall, PublicCall, PublicHandlers } from '../../core/domain/handlers';
import type { Area, Caller, Platform, PublicArea, Visit } from '../../core/domain/platform';
import { callerOf, tenantOf } from './route-table';

/** The call a public route's shared handler reads. */
function publicCallOf(request: FastifyRequest): PublicCall {
  return {
    body: (request.body as Record<string, unknown> | undefined) ?? {},
    query: (request.query as Record<string, string | undefined> | undefined) ?? {},
    params: (request.params as Record<string, string> | undefined) ?? {},
    ip: request.ip,
  };
}

/**
 * The call a shared handler reads, from a request the route's access check verified. The account
 * is read when the handler reads it: a caller with no account at all (a user of none) is refused
 * (403 NO_ACCOUNT) by a handler that needs one, and served by one that does not.
 */
function callOf(request: FastifyRequest): HandlerCall {
  const call = { ...publicCallOf(request), userId: callerOf(request).sub };
  return Object.defineProperty(call, 'tenantId', {
    enumerable: true,
    get: () => tenantOf(request),
  }) as HandlerCall;
}

/**
 * The caller of a request the route's access check verified; its account is read when read (as
 * `callOf`'s): a caller of no account is refused by a handler that needs one.
 */
export function callerOfCall(request: FastifyRequest): Caller {
  const claims = callerOf(request);
  const key = request.headers['idempotency-key'];
  const caller = {
    userId: claims.sub,
    permissions: claims.permissions ?? [],
    byApiToken: isApiTokenAccess(claims),
    roles: claims.roles ?? [],
    sessionId: claims.sid ?? null,
    impersonating: Boolean(claims.act),
    ip: request.ip,
    contact: { name: claims.name, email: claims.email },
    idempotencyKey: typeof key === 'string' && key ? key.slice(0, 200) : undefined,
    site: { origin: request.headers.origin, host: request.headers.host },
  };
  return Object.defineProperty(caller, 'tenantId', {
    enumerable: true,
    get: () => tenantOf(request),
  }) as Caller;
}

/** Registers the handlers of each area (core/domain/platform.ts) with their ports over `platform`. */
export function registerAreas(app: FastifyInstance, platform: Platform, areas: readonly Area[]): void {
  for (const area of areas)
    area((handlers, ports) =>
      registerHandlers(app, handlers, (request) => ports(platform, callerOfCall(request))),
    );
}

/** Registers the handlers of each public area with their ports over `platform` and the request's visit. */
export function registerPublicAreas(
  app: FastifyInstance,
  platform: Platform,
  visitOf: (request: FastifyRequest, reply: FastifyReply) => Visit,
  areas: readonly PublicArea[],
): void {
  for (const area of areas)
    area((handlers, ports) =>
      registerPublicHandlers(app, handlers, (request, reply) => ports(platform, visitOf(request, reply))),
    );
}

/** The area's ports for one request; the reply is there for a port that sets a cookie or a header. */
type PortsOf<P> = (request: FastifyRequest, reply: FastifyReply) => P;

/**
 * Registers every handler of `handlers`; `ports` gives the area's ports for one request. A path
 * parameter is a string to the schema; an id the database cannot read as its type is answered 400
 * by the error handler (server/http/errors.ts).
 */
function registerHandlers<P>(app: FastifyInstance, handlers: AreaHandlers<P>, ports: PortsOf<P>): void {
  register(app, handlers, (handler, request, reply) => handler(ports(request, reply), callOf(request)));
}

/** Registers the handlers of public routes (the descriptor's access must be public). */
export function registerPublicHandlers<P>(
  app: FastifyInstance,
  handlers: PublicHandlers<P>,
  ports: PortsOf<P>,
): void {
  register(app, handlers, (handler, request, reply) => handler(ports(request, reply), publicCallOf(request)));
}

function register<H>(
  app: FastifyInstance,
  handlers: Partial<Record<RouteName, H>>,
  run: (handler: H, request: FastifyRequest, reply: FastifyReply) => Promise<Answer>,
): void {
  for (const [name, handler] of Object.entries(handlers) as Array<[RouteName, H]>) {
    const { method, path } = routeNamed(name);
    app.route({
      method,
      url: path,
      handler: async (request, reply) => {
        const { status, body, headers } = await run(handler, request, reply);
        return reply
          .code(status)
          .headers(headers ?? {})
          .send(body);
      },
    });
  }
}
