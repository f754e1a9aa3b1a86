/**
 * Demo mode's dispatch of the shared handlers (core/domain/handlers.ts): the same handlers the
 * server registers, over an area's ports in the page's storage, for the bearer's user in their
 * active account. A write (any method but GET) stores the data after it, a refused one too: what
 * it counted before the refusal (a failed attempt, a sent message) stays counted, as on the server.
 */
import { failWith, type Answer } from '../contract/answer';
import { isContractError } from '../contract/errors';
import type { AreaHandlers, PublicHandlers } from '../domain/handlers';
import type { DemoDatabase, DemoUser } from './data';
import type { DemoRequest, DemoRoutes } from './dispatch';
import type { UserHandler } from './sessions';

/** The handler's answer, or its refusal's; a write's is stored. */
async function saved(request: DemoRequest, run: () => Promise<Answer>): Promise<Answer> {
  const save = request.method !== 'GET';
  try {
    return { ...(await run()), save };
  } catch (error) {
    if (!isContractError(error)) throw error;
    return { ...failWith(error), save };
  }
}

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
        return saved(request, () => handler!(ports(db, user), call));
      },
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
      async (db: DemoDatabase, request: DemoRequest) => {
        return saved(request, () => handler!(ports(db, request), { ...request, ip: undefined }));
      },
    ]),
  );
}
