/**
 * Checks one request against the contract's request schemas (the route table, core/contract/routes) as the
 * reference server does: body first, then the query string; the first issue of each, worded by
 * `describeIssue`. The demo backend runs this before it answers (core/demo/backend.ts).
 */
import { errorText, type ErrorEntry } from './errors';
import { schemaIssues, validationEntries, type ValidateOptions } from './validate';
import type { RequestSchema } from './requests';
import { matchRoute, type RouteDescriptor } from './routes';

/**
 * The contract's route of `METHOD path` (the contract path, without the prefix), if it has one:
 * the route table's own matcher, so a fixed segment wins over a parameter as in the server's router
 * (`.../authenticator/enroll/verify` is not `.../authenticator/:deviceId/verify`).
 */
function routeOf(method: string, path: string): RouteDescriptor | undefined {
  return matchRoute(method, path)?.route;
}

/** The request schema of `METHOD path` (the contract path, without the prefix), if the contract has one. */
export function requestSchemaOf(method: string, path: string): RequestSchema | undefined {
  return routeOf(method, path)?.request;
}

/**
 * The body as the contract validates it: the client SDK's spelling brought to the contract's, for
 * the routes that have such a step (RequestSchema `clientBody`: the WebAuthn calls), else as sent.
 */
export function clientRequestBody(method: string, path: string, body: unknown): unknown {
  const clientBody = routeOf(method, path)?.request?.clientBody;
  return clientBody ? clientBody(body, path) : body;
}

/** The 400 entries (core/contract/errors.ts) for a request the contract refuses, or null when it passes (or has no schema). */
export function requestEntries(
  method: string,
  path: string,
  request: { body: unknown; query: Record<string, string> },
  options: ValidateOptions & {
    /** The demo backend: the routes it does not serve (their descriptor's `demo`) are not checked, they stay its 404. */
    demo?: boolean;
  } = {},
): ErrorEntry[] | null {
  const route = routeOf(method, path);
  const schema = route?.request;
  if (!schema || (options.demo && route.demo)) return null;
  const bodyIssues = schema.body === undefined ? [] : schemaIssues(schema.body, request.body, options);
  if (bodyIssues.length) return validationEntries(bodyIssues, 'body');
  const queryIssues =
    schema.querystring === undefined ? [] : schemaIssues(schema.querystring, request.query, options);
  return queryIssues.length ? validationEntries(queryIssues, 'querystring') : null;
}

/** The same, worded: the messages the answer lists. */
export function requestErrors(...args: Parameters<typeof requestEntries>): string[] | null {
  return requestEntries(...args)?.map((entry) => errorText(entry.code, entry.params)) ?? null;
}
