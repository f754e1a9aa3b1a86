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

/** An area's shared handlers as demo handlers; `ports` gives the area's ports for one call. */
export function demoHandlers<P>(
  handlers: AreaHandlers<P>,
  ports: (db: DemoDatabase, user: DemoUser) => P,
): DemoRoutes<UserHandler> {
  return Object.fromEntries(
    Object.entries(handlers).map(([name, handler]) => [
      name,
      (db: DemoDatabase, user: DemoUser, request: DemoRequest) =>
        handler!(ports(db, user), { ...request, tenantId: user.tenantId, userId: user.id, ip: undefined }),
    ]),
  );
}

/** An area's public shared handlers as demo handlers; `ports` gives the area's ports for one call. */
export function demoPublicHandlers<P>(
  handlers: PublicHandlers<P>,
  ports: (db: DemoDatabase, request: DemoRequest) => P,
): DemoRoutes {
  return Object.fromEntries(
    Object.entries(handlers).map(([name, handler]) => [
      name,
      (db: DemoDatabase, request: DemoRequest) => handler!(ports(db, request), { ...request, ip: undefined }),
    ]),
  );
}
