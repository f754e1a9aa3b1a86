/**
 * Registers an area's shared handlers (core/domain/handlers.ts) against the route table: each
 * under its descriptor's method and path, so the table's registrar (route-table.ts) gives it its
 * schemas, access check and audit entry as any route. The handler gets the area's ports over the
 * server's database and the checked call; its answer's status and body are the reply.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routeNamed, type RouteName } from '../../core/contract/routes';
import type { AreaHandlers, HandlerCall } from '../../core/domain/handlers';
import { callerOf, tenantOf } from './route-table';

/** The call a shared handler reads, from a request the route's access check verified. */
function callOf(request: FastifyRequest): HandlerCall {
  return {
    body: (request.body as Record<string, unknown> | undefined) ?? {},
    query: (request.query as Record<string, string | undefined> | undefined) ?? {},
    params: (request.params as Record<string, string> | undefined) ?? {},
    tenantId: tenantOf(request),
    userId: callerOf(request).sub,
    ip: request.ip,
  };
}

/**
 * Registers every handler of `handlers`; `ports` gives the area's ports for one request. A path
 * parameter is a string to the schema; an id the database cannot read as its type is answered 400
 * by the error handler (server/http/errors.ts).
 */
export function registerHandlers<P>(
  app: FastifyInstance,
  handlers: AreaHandlers<P>,
  ports: (request: FastifyRequest) => P,
): void {
  for (const [name, handler] of Object.entries(handlers)) {
    const { method, path } = routeNamed(name as RouteName);
    app.route({
      method,
      url: path,
      handler: async (request, reply) => {
        const { status, body } = await handler!(ports(request), callOf(request));
        return reply.code(status).send(body);
      },
    });
  }
}
