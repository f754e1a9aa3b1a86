/**
 * The route table's handlers written once (issue 25): a handler takes its area's ports (SQL on
 * the server, memory in demo mode) and one call its descriptor has already checked (the request
 * schemas, the caller's access), and answers by calling the area's rules. The server registers an
 * area's handlers against the table (server/http/handlers.ts); demo mode dispatches the same ones
 * (core/demo/shared.ts). Each area keeps its table in core/domain/<area>-handlers.ts.
 */
import type { Answer } from '../contract/answer';
import type { RouteName } from '../contract/routes';

/** One checked call of a signed-in caller. */
export interface HandlerCall {
  /** The body, valid against the descriptor's schema (`{}` without one). */
  body: Record<string, unknown>;
  query: Record<string, string | undefined>;
  /** The path parameters (`:id`). */
  params: Record<string, string>;
  /** The account the call acts in: the caller's active account (where the permission was found). */
  tenantId: string;
  /** The caller's user id. */
  userId: string;
  /** The caller's address as the server sees it; demo mode knows none. */
  ip: string | undefined;
}

export type AreaHandler<P> = (ports: P, call: HandlerCall) => Promise<Answer>;
/** An area's handlers by descriptor name. */
export type AreaHandlers<P> = Partial<Record<RouteName, AreaHandler<P>>>;

/** A handler's success: `body`, with status 200 or the route's own (201 for a creation). */
export const answer = (body: unknown, status = 200): Answer => ({ status, body });
