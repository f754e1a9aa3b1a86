/**
 * The route table's handlers written once (issue 25): a handler takes its area's ports (SQL on
 * the server, memory in demo mode) and one call its descriptor has already checked (the request
 * schemas, the caller's access), and answers by calling the area's rules. The server registers an
 * area's handlers against the table (server/http/handlers.ts); demo mode dispatches the same ones
 * (core/demo/dispatch.ts). Each area keeps its table in core/domain/<area>-handlers.ts.
 */
import type { Answer } from '../contract/answer';
import type { RouteName } from '../contract/routes';

/** One checked call of a public route (no caller: a sign-in step, a link's token, a public read). */
export interface PublicCall {
  /** The body, valid against the descriptor's schema (`{}` without one). */
  body: Record<string, unknown>;
  query: Record<string, string | undefined>;
  /** The path parameters (`:id`). */
  params: Record<string, string>;
  /** The caller's address as the server sees it; demo mode knows none. */
  ip: string | undefined;
}

/** One checked call of a signed-in caller (a `self` or `permission` route). */
export interface HandlerCall extends PublicCall {
  /** The account the call acts in: the caller's active account (where the permission was found). */
  tenantId: string;
  /** The caller's user id. */
  userId: string;
}

export type AreaHandler<P> = (ports: P, call: HandlerCall) => Promise<Answer>;
/** An area's handlers of signed-in callers, by descriptor name. */
export type AreaHandlers<P> = Partial<Record<RouteName, AreaHandler<P>>>;
/** An area's handlers of public routes, by descriptor name. */
export type PublicHandlers<P> = Partial<Record<RouteName, (ports: P, call: PublicCall) => Promise<Answer>>>;

/** A handler's success: `body`, with status 200 or the route's own (201 for a creation). */
export const answer = (body: unknown, status = 200): Answer => ({ status, body });
