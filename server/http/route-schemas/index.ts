/**
 * The schemas the OpenAPI document adds to routes, by `METHOD path` (the path as registered,
 * without the API prefix): the success responses of every route, and `NO_BODY` for the POST,
 * PUT and PATCH calls that read no body. Request schemas the server validates with stay in the
 * route files; server/http/openapi.ts merges these in when a route is registered and never
 * replaces what a route declares itself. server/http/openapi.test.ts fails for a key that names
 * no route, and for a route left without schemas.
 */
import { connectivitySchemas } from './connectivity';
import { directorySchemas } from './directory';
import { billingSchemas } from './billing';
import { identitySchemas } from './identity';
import { platformSchemas } from './platform';
import { securitySchemas } from './security';
import { ssoSchemas } from './sso';

export interface RouteSchemaEntry {
  body?: unknown;
  response: Record<string, unknown>;
}
export type RouteSchemas = Record<string, RouteSchemaEntry>;

export const ROUTE_SCHEMAS: RouteSchemas = {
  ...identitySchemas,
  ...platformSchemas,
  ...securitySchemas,
  ...connectivitySchemas,
  ...billingSchemas,
  ...directorySchemas,
  ...ssoSchemas,
};
