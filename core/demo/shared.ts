/**
 * Demo mode's dispatch of the shared handlers (core/domain/handlers.ts): the same handlers the
 * server registers, over an area's ports in the page's storage, for the bearer's user in their
 * active account. A write (any method but GET) stores the data after it.
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
      async (db: DemoDatabase, user: DemoUser, request: DemoRequest) => {
        const call = { ...request, tenantId: user.tenantId, userId: user.id, ip: undefined };
        const answer = await handler!(ports(db, user), call);
        return { ...answer, save: request.method !== 'GET' };
      },
    ]),
  );
}

/** An area's public shared handlers as demo handlers; `ports` gives the area's ports for one call. */
export function demoPublicHandlers<P>(
  handlers: PublicHandlers<P>,
  ports: (db: DemoDatabase) => P,
): DemoRoutes {
  return Object.fromEntries(
    Object.entries(handlers).map(([name, handler]) => [
      name,
      async (db: DemoDatabase, request: DemoRequest) => {
        const answer = await handler!(ports(db), { ...request, ip: undefined });
        return { ...answer, save: request.method !== 'GET' };
      },
    ]),
  );
}
