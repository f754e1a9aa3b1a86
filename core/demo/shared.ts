/**
 * Demo mode's dispatch of the shared handlers (core/domain/handlers.ts): the same handlers the
 * server registers, public or signed in, over an area's ports in the page's storage; a signed-in
 * route's call is its caller's, as the access check verified them (core/demo/dispatch.ts), in
 * their active account. A refusal they throw is answered by the pipeline (core/demo/pipeline.ts),
 * which stores the data after any write, a refused one too: what it counted before the refusal (a
 * failed attempt, a sent message) stays counted, as on the server.
 */
import type { Answer } from '../contract/answer';
import type { RouteName } from '../contract/routes';
import type { HandlerCall } from '../domain/handlers';
import type { DemoDatabase } from './data';
import type { DemoRequest, DemoRoutes } from './dispatch';

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

/** An area's shared handlers (public or signed in) as demo handlers; `ports` gives the area's ports for one call. */
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
