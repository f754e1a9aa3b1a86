/**
 * Checks one request against the contract's request schemas (the route table, core/contract/routes) as the
 * reference server does: body first, then the query string; the first issue of each, worded by
 * `describeIssue`. The demo backend runs this before it answers (core/demo/backend.ts).
 */
import { errorText, type ErrorEntry } from './errors';
import { schemaIssues, validationEntries, type ValidateOptions } from './validate';
import type { RequestSchema } from './requests';
import { ROUTES } from './routes';

interface Route {
  key: string;
  method: string;
  pattern: RegExp;
  schema: RequestSchema;
  /** Why the demo backend does not serve the route (the descriptor's `demo`), if it does not. */
  notInDemo: string | undefined;
}

let routes: Route[] | null = null;

function compiled(): Route[] {
  routes ??= ROUTES.flatMap(({ method, path, request: schema, demo: notInDemo }) => {
    if (!schema) return [];
    const key = `${method} ${path}`;
    const source = path
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    return [{ key, method, pattern: new RegExp(`^${source}$`), schema, notInDemo }];
  });
  return routes;
}

/**
 * The contract's route of `METHOD path` (the contract path, without the prefix), if it has one. As
 * the server's router: a fixed segment wins over a parameter (`.../authenticator/enroll/verify` is
 * not `.../authenticator/:deviceId/verify`).
 */
function routeOf(method: string, path: string): Route | undefined {
  const upper = method.toUpperCase();
  const matching = compiled().filter((route) => route.method === upper && route.pattern.test(path));
  return matching.sort((a, b) => specificity(b.key) - specificity(a.key))[0];
}

/** Higher when fixed segments come first: each segment, from the left, counts double the next. */
function specificity(key: string): number {
  const segments = key.split(' ')[1]?.split('/') ?? [];
  return segments.reduce((sum, part) => sum * 2 + (part.startsWith(':') ? 0 : 1), 0);
}

/** The request schema of `METHOD path` (the contract path, without the prefix), if the contract has one. */
export function requestSchemaOf(method: string, path: string): RequestSchema | undefined {
  return routeOf(method, path)?.schema;
}

/**
 * The body as the contract validates it: the client SDK's spelling brought to the contract's, for
 * the routes that have such a step (RequestSchema `clientBody`: the WebAuthn calls), else as sent.
 */
export function clientRequestBody(method: string, path: string, body: unknown): unknown {
  const clientBody = routeOf(method, path)?.schema.clientBody;
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
  if (!route || (options.demo && route.notInDemo)) return null;
  const { schema } = route;
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
