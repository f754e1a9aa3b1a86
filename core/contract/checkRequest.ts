/**
 * Checks one request against the contract's request schemas (core/contract/requests.ts) as the
 * reference server does: body first, then the query string; the first issue of each, worded by
 * `describeIssue`. The demo backend runs this before it answers (core/demo/backend.ts).
 */
import { REQUEST_SCHEMAS, type RequestSchema } from './requests';
import { schemaIssues, validationMessages, type ValidateOptions } from './validate';

interface Route {
  method: string;
  pattern: RegExp;
  schema: RequestSchema;
}

let routes: Route[] | null = null;

function compiled(): Route[] {
  routes ??= Object.entries(REQUEST_SCHEMAS).map(([key, schema]) => {
    const [method = '', path = ''] = key.split(' ');
    const source = path
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    return { method, pattern: new RegExp(`^${source}$`), schema };
  });
  return routes;
}

/** The request schema of `METHOD path` (the contract path, without the prefix), if the contract has one. */
export function requestSchemaOf(method: string, path: string): RequestSchema | undefined {
  const upper = method.toUpperCase();
  return compiled().find((route) => route.method === upper && route.pattern.test(path))?.schema;
}

/** The 400 messages for a request the contract refuses, or null when it passes (or has no schema). */
export function requestErrors(
  method: string,
  path: string,
  request: { body: unknown; query: Record<string, string> },
  options: ValidateOptions = {},
): string[] | null {
  const schema = requestSchemaOf(method, path);
  if (!schema) return null;
  const bodyIssues = schema.body === undefined ? [] : schemaIssues(schema.body, request.body, options);
  if (bodyIssues.length) return validationMessages(bodyIssues, 'body');
  const queryIssues =
    schema.querystring === undefined ? [] : schemaIssues(schema.querystring, request.query, options);
  return queryIssues.length ? validationMessages(queryIssues, 'querystring') : null;
}
