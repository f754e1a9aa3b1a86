/**
 * Demo mode's dispatch of the shared handlers (core/domain/handlers.ts): the same handlers the
 * server registers, over an area's ports in the page's storage, for the bearer's user in their
 * active account. A refusal they throw is answered by the pipeline (core/demo/pipeline.ts), which
 * stores the data after any write, a refused one too: what it counted before the refusal (a failed
 * attempt, a sent message) stays counted, as on the server.
 */
import type { AreaHandlers, PublicHandlers } from '../domain/handlers';
import type { DemoDatabase, DemoUser } from './data';
import type { DemoRequest, DemoRoutes } from './dispatch';
import type { UserHandler } from './sessions';

/** Each handler of `routes` as `wrap` makes it, under the same descriptor name. */
export const mapRoutes = <A, B>(routes: DemoRoutes<A>, wrap: (handler: A) => B): DemoRoutes<B> =>
  Object.fromEntries(Object.entries(routes).map(([name, handler]) => [name, wrap(handler as A)]));

/** An area's shared handlers as demo handlers; `ports` gives the area's ports for one call. */
export const demoHandlers = <P>(
  handlers: AreaHandlers<P>,
  ports: (db: DemoDatabase, user: DemoUser) => P | Promise<P>,
): DemoRoutes<UserHandler> =>
  mapRoutes(
    handlers,
    (handler) => async (db, user, request) =>
      handler(await ports(db, user), { ...request, tenantId: user.tenantId, userId: user.id, ip: undefined }),
  );

/** An area's public shared handlers as demo handlers; `ports` gives the area's ports for one call. */
export const demoPublicHandlers = <P>(
  handlers: PublicHandlers<P>,
  ports: (db: DemoDatabase, request: DemoRequest) => P,
): DemoRoutes =>
  mapRoutes(
    handlers,
    (handler) => (db, request) => handler(ports(db, request), { ...request, ip: undefined }),
  );
